// passes/layout/shapes.ts — lays the shape items in page numbers: rect (fill, stroke), path,
// polygon, line (with their arrowheads, arrows.ts), ellipse (four Béziers), and a placed drawing
// (its box stretched onto the rect).
// Coordinates are evaluated here, on the page being laid.
import type { CoordBindings } from '../../ir/grammar/expr.js';
import type { PathSeg } from '../../ir/graphics-types.js';
import type { DrawOp, Matrix, PathSegOp, ShapeItem, RectItem, DocSettings } from '../../ir/types.js';
import { withArrows } from './arrows.js';
import { coordValue, type Box } from '../../engines/geometry/coordinates.js';

/** 4(√2 − 1)/3: the control distance of a quarter circle drawn as one cubic Bézier. */
const KAPPA = 0.5522847498307936;

export function segOps(segs: readonly PathSeg[], b: CoordBindings): PathSegOp[] {
  return segs.map((s): PathSegOp => {
    switch (s.k) {
      case 'move': return { k: 'm', v: [coordValue(s.p[0], b), coordValue(s.p[1], b)] };
      case 'line': return { k: 'l', v: [coordValue(s.p[0], b), coordValue(s.p[1], b)] };
      case 'curve': return { k: 'c', v: [s.c1, s.c2, s.p].flatMap((q) => [coordValue(q[0], b), coordValue(q[1], b)]) };
      default: return { k: 'h', v: [] };
    }
  });
}

/** The box a path's points span (control points included), for `rotate` about its centre. */
export function segsBox(segs: readonly PathSegOp[]): Box {
  let llx = Infinity, lly = Infinity, urx = -Infinity, ury = -Infinity;
  for (const s of segs) for (let i = 0; i < s.v.length; i += 2) {
    llx = Math.min(llx, s.v[i]); urx = Math.max(urx, s.v[i]); lly = Math.min(lly, s.v[i + 1]); ury = Math.max(ury, s.v[i + 1]);
  }
  return Number.isFinite(llx) ? { llx, lly, urx, ury } : { llx: 0, lly: 0, urx: 0, ury: 0 };
}

/** Segments moved `dy` up (every operand pair is x, y). */
function moveSegs(segs: PathSegOp[], dy: number): PathSegOp[] {
  if (!dy) return segs;
  for (const s of segs) for (let i = 1; i < s.v.length; i += 2) s.v[i] += dy;
  return segs;
}

export function ellipseSegs(box: Box): PathSegOp[] {
  const cx = (box.llx + box.urx) / 2, cy = (box.lly + box.ury) / 2;
  const rx = (box.urx - box.llx) / 2, ry = (box.ury - box.lly) / 2;
  const kx = rx * KAPPA, ky = ry * KAPPA;
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

/** Ops of a rect with a stroke (a rect with a fill alone stays the fast `rect` op). */
export function layRect(item: RectItem, box: Box): DrawOp[] {
  const w = box.urx - box.llx, h = box.ury - box.lly;
  if (!item.stroke) return item.fill ? [{ op: 'rect', at: item.at, x: box.llx, y: box.lly, w, h, fill: item.fill }] : [];
  return [{ op: 'path', at: item.at, segs: [{ k: 're', v: [box.llx, box.lly, w, h] }], fill: item.fill, fillRule: 'nonzero', stroke: item.stroke }];
}

/**
 * Ops of a shape item. `dy`: how far relative_to moved it up (pagination hung it); a rect already
 * moved carries it, points (a path's, a drawing's own coordinates) are moved here.
 */
export function layShape(item: ShapeItem, box: Box | undefined, b: CoordBindings, doc: DocSettings, dy = 0): DrawOp[] {
  if (item.type === 'drawing') {
    const d = doc.graphics!.drawings.get(item.drawing.name)!;
    const matrix: Matrix | undefined = box ? boxToRect(d.box, box) : dy ? [1, 0, 0, 1, 0, dy] : undefined;
    return [{ op: 'form', at: item.at, name: item.drawing.name, matrix }];
  }
  const segs = item.type === 'ellipse' ? ellipseSegs(box!) : moveSegs(segOps(item.segments, b), dy);
  if (!item.fill && !item.stroke) return []; // nothing to paint (as a rect without fill)
  if (item.type !== 'ellipse' && item.arrows) {
    // The heads are part of the item: drawn after its path, inside the same wrapper.
    const { segs: cut, heads } = withArrows(item, segs);
    return [{ op: 'path', at: item.at, segs: cut, fill: item.fill, fillRule: item.fillRule, stroke: item.stroke }, ...heads];
  }
  return [{ op: 'path', at: item.at, segs, fill: item.fill, fillRule: item.type === 'ellipse' ? 'nonzero' : item.fillRule, stroke: item.stroke }];
}

/** The box of an item without `rect`: its geometry's bounds (a drawing: its declared box). */
export function shapeBox(item: ShapeItem, b: CoordBindings, doc: DocSettings): Box {
  if (item.type === 'drawing') {
    const d = doc.graphics!.drawings.get(item.drawing.name)!;
    return { llx: d.box[0], lly: d.box[1], urx: d.box[2], ury: d.box[3] };
  }
  if (item.type === 'ellipse') throw new Error('an ellipse always has a rect');
  return segsBox(segOps(item.segments, b));
}
