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
];
