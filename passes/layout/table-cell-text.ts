// passes/layout/table-cell-text.ts — the ONE adapter between tables and the text engine: how a table
// cell's text is measured into lines (pagination needs row heights before anything is drawn) and how
// those lines become glyph runs (layout). Everything a table knows about text goes through here, so
// when the text engine's line layout changes (alignment, hyphenation, styled runs, placeholders),
// only this module follows it. Today cells break greedily at spaces (`breakLines` below, the rule text
// items had before the text engine's paragraph layout; moving cells onto passes/layout/paragraph.ts is
// this module's next step).
//
// Speed: a 10 000-row table shapes some 50 000 short strings, most of them once (ids, dates,
// amounts). Shaping each through fontkit costs ~10 µs; for plain Latin text this module shapes from
// per-face caches of single glyphs and of glyph pairs (kerning) that fontkit itself filled, and
// falls back to full shaping whenever a pair does not shape as two glyphs (a ligature, a
// substitution) or a character is outside plain Latin — so the glyphs and advances are the ones
// fontkit gives, tested against it (passes/layout/table-cell-text.test.ts).
import type { Colour, FontResource, GlyphRunOp } from '../../ir/types.js';
import type { JsonPointer } from '../../ir/pointer.js';
import { FontChain } from '../fonts/chain.js';
import { Face, type Shaped } from '../fonts/face.js';
import { shapeText } from '../fonts/shaper.js';
import type { TextFont } from '../fonts/text-font.js';
import { refuse } from '../pass.js';

/**
 * One set line: its text and width. Plain-Latin lines keep no glyphs (a 10 000-row table would hold
 * 50 000 glyph arrays through pagination); they are shaped again from the pair caches when drawn.
 * Other lines keep what full shaping gave.
 */
export interface CellLine { text: string; /** points */ width: number; shaped?: Shaped }

function lineOf(text: string, shaped: FastShaped, width: number): CellLine {
  return shaped.fast ? { text, width } : { text, width, shaped };
}

/** A cell's text set into lines at one size: what pagination measures and layout draws. */
export interface CellText {
  lines: CellLine[];
  /** Ascender and descender (positive, below the baseline) and leading, points. */
  ascent: number;
  descent: number;
  leading: number;
}

/** Height of lines [from, to) of a cell's text: first ascender, leadings between baselines, last descender. */
export function linesHeight(t: CellText, from = 0, to = t.lines.length): number {
  if (to <= from) return 0;
  return t.ascent + (to - from - 1) * t.leading + t.descent;
}

/** How many lines from `from` fit in `room` points. */
export function linesThatFit(t: CellText, from: number, room: number): number {
  let n = 0;
  while (from + n < t.lines.length && linesHeight(t, from, from + n + 1) <= room + 1e-6) n++;
  return n;
}

// ───────────── shaping with pair caches (see header) ─────────────

interface FastCache { glyph: Map<number, { gid: number; adv: number } | null>; pair: Map<number, number | null>; stated: Map<number, number> }
const caches = new WeakMap<object, FastCache>();
/** Plain Latin and common punctuation: no marks, no complex scripts, no surrogates. */
/** Text needing no clean-up: no line ends, tabs or other white space to fold, no trailing space. */
const SIMPLE = /^[^\r\n\t\v\f\u00a0]*[^\r\n\t\v\f\u00a0 ]$/;
const PLAIN = /^[\x20-\x7e\u00a0-\u024f\u2010-\u2027\u2030-\u205e\u20ac]*$/;

function cacheOf(face: TextFont): FastCache {
  let c = caches.get(face);
  if (!c) { c = { glyph: new Map(), pair: new Map(), stated: new Map() }; caches.set(face, c); }
  return c;
}

