// engines/text/line-draw.ts — text engine: one laid line into drawing operations: glyph runs (one per
// stretch of one style in one concrete font, so a font chain's segments each get their own run), the
// line's alignment (`left`, `right`, `center`, `justify`: the free space spread over the spaces, as
// TJ adjustments since word spacing does not reach two-byte codes), tabs with their leaders, the
// hyphen of a soft hyphen (marked as U+00AD for extraction, ISO 32000-1 §14.8.2.2.3), right-to-left
// runs in visual order (bidi.ts), and the run decorations (decorations.ts).

import { pushAll } from '../../ir/bounded.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { Align, DrawOp, FillRectOp, GlyphRunOp, Matrix } from '../../ir/types.js';
import type { ShapedSegment } from '../fonts/shaper.js';
import { hyphenWidth, type RunStyle, SPACE, shapeIn, TAB, TEXT } from './atoms.js';
import { mirror, visualRuns } from './bidi.js';
import { decorationRects } from './decorations.js';
import { NO_SPACE_SCRIPTS, SOFT_HYPHEN } from './line-break.js';
import type { LaidParagraph, Line } from './paragraph.js';
import { reachOf } from './run-reach.js';
import { int32s, uint16s } from './slab.js';
import { chargeText, GLYPH_BYTES, RUN_BYTES } from './text-memory.js';

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

/** An alignment as a line is set: `start` and `end` resolved against the paragraph's direction. */
export type LineAlignment = 'left' | 'right' | 'center' | 'justify';

/**
 * `align` as set in a paragraph of direction `rtl`: absent, `left` whatever the direction (the
 * spec's default); `start` and `end` are the paragraph's own sides (right and left for Arabic).
 */
export function resolveAlign(align: Align | undefined, rtl: boolean): LineAlignment {
  if (align === undefined) return 'left';
  if (align === 'start') return rtl ? 'right' : 'left';
  if (align === 'end') return rtl ? 'left' : 'right';
  return align;
}

/**
 * The alignment a line takes: `last_align` on a paragraph's last line, else `align`. A justified
 * paragraph's last line, with no `last_align`, sits at the paragraph's start (right for Arabic).
 */
export function lineAlign(
  line: Line,
  rtl: boolean,
  align: Align | undefined,
  lastAlign: Align | undefined,
): LineAlignment {
  const base = resolveAlign(align, rtl);
  if (!line.last) return base;
  if (lastAlign !== undefined) return resolveAlign(lastAlign, rtl);
  return base === 'justify' ? (rtl ? 'right' : 'left') : base;
}

