// passes/pagination/form-tables.ts — pagination sub-step: a table (or a story: a flow with continuation
// or blocks) inside a declared drawing or tiling cell is measured and fitted as a page's is, into its one rect (evaluated in the drawing's box, as
// layout lays the drawing): a drawing has no next page, so a table that does not fit its rect is
// refused naming it rather than cut. Its one part takes the table's place among the drawing's items.

import { type Box, pageBindings, rectValue } from '../../engines/geometry/coordinates.js';
import { layStory } from '../../engines/text/story.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import { formItems } from '../../ir/graphics-types.js';
import { refuse } from '../../ir/messages.js';
import type {
  FlowPartItem,
  Item,
  LicensedIr,
  PlacedItem,
  ResolvedFlowItem,
  ResolvedTableItem,
  TablePartItem,
} from '../../ir/types.js';
import type { PassContext } from '../pass.js';
import { fitStory } from './flow-fit.js';
import { pageSize, storyTableParts } from './placing.js';
import { fitTable } from './table-fit.js';
import { measureTable } from './table-measure.js';

/** Replaces each table of a drawing or tiling cell by its one laid part (in place: the declarations are this run's). */
export function fitFormTables(ir: LicensedIr, ctx: PassContext): void {
  const g = ir.doc.graphics;
  if (!g || !formItems(g).some((i) => i.type === 'table' || (i.type === 'flow' && i.story))) return;
  const size = pageSize(ir, 1);
  for (const d of [...g.drawings.values(), ...g.tilings.values()]) {
    const [llx, lly, urx, ury] = d.box;
    const b = { ...pageBindings(size, 1, Number.NaN), llx, lly, urx, ury };
    d.items = d.items.flatMap((item): Item | Item[] => {
      if (item.type === 'flow' && item.story) return formStory(item as ResolvedFlowItem, b, ir, ctx);
      if (item.type !== 'table') return item;
      const t = item as unknown as ResolvedTableItem;
      const box: Box = rectValue(t.rect, b);
      const m = measureTable(t, box.urx - box.llx, ir.doc, ctx.now);
      // Every "next box" is the rect again, so fitting decides only whether one box holds the rows.
      const fitted = fitTable({
        table: t,
        m,
        startPage: 1,
        startBox: box,
        boxOn: () => box,
        ceiling: ctx.client.pageCeiling,
      });
      if (fitted.length > 1 || fitted[0].page !== 1)
        refuse('tableOutgrowsDrawing', t.at, { at: t.at, parts: fitted.length });
      const f = fitted[0];
      const part: TablePartItem = {
        type: 'table_part',
        at: t.at,
        index: t.index,
        table: t,
        part: 1,
        page: 1,
        box: f.box,
        colX: m.colX,
        colW: m.colW,
        rows: f.rows,
        measured: m,
      };
      return part as PlacedItem as Item;
    });
  }
}

/**
 * A story (a flow with continuation or blocks) inside a drawing or tiling cell: laid into its one rect;
 * its continuation boxes would be the rect again, so a story needing more than one box is refused.
 */
function formStory(flow: ResolvedFlowItem, b: CoordBindings, ir: LicensedIr, ctx: PassContext): Item[] {
  const box: Box = rectValue(flow.rect, b);
  const laid = layStory(flow, box.urx - box.llx, ctx.now);
  const fitted = fitStory({
    flow,
    laid,
    startPage: 1,
    startBox: box,
    boxesOn: () => (flow.story!.continuation.length ? [box] : []),
    measure: (t, width) => measureTable(t, width, ir.doc, ctx.now),
    ceiling: ctx.client.pageCeiling,
  });
  // One box: every part on page 1 (a `{columns}` section makes a part per column).
  const n = new Set(fitted.parts.map((f) => f.page)).size;
  if (n > 1 || fitted.tables.some((t) => t.parts.some((p) => p.page !== 1)))
    refuse('flowOutgrowsDrawing', flow.at, { at: flow.at, parts: Math.max(2, n) });
  const fs = fitted.parts.length ? fitted.parts : [{ box, lines: [] }];
  const flowParts = fs.map(
    (f, i): FlowPartItem => ({
      type: 'flow_part',
      at: flow.at,
      index: flow.index,
      flow,
      part: i + 1,
      page: 1,
      box: f.box,
      lines: f.lines,
      foot: 'foot' in f ? f.foot : undefined,
      laid,
    }),
  );
  const tables = fitted.tables.flatMap((st, k) => storyTableParts(st, k, flow) as PlacedItem[] as Item[]);
  return [...(flowParts as PlacedItem[] as Item[]), ...tables];
}
