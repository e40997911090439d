// test/refusal-cases/licences.ts — refusal cases of the licences messages of ir/messages.ts, walked by
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

export const CASES: RefusalCase[] = [
  {
    key: 'needsLicenceStandardFont',
    description: {
      standard_fonts: [{ name: 'H', face: 'times_roman' }],
      items: [{ type: 'text', rect: { llx: 0, lly: 0, urx: 500, ury: 500 }, content: ['x'], font: 'H', font_size: 9 }],
    },
    status: 402,
    word: 'needs_a_licence',
    pointer: '/items/0/font',
    says: ['"H"', 'font'],
  },
  {
    key: 'needsLicenceFont',
    description: {
      type3_fonts: [
        {
          name: 'Dots',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [
            { character: 'o', width: 600, items: [{ type: 'rect', rect: { llx: 100, lly: 100, urx: 500, ury: 500 } }] },
          ],
        },
      ],
      items: [
        {
          type: 'text',
          rect: { llx: 50, lly: 700, urx: 545, ury: 800 },
          content: ['ooo'],
          font: 'Dots',
          font_size: 18,
        },
      ],
    },
    status: 402,
    word: 'needs_a_licence',
    pointer: '/items/0/font',
    says: ['"Dots"', 'font'],
  },
];
