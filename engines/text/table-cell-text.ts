// engines/text/table-cell-text.ts — the ONE adapter between tables and the text engine: a table
// cell's text is laid by `layRuns` (text-block.ts), exactly as a text item with the same keys lays
// it — UAX #14 breaking (or `break_after`), first-fit or total-fit justification, hyphenation,
// bidi, decorations, the face's word cache — and drawn by `drawLine` (line-draw.ts). What the
// adapter adds is only what a cell needs beyond a text item: pagination measures every cell before
// anything is drawn (row heights), a row split between boxes shows a range of a cell's lines, and
// the first baseline sits the tallest ascender of the first line shown below the top padding (as
// pdfmake and HTML place a cell's text) rather than one leading below it.
//
// Flow cells are laid as a flow item with its defaults (tabs every 7.5 % of the width, relative).
// Placeholders ({current_page}, {total_pages}) are measured as written — wider than any page
// number, so the row is tall enough — and resolved when the cell is drawn on its page.

import { pushAll } from '../../ir/bounded.js';
import type { CellText, LineMetrics, MeasuredTable } from '../../ir/measured-table.js';
import { type PageOf, resolvePlaceholders } from '../../ir/placeholders.js';
import type { JsonPointer } from '../../ir/pointer.js';
import { cellRuns, firstRunPlaceholders, textPlaceholders } from '../../ir/table-cells.js';
import type { Shaped, TextFont } from '../../ir/text-font.js';
import type { CellStyle, FontResource, TableCell, TextRun } from '../../ir/types.js';
import { afreshWord, type Measured, measureAfresh, measureIn, type RunStyle, type Span, wordsOf } from './atoms.js';
import { decorationRects } from './decorations.js';
import { type FaceWord, faceWord, faceWordIdMet, glyphsPack, shapedOf } from './face-words.js';
import { breaksOnlyAfterSpaces } from './line-break.js';
import {
  ADJUST_SLACK,
  type DrawTarget,
  drawLine,
  LineWriter,
  lineAlign,
  resolveAlign,
  statedAdvances,
} from './line-draw.js';
import { type LaidParagraph, type Line, layParagraph } from './paragraph.js';
import { reachOf } from './run-reach.js';
import { runSpans } from './runs.js';
import { int32s, uint16s } from './slab.js';
import { type BlockRules, eachParagraph, layRuns } from './text-block.js';
import { chargeText, GLYPH_BYTES, RUN_BYTES } from './text-memory.js';
import {
  type FaceIndex,
  faceIndex,
  HASH_SEED,
  hashStep,
  nextStamp,
  objectArray,
  REC,
  REC_F,
  REC_F_PER_POINT,
  REC_LOCAL,
  REC_PACKED,
  REC_STAMP,
  wordEnd,
  wordHash,
  wordIndex,
} from './word-index.js';

/** A cell's text laid at its width for drawing: the paragraphs the engine laid and their lines, in order. */
export interface LaidCellText extends CellText {
  paragraphs: LaidParagraph[];
  lines: Line[];
  /** The paragraph each line belongs to, by line index (a box draws lines [from, to) without walking those before). */
  paragraphOf: LaidParagraph[];
}

/**
 * Leadings summed: entry i is the sum of the leadings of lines 0..i−1. Kept per line list, so
 * `linesHeight` costs O(1) and a cell of n lines split over many boxes costs O(n) in all rather
 * than O(n²) (issue 20: a cell of 20 000 lines took 15–31 s).
 */
const leadingSums = new WeakMap<readonly LineMetrics[], Float64Array>();
function sumsOf(lines: readonly LineMetrics[]): Float64Array {
  let s = leadingSums.get(lines);
  if (!s || s.length !== lines.length + 1) {
    s = new Float64Array(lines.length + 1);
    for (let i = 0; i < lines.length; i++) s[i + 1] = s[i] + lines[i].leading;
    leadingSums.set(lines, s);
  }
  return s;
}

/** Height of lines [from, to): the first line's ascender, each next line's leading, the last line's descender. */
export function linesHeight(t: CellText, from = 0, to = t.lines.length): number {
  if (to <= from) return 0;
  // One line (most cells): no sums to keep.
  if (to === from + 1) return t.lines[from].ascender - t.lines[from].descender;
  const sums = sumsOf(t.lines);
  return t.lines[from].ascender - t.lines[to - 1].descender + (sums[to] - sums[from + 1]);
}

/** How many lines from `from` fit in `room` points: O(lines shown), each height O(1). */
export function linesThatFit(t: CellText, from: number, room: number): number {
  let n = 0;
  while (from + n < t.lines.length && linesHeight(t, from, from + n + 1) <= room + 1e-6) n++;
  return n;
}

/** The text a cell holds and where it was written, or undefined for a cell holding something else. */
export function cellSource(
  cell: TableCell,
): { runs: (TextRun | { text: string; at: JsonPointer; placeholders: boolean })[]; flow: boolean } | undefined {
  const c = cell.content;
  if (c.kind === 'text') return { runs: cellRuns(cell), flow: false };
  if (c.kind === 'flow') return { runs: [{ text: c.text, at: c.at, placeholders: c.placeholders }], flow: true };
  return undefined;
}

/** The style `runStyleOf` last answered and its cell style (let go by `forgetLastStyle`, so no render's fonts outlive it here). */
let lastCellStyle: CellStyle | undefined;
let lastRunStyle: RunStyle | undefined;

/**
 * The cell styles `runStyleOf` answered lately and, at the same place, what `runStyles` holds for
 * each (kept equal to it): a table whose columns each have a style of their own (an alignment, a
 * font) asks for them in turn, cell after cell — a look along RECENT_STYLES places, not a WeakMap
 * lookup a cell. Let go by `forgetLastStyle`.
 */
const RECENT_STYLES = 16;
const recentCell = new Array<CellStyle | undefined>(RECENT_STYLES).fill(undefined);
const recentRun = new Array<RunStyle | undefined>(RECENT_STYLES).fill(undefined);
/** At the same place, `oneLineOf`'s answer for the run style there, once asked. */
const recentOne = new Array<OneLineShared | undefined>(RECENT_STYLES).fill(undefined);
let recentNext = 0;
/** Where `runStyleOf`'s last answer is in the recent arrays. */
let recentAt = 0;

/** One RunStyle per cell style and font, shared by every cell that shares the style (the line writer joins runs by identity). */
const runStyles = new WeakMap<CellStyle, RunStyle>();
function runStyleOf(s: CellStyle, font: FontResource): RunStyle {
  // a column's cells share their style: the last one asked is answered without the map
  const last = lastRunStyle;
  if (last !== undefined && lastCellStyle === s && last.font === font) return last;
  let at = -1;
  for (let i = 0; i < RECENT_STYLES; i++)
    if (recentCell[i] === s) {
      at = i;
      break;
    }
  let r = at >= 0 ? recentRun[at] : runStyles.get(s);
  if (!r || r.font !== font) {
    r = {
      font,
      size: s.fontSize,
      leading: s.leading,
      colour: s.color,
      underline: s.underline,
      strikethrough: s.strikethrough,
      overline: s.overline,
    };
    runStyles.set(s, r);
  }
  if (at >= 0) {
    if (recentRun[at] !== r) recentOne[at] = undefined;
    recentRun[at] = r;
  } else {
    at = recentNext;
    recentCell[at] = s;
    recentRun[at] = r;
    recentOne[at] = undefined;
    recentNext = (recentNext + 1) % RECENT_STYLES;
  }
  recentAt = at;
  lastCellStyle = s;
  lastRunStyle = r;
  return r;
}

/** Lets go of the style `runStyleOf` last answered (a table measured or a part drawn). */
export function forgetLastStyle(): void {
  lastCellStyle = undefined;
  lastRunStyle = undefined;
  recentCell.fill(undefined);
  recentRun.fill(undefined);
  recentOne.fill(undefined);
}

/** Text items and text cells set tabs, vertical tabs and form feeds as spaces; flow cells keep tabs. */
const WHITE_NOT_TAB = /[\v\f]/g;
const HAS_WHITE_NOT_TAB = /[\v\f]/;
/** A flow's default tab size (docs/reference.md, "flow", tabs): 7.5 % of the width. */
const FLOW_TAB_FRACTION = 0.075;

function rulesOf(s: CellStyle, flow: boolean, width: number): BlockRules {
  return {
    overlong: s.overlong,
    breakAfter: s.breakAfter,
    hyphenate: s.hyphenate,
    align: s.align,
    optimal: s.align === 'justify',
    tabs: flow
      ? { method: 'relative', size: FLOW_TAB_FRACTION * width, ruler: [], alignments: [], alignChar: '.' }
      : undefined,
  };
}

/** What the page gives a cell's text: its number and the total (absent while measuring), the moment of rendering. */
export interface CellPage {
  page?: number;
  total?: number;
  now: Date;
  pageOf?: PageOf;
}

/** A text cell's runs as spans, as a text item's runs become spans (text-item.ts runSpans); placeholders as written while measuring. */
function textSpans(cell: TableCell, style: RunStyle, pc: CellPage): Span[] {
  const own = cellRuns(cell);
  const measuring = pc.page === undefined;
  const runs =
    measuring && own.some((r) => r.placeholders)
      ? own.map((r) => (r.placeholders ? { ...r, placeholders: false } : r))
      : own;
  return runSpans({ runs, leadingGiven: cell.style.leadingGiven }, style, {
    page: pc.page ?? 0,
    total: pc.total ?? 0,
    now: pc.now,
    pageOf: pc.pageOf,
  });
}

