// test/refusal-cases/pagination.ts — refusal cases of the pagination messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.

import { pdfWithContent, zlibOfRepeated } from '../support/hostile.js';
import type { RefusalCase } from './support.js';
import { bytes, file, NOTO_SANS_B64 } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'tooManyPages',
    description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, pages: [51] }] },
    pageCeiling: 50,
    status: 413,
    word: 'too_many_pages',
    pointer: '/items/0/pages',
    says: ['51 pages', 'ceiling of 50 pages'],
  },
  {
    key: 'pageMissing',
    description: {
      items: [{ type: 'rect', rect: { llx: 10, lly: 10, urx: 50, ury: 50 }, fill: [0, 0, 1], pages: [1, 2] }],
      page_turns: [{ page: 3, rotation: 90 }],
    },
    status: 400,
    word: 'description',
    pointer: '/page_turns/0/page',
    says: ['page'],
  },
  {
    key: 'coordinateNotFinite',
    description: { items: [{ type: 'rect', rect: { llx: '1 / 0', lly: 0, urx: 9, ury: 9 }, fill: [0] }] },
    status: 400,
    word: 'drawing',
    pointer: '/items/0/rect/llx',
    says: ['llx'],
  },
  {
    key: 'pagesRuleUnknownKey',
    description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: { form: 2 } }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/pages/form',
    says: ['"form"'],
  },
  {
    key: 'pagesRuleBackwards',
    description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: { from: 4, to: 2 } }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/pages/to',
    says: ['to'],
  },
  {
    key: 'itemIdTwice',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['a'],
          font: 'Body',
          font_size: 10,
          id: 'x',
          pages: [1],
        },
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['b'],
          font: 'Body',
          font_size: 10,
          id: 'x',
          pages: [1],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/1/id',
    says: ['"x"', 'id'],
  },
  {
    key: 'relativeUnknownId',
    description: {
      items: [
        { type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, relative_to: { id: 'nowhere', edge: 'bottom' } },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/relative_to/id',
    says: ['"nowhere"', 'id'],
  },
  {
    key: 'relativeCycle',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['a'],
          font: 'Body',
          font_size: 10,
          id: 'a',
          relative_to: { id: 'b', edge: 'top' },
        },
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['b'],
          font: 'Body',
          font_size: 10,
          id: 'b',
          relative_to: { id: 'a', edge: 'top' },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/relative_to',
    says: ['"a"', 'relative_to'],
  },
  {
    key: 'relativeWithPages',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['a'],
          font: 'Body',
          font_size: 10,
          id: 'a',
          pages: [1],
        },
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['b'],
          font: 'Body',
          font_size: 10,
          pages: [2],
          relative_to: { id: 'a', edge: 'top' },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/1/pages',
    says: ['pages'],
  },
  {
    key: 'relativeToEveryPage',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['a'],
          font: 'Body',
          font_size: 10,
          id: 'a',
        },
        {
          type: 'table',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          columns: [{ fraction: 1 }],
          rows: [['b']],
          font: 'Body',
          font_size: 10,
          relative_to: { id: 'a', edge: 'top' },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/1/relative_to/id',
    says: ['"a"'],
  },
  {
    key: 'relativePartMissing',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['a'],
          font: 'Body',
          font_size: 10,
          id: 'a',
          pages: [1, 2],
        },
        {
          type: 'text',
          rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
          content: ['b'],
          font: 'Body',
          font_size: 10,
          relative_to: { id: 'a', edge: 'top', part: 3 },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/1/relative_to/part',
    says: ['"a"', 'part'],
  },
  {
    key: 'totalPagesTooEarly',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: '{total_pages} * 100' },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          rows: [['a', 'b']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rect/ury',
    says: ['ury'],
  },
  {
    key: 'tablePagesOne',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          pages: [1, 2],
          rows: [['a', 'b']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/pages',
    says: ['pages'],
  },
  {
    key: 'tableCellTwoThings',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          rows: [[{ text: 'a', flow: 'b' }, 'c']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rows/0/0/flow',
    says: ['flow'],
  },
  {
    key: 'tableRowWidth',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          rows: [['a']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rows/0',
    says: ['/items/0/rows/0'],
  },
  {
    key: 'tableSpanPastEnd',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          rows: [[{ text: 'a', row_span: 3 }, 'b'], ['c']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rows/0/0/row_span',
    says: ['the cell /items/0/rows/0/0'],
  },
  {
    key: 'tableSectionRows',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          header_rows: 2,
          footer_rows: 1,
          rows: [['a', 'b']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/header_rows',
    says: ['header_rows'],
  },
  {
    key: 'tableCellNeeds',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font_size: 10,
          columns: [100, { fraction: 1 }],
          rows: [['a', 'b']],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/rows/0/0',
    says: ['/items/0/rows/0/0'],
  },
  {
    key: 'tableColumnsTooWide',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [400, 200],
          rows: [['a', 'b']],
        },
      ],
    },
    status: 400,
    word: 'drawing',
    pointer: '/items/0/rect',
    says: ['rect'],
  },
  {
    key: 'tableRowTooTall',
    description: {
      items: [
        {
          type: 'table',
          rect: { llx: 72, lly: 600, urx: 300, ury: 800 },
          columns: [100, 100],
          font: 'Missing',
          font_size: 10,
          rows: [[{}, { code: { type: 'qr_code', data: 'x', height: 500 } }]],
        },
      ],
    },
    status: 400,
    word: 'drawing',
    pointer: '/items/0/rows/0',
    says: ['/items/0/rows/0'],
  },
  {
    key: 'suppliedPdfUnreadable',
    description: { templates: { part: 'j' }, items: [] },
    parts: { j: bytes('aGVsbG8sIG5vdCBhIHBkZg==') },
    status: 400,
    word: 'description',
    pointer: '/templates/part',
    says: ['"j"', 'part'],
  },
  {
    key: 'suppliedPdfEncrypted',
    description: { items: [{ type: 'imported_page', part: 'e', rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] },
    parts: { e: file('suppliedPdfEncrypted.pdf') },
    status: 400,
    word: 'description',
    pointer: '/items/0/part',
    says: ['"e"', 'part'],
  },
  {
    key: 'suppliedPdfBomb',
    description: { supplied_pdfs: { unpack_limit: 1000 }, templates: { part: 'b' }, items: [] },
    parts: { b: file('suppliedPdfBomb.pdf') },
    status: 400,
    word: 'description',
    pointer: '/templates/part',
    says: ['"b"', 'part'],
  },
  {
    key: 'suppliedPdfPastMemory',
    what: 'unpack_limit 4e8 is held to the server ceiling: a 70 MB Flate stream is refused at 64 MiB',
    description: { supplied_pdfs: { unpack_limit: 4e8 }, templates: { part: 'b' }, items: [] },
    parts: { b: pdfWithContent(zlibOfRepeated(32, 70_000_000), ['FlateDecode']) },
    status: 413,
    word: 'drawing',
    pointer: '/templates/part',
    says: ['"b"', '67108864', 'unpack_limit'],
  },
  {
    key: 'suppliedPageMissing',
    description: { items: [{ type: 'imported_page', part: 's', page: 9, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] },
    parts: { s: file('suppliedPageMissing.pdf') },
    status: 400,
    word: 'description',
    pointer: '/items/0/page',
    says: ['"s"', 'page'],
  },
  {
    key: 'needsLicenceImportedWords',
    description: { items: [{ type: 'imported_page', part: 'p', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
    parts: { p: file('needsLicenceImportedWords.pdf') },
    status: 402,
    word: 'needs_a_licence',
    pointer: '/items/0/part',
    says: ['"p"', 'part'],
  },
  {
    key: 'needsLicenceImportedUncountable',
    description: { items: [{ type: 'imported_page', part: 'p', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
    parts: { p: file('needsLicenceImportedUncountable.pdf') },
    status: 402,
    word: 'needs_a_licence',
    pointer: '/items/0/part',
    says: ['"p"', 'part'],
  },
  {
    key: 'tableSectionsTooTall',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 700, urx: 545, ury: 730 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          header_rows: 1,
          footer_rows: 1,
          row_height: 20,
          rows: [
            ['h', 'h'],
            ['b', 'b'],
            ['f', 'f'],
          ],
        },
      ],
    },
    status: 400,
    word: 'drawing',
    pointer: '/items/0',
    says: ['/items/0'],
  },
  {
    key: 'tablePastCeiling',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, { fraction: 1 }],
          row_height: 100,
          rows: Array.from({ length: 30 }, (_, i) => [`r${i}`, 'x']),
        },
      ],
    },
    pageCeiling: 2,
    status: 413,
    word: 'too_many_pages',
    pointer: '/items/0',
    says: ['/items/0', 'ceiling of 2 pages'],
  },
  {
    key: 'flowPastCeiling',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          continuation: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: Array.from({ length: 400 }, (_, i) => `paragraph ${i}`).join('\n'),
        },
      ],
    },
    pageCeiling: 2,
    status: 413,
    word: 'too_many_pages',
    pointer: '/items/0',
    says: ['/items/0', 'ceiling of 2 pages'],
  },
  {
    key: 'flowPagesOne',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          continuation: { llx: 50, lly: 100, urx: 545, ury: 800 },
          pages: [1, 2],
          content: 'x',
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/pages',
    says: ['/items/0/pages'],
  },
  {
    key: 'flowPagePlaceholder',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: ['x', { text: 'page {current_page}' }],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/1/text',
    says: ['/items/0/content/1/text', '{current_page}'],
  },
  {
    key: 'pageOfUnknown',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: [{ heading: 1, id: 'intro', text: 'Intro' }, 'See page {page_of:intr}.'],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/1',
    says: ['/items/0/content/1', '{page_of:intr}', '"intr"'],
  },
  {
    // Narrow ("9") the paragraph has 3 lines and cannot be split (widows + orphans = 4): the heading kept
    // with it moves to page 10; wide ("10") it has 4 lines, splits, and the heading stays on page 9.
    key: 'pageOfUnsettled',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 700, urx: 200, ury: 760 },
          continuation: { llx: 50, lly: 700, urx: 200, ury: 760 },
          content: [
            ...Array.from({ length: 8 }, (_, i) => [`Filler${i + 1}`, { break: 'page' }]).flat(),
            'Line one of filler here and more words to make it two lines',
            { heading: 1, id: 'h', text: 'Head' },
            'qqqq rrrr ssss tttt uuuu vvvv aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll xxxx {page_of:h}',
          ],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/18',
    says: ['/items/0/content/18', '"h"', '4 layings'],
  },
  {
    key: 'flowColumnsNarrow',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: ['x', { columns: { count: 4, gap: 200 }, content: ['a b c'] }],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/1',
    says: ['/items/0/content/1', '4', '200', '495'],
  },
  {
    key: 'flowStyleUnknown',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: [{ text: 'x', style: 'note' }],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/style',
    says: ['/items/0/content/0/style', 'note'],
  },
  {
    key: 'footnoteOutsideStory',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: ['A claim', { footnote: 'its note' }],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/1',
    says: ['/items/0/content/1', 'footnote'],
  },
  {
    key: 'storyWith',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
          continuation: { llx: 50, lly: 100, urx: 545, ury: 800 },
          content: 'x',
          fit_size: { floor: 6 },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/fit_size',
    says: ['/items/0/fit_size', '/items/0/continuation'],
  },
  {
    key: 'flowOutgrowsDrawing',
    description: {
      fonts: [{ name: 'f', library: 'noto_sans' }],
      drawings: [
        {
          name: 'd',
          box: { llx: 0, lly: 0, urx: 100, ury: 30 },
          items: [
            {
              type: 'flow',
              rect: { llx: 0, lly: 0, urx: 100, ury: 30 },
              continuation: { llx: 0, lly: 0, urx: 100, ury: 30 },
              font: 'f',
              font_size: 10,
              content: ['one', 'two', 'three', 'four'],
            },
          ],
        },
      ],
      items: [{ type: 'drawing', drawing: 'd' }],
    },
    status: 400,
    word: 'description',
    pointer: '/drawings/0/items/0',
    says: ['/drawings/0/items/0', 'no next page'],
  },
  {
    key: 'flowTableOutgrows',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'flow',
          font: 'Body',
          font_size: 10,
          rect: { llx: 50, lly: 700, urx: 545, ury: 800 },
          content: [
            'before',
            { table: { columns: [{ fraction: 1 }], row_height: 30, rows: [['a'], ['b'], ['c'], ['d']] } },
          ],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/1/table',
    says: ['/items/0/content/1/table', 'continuation'],
  },
];
