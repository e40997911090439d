// passes/pagination/page-refs.ts — pagination sub-step: cross-references (issue 23, docs/reference.md
// "flow", "Cross-references"). `{page_of:ID}` prints the page number (as `{current_page}` prints it)
// of the item, story block or heading with that id: an item's first page, a block's or heading's
// first line. What can be named is checked before anything is placed (an unknown id is refused,
// `pageOfUnknown`; a block id that repeats another id, `itemIdTwice`). Where each story block with an
// id, and each heading, lands (page and top) is read off the placed parts. A story that prints
// `{page_of:…}` is laid with a guess, placed, and laid again with the pages found, until the numbers
// it printed are the numbers found (at most ROUNDS layings; else `pageOfUnsettled`).

import type { LaidStory } from '../../engines/text/story.js';
import { releaseText } from '../../engines/text/text-memory.js';
import { minOf } from '../../ir/bounded.js';
import { refuse } from '../../ir/messages.js';
import type { Bookmark, Place } from '../../ir/navigation-types.js';
import { type PageOf, pageOfRefsIn, resolvePlaceholders } from '../../ir/placeholders.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { TableItem } from '../../ir/table-types.js';
import type { LicensedIr, LicensedItem, StoryParagraph } from '../../ir/types.js';
import type { PassContext } from '../pass.js';
import { contentsListing, HeadingGuess, hasContents, headingName } from './contents.js';
import { type Placed, placeItems } from './placing.js';

/** How many times a story printing `{page_of:…}` is laid before its numbers must have settled. */
export const ROUNDS = 4;

/** Where a story's heading or block with an id lands: its first line's page and top (baseline + ascender). */
export interface Landing {
  flow: LicensedItem;
  block: StoryParagraph;
  page: number;
  top: number;
}

/** Each text of a table's cells that may hold placeholders, with its pointer (nothing allocated per cell). */
function eachCellText(t: TableItem, story: boolean, f: (text: string, at: JsonPointer, story: boolean) => void): void {
  // a `{page_of:…}` is a placeholder: a table the reader found none in has nothing to look at
  if (!t.placeholders) return;
  const rows = t.rows;
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i].cells;
    for (let j = 0; j < cells.length; j++) {
      const cell = cells[j];
      const x = cell.content;
      if (x.kind === 'text' && !x.runs) f(cell.text ?? '', cell.at, story);
      else if (x.kind === 'text') for (let k = 0; k < x.runs.length; k++) f(x.runs[k].text, x.runs[k].at, story);
      else if (x.kind === 'flow') f(x.text, x.at, story);
    }
  }
}

/** Each text of an item that may print `{page_of:…}`, with its pointer and whether a story sets it. */
function eachText(item: LicensedItem, f: (text: string, at: JsonPointer, story: boolean) => void): void {
  if (item.type === 'text' || item.type === 'text_path') {
    for (const r of item.runs) f(r.text, r.at, false);
  } else if (item.type === 'table') eachCellText(item as TableItem, false, f);
  else if (item.type === 'flow') {
    if (!item.story) f(item.content, item.contentAt, false);
    else
      for (const b of item.story.blocks) {
        if (b.kind === 'paragraph')
          for (const r of b.runs) {
            f(r.text, r.at, true);
            // a footnote's runs print in the same story, at the foot of its box
            if (r.footnote) for (const n of r.footnote) f(n.text, n.at, true);
          }
        // A table block is measured before its story is placed: its numbers print as a table item's do, at layout.
        else if (b.kind === 'table') eachCellText(b.table, false, f);
      }
  }
}

/**
 * Checks the `{page_of:…}` of every text against the ids that can be named (items' ids, story blocks'
 * ids); says whether a story prints one (then it is laid until its numbers settle).
 */
export function checkPageRefs(ir: LicensedIr): { inStory: boolean } {
  const ids = new Map<string, JsonPointer>();
  for (const item of ir.items) if (item.id !== undefined) ids.set(item.id, `${item.at}/id`);
  for (const item of ir.items) {
    if (item.type !== 'flow' || !item.story) continue;
    for (const b of item.story.blocks) {
      if (b.kind !== 'paragraph' || b.id === undefined) continue;
      const at = `${b.at}/id`;
      const earlier = ids.get(b.id);
      if (earlier !== undefined) refuse('itemIdTwice', at, { id: b.id, at, earlier });
      ids.set(b.id, at);
    }
  }
  let inStory = false;
  const check = (text: string, at: JsonPointer, story: boolean) => {
    if (text.indexOf('{page_of:') < 0) return;
    for (const id of pageOfRefsIn(text)) {
      if (!ids.has(id)) refuse('pageOfUnknown', at, { id, at });
      if (story) inStory = true;
    }
  };
  for (const item of ir.items) eachText(item, check);
  return { inStory };
}

/** Where every story heading and block with an id lands, in story order. */
export function storyLandings(placed: Placed): Landing[] {
  const out: Landing[] = [];
  const seen = new Set<StoryParagraph>();
  for (const fp of placed.flowParts) {
    const laid = fp.laid as LaidStory;
    for (const pl of fp.lines) {
      const sp = laid.paragraphs[pl.paragraph];
      const block = sp.block;
      if ((block.id === undefined && block.heading === undefined) || seen.has(block)) continue;
      seen.add(block);
      out.push({ flow: fp.flow, block, page: fp.page, top: pl.baseline + sp.p.lines[pl.line].ascender });
    }
  }
  return out;
}

