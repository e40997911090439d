// ir/page-refs.ts — page references in the request's own numbering. Keys that name a page
// (bookmarks, destinations, article beads, links, …) are written in the numbering the request uses:
// after `renumber`, that is the page labels; without it, 1-based physical page numbers. This module
// turns such a reference into a physical page and refuses a page the document lacks (spec
// Conventions, "Page references"), naming it as the request did. The pagination pass builds the
// numbering once the page count is known; later passes only look pages up.
import type { JsonPointer } from './pointer.js';

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
  if (page === undefined) refuse('pageMissing', at, { page: String(ref), at, pages: numbering.count });
  return page;
}

// ───────────── renumber: page labels (ISO 32000-1 §12.4.2) ─────────────

import { refuse } from './messages.js';
import type { LabelStyle, RenumberEntry } from './types.js';

function roman(n: number): string {
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** Letters as PDF readers count them (§12.4.2 Table 159): a..z, then aa..zz, aaa… */
function letters(n: number): string {
  const ch = String.fromCharCode(97 + ((n - 1) % 26));
  return ch.repeat(Math.floor((n - 1) / 26) + 1);
}

/** The number part of a label in a style. */
export function formatLabelNumber(style: LabelStyle, n: number): string {
  switch (style) {
    case 'decimal':
      return String(n);
    case 'lower_roman':
      return roman(n);
    case 'upper_roman':
      return roman(n).toUpperCase();
    case 'lower_letters':
      return letters(n);
    case 'upper_letters':
      return letters(n).toUpperCase();
    case 'none':
      return '';
  }
}

/**
 * The numbering after `renumber`: each page's label is the prefix and number of the range it falls
 * in; pages before the first range are numbered 1, 2, 3… A reference given as a string names the
 * first page bearing that label; a number n names the first page labelled String(n) (so without
 * prefixes, "page 3" of a document whose main matter restarts at 1 is the third main page).
 */
export function labelledNumbering(count: number, entries: readonly RenumberEntry[]): PageNumbering {
  const labels = pageLabels(count, entries);
  const first = new Map<string, number>();
  labels.forEach((l, i) => {
    if (!first.has(l)) first.set(l, i + 1);
  });
  return {
    count,
    find: (ref) =>
      typeof ref === 'number' ? (Number.isInteger(ref) ? first.get(String(ref)) : undefined) : first.get(ref),
    label: (physical) => labels[physical - 1] ?? String(physical),
  };
}

/** Every page's label, in page order. */
export function pageLabels(count: number, entries: readonly RenumberEntry[]): string[] {
  const out: string[] = [];
  let e = -1;
  for (let p = 1; p <= count; p++) {
    while (e + 1 < entries.length && entries[e + 1].page <= p) e++;
    if (e < 0) {
      out.push(String(p));
      continue;
    }
    const r = entries[e];
    out.push(r.prefix + formatLabelNumber(r.style, r.start + (p - r.page)));
  }
  return out;
}
