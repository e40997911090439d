// passes/layout/structure-marks.ts — layout sub-step, tagging: when the description has `structure`, every
// op a page draws is inside marked content (ISO 32000-1 §14.6; PDF/UA-1 7.1: content is either real
// content in the structure tree or an artifact). An item the structure names is marked as its pieces
// — each paragraph of a text or flow (one text object each, spec graphics_states text_knockout: "when
// tagged one per paragraph"), each cell of a table, or the whole item — with the tag of the element it
// will stand in; anything else (items nobody names, a shadow, table rules and fills, repeated header
// rows, templates) is an artifact, page furniture when it is on every page. The MCIDs themselves are
// handed out by emit (passes/emit/pages/content.ts), which records which piece each one is.

import type { JsonPointer } from '../../ir/pointer.js';
import type { ContentMark, PlacedItemTag, StructureSpec } from '../../ir/structure-types.js';
import type { DrawOp, FillRectOp, GlyphRunOp, Item, PlacedItem, TablePartItem } from '../../ir/types.js';

/** The tag of a text piece: the element's own type inline, else the element each paragraph brings. */
function textTag(p: PlacedItemTag): string {
  return p.mode === 'inline' ? p.owner.type : p.mode === 'list' ? 'LBody' : 'P';
}

/** An item's artifact: page furniture (Pagination) when it lands on every page, else Layout. */
export function artifactMark(item: Item | PlacedItem): ContentMark {
  const pages = 'pages' in item ? item.pages : undefined;
  const every = !!pages && (pages.list.length === 0 || pages.select !== undefined);
  return { kind: 'artifact', type: every ? 'Pagination' : 'Layout' };
}

export function marked(at: JsonPointer, mark: ContentMark, ops: DrawOp[]): DrawOp[] {
  return ops.length ? [{ op: 'marked', at, mark, ops }] : [];
}

/** For a text or flow item of a tagged document: the mark of its paragraph i; undefined when untagged or unnamed. */
export function paragraphMarks(
  item: Item,
  structure: StructureSpec | undefined,
): ((i: number) => ContentMark) | undefined {
  if (item.type !== 'text' && item.type !== 'flow') return undefined;
  const p = structure?.placed?.get(item.index);
  if (!p) return undefined;
  const tag = textTag(p);
  return (i) => ({ kind: 'content', item: item.index, piece: `p${i}`, tag });
}

/** Any other item of a tagged document: its ops as one piece of the element naming it, or an artifact. */
export function markItemOps(item: Item, ops: DrawOp[], structure: StructureSpec): DrawOp[] {
  if (ops.length === 1 && ops[0].op === 'marked') return ops; // already marked by its kind
  const p = structure.placed?.get(item.index);
  if (!p) return marked(item.at, artifactMark(item), ops);
  return marked(item.at, { kind: 'content', item: item.index, piece: 'all', tag: p.owner.type }, ops);
}

/**
 * Collects a text block's ops paragraph by paragraph while it is drawn: `start(i)` before paragraph
 * i gives it a fresh text object, `finish()` returns one marked piece per paragraph that drew anything.
 */
export class ParagraphMarker {
  private readonly out: DrawOp[] = [];
  private g0 = 0;
  private r0 = 0;
  private cur = -1;
  private label?: (g: GlyphRunOp) => boolean;
  constructor(
    private readonly target: { at: JsonPointer; textObject: number; glyphs: GlyphRunOp[]; rects: FillRectOp[] },
    private readonly mark: (i: number) => ContentMark,
    private readonly fresh: () => number,
  ) {}
  /** `label` picks the runs of a list item's label (a hanging_list's marker): they become an Lbl piece. */
  start(i: number, label?: (g: GlyphRunOp) => boolean): void {
    this.flush();
    this.cur = i;
    this.label = label;
    this.target.textObject = this.fresh();
  }
  private flush(): void {
    if (this.cur < 0) return;
    const t = this.target;
    let glyphs = t.glyphs.slice(this.g0);
    const rects = t.rects.slice(this.r0);
    this.g0 = t.glyphs.length;
    this.r0 = t.rects.length;
    const m = this.mark(this.cur);
    if (this.label && m.kind === 'content') {
      const lbl = glyphs.filter(this.label);
      glyphs = glyphs.filter((g) => !lbl.includes(g));
      // The label is its own text object, so the body's stays whole after it.
      const own = this.fresh();
      for (const op of marked(
        t.at,
        { ...m, piece: `${m.piece}.lbl`, tag: 'Lbl' },
        lbl.map((g) => Object.assign({}, g, { textObject: own })),
      ))
        this.out.push(op);
    }
    for (const op of marked(t.at, m, [...glyphs, ...rects])) this.out.push(op);
  }
  /**
   * Cuts the current paragraph's piece where it has got to: what it drew since is marked in the groups
   * `split` makes of its runs (a footnote's mark as a Reference between its text: flow-notes.ts), each
   * group its own text object; its rects stay the paragraph's. The paragraph goes on in a new one.
   */
  cut(split: (glyphs: GlyphRunOp[]) => { mark: ContentMark; ops: GlyphRunOp[] }[]): void {
    if (this.cur < 0) return;
    const t = this.target;
    const glyphs = t.glyphs.slice(this.g0);
    const rects = t.rects.slice(this.r0);
    this.g0 = t.glyphs.length;
    this.r0 = t.rects.length;
    for (const g of split(glyphs)) {
      const own = this.fresh();
      for (const op of marked(
        t.at,
        g.mark,
        g.ops.map((o) => Object.assign({}, o, { textObject: own })),
      ))
        this.out.push(op);
    }
    for (const op of marked(t.at, this.mark(this.cur), rects)) this.out.push(op);
    t.textObject = this.fresh();
  }
  /** The paragraphs' pieces, the shadow (drawn first) as an artifact before them. */
  finish(shadow: DrawOp[]): DrawOp[] {
    this.flush();
    return [...marked(this.target.at, { kind: 'artifact', type: 'Layout' }, shadow), ...this.out];
  }
}

/** Table cells of a tagged document: the mark of cell `ci` of row `row` drawn in part `tp`. */
export function cellMarks(
  tp: TablePartItem,
  structure: StructureSpec | undefined,
): ((row: number, ci: number) => ContentMark) | undefined {
  if (!structure) return undefined;
  const t = tp.table;
  const p = structure.placed?.get(t.index);
  const footerFrom = t.rows.length - t.footerRows;
  // A story's table block k: its cells are pieces `t<k>.r…c…` of the flow (ir/structure-types.ts, PlacedItemTag.story).
  const prefix = tp.storyTable === undefined ? '' : `t${tp.storyTable}.`;
  return (row, ci) => {
    // Header and footer rows are drawn in every box: the first box's are the table's, the rest furniture.
    const repeated = tp.part > 1 && (row < t.headerRows || row >= footerFrom);
    if (!p || repeated) return { kind: 'artifact', type: p ? 'Pagination' : 'Layout' };
    return { kind: 'content', item: t.index, piece: `${prefix}r${row}c${ci}`, tag: row < t.headerRows ? 'TH' : 'TD' };
  };
}