/** Draws `line` of `p` with its measure starting `left` points from the page's origin, on `baseline`. */
export function drawLine(
  p: LaidParagraph,
  line: Line,
  left: number,
  baseline: number,
  align: LineAlignment,
  leader: string | undefined,
  target: DrawTarget,
): void {
  const pieces = p.bidi ? bidiPieces(p, line) : undefined;
  // First pass: the width drawn and the spaces that may stretch (no allocation on the common path).
  let total = 0,
    stretchable = 0,
    glyphCount = 0,
    spaceWidth = 0;
  if (pieces) {
    for (const pc of pieces) {
      if (pc.k === 'tab') {
        total += pc.width;
        continue;
      }
      glyphCount += pc.seg.shaped.glyphs.length;
      total += (pc.seg.shaped.width * pc.style.size) / pc.seg.font.face.unitsPerEm;
      if (pc.k === 'seg' && pc.stretch) for (const t of pc.seg.shaped.text) if (t === ' ') stretchable++;
    }
  } else {
    let seenText = false;
    const atoms = p.atoms;
    for (let i = line.from; i < line.visibleTo; i++) {
      const a = atoms[i];
      total += a.width;
      glyphCount += a.glyphs;
      if (a.kind !== SPACE) seenText = true;
      else if (seenText) {
        stretchable += a.spaces;
        spaceWidth += a.width;
      }
    }
    if (line.hyphen) {
      const a = p.atoms[line.visibleTo - 1];
      total += hyphenWidth(a.style, a.span.at);
      glyphCount += 4;
    }
  }
  const free = line.measure - total;
  // Justified text in a script set without spaces fills its line by spacing its clusters out
  // (spaces count as clusters there); Arabic and the other space-separated scripts stretch spaces only.
  let gaps = 0;
  if (align === 'justify' && !line.last && !line.hasTab && !pieces && free > 0 && line.visibleTo > line.from) {
    const from = p.atoms[line.from].start,
      to = p.atoms[line.visibleTo - 1].end;
    if (hasNoSpaceScript(p) && NO_SPACE_SCRIPTS.test(p.text.slice(from, to))) {
      for (let i = line.from; i < line.visibleTo; i++)
        for (const seg of p.atoms[i].segs)
          for (let g = 0; g < seg.shaped.glyphs.length; g++) if (startsCluster(seg.shaped, g)) gaps++;
      gaps--;
    }
  }
  let offset = 0,
    extra = 0;
  // A line with tabs is set from its left edge: its stops are positions, not proportions.
  if (!line.hasTab) {
    if (align === 'right') offset = free;
    else if (align === 'center') offset = free / 2;
    // Justified: the free space spread over the spaces; a line the total-fit breaker set tight
    // (negative free space) has its spaces shrunk, never by more than a third of their width.
    else if (gaps > 0) extra = free / gaps;
    else if (align === 'justify' && !line.last && stretchable > 0 && (free > 0 || spaceWidth > 0))
      extra = Math.max(free / stretchable, -spaceWidth / stretchable / 3);
  }
  const w = new LineWriter(left + line.indent + offset, baseline, extra, target, glyphCount, Math.max(gaps, 0));
  if (pieces) {
    for (const pc of pieces) {
      if (pc.k === 'tab') w.tab(pc.style, pc.width, pc.leader, pc.at);
      else w.seg(pc.style, pc.seg, pc.k === 'seg' && pc.stretch, pc.k === 'hyphen');
    }
  } else {
    let seenText = false;
    for (let i = line.from; i < line.visibleTo; i++) {
      const a = p.atoms[i];
      if (a.kind === TAB) {
        w.tab(a.style, a.width, leader, a.span.at);
        seenText = true;
        continue;
      }
      // Spaces before a line's first word (a paragraph that opens with spaces) keep their width.
      const stretch = a.kind === SPACE && seenText;
      if (a.kind === TEXT) seenText = true;
      const segs = a.segs;
      for (let s = 0; s < segs.length; s++) w.seg(a.style, segs[s], stretch, false);
    }
    if (line.hyphen) {
      const a = p.atoms[line.visibleTo - 1];
      for (const seg of shapeIn(a.style, '-', a.span.at).segs) w.seg(a.style, seg, false, true);
    }
  }
  w.flush();
}

/** Whether a paragraph holds any letter of a script set without spaces: asked once per paragraph, not per line. */
function hasNoSpaceScript(p: LaidParagraph): boolean {
  p.noSpaceScript ??= NO_SPACE_SCRIPTS.test(p.text);
  return p.noSpaceScript;
}

/**
 * Appends glyphs to runs, one run per stretch of one style in one font, and emits them. The line's
 * glyphs and TJ adjustments go into arrays sized once for the whole line (no per-glyph allocation);
 * a run is a stretch of them. The adjustments are worked out as the glyphs are copied in (what
 * emitRun does for a run given whole: the run's drift from the widths' positions, reset where a run
 * starts), so a line's glyphs are walked once; a run's scale factors are taken once, where it starts.
 */
export class LineWriter {
  private style: RunStyle | undefined;
  private font: ShapedSegment['font'] | undefined;
  private x = 0;
  private start = 0;
  private n = 0;
  private units = 0;
  /** The run's points per font unit, the justification's extra in font units, thousandths of an em per font unit. */
  private k = 0;
  private extraUnits = 0;
  private k1000 = 0;
  /** The run's font's stated advances (statedTable) and how far its positions have drifted from shaping's. */
  private stated: Int32Array = NO_STATED;
  private drift = 0;
  /** Where TJ leaves the pen in the run, and the least and farthest it and the letters' stated widths reach, thousandths of an em (the run's `reach`). */
  private tj = 0;
  private lo = 0;
  private hi = 0;
  private readonly glyphs: Uint16Array;
  private readonly adjust: Int32Array;
  private readonly text: string[];

