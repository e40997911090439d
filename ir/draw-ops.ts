// ir/draw-ops.ts — the laid-out IR's drawing operations: what the layout pass produces for each page
// (glyph runs, rect fills, paths, pictures, placed forms, imported pages, and the scope wrapper every
// item goes through) and passes/emit/pages/content.ts writes as content-stream operators. ir/types.ts
// re-exports these names.
import type { FillRule, StrokeSpec } from './graphics-types.js';
import type { ImageResource } from './image-resource.js';
import type { JsonPointer } from './pointer.js';
import type { FlatWidget, SuppliedPdf } from './supplied-pdf.js';
import type { Colour, OutlineSpec } from './types.js';

/** A 2-D matrix [a b c d e f] concatenated before an item is drawn (`transform`, or `rotate` about the rect centre). */
export type Matrix = [number, number, number, number, number, number];

/** Per glyph the text it stands for: an array, or a string whose unit i is glyph i's text (see GlyphRunOp.text). */
export type GlyphTexts = string[] | string;

/** The text glyphs [from, to) of a run stand for, joined. */
export function runText(op: { text: GlyphTexts }, from = 0, to = op.text.length): string {
  return typeof op.text === 'string' ? op.text.slice(from, to) : op.text.slice(from, to).join('');
}

/** A positioned run of glyphs in one font and size: what one `TJ` shows. */
/** Glyphs [from, to) of a run written inside `/Span <</ActualText (text)>> BDC … EMC`. */
export interface ActualSpan {
  from: number;
  to: number;
  text: string;
}

export interface GlyphRunOp {
  op: 'glyphs';
  at: JsonPointer;
  matrix?: Matrix;
  font: string;
  size: number;
  x: number;
  y: number;
  colour: Colour;
  /** Glyph ids of the face. */
  glyphs: Uint16Array;
  /** Per glyph: the TJ adjustment after it, thousandths of an em (positive moves left, as TJ reads it). */
  adjust: Int32Array;
  /**
   * Per glyph: the text it stands for (for ToUnicode); '' for a glyph that continues a cluster. A
   * string when every glyph stands for exactly one UTF-16 unit, none a surrogate half (a table row's
   * plain cells, passes/layout/table.ts): glyph i's text is its unit i — `text[i]` reads the same
   * either way, and a row holds one string rather than a string pointer per glyph.
   */
  text: GlyphTexts;
  /** Letters stroked (text rendering mode 1, or 2 when filled too). */
  outline?: OutlineSpec;
  /** Text a reader extracts instead of the glyphs' own (a marked-content span, ISO 32000-1 §14.9.4). */
  actualText?: string;
  /**
   * Stretches of the run a reader must read from `/ActualText` rather than from the font's ToUnicode
   * (dedupe sets them: a glyph whose text here differs from its ToUnicode entry, a right-to-left
   * phrase given in logical order). Glyph index ranges [from, to), in order, not overlapping.
   */
  spans?: ActualSpan[];
  /**
   * Consecutive glyph runs with the same number are written as one text object (BT … ET): a text
   * block's letters are one object and its shadow another (spec: graphics_states, text_knockout).
   */
  textObject?: number;
  /**
   * The run's baseline direction as a unit vector [cos, sin] (a text_path's letter turned to its
   * path's tangent): written as the text matrix `cos sin −sin cos x y Tm`. Absent: upright.
   */
  turn?: [number, number];
  /**
   * A table row's cells joined into one run (passes/layout/table.ts, untagged tables only): each
   * cell's own pointer and where its glyphs begin, pair after pair in one flat array (no object per
   * cell), so what is said about a cell's letters (off-page remarks) still names the cell. The first
   * pair is the run's own `at` and 0. Read with `cellCount`, `cellAt`, `cellFrom`.
   */
  cells?: (JsonPointer | number)[];
  /**
   * From the least to the farthest a letter's box reaches along the baseline, points from `x`, when
   * layout knew it as it made the run (a table's one-line cells): at least as wide as the letters'
   * own, so the off-page check (passes/layout/off-page.ts) finds a run inside the page from this box
   * without walking its glyphs. Absent: the glyphs are walked. Not written to the file.
   */
  reach?: [number, number];
}

