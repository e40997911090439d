// passes/layout/wrap.ts — the one wrapper every item kind's ops go through: when an item states
// transform/rotate, graphics_state, layer or (text, image) clip, its ops are wrapped in a ScopeOp
// that emit writes as `q`, `cm`, `/GSn gs`, `/OC /OCn BDC`, the clip, the ops, `EMC`, `Q`. Kinds lay
// their ops in page coordinates and never see any of it. A table is wrapped once per part: each
// page's share of it turns about the centre of that page's box (docs/reference.md, "table").

import { type Box, itemMatrix, MAX_PDF_NUMBER } from '../../engines/geometry/coordinates.js';
import { segOps } from '../../engines/geometry/shapes.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';

import { refuse } from '../../ir/messages.js';
import type { DrawOp, Item, Matrix, TablePartItem } from '../../ir/types.js';

/** `ownMatrix`: the ops carry the item's matrix themselves (an imported page's placing matrix), so none is added here. */
export function wrapItem(item: Item, box: Box, ops: DrawOp[], b: CoordBindings, ownMatrix = false): DrawOp[] {
  const matrix: Matrix | undefined = ownMatrix ? undefined : itemMatrix(item.transform, item.rotate, box);
  // A transform past what a PDF number holds could not be written (as a coordinate could not, coordinates.ts).
  const far = item.transform?.find((v) => !(Math.abs(v) <= MAX_PDF_NUMBER));
  if (far !== undefined)
    refuse('coordinateOutOfRange', item.transformAt!, {
      coordinate: item.transformAt!,
      value: String(far),
      page: b.current_page,
      limit: `±${MAX_PDF_NUMBER}`,
    });
  const clip =
    (item.type === 'text' || item.type === 'image') && item.clip
      ? { segs: segOps(item.clip.segments, b), rule: item.clip.rule }
      : undefined;
  if (!matrix && !item.graphicsState && !item.layer && !clip) return ops;
  return [
    { op: 'scope', at: item.at, matrix, graphicsState: item.graphicsState?.name, layer: item.layer?.name, clip, ops },
  ];
}

/** One part of a table (the rows of one box on one page), wrapped as its table says, about that part's box. */
export function wrapTablePart(tp: TablePartItem, ops: DrawOp[], b: CoordBindings): DrawOp[] {
  // A table block of a story turns with its story, about the story's box on that page, not its own part's.
  if (tp.wrapIn) return wrapItem(tp.wrapIn.item, tp.wrapIn.box, ops, b);
  return wrapItem(tp.table, tp.box, ops, b);
}