  constructor(
    private pen: number,
    private readonly baseline: number,
    private readonly extra: number,
    private readonly target: DrawTarget,
    capacity: number,
    /** Inter-cluster justification: the gaps still to widen by `extra` (0: spaces stretch instead). */
    private gapsLeft: number,
  ) {
    this.glyphs = uint16s(capacity);
    this.adjust = int32s(capacity);
    this.text = new Array<string>(capacity);
  }

  seg(style: RunStyle, seg: ShapedSegment, stretch: boolean, hyphen: boolean): void {
    const font = seg.font;
    if (hyphen || this.style !== style || this.font !== font) {
      this.flush();
      this.style = style;
      this.font = font;
      this.x = this.pen;
      this.start = this.n;
      this.units = 0;
      const face = font.face;
      this.k = style.size / face.unitsPerEm;
      this.extraUnits = this.extra / this.k;
      this.k1000 = 1000 / face.unitsPerEm;
      this.stated = statedTable(face);
      this.drift = 0;
      this.tj = 0;
      this.lo = 0;
      this.hi = 0;
    }
    const extraUnits = this.extraUnits,
      k1000 = this.k1000,
      stated = this.stated;
    const sh = seg.shaped;
    const stretching = stretch && this.extra !== 0 && this.gapsLeft === 0;
    const spacing = this.gapsLeft > 0 && !hyphen;
    let n = this.n,
      units = this.units,
      drift = this.drift,
      tj = this.tj,
      lo = this.lo,
      hi = this.hi;
    const glyphs = this.glyphs,
      adjust = this.adjust,
      text = this.text,
      from = sh.glyphs,
      advances = sh.advances,
      texts = sh.text,
      count = from.length;
    for (let g = 0; g < count; g++) {
      let adv = advances[g];
      if (stretching && texts[g] === ' ') adv += extraUnits;
      // After the last glyph of a cluster (the next starts one, or the segment ends), while gaps remain.
      else if (spacing && this.gapsLeft > 0 && (g + 1 === count || startsCluster(sh, g + 1))) {
        adv += extraUnits;
        this.gapsLeft--;
      }
      const gid = from[g];
      let st = stated[gid];
      if (st === -1) {
        st = Math.round(font.face.advanceOf(gid) * k1000);
        stated[gid] = st;
      }
      drift += adv * k1000 - st;
      // the letter's box ends at tj + st; TJ then moves the pen back by the adjustment
      tj += st;
      if (tj < lo) lo = tj;
      else if (tj > hi) hi = tj;
      if (drift >= ADJUST_SLACK || drift <= -ADJUST_SLACK) {
        const adj = -Math.round(drift);
        adjust[n] = adj;
        drift += adj;
        tj -= adj;
        if (tj < lo) lo = tj;
        else if (tj > hi) hi = tj;
      }
      glyphs[n] = gid;
      text[n] = texts[g];
      n++;
      units += adv;
    }
    this.n = n;
    this.units = units;
    this.drift = drift;
    this.tj = tj;
    this.lo = lo;
    this.hi = hi;
    if (hyphen) this.flush(SOFT_HYPHEN);
  }

  tab(style: RunStyle, width: number, leader: string | undefined, at: JsonPointer): void {
    this.flush();
    if (leader) drawLeader(style, leader, width, at, this.pen, this.baseline, this.target);
    this.pen += width;
  }