function single(face: Face, c: FastCache, cp: number): { gid: number; adv: number } | null {
  let g = c.glyph.get(cp);
  if (g !== undefined) return g;
  g = null;
  if (face.font.hasGlyphForCodePoint(cp)) {
    const run = face.font.layout(String.fromCharCode(cp));
    if (run.glyphs.length === 1) g = { gid: run.glyphs[0].id, adv: run.positions[0].xAdvance };
  }
  c.glyph.set(cp, g);
  return g;
}

/** The first glyph's advance in the pair as fontkit shapes it (kerning included), or null when the pair is not two plain glyphs. */
function pairAdvance(face: Face, c: FastCache, a: number, b: number, ga: number, gb: number): number | null {
  const key = a * 65536 + b;
  let v = c.pair.get(key);
  if (v !== undefined) return v;
  const run = face.font.layout(String.fromCharCode(a, b));
  v = run.glyphs.length === 2 && run.glyphs[0].id === ga && run.glyphs[1].id === gb ? run.positions[0].xAdvance : null;
  c.pair.set(key, v);
  return v;
}

/** Shapes as `face.shape` does; plain Latin from the caches, anything else through the face. */
/** Plain Latin and common punctuation (PLAIN's ranges), tested one code unit at a time. */
function plainUnit(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0x24f) || (cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2030 && cp <= 0x205e) || cp === 0x20ac;
}

/** The width `shapeCellText` would give, font units, without building glyph arrays; -1 when the text needs full shaping. */
export function cellTextWidth(face: TextFont, text: string): number {
  const n = text.length;
  // The caches speak fontkit: only a plain face (not a variant, chain or font of another kind) takes this path.
  if (n === 0 || n > 200 || !(face instanceof Face) || face.constructor !== Face) return -1;
  const c = cacheOf(face);
  let width = 0;
  let prev: { gid: number; adv: number } | null = null;
  let prevCp = 0;
  for (let i = 0; i < n; i++) {
    const cp = text.charCodeAt(i);
    if (!plainUnit(cp)) return -1;
    const g = single(face, c, cp);
    if (!g) return -1;
    if (prev) {
      const a = pairAdvance(face, c, prevCp, cp, prev.gid, g.gid);
      if (a === null) return -1;
      width += a;
    }
    prev = g;
    prevCp = cp;
  }
  return width + prev!.adv;
}

/** Shaped text, marked when it came from the caches (and can be shaped again from them for nothing). */
export type FastShaped = Shaped & { fast?: true };

export function shapeCellText(face: TextFont, text: string): FastShaped {
  if (text.length === 0 || text.length > 200 || !(face instanceof Face) || face.constructor !== Face || !PLAIN.test(text)) return face.shape(text);
  const c = cacheOf(face);
  const n = text.length;
  const glyphs = new Array<number>(n);
  const advances = new Array<number>(n);
  const texts = new Array<string>(n);
  let width = 0;
  let prev: { gid: number; adv: number } | null = null;
  for (let i = 0; i < n; i++) {
    const cp = text.charCodeAt(i);
    const g = single(face, c, cp);
    if (!g) return face.shape(text);
    if (prev) {
      const a = pairAdvance(face, c, text.charCodeAt(i - 1), cp, prev.gid, g.gid);
      if (a === null) return face.shape(text);
      advances[i - 1] = a;
      width += a;
    }
    glyphs[i] = g.gid;
    texts[i] = text[i];
    prev = g;
  }
  advances[n - 1] = prev!.adv;
  width += prev!.adv;
  return { glyphs, advances, text: texts, width, missing: [], fast: true };
}

// ───────────── measuring and drawing ─────────────

