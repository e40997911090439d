// passes/pagination/placing.ts — pagination sub-step, first: items placed in drawing order where
// they depend on each other — tables fitted into their chain of boxes (creating pages as they
// overflow), items hung from another item's part with `relative_to` (passes/pagination/relative.ts
// gives the order) — before the page count is known, so `{total_pages}` is refused in their rects.

import { type Box, hangBox, pageBindings, rectValue } from '../../engines/geometry/coordinates.js';
import { shapeBox } from '../../engines/geometry/shapes.js';
import { layStory } from '../../engines/text/story.js';
import type { HeadingPage } from '../../engines/text/story-contents.js';
import { pushAll } from '../../ir/bounded.js';
import type { RadioGroupItem } from '../../ir/form-types.js';
import { variablesOf } from '../../ir/grammar/expr.js';
import { refuse } from '../../ir/messages.js';
import type { PageOf } from '../../ir/placeholders.js';
import type {
  Coord,
  FlowPartItem,
  Hang,
  Item,
  LicensedIr,
  LicensedItem,
  PageSize,
  RectSpec,
  ShapeItem,
  TablePartItem,
} from '../../ir/types.js';
import type { PassContext } from '../pass.js';
import { type FittedStoryTable, fitStory } from './flow-fit.js';
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
  /** The parts of the flows that continue or hold blocks (passes/pagination/flow-fit.ts). */
  flowParts: FlowPartItem[];
  /**
   * Items hung (directly or down a chain) from an item on every page, in placing order: each hangs, on
   * every page its target lands on, from that page's instance of it (hangOnEveryPage, once the page
   * count is known).
   */
  repeated: LicensedItem[];
  byId: Map<string, LicensedItem>;
}

/** A table, or a flow that continues or holds blocks: placed by pagination and drawn as its parts. */
export function placedInParts(item: LicensedItem): boolean {
  return item.type === 'table' || (item.type === 'flow' && item.story !== undefined);
}

/** The size of page `n` (page_sizes, else the document's). */
export function pageSize(ir: LicensedIr, n: number): PageSize {
  return ir.doc.pageSizes?.get(n) ?? ir.page;
}

/** Places tables and hung items, in the order their dependencies give. */
export function placeItems(ir: LicensedIr, ctx: PassContext, pageOf?: PageOf, headingPage?: HeadingPage): Placed {
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
  const flowParts: FlowPartItem[] = [];
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

  /** The page and box an item that overflows (a table, a story) starts in: hung with relative_to, or on
   * its one page — `pages: []` written out is "every page", which it cannot start on: refused under
   * `onePage`, never a silent page 1. */
  const startOf = (
    item: LicensedItem & { rect: RectSpec },
    onePage: 'flowPagesOne' | 'tablePagesOne',
    what: string,
  ): { page: number; box: Box } => {
    if (item.relativeTo) {
      const a = anchor(item);
      return {
        page: a.page,
        box: hangBox(boxOn(item.rect, a.page, 'the rect of an item hung with relative_to'), a.hang),
      };
    }
    if (item.pages.select || item.pages.list.length > 1 || item.pages.emptyWritten)
      refuse(onePage, item.pages.at, { key: item.pages.at });
    const page = item.pages.list[0] ?? 1;
    if (page > ceiling) refuse('tooManyPages', item.pages.at, { pages: page, ceiling });
    return { page, box: boxOn(item.rect, page, what) };
  };

  const repeated: LicensedItem[] = [];
  const repeats = new Set<LicensedItem>();
  /** An item on every page (an empty list or a rule), or hung from one: it has an instance on each of its pages. */
  const onEveryPage = (t: LicensedItem): boolean =>
    !placedInParts(t) && (repeats.has(t) || (!t.relativeTo && (!!t.pages.select || t.pages.list.length === 0)));

  for (const item of order) {
    if (item.relativeTo && onEveryPage(byId.get(item.relativeTo.id)!)) {
      // A table starts on one page; what hangs from an item on every page is on every page too.
      if (placedInParts(item))
        refuse('relativeToEveryPage', `${item.relativeTo.at}/id`, { at: item.relativeTo.at, id: item.relativeTo.id });
      repeats.add(item);
      repeated.push(item);
      continue;
    }
    if (item.type === 'flow' && item.story) {
      // A story starts on one page and continues by overflow, as a table does.
      const { page, box } = startOf(item, 'flowPagesOne', "a flow's rect");
      const conts = item.story.continuation;
      const laid = layStory(item, box.urx - box.llx, ctx.now, pageOf, headingPage);
      const boxes = new Map<number, Box[]>();
      const fitted = fitStory({
        flow: item,
        laid,
        startPage: page,
        startBox: box,
        boxesOn: (p) => {
          let bs = boxes.get(p);
          if (!bs) {
            bs = conts.map((r) => boxOn(r, p, "a flow's continuation"));
            boxes.set(p, bs);
          }
          return bs;
        },
        measure: (t, width) => measureTable(t, width, ir.doc, ctx.now),
        ceiling,
      });
      parts.set(
        item,
        fitted.parts.map((f) => ({ page: f.page, top: f.top, bottom: f.bottom })),
      );
      fitted.parts.forEach((f, i) =>
        flowParts.push({
          type: 'flow_part' as const,
          at: item.at,
          index: item.index,
          flow: item,
          part: i + 1,
          page: f.page,
          box: f.box,
          lines: f.lines,
          foot: f.foot,
          laid,
        }),
      );
      fitted.tables.forEach((st, k) => pushAll(tableParts, storyTableParts(st, k, item)));
    } else if (item.type === 'table') {
      const { page, box } = startOf(item, 'tablePagesOne', "a table's rect");
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
          type: 'table_part' as const,
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
      placed.set(
        item,
        Object.assign({}, item, { hang: a.hang, pages: Object.assign({}, item.pages, { list: [a.page] }) }),
      );
    }
  }

  return { parts, hung: placed, tableParts, flowParts, repeated, byId };
}

