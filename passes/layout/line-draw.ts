// passes/layout/line-draw.ts — layout, one laid line into drawing operations: glyph runs (one per
// stretch of one style in one concrete font, so a font chain's segments each get their own run), the
// line's alignment (`left`, `right`, `center`, `justify`: the free space spread over the spaces, as
// TJ adjustments since word spacing does not reach two-byte codes), tabs with their leaders, the
// hyphen of a soft hyphen (marked as U+00AD for extraction, ISO 32000-1 §14.8.2.2.3), right-to-left
// runs in visual order (bidi.ts), and the run decorations (decorations.ts).
import type { JsonPointer } from '../../ir/pointer.js';
import type { Align, DrawOp, FillRectOp, GlyphRunOp, Matrix } from '../../ir/types.js';
import type { ShapedSegment } from '../fonts/shaper.js';
import { mirror, visualRuns } from './bidi.js';
import { decorationRects } from './decorations.js';
import { SOFT_HYPHEN } from './line-break.js';
import { shapeIn, SPACE, TAB, TEXT, type LaidParagraph, type Line, type RunStyle } from './paragraph.js';

/** Where the ops of one block go and what they carry. */
export interface DrawTarget {
  at: JsonPointer;
  matrix?: Matrix;
  /** Glyph runs with the same number are one text object (BT … ET). */
  textObject: number;
  glyphs: GlyphRunOp[];
  rects: FillRectOp[];
}

/** One stretch to place: a shaped segment in a style, a tab gap, or the hyphen of a soft hyphen. */
type Piece =
  | { k: 'seg'; style: RunStyle; seg: ShapedSegment; stretch: boolean }
  | { k: 'tab'; style: RunStyle; width: number; leader?: string; at: JsonPointer }
  | { k: 'hyphen'; style: RunStyle; seg: ShapedSegment };

/** The alignment a line takes: `last_align` on a paragraph's last line, else `align`; absent, its start. */
export function lineAlign(line: Line, rtl: boolean, align: Align | undefined, lastAlign: Align | undefined): Align {
  const start: Align = rtl ? 'right' : 'left';
  const base = align ?? start;
  if (!line.last) return base;
  return lastAlign ?? (base === 'justify' ? start : base);
}

/** Draws `line` of `p` with its measure starting `left` points from the page's origin, on `baseline`. */
export function drawLine(p: LaidParagraph, line: Line, left: number, baseline: number, align: Align, leader: string | undefined, target: DrawTarget): void {
  const pieces = p.bidi ? bidiPieces(p, line) : logicalPieces(p, line, leader);
  let total = 0, stretchable = 0;
  for (const pc of pieces) {
    if (pc.k === 'tab') { total += pc.width; continue; }
    total += (pc.seg.shaped.width * pc.style.size) / pc.seg.font.face.unitsPerEm;
    if (pc.k === 'seg' && pc.stretch) for (const t of pc.seg.shaped.text) if (t === ' ') stretchable++;
  }
  const free = line.measure - total;
  let offset = 0, extra = 0;
  // A line with tabs is set from its left edge: its stops are positions, not proportions.
  if (!line.hasTab) {
    if (align === 'right') offset = free;
    else if (align === 'center') offset = free / 2;
    else if (align === 'justify' && !line.last && free > 0 && stretchable > 0) extra = free / stretchable;
  }
  let pen = left + line.indent + offset;
  let run: RunBuilder | undefined;
  const flush = () => { if (run) { emitRun(run, baseline, target); run = undefined; } };
  for (const pc of pieces) {
    if (pc.k === 'tab') {
      flush();
      if (pc.leader) drawLeader(pc, pen, baseline, target);
      pen += pc.width;
      continue;
    }
    const font = pc.seg.font;
    if (pc.k === 'hyphen' || !run || run.style !== pc.style || run.font !== font) {
      flush();
      run = { style: pc.style, font, x: pen, glyphs: [], wanted: [], text: [], units: 0 };
    }
    const k = pc.style.size / font.face.unitsPerEm;
    const extraUnits = extra / k;
    const sh = pc.seg.shaped;
    for (let g = 0; g < sh.glyphs.length; g++) {
      let adv = sh.advances[g];
      if (extra && pc.k === 'seg' && pc.stretch && sh.text[g] === ' ') adv += extraUnits;
      run.glyphs.push(sh.glyphs[g]);
      run.wanted.push(adv);
      run.text.push(sh.text[g]);
      run.units += adv;
      pen += adv * k;
    }
    if (pc.k === 'hyphen') { run.actualText = SOFT_HYPHEN; flush(); }
  }
  flush();
}

/** Pieces of a left-to-right line from its atoms' own shaping (the face's word cache already holds them). */
function logicalPieces(p: LaidParagraph, line: Line, leader: string | undefined): Piece[] {
  const pieces: Piece[] = [];
  let seenText = false;
  for (let i = line.from; i < line.visibleTo; i++) {
    const a = p.atoms[i];
    if (a.kind === TAB) { pieces.push({ k: 'tab', style: a.style, width: a.width, leader, at: a.span.at }); seenText = true; continue; }
    // Spaces before a line's first word (a paragraph that opens with spaces) keep their width.
    const stretch = a.kind === SPACE && seenText;
    if (a.kind === TEXT) seenText = true;
    for (const seg of a.segs) pieces.push({ k: 'seg', style: a.style, seg, stretch });
  }
  if (line.hyphen) pushHyphen(p, line, pieces);
  return pieces;
}