/** Sets a cell's text (`\n` ends a paragraph) into lines no wider than `measure` points. */
export function measureCellText(font: FontResource, text: string, size: number, leading: number, measure: number, at: JsonPointer): CellText {
  const face = font.face;
  const scale = size / face.unitsPerEm;
  const m = face.metrics;
  const lines: CellLine[] = [];
  const ascent = (m.ascender * size) / face.unitsPerEm, descent = (-m.descender * size) / face.unitsPerEm;
  // The common cell: one short paragraph of plain text that fits on one line, measured without shaping arrays.
  if (SIMPLE.test(text)) {
    const w = cellTextWidth(face, text);
    if (w >= 0 && w * scale <= measure + 1e-9) return { lines: [{ text, width: w * scale }], ascent, descent, leading };
  }
  const clean = text.replace(/\r\n?/g, '\n').replace(/[\t\v\f\u00a0]/g, ' ');
  for (const paragraph of clean.split('\n')) {
    const trimmed = paragraph.replace(/ +$/, '');
    const whole = shapeCellText(face, trimmed);
    if (whole.missing.length) refuseMissing(font, whole, at);
    if (whole.width * scale <= measure + 1e-9) {
      lines.push(lineOf(trimmed, whole, whole.width * scale));
      continue;
    }
    for (const line of breakLines(face, paragraph, size, measure)) {
      const t = line.replace(/ +$/, '');
      const shaped = shapeCellText(face, t);
      lines.push(lineOf(t, shaped, shaped.width * scale));
    }
  }
  return { lines, ascent, descent, leading };
}

/** Width of the widest paragraph set on one line (for `auto` columns), points. */
export function naturalWidth(font: FontResource, text: string, size: number, at: JsonPointer): number {
  const face = font.face;
  let w = 0;
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const shaped = shapeCellText(face, paragraph.replace(/[\t\v\f\u00a0]/g, ' ').replace(/ +$/, ''));
    if (shaped.missing.length) refuseMissing(font, shaped, at);
    w = Math.max(w, (shaped.width * size) / face.unitsPerEm);
  }
  return w;
}

export interface CellTextDraw {
  font: FontResource; size: number; colour: Colour; align: 'left' | 'center' | 'right'; at: JsonPointer;
  /** Left edge and width of the text area (inside the padding), and the top of the first line shown. */
  x: number; width: number; top: number;
}

/** One line of one cell, placed: what `rowRuns` turns into glyph runs. */
export interface LineSegment { d: CellTextDraw; shaped: Shaped; x: number; y: number }

/** The segments of lines [from, to), the first line's ascender at `top`, each aligned in the text area. */
export function drawCellLines(t: CellText, from: number, to: number, d: CellTextDraw, out: LineSegment[]): void {
  let baseline = d.top - t.ascent;
  for (let i = from; i < to; i++) {
    const line = t.lines[i];
    if (line.text.length > 0) {
      // A line wider than the cell (one over-wide word) starts at the left edge whatever the alignment
      // and runs past the right one, as a text item's overlong word does; it never runs off to the left.
      const x = d.align === 'left' || line.width > d.width ? d.x : d.align === 'right' ? d.x + d.width - line.width : d.x + (d.width - line.width) / 2;
      if (d.font.face instanceof FontChain) {
        // A font chain: one segment per member font, each in its own font, one after the other.
        let sx = x;
        for (const seg of shapeText(d.font, line.text)) {
          out.push({ d: { ...d, font: seg.font }, shaped: seg.shaped, x: sx, y: baseline });
          sx += (seg.shaped.width * d.size) / seg.font.face.unitsPerEm;
        }
      } else {
        out.push({ d, shaped: line.shaped ?? shapeCellText(d.font.face, line.text), x, y: baseline });
      }
    }
    baseline -= t.leading;
  }
}

/**
 * The glyph runs of one table row's segments. Segments that share font, size, colour and baseline
 * become one run: the move from one cell to the next is a TJ adjustment after the earlier cell's last
 * glyph. A 10 000-row table then writes one text object per row and line instead of one per cell —
 * a fifth of the objects in memory and of the operators in the file. Within a cell, as in
 * text-lines.ts's glyphRun, the W array states each glyph's advance rounded to a thousandth and the
 * shaped advance's difference goes into the adjustment, rounding residue carried; between cells the
 * pen is moved from where TJ really left it, so positions hold to half a thousandth of an em.
 */