/**
 * Lays a cell's text into `width` points. With a page number and total in `pc`, placeholders are
 * resolved for that page; without, they are laid as written (measuring, before the page count exists).
 */
export function layCellText(
  cell: TableCell,
  font: FontResource,
  width: number,
  pc: CellPage,
): LaidCellText | undefined {
  const c = cell.content;
  if (c.kind !== 'text' && c.kind !== 'flow') return undefined;
  const s = cell.style;
  const style = runStyleOf(s, font);
  let spans: Span[];
  if (c.kind === 'text') spans = textSpans(cell, style, pc);
  else {
    let text =
      c.placeholders && pc.page !== undefined ? resolvePlaceholders(c.text, pc.page, pc.total!, pc.pageOf) : c.text;
    if (HAS_WHITE_NOT_TAB.test(text)) text = text.replace(WHITE_NOT_TAB, ' ');
    spans = [{ text, style, at: c.at }];
  }
  // An empty cell's text still takes one line (as an empty text item's paragraph does).
  if (spans.length === 0) spans.push({ text: '', style, at: cell.at });
  const block = layRuns(spans, rulesOf(s, c.kind === 'flow', width), width);
  const lines: Line[] = [];
  const paragraphOf: LaidParagraph[] = [];
  for (const p of block.paragraphs)
    for (const l of p.lines) {
      lines.push(l);
      paragraphOf.push(p);
    }
  return { paragraphs: block.paragraphs, lines, paragraphOf };
}

/**
 * Line metrics shared by every one-line cell in one style (most cells of a long table): no array per
 * cell. It is the cell's CellText too (it has `lines`), and says the style its words were measured in.
 */
interface OneLineShared extends CellText {
  m: LineMetrics;
  style: RunStyle;
}
const oneLine = new WeakMap<RunStyle, OneLineShared>();

/** The metrics of a line set wholly in `style`, as paragraph.ts's lineMetrics gives them. */
function styleMetrics(style: RunStyle): LineMetrics {
  const f = style.font.face;
  const k = style.size / f.unitsPerEm;
  return Object.freeze({
    ascender: Math.max(0, f.metrics.ascender * k),
    descender: Math.min(0, f.metrics.descender * k),
    leading: Math.max(0, style.leading),
  });
}

/**
 * The atoms of a one-line cell (words and runs of spaces, measured from the word cache), in order,
 * left by `oneLineAtoms` for its caller to read at once: reused from cell to cell (no array per cell).
 */
const atomsFound: Measured[] = [];
/** More atoms than a one-line cell plausibly holds: such a text is laid by the engine (atomsFound stays small). */
const MAX_ONE_LINE_ATOMS = 256;

/** Letters, digits, space and . , ; : ' " (line-break.ts SIMPLE): 1 by UTF-16 unit below 128. */
const PLAIN = new Uint8Array(128);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,;:\'"') PLAIN[ch.charCodeAt(0)] = 1;

/**
 * A text `breaksOnlyAfterSpaces` accepts, told by a table read per character rather than its two
 * expressions (every unit plain, or a hyphen between two digits as in a date): true only when they
 * would say true; anything else is asked of them.
 */
export function plainBreaks(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const u = text.charCodeAt(i);
    if (u < 128 && PLAIN[u] === 1) continue;
    if (u === 45 && i > 0 && i + 1 < n && isDigit(text.charCodeAt(i - 1)) && isDigit(text.charCodeAt(i + 1))) continue;
    return false;
  }
  return true;
}
const isDigit = (u: number) => u >= 48 && u <= 57;

/**
 * Whether the engine would set this text on one line, found without laying it: one run, no line end,
 * breaks only after spaces (so its atoms are its words and runs of spaces, paragraph.ts), no
 * hyphenation, `break_after` or total fit, left to right, and the words and spaces up to the last
 * word — shaped as the engine shapes them, from its word cache — no wider than the measure. Returns
 * how many atoms are drawn (the trailing spaces hang, as paragraph.ts sets them) with the atoms in
 * `atomsFound`, or −1 when the engine would not set one line.
 */
function oneLineAtoms(text: string, style: RunStyle, width: number, at: JsonPointer): number {
  if (!plainBreaks(text) && !breaksOnlyAfterSpaces(text)) return -1;
  let x = 0,
    visible = 0,
    i = 0,
    k = 0,
    shown = 0;
  const n = text.length;
  const font = style.font;
  const words = wordsOf(font); // the font's word cache, looked up once a cell rather than once a word
  const index = wordIndex(words);
  while (i < n) {
    let j = i + 1;
    let m: Measured;
    if (text.charCodeAt(i) === 32) {
      while (j < n && text.charCodeAt(j) === 32) j++;
      m = measureIn(words, font, j === i + 1 ? ' ' : text.slice(i, j), at);
      x += m.perPoint * style.size;
    } else {
      // The word's hash is taken as it is scanned: a word met before is found without cutting it out
      // (word-index.ts, as paragraph.ts finds words).
      j = wordEnd(text, i, n);
      const h = wordHash;
      const hit = index.find(text, i, j, h);
      if (hit !== undefined) m = hit;
      else {
        // measured without the word cache's map: the index is where this path finds it again
        const word = i === 0 && j === n ? text : text.slice(i, j);
        m = measureAfresh(font, word, at);
        index.add(word, h, m);
      }
      x += m.perPoint * style.size;
      visible = x;
      shown = k + 1;
    }
    // Past the measure, or too many atoms to keep: the engine lays it (always right, only slower).
    if (visible > width + 1e-6 || k >= MAX_ONE_LINE_ATOMS) return -1;
    atomsFound[k++] = m;
    i = j;
  }
  visibleFound = visible;
  return shown;
}
/** The width of the atoms `oneLineAtoms` last found to be drawn, points. */
let visibleFound = 0;

/**
 * A one-line cell as pagination measured it (`measureCellText`): the atoms drawn, their style and
 * width, kept so drawing the cell need not find its words again (`OneLineCell.prepare`).
 */
interface MeasuredOneLine extends CellText {
  style: RunStyle;
  atoms: Measured[];
  visible: number;
}

/**
 * A one-line cell drawn without laying it (most cells of a long table): `prepare` finds whether the
 * cell qualifies — the cells `measureCellText` measures without laying, less those whose text changes
 * with the page — and `draw` appends exactly the glyph runs and decorations that laying the cell
 * (`layCellText`) and drawing its line (`drawCellLines`) would: the same atoms, the same alignment
 * arithmetic, the same line writer (checked against the engine in table-cell-text.test.ts).
 */
export class OneLineCell {
  /** Height of the line (its ascender less its descender), points: valid after `prepare` returned true. */
  height = 0;
  private style: RunStyle | undefined;
  private atoms: Measured[] = atomsFound;
  /** The shown atoms are atoms [first, first + shown) (a measured table's own array, from its cell's first atom, or atomsFound from 0). */
  private first = 0;
  /**
   * A cell of a measured table: its atoms are `coded.codes` [first, first + shown) (OneLineWords), not
   * `atoms`; undefined for a cell whose atoms are Measured objects.
   */
  private coded: OneLineWords | undefined;
  private shown = 0;
  private width = 0;
  private ascender = 0;
  /** The width of the shown atoms, points, summed as the line's width is (oneLineAtoms's `visible`). */
  private total = 0;
  /** Where `draw` places the cell before writing it. */
  private readonly own = new PlacedRow();

  /** `measured`: the cell's text as pagination measured it, its atoms kept when it took one line. */
  prepare(cell: TableCell, font: FontResource, width: number, measured?: CellText): boolean {
    const c = cell.content;
    const kept = measured as MeasuredOneLine | undefined;
    if (kept?.atoms && kept.style.font === font) {
      // Measured as one line (measureCellText made `kept` only for a cell passing the tests below but
      // for placeholders), its style made from this cell's style and font: the same style, the same
      // atoms, at this width (the sum the engine compares is the same). Only the cell's placeholders
      // are looked at again: the cell's own objects are not walked once more.
      if (c.kind === 'text' ? firstRunPlaceholders(cell) : c.kind !== 'flow' || c.placeholders) return false;
      if (!(kept.visible <= width + 1e-6)) return false;
      this.atoms = kept.atoms;
      this.coded = undefined;
      this.first = 0;
      this.shown = kept.atoms.length;
      this.total = kept.visible;
      return this.ready(kept.style, kept.lines[0], width);
    }
    let text: string, at: JsonPointer;
    if (c.kind === 'text' && !c.runs) {
      // a bare-string cell: its text is the cell's, no run made
      text = cell.text ?? '';
      if (textPlaceholders(text)) return false;
      at = cell.at;
    } else if (c.kind === 'text') {
      if (c.runs.length !== 1) return false;
      const run = c.runs[0];
      if (run.style || run.date || run.placeholders) return false;
      text = run.text;
      at = run.at;
    } else if (c.kind === 'flow') {
      if (c.placeholders) return false;
      text = c.text;
      at = c.at;
    } else return false;
    const s = cell.style;
    if (s.breakAfter !== undefined || s.hyphenate !== undefined || s.align === 'justify') return false;
    const style = runStyleOf(s, font);
    if (kept?.atoms && kept.style === style) {
      if (!(kept.visible <= width + 1e-6)) return false;
      this.atoms = kept.atoms;
      this.coded = undefined;
      this.first = 0;
      this.shown = kept.atoms.length;
      this.total = kept.visible;
    } else {
      const shown = oneLineAtoms(text, style, width, at);
      if (shown < 0) return false;
      this.atoms = atomsFound;
      this.coded = undefined;
      this.first = 0;
      this.shown = shown;
      this.total = visibleFound;
    }
    return this.ready(style, oneLineOf(style).m, width);
  }

