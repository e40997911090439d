// test/table-bare-cells.test.ts — a cell written as a bare string is one object in the IR (ir/table-cells.ts):
// its content the one frozen BARE_TEXT every such cell shares, its text on the cell, its run made by
// cellRuns as the run of the same text written as `{text}` (but for its pointer), placeholders included;
// an unknown placeholder in it is refused while reading, naming the cell.
import { describe, expect, it } from 'vitest';
import { RefusalError } from '../ir/diagnostics.js';
import { tableReader } from '../ir/read/table.js';
import { BARE_TEXT, cellRuns } from '../ir/table-cells.js';
import type { TableItem } from '../ir/types.js';

const read = (rows: unknown[]): TableItem =>
  (tableReader.read as (raw: never, base: never) => TableItem)(
    {
      type: 'table',
      rect: { llx: 0, lly: 0, urx: 100, ury: 100 },
      columns: [50, 50],
      font: 'Body',
      font_size: 9,
      rows,
    } as never,
    { at: '/items/0', index: 0, pages: 'all' } as never,
  );

describe('a bare-string table cell', () => {
  it('is one object sharing a frozen content; its run is the object cell’s run at the cell', () => {
    const t = read([
      ['plain', 'page {current_page} {{x}}'],
      [{ text: 'plain' }, { text: 'page {current_page} {{x}}' }],
    ]);
    const [a, b] = t.rows[0].cells;
    expect(a.content).toBe(BARE_TEXT);
    expect(b.content).toBe(BARE_TEXT);
    expect(Object.isFrozen(BARE_TEXT)).toBe(true);
    expect(a.text).toBe('plain');
    expect(a.at).toBe('/items/0/rows/0/0');
    const [c, d] = t.rows[1].cells;
    expect(c.content.kind).toBe('text');
    expect(c.content).not.toBe(BARE_TEXT);
    expect(cellRuns(a)).toEqual(cellRuns(c).map((r) => ({ ...r, at: '/items/0/rows/0/0' })));
    expect(cellRuns(b)).toEqual(cellRuns(d).map((r) => ({ ...r, at: '/items/0/rows/0/1' })));
    expect(cellRuns(a)[0].placeholders).toBe(false);
    expect(cellRuns(b)[0].placeholders).toBe(true);
  });

  it('with an unknown placeholder is refused while reading, naming the cell', () => {
    let err: unknown;
    try {
      read([['ok', 'page {nope}']]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RefusalError);
    expect((err as RefusalError).key).toBe('placeholderUnknown');
    expect((err as RefusalError).at).toBe('/items/0/rows/0/1');
  });

  it('says whether any cell holds a placeholder (a bare string, a text run or a flow), so a table without is not scanned again', () => {
    expect(read([['a', 'b']]).placeholders).toBe(false);
    expect(read([['a', '{{b}}']]).placeholders).toBe(true);
    expect(read([['a', { text: 'page {current_page}' }]]).placeholders).toBe(true);
    expect(read([['a', { text: ['x', 'see {page_of:intro}'] }]]).placeholders).toBe(true);
    expect(read([['a', { flow: '{total_pages}' }]]).placeholders).toBe(true);
    expect(read([['a', { text: 'plain' }]]).placeholders).toBe(false);
  });

  it('every cell and row has the same keys in the same order, whatever it was written as', () => {
    const t = read([['a', { text: 'b' }], { cells: [{ text: 'c', col_span: 2 }], keep_with_next: true }]);
    const cellKeys = t.rows.flatMap((r) => r.cells.map((c) => Object.keys(c).join()));
    expect(new Set(cellKeys).size).toBe(1);
    expect(new Set(t.rows.map((r) => Object.keys(r).join())).size).toBe(1);
    expect(t.rows.map((r) => r.keepWithNext)).toEqual([undefined, true]);
  });
});
