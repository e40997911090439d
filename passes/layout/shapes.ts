// passes/layout/shapes.ts — lays the shape items in page numbers: rect (fill, stroke), path,
// polygon, line (with their arrowheads, arrows.ts), ellipse (four Béziers), and a placed drawing
// (its box stretched onto the rect).
// Coordinates are evaluated here, on the page being laid.

import type { Box } from '../../engines/geometry/coordinates.js';
import { boxToRect, ellipseSegs, segOps } from '../../engines/geometry/shapes.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import type { DocSettings, DrawOp, Matrix, PathSegOp, RectItem, ShapeItem } from '../../ir/types.js';
import { withArrows } from './arrows.js';

/** 4(√2 − 1)/3: the control distance of a quarter circle drawn as one cubic Bézier. */

/** Segments moved `dy` up (every operand pair is x, y). */
function moveSegs(segs: PathSegOp[], dy: number): PathSegOp[] {
  if (!dy) return segs;
  for (const s of segs) for (let i = 1; i < s.v.length; i += 2) s.v[i] += dy;
  return segs;
}

/** Ops of a rect with a stroke (a rect with a fill alone stays the fast `rect` op). */
export function layRect(item: RectItem, box: Box): DrawOp[] {
  const w = box.urx - box.llx,
    h = box.ury - box.lly;
  if (!item.stroke)
    return item.fill ? [{ op: 'rect', at: item.at, x: box.llx, y: box.lly, w, h, fill: item.fill }] : [];
  return [
    {
      op: 'path',
      at: item.at,
      segs: [{ k: 're', v: [box.llx, box.lly, w, h] }],
      fill: item.fill,
      fillRule: 'nonzero',
      stroke: item.stroke,
    },
  ];
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
    return [
      { op: 'path', at: item.at, segs: cut, fill: item.fill, fillRule: item.fillRule, stroke: item.stroke },
      ...heads,
    ];
  }
  return [
    {
      op: 'path',
      at: item.at,
      segs,
      fill: item.fill,
      fillRule: item.type === 'ellipse' ? 'nonzero' : item.fillRule,
      stroke: item.stroke,
    },
  ];
}
