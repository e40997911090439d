// engines/geometry/cell-sizes.ts — the natural size of what a table cell holds other than text: a
// code's height, a picture's or a drawing's size in the cell. Pagination measures rows with it;
// layout draws cells with it.
import type { TableCell } from '../../ir/table-types.js';
import type { DocSettings } from '../../ir/types.js';

/** Default height of a code in a cell when `height` is not given: square for matrix codes, a third of the width for linear ones. */
export function codeHeight(cell: TableCell, width: number): number {
  const c = cell.content;
  if (c.kind !== 'code') return 0;
  const w = width - cell.style.padding[1] - cell.style.padding[3];
  return c.height ?? (c.code.symbol.shape === 'matrix' ? w : w / 3);
}

/**
 * The height an image or drawing cell asks for, content only: `height`, else its own size under
 * `fit: none`, else its height at the content width keeping its proportions.
 */
export function pictureHeight(cell: TableCell, width: number, doc: DocSettings | undefined): number {
  const c = cell.content;
  if (c.kind !== 'image' && c.kind !== 'drawing') return 0;
  if (c.height !== undefined) return c.height;
  const [nw, nh] = naturalSize(c, doc);
  if (c.fit === 'none') return nh;
  const w = width - cell.style.padding[1] - cell.style.padding[3];
  return nw > 0 ? (w * nh) / nw : 0;
}

/** The picture's size as shown (turned by its orientation), or the drawing's box, points. */
export function naturalSize(c: TableCell['content'], doc: DocSettings | undefined): [number, number] {
  if (c.kind === 'image') {
    const res = c.res!;
    return res.orientation >= 5 ? [res.natural[1], res.natural[0]] : res.natural;
  }
  if (c.kind === 'drawing') {
    const b = doc!.graphics!.drawings.get(c.name)!.box;
    return [b[2] - b[0], b[3] - b[1]];
  }
  return [0, 0];
}
