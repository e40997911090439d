// test/refusal-cases/reading.ts — refusal cases of the reading messages of ir/messages.ts, walked by
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
import { NOTO_SANS_B64, raw } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'jsonUnreadable',
    description: raw('{"items": ['),
    status: 400,
    word: 'description',
    pointer: '',
    says: ['the description does'],
  },
  {
    key: 'duplicateKey',
    description: raw('{"items": [], "page": {"width": 1, "width": 2}}'),
    status: 400,
    word: 'description',
    pointer: '/page/width',
    says: ['"width"'],
  },
  {
    key: 'schemaRequired',
    description: {},
    status: 400,
    word: 'description',
    pointer: '/items',
    says: ['"items"'],
  },
  {
    key: 'schemaType',
    description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: 'all' }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/pages',
    says: ['pages'],
  },
  {
    key: 'schemaEnum',
    description: { version: '3.0', items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }] },
    status: 400,
    word: 'description',
    pointer: '/version',
    says: ['"1.0"', 'version'],
  },
  {
    key: 'schemaRange',
    description: { items: [{ rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, type: 'code128', data: '' }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/data',
    says: ['data'],
  },
  {
    key: 'schemaOther',
    what: 'a shading stating no kind',
    description: { shadings: [{ name: 'g', shading: {} }], items: [] },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading',
    says: ['/shadings/0/shading'],
  },
  {
    key: 'coordinateSyntax',
    description: { items: [{ type: 'rect', rect: { llx: '1 +', lly: 0, urx: 9, ury: 9 } }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/rect/llx',
    says: ['llx'],
  },
  {
    key: 'coordinateDepth',
    description: {
      items: [
        {
          type: 'rect',
          rect: {
            llx: '(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))',
            lly: 0,
            urx: 9,
            ury: 9,
          },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rect/llx',
    says: ['llx'],
  },
  {
    key: 'coordinateUnknownVariable',
    description: { items: [{ type: 'rect', rect: { llx: '{page_heigth}', lly: 0, urx: 9, ury: 9 } }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/rect/llx',
    says: ['llx'],
  },
  {
    key: 'itemKindUnknown',
    description: { items: [{ type: 'blob' }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/type',
    says: ['"blob"', 'type'],
  },
  {
    key: 'fontTwoSources',
    description: { fonts: [{ name: 'F', library: 'noto_sans', data: NOTO_SANS_B64 }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/library',
    says: ['library'],
  },
  {
    key: 'fontNoSource',
    description: { fonts: [{ name: 'F' }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0',
    says: ['"F"'],
  },
  {
    key: 'pageSizePastLimit',
    what: 'a page of 1e9 points (issue 20)',
    description: { page: { width: 1e9, height: 1e9 }, items: [] },
    status: 400,
    word: 'description',
    pointer: '/page/width',
    says: ['/page/width', '1000000000 points', '14400', 'Annex C'],
  },
  {
    key: 'pageSizePastLimit',
    what: 'one page of page_sizes past the limit',
    description: { page_sizes: [{ page: 3, width: 600, height: 14400.5 }], items: [] },
    status: 400,
    word: 'description',
    pointer: '/page_sizes/0/height',
    says: ['/page_sizes/0/height', '14400.5'],
  },
  {
    key: 'matrixSingular',
    what: 'an all-zero transform (issue 20)',
    description: {
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, transform: [0, 0, 0, 0, 0, 0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/transform',
    says: ['/items/0/transform', 'no inverse'],
  },
  {
    key: 'matrixSingular',
    what: 'a transform that is singular only as written, to three decimals',
    description: {
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, transform: [0.0004, 0, 0, 1, 0, 0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/transform',
    says: ['/items/0/transform'],
  },
  {
    key: 'transformWithRotate',
    description: {
      items: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [1, 1],
          ],
          transform: [1, 0, 0, 1, 0, 0],
          rotate: 5,
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rotate',
    says: ['rotate'],
  },
  {
    key: 'base64Invalid',
    description: { fonts: [{ name: 'A', data: '!!!' }], items: [] },
    status: 400,
    word: 'description',
    pointer: '/fonts/0/data',
    says: ['data'],
  },
];