  flush(actualText?: string): void {
    const style = this.style;
    if (style) {
      this.pen = this.x + this.units * this.k;
      if (this.n > this.start) {
        // A line set in one style and font (most of them) fills its arrays exactly: they become the
        // run's own, uncopied; otherwise the run takes a copy of its stretch.
        const whole = this.start === 0 && this.n === this.glyphs.length;
        pushRun(
          style,
          this.font!,
          this.x,
          whole ? this.glyphs : copyOf(this.glyphs, this.start, this.n),
          whole ? this.adjust : this.adjust.subarray(this.start, this.n),
          whole ? this.text : this.text.slice(this.start, this.n),
          this.units,
          actualText,
          this.baseline,
          this.target,
          reachOf(this.lo, this.hi, this.n - this.start, style.size),
        );
      }
    }
    this.style = undefined;
    this.start = this.n;
  }
}

/** No run begun yet. */
const NO_STATED = new Int32Array(0);

/** Glyphs [from, to) of `g` in an array of their own (cut from a shared block: slab.ts). */
function copyOf(g: Uint16Array, from: number, to: number): Uint16Array {
  const out = uint16s(to - from);
  for (let i = from; i < to; i++) out[i - from] = g[i];
  return out;
}

/** Marks, joiners and what follows a coeng or virama belong to the cluster before them. */
const CLUSTER_CONTINUES = /^[\p{M}\u200c\u200d]/u;
const JOINS_NEXT = /[\u17d2\u1039\u0e3a\u200d]$/;

/** Whether glyph `g` starts a cluster: it advances, stands for text, and is no mark or subscript. */
function startsCluster(sh: ShapedSegment['shaped'], g: number): boolean {
  const t = sh.text[g];
  if (sh.advances[g] === 0 || t === '' || CLUSTER_CONTINUES.test(t)) return false;
  return g === 0 || !JOINS_NEXT.test(sh.text[g - 1]);
}

