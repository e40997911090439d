// passes/layout/text-path.ts — layout, a `text_path` item: its runs shaped as a text item's are
// (fonts, chains, variants, colours, outline; right-to-left stretches in visual order), cut into
// letters — glyph clusters, so a ligature or a letter with its marks stays one unit — and each
// letter set along the path by arc length: its advance-centre on the path, turned to the tangent
// there, written as a text object of its own (spec: text_knockout, "a text_path writes one per
// letter"). Text longer than the path follows `overlong` (docs/reference.md, "text_path").

import type { ShapedSegment } from '../../engines/fonts/shaper.js';
import { MAX_PDF_NUMBER } from '../../engines/geometry/coordinates.js';
import { type MeasuredPath, measurePath, pointAt } from '../../engines/geometry/path-measure.js';
import { segOps } from '../../engines/geometry/shapes.js';
import { type RunStyle, type Span, shapeIn } from '../../engines/text/atoms.js';
import { mirror, resolveParagraph, visualRuns } from '../../engines/text/bidi.js';
import { nextTextObject, runSpans, type TextPageContext } from '../../engines/text/runs.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import { refuse } from '../../ir/messages.js';
import type { DrawOp, GlyphRunOp, ResolvedTextPathItem } from '../../ir/types.js';

/** How far past its path's ends text may reach before it counts as overlong, points (rounding of the measure). */
const OVERLONG_SLACK = 0.01;

/** Right-to-left characters (as paragraph.ts): only text holding one runs the bidi algorithm. */
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

/** One letter: a glyph cluster in one style and one concrete font, with its advances in font units. */
interface Letter {
  style: RunStyle;
  font: ShapedSegment['font'];
  glyphs: number[];
  advances: number[];
  text: string[];
  /** Advance of the whole cluster at the style's size, points. */
  width: number;
}

/** Cuts shaped segments into letters: a glyph whose text is '' continues the cluster before it (in logical order). */
function lettersOf(style: RunStyle, segs: readonly ShapedSegment[], rtl: boolean, out: Letter[]): void {
  for (const seg of segs) {
    const sh = seg.shaped;
    const k = style.size / seg.font.face.unitsPerEm;
    const order = sh.glyphs.map((_, i) => i);
    if (rtl) order.reverse(); // shaped right to left in visual order: clusters are found in logical order
    const letters: Letter[] = [];
    for (const g of order) {
      let cur = letters[letters.length - 1];
      if (!cur || sh.text[g] !== '') {
        cur = { style, font: seg.font, glyphs: [], advances: [], text: [], width: 0 };
        letters.push(cur);
      }
      cur.glyphs.push(sh.glyphs[g]);
      cur.advances.push(sh.advances[g]);
      cur.text.push(sh.text[g]);
      cur.width += sh.advances[g] * k;
    }
    if (rtl) {
      letters.reverse();
      for (const l of letters) {
        l.glyphs.reverse();
        l.advances.reverse();
        l.text.reverse();
      }
      // The cluster's text goes with its first glyph drawn, so ToUnicode still reads the letter.
      for (const l of letters) {
        const t = l.text.join('');
        l.text.fill('');
        l.text[0] = t;
      }
    }
    for (const l of letters) out.push(l);
  }
}

/** The letters of the spans in visual order (left to right along the path). */
function shapeLetters(spans: readonly Span[]): Letter[] {
  const out: Letter[] = [];
  const text = spans.map((s) => s.text).join('');
  if (!RTL_CHARS.test(text)) {
    for (const sp of spans) if (sp.text) lettersOf(sp.style, shapeIn(sp.style, sp.text, sp.at).segs, false, out);
    return out;
  }
  // Mixed directions: the text's visual runs (UAX #9), each cut where the style changes.
  const starts: number[] = [];
  let pos = 0;
  for (const sp of spans) {
    starts.push(pos);
    pos += sp.text.length;
  }
  const para = resolveParagraph(text, 'auto');
  for (const vr of visualRuns(para, 0, text.length)) {
    const parts: { span: Span; a: number; b: number }[] = [];
    spans.forEach((span, i) => {
      const a = Math.max(starts[i], vr.start),
        b = Math.min(starts[i] + span.text.length, vr.end);
      if (a < b) parts.push({ span, a, b });
    });
    if (vr.rtl) parts.reverse();
    for (const part of parts) {
      let t = text.slice(part.a, part.b);
      if (vr.rtl) t = mirror(t);
      const segs = shapeIn(part.span.style, t, part.span.at).segs;
      if (vr.rtl) segs.reverse();
      lettersOf(part.span.style, segs, vr.rtl, out);
    }
  }
  return out;
}

