// passes/pagination/pagination.ts — pass 4 of 7: which pages exist and what lands on each. Pages are created by
// what is drawn on them (spec, "What the service does" 4): the count is the largest page any item
// lands on — named in its `pages` list, reached by a table overflowing its boxes, or reached by an
// item hung from such a table with `relative_to` — and at least one. An item with an empty `pages`
// list lands on every page, those created by overflow included; the object form (`every`, `from`,
// `to`, `but`) selects among the pages of the finished document and creates none. The client's
// page ceiling is enforced while pages are created. The numbering of the request (renumber) is built
// once the count is known. LicensedIr → PagedIr. Sub-steps live in passes/pagination/.

import { refuse } from '../../ir/messages.js';
import { labelledNumbering, plainNumbering } from '../../ir/page-refs.js';
import type {
  LicensedIr,
  LicensedItem,
  PagedIr,
  PagePlan,
  PageSelect,
  PlacedItem,
  ResolvedTableItem,
} from '../../ir/types.js';
import type { Pass, PassContext } from '../pass.js';
import { contentsPlaces } from './contents.js';
import { checkFilePages } from './file-pages.js';
import { fitFormTables } from './form-tables.js';
import { placeWithPageRefs, storyBookmarks, storyLandings } from './page-refs.js';
import { placeNavigation } from './places.js';
import { hangOnEveryPage, pageSize, placedInParts } from './placing.js';

/** Whether the object form of a pages rule selects page `n` of a document of `total` pages. */
export function selects(s: PageSelect, n: number, total: number): boolean {
  const to = s.to ?? total;
  return n >= s.from && n <= to && (n - s.from) % s.every === 0 && !s.but.includes(n);
}

export const pagination: Pass<LicensedIr, PagedIr> = {
  id: 'pagination',
  run(ir: LicensedIr, ctx: PassContext): PagedIr {
    const ceiling = ctx.client.pageCeiling;
    // Items placed; a story printing `{page_of:…}` laid until its numbers settle (./page-refs.ts).
    const { placed: placing, pages: pageRefs } = placeWithPageRefs(ir, ctx);
    const { parts, hung: placed, tableParts, flowParts } = placing;
    // Tables inside drawings and tiling cells: fitted into their one rect (passes/pagination/form-tables.ts).
    fitFormTables(ir, ctx);
    let count = 1;
    for (const item of ir.items) for (const n of item.pages.list) if (n > count) count = n;
    for (const ps of parts.values()) for (const p of ps) if (p.page > count) count = p.page;
    // A story's table blocks can reach past its lines (a story ending in a table, or one that is a table only).
    for (const tp of tableParts) if (tp.page > count) count = tp.page;
    if (count > ceiling) {
      // Name the item that asks for the page past the ceiling.
      const culprit =
        ir.items.find((it) => it.pages.list.some((n) => n > ceiling)) ??
        ir.items.find((it) => (parts.get(it) ?? []).some((p) => p.page > ceiling)) ??
        ir.items.find((it) => tableParts.some((tp) => tp.index === it.index && tp.page > ceiling))!;
      refuse('tooManyPages', culprit.pages.at, { pages: count, ceiling });
    }
    checkFilePages(ir.doc, count); // page_files, page_metadata name pages that must exist
    const pages: PagePlan[] = [];
    // A page_sizes entry past the end is accepted and does not lengthen the document (docs/reference.md).
    for (let n = 1; n <= count; n++) pages.push({ number: n, size: pageSize(ir, n), items: [] });
    const landsOn = (item: LicensedItem): number[] => {
      const { list, select } = item.pages;
      if (select) return pages.filter((p) => selects(select, p.number, count)).map((p) => p.number);
      return list.length === 0 ? pages.map((p) => p.number) : [...new Set(list)].sort((a, b) => a - b);
    };
    const repeated = hangOnEveryPage(ir, placing, count, landsOn);
    for (const item of ir.items) {
      if (placedInParts(item)) continue;
      const instances = repeated.get(item);
      if (instances) {
        for (const { page, item: hungHere } of instances) pages[page - 1].items.push(hungHere);
        continue;
      }
      const hung = placed.get(item);
      if (hung) {
        pages[hung.pages.list[0] - 1].items.push(hung);
        continue;
      }
      const { list, select } = item.pages;
      if (select) {
        for (const p of pages) if (selects(select, p.number, count)) p.items.push(item);
      } else if (list.length === 0) {
        for (const p of pages) p.items.push(item);
      } else {
        for (const n of new Set(list)) pages[n - 1].items.push(item);
      }
    }
    // Table and flow parts keep their item's place in the drawing order.
    if (tableParts.length || flowParts.length) {
      for (const tp of tableParts) pages[tp.page - 1].items.push(tp as PlacedItem);
      for (const fp of flowParts) pages[fp.page - 1].items.push(fp);
      for (const p of pages) p.items.sort((a, b) => a.index - b.index);
    }
    const numbering = ir.doc.renumber ? labelledNumbering(count, ir.doc.renumber) : plainNumbering(count);
    // Last sub-step: page references of the navigation, now that the page count and numbering are known (issue 9).
    const places = placeNavigation(ir.doc, ir.items, pages);
    // Stories with `bookmarks: true`: an outline entry per heading, after the declared bookmarks (./page-refs.ts).
    const outline = storyBookmarks(placing, pageRefs);
    // Contents entries lead to their headings (./contents.ts).
    for (const [at, place] of contentsPlaces(storyLandings(placing))) places.set(at, place);
    let doc = { ...ir.doc, numbering, places };
    if (outline.bookmarks.length) {
      for (const [at, place] of outline.places) places.set(at, place);
      const nav = ir.doc.navigation ?? { bookmarks: [], destinations: [], articles: [], conflicts: [] };
      doc = { ...doc, navigation: { ...nav, bookmarks: [...nav.bookmarks, ...outline.bookmarks] } };
    }
    return { stage: 'paged', doc, fonts: ir.fonts, pages, numbering, pageRefs };
  },
};

export type { ResolvedTableItem };
