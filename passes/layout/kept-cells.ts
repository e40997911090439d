// passes/layout/kept-cells.ts — layout pass: what table layout keeps of a cell from one box to the
// next (a split cell laid once, passes/layout/table.ts), found by the cell's identity. A cell of a row
// of bare strings is made anew at every read (ir/table-cells.ts BareCell), so such a cell is found by
// its row and index instead: keyed by the cell object, the kept layout was never found again and a
// cell of n lines split over many boxes was laid whole for every box (O(n²), issue 20).
import { BareCell } from '../../ir/table-cells.js';
import type { TableCell } from '../../ir/types.js';

/** Per cell, a value kept until `delete`; held weakly by the cell (or its bare row). */
export class KeptByCell<T> {
  private readonly byOwner = new WeakMap<object, Map<number, T>>();

  get(cell: TableCell): T | undefined {
    return cell instanceof BareCell ? this.byOwner.get(cell.row)?.get(cell.i) : this.byOwner.get(cell)?.get(0);
  }

  set(cell: TableCell, value: T): void {
    const owner: object = cell instanceof BareCell ? cell.row : cell;
    let m = this.byOwner.get(owner);
    if (!m) this.byOwner.set(owner, (m = new Map()));
    m.set(cell instanceof BareCell ? cell.i : 0, value);
  }

  delete(cell: TableCell): void {
    const owner: object = cell instanceof BareCell ? cell.row : cell;
    const m = this.byOwner.get(owner);
    if (!m) return;
    m.delete(cell instanceof BareCell ? cell.i : 0);
    if (m.size === 0) this.byOwner.delete(owner);
  }
}