  /**
   * `prepare` for cell `k` of a measured table (MeasuredTable: its `text` and `words`): a cell
   * measured as one line is drawn from the atoms pagination kept, under the tests `prepare` makes of
   * kept atoms; any other as `prepare` finds it.
   */
  prepareMeasured(cell: TableCell, font: FontResource, width: number, m: MeasuredTable, k: number): boolean {
    const words = m.words as OneLineWords;
    const from = words.from[k];
    if (from < 0) return this.prepare(cell, font, width, m.text[k]);
    const shared = m.text[k] as OneLineShared;
    if (shared.style.font !== font) return this.prepare(cell, font, width);
    const c = cell.content;
    // a bare-string cell found plain when measured holds no brace: not scanned for placeholders again
    if (
      c.kind === 'text'
        ? !(c.runs === undefined && words.plain[k] === 1) && firstRunPlaceholders(cell)
        : c.kind !== 'flow' || c.placeholders
    )
      return false;
    const visible = words.visible[k];
    if (!(visible <= width + 1e-6)) return false;
    // the cell's atoms read where pagination left them: word numbers (no copy, no object per word)
    this.coded = words;
    this.first = from;
    this.shown = words.count[k];
    this.total = visible;
    return this.ready(shared.style, shared.m, width);
  }

  private ready(style: RunStyle, m: LineMetrics, width: number): true {
    this.style = style;
    this.width = width;
    this.ascender = m.ascender;
    this.height = m.ascender - m.descender;
    return true;
  }

  /** Draws the prepared cell's line with the top of its ascender at `top`, its measure starting at `left`. */
  draw(s: CellStyle, left: number, top: number, target: DrawTarget): void {
    const row = this.own;
    this.place(s, left, top, target, row);
    row.writeAll(target);
    row.release();
  }

  /**
   * Places the prepared cell's line as `draw` would, its glyph run not yet written: its glyphs,
   * texts and TJ adjustments filled into `row` (written by `PlacedRow.write`, or joined with its
   * row's by passes/layout/table.ts). Its decorations are drawn and its memory charged now, as
   * drawing it would. A line in a font chain's members is drawn at once, after what is placed (so
   * runs keep their order).
   */
  place(s: CellStyle, left: number, top: number, target: DrawTarget, row: PlacedRow): void {
    const style = this.style!;
    // the shown atoms' width is `total` (oneLineAtoms summed it in this order), so the atoms are
    // walked once: their glyphs filled in as they are counted
    const coded = this.coded;
    let filled: number;
    if (coded !== undefined) {
      filled = row.fillCoded(style, coded, this.first, this.first + this.shown);
      // a word that cannot be packed, a font chain's member or decorations: the cell's atoms as Measured
      if (filled < 0 || style.underline || style.strikethrough || style.overline) this.materialize(style, coded);
      if (filled === UNPACKED) filled = row.fill(style, this.atoms, this.first, this.first + this.shown);
    } else filled = row.fill(style, this.atoms, this.first, this.first + this.shown);
    if (filled < 0) {
      // a font chain's members: a run per member, as the line writer cuts them
      let glyphCount = 0;
      for (let i = this.first; i < this.first + this.shown; i++)
        for (const seg of this.atoms[i].segs) glyphCount += seg.shaped.glyphs.length;
      if (this.shown === 0 || glyphCount === 0) return;
      row.writeAll(target);
      const w = new LineWriter(this.x(s, left), top - this.ascender, 0, target, glyphCount, 0);
      for (let i = this.first; i < this.first + this.shown; i++)
        for (const seg of this.atoms[i].segs) w.seg(style, seg, false, false);
      w.flush();
      return;
    }
    if (this.shown === 0 || filled === 0) return;
    const x = this.x(s, left),
      baseline = top - this.ascender;
    // One font: the one run the line writer would make (no stretch: every advance as shaped).
    chargeText(RUN_BYTES + filled * GLYPH_BYTES, target.at);
    row.add(style, x, baseline, target.at);
    if (style.underline || style.strikethrough || style.overline) {
      let units = 0;
      for (let i = this.first; i < this.first + this.shown; i++)
        for (const seg of this.atoms[i].segs) for (const adv of seg.shaped.advances) units += adv;
      const width = (units * style.size) / style.font.face.unitsPerEm;
      pushAll(target.rects, decorationRects(style, style.font, x, baseline, width, target));
    }
  }

  /** The coded cell's atoms made Measured objects (as pagination would have kept them) in `atoms`, from 0: a rare path. */
  private materialize(style: RunStyle, coded: OneLineWords): void {
    const out = this.materialized;
    out.length = 0;
    for (let i = this.first; i < this.first + this.shown; i++) out.push(coded.atomAt(i, style.font));
    this.atoms = out;
    this.first = 0;
    this.coded = undefined;
  }
  private readonly materialized: Measured[] = [];

  /** Where the line starts: lineAlign of a paragraph's last line, left to right, no `last_align`; the line fits its measure. */
  private x(s: CellStyle, left: number): number {
    const free = this.width - this.total;
    const align = resolveAlign(s.align, false);
    const offset = align === 'right' ? free : align === 'center' ? free / 2 : 0;
    return left + 0 + offset;
  }

  /** Lets go of the last cell's style and atoms (and the shared scratch), so no render's fonts outlive it here. */
  release(): void {
    this.style = undefined;
    this.atoms = atomsFound;
    this.coded = undefined;
    this.materialized.length = 0;
    this.first = 0;
    this.shown = 0;
    atomsFound.length = 0;
    forgetLastStyle();
  }
}

/**
 * One-line cells placed (`OneLineCell.place`) and not yet written: a row's worth, their glyph ids,
 * texts and TJ adjustments filled into shared scratch arrays as each cell is placed — no object
 * or array per cell; reused row after row. Cell i's glyphs are [from[i], from[i] + n[i]).
 */
export class PlacedRow {
  /** Cells placed. */
  count = 0;
  /** Glyphs filled so far (placed cells' and the one being placed). */
  used = 0;
  style: RunStyle[] = [];
  at: JsonPointer[] = [];
  x = new Float64Array(16);
  y = new Float64Array(16);
  from = new Int32Array(16);
  n = new Int32Array(16);
  /** The pen's advance over the cell's glyphs, thousandths of an em, as TJ moves it (stated widths less adjustments: a whole number). */
  pen = new Float64Array(16);
  /** The least and farthest the pen and the letters' stated widths reach from the cell's start, thousandths of an em (see `reachOf`). */
  lo = new Float64Array(16);
  hi = new Float64Array(16);
  glyphs = new Uint16Array(1024);
  adjust = new Int32Array(1024);
  /** Per glyph its text's one UTF-16 unit, for a cell whose every glyph stands for one unit (`plain`). */
  units = new Uint16Array(1024);
  /** Per glyph its text, filled only for a cell that is not `plain` (a glyph standing for more or less than one unit). */
  text: string[] = [];
  /** Per cell: 1 when each of its glyphs stands for exactly one UTF-16 unit, none a surrogate half (its texts are in `units`). */
  plain = new Uint8Array(16);

  /**
   * Fills atoms [first, end)'s glyphs in from `used`, the adjustments as emitRun (line-draw.ts) sets them for
   * the run alone, and keeps the pen's advance for `add`; returns how many, or −1 (nothing kept)
   * when a segment is in another font than the style's (a font chain's member).
   */
  fill(style: RunStyle, atoms: readonly Measured[], first: number, end: number): number {
    const fast = this.fillPacked(style, atoms, first, end);
    return fast === UNPACKED ? this.fillShaped(style, atoms, first, end) : fast;
  }

  /**
   * `fill` from the words packed for placing (`packedWordsOf`): each word's glyph ids, units, stated
   * widths and advances read from one flat Int32Array, the same arithmetic in the same order as
   * `fillShaped` (so the same adjustments, pen and reach to the bit). UNPACKED when a word cannot be
   * packed (a glyph standing for more or less than one unit, an advance not a whole number): the
   * caller fills the cell from the shaped words instead.
   */
  private fillPacked(style: RunStyle, atoms: readonly Measured[], first: number, end: number): number {
    const font = style.font;
    const face = font.face;
    const words = packedWordsOf(face);
    if (words === undefined) return UNPACKED;
    const k = 1000 / face.unitsPerEm;
    const o = this.used;
    let n = o;
    this.startRun();
    for (let i = first; i < end; i++) {
      const at = packedAtomAt(atoms[i], font, words);
      if (at === EMPTY_ATOM) continue;
      if (at < 0) return at;
      n = this.putPacked(words.slots, at, n, k);
    }
    return this.endRun(o, n, true);
  }