function pushHyphen(p: LaidParagraph, line: Line, pieces: Piece[], front: boolean): void {
  const a = p.atoms[line.visibleTo - 1];
  for (const seg of shapeIn(a.style, '-', a.span.at).segs) {
    const pc: Piece = { k: 'hyphen', style: a.style, seg };
    if (front) pieces.unshift(pc);
    else pieces.push(pc);
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
      const a = Math.max(at.start, vr.start),
        b = Math.min(at.end, vr.end);
      if (a >= b) continue;
      const last = parts[parts.length - 1];
      if (last && last.style === at.style && last.b === a) last.b = b;
      else parts.push({ style: at.style, at: at.span.at, a, b });
    }
    if (vr.rtl) parts.reverse();
    for (const part of parts) {
      let text = p.text
        .slice(part.a, part.b)
        .replace(/\u00ad/g, '')
        .replace(/\t/g, ' ');
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
  glyphs: ArrayLike<number>;
  /** Pen advance wanted after each glyph, font units (kerning and justification included): glyph i's at `from + i`. */
  wanted: ArrayLike<number>;
  from?: number;
  text: string[];
  units: number;
  actualText?: string;
}

/**
 * Each glyph's advance as the font's widths state it, in thousandths of an em rounded as the W array
 * writes it; kept per font program, since asking the font each time costs more than the rest of
 * drawing a line (../shared/notes/fast-layout.md §1, "Advance lookup").
 */
const statedCache = new WeakMap<object, Int32Array>();
function statedTable(face: ShapedSegment['font']['face']): Int32Array {
  const owner = face.advancesOwner ?? face;
  let table = statedCache.get(owner);
  if (!table) {
    table = new Int32Array(65536).fill(-1);
    statedCache.set(owner, table);
  }
  return table;
}

/**
 * Glyph advances as the W array states them, thousandths of an em (what TJ moves by before any
 * adjustment), by glyph id; -1 where not asked yet: fill with `face.advanceOf` as emitRun does.
 */
export function statedAdvances(face: ShapedSegment['font']['face']): Int32Array {
  return statedTable(face);
}

/**
 * How far (thousandths of an em) the widths' positions may drift from shaping's before a TJ
 * adjustment puts the next glyph back: 2/1000 em is 0.02 pt at 11 pt, invisible, and it spares the
 * ±1 corrections that rounding each width to a whole thousandth would otherwise write every few
 * glyphs (a third of the content's size on justified text, and its deflate time).
 */
export const ADJUST_SLACK = 2;

/**
 * One TJ's worth of glyphs. The W array states each glyph's own advance rounded to a whole
 * thousandth; where the wanted advance (kerning, justification) differs from it by ADJUST_SLACK or
 * more, the difference goes into the TJ adjustment after the glyph, and what rounding leaves is
 * carried forward, so the run never strays further than that from where layout put it.
 */
function emitRun(r: RunBuilder, baseline: number, target: DrawTarget): void {
  const face = r.font.face;
  const n = r.glyphs.length;
  if (n === 0) return;
  const k = 1000 / face.unitsPerEm;
  const adjust = int32s(n);
  let drift = 0;
  const table = statedTable(face);
  const wanted = r.wanted,
    from = r.from ?? 0;
  for (let i = 0; i < n; i++) {
    const gid = r.glyphs[i];
    let stated = table[gid];
    if (stated === -1) {
      stated = Math.round(face.advanceOf(gid) * k);
      table[gid] = stated;
    }
    drift += wanted[from + i] * k - stated;
    if (drift >= ADJUST_SLACK || drift <= -ADJUST_SLACK) {
      const adj = -Math.round(drift);
      adjust[i] = adj;
      drift += adj;
    }
  }
  pushRun(
    r.style,
    r.font,
    r.x,
    r.glyphs instanceof Uint16Array ? r.glyphs : Uint16Array.from(r.glyphs),
    adjust,
    r.text,
    r.units,
    r.actualText,
    baseline,
    target,
  );
}

/** A run with its TJ adjustments worked out, as a glyph-run op (and its decorations) in `target`. */
function pushRun(
  st: RunStyle,
  font: ShapedSegment['font'],
  x: number,
  glyphs: Uint16Array,
  adjust: Int32Array,
  text: string[],
  units: number,
  actualText: string | undefined,
  baseline: number,
  target: DrawTarget,
  reach?: [number, number],
): void {
  const face = font.face;
  const n = glyphs.length;
  chargeText(RUN_BYTES + n * GLYPH_BYTES, target.at);
  target.glyphs.push({
    op: 'glyphs',
    at: target.at,
    matrix: target.matrix,
    font: font.name,
    size: st.size,
    x,
    y: st.rise ? baseline + st.rise : baseline,
    colour: st.colour,
    glyphs,
    adjust,
    text,
    outline: st.outline,
    actualText,
    textObject: target.textObject,
    reach,
  });
  const width = (units * st.size) / face.unitsPerEm;
  if (st.underline || st.strikethrough || st.overline)
    pushAll(target.rects, decorationRects(st, font, x, baseline, width, target));
}

/** More copies of a leader than any sheet holds (a tab gap of 14 400 points, ISO 32000-1's page limit, in 7-point dots) are not drawn. */
export const MAX_LEADER_COPIES = 2000;

/** A leader: its character repeated across the tab's gap, as many whole copies as fit, flush to the stop. */
function drawLeader(
  style: RunStyle,
  leader: string,
  width: number,
  at: JsonPointer,
  pen: number,
  baseline: number,
  target: DrawTarget,
): void {
  const one = shapeIn(style, leader, at);
  if (one.width <= 0) return;
  const count = Math.min(MAX_LEADER_COPIES, Math.floor(width / one.width + 1e-9));
  if (!(count > 0)) return;
  let x = pen + width - count * one.width;
  for (const seg of one.segs) {
    const sh = seg.shaped;
    const glyphs: number[] = [],
      wanted: number[] = [],
      text: string[] = [];
    let units = 0;
    for (let c = 0; c < count; c++) {
      for (let g = 0; g < sh.glyphs.length; g++) {
        glyphs.push(sh.glyphs[g]);
        wanted.push(sh.advances[g]);
        text.push(sh.text[g]);
        units += sh.advances[g];
      }
    }
    const run: RunBuilder = { style, font: seg.font, x, glyphs, wanted, text, units };
    emitRun(run, baseline, target);
    x += (run.units * style.size) / seg.font.face.unitsPerEm;
  }
}

export type { DrawOp };
