// engines/geometry/coordinates.ts — evaluates coordinate expressions once a page is known
// (`{current_page}`, `{total_pages}` bound after pagination). `{llx}`… are the corners of the box the
// item is placed in: on a page, its sheet (docs/reference.md, "Coordinate values").
import { type CoordBindings, evaluate } from '../../ir/grammar/expr.js';
import { refuse } from '../../ir/messages.js';
import type { Coord, Hang, Matrix, PageSize, RectSpec } from '../../ir/types.js';

export interface Box {
  llx: number;
  lly: number;
  urx: number;
  ury: number;
}

export function pageBindings(size: PageSize, page: number, total: number): CoordBindings {
  return {
    page_width: size.width,
    page_height: size.height,
    current_page: page,
    total_pages: total,
    llx: 0,
    lly: 0,
    urx: size.width,
    ury: size.height,
  };
}

/**
 * The largest magnitude a number written into the PDF may have: ISO 32000-1 Annex C gives integers
 * ±2 147 483 647 (pdf-lib writes a whole number's every digit, so 1e21 would be 22 of them, which
 * readers such as qpdf cannot hold).
 */
export const MAX_PDF_NUMBER = 2_147_483_647;

/**
 * Evaluates one coordinate; a value that is not finite (division by zero), or past what a PDF
 * number holds, is refused naming the key and page.
 */
export function coordValue(c: Coord, b: CoordBindings): number {
  const v = evaluate(c.expr, b);
  if (!Number.isFinite(v))
    refuse('coordinateNotFinite', c.at, { coordinate: c.at, value: String(v), page: b.current_page });
  if (Math.abs(v) > MAX_PDF_NUMBER)
    refuse('coordinateOutOfRange', c.at, {
      coordinate: c.at,
      value: String(v),
      page: b.current_page,
      limit: `±${MAX_PDF_NUMBER}`,
    });
  return v;
}

/** Evaluates a rect; corners given the wrong way round are put in order (a box is a box). */
export function rectValue(r: RectSpec, b: CoordBindings): Box {
  const x1 = coordValue(r.llx, b),
    y1 = coordValue(r.lly, b),
    x2 = coordValue(r.urx, b),
    y2 = coordValue(r.ury, b);
  return { llx: Math.min(x1, x2), lly: Math.min(y1, y2), urx: Math.max(x1, x2), ury: Math.max(y1, y2) };
}

/** The matrix an item is drawn under: its `transform` as given, or `rotate` degrees about the rect centre. */
export function itemMatrix(transform: number[] | undefined, rotate: number | undefined, box: Box): Matrix | undefined {
  if (transform) return transform as Matrix;
  if (rotate === undefined || rotate % 360 === 0) return undefined;
  const t = (rotate * Math.PI) / 180;
  const c = Math.cos(t),
    s = Math.sin(t);
  const cx = (box.llx + box.urx) / 2,
    cy = (box.lly + box.ury) / 2;
  // translate(cx,cy) · rotate(t) · translate(−cx,−cy)
  return [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy];
}

/** Moves a box so it hangs: its top at `y` from a bottom edge, its bottom at `y` from a top edge. */
export function hangBox(b: Box, hang: Hang): Box {
  const dy = hang.edge === 'bottom' ? hang.y - b.ury : hang.y - b.lly;
  return { llx: b.llx, urx: b.urx, lly: b.lly + dy, ury: b.ury + dy };
}