  /**
   * `fill` for atoms [first, end) of a measured table's one-line cells, by their numbers
   * (`OneLineWords.codes`): a word kept by face is read from the packing kept across renders
   * (`keptPacking`, found by the word's tag: no segments, shaping or strings read once packed),
   * its stated widths from the face's table as `fillShaped` reads them; any other atom (a run of
   * spaces) as `fillPacked` reads it. The same arithmetic in the same order as `fillShaped`.
   * UNPACKED (nothing kept) when an atom cannot be packed, −1 when one is in another font.
   */
  fillCoded(style: RunStyle, words: OneLineWords, first: number, end: number): number {
    const font = style.font;
    const face = font.face;
    const k = 1000 / face.unitsPerEm;
    const stated = statedAdvances(face);
    const codes = words.codes,
      kept = words.kept,
      objs = words.objs,
      store = keptPacking;
    const o = this.used;
    let n = o;
    this.startRun();
    for (let i = first; i < end; i++) {
      const code = codes[i];
      if (code >= 0) {
        // where the table's word is packed, from the table's own array (not from the word's object)
        let at = words.keptMeta[KEPT_META * code] - store.tag;
        if (!(at >= 0 && at < PACKED_SLOTS)) {
          const fw = kept[code];
          at = fw.packed - store.tag;
          if (!(at >= 0 && at < PACKED_SLOTS)) {
            at = store.packWord(fw);
            if (at < 0) return UNPACKED;
            fw.packed = store.tag + at;
          }
          words.notePacked(code, fw.packed);
        }
        n = this.putKept(store.slots, at, n, k, stated, face);
        continue;
      }
      const packed = packedWordsOf(face);
      if (packed === undefined) return UNPACKED;
      const at = packedAtomAt(objs[~code], font, packed);
      if (at === EMPTY_ATOM) continue;
      if (at < 0) return at;
      n = this.putPacked(packed.slots, at, n, k);
    }
    return this.endRun(o, n, true);
  }

  /** The adjustment drift, pen and reach of the cell being filled from packed words (`putPacked`, `putKept`). */
  private runDrift = 0;
  private runPen = 0;
  private runLo = 0;
  private runHi = 0;

  private startRun(): void {
    this.runDrift = 0;
    this.runPen = 0;
    this.runLo = 0;
    this.runHi = 0;
  }

  /** Keeps what the fill of glyphs [o, n) came to (`filled…`, read by `add`); how many. */
  private endRun(o: number, n: number, plain: boolean): number {
    this.filled = n - o;
    this.filledPlain = plain;
    this.filledPen = this.runPen;
    this.filledLo = this.runLo;
    this.filledHi = this.runHi;
    return n - o;
  }

  /**
   * Puts the word packed per face at `w[at]` (its glyph count, then per glyph id | unit << 16, stated
   * width, advance) in from glyph n, as `fillShaped` would: the same arithmetic in the same order; the
   * next n.
   */
  private putPacked(w: Int32Array, at: number, n: number, k: number): number {
    const count = w[at];
    if (n + count > this.glyphs.length) this.grow(n + count);
    const glyphs = this.glyphs,
      adjust = this.adjust,
      units = this.units;
    let drift = this.runDrift,
      pen = this.runPen,
      lo = this.runLo,
      hi = this.runHi;
    for (let g = at + 1, stop = at + 1 + 3 * count; g < stop; g += 3) {
      const c = w[g];
      glyphs[n] = c & 0xffff;
      units[n] = c >>> 16;
      const st = w[g + 1];
      drift += w[g + 2] * k - st;
      let adj = 0;
      if (drift >= ADJUST_SLACK || drift <= -ADJUST_SLACK) {
        adj = -Math.round(drift);
        drift += adj;
      }
      adjust[n] = adj;
      const e = pen + st;
      if (e > hi) hi = e;
      if (e < lo) lo = e;
      pen = e - adj;
      if (pen > hi) hi = pen;
      if (pen < lo) lo = pen;
      n++;
    }
    this.runDrift = drift;
    this.runPen = pen;
    this.runLo = lo;
    this.runHi = hi;
    return n;
  }

  /**
   * Puts the word kept across renders at `w[at]` (`keptPacking`: its glyph count, then per glyph
   * id | unit << 16 and advance) in from glyph n, its stated widths from the face's table as
   * `fillShaped` reads them; the next n.
   */
  private putKept(
    w: Int32Array,
    at: number,
    n: number,
    k: number,
    stated: Int32Array,
    face: FontResource['face'],
  ): number {
    const count = w[at];
    if (n + count > this.glyphs.length) this.grow(n + count);
    const glyphs = this.glyphs,
      adjust = this.adjust,
      units = this.units;
    let drift = this.runDrift,
      pen = this.runPen,
      lo = this.runLo,
      hi = this.runHi;
    for (let g = at + 1, stop = at + 1 + 2 * count; g < stop; g += 2) {
      const c = w[g];
      const gid = c & 0xffff;
      glyphs[n] = gid;
      units[n] = c >>> 16;
      let st = stated[gid];
      if (st === -1) {
        st = Math.round(face.advanceOf(gid) * k);
        stated[gid] = st;
      }
      drift += w[g + 1] * k - st;
      let adj = 0;
      if (drift >= ADJUST_SLACK || drift <= -ADJUST_SLACK) {
        adj = -Math.round(drift);
        drift += adj;
      }
      adjust[n] = adj;
      const e = pen + st;
      if (e > hi) hi = e;
      if (e < lo) lo = e;
      pen = e - adj;
      if (pen > hi) hi = pen;
      if (pen < lo) lo = pen;
      n++;
    }
    this.runDrift = drift;
    this.runPen = pen;
    this.runLo = lo;
    this.runHi = hi;
    return n;
  }

  /** `fill` from the shaped words themselves (any word, packed or not). */
  private fillShaped(style: RunStyle, atoms: readonly Measured[], first: number, end: number): number {
    const face = style.font.face;
    const k = 1000 / face.unitsPerEm;
    const stated = statedAdvances(face);
    const o = this.used;
    let n = o,
      drift = 0,
      pen = 0,
      lo = 0,
      hi = 0,
      plain = true;
    for (let i = first; i < end; i++) {
      const segs = atoms[i].segs;
      for (let j = 0; j < segs.length; j++) {
        const seg = segs[j];
        if (seg.font !== style.font) return -1;
        const sh = seg.shaped;
        const count = sh.glyphs.length;
        if (n + count > this.glyphs.length) this.grow(n + count);
        const glyphs = this.glyphs,
          adjust = this.adjust,
          units = this.units,
          texts = sh.text;
        for (let g = 0; g < count; g++) {
          const adv = sh.advances[g];
          const gid = sh.glyphs[g];
          glyphs[n] = gid;
          // the text as one unit while every glyph's is one (no string pointer kept per glyph)
          const t = texts[g];
          if (plain) {
            const u = t.length === 1 ? t.charCodeAt(0) : -1;
            if (u >= 0 && (u < 0xd800 || u > 0xdfff)) units[n] = u;
            else {
              plain = false;
              this.unplain(o, n);
              this.text[n] = t;
            }
          } else this.text[n] = t;
          let st = stated[gid];
          if (st === -1) {
            st = Math.round(face.advanceOf(gid) * k);
            stated[gid] = st;
          }
          drift += adv * k - st;
          let adj = 0;
          if (drift >= ADJUST_SLACK || drift <= -ADJUST_SLACK) {
            adj = -Math.round(drift);
            drift += adj;
          }
          adjust[n] = adj;
          // where the letter's box ends and where TJ leaves the pen, for `reach`
          const end = pen + st;
          if (end > hi) hi = end;
          if (end < lo) lo = end;
          pen = end - adj;
          if (pen > hi) hi = pen;
          if (pen < lo) lo = pen;
          n++;
        }
      }
    }
    this.filled = n - o;
    this.filledPlain = plain;
    this.filledPen = pen;
    this.filledLo = lo;
    this.filledHi = hi;
    return n - o;
  }

  /** What the last `fill` filled: how many glyphs, the pen's advance over them, the least and farthest the pen and the letters' stated widths reach. */
  private filled = 0;
  private filledPlain = true;
  private filledPen = 0;
  private filledLo = 0;
  private filledHi = 0;

  /** Glyphs [from, to) of the cell being filled turn out not to be plain: their texts put in `text` from `units`. */
  private unplain(from: number, to: number): void {
    for (let g = from; g < to; g++) this.text[g] = String.fromCharCode(this.units[g]);
  }

  /** Glyph g's text (of any placed cell, plain or not). */
  textOf(cell: number, g: number): string {
    return this.plain[cell] ? String.fromCharCode(this.units[g]) : this.text[g];
  }

  /** Keeps the glyphs `fill` just filled in (from `used` on) as a placed cell. */
  add(style: RunStyle, x: number, y: number, at: JsonPointer): void {
    const i = this.count;
    if (i === this.x.length) this.growCells();
    this.style[i] = style;
    this.at[i] = at;
    this.x[i] = x;
    this.y[i] = y;
    this.from[i] = this.used;
    this.n[i] = this.filled;
    this.plain[i] = this.filledPlain ? 1 : 0;
    this.pen[i] = this.filledPen;
    this.lo[i] = this.filledLo;
    this.hi[i] = this.filledHi;
    this.used += this.filled;
    this.count = i + 1;
  }

  private grow(atLeast: number): void {
    let size = this.glyphs.length * 2;
    while (size < atLeast) size *= 2;
    const g = new Uint16Array(size);
    g.set(this.glyphs);
    const a = new Int32Array(size);
    a.set(this.adjust);
    const u = new Uint16Array(size);
    u.set(this.units);
    this.glyphs = g;
    this.adjust = a;
    this.units = u;
  }