/** How many cells a joined run's `cells` names. */
export const cellCount = (cells: readonly (JsonPointer | number)[]): number => cells.length >> 1;
/** Cell k's pointer in a joined run's `cells`. */
export const cellAt = (cells: readonly (JsonPointer | number)[], k: number): JsonPointer => cells[2 * k] as JsonPointer;
/** Where cell k's glyphs begin in a joined run's `cells`. */
export const cellFrom = (cells: readonly (JsonPointer | number)[], k: number): number => cells[2 * k + 1] as number;

/**
 * A table part's plain one-line rows (passes/layout/table.ts, untagged tables): the glyph runs
 * `joinedPlaced` made one per row — row r is the GlyphRunOp `rowRun(op, r)` gives — held in a few
 * typed arrays per part instead of a run, two array views, a string, a cell list and a reach per
 * row: a 10 000-row table kept ~60 000 such objects alive from layout to emit, which made every
 * scavenge of the render slow. Every row is in one font, size and colour object, without outline,
 * matrix, turn or actual text, each glyph standing for one UTF-16 unit; its runs and the runs around
 * it share one text object. Readers write and check each row as its run (dedupe turns the part back
 * into runs where a row needs a code or span of its own).
 */
export interface GlyphRowsOp {
  op: 'rows';
  at: JsonPointer;
  matrix?: undefined;
  font: string;
  size: number;
  colour: Colour;
  textObject: number;
  /** Rows. */
  count: number;
  /** Row r's glyphs are [start[r], start[r + 1]) of `glyphs`, `adjust` and `text` (count + 1 entries). */
  start: Int32Array;
  /** Per row: x, y of its start, then its reach's least and farthest (points from x): 4 numbers a row. */
  place: Float64Array;
  glyphs: Uint16Array;
  /** Per glyph: the TJ adjustment after it, within its row (the last glyph's is the row's own). */
  adjust: Int32Array;
  /** Per glyph the one UTF-16 unit it stands for, all rows' in one string. */
  text: string;
  /** Row r's cells are [cellStart[r], cellStart[r + 1]) of `cellAts` and `cellFroms` (count + 1 entries). */
  cellStart: Int32Array;
  /** Each cell's pointer, row after row (a row's first is its run's `at`). */
  cellAts: JsonPointer[];
  /** Where each cell's glyphs begin, from its row's first glyph. */
  cellFroms: Int32Array;
}

/** Row r of a rows op as the glyph run it stands for (its arrays views of the op's; `text` and `cells` made). */
export function rowRun(op: GlyphRowsOp, r: number): GlyphRunOp {
  const s = op.start[r],
    e = op.start[r + 1];
  const c0 = op.cellStart[r],
    c1 = op.cellStart[r + 1];
  const cells: (JsonPointer | number)[] = new Array(2 * (c1 - c0));
  for (let c = c0; c < c1; c++) {
    cells[2 * (c - c0)] = op.cellAts[c];
    cells[2 * (c - c0) + 1] = op.cellFroms[c];
  }
  const p = op.place;
  return {
    op: 'glyphs',
    at: op.cellAts[c0],
    matrix: undefined,
    font: op.font,
    size: op.size,
    x: p[4 * r],
    y: p[4 * r + 1],
    colour: op.colour,
    glyphs: op.glyphs.subarray(s, e),
    adjust: op.adjust.subarray(s, e),
    text: op.text.slice(s, e),
    outline: undefined,
    actualText: undefined,
    textObject: op.textObject,
    cells,
    reach: [p[4 * r + 2], p[4 * r + 3]],
  };
}

/** Every row of a rows op as its glyph run, in order. */
export function rowRuns(op: GlyphRowsOp): GlyphRunOp[] {
  const out: GlyphRunOp[] = new Array(op.count);
  for (let r = 0; r < op.count; r++) out[r] = rowRun(op, r);
  return out;
}

