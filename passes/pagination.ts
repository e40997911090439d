// passes/pagination.ts — pass 4 of 7: which pages exist and what lands on each. Pages are created by
// what is drawn on them (spec, "What the service does" 4): the count is the largest page any item
// names, at least one; an item with an empty `pages` list lands on every page; the object form
// (`every`, `from`, `to`, `but`) selects among the pages the document has and creates none. The page ceiling of
// the client is enforced here, before any page is built. LicensedIr → PagedIr.
import type { LicensedIr, PagedIr, PagePlan, PageSelect } from '../ir/types.js';
import { placeNavigation } from './navigation/places.js';
import { refuse, type Pass, type PassContext } from './pass.js';
import { checkFilePages } from './standards-check.js';

/** Whether the object form of a pages rule selects page `n` of a document of `total` pages. */
export function selects(s: PageSelect, n: number, total: number): boolean {
  const to = s.to ?? total;
  return n >= s.from && n <= to && (n - s.from) % s.every === 0 && !s.but.includes(n);
}

export const pagination: Pass<LicensedIr, PagedIr> = {
  id: 'pagination',
  run(ir: LicensedIr, ctx: PassContext): PagedIr {
    let count = 1;
    for (const item of ir.items) for (const n of item.pages.list) if (n > count) count = n;
    if (count > ctx.client.pageCeiling) {
      // Name the item that asks for the page past the ceiling.
      const culprit = ir.items.find((it) => it.pages.list.some((n) => n > ctx.client.pageCeiling))!;
      refuse('tooManyPages', culprit.pages.at, count, ctx.client.pageCeiling);
    }
    checkFilePages(ir.doc, count); // page_files, page_metadata name pages that must exist
    const pages: PagePlan[] = [];
    // A page_sizes entry past the end is accepted and does not lengthen the document (docs/reference.md).
    for (let n = 1; n <= count; n++) pages.push({ number: n, size: ir.doc.pageSizes?.get(n) ?? ir.page, items: [] });
    for (const item of ir.items) {
      const { list, select } = item.pages;
      if (select) {
        for (const p of pages) if (selects(select, p.number, count)) p.items.push(item);
      } else if (list.length === 0) {
        for (const p of pages) p.items.push(item);
      } else {
        for (const n of new Set(list)) pages[n - 1].items.push(item);
      }
    }
    // Last sub-step: page references of the navigation, now that the page count is known (issue 9).
    const places = placeNavigation(ir.doc, ir.items, pages);
    return { stage: 'paged', doc: { ...ir.doc, places }, fonts: ir.fonts, pages };
  },
};