  private growCells(): void {
    const size = this.x.length * 2;
    const f64 = (t: Float64Array) => {
      const u = new Float64Array(size);
      u.set(t);
      return u;
    };
    const i32 = (t: Int32Array) => {
      const u = new Int32Array(size);
      u.set(t);
      return u;
    };
    this.x = f64(this.x);
    this.y = f64(this.y);
    this.pen = f64(this.pen);
    this.lo = f64(this.lo);
    this.hi = f64(this.hi);
    this.from = i32(this.from);
    this.n = i32(this.n);
    const plain = new Uint8Array(size);
    plain.set(this.plain);
    this.plain = plain;
  }

  /** Writes placed cell i as a glyph run of its own (what drawing the cell alone makes). */
  write(i: number, target: DrawTarget): void {
    const n = this.n[i],
      from = this.from[i];
    const glyphs = uint16s(n);
    const adjust = int32s(n);
    for (let g = 0; g < n; g++) {
      glyphs[g] = this.glyphs[from + g];
      adjust[g] = this.adjust[from + g];
    }
    const text = this.plain[i] ? unitString(this.units, from, from + n) : this.text.slice(from, from + n);
    const style = this.style[i];
    target.glyphs.push({
      op: 'glyphs',
      at: this.at[i],
      matrix: target.matrix,
      font: style.font.name,
      size: style.size,
      x: this.x[i],
      y: this.y[i],
      colour: style.colour,
      glyphs,
      adjust,
      text,
      outline: style.outline,
      actualText: undefined,
      textObject: target.textObject,
      reach: reachOf(this.lo[i], this.hi[i], n, style.size),
    });
  }

  /** Units of a joined row's texts, filled by its joiner (passes/layout/table.ts) then made a string by `joinedString`. */
  private joined = new Uint16Array(1024);
  /** Room for a joined row's `n` text units (reused row after row). */
  joinScratch(n: number): Uint16Array {
    if (this.joined.length < n) this.joined = new Uint16Array(Math.max(n, 2 * this.joined.length));
    return this.joined;
  }
  /** The first `n` units of `joinScratch` as a string. */
  joinedString(n: number): string {
    return unitString(this.joined, 0, n);
  }

  /** Writes every placed cell as a glyph run of its own, in order, and empties the row. */
  writeAll(target: DrawTarget): void {
    for (let i = 0; i < this.count; i++) this.write(i, target);
    this.clear();
  }

  /** Empties the row (its scratch is reused). */
  clear(): void {
    this.count = 0;
    this.used = 0;
  }

  /** Empties the row and lets go of what it pointed at (styles, pointers, texts), so no render's fonts outlive it here. */
  release(): void {
    this.clear();
    this.style.length = 0;
    this.at.length = 0;
    this.text.length = 0;
    forgetPackedFace();
  }
}

/** `PlacedRow.fillPacked`'s answer for a cell it leaves to `fillShaped` (not a glyph count, not −1). */
/** `packedAtomAt` for an atom with no glyphs (an empty segment list): nothing to put in. */
const EMPTY_ATOM = -3;

/**
 * Where a measured atom's word is packed in `words` (packing it on first meeting, found again by
 * its measure's tag: not through its segments and shaping); EMPTY_ATOM for an atom without glyphs,
 * UNPACKED when it cannot be packed, −1 when it is in another font than the style's.
 */
function packedAtomAt(atom: Measured, font: FontResource, words: PackedWords): number {
  const at = atom.placed - words.tag;
  if (at >= 0 && at < PACKED_SLOTS) return at;
  const segs = atom.segs;
  if (segs.length !== 1) return segs.length === 0 ? EMPTY_ATOM : UNPACKED;
  const seg = segs[0];
  if (seg.font !== font) return -1;
  const packed = words.pack(seg.shaped, seg.font.face);
  if (packed < 0) return UNPACKED;
  // a measure belongs to one font resource, the cell style's: found again, its font was checked
  atom.placed = words.tag + packed;
  return packed;
}

const UNPACKED = -2;

/**
 * Words packed for placing, per face (by the object its stated advances are kept by, `advancesOwner`):
 * for each measured word placed (the render's `Measured`, tagged with where its entry is: a word met
 * again — two thirds of table-10k's — is found without reading its segments, shaping and strings) one
 * entry in one flat Int32Array — its glyph count, then per glyph its id and text unit
 * (`gid | unit << 16`), its stated width (thousandths of an em, as `statedAdvances` holds it) and its
 * advance as shaped (font units). No object or array per word or glyph. Bounded like every cache
 * (fast-layout §1 rule 3): past PACKED_SLOTS it starts again empty, under a new tag. An entry is a
 * pure function of the word and the face, so no output depends on what was placed before.
 */
class PackedWords {
  /**
   * What a measured word's `placed` (atoms.ts `Measured`, one a distinct word a render) holds when it
   * was placed from this packing: this tag plus where its entry starts. A tag is never given twice
   * (every packing, and every packing started again, takes the next), so a word found tagged is in
   * this packing as it is now: found without reading its segments and shaping.
   */
  tag = nextPackedTag();
  slots = new Int32Array(4096);
  used = 0;
  constructor(
    readonly unitsPerEm: number,
    private readonly stated: Int32Array,
  ) {
    chargePacked(this.slots.length);
  }

  /** Packs `sh` (shaped in `face`), returning where its entry starts, or −1 for a word that cannot be packed. */
  pack(sh: Shaped, face: TextFont): number {
    const count = sh.glyphs.length;
    const texts = sh.text,
      advances = sh.advances,
      gids = sh.glyphs;
    if (!packable(sh)) return -1;
    const need = 1 + 3 * count;
    if (this.used + need > this.slots.length) {
      const was = this.slots.length;
      makeRoom(this, need);
      if (this.slots.length !== was) chargePacked(this.slots.length - was);
    }
    const k = 1000 / face.unitsPerEm;
    const stated = this.stated;
    const w = this.slots;
    const at = this.used;
    w[at] = count;
    for (let g = 0, s = at + 1; g < count; g++, s += 3) {
      const gid = gids[g];
      let st = stated[gid];
      if (st === -1) {
        st = Math.round(face.advanceOf(gid) * k);
        stated[gid] = st;
      }
      w[s] = gid | (texts[g].charCodeAt(0) << 16);
      w[s + 1] = st;
      w[s + 2] = advances[g];
    }
    this.used = at + need;
    return at;
  }
}

/**
 * The glyphs of words kept by face (face-words.ts `FaceWord`), packed for placing a table's cells,
 * kept across renders: a word placed in an earlier render is found by its tag (`FaceWord.packed`)
 * without reading its shaping. An entry is its glyph count, then per glyph `gid | unit << 16` and
 * its advance as shaped (font units): a pure function of the shaping, for any face (the stated
 * widths are read from the face's own table when placed). One packing for every face; bounded like
 * `PackedWords` (past PACKED_SLOTS it starts again empty, under a new tag).
 */
class KeptPacking {
  tag = nextPackedTag();
  slots = new Int32Array(4096);
  used = 0;

  /**
   * Packs kept word `fw`: copied from where face-words.ts keeps its glyphs (the same entry), or from
   * its shaping; −1 for a word that cannot be packed.
   */
  packWord(fw: FaceWord): number {
    if (fw.shaped !== undefined) return this.pack(fw.shaped);
    const from = fw.store,
      f = fw.at;
    const need = 1 + 2 * from[f];
    if (this.used + need > this.slots.length) makeRoom(this, need, PACKED_SLOTS);
    const w = this.slots;
    const at = this.used;
    for (let q = 0; q < need; q++) w[at + q] = from[f + q];
    this.used = at + need;
    return at;
  }

  /** Packs `sh`, returning where its entry starts, or −1 for a word that cannot be packed. */
  pack(sh: Shaped): number {
    const count = sh.glyphs.length;
    const texts = sh.text,
      advances = sh.advances,
      gids = sh.glyphs;
    if (!packable(sh)) return -1;
    const need = 1 + 2 * count;
    if (this.used + need > this.slots.length) makeRoom(this, need, PACKED_SLOTS);
    const w = this.slots;
    const at = this.used;
    w[at] = count;
    for (let g = 0, s = at + 1; g < count; g++, s += 2) {
      w[s] = gids[g] | (texts[g].charCodeAt(0) << 16);
      w[s + 1] = advances[g];
    }
    this.used = at + need;
    return at;
  }
}

/**
 * Whether a word's shaping fits a packed entry: one UTF-16 unit a glyph, advances whole numbers within
 * 31 bits, glyph ids within 16 bits (a word kept packed by face-words.ts, `packableShaping`, always
 * does). Any other word is placed from its shaping.
 */
function packable(sh: Shaped): boolean {
  return glyphsPack(sh, false);
}

/**
 * Room for `need` more slots in a packing: past PACKED_SLOTS it starts again empty under a new tag
 * (the words still to place are packed anew as they come), and its slots grow by doubling, or at once
 * to `least` (`keptPacking`: its doublings freed ~2 MB of blocks in a table-10k render, which glibc's
 * malloc then kept resident; one large block, zeroed by the kernel, costs only the pages written).
 */
