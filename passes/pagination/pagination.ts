// passes/pagination/pagination.ts — pass 4 of 7: which pages exist and what lands on each. Pages are created by
// what is drawn on them (spec, "What the service does" 4): the count is the largest page any item
// lands on — named in its `pages` list, reached by a table overflowing its boxes, or reached by an
// item hung from such a table with `relative_to` — and at least one. An item with an empty `pages`
// list lands on every page, those created by overflow included; the object form (`every`, `from`,
// `to`, `but`) selects among the pages of the finished document and creates none. The client's
// page ceiling is enforced while pages are created. The numbering of the request (renumber) is built
// once the count is known. LicensedIr → PagedIr. Sub-steps live in passes/pagination/.
import { variablesOf } from '../../ir/grammar/expr.js';
import type { Coord, Hang, LicensedIr, LicensedItem, PagedIr, PagePlan, PageSelect, PageSize, PlacedItem, RectSpec, ResolvedTableItem, ShapeItem, TablePartItem } from '../../ir/types.js';
import { pageBindings, rectValue, type Box } from '../../engines/geometry/coordinates.js';

import { labelledNumbering, plainNumbering } from '../../ir/page-refs.js';
import { placeNavigation } from './places.js';
import { type Pass, type PassContext } from '../pass.js';
import { placementOrder } from './relative.js';
import { fitTable } from './table-fit.js';
import { measureTable } from './table-measure.js';

import { refuse } from '../../ir/messages.js';
import { shapeBox } from '../../engines/geometry/shapes.js';
import { checkFilePages } from './file-pages.js';
import { hangBox } from '../../engines/geometry/coordinates.js';

/** Whether the object form of a pages rule selects page `n` of a document of `total` pages. */
export function selects(s: PageSelect, n: number, total: number): boolean {
  const to = s.to ?? total;
  return n >= s.from && n <= to && (n - s.from) % s.every === 0 && !s.but.includes(n);
}

/** One place an item was laid: its page and the top and bottom edges relative_to hangs from. */
interface Part { page: number; top: number; bottom: number }

export const pagination: Pass<LicensedIr, PagedIr> = {
  id: 'pagination',
  run(ir: LicensedIr, ctx: PassContext): PagedIr {
    const ceiling = ctx.client.pageCeiling;
    const sizeOf = (n: number): PageSize => ir.doc.pageSizes?.get(n) ?? ir.page;
    /** A rect evaluated while pages are still being created: `{total_pages}` is not known yet. */
    const boxOn = (rect: RectSpec, page: number, what: string): Box => {
      for (const c of [rect.llx, rect.lly, rect.urx, rect.ury]) {
        if (variablesOf(c.expr).has('total_pages')) refuse('totalPagesTooEarly', c.at, { coordinate: c.at, dependent: what });
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
        if (variablesOf(c.expr).has('total_pages')) refuse('totalPagesTooEarly', c.at, { coordinate: c.at, dependent: what });
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
      ps = [...new Set(target.pages.list)].sort((a, b) => a - b).map((page) => {
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
      if (n > ps.length) refuse('relativePartMissing', `${rel.at}/part`, { at: rel.at, part: n, id: rel.id, parts: ps.length });
      const p = ps[n - 1];
      return { page: p.page, hang: rel.edge === 'bottom' ? { edge: 'bottom', y: p.bottom - rel.offset } : { edge: 'top', y: p.top + rel.offset } };
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
          if (item.pages.select || item.pages.list.length > 1) refuse('tablePagesOne', item.pages.at, { key: item.pages.at });
          page = item.pages.list[0] ?? 1;
          if (page > ceiling) refuse('tooManyPages', item.pages.at, { pages: page, ceiling });
          box = boxOn(item.rect, page, "a table's rect");
        }
        const cont = item.continuation ?? item.rect;
        const m = measureTable(item, box.urx - box.llx, ir.doc, ctx.now);
        const fitted = fitTable({ table: item, m, startPage: page, startBox: box, boxOn: (p) => boxOn(cont, p, "a table's continuation"), ceiling });
        parts.set(item, fitted.map((f) => ({ page: f.page, top: f.top, bottom: f.bottom })));
        fitted.forEach((f, i) => tableParts.push({
          type: 'table_part', at: item.at, index: item.index, table: item, part: i + 1, page: f.page, box: f.box, colX: m.colX, colW: m.colW, rows: f.rows, measured: m,
        }));
      } else if (item.relativeTo) {
        const a = anchor(item);
        const b = hangBox(itemBoxOn(item, a.page, 'the rect of an item hung with relative_to'), a.hang);
        parts.set(item, [{ page: a.page, top: b.ury, bottom: b.lly }]);
        placed.set(item, { ...item, hang: a.hang, pages: { ...item.pages, list: [a.page] } });
      }
    }

    let count = 1;
    for (const item of ir.items) for (const n of item.pages.list) if (n > count) count = n;
    for (const ps of parts.values()) for (const p of ps) if (p.page > count) count = p.page;
    if (count > ceiling) {
      // Name the item that asks for the page past the ceiling.
      const culprit = ir.items.find((it) => it.pages.list.some((n) => n > ceiling)) ?? ir.items.find((it) => (parts.get(it) ?? []).some((p) => p.page > ceiling))!;
      refuse('tooManyPages', culprit.pages.at, { pages: count, ceiling });
    }
    checkFilePages(ir.doc, count); // page_files, page_metadata name pages that must exist
    const pages: PagePlan[] = [];
    // A page_sizes entry past the end is accepted and does not lengthen the document (docs/reference.md).
    for (let n = 1; n <= count; n++) pages.push({ number: n, size: sizeOf(n), items: [] });
    for (const item of ir.items) {
      if (item.type === 'table') continue;
      const hung = placed.get(item);
      if (hung) { pages[hung.pages.list[0] - 1].items.push(hung); continue; }
      const { list, select } = item.pages;
      if (select) {
        for (const p of pages) if (selects(select, p.number, count)) p.items.push(item);
      } else if (list.length === 0) {
        for (const p of pages) p.items.push(item);
      } else {
        for (const n of new Set(list)) pages[n - 1].items.push(item);
      }
    }
    // Table parts keep the table's place in the drawing order.
    if (tableParts.length) {
      for (const tp of tableParts) pages[tp.page - 1].items.push(tp as PlacedItem);
      for (const p of pages) p.items.sort((a, b) => a.index - b.index);
    }
    const numbering = ir.doc.renumber ? labelledNumbering(count, ir.doc.renumber) : plainNumbering(count);
    // Last sub-step: page references of the navigation, now that the page count and numbering are known (issue 9).
    const places = placeNavigation(ir.doc, ir.items, pages);
    return { stage: 'paged', doc: { ...ir.doc, numbering, places }, fonts: ir.fonts, pages, numbering };
  },
};

/** The coordinates a shape without a rect is drawn from (its points; a drawing's box is numbers). */
function shapeCoords(item: ShapeItem): Coord[] {
  if (item.type === 'drawing' || item.type === 'ellipse') return [];
  return item.segments.flatMap((s) => (s.k === 'close' ? [] : s.k === 'curve' ? [...s.c1, ...s.c2, ...s.p] : [...s.p]));
}

export type { ResolvedTableItem };
