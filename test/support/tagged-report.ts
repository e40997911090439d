// test/support/tagged-report.ts — a small tagged report (headings, paragraphs, a list, a table, a
// figure with alt, a link, a running footer), shared by the structure tests.
import { NOTO_SANS_B64 } from './fixtures.js';

export function taggedReport(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
    metadata: { title: 'Quarterly report' },
    items: [
      {
        type: 'text',
        id: 'title',
        pages: [1],
        rect: { llx: 72, lly: 760, urx: 520, ury: 800 },
        content: ['Quarterly report'],
        font: 'Body',
        font_size: 20,
      },
      {
        type: 'flow',
        id: 'intro',
        pages: [1],
        rect: { llx: 72, lly: 640, urx: 520, ury: 750 },
        content: 'Sales rose in every region.\nCosts fell for the third quarter.',
        font: 'Body',
        font_size: 11,
      },
      {
        type: 'text',
        id: 'h-list',
        pages: [1],
        rect: { llx: 72, lly: 600, urx: 520, ury: 630 },
        content: ['Highlights'],
        font: 'Body',
        font_size: 14,
      },
      {
        type: 'flow',
        id: 'points',
        pages: [1],
        rect: { llx: 72, lly: 520, urx: 520, ury: 600 },
        content: '1.\tNew office opened.\n2.\tTwo products shipped.',
        font: 'Body',
        font_size: 11,
        hanging_list: { marker: 0, body: 20 },
      },
      {
        type: 'table',
        id: 'figures',
        pages: [1],
        rect: { llx: 72, lly: 380, urx: 520, ury: 510 },
        font: 'Body',
        font_size: 10,
        columns: [{ fraction: 1 }, 80],
        header_rows: 1,
        rows: [
          ['Region', 'Sales'],
          ['North', '120'],
          ['South', '95'],
        ],
      },
      { type: 'rect', id: 'chart', pages: [1], rect: { llx: 72, lly: 250, urx: 200, ury: 370 }, fill: [0.2, 0.4, 0.8] },
      {
        type: 'text',
        id: 'more',
        pages: [1],
        rect: { llx: 72, lly: 200, urx: 520, ury: 230 },
        content: ['Read more online.'],
        font: 'Body',
        font_size: 11,
      },
      {
        type: 'link',
        id: 'more-link',
        pages: [1],
        rect: { llx: 72, lly: 200, urx: 300, ury: 230 },
        uri: 'https://example.com/report',
        description: 'The full report online',
      },
      { type: 'rect', pages: [1], rect: { llx: 72, lly: 190, urx: 520, ury: 191 }, fill: [0.5] },
      {
        type: 'text',
        pages: [],
        rect: { llx: 72, lly: 30, urx: 520, ury: 50 },
        content: ['Page {current_page} of {total_pages}'],
        font: 'Body',
        font_size: 9,
      },
    ],
    structure: {
      lang: 'en-GB',
      elements: [
        {
          type: 'Document',
          children: [
            { type: 'H1', children: ['title'] },
            {
              type: 'Sect',
              children: [
                'intro',
                { type: 'H2', children: ['h-list'] },
                { type: 'L', children: ['points'] },
                'figures',
                { type: 'Figure', alt: 'Bar chart of sales by region', children: ['chart'] },
                { type: 'P', children: [{ type: 'Link', children: ['more', 'more-link'] }] },
              ],
            },
          ],
        },
      ],
    },
    ...extra,
  };
}