/** The first page an item lands on (a rule of pages: the first page it can select; every page: 1). */
function firstPage(item: LicensedItem, placed: Placed): number {
  const parts = placed.parts.get(item);
  if (parts?.length) return minOf(parts.map((p) => p.page));
  const hung = placed.hung.get(item);
  if (hung) return hung.pages.list[0];
  const { list, select } = item.pages;
  if (select) {
    let n = select.from;
    while (select.but.includes(n)) n += select.every;
    return n;
  }
  return list.length ? minOf(list) : 1;
}

/** The page every id names, once everything is placed. */
export function pagesOfIds(ir: LicensedIr, placed: Placed): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of ir.items) if (item.id !== undefined) out.set(item.id, firstPage(item, placed));
  for (const l of storyLandings(placed)) if (l.block.id !== undefined) out.set(l.block.id, l.page);
  return out;
}

/**
 * Places the items (passes/pagination/placing.ts); when a story prints `{page_of:…}`, lays it with a
 * guess (page 1, then the pages the last laying found) until the numbers it printed are the pages found.
 */
export function placeWithPageRefs(ir: LicensedIr, ctx: PassContext): { placed: Placed; pages: Map<string, number> } {
  const { inStory } = checkPageRefs(ir);
  // A contents block prints its headings' pages as `{page_of}` prints an id's (./contents.ts).
  if (!inStory && !hasContents(ir)) {
    const placed = placeItems(ir, ctx);
    return { placed, pages: pagesOfIds(ir, placed) };
  }
  let guess = new Map<string, number>();
  let headings = new HeadingGuess();
  let printedAt: JsonPointer = ir.items.find((i) => i.type === 'flow' && i.story)!.at;
  for (let round = 1; ; round++) {
    const printed = new Map<string, number>();
    const pageOf: PageOf = (id) => {
      const n = guess.get(id) ?? 1;
      printed.set(id, n);
      return n;
    };
    const placed = placeItems(ir, ctx, pageOf, headings.page);
    const pages = pagesOfIds(ir, placed);
    const landings = storyLandings(placed);
    let moved: string | undefined;
    for (const [id, n] of printed) if (pages.get(id) !== n) moved = id;
    const movedHeading = headings.moved(landings);
    if (moved === undefined && movedHeading === undefined) return { placed, pages };
    if (round >= ROUNDS) {
      if (moved === undefined) {
        const h = movedHeading!;
        printedAt = contentsListing(ir, h) ?? printedAt;
        refuse('pageOfUnsettled', printedAt, { at: printedAt, id: headingName(h), rounds: ROUNDS });
      }
      printedAt = storyPrinting(ir, moved) ?? printedAt;
      refuse('pageOfUnsettled', printedAt, { at: printedAt, id: moved, rounds: ROUNDS });
    }
    headings = headings.next(landings);
    // This laying is dropped: what its stories' lines took goes back before the next one is laid.
    for (const laid of new Set(placed.flowParts.map((f) => f.laid as LaidStory))) releaseText(laid.charged);
    guess = pages;
  }
}

/** The first story text that prints the page of `id`. */
function storyPrinting(ir: LicensedIr, id: string): JsonPointer | undefined {
  let found: JsonPointer | undefined;
  for (const item of ir.items)
    eachText(item, (text, at, story) => {
      if (found === undefined && story && pageOfRefsIn(text).includes(id)) found = at;
    });
  return found;
}

/**
 * The outline entries of the stories with `bookmarks: true`: one per heading, titled with its text,
 * nested by level (a heading goes under the nearest earlier one of a smaller level), aimed at its
 * page with the view's top at the heading's top (`xyz`, left and zoom kept). Returns the entries and
 * their places (keyed by a pointer of the heading's, as pagination places a bookmark's page).
 */
export function storyBookmarks(
  placed: Placed,
  pages: ReadonlyMap<string, number>,
): { bookmarks: Bookmark[]; places: [JsonPointer, Place][] } {
  const bookmarks: Bookmark[] = [];
  const places: [JsonPointer, Place][] = [];
  const stack: { level: number; b: Bookmark }[] = [];
  const pageOf = (id: string) => pages.get(id);
  let flow: LicensedItem | undefined;
  for (const l of storyLandings(placed)) {
    if (l.flow.type !== 'flow' || !l.flow.story?.bookmarks || l.block.heading === undefined) continue;
    if (l.flow !== flow) stack.length = 0; // each story's headings nest among themselves
    flow = l.flow;
    const at = `${l.block.at}/heading`;
    const title = l.block.runs
      .map((r) => (r.placeholders ? resolvePlaceholders(r.text, l.page, 0, pageOf) : r.text))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    const b: Bookmark = {
      at,
      title,
      target: { kind: 'page', at, page: { at, ref: l.page }, view: { at, fit: 'xyz' } },
      open: true,
      bold: false,
      italic: false,
      children: [],
    };
    places.push([
      at,
      { page: l.page, view: { fit: 'xyz', left: null, top: l.top, right: null, bottom: null, zoom: null } },
    ]);
    while (stack.length && stack[stack.length - 1].level >= l.block.heading) stack.pop();
    (stack.length ? stack[stack.length - 1].b.children : bookmarks).push(b);
    stack.push({ level: l.block.heading, b });
  }
  return { bookmarks, places };
}
