// test/table-rows-op.test.ts — a table part's plain rows travel from layout to emit as one rows op
// (ir/draw-ops.ts GlyphRowsOp); dedupe and emit must write exactly what they wrote for the rows'
// glyph runs. Each document is rendered as laid, then with every rows op turned back into its runs
// (`withRowRuns`) after layout: the PDFs and remarks must be the same bytes, and the off-page check
// must find the same of either.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DrawOp, walkOps, withRowRuns } from '../ir/draw-ops.js';
import type { FontResource, PageSize } from '../ir/types.js';
import { offPage } from '../passes/layout/off-page.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';

const OTF = readFileSync('/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf');
// words a one-line cell is placed from (the rows op's), and one laid by the text engine now and then
const WORDS = ['R00001', 'Veniam Odio', '2024-01-01', '271', '69,024.34', 'a  b', '', 'Lorem ipsum dolor'];
const rows = (n: number) =>
  Array.from({ length: n }, (_, r) =>
    Array.from({ length: 5 }, (_, c) => (r % 7 === 3 && c === 2 ? 'AVA Tô' : WORDS[(r * 7 + c * 3) % WORDS.length])),
  );
const table = (font: string, extra: Record<string, unknown> = {}) => ({
  type: 'table',
  rect: { llx: 20, lly: 20, urx: 580, ury: 820 },
  font,
  font_size: 9,
  columns: [90, 140, 120, 150, 60],
  header_rows: 1,
  rows: rows(160),
  ...extra,
});
const FONTS = [
  { name: 'B', data: NOTO_SANS_B64 },
  { name: 'N', part: 'n.otf' },
];
const DOCS: Record<string, Record<string, unknown>> = {
  TrueType: { items: [table('B')] },
  'CFF, glyphs renumbered to CIDs': { items: [table('N')] },
  'two fonts in a row, two tables': {
    items: [
      table('B', {
        rect: { llx: 20, lly: 420, urx: 580, ury: 820 },
        rows: rows(90).map((r, i) => (i % 3 ? r : r.map((c, j) => (j % 2 ? { text: c, font: 'N' } : c)))),
      }),
      table('B', { rect: { llx: 20, lly: 20, urx: 580, ury: 400 }, font_size: 11 }),
    ],
  },
  'rows past the page edge': {
    page: { width: 300, height: 300 },
    items: [table('B', { rect: { llx: 20, lly: 20, urx: 400, ury: 280 }, columns: [60, 80, 70, 90, 60] })],
  },
};

function rendered(d: Record<string, unknown>, expand: boolean): { bytes: string; rowsOps: number; off: number } {
  let rowsOps = 0,
    off = 0;
  const out = render({
    description: { fonts: FONTS, ...d },
    parts: { 'n.otf': OTF },
    now: NOW,
    trace: (id, ir) => {
      if (id !== 'layout') return;
      const laid = ir as { pages: { ops: DrawOp[]; size: PageSize }[]; fonts: Map<string, FontResource> };
      for (const page of laid.pages) {
        walkOps(page.ops, (op) => {
          if (op.op === 'rows') rowsOps++;
        });
        // the off-page check (run in layout) finds the same of the rows op as of its rows' runs
        const found = offPage(page.ops, page.size, laid.fonts, new Set());
        expect(offPage(withRowRuns(page.ops), page.size, laid.fonts, new Set())).toEqual(found);
        off += found.text.length;
        if (expand) page.ops = withRowRuns(page.ops);
      }
    },
  });
  if (!out.ok) throw new Error(out.sentence);
  return { bytes: Buffer.from(out.pdf).toString('base64') + JSON.stringify(out.remarks), rowsOps, off };
}

describe("a table's rows op", () => {
  for (const [name, d] of Object.entries(DOCS))
    it(`writes what its rows' runs write: ${name}`, () => {
      const packed = rendered(d, false);
      const runs = rendered(d, true);
      expect(packed.rowsOps).toBeGreaterThan(0);
      if (name === 'rows past the page edge') expect(packed.off).toBeGreaterThan(10);
      expect(packed.bytes).toBe(runs.bytes);
    });
});
