// passes/emit/document/structure-toc.ts — emit sub-step: a story's contents block in the structure
// tree (docs/reference.md, "flow", Contents; ISO 32000-1 §14.8.4.3.3): a TOC whose first child is a
// Caption holding the title, then one TOCI per entry, each holding a Link that holds the entry's
// marked content and an OBJR for each of its link annotations (PDF/UA-1 7.18.5: a link annotation is
// in a Link element with its text). Named inline (in a P, say), the title's content is the naming
// element's own and each entry a Link in it.
import type { PDFRef } from 'pdf-lib';

interface ElemLike {
  ref: PDFRef;
  kids: unknown[];
}
interface Annot {
  annot: PDFRef;
  page: PDFRef;
}

export interface TocHelpers<E extends ElemLike, K> {
  make(type: string, parent: PDFRef): E;
  addMarks(e: E, kids: K[] | undefined): void;
  /** The marks of the story's paragraph `n` (its pieces `p<n>`). */
  piece(n: number): K[] | undefined;
  /** The link annotations laid from an entry's pointer, in page order. */
  objrs(at: string): Annot[];
  /** Joins an annotation to its Link element (OBJR, and its /StructParent). */
  objr(link: E, a: Annot): void;
}

/** Builds the TOC under `e` from paragraph `pn` on; returns the paragraph count after it. */
export function tocTree<E extends ElemLike, K>(
  e: E,
  toc: { title: boolean; entries: string[] },
  inline: boolean,
  pn: number,
  h: TocHelpers<E, K>,
): number {
  const child = (type: string, parent: E): E => {
    const c = h.make(type, parent.ref);
    parent.kids.push(c.ref);
    return c;
  };
  if (!toc.title && toc.entries.length === 0) return pn;
  const list = inline ? e : child('TOC', e);
  if (toc.title) {
    const kids = h.piece(pn++);
    if (inline) h.addMarks(e, kids);
    else if (kids) h.addMarks(child('Caption', list), kids);
  }
  for (const at of toc.entries) {
    const kids = h.piece(pn++);
    const annots = h.objrs(at);
    if (!kids && !annots.length) continue;
    const link = child('Link', inline ? e : child('TOCI', list));
    h.addMarks(link, kids);
    for (const a of annots) h.objr(link, a);
  }
  return pn;
}
