// passes/layout/kept-cells.test.ts — a split cell's kept layout is found again for a cell of a row of
// bare strings, whose cell objects are made anew at every read (the O(n²) of issue 20 came back when
// the kept layout was keyed by the cell object).
import { describe, expect, it } from 'vitest';
import { BareRow, BareShape } from '../../ir/table-cells.js';
import type { TableCell } from '../../ir/types.js';
import { KeptByCell } from './kept-cells.js';

const shape = new BareShape('/items/0/rows/', [0, 1], [], 0, false);

describe('KeptByCell', () => {
  it('finds a bare cell by its row and index, whichever cell object asks', () => {
    const row = new BareRow(['a\nb', 'c'], shape, 3);
    const kept = new KeptByCell<string>();
    const [first, second] = row.cells;
    kept.set(first, 'laid');
    const again = row.cells;
    expect(again[0]).not.toBe(first); // made anew: a WeakMap keyed by the cell would miss it
    expect(kept.get(again[0])).toBe('laid');
    expect(kept.get(second)).toBeUndefined();
    expect(kept.get(new BareRow(['a\nb', 'c'], shape, 4).cells[0])).toBeUndefined();
    kept.delete(again[0]);
    expect(kept.get(first)).toBeUndefined();
  });

  it('finds any other cell by the cell itself', () => {
    const cell = { text: 'x' } as unknown as TableCell;
    const kept = new KeptByCell<number>();
    kept.set(cell, 7);
    expect(kept.get(cell)).toBe(7);
    expect(kept.get({ text: 'x' } as unknown as TableCell)).toBeUndefined();
    kept.delete(cell);
    expect(kept.get(cell)).toBeUndefined();
  });
});
