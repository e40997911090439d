// engines/geometry/shapes.ts — the geometry of shapes: path segments evaluated on a page, the box
// segments span, an ellipse as Béziers, the matrix mapping one box onto another, and the box a shape
// item covers. Layout draws shapes with it; pagination hangs items from shapes' boxes.

import { maxOf, minOf } from '../../ir/bounded.js';
import type { Matrix, PathSegOp } from '../../ir/draw-ops.js';
import type { RadioGroupItem } from '../../ir/form-types.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import type { PathSeg } from '../../ir/graphics-types.js';
import type { DocSettings, ShapeItem } from '../../ir/types.js';
import { type Box, coordValue, rectValue } from './coordinates.js';

export function segOps(segs: readonly PathSeg[], b: CoordBindings): PathSegOp[] {
  return segs.map((s): PathSegOp => {
    switch (s.k) {
      case 'move':
        return { k: 'm', v: [coordValue(s.p[0], b), coordValue(s.p[1], b)] };
      case 'line':
        return { k: 'l', v: [coordValue(s.p[0], b), coordValue(s.p[1], b)] };
      case 'curve':
        return { k: 'c', v: [s.c1, s.c2, s.p].flatMap((q) => [coordValue(q[0], b), coordValue(q[1], b)]) };
      default:
        return { k: 'h', v: [] };
    }
  });
}

/** The box a path's points span (control points included), for `rotate` about its centre. */
export function segsBox(segs: readonly PathSegOp[]): Box {
  let llx = Infinity,
    lly = Infinity,
    urx = -Infinity,
    ury = -Infinity;
  for (const s of segs)
    for (let i = 0; i < s.v.length; i += 2) {
      llx = Math.min(llx, s.v[i]);
      urx = Math.max(urx, s.v[i]);
      lly = Math.min(lly, s.v[i + 1]);
      ury = Math.max(ury, s.v[i + 1]);
    }
  return Number.isFinite(llx) ? { llx, lly, urx, ury } : { llx: 0, lly: 0, urx: 0, ury: 0 };
}

/** Control-point distance of a quarter circle as a cubic Bézier, per unit radius: 4(√2 − 1)/3. */
const KAPPA = 0.5522847498307936;

/**
 * A quadratic Bézier from (x, y) through control (qx, qy) to (ex, ey) as the cubic's three points:
 * control points two thirds of the way from each end to the quadratic's one (exact, not fitted).
 */
export function quadraticAsCubic(
  x: number,
  y: number,
  qx: number,
  qy: number,
  ex: number,
  ey: number,
): [number, number, number, number, number, number] {
  return [x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey];
}

export function ellipseSegs(box: Box): PathSegOp[] {
  const cx = (box.llx + box.urx) / 2,
    cy = (box.lly + box.ury) / 2;
  const rx = (box.urx - box.llx) / 2,
    ry = (box.ury - box.lly) / 2;
  const kx = rx * KAPPA,
    ky = ry * KAPPA;
  return [
    { k: 'm', v: [cx + rx, cy] },
    { k: 'c', v: [cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry] },
    { k: 'c', v: [cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy] },
    { k: 'c', v: [cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry] },
    { k: 'c', v: [cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy] },
    { k: 'h', v: [] },
  ];
}

/** The matrix that stretches a drawing's box onto a rect. */
export function boxToRect(from: readonly number[], to: Box): Matrix {
  const sx = (to.urx - to.llx) / (from[2] - from[0] || 1);
  const sy = (to.ury - to.lly) / (from[3] - from[1] || 1);
  return [sx, 0, 0, sy, to.llx - from[0] * sx, to.lly - from[1] * sy];
}

/**
 * The box of an item without `rect`: its geometry's bounds (a drawing: its declared box; a radio
 * group: the box its buttons on this page span, or all its buttons when none lands here).
 */
export function shapeBox(item: ShapeItem | RadioGroupItem, b: CoordBindings, doc: DocSettings): Box {
  if (item.type === 'radio_group') {
    const here = item.buttons.filter((x) => x.page === undefined || x.page === b.current_page);
    const boxes = (here.length ? here : item.buttons).map((x) => rectValue(x.rect, b));
    return {
      llx: minOf(boxes.map((x) => x.llx)),
      lly: minOf(boxes.map((x) => x.lly)),
      urx: maxOf(boxes.map((x) => x.urx)),
      ury: maxOf(boxes.map((x) => x.ury)),
    };
  }
  if (item.type === 'drawing') {
    const d = doc.graphics!.drawings.get(item.drawing.name)!;
    return { llx: d.box[0], lly: d.box[1], urx: d.box[2], ury: d.box[3] };
  }
  if (item.type === 'ellipse') throw new Error('an ellipse always has a rect');
  return segsBox(segOps(item.segments, b));
}
