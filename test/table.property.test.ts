// test/table.property.test.ts — tables built at random (spans, header and footer rows, widths of every
// kind, split rules, tiny boxes, wild values) are answered with a PDF or a clean 4xx refusal from the
// closed list, never a 500 and never a hang; and when a PDF comes out, every body cell's word is in it
// exactly once (nothing cut, nothing lost, nothing repeated but the header and footer rows).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText } from './support/pdf-tools.js';

const width = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 120 }), weight: 12 },
  { arbitrary: fc.constant('auto'), weight: 9 },
  { arbitrary: fc.record({ fraction: fc.double({ min: 0.1, max: 5, noNaN: true }) }), weight: 9 },
  { arbitrary: fc.constantFrom(-5, 'wide'), weight: 1 },
);
const cellExtra = fc.record(
  {
    col_span: fc.integer({ min: 1, max: 3 }),
    row_span: fc.integer({ min: 1, max: 3 }),
    font_size: fc.oneof(fc.constant(10), fc.double({ min: 1, max: 30, noNaN: true })),
    valign: fc.constantFrom('top', 'middle', 'bottom'),
    align: fc.constantFrom('left', 'center', 'right', 'justify'),
    hyphenate: fc.constant('en'),
  },
  { requiredKeys: [] },
);
/** What a cell holds: mostly text; now and then a declared drawing (with or without a height of its own). */
const holds = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 9 },
  {
    arbitrary: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }).map((height) => ({ height })),
    weight: 1,
  },
);

const description = fc.record({
  columns: fc.array(width, { minLength: 1, maxLength: 4 }),
  rows: fc.array(
    fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), cellExtra, fc.boolean(), holds), { minLength: 4, maxLength: 4 }),
    { maxLength: 25 },
  ),
  ragged: fc.integer({ min: 0, max: 20 }),
  header_rows: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 },
  ),
  footer_rows: fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 2 }), weight: 1 },
  ),
  split_rows: fc.boolean(),
  row_height: fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: fc.double({ min: 0, max: 900, noNaN: true }), weight: 1 },
  ),
  // Kept left of x = 450 so a word wider than its column, running past the column's right edge, stays on the sheet.
  box: fc.tuple(
    fc.integer({ min: 0, max: 300 }),
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 150, max: 450 }),
    fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 60 }), weight: 1 },
      { arbitrary: fc.integer({ min: 60, max: 440 }), weight: 4 },
    ),
  ),
});

describe('tables at random', () => {
  it('give a PDF holding every body word once, or a clean refusal', () => {
    let serial = 0;
    const stats: Record<string, number> = {};
    fc.assert(
      fc.property(description, (d) => {
        const words: string[] = [];
        // Rows that fill the columns exactly (spans fitted to the room left), but one in `ragged` cut short.
        const nCols = d.columns.length;
        const nRows = d.rows.length;
        const taken = new Uint8Array(nRows * nCols);
        const sectionEnd = (r: number) =>
          r < d.header_rows ? d.header_rows : r >= nRows - d.footer_rows ? nRows : nRows - d.footer_rows;
        const rows = d.rows.map((specs, r) => {
          const cells: unknown[] = [];
          let col = 0;
          for (const [len, extra, spanned, drawing] of specs) {
            while (col < nCols && taken[r * nCols + col]) col++;
            if (col >= nCols) break;
            if (drawing) {
              // A drawing holds no word; it only takes its place (and its height) in the row.
              taken[r * nCols + col] = 1;
              cells.push({ drawing: 'd', ...(drawing.height ? { height: drawing.height } : {}) });
              col++;
              continue;
            }
            const w = `w${serial++}x`;
            words.push(w);
            const text = [w, ...Array.from({ length: len }, () => 'filler')].join(' ');
            let cs = 1,
              rs = 1;
            if (spanned) {
              while (cs < (extra.col_span ?? 1) && col + cs < nCols && !taken[r * nCols + col + cs]) cs++;
              rs = Math.max(1, Math.min(extra.row_span ?? 1, sectionEnd(r) - r));
            }
            for (let a = r; a < r + rs; a++) for (let b = col; b < col + cs; b++) taken[a * nCols + b] = 1;
            cells.push(spanned ? { text, ...extra, col_span: cs, row_span: rs } : text);
            col += cs;
          }
          if (d.ragged === 1 && r === 0) cells.pop();
          return cells;
        });
        const [llx, lly, w, h] = d.box;
        const urx = Math.min(450, llx + w);
        const ury = lly + h;
        const out = render({
          description: {
            fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
            drawings: [
              {
                name: 'd',
                box: { llx: 0, lly: 0, urx: 20, ury: 10 },
                items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 20, ury: 10 }, fill: [0.5] }],
              },
            ],
            items: [
              {
                type: 'table',
                rect: { llx, lly, urx, ury },
                font: 'Body',
                font_size: 10,
                columns: d.columns,
                rows,
                header_rows: d.header_rows,
                footer_rows: d.footer_rows,
                split_rows: d.split_rows,
                row_height: d.row_height,
              },
            ],
          },
          now: NOW,
          service: { clients: { default: { page_ceiling: 40 } } } as never,
        });
        stats[out.ok ? 'pdf' : out.sentence.replace(/[\d./"]+/g, '#').slice(0, 50)] =
          (stats[out.ok ? 'pdf' : out.sentence.replace(/[\d./"]+/g, '#').slice(0, 50)] ?? 0) + 1;
        if (!out.ok) {
          expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
          expect(out.status, out.sentence).toBeLessThan(500);
          expect(REFUSAL_WORDS).toContain(out.word);
          return;
        }
        // Content-stream order (-raw), white space removed: a word wider than its column overlaps its
        // neighbour on the page, but its letters stay together in the stream; ids are w<digits>x, so
        // counting substrings is exact.
        const text = pdfToText(out.pdf, ['-raw']).replace(/\s+/g, '');
        const count = (w: string) => text.split(w).length - 1;
        const head = new Set(
          rows
            .slice(0, d.header_rows)
            .concat(d.footer_rows ? rows.slice(-d.footer_rows) : [])
            .flat()
            .map((c) => (typeof c === 'string' ? c : ((c as { text?: string }).text ?? '')).split(' ')[0]),
        );
        for (const w of words) {
          const n = count(w);
          if (head.has(w)) expect(n, w).toBeGreaterThanOrEqual(1);
          else expect(n, w).toBe(1);
        }
      }),
      { numRuns: 120 },
    );
    if (process.env.TABLE_STATS) console.log(stats);
    // The generator must reach drawing, not only refusals.
    // About a third of the cases draw (the rest are refusals the generator aims at); 15 keeps that
    // check without depending on the seed.
    expect(stats.pdf ?? 0).toBeGreaterThan(15);
  }, 120_000);
});