function pushHyphen(p: LaidParagraph, line: Line, pieces: Piece[], front = false): void {
  const a = p.atoms[line.visibleTo - 1];
  for (const seg of shapeIn(a.style, '-', a.span.at).segs) {
    const pc: Piece = { k: 'hyphen', style: a.style, seg };
    if (front) pieces.unshift(pc); else pieces.push(pc);
  }
}

/**
 * Pieces of a line holding right-to-left text: the line's logical range cut into visual runs
 * (UAX #9 rule L2), each cut again where the style changes, right-to-left runs shaped with mirrored
 * brackets and their pieces taken from the right. Tabs in such a line are set as spaces.
 */
function bidiPieces(p: LaidParagraph, line: Line): Piece[] {
  const pieces: Piece[] = [];
  if (line.visibleTo <= line.from) return pieces;
  const start = p.atoms[line.from].start;
  const end = p.atoms[line.visibleTo - 1].end;
  for (const vr of visualRuns(p.bidi!, start, end)) {
    // Style stretches of this run, in logical order.
    const parts: { style: RunStyle; at: JsonPointer; a: number; b: number }[] = [];
    for (let i = line.from; i < line.visibleTo; i++) {
      const at = p.atoms[i];
      const a = Math.max(at.start, vr.start), b = Math.min(at.end, vr.end);
      if (a >= b) continue;
      const last = parts[parts.length - 1];
      if (last && last.style === at.style && last.b === a) last.b = b;
      else parts.push({ style: at.style, at: at.span.at, a, b });
    }
    if (vr.rtl) parts.reverse();
    for (const part of parts) {
      let text = p.text.slice(part.a, part.b).replace(/\u00ad/g, '').replace(/\t/g, ' ');
      if (vr.rtl) text = mirror(text);
      const segs = shapeIn(part.style, text, part.at).segs;
      if (vr.rtl) segs.reverse();
      for (const seg of segs) pieces.push({ k: 'seg', style: part.style, seg, stretch: true });
    }
  }
  if (line.hyphen) pushHyphen(p, line, pieces, p.rtl);
  return pieces;
}

interface RunBuilder {
  style: RunStyle;
  font: ShapedSegment['font'];
  x: number;
  glyphs: number[];
  /** Pen advance wanted after each glyph, font units (kerning and justification included). */
  wanted: number[];
  text: string[];
  units: number;
  actualText?: string;
}

/**
 * One TJ's worth of glyphs. The W array states each glyph's own advance rounded to a whole
 * thousandth; the wanted advance differs from it, and the difference goes into the TJ adjustment
 * after the glyph. Rounding residue is carried forward so the run ends where layout put it.
 */
function emitRun(r: RunBuilder, baseline: number, target: DrawTarget): void {
  const face = r.font.face;
  const n = r.glyphs.length;
  if (n === 0) return;
  const k = 1000 / face.unitsPerEm;
  const adjust = new Int32Array(n);
  let residue = 0;
  for (let i = 0; i < n; i++) {
    const stated = Math.round(face.advanceOf(r.glyphs[i]) * k);
    const wanted = r.wanted[i] * k + residue;
    const adj = Math.round(stated - wanted);
    adjust[i] = adj;
    residue = wanted - (stated - adj);
  }
  const st = r.style;
  target.glyphs.push({
    op: 'glyphs', at: target.at, matrix: target.matrix, font: r.font.name, size: st.size, x: r.x, y: baseline,
    colour: st.colour, glyphs: Uint16Array.from(r.glyphs), adjust, text: r.text,
    outline: st.outline, actualText: r.actualText, textObject: target.textObject,
  });
  const width = (r.units * st.size) / face.unitsPerEm;
  if (st.underline || st.strikethrough || st.overline) target.rects.push(...decorationRects(st, r.font, r.x, baseline, width, target));
}

/** A leader: its character repeated across the tab's gap, as many whole copies as fit, flush to the stop. */
function drawLeader(pc: Extract<Piece, { k: 'tab' }>, pen: number, baseline: number, target: DrawTarget): void {
  const one = shapeIn(pc.style, pc.leader!, pc.at);
  if (one.width <= 0) return;
  const count = Math.floor(pc.width / one.width + 1e-9);
  if (count <= 0) return;
  const x = pen + pc.width - count * one.width;
  for (const seg of one.segs) {
    const sh = seg.shaped;
    const run: RunBuilder = { style: pc.style, font: seg.font, x, glyphs: [], wanted: [], text: [], units: 0 };
    for (let c = 0; c < count; c++) {
      for (let g = 0; g < sh.glyphs.length; g++) {
        run.glyphs.push(sh.glyphs[g]); run.wanted.push(sh.advances[g]); run.text.push(sh.text[g]); run.units += sh.advances[g];
      }
    }
    emitRun(run, baseline, target);
  }
}

export type { DrawOp };
