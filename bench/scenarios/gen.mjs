// bench/scenarios/gen.mjs — writes bench/scenarios/table-10k.json from the shared benchmark's
// scenario (../shared/bench/scenarios/table-10k.json), rewritten to quire's documented table fields
// (docs/reference.md, "table"): the same fonts, geometry, cell texts and row count; the header row
// bold on a grey band, repeated in every box; "Page N of M" on every page; and a total line hung
// under the last row with relative_to.  Run: node bench/scenarios/gen.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const shared = JSON.parse(readFileSync(join(here, '../../../shared/bench/scenarios/table-10k.json'), 'utf8'));
const src = shared.items.find((i) => i.type === 'table');
// The footer as the shared scenario writes it: "Page {current_page} of {total_pages}", centred.
const footer = shared.items.find((i) => i.type === 'text');
const [head, ...body] = src.rows;
const right = src.column_align.map((a) => a === 'right');

const table = {
  type: 'table',
  id: 'orders',
  pages: [1],
  rect: src.rect,
  columns: src.columns.map((w, i) => (right[i] ? { width: w, align: 'right' } : w)),
  header_rows: 1,
  row_height: src.row_height,
  padding: src.padding,
  font: src.font,
  font_size: src.font_size,
  rows: [{ cells: head, font: src.header.font, fill: src.header.fill }, ...body],
};
const total = {
  type: 'text',
  relative_to: { id: 'orders', edge: 'bottom', offset: 2 },
  rect: { llx: src.rect.llx + 3, lly: 0, urx: src.rect.urx, ury: 12 },
  content: [`Total: ${body.length} rows`],
  font: src.header.font,
  font_size: 9,
};
const out = {
  _bench: {
    scenario: 'table-10k',
    expect_pages: 200,
    source: '../shared/bench/scenarios/table-10k.json, rewritten by bench/scenarios/gen.mjs',
  },
  fonts: shared.fonts,
  items: [table, total, footer],
};
writeFileSync(join(here, 'table-10k.json'), JSON.stringify(out));
console.log(`table-10k.json: ${body.length} rows, ${src.columns.length} columns`);
