// passes/pagination/placing.ts — pagination sub-step, first: items placed in drawing order where
// they depend on each other — tables fitted into their chain of boxes (creating pages as they
// overflow), items hung from another item's part with `relative_to` (passes/pagination/relative.ts
// gives the order) — before the page count is known, so `{total_pages}` is refused in their rects.

import { type Box, hangBox, pageBindings, rectValue } from '../../engines/geometry/coordinates.js';
import { shapeBox } from '../../engines/geometry/shapes.js';
import { variablesOf } from '../../ir/grammar/expr.js';
import { refuse } from '../../ir/messages.js';
import type {
  Coord,
  Hang,
  LicensedIr,
  LicensedItem,
  PageSize,
  RectSpec,
  ShapeItem,
  TablePartItem,
} from '../../ir/types.js';
import type { PassContext } from '../pass.js';
import { placementOrder } from './relative.js';
import { fitTable } from './table-fit.js';
import { measureTable } from './table-measure.js';

/** One place an item was laid: its page and the top and bottom edges relative_to hangs from. */
export interface Part {
  page: number;
  top: number;
  bottom: number;
}

/** What placing found: each placed item's parts, hung items with their Hang, and the tables' parts. */
export interface Placed {
  parts: Map<LicensedItem, Part[]>;
  /** Hung items, with their Hang and the one page they land on. */
  hung: Map<LicensedItem, LicensedItem>;
  tableParts: TablePartItem[];
}

/** The size of page `n` (page_sizes, else the document's). */
export function pageSize(ir: LicensedIr, n: number): PageSize {
  return ir.doc.pageSizes?.get(n) ?? ir.page;
}

/** Places tables and hung items, in the order their dependencies give. */
export function placeItems(ir: LicensedIr, ctx: PassContext): Placed {
  const ceiling = ctx.client.pageCeiling;
  const sizeOf = (n: number): PageSize => pageSize(ir, n);
  /** A rect evaluated while pages are still being created: `{total_pages}` is not known yet. */
  const boxOn = (rect: RectSpec, page: number, what: string): Box => {
    for (const c of [rect.llx, rect.lly, rect.urx, rect.ury]) {
      if (variablesOf(c.expr).has('total_pages'))
        refuse('totalPagesTooEarly', c.at, { coordinate: c.at, dependent: what });
    }
    return rectValue(rect, pageBindings(sizeOf(page), page, Number.NaN));
  };
  /**
   * The box of an item on a page: its rect, or for a shape without one (line, path, polygon, a
   * drawing placed without a rect) the box its points span — a drawing's declared box — the box
   * `rotate` turns it about (docs/reference.md, "relative_to").
   */
  const itemBoxOn = (item: LicensedItem, page: number, what: string): Box => {
    if (item.rect) return boxOn(item.rect, page, what);
    for (const c of shapeCoords(item as ShapeItem)) {
      if (variablesOf(c.expr).has('total_pages'))
        refuse('totalPagesTooEarly', c.at, { coordinate: c.at, dependent: what });
    }
    return shapeBox(item as ShapeItem, pageBindings(sizeOf(page), page, Number.NaN), ir.doc);
  };

  const { order, byId } = placementOrder(ir.items);
  const parts = new Map<LicensedItem, Part[]>();
  const placed = new Map<LicensedItem, LicensedItem>(); // hung items, with their Hang
  const tableParts: TablePartItem[] = [];
  /** The parts of an item something hangs from: a table's boxes, or the pages of its list, each with its rect. */
  const partsOf = (target: LicensedItem): Part[] => {
    let ps = parts.get(target);
    if (ps) return ps;
    ps = [...new Set(target.pages.list)]
      .sort((a, b) => a - b)
      .map((page) => {
        const b = itemBoxOn(target, page, 'the rect of an item something hangs from');
        return { page, top: b.ury, bottom: b.lly };
      });
    parts.set(target, ps);
    return ps;
  };
  /** Where an item hung with relative_to lands: the page of the named part and the edge it hangs from. */
  const anchor = (item: LicensedItem): { page: number; hang: Hang } => {
    const rel = item.relativeTo!;
    const target = byId.get(rel.id)!;
    if (target.type !== 'table' && !target.relativeTo && (target.pages.select || target.pages.list.length === 0)) {
      refuse('relativeToEveryPage', `${rel.at}/id`, { at: rel.at, id: rel.id });
    }
    const ps = partsOf(target);
    const n = rel.part ?? ps.length;
    if (n > ps.length)
      refuse('relativePartMissing', `${rel.at}/part`, { at: rel.at, part: n, id: rel.id, parts: ps.length });
    const p = ps[n - 1];
    return {
      page: p.page,
      hang:
        rel.edge === 'bottom' ? { edge: 'bottom', y: p.bottom - rel.offset } : { edge: 'top', y: p.top + rel.offset },
    };
  };

  for (const item of order) {
    if (item.type === 'table') {
      let page: number;
      let box: Box;
      if (item.relativeTo) {
        const a = anchor(item);
        page = a.page;
        box = hangBox(boxOn(item.rect, page, 'the rect of an item hung with relative_to'), a.hang);
      } else {
        if (item.pages.select || item.pages.list.length > 1)
          refuse('tablePagesOne', item.pages.at, { key: item.pages.at });
        page = item.pages.list[0] ?? 1;
        if (page > ceiling) refuse('tooManyPages', item.pages.at, { pages: page, ceiling });
        box = boxOn(item.rect, page, "a table's rect");
      }
      const cont = item.continuation ?? item.rect;
      const m = measureTable(item, box.urx - box.llx, ir.doc, ctx.now);
      const fitted = fitTable({
        table: item,
        m,
        startPage: page,
        startBox: box,
        boxOn: (p) => boxOn(cont, p, "a table's continuation"),
        ceiling,
      });
      parts.set(
        item,
        fitted.map((f) => ({ page: f.page, top: f.top, bottom: f.bottom })),
      );
      fitted.forEach((f, i) =>
        tableParts.push({
          type: 'table_part',
          at: item.at,
          index: item.index,
          table: item,
          part: i + 1,
          page: f.page,
          box: f.box,
          colX: m.colX,
          colW: m.colW,
          rows: f.rows,
          measured: m,
        }),
      );
    } else if (item.relativeTo) {
      const a = anchor(item);
      const b = hangBox(itemBoxOn(item, a.page, 'the rect of an item hung with relative_to'), a.hang);
      parts.set(item, [{ page: a.page, top: b.ury, bottom: b.lly }]);
      placed.set(item, { ...item, hang: a.hang, pages: { ...item.pages, list: [a.page] } });
    }
  }

  return { parts, hung: placed, tableParts };
}

/** The coordinates a shape without a rect is drawn from (its points; a drawing's box is numbers). */
function shapeCoords(item: ShapeItem): Coord[] {
  if (item.type === 'drawing' || item.type === 'ellipse') return [];
  return item.segments.flatMap((s) => (s.k === 'close' ? [] : s.k === 'curve' ? [...s.c1, ...s.c2, ...s.p] : [...s.p]));
}
