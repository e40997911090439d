// test/refusal-cases/remarks.ts — one case per remark of ir/messages.ts (REMARKS), walked by
// test/refusals.test.ts: the description renders (200) and its remarks include the remark's own
// sentence naming what `says` lists. To add one: copy a case, set `key` and the smallest description
// (and parts) that gives that remark.

import type { RemarkKey } from '../../ir/messages.js';
import { notoWithFsType } from '../support/font-fixtures.js';
import { b64, file } from './support.js';

export interface RemarkCase {
  key: RemarkKey;
  description: unknown;
  parts?: Record<string, Uint8Array>;
  says: string[];
}

const box = { llx: 0, lly: 0, urx: 10, ury: 10 };

export const REMARK_CASES: RemarkCase[] = [
  {
    key: 'unknownKey',
    description: { items: [{ type: 'rect', rect: box, fill: [0], note: 'x' }] },
    says: ['`note` at /items/0', 'a rect item', 'ignored'],
  },
  {
    key: 'unknownKeyNear',
    description: { items: [{ type: 'rect', rect: box, fil: [0] }] },
    says: ['`fil` at /items/0 is not a key of a rect item; did you mean `fill`?'],
  },
  {
    key: 'unusedResource',
    description: {
      graphics_states: [{ name: 'Faint', state: { fill_alpha: 0.5 } }],
      items: [{ type: 'rect', rect: box, fill: [0] }],
    },
    says: ['Faint'],
  },
  {
    key: 'fontEmbeddingPermission',
    description: {
      fonts: [{ name: 'R', data: b64(notoWithFsType(2)) }],
      items: [{ type: 'flow', rect: { llx: 0, lly: 0, urx: 200, ury: 100 }, content: 'x', font: 'R', font_size: 10 }],
    },
    says: ['"R"', 'NotoSans-Regular'],
  },
  {
    key: 'importedAnnotationsDropped',
    description: { items: [{ type: 'imported_page', part: 'a', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
    parts: { a: file('annotated.pdf') },
    says: ['"a"', '1 annotations', 'form fields'],
  },
  {
    key: 'textOffPage',
    description: {
      page: { width: 100, height: 100 },
      fonts: [{ name: 'R', data: b64(notoWithFsType(0)) }],
      items: [
        {
          type: 'text',
          rect: { llx: 60, lly: 40, urx: 200, ury: 60 },
          content: ['near far away'],
          font: 'R',
          font_size: 12,
        },
      ],
    },
    says: ['/items/0', 'page 1', 'words on 1 lines'],
  },
  {
    key: 'codeOffPage',
    description: {
      page: { width: 100, height: 100 },
      items: [{ type: 'qr_code', rect: { llx: 80, lly: 10, urx: 130, ury: 60 }, data: 'x' }],
    },
    says: ['/items/0', 'page 1', 'points past'],
  },
  {
    key: 'flowPastFloor',
    description: {
      fonts: [{ name: 'R', data: b64(notoWithFsType(0)) }],
      items: [
        {
          type: 'flow',
          rect: { llx: 0, lly: 700, urx: 100, ury: 720 },
          content: 'one two three four five six seven eight nine ten',
          font: 'R',
          font_size: 12,
          fit_size: { floor: 10 },
        },
      ],
    },
    says: ['/items/0', 'page 1', 'floor of 10 points'],
  },
];