function makeRoom(p: { tag: number; slots: Int32Array; used: number }, need: number, least = 0): void {
  if (p.used + need > PACKED_SLOTS) {
    p.tag = nextPackedTag();
    p.used = 0;
  }
  let size = Math.max(p.slots.length, least);
  while (size < p.used + need) size *= 2;
  if (size === p.slots.length) return;
  const grown = new Int32Array(size);
  grown.set(p.slots.subarray(0, p.used));
  p.slots = grown;
}

/** Tags of packings (`PackedWords.tag`): multiples of PACKED_SLOTS, so a tag plus a place in one packing is never another's. */
let packedTags = 0;
function nextPackedTag(): number {
  packedTags += PACKED_SLOTS;
  return packedTags;
}

/** Int32 slots the packed words of one face hold at most (2 MB; table-10k's ~21 000 distinct words a render take ~0.4 M). */
const PACKED_SLOTS = 1 << 19;

/**
 * Int32 slots the packings of every face may have taken since they were last all let go (4 MB): a
 * packing lives as long as its face, and the process keeps up to 64 faces (engines/fonts/face.ts
 * FACE_CACHE_SIZE), so 2 MB a face would let what renders leave behind reach 128 MB a process, outside
 * any render's budget. Past it every packing is let go (the map made anew): words are packed again
 * as they are met, under new tags, so nothing stale is ever read.
 */
const PACKED_SLOTS_HELD = 1 << 20;
let packedSlotsTaken = 0;
let packedWords = new WeakMap<object, PackedWords>();

/** Counts `n` more slots taken by a packing; past PACKED_SLOTS_HELD lets every packing go. */
function chargePacked(n: number): void {
  packedSlotsTaken += n;
  if (packedSlotsTaken <= PACKED_SLOTS_HELD) return;
  packedWords = new WeakMap<object, PackedWords>();
  lastPackedFace = undefined;
  lastPacked = undefined;
  packedSlotsTaken = n;
}
/** The words kept by face, packed (made after the tags' counter). */
const keptPacking = new KeptPacking();

/** The packed words of `face`, or undefined for a face whose stated widths differ from another's of the same owner. */
function packedWordsOf(face: TextFont): PackedWords | undefined {
  // a table's cells share a face or two: the last one asked is answered without the map
  if (face === lastPackedFace) return lastPacked;
  const owner = face.advancesOwner ?? face;
  let p = packedWords.get(owner);
  if (p === undefined) {
    p = new PackedWords(face.unitsPerEm, statedAdvances(face));
    packedWords.set(owner, p);
  }
  lastPackedFace = face;
  lastPacked = p.unitsPerEm === face.unitsPerEm ? p : undefined;
  return lastPacked;
}
/** The face `packedWordsOf` last answered, and its answer (let go by `forgetPackedFace` when a part is drawn). */
let lastPackedFace: TextFont | undefined;
let lastPacked: PackedWords | undefined;
function forgetPackedFace(): void {
  lastPackedFace = undefined;
  lastPacked = undefined;
}

/** Bytes a row's one-byte units are copied into, made a string by Node's latin1 decoder (no argument list, no code point checks). */
let latin = Buffer.allocUnsafe(1024);

/**
 * UTF-16 units [from, to) of `units` as a string: units below 256 (the usual table text) through a
 * byte copy Node decodes as latin1 (about three times as fast as String.fromCharCode.apply on a row),
 * others in pieces of String.fromCharCode (no call takes more arguments than a piece holds).
 */
export function unitString(units: Uint16Array, from: number, to: number): string {
  const n = to - from;
  if (latin.length < n) latin = Buffer.allocUnsafe(Math.max(n, 2 * latin.length));
  const b = latin;
  let i = 0;
  for (; i < n; i++) {
    const u = units[from + i];
    if (u > 255) break;
    b[i] = u;
  }
  if (i === n) return b.toString('latin1', 0, n);
  const PIECE = 4096;
  let s = '';
  for (let a = from; a < to; a += PIECE)
    s += String.fromCharCode.apply(null, units.subarray(a, Math.min(to, a + PIECE)) as unknown as number[]);
  return s;
}

/**
 * Where the text oneRunText last gave stands in the description, read by `oneRunPointer` only where
 * it is needed (a word measured afresh, which may be refused): a row of bare strings makes a cell's
 * pointer string when it is read (ir/table-cells.ts), ~1.5 MB a render for table-10k read per cell.
 * The cell and which of its pointers it is are kept (set beside the text: no object per cell).
 */
let oneRunCell: TableCell | undefined;
/** Which pointer of `oneRunCell`: RUN_FLOW its flow content's, RUN_CELL the cell's, RUN_FIRST its first run's. */
let oneRunWhich = 0;
const RUN_FLOW = 0,
  RUN_CELL = 1,
  RUN_FIRST = 2;

/** The pointer of the text oneRunText last gave (see `oneRunCell`). */
function oneRunPointer(): JsonPointer {
  const cell = oneRunCell!;
  const c = cell.content;
  if (oneRunWhich === RUN_CELL) return cell.at;
  if (c.kind === 'flow') return c.at;
  return (c as Extract<typeof c, { kind: 'text' }>).runs![0].at;
}

/**
 * A text or flow cell's text when it is one run in the cell's own style (as cellSource would give it,
 * read without an object per cell), its pointer left to `oneRunPointer`; undefined for any other cell.
 */
function oneRunText(cell: TableCell): string | undefined {
  const c = cell.content;
  if (c.kind === 'flow') {
    oneRunCell = cell;
    oneRunWhich = RUN_FLOW;
    return c.text;
  }
  if (c.kind !== 'text') return undefined;
  if (!c.runs) {
    oneRunCell = cell;
    oneRunWhich = RUN_CELL;
    return cell.text ?? '';
  }
  if (c.runs.length === 1 && !c.runs[0].style && !c.runs[0].date) {
    oneRunCell = cell;
    oneRunWhich = RUN_FIRST;
    return c.runs[0].text;
  }
  return undefined;
}

/** Lays a cell's text (placeholders as written) and keeps only its line metrics (see CellText). */
export function measureCellText(cell: TableCell, font: FontResource, width: number, now: Date): CellText | undefined {
  const c = cell.content;
  if (c.kind !== 'text' && c.kind !== 'flow') return undefined;
  const s = cell.style;
  // The common cell — one short run in the cell's own style on one line — is measured without laying it.
  const text = oneRunText(cell);
  if (text !== undefined && s.breakAfter === undefined && s.hyphenate === undefined && s.align !== 'justify') {
    const style = runStyleOf(s, font);
    const shown = oneLineAtoms(text, style, width, oneRunPointer());
    oneRunCell = undefined;
    if (shown >= 0) {
      const one: MeasuredOneLine = {
        lines: oneLineOf(style).lines,
        style,
        atoms: atomsFound.slice(0, shown),
        visible: visibleFound,
      };
      return one;
    }
  }
  return laidMetrics(cell, font, width, now);
}

/** A cell's text laid (placeholders as written) for its line metrics only. */
function laidMetrics(cell: TableCell, font: FontResource, width: number, now: Date): CellText | undefined {
  const laid = layCellText(cell, font, width, { now });
  if (!laid) return undefined;
  const shared = oneLineOf(runStyleOf(cell.style, font));
  const same = (l: Line, m: LineMetrics) =>
    l.ascender === m.ascender && l.descender === m.descender && l.leading === m.leading;
  if (laid.lines.length === 1 && same(laid.lines[0], shared.m)) return { lines: shared.lines };
  return {
    lines: laid.lines.map((l) =>
      same(l, shared.m) ? shared.m : { ascender: l.ascender, descender: l.descender, leading: l.leading },
    ),
  };
}

/**
 * The words of a table's cells measured as one line (MeasuredTable.words), by cell index (the
 * table's cells in row order): where each cell's atoms start in one array for the whole table, how
 * many are drawn and their width — no object or array per cell. A cell not measured as one line
 * starts at −1.
 *
 * An atom is a number (`codes`): n ≥ 0 is the table's n-th word kept by face (`kept`, face-words.ts
 * `FaceWord`: drawn from its shaping in the cell's font, `PlacedRow.fillCoded`), ~n any other
 * atom's measure (`objs`: a run of spaces, a word not kept, a font chain's words). No object per word.
 */
export class OneLineWords {
  readonly from: Int32Array;
  readonly count: Int32Array;
  readonly visible: Float64Array;
  /** Per cell, 1 when its text was found plain (`plainBreaks`: no brace, so no placeholder; layout need not scan it again). */
  readonly plain: Uint8Array;
  /** Every one-line cell's atoms, in order (`used` of them). */
  codes = new Int32Array(1024);
  used = 0;
  /** The table's words kept by face, by number (each distinct word once a table and index: FaceIndex.local). */
  readonly kept: FaceWord[] = objectArray();
  /**
   * Per kept word (KEPT_META int32s a number): where `keptPacking` holds it (a tag and a place, as
   * FaceWord.packed holds it: valid while the tag is the packing's), then the slot and the index
   * (by its place in `slotIndexes`) it was found in. The place is the index's copy when the word was
   * numbered (word-index.ts REC_PACKED), so `fillCoded` finds a word packed in an earlier render
   * without reading its FaceWord (a miss each: ~21 000 a render for table-10k), and is kept up to
   * date here when the word is packed again.
   */
  keptMeta = new Int32Array(KEPT_META * 256);
  /** The indexes of kept words this table's words were found in (kept until the table goes: see keptMeta). */
  private readonly slotIndexes: FaceIndex[] = objectArray();
  /** `lastIndex`'s place in `slotIndexes`. */
  private lastIndexNo = 0;