/** `ops` with every rows op given as its rows' glyph runs (scopes and marked content too); `ops` itself when there is none. */
export function withRowRuns(ops: DrawOp[]): DrawOp[] {
  let out: DrawOp[] | undefined;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    let got: DrawOp | DrawOp[] = op;
    if (op.op === 'rows') got = rowRuns(op);
    else if (op.op === 'scope' || op.op === 'marked') {
      const inner = withRowRuns(op.ops);
      if (inner !== op.ops) got = { ...op, ops: inner };
    }
    if (got !== op && !out) out = ops.slice(0, i);
    if (!out) continue;
    if (Array.isArray(got)) for (const g of got) out.push(g);
    else out.push(got);
  }
  return out ?? ops;
}

export interface FillRectOp {
  op: 'rect';
  at: JsonPointer;
  matrix?: Matrix;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: Colour;
}

/** Many rectangles filled as one path (code bars and modules): `x y w h` quadruples. */
export interface FillRectsOp {
  op: 'rects';
  at: JsonPointer;
  matrix?: Matrix;
  rects: Float64Array;
  fill: Colour;
}

/** A page of a supplied PDF drawn as a form XObject under `matrix` (imported_page, templates). */
export interface ImportedPageOp {
  op: 'imported';
  at: JsonPointer;
  matrix: Matrix;
  source: SuppliedPdf;
  /** 0-based page of the source. */
  page: number;
  /** Its form fields' appearances, drawn flat over it in its own space (engines/supplied/widgets.ts). */
  flat?: FlatWidget[];
}

/** A picture drawn: `placement` maps the unit square onto the page (orientation included), `clip` keeps it in its rect. */
export interface ImageOp {
  op: 'image';
  at: JsonPointer;
  matrix?: Matrix;
  placement: Matrix;
  clip?: { x: number; y: number; w: number; h: number };
  image: ImageResource;
  /** A stencil's fill colour. */
  fill?: Colour;
}

/** A path in page numbers: `m` `l` `c` `h` `re` with their operands (ISO 32000-1 §8.5.2). */
export interface PathSegOp {
  k: 'm' | 'l' | 'c' | 'h' | 're';
  v: number[];
}

/** A general path filled (nonzero or even-odd) and/or stroked. */
export interface PathOp {
  op: 'path';
  at: JsonPointer;
  matrix?: Matrix;
  segs: PathSegOp[];
  fill?: Colour;
  fillRule: FillRule;
  stroke?: StrokeSpec;
}

/**
 * What an item states around its drawing, wrapped once for every kind: `q`, the matrix, `/GSn gs`,
 * `/OC /OCn BDC`, the clip (`W n` / `W* n`), the item's ops, `EMC`, `Q`.
 */
export interface ScopeOp {
  op: 'scope';
  at: JsonPointer;
  matrix?: Matrix;
  graphicsState?: string;
  layer?: string;
  clip?: { segs: PathSegOp[]; rule: FillRule };
  ops: DrawOp[];
}

/** A declared drawing placed: `matrix` (box → rect) then `/Xn Do`. */
export interface FormOp {
  op: 'form';
  at: JsonPointer;
  matrix?: Matrix;
  name: string;
}

/**
 * Marked content (ISO 32000-1 §14.6) around ops when the document is tagged (`structure`): an item's
 * piece as `/Tag <</MCID n>> BDC … EMC` (n handed out per page by emit), or an artifact as
 * `/Artifact <</Type …>> BDC … EMC` (passes/layout/structure-marks.ts).
 */
export interface MarkedOp {
  op: 'marked';
  at: JsonPointer;
  matrix?: undefined;
  mark: import('./structure-types.js').ContentMark;
  ops: DrawOp[];
}

export type DrawOp =
  | GlyphRunOp
  | GlyphRowsOp
  | FillRectOp
  | FillRectsOp
  | ImageOp
  | PathOp
  | ScopeOp
  | FormOp
  | ImportedPageOp
  | MarkedOp;

/** Calls `fn` on every op, inside scopes and marked content too. */
export function walkOps(ops: readonly DrawOp[], fn: (op: DrawOp) => void): void {
  for (const op of ops) {
    fn(op);
    if (op.op === 'scope' || op.op === 'marked') walkOps(op.ops, fn);
  }
}
