// passes/pagination/contents.ts — pagination sub-step: the page numbers of a story's `{contents}`
// entries (issue 23, docs/reference.md "flow", Contents). An entry prints its heading's page; the
// heading is named internally by its block (never by an id, so nothing a request names can clash
// with it). The story is laid with a guess, placed, and laid again with the pages found, in the same
// bounded loop as `{page_of:…}` (./page-refs.ts). Each listed heading's page and top also become the
// place its entry's link leads to (`<heading>/heading`, as a bookmark of the heading is keyed).

import type { HeadingPage } from '../../engines/text/story-contents.js';
import type { Place } from '../../ir/navigation-types.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { LicensedIr, StoryParagraph } from '../../ir/types.js';
import type { Landing } from './page-refs.js';

/** Whether a story of the request lists headings in a contents block (then it is laid until its numbers settle). */
export function hasContents(ir: LicensedIr): boolean {
  return ir.items.some(
    (i) => i.type === 'flow' && i.story?.blocks.some((b) => b.kind === 'contents' && b.entries.length > 0),
  );
}

/** The heading pages a laying prints, recorded as it asks (page 1 for a heading not placed yet). */
export class HeadingGuess {
  private found = new Map<StoryParagraph, number>();
  readonly printed = new Map<StoryParagraph, number>();
  readonly page: HeadingPage = (h) => {
    const n = this.found.get(h) ?? 1;
    this.printed.set(h, n);
    return n;
  };
  /** The next laying's guess: where this one's headings landed. */
  next(landings: readonly Landing[]): HeadingGuess {
    const g = new HeadingGuess();
    for (const l of landings) if (l.block.heading !== undefined) g.found.set(l.block, l.page);
    return g;
  }
  /** A heading whose printed page is not where it landed, if any. */
  moved(landings: readonly Landing[]): StoryParagraph | undefined {
    const at = new Map(landings.map((l) => [l.block, l.page]));
    for (const [h, n] of this.printed) if (at.get(h) !== n) return h;
    return undefined;
  }
}

/** How a refusal names a heading whose page does not settle: its id, else its words. */
export function headingName(h: StoryParagraph): string {
  return (
    h.id ??
    h.runs
      .map((r) => r.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The contents block listing `h` (for a refusal's pointer). */
export function contentsListing(ir: LicensedIr, h: StoryParagraph): JsonPointer | undefined {
  for (const item of ir.items)
    if (item.type === 'flow')
      for (const b of item.story?.blocks ?? [])
        if (b.kind === 'contents' && b.entries.some((e) => e.heading === h)) return b.at;
  return undefined;
}

/** The place of every heading a contents block lists: its page, the view's top at the heading's top. */
export function contentsPlaces(landings: readonly Landing[]): [JsonPointer, Place][] {
  const listed = new Set<StoryParagraph>();
  for (const flow of new Set(landings.map((l) => l.flow))) {
    if (flow.type !== 'flow') continue;
    for (const b of flow.story?.blocks ?? [])
      if (b.kind === 'contents') for (const e of b.entries) listed.add(e.heading);
  }
  return landings
    .filter((l) => listed.has(l.block))
    .map((l): [JsonPointer, Place] => [
      `${l.block.at}/heading`,
      { page: l.page, view: { fit: 'xyz', left: null, top: l.top, right: null, bottom: null, zoom: null } },
    ]);
}
