// passes/layout/code-text.ts — layout, the human-readable text under a linear code (docs/reference.md,
// "Codes"): shaped by the text engine in the font the names pass found, one text object. Code 128:
// the data centred under the bars. EAN-13 (GS1 General Specifications §5.2.5): the first digit left
// of the start guard, the other twelve in two groups of six, each digit centred in its seven-module
// symbol character, the guard bars reaching down between the groups. Unless `font_size` says, the
// size is fitted to the symbol: EAN-13 digits fill nine tenths of their slot, Code 128 text the
// width of the bars, neither taller than a quarter of the box.

import type { ShapedSegment } from '../../engines/fonts/shaper.js';
import type { Box } from '../../engines/geometry/coordinates.js';
import { type RunStyle, shapeIn } from '../../engines/text/atoms.js';

import { nextTextObject } from '../../engines/text/runs.js';
import type { CodeItem, DrawOp, GlyphRunOp, Matrix } from '../../ir/types.js';

/** Modules left of an EAN-13's bars that hold its first digit: the standard's left quiet zone. */
export const EAN13_DIGIT_ZONE = 11;
/** Where an EAN-13's guard bars start, in modules from its first bar: start (101), centre (01010), end (101). */
export const EAN13_GUARD_STARTS: ReadonlySet<number> = new Set([0, 2, 46, 48, 92, 94]);
/** How far the guard bars reach below the others, in modules (GS1: 5X). */
const GUARD_EXTENSION = 5;
/** The share of the box's height the text band may take when the size is fitted. */
const MAX_BAND_SHARE = 0.25;
/** Room between the text's top and the bars above it, in font sizes. */
const GAP = 0.15;

export interface CodeTextLayout {
  ops: DrawOp[];
  /** Where the bars end above the text; EAN-13's guard bars end lower. */
  barsBottom: number;
  guardBottom?: number;
}

/** One glyph run of a shaped segment from `x` on `y`: TJ adjustments where shaping's advances differ from the stated widths. */
function runOp(
  item: CodeItem,
  style: RunStyle,
  seg: ShapedSegment,
  x: number,
  y: number,
  matrix: Matrix | undefined,
  textObject: number,
): GlyphRunOp {
  const face = seg.font.face;
  const k = 1000 / face.unitsPerEm;
  const sh = seg.shaped;
  const adjust = new Int32Array(sh.glyphs.length);
  let drift = 0;
  for (let i = 0; i < sh.glyphs.length - 1; i++) {
    drift += sh.advances[i] * k - Math.round(face.advanceOf(sh.glyphs[i]) * k);
    adjust[i] = -Math.round(drift);
    drift += adjust[i];
  }
  return {
    op: 'glyphs',
    at: item.text!.at,
    matrix,
    font: seg.font.name,
    size: style.size,
    x,
    y,
    colour: style.colour,
    glyphs: Uint16Array.from(sh.glyphs),
    adjust,
    text: sh.text,
    textObject,
  };
}

/** Lays `text` into runs starting at x, returning them and the width set. */
function setText(
  item: CodeItem,
  style: RunStyle,
  text: string,
  x: number,
  y: number,
  matrix: Matrix | undefined,
  textObject: number,
  out: DrawOp[],
): void {
  const shaped = shapeIn(style, text, item.text!.at);
  let pen = x;
  for (const seg of shaped.segs) {
    out.push(runOp(item, style, seg, pen, y, matrix, textObject));
    pen += (seg.shaped.width * style.size) / seg.font.face.unitsPerEm;
  }
}

/** The text's ops and where the bars end; `m` is the module width, `barsLeft` the first bar's left edge. */
export function codeTextLayout(
  item: CodeItem,
  box: Box,
  m: number,
  barsLeft: number,
  matrix: Matrix | undefined,
): CodeTextLayout {
  const t = item.text!;
  const res = t.fontRes!;
  const metrics = res.face.metrics;
  const upm = res.face.unitsPerEm;
  const capH = metrics.capHeight / upm,
    desc = Math.min(0, metrics.descender / upm);
  const h = box.ury - box.lly;
  const style = (size: number): RunStyle => ({
    font: res,
    size,
    leading: 1.2 * size,
    colour: t.colour ?? item.color,
    underline: false,
    strikethrough: false,
    overline: false,
  });
  const ops: DrawOp[] = [];
  const textObject = nextTextObject();
  if (item.type === 'ean13') {
    // Width of the widest digit at 1 point: digits are centred one by one in their slots.
    const digitW = Math.max(...'0123456789'.split('').map((d) => shapeIn(style(1), d, t.at).width));
    const size = t.fontSize ?? Math.min((0.9 * 7 * m) / digitW, (MAX_BAND_SHARE * h) / capH);
    const st = style(size);
    const baseline = box.lly;
    const top = baseline + capH * size;
    const barsBottom = Math.min(box.ury, top + GAP * size);
    const centre = (d: string, cx: number) =>
      setText(item, st, d, cx - shapeIn(st, d, t.at).width / 2, baseline, matrix, textObject, ops);
    const digits = t.value;
    // The first digit: centred in the seven modules before the start guard's margin (GS1 places it in the quiet zone).
    centre(digits[0], barsLeft - 4.5 * m);
    for (let i = 1; i <= 6; i++) centre(digits[i], barsLeft + (3 + 7 * (i - 1) + 3.5) * m);
    for (let i = 7; i <= 12; i++) centre(digits[i], barsLeft + (50 + 7 * (i - 7) + 3.5) * m);
    return { ops, barsBottom, guardBottom: Math.max(box.lly, barsBottom - GUARD_EXTENSION * m) };
  }
  // Code 128: the data centred under the bars (the symbol's modules, quiet zones left out).
  const modules = item.symbol.shape === 'linear' ? item.symbol.modules : 0;
  const barsW = modules * m;
  const perPoint = shapeIn(style(1), t.value, t.at).width;
  const size = t.fontSize ?? Math.min(perPoint > 0 ? barsW / perPoint : Infinity, (MAX_BAND_SHARE * h) / (capH - desc));
  const st = style(size);
  const baseline = box.lly - desc * size;
  const barsBottom = Math.min(box.ury, baseline + capH * size + GAP * size);
  setText(item, st, t.value, barsLeft + (barsW - perPoint * size) / 2, baseline, matrix, textObject, ops);
  return { ops, barsBottom };
}
