// passes/layout/imported.ts — where a page of a supplied PDF goes (imported_page, templates): the
// matrix that takes the page's shown box, turned by its own /Rotate and the item's `rotate`, into
// the rect — uniformly and centred (`meet`), filling it (`stretch`), or at its own size from the
// rect's lower left (`none`). Drawn as one form XObject (passes/emit/pages/imported-pages.ts), its form
// fields' appearances flat over it.

import type { Box } from '../../engines/geometry/coordinates.js';
import { pageParts } from '../../engines/supplied/page-parts.js';
import { flatWidgets } from '../../engines/supplied/widgets.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { SuppliedPdf } from '../../ir/supplied-pdf.js';
import type { ImportedPageOp, Matrix, PageFit, PathSegOp } from '../../ir/types.js';

/** `m` then `n`. */
export function mul(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

/** Snaps values within 1e-12 of an integer (cos 90° is 6e-17, not 0), so turned pages write clean matrices. */
const snap = (v: number) => (Math.abs(v - Math.round(v)) < 1e-12 ? Math.round(v) : v);

export function placePage(
  box: [number, number, number, number],
  pageRotate: number,
  rect: Box,
  fit: PageFit,
  rotate: number,
): Matrix {
  const [x0, y0, x1, y1] = box;
  const bw = x1 - x0,
    bh = y1 - y0;
  // /Rotate turns the page clockwise as shown (ISO 32000-1 §7.7.3.3); `rotate` is counter-clockwise.
  const phi = ((rotate - pageRotate) * Math.PI) / 180;
  const cos = snap(Math.cos(phi)),
    sin = snap(Math.sin(phi));
  const w2 = Math.abs(cos) * bw + Math.abs(sin) * bh;
  const h2 = Math.abs(sin) * bw + Math.abs(cos) * bh;
  const W = rect.urx - rect.llx,
    H = rect.ury - rect.lly;
  let sx = 1,
    sy = 1;
  if (fit === 'meet') sx = sy = Math.min(W / w2, H / h2);
  else if (fit === 'stretch') {
    sx = W / w2;
    sy = H / h2;
  }
  const cx = fit === 'none' ? rect.llx + w2 / 2 : (rect.llx + rect.urx) / 2;
  const cy = fit === 'none' ? rect.lly + h2 / 2 : (rect.lly + rect.ury) / 2;
  let m: Matrix = [1, 0, 0, 1, -(x0 + x1) / 2, -(y0 + y1) / 2];
  m = mul(m, [cos, sin, -sin, cos, 0, 0]);
  m = mul(m, [sx, 0, 0, sy, 0, 0]);
  return mul(m, [1, 0, 0, 1, cx, cy]);
}

/** Whether page `page` (1-based) of `src`, placed by `matrix`, reaches outside `rect` (more than 0.01 pt). */
export function spills(matrix: Matrix, src: SuppliedPdf, page: number, rect: Box): boolean {
  const [x0, y0, x1, y1] = pageParts(src, page - 1).box;
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ]) {
    const px = matrix[0] * x + matrix[2] * y + matrix[4];
    const py = matrix[1] * x + matrix[3] * y + matrix[5];
    if (px < rect.llx - 0.01 || px > rect.urx + 0.01 || py < rect.lly - 0.01 || py > rect.ury + 0.01) return true;
  }
  return false;
}

/** A rect as a clipping path, its corners under `m` when given (a turned rect is a parallelogram). */
export function rectPath(rect: Box, m?: Matrix): PathSegOp[] {
  if (!m) return [{ k: 're', v: [rect.llx, rect.lly, rect.urx - rect.llx, rect.ury - rect.lly] }];
  const at = (x: number, y: number): number[] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  return [
    { k: 'm', v: at(rect.llx, rect.lly) },
    { k: 'l', v: at(rect.urx, rect.lly) },
    { k: 'l', v: at(rect.urx, rect.ury) },
    { k: 'l', v: at(rect.llx, rect.ury) },
    { k: 'h', v: [] },
  ];
}

/** The drawing operation of page `page` (1-based) of `src` placed in `rect`. */
export function importedPageOp(
  at: JsonPointer,
  src: SuppliedPdf,
  page: number,
  rect: Box,
  fit: PageFit,
  rotate: number,
  transform?: Matrix,
): ImportedPageOp {
  const parts = pageParts(src, page - 1);
  let matrix = placePage(parts.box, parts.rotate, rect, fit, rotate);
  if (transform) matrix = mul(matrix, transform);
  const flat = flatWidgets(src, page - 1);
  return { op: 'imported', at, matrix, source: src, page: page - 1, ...(flat.length ? { flat } : {}) };
}
