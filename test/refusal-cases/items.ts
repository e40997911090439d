// test/refusal-cases/items.ts — refusal cases of the items messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.
import type { RefusalCase } from './support.js';
import { NOTO_SANS_B64 } from './support.js';

const font = [{ name: 'S', data: NOTO_SANS_B64 }];
const wave = [
  { move: [20, 200] },
  {
    curve: [
      [50, 260],
      [80, 140],
      [110, 200],
    ],
  },
];
const textPath = (extra: Record<string, unknown>) => ({
  fonts: font,
  items: [{ type: 'text_path', segments: wave, content: ['abc'], font: 'S', font_size: 12, ...extra }],
});

export const CASES: RefusalCase[] = [
  {
    key: 'codeDataRefused',
    description: { items: [{ rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, type: 'ean13', data: '59012341234A' }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/data',
    says: ['data'],
  },
  {
    key: 'textPathSecondMove',
    description: textPath({ segments: [{ move: [0, 0] }, { line: [10, 0] }, { move: [20, 0] }, { line: [30, 0] }] }),
    status: 400,
    word: 'description',
    pointer: '/items/0/segments/2/move',
    says: ['/items/0/segments/2/move'],
  },
  {
    key: 'textPathDecoration',
    description: textPath({ content: [{ text: 'x', underline: true }] }),
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/underline',
    says: ['/items/0/content/0/underline'],
  },
  {
    key: 'textPathOverlong',
    description: textPath({
      segments: [{ move: [50, 100] }, { line: [110, 100] }],
      content: ['much too long for this'],
      font_size: 14,
    }),
    status: 400,
    word: 'drawing',
    pointer: '/items/0/content',
    says: ['/items/0', 'overlong'],
  },
  {
    key: 'textPathOutOfRange',
    description: textPath({ start: 1e12, overlong: 'extend' }),
    status: 400,
    word: 'drawing',
    pointer: '/items/0',
    says: ['/items/0', 'start'],
  },
  {
    key: 'textPathNoLength',
    description: textPath({ segments: [{ move: [10, 10] }, { line: [10, 10] }] }),
    status: 400,
    word: 'drawing',
    pointer: '/items/0/segments',
    says: ['/items/0/segments'],
  },
  {
    key: 'arrowsOnClosedPath',
    description: {
      items: [
        {
          type: 'path',
          segments: [{ move: [0, 0] }, { line: [10, 0] }, { line: [10, 10] }, { close: true }],
          stroke: {},
          arrows: { end: 'closed' },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/arrows',
    says: ['/items/0/arrows', '/items/0/segments/3/close'],
  },
  {
    key: 'arrowsWithoutStroke',
    description: {
      items: [{ type: 'path', segments: [{ move: [0, 0] }, { line: [10, 0] }], fill: [0], arrows: { start: 'open' } }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/arrows',
    says: ['/items/0/arrows', '/items/0/stroke'],
  },
];
