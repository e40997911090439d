// ir/structure-types.ts — the IR of the top-level `structure` key (docs/reference.md, "structure"):
// the document's logical structure in reading order, as read (element types checked against the
// standard structure types of ISO 32000-1 §14.8.4 and the role map), then resolved against the items
// by the structure step of the cross-refusals pass (passes/cross-refusals/structure.ts). ir/types.ts does
// not re-export these names; DocSettings holds `structure`.
import type { JsonPointer } from './pointer.js';

/** Standard structure types of ISO 32000-1 §14.8.4 (PDF 1.7), the ones PDF/A-1/2/3 and PDF/UA-1 name. */
export const STANDARD_STRUCTURE_TYPES = [
  // grouping (Table 333)
  'Document',
  'Part',
  'Art',
  'Sect',
  'Div',
  'BlockQuote',
  'Caption',
  'TOC',
  'TOCI',
  'Index',
  'NonStruct',
  'Private',
  // block-level (Tables 334–337)
  'P',
  'H',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'L',
  'LI',
  'Lbl',
  'LBody',
  'Table',
  'TR',
  'TH',
  'TD',
  'THead',
  'TBody',
  'TFoot',
  // inline-level (Tables 338–339)
  'Span',
  'Quote',
  'Note',
  'Reference',
  'BibEntry',
  'Code',
  'Link',
  'Annot',
  'Ruby',
  'RB',
  'RT',
  'RP',
  'Warichu',
  'WT',
  'WP',
  // illustrations (Table 340)
  'Figure',
  'Formula',
  'Form',
] as const;
/**
 * Types only the standard structure namespace of PDF 2.0 defines (ISO 32000-2 §14.8.4, Annex M; Hn
 * past 6 and Artifact left out): accepted, and written in that namespace, under `accessible: "pdfua2"`
 * only (passes/cross-refusals/structure.ts refuses them elsewhere).
 */
export const PDF2_STRUCTURE_TYPES = ['DocumentFragment', 'Aside', 'Title', 'FENote', 'Sub', 'Em', 'Strong'] as const;

/** PDF 1.7 types the PDF 2.0 namespace does not define (ISO 32000-2 Annex M): written in the PDF 1.7 namespace. */
export const PDF17_ONLY_STRUCTURE_TYPES: ReadonlySet<string> = new Set([
  'Art',
  'BlockQuote',
  'TOC',
  'TOCI',
  'Index',
  'Private',
  'Quote',
  'Note',
  'Reference',
  'BibEntry',
  'Code',
]);

export type StandardStructureType = (typeof STANDARD_STRUCTURE_TYPES)[number] | (typeof PDF2_STRUCTURE_TYPES)[number];

/** One element as the request states it. */
export interface StructElementSpec {
  at: JsonPointer;
  /** As written: a standard type, or a custom type the role map maps. */
  type: string;
  /** The standard type it stands for (itself, or through `role_map`). */
  standard: StandardStructureType;
  /** `id`: written in the IDTree (/ID), and what a destination's `structure_element` may name. */
  id?: string;
  alt?: string;
  actualText?: string;
  expansion?: string;
  lang?: string;
  title?: string;
  /** In reading order: elements, or items named by their `id`. */
  children: (StructElementSpec | StructItemRef)[];
}

/** An item named in `children` by its `id`. */
export interface StructItemRef {
  at: JsonPointer;
  item: string;
}

export interface StructureSpec {
  at: JsonPointer;
  lang?: string;
  roleMap: Map<string, StandardStructureType>;
  elements: StructElementSpec[];
  /** Set by the structure step of cross-refusals: item index → where it stands in the tree. */
  placed?: Map<number, PlacedItemTag>;
}

/**
 * How an item's content joins the tree: `inline` — its marks are kids of the element it is named in;
 * `paragraphs` — one P per paragraph (text, flow) under it; `list` — one LI (Lbl, LBody) per
 * paragraph of a hanging_list flow in an L; `table` — the table's own Table/THead/TBody/TFoot/TR/TH/TD;
 * `annotation` — the item's annotations as OBJRs, in an element of `element`'s type (Link for a link,
 * Form for a form field's widgets) of their own unless named in one.
 */
export interface PlacedItemTag {
  ref: StructItemRef;
  owner: StructElementSpec;
  mode: 'inline' | 'paragraphs' | 'list' | 'table' | 'annotation';
  /** For `annotation`: the element its annotations stand in. */
  element?: 'Link' | 'Form';
  /** For `list`: how its labels number the items (/ListNumbering, written under PDF/UA-2): numbers or letters, else marks. */
  numbering?: 'Ordered' | 'Unordered';
  /** A table's grid, for its rows and cells in the tree: per row, each cell's spans. */
  table?: TableGrid;
  /**
   * A story (a flow with blocks, docs/reference.md "flow"): its paragraphs and table blocks in order —
   * a paragraph's element type (P, or H1–H6 for a heading), a table block's grid. Paragraph n's pieces
   * are `p<n>` (counting paragraphs only), table block k's cells `t<k>.r<row>c<cell>`. A contents
   * block is a TOC: its title's paragraph (when it has one) and its entries' paragraphs, each entry's
   * link annotations named by the entry's pointer (passes/emit/document/structure-toc.ts).
   */
  story?: (
    | { tag: string; notes?: StoryNoteTag[] }
    | { table: TableGrid }
    | { toc: { title: boolean; entries: JsonPointer[] } }
  )[];
}

/**
 * A footnote of a story's paragraph (docs/reference.md, "flow", footnotes): its mark (pieces `m<k>`)
 * is a Reference, its note (pieces `n<k>`) a Note with this /ID, `k` its index among the story's notes.
 */
export interface StoryNoteTag {
  k: number;
  id: string;
}

/** A table's rows and cells as the structure tree needs them. */
export interface TableGrid {
  rows: { rowSpan: number; colSpan: number }[][];
  headerRows: number;
  footerRows: number;
}

/** What a piece of marked content on a page stands for: an item's piece, or an artifact. */
export type ContentMark =
  | { kind: 'content'; item: number; piece: string; tag: string }
  | { kind: 'artifact'; type?: 'Pagination' | 'Layout' | 'Page' | 'Background' };

/** The element of `structure` whose `id` is `id` (depth first, reading order), or undefined. */
export function elementById(s: StructureSpec | undefined, id: string): StructElementSpec | undefined {
  const walk = (es: readonly (StructElementSpec | StructItemRef)[]): StructElementSpec | undefined => {
    for (const e of es) {
      if (!('type' in e)) continue;
      if (e.id === id) return e;
      const hit = walk(e.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return s ? walk(s.elements) : undefined;
}

/** The ids of the items an element holds, itself and its descendants, in reading order. */
export function itemIdsOf(e: StructElementSpec): string[] {
  return e.children.flatMap((c) => ('type' in c ? itemIdsOf(c) : [c.item]));
}
