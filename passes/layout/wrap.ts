// passes/layout/wrap.ts — the one wrapper every item kind's ops go through: when an item states
// transform/rotate, graphics_state, layer or (text) clip, its ops are wrapped in a ScopeOp that
// emit writes as `q`, `cm`, `/GSn gs`, `/OC /OCn BDC`, the clip, the ops, `EMC`, `Q`. Kinds lay
// their ops in page coordinates and never see any of it.
import type { CoordBindings } from '../../ir/grammar/expr.js';
import type { DrawOp, Item } from '../../ir/types.js';
import { itemMatrix, type Box } from './coordinates.js';
import { segOps } from './shapes.js';

export function wrapItem(item: Item, box: Box, ops: DrawOp[], b: CoordBindings): DrawOp[] {
  const matrix = itemMatrix(item.transform, item.rotate, box);
  const clip = item.type === 'text' && item.clip ? { segs: segOps(item.clip.segments, b), rule: item.clip.rule } : undefined;
  if (!matrix && !item.graphicsState && !item.layer && !clip) return ops;
  return [{ op: 'scope', at: item.at, matrix, graphicsState: item.graphicsState?.name, layer: item.layer?.name, clip, ops }];
}