export function rowRuns(segs: LineSegment[], out: GlyphRunOp[]): void {
  if (segs.length === 0) return;
  let ordered = true;
  for (let i = 1; i < segs.length && ordered; i++) ordered = segs[i].y < segs[i - 1].y || (segs[i].y === segs[i - 1].y && segs[i].x >= segs[i - 1].x);
  if (!ordered) segs.sort((a, b) => b.y - a.y || a.x - b.x);
  let g0 = 0;
  for (let i = 1; i <= segs.length; i++) {
    const a = segs[g0].d;
    const b = segs[i]?.d;
    if (b && segs[i].y === segs[g0].y && b.font === a.font && b.size === a.size && sameColour(b.colour, a.colour)) continue;
    out.push(runOf(segs, g0, i));
    g0 = i;
  }
}

function runOf(segs: LineSegment[], from: number, to: number): GlyphRunOp {
  const first = segs[from];
  const { font, size, colour, at } = first.d;
  const face = font.face;
  const c = cacheOf(face);
  const k = 1000 / face.unitsPerEm;
  let n = 0;
  for (let i = from; i < to; i++) n += segs[i].shaped.glyphs.length;
  const glyphs = new Uint16Array(n);
  const adjust = new Int32Array(n);
  const text: string[] = new Array(n);
  let o = 0;
  /** Pen from the run's start, thousandths of an em, as TJ moves it (every adjustment so far included). */
  let pen = 0;
  for (let si = from; si < to; si++) {
    const seg = segs[si];
    if (si > from) {
      // Move from where the pen is to this cell's x: an adjustment after the previous glyph.
      const want = ((seg.x - first.x) * 1000) / size;
      const adj = Math.round(pen - want);
      adjust[o - 1] += adj;
      pen -= adj;
    }
    const sh = seg.shaped;
    let residue = 0;
    for (let g = 0; g < sh.glyphs.length; g++) {
      const gid = sh.glyphs[g];
      let adv = c.stated.get(gid);
      if (adv === undefined) { adv = face.advanceOf(gid); c.stated.set(gid, adv); }
      const stated = Math.round(adv * k);
      const wanted = sh.advances[g] * k + residue;
      const adj = Math.round(stated - wanted);
      residue = wanted - (stated - adj);
      glyphs[o] = gid;
      adjust[o] = adj;
      text[o] = sh.text[g];
      pen += stated - adj;
      o++;
    }
  }
  return { op: 'glyphs', at, font: font.name, size, x: first.x, y: first.y, colour, glyphs, adjust, text };
}

function sameColour(a: Colour, b: Colour): boolean {
  if (a === b) return true;
  // Cells take device colours; a pattern, gradient or declared space is the same only as the same object.
  if (!('c' in a) || !('c' in b) || a.space !== b.space) return false;
  return a.c.every((v: number, i: number) => v === b.c[i]);
}

function refuseMissing(font: FontResource, shaped: Shaped, at: JsonPointer): never {
  const cp = shaped.missing[0];
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  const shown = cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? `U+${hex}` : JSON.stringify(String.fromCodePoint(cp));
  refuse('glyphMissing', at, font.name, shown, hex, at);
}

const SPACE = ' ';

/** Breaks one paragraph into lines no wider than `measure` points, greedily, at spaces. */
export function breakLines(face: TextFont, paragraph: string, size: number, measure: number): string[] {
  const scale = size / face.unitsPerEm;
  const words = paragraph.split(SPACE);
  const width = (t: string) => { const w = cellTextWidth(face, t); return (w >= 0 ? w : face.shape(t).width) * scale; };
  const spaceW = width(SPACE);
  const lines: string[] = [];
  let line = '';
  let w = 0;
  for (const word of words) {
    const ww = word ? width(word) : 0;
    if (line === '') { line = word; w = ww; continue; }
    if (w + spaceW + ww <= measure + 1e-9) { line += SPACE + word; w += spaceW + ww; continue; }
    lines.push(line);
    line = word;
    w = ww;
  }
  lines.push(line);
  return lines;
}
