// passes/page-refs.ts — page references in the request's own numbering. Keys that name a page
// (bookmarks, destinations, article beads, links, …) are written in the numbering the request uses:
// after `renumber`, that is the page labels; without it, 1-based physical page numbers. This module
// turns such a reference into a physical page and refuses a page the document lacks (spec
// Conventions, "Page references"), naming it as the request did. The pagination pass builds the
// numbering once the page count is known; later passes only look pages up.
import type { JsonPointer } from '../ir/pointer.js';
import { refuse } from './pass.js';

/** A reference as the request writes it: a number, or a label string once renumber gives labels. */
export type PageRef = number | string;

export interface PageNumbering {
  /** Pages of the finished document. */
  readonly count: number;
  /** The physical page (1-based) a reference names, or undefined when the document has no such page. */
  find(ref: PageRef): number | undefined;
  /** How the request's numbering names a physical page (its label), for messages. */
  label(physical: number): string;
}

/** Plain numbering: references are 1-based physical page numbers (no renumber). */
export function plainNumbering(count: number): PageNumbering {
  return {
    count,
    find: (ref) => (typeof ref === 'number' && Number.isInteger(ref) && ref >= 1 && ref <= count ? ref : undefined),
    label: (physical) => String(physical),
  };
}

/** The physical page a reference names; refuses (400, naming the page as the request wrote it) when there is none. */
export function resolvePageRef(numbering: PageNumbering, ref: PageRef, at: JsonPointer): number {
  const page = numbering.find(ref);
  if (page === undefined) refuse('pageMissing', at, String(ref), at, numbering.count);
  return page;
}
