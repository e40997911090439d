// passes/pagination/places.ts — pagination pass, last sub-step: every page reference of the
// navigation (bookmark, destination, link and action targets, article beads, print ranges) is
// checked against the finished page count and turned into a physical page, its view or bead box
// evaluated on that page. Here because the page count is known only now and nothing may be drawn
// before every reference is good (spec Conventions, "Page references"). Per-page settings naming a
// page the document lacks are refused too, except page_boxes (accepted past the end, spec page_boxes).

import { coordValue, pageBindings, rectValue } from '../../engines/geometry/coordinates.js';
import { refuse } from '../../ir/messages.js';
import type { BoxValue, Places, ViewSpec, ViewValue } from '../../ir/navigation-types.js';
import { forEachPageTarget } from '../../ir/navigation-walk.js';
import { resolvePageRef } from '../../ir/page-refs.js';
import { elementById, itemIdsOf } from '../../ir/structure-types.js';
import type { DocSettings, Item, PageSize, PlacedItem } from '../../ir/types.js';
import { requestNumbering } from './numbering.js';

interface PageInfo {
  number: number;
  size: PageSize;
  /** What lands on the page (a table as its parts), for the page a structure destination opens on. */
  items: readonly PlacedItem[];
}

function viewValue(v: ViewSpec, page: PageInfo, total: number): ViewValue {
  const b = pageBindings(page.size, page.number, total);
  const c = (x: ViewSpec['left']) => (x === undefined ? null : coordValue(x, b));
  return {
    fit: v.fit,
    left: c(v.left),
    top: c(v.top),
    right: c(v.right),
    bottom: c(v.bottom),
    zoom: v.zoom ? v.zoom : null,
  };
}

/** The place table of the document; refuses the first reference to a page the document lacks. */
export function placeNavigation(doc: DocSettings, items: readonly Item[], pages: readonly PageInfo[]): Places {
  const places: Places = new Map();
  const total = pages.length;
  const numbering = requestNumbering(doc, total);
  const nav = doc.navigation;
  forEachPageTarget(nav, items, (t) => {
    const n = resolvePageRef(numbering, t.page.ref, t.page.at);
    places.set(t.page.at, { page: n, view: viewValue(t.view, pages[n - 1], total) });
  });
  // A structure destination (PDF 2.0 /SD) opens, for readers that take only /D, on its page: the one
  // its `page` names, else the first page holding content of the element (passes/emit/navigation).
  for (const d of nav?.destinations ?? []) {
    const se = d.structureElement;
    if (!se) continue;
    const given = d.target && places.get(d.target.page.at);
    const e = elementById(doc.structure, se.id);
    const ids = new Set(e ? itemIdsOf(e) : []);
    const holds = (it: PlacedItem) => {
      const id = it.type === 'table_part' ? it.table.id : it.type === 'flow_part' ? it.flow.id : it.id;
      return id !== undefined && ids.has(id);
    };
    const first = pages.find((p) => p.items.some(holds));
    if (!e || (!given && !first))
      refuse('structureElementNotFound', se.at, { destination: d.name, id: se.id, at: se.at });
    places.set(
      se.at,
      given ?? {
        page: first!.number,
        view: { fit: 'fit', left: null, top: null, right: null, bottom: null, zoom: null },
      },
    );
  }
  for (const a of nav?.articles ?? []) {
    for (const bead of a.beads) {
      const n = resolvePageRef(numbering, bead.page.ref, bead.page.at);
      const box: BoxValue = rectValue(bead.rect, pageBindings(pages[n - 1].size, n, total));
      places.set(bead.page.at, { page: n, box });
    }
  }
  for (const r of nav?.reader?.printPages ?? []) {
    places.set(r.from.at, { page: resolvePageRef(numbering, r.from.ref, r.from.at) });
    places.set(r.to.at, { page: resolvePageRef(numbering, r.to.ref, r.to.at) });
  }
  // page_turns, page_shows, page_tab_orders take physical page numbers and state no exception to the
  // page-reference rule; page_boxes does (a page past the end is accepted and changes nothing).
  const s = doc.pageSettings;
  if (s) {
    for (const m of [s.turns, s.shows, s.tabOrders]) {
      for (const e of m.values())
        if (e.page > total) refuse('pageMissing', e.at, { page: e.page, at: e.at, pages: total });
    }
  }
  return places;
}