/**
 * The instances of the items hung from an item on every page, once the page count is known: on each
 * page its target lands on (`landsOn`), the item hangs from that page's instance of the target —
 * a caption under a heading on every page sits under the heading on each page. `part` names one of
 * the target's pages (its n-th, in page order): the item lands there only. Returns, per item, its
 * instances in page order.
 */
export function hangOnEveryPage(
  ir: LicensedIr,
  placed: Placed,
  count: number,
  landsOn: (item: LicensedItem) => number[],
): Map<LicensedItem, { page: number; item: LicensedItem }[]> {
  const out = new Map<LicensedItem, { page: number; item: LicensedItem }[]>();
  const edges = new Map<LicensedItem, Map<number, { top: number; bottom: number }>>();
  const boxOf = (item: LicensedItem, page: number): Box => {
    const b = pageBindings(pageSize(ir, page), page, count);
    return item.rect ? rectValue(item.rect, b) : shapeBox(item as ShapeItem, b, ir.doc);
  };
  for (const item of placed.repeated) {
    const rel = item.relativeTo!;
    const target = placed.byId.get(rel.id)!;
    const own = edges.get(target);
    const pages = own ? [...own.keys()] : landsOn(target);
    let chosen = pages;
    if (rel.part !== undefined) {
      if (rel.part > pages.length)
        refuse('relativePartMissing', `${rel.at}/part`, {
          at: rel.at,
          part: rel.part,
          id: rel.id,
          parts: pages.length,
        });
      chosen = [pages[rel.part - 1]];
    }
    const mine = new Map<number, { top: number; bottom: number }>();
    const instances: { page: number; item: LicensedItem }[] = [];
    for (const page of chosen) {
      const t =
        own?.get(page) ??
        (() => {
          const b = boxOf(target, page);
          return { top: b.ury, bottom: b.lly };
        })();
      const hang: Hang =
        rel.edge === 'bottom' ? { edge: 'bottom', y: t.bottom - rel.offset } : { edge: 'top', y: t.top + rel.offset };
      const b = hangBox(boxOf(item, page), hang);
      mine.set(page, { top: b.ury, bottom: b.lly });
      instances.push({ page, item: Object.assign({}, item, { hang }) });
    }
    edges.set(item, mine);
    out.set(item, instances);
  }
  return out;
}

/** The parts of a table set in a story, as a table item's parts are (its place in the drawing order the flow's). */
export function storyTableParts(st: FittedStoryTable, ordinal: number, flow: Item): TablePartItem[] {
  return st.parts.map((f, i) => ({
    type: 'table_part' as const,
    at: st.table.at,
    index: st.table.index,
    table: st.table,
    part: i + 1,
    page: f.page,
    box: f.box,
    colX: st.m.colX,
    colW: st.m.colW,
    rows: f.rows,
    measured: st.m,
    storyTable: ordinal,
    // Turned, faded and layered as its story is, about the story's box (passes/layout/wrap.ts).
    wrapIn: { item: flow, box: st.storyBoxes[i] },
  }));
}

/** The coordinates a shape without a rect is drawn from (its points; a drawing's box is numbers). */
function shapeCoords(item: ShapeItem | RadioGroupItem): Coord[] {
  if (item.type === 'radio_group') return item.buttons.flatMap((x) => [x.rect.llx, x.rect.lly, x.rect.urx, x.rect.ury]);
  if (item.type === 'drawing' || item.type === 'ellipse') return [];
  return item.segments.flatMap((s) => (s.k === 'close' ? [] : s.k === 'curve' ? [...s.c1, ...s.c2, ...s.p] : [...s.p]));
}
