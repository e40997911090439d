// test/table-bare-cells.test.ts — a cell written as a bare string is one object in the IR (ir/table-cells.ts):
// its content the one frozen BARE_TEXT every such cell shares, its text on the cell, its run made by
// cellRuns as the run of the same text written as `{text}` (but for its pointer), placeholders included;
// an unknown placeholder in it is refused while reading, naming the cell.
import { describe, expect, it } from 'vitest';
import { RefusalError } from '../ir/diagnostics.js';
import { tableReader } from '../ir/read/table.js';
import { BARE_TEXT, BareRow, cellRuns } from '../ir/table-cells.js';
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
  it('in a row of bare strings is not kept: the row makes its cells when asked, as the cells read', () => {
    const t = read([[{ text: 'tall', row_span: 2 }, 'a'], ['b'], ['c', 'd'], ['e', 'f']]);
    const [spanned, plain, again] = [t.rows[1], t.rows[2], t.rows[3]];
    expect(t.rows[0]).not.toBeInstanceOf(BareRow);
    expect(t.rows[0].bare).toBeUndefined();
    for (const r of [spanned, plain, again]) expect(r).toBeInstanceOf(BareRow);
    // the rows alike share their columns and styles; a row under a row span has its own columns
    expect(plain.bare!.shape).toBe(again.bare!.shape);
    expect(spanned.bare!.shape).not.toBe(plain.bare!.shape);
    expect(plain.bare!.texts).toEqual(['c', 'd']);
    const view = (r: TableItem['rows'][number]) =>
      r.cells.map((c) => [c.at, c.content, c.text, c.col, c.colSpan, c.rowSpan, c.style]);
    const style = t.rows[0].cells[1].style;
    expect(view(spanned)).toEqual([['/items/0/rows/1/0', BARE_TEXT, 'b', 1, 1, 1, style]]);
    expect(view(plain)).toEqual([
      ['/items/0/rows/2/0', BARE_TEXT, 'c', 0, 1, 1, t.rows[0].cells[0].style],
      ['/items/0/rows/2/1', BARE_TEXT, 'd', 1, 1, 1, style],
    ]);
    expect(spanned.at).toBe('/items/0/rows/1');
    expect([plain.minHeight, plain.split, plain.keepWithNext]).toEqual([0, false, undefined]);
    // made on each read: nothing of the cells is kept with the row
    expect(plain.cells[0]).not.toBe(plain.cells[0]);
    expect(cellRuns(plain.cells[1])).toEqual([{ at: '/items/0/rows/2/1', text: 'd', placeholders: false }]);
  });

  it('in a row of bare strings too narrow or too wide is refused naming the row, a cell lacking a font naming the cell', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as RefusalError).key, (e as RefusalError).at];
      }
      return undefined;
    };
    expect(refusal(() => read([['a', 'b'], ['c']]))).toEqual(['tableRowWidth', '/items/0/rows/1']);
    expect(
      refusal(() =>
        read([
          ['a', 'b'],
          ['c', 'd', 'e'],
        ]),
      ),
    ).toEqual(['tableRowWidth', '/items/0/rows/1']);
    expect(
      refusal(() =>
        read([
          ['a', 'b'],
          ['c', '{nope}', 'e'],
        ]),
      ),
    ).toEqual(['placeholderUnknown', '/items/0/rows/1/1']);
    const noFont = (tableReader.read as (raw: never, base: never) => TableItem).bind(null, {
      type: 'table',
      rect: { llx: 0, lly: 0, urx: 100, ury: 100 },
      columns: [50, { width: 50, font: 'Body' }],
      font_size: 9,
      rows: [['a', 'b']],
    } as never);
    expect(refusal(() => noFont({ at: '/items/0', index: 0, pages: 'all' } as never))).toEqual([
      'tableCellNeeds',
      '/items/0/rows/0/0',
    ]);
  });
});