  /** Numbers the word in slot `s` of `lastIndex` (record at `r`) for this table: its number. */
  number(index: FaceIndex, s: number, r: number): number {
    const code = this.kept.push(index.words[s]!) - 1;
    let meta = this.keptMeta;
    if (KEPT_META * (code + 1) > meta.length) {
      const grown = new Int32Array(2 * meta.length);
      grown.set(meta);
      this.keptMeta = meta = grown;
    }
    const at = KEPT_META * code;
    meta[at] = index.rec[r + REC_PACKED];
    meta[at + 1] = s;
    meta[at + 2] = this.lastIndexNo;
    index.keep(s, code, this.lastStamp);
    return code;
  }

  /** Kept word `code` is packed at `packed` (a tag and a place): kept here and in its index's record. */
  notePacked(code: number, packed: number): void {
    const at = KEPT_META * code;
    this.keptMeta[at] = packed;
    this.slotIndexes[this.keptMeta[at + 2]].notePacked(this.keptMeta[at + 1], this.kept[code], packed);
  }
  /** Other atoms' measures, by number. */
  readonly objs: Measured[] = objectArray();
  /** The measure `objCode` last numbered (a run of one space, mostly: numbered once for many cells). */
  private lastObj: Measured | undefined;
  private lastObjCode = 0;
  /** The number of an atom that is not a kept word. */
  objCode(m: Measured): number {
    if (m === this.lastObj) return this.lastObjCode;
    this.lastObj = m;
    this.lastObjCode = ~(this.objs.push(m) - 1);
    return this.lastObjCode;
  }
  /** Appends atom numbers [0, n) of `from`. */
  pushCodes(from: Int32Array, n: number): void {
    if (this.used + n > this.codes.length) {
      let size = this.codes.length * 2;
      while (size < this.used + n) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.codes.subarray(0, this.used));
      this.codes = grown;
    }
    // copied one by one: a subarray per cell would be an object per cell
    const codes = this.codes,
      u = this.used;
    for (let i = 0; i < n; i++) codes[u + i] = from[i];
    this.used = u + n;
  }
  /** Atom i as a measure (as pagination made one per word before numbers: a kept word in `font`, one segment). */
  atomAt(i: number, font: FontResource): Measured {
    const code = this.codes[i];
    if (code < 0) return this.objs[~code];
    const w = this.kept[code];
    return {
      segs: [{ font, start: 0, shaped: shapedOf(w) }],
      perPoint: w.perPoint,
      glyphs: w.glyphs,
      spaces: w.spaces,
      placed: 0,
    };
  }
  /** Makes room in `font`'s word index for a word a cell, once a table (its words mostly new each render). */
  reserve(font: FontResource): void {
    if (font === this.lastReserved || this.reserved.has(font)) return;
    this.lastReserved = font;
    this.reserved.add(font);
    wordIndex(wordsOf(font)).reserve(this.from.length);
  }
  /** Fonts whose word index was made room in for this table's words (`measureTableCell`). */
  private readonly reserved = new Set<FontResource>();
  private lastReserved: FontResource | undefined;
  /** The font the last one-line cell was measured in, its shaping id (face-words.ts) and the index of its kept words. */
  lastFont: FontResource | undefined;
  lastId = 0;
  lastIndex: FaceIndex | undefined;
  /** The stamp the words found in `lastFont` are numbered under in `lastIndex` (word-index.ts nextStamp). */
  lastStamp = 0;
  /** Indexes of kept words this table's cells were found in (their stamps let go by `release`). */
  private readonly indexes: FaceIndex[] = objectArray();
  constructor(cells: number) {
    this.from = new Int32Array(cells).fill(-1);
    this.count = new Int32Array(cells);
    this.visible = new Float64Array(cells);
    this.plain = new Uint8Array(cells);
  }
  /** Looks up (once a run of cells in one font) the shaping id and index `font`'s words are found in. */
  use(font: FontResource): void {
    if (font !== this.lastFont) this.tell(font);
  }
  /**
   * Cells from here on are in `font` (not the last one): `use`'s first-cell work, a method of its own so
   * a table can tell its font before its cells (table-measure.ts), and `use`, optimised for the cells,
   * never meets it in render 2 without type feedback for it.
   */
  tell(font: FontResource): void {
    this.lastFont = font;
    this.lastId = faceWordIdMet(font.face);
    this.lastIndex = undefined;
    this.lastStamp = nextStamp();
    if (this.lastId === 0) return;
    const index = faceIndex(this.lastId);
    this.lastIndex = index;
    if (!this.indexes.includes(index)) this.indexes.push(index);
    let no = this.slotIndexes.indexOf(index);
    if (no < 0) no = this.slotIndexes.push(index) - 1;
    this.lastIndexNo = no;
  }
  /** The table measured: lets go of the indexes' stamps (marking the words found used) and of the last font. */
  release(): void {
    for (const index of this.indexes) index.releaseTable();
    this.indexes.length = 0;
    this.lastFont = undefined;
    this.lastIndex = undefined;
    this.lastObj = undefined;
    // the table's last cell let go (it holds its table alive until the next one is measured)
    oneRunCell = undefined;
  }
}

/** The hash of one space (`wordEnd`'s of the word " "). */
const SPACE_HASH = hashStep(HASH_SEED, 32);

/** Int32s `OneLineWords.keptMeta` keeps a kept word's: where it is packed, its slot, its index. */
const KEPT_META = 3;

/** Where `cellWords` leaves a one-line cell's atom numbers (reused from cell to cell: no array per cell). */
const cellCodes = new Int32Array(MAX_ONE_LINE_ATOMS + 1);
/**
 * The width of the atoms `cellWords` last found to be drawn, points: in a typed array, as a number
 * kept in a module's variable is a heap number made per cell (0.8 MB a render for table-10k).
 */
const cellVisible = new Float64Array(1);
/** Whether the text `cellWords` last scanned is plain (`plainBreaks`): no brace in it, so no placeholder. */
let cellPlain = false;

/**
 * `oneLineAtoms` for a table's cell being measured, in a font whose words are kept by face
 * (`words.lastIndex`): the same test (breaks only after spaces, the words and spaces up to the last
 * word no wider than the measure, the same sums in the same order), each word found by the hash
 * taken as it is scanned in the face's index of kept words (word-index.ts FaceIndex) — no string
 * cut out, no map looked up, for a word kept in an earlier render — and wrapped in this render's
 * font once a table. A word never kept is measured as the engine measures it (shaped and kept, or
 * refused as a missing glyph). Returns how many atoms are drawn (their numbers in `cellCodes`: see
 * OneLineWords), or −1.
 */
function cellWords(text: string, style: RunStyle, width: number, words: OneLineWords): number {
  const plain = plainBreaks(text);
  cellPlain = plain;
  if (!plain && !breaksOnlyAfterSpaces(text)) return -1;
  const font = style.font;
  const size = style.size;
  const id = words.lastId;
  const index = words.lastIndex!;
  const stamp = words.lastStamp;
  let x = 0,
    visible = 0,
    i = 0,
    k = 0,
    shown = 0;
  const n = text.length;
  while (i < n) {
    let j = i + 1;
    let code: number;
    let h: number;
    const space = text.charCodeAt(i) === 32;
    if (space) {
      while (j < n && text.charCodeAt(j) === 32) j++;
      h = SPACE_HASH;
    } else {
      j = wordEnd(text, i, n);
      h = wordHash;
    }
    if (space && j > i + 1) {
      // a run of spaces (rare): from the render's word cache, as the engine measures it
      const m = measureIn(wordsOf(font), font, text.slice(i, j), oneRunPointer());
      x += m.perPoint * size;
      code = words.objCode(m);
    } else {
      // a word, or one space: the space is a word kept by face like any other (its number and width
      // found as a word's, no path of its own met first in each table: a deopt each render)
      let s = index.find(text, i, j, h);
      let perPoint = 0;
      code = 0;
      if (s < 0) {
        const word = i === 0 && j === n ? text : text.slice(i, j);
        // kept by face (another table, text or render measured it) or shaped now and kept
        const m = measureAfresh(font, word, oneRunPointer());
        const w = faceWord(id, word);
        const seg = m.segs.length === 1 ? m.segs[0] : undefined;
        if (w !== undefined && w === afreshWord && seg !== undefined && seg.font === font && seg.start === 0)
          s = index.add(word, h, w);
        else {
          code = words.objCode(m);
          perPoint = m.perPoint;
        }
      }
      if (s >= 0) {
        // the width from the word's record (the line the probe read); the word numbered (for drawing)
        // once a table, at one call for words found and words just added (a call first met in a
        // later render is a deopt)
        perPoint = index.recF[s * REC_F + REC_F_PER_POINT];
        const r = s * REC;
        if (index.rec[r + REC_STAMP] === stamp) code = index.rec[r + REC_LOCAL];
        else code = words.number(index, s, r);
      }
      x += perPoint * size;
      if (!space) {
        visible = x;
        shown = k + 1;
      }
    }
    if (visible > width + 1e-6 || k >= MAX_ONE_LINE_ATOMS) return -1;
    cellCodes[k++] = code;
    i = j;
  }
  cellVisible[0] = visible;
  return shown;
}