/**
 * TJ adjustments inside one letter (a cluster of several glyphs): where shaping's advance differs
 * from the width the font states, in thousandths of an em (as line-draw.ts writes runs).
 */
function clusterAdjust(l: Letter): Int32Array {
  const face = l.font.face;
  const k = 1000 / face.unitsPerEm;
  const adjust = new Int32Array(l.glyphs.length);
  let drift = 0;
  for (let i = 0; i < l.glyphs.length - 1; i++) {
    drift += l.advances[i] * k - Math.round(face.advanceOf(l.glyphs[i]) * k);
    const adj = -Math.round(drift);
    adjust[i] = adj;
    drift += adj;
  }
  return adjust;
}

/**
 * The ops of a text_path: one glyph run per letter, each its own text object, placed and turned
 * along the path. One function emits them all, so the letters can later be wrapped as one element
 * (tagging) without knowing how they were placed.
 */
export function layTextPathItem(item: ResolvedTextPathItem, b: CoordBindings, pc: TextPageContext): DrawOp[] {
  // The block's style as a text item's, with no decorations (refused on a path) and one line's leading.
  const base: RunStyle = {
    font: item.fontRes,
    size: item.fontSize,
    leading: 1.2 * item.fontSize,
    colour: item.color,
    underline: false,
    strikethrough: false,
    overline: false,
    outline: item.outline,
  };
  const letters = shapeLetters(runSpans({ runs: item.runs, leadingGiven: false }, base, pc));
  if (letters.length === 0) return [];
  const path = measurePath(segOps(item.segments, b), item.side === 'right');
  const textAt = `${item.at}/content`;
  if (path.xs.length < 2)
    refuse('textPathNoLength', item.segmentsAt, { at: item.segmentsAt, page: b.current_page, item: textAt });
  const L = path.length;
  let total = item.letterSpacing * (letters.length - 1);
  for (const l of letters) total += l.width;
  const anchor = item.start ?? (item.align === 'start' ? 0 : item.align === 'center' ? L / 2 : L);
  // What the path leaves the text on the side(s) it grows towards from the anchor.
  const room = item.align === 'start' ? L - anchor : item.align === 'end' ? anchor : 2 * Math.min(anchor, L - anchor);
  let scale = 1;
  if (total > room + OVERLONG_SLACK && item.overlong !== 'extend') {
    if (item.overlong === 'refuse' || room <= 0)
      refuse('textPathOverlong', textAt, {
        item: item.at,
        length: total.toFixed(2),
        room: Math.max(0, room).toFixed(2),
        page: b.current_page,
      });
    scale = room / total;
  }
  const ops = drawLetters(item, letters, path, anchor, total * scale, scale);
  // Far-flung anchors, offsets, spacings or sizes can put a letter past what a PDF number holds.
  for (const op of ops) {
    const far = Math.max(Math.abs(op.x), Math.abs(op.y), op.size);
    if (!(far <= MAX_PDF_NUMBER))
      refuse('textPathOutOfRange', item.at, {
        item: item.at,
        reach: String(far),
        page: b.current_page,
        limit: `±${MAX_PDF_NUMBER}`,
      });
  }
  return ops;
}

/** Places each letter's advance-centre on the path at its arc length, turned to the tangent there. */
function drawLetters(
  item: ResolvedTextPathItem,
  letters: readonly Letter[],
  path: MeasuredPath,
  anchor: number,
  total: number,
  scale: number,
): GlyphRunOp[] {
  const ops: GlyphRunOp[] = [];
  let pen = anchor - (item.align === 'start' ? 0 : item.align === 'center' ? total / 2 : total);
  for (const l of letters) {
    const w = l.width * scale;
    const p = pointAt(path, pen + w / 2);
    // Back from the centre by half the advance along the tangent; out along the left normal by the offset.
    const x = p.x - (p.tx * w) / 2 - p.ty * item.offset;
    const y = p.y - (p.ty * w) / 2 + p.tx * item.offset;
    const st = l.style;
    ops.push({
      op: 'glyphs',
      at: item.at,
      font: l.font.name,
      size: st.size * scale,
      x,
      y,
      colour: st.colour,
      glyphs: Uint16Array.from(l.glyphs),
      adjust: clusterAdjust(l),
      text: l.text,
      outline: st.outline,
      textObject: nextTextObject(),
      turn: [p.tx, p.ty],
    });
    pen += w + item.letterSpacing * scale;
  }
  return ops;
}