/**
 * `measureCellText` for cell `k` of a table: a cell set on one line keeps its atoms in `words` (and
 * gets its style's shared metrics), any other is laid for its metrics.
 */
export function measureTableCell(
  cell: TableCell,
  font: FontResource,
  width: number,
  now: Date,
  words: OneLineWords,
  k: number,
): CellText | undefined {
  const c = cell.content;
  if (c.kind !== 'text' && c.kind !== 'flow') return undefined;
  const s = cell.style;
  const text = oneRunText(cell);
  if (text !== undefined && s.breakAfter === undefined && s.hyphenate === undefined && s.align !== 'justify') {
    const style = runStyleOf(s, font);
    words.use(font);
    let shown: number,
      visible: number,
      plain = false;
    if (words.lastIndex !== undefined) {
      shown = cellWords(text, style, width, words);
      visible = cellVisible[0];
      plain = cellPlain;
    } else {
      // a font chain's words are not kept by face: found in the render's word cache
      words.reserve(font);
      shown = oneLineAtoms(text, style, width, oneRunPointer());
      visible = visibleFound;
      for (let i = 0; i < shown; i++) cellCodes[i] = words.objCode(atomsFound[i]);
    }
    if (shown >= 0) {
      words.from[k] = words.used;
      words.count[k] = shown;
      words.visible[k] = visible;
      if (plain) words.plain[k] = 1;
      words.pushCodes(cellCodes, shown);
      return oneLineOf(style);
    }
  }
  return laidMetrics(cell, font, width, now);
}

/**
 * A table's cell style set up before its cells are measured: its run style and one-line metrics found
 * and kept among the recent ones, as `measureTableCell` would at the style's first cell. Done there,
 * the lookups of a style's first cell ran only for the first rows of render 1 (before V8 kept type
 * feedback for the function) and threw its optimised code out at render 2's first row.
 */
export function primeCellStyle(s: CellStyle, font: FontResource): void {
  if (s.breakAfter !== undefined || s.hyphenate !== undefined || s.align === 'justify') return;
  oneLineMet(runStyleOf(s, font));
}

function oneLineOf(style: RunStyle): OneLineShared {
  // the style `runStyleOf` just answered (a cell's, mostly): its metrics kept beside it, no map asked
  const mine = recentRun[recentAt] === style;
  if (mine) {
    const kept = recentOne[recentAt];
    if (kept !== undefined) return kept;
  }
  return oneLineMet(style);
}

/**
 * `oneLineOf` past the recent styles: the metrics kept for `style` (made once), kept beside it when it
 * is `runStyleOf`'s last answer. A function of its own for `primeCellStyle` to call: through the
 * optimised `oneLineOf` it met a style new to the render without type feedback (a deopt in render 2).
 */
function oneLineMet(style: RunStyle): OneLineShared {
  let shared = oneLine.get(style);
  if (!shared) {
    const m = styleMetrics(style);
    shared = { m, lines: Object.freeze([m]), style };
    oneLine.set(style, shared);
  }
  if (recentRun[recentAt] === style) recentOne[recentAt] = shared;
  return shared;
}

/** Whether a cell's text changes with the page it is drawn on. */
export function hasPlaceholders(cell: TableCell): boolean {
  const c = cell.content;
  if (c.kind === 'flow') return c.placeholders;
  if (c.kind !== 'text') return false;
  if (!c.runs) return textPlaceholders(cell.text ?? '');
  for (const r of c.runs) if (r.placeholders) return true;
  return false;
}

/** Width of the widest line the cell's text makes unbroken (for `auto` columns), points. */
export function naturalWidth(cell: TableCell, font: FontResource, now: Date): number {
  const t = layCellText(cell, font, Number.POSITIVE_INFINITY, { now });
  let w = 0;
  if (t) for (const l of t.lines) w = Math.max(w, l.width + l.indent);
  return w;
}

/**
 * Draws lines [from, to) of a cell's text with the top of the first line's ascender at `top`, the
 * line's measure starting at `left`, into `target` (glyph runs and decoration rects).
 */
export function drawCellLines(
  t: LaidCellText,
  from: number,
  to: number,
  s: CellStyle,
  left: number,
  top: number,
  target: DrawTarget,
): void {
  let baseline = top;
  for (let i = from; i < Math.min(to, t.lines.length); i++) {
    const line = t.lines[i];
    const p = t.paragraphOf[i];
    baseline -= i === from ? line.ascender : line.leading;
    // A line wider than the cell (an over-wide word) starts at the cell's left edge whatever the
    // alignment and runs past the right one: it never runs off to the left, out of the table.
    const set = lineAlign(line, p.rtl, s.align, undefined);
    const align = line.width > line.measure + 1e-6 && (set === 'right' || set === 'center') ? 'left' : set;
    drawLine(p, line, left, baseline, align, undefined, target);
  }
}

/** A span of a cell as written, and whether its placeholders are resolved on the page it is drawn on. */
type CellSpan = Span & { resolve: boolean };

/**
 * A cell with placeholders split over several boxes (issue 20: laid whole, resolved for each page,
 * a cell of n lines over n/60 pages cost O(n²)). It is laid once as written — the lines pagination
 * measured, whose indices the parts give — and a box lays again only the paragraphs it shows that
 * hold placeholders, each once, resolved for the page its first line is drawn on (**decision**: a
 * paragraph running on to the next page keeps the numbers of the page it began on). Paragraphs
 * without placeholders are drawn as laid. In all, O(n): each paragraph laid at most twice.
 */
export class PagedCellText {
  /** Paragraphs as written (split at newlines as text-block.ts splits them) and whether any span resolves. */
  private readonly source: { spans: CellSpan[]; empty: RunStyle; resolves: boolean }[] = [];
  private readonly laid: LaidParagraph[] = [];
  /** First as-written line of each paragraph, then the line count. */
  private readonly first: number[] = [0];
  /** The paragraph of each as-written line. */
  private readonly paragraphOfLine: number[] = [];
  private readonly resolved = new Map<number, LaidParagraph>();
  private readonly rules: BlockRules;

  constructor(
    cell: TableCell,
    font: FontResource,
    private readonly width: number,
    now: Date,
  ) {
    const c = cell.content;
    const style = runStyleOf(cell.style, font);
    let spans: CellSpan[];
    if (c.kind === 'text') {
      const runs = cellRuns(cell);
      // textSpans while measuring maps run i to span i, placeholders as written
      spans = textSpans(cell, style, { now }).map((sp, i) =>
        Object.assign({}, sp, { resolve: runs[i].placeholders === true }),
      );
    } else if (c.kind === 'flow') {
      const text = HAS_WHITE_NOT_TAB.test(c.text) ? c.text.replace(WHITE_NOT_TAB, ' ') : c.text;
      spans = [{ text, style, at: c.at, resolve: c.placeholders }];
    } else spans = [];
    if (spans.length === 0) spans.push({ text: '', style, at: cell.at, resolve: false });
    this.rules = rulesOf(cell.style, c.kind === 'flow', width);
    for (const p of eachParagraph(spans)) {
      if (!p.empty) continue; // as layRuns drops it
      const own = p.spans as CellSpan[];
      const laid = layParagraph(own, this.rules, width, NO_INDENTS, p.empty);
      this.source.push({ spans: own, empty: p.empty, resolves: own.some((sp) => sp.resolve) });
      const k = this.laid.push(laid) - 1;
      for (let i = 0; i < laid.lines.length; i++) this.paragraphOfLine.push(k);
      this.first.push(this.paragraphOfLine.length);
    }
  }

  /** Lines as written (as pagination measured them). */
  get lineCount(): number {
    return this.paragraphOfLine.length;
  }

  /** Lines [from, to) as measured, as drawn on the page of `pc`: a laid text holding only those lines. */
  part(from: number, to: number, pc: CellPage): LaidCellText {
    const out: LaidCellText = { paragraphs: [], lines: [], paragraphOf: [] };
    if (to <= from || from >= this.lineCount) return out;
    const kFrom = this.paragraphOfLine[from];
    const kTo = this.paragraphOfLine[Math.min(to, this.lineCount) - 1];
    for (let k = kFrom; k <= kTo; k++) {
      const p = this.source[k].resolves ? this.resolvedAt(k, pc) : this.laid[k];
      const a = k === kFrom ? from - this.first[k] : 0;
      // Up to the paragraph's end as written: every line it has as resolved (never one lost).
      const b = k === kTo && to < this.first[k + 1] ? to - this.first[k] : p.lines.length;
      for (let i = a; i < Math.min(b, p.lines.length); i++) {
        out.lines.push(p.lines[i]);
        out.paragraphOf.push(p);
      }
      out.paragraphs.push(p);
    }
    return out;
  }

  /** Paragraph k with its placeholders resolved for the page it is first drawn on, laid once. */
  private resolvedAt(k: number, pc: CellPage): LaidParagraph {
    let p = this.resolved.get(k);
    if (!p) {
      const src = this.source[k];
      const spans = src.spans.map((sp) =>
        sp.resolve ? { ...sp, text: resolvePlaceholders(sp.text, pc.page ?? 0, pc.total ?? 0, pc.pageOf) } : sp,
      );
      p = layParagraph(spans, this.rules, this.width, NO_INDENTS, src.empty);
      this.resolved.set(k, p);
    }
    return p;
  }
}

const NO_INDENTS = { left: 0, right: 0, firstLine: 0 };
