// passes/layout/form-appearance.ts — layout, the appearance streams of form-field widgets (issue 11;
// docs/reference.md, "Form fields"): drawing operations in the widget's own box (0 0 w h), written
// by emit as form XObjects under /AP /N. Frames (background, border in five styles), the marks of
// check boxes and radio buttons as vector paths (no ZapfDingbats, so no font and no licence), and
// text set through the project's own engine (layRuns: shaping, bidi, the field's font subset),
// so a reader that never regenerates appearances shows every value as written.

import { ellipseSegs } from '../../engines/geometry/shapes.js';
import type { RunStyle } from '../../engines/text/atoms.js';
import type { DrawTarget } from '../../engines/text/line-draw.js';
import { nextTextObject } from '../../engines/text/runs.js';

import { type LaidBlock, layRuns } from '../../engines/text/text-block.js';
import { minOf, pushAll } from '../../ir/bounded.js';
import type { Appearance, FieldItem, MarkStyle } from '../../ir/form-types.js';
import type { StrokeSpec } from '../../ir/graphics-types.js';
import type { Colour, DrawOp, FontResource, GlyphRunOp, PathSegOp } from '../../ir/types.js';

/** Room between the border and the text, points (as Acrobat and pdf.js leave it). */
export const TEXT_PADDING = 2;
/** Auto size (font_size 0): the largest size tried for multi-line text, lists and captions (Acrobat's). */
export const AUTO_MAX = 12;
/** Auto size never sets text smaller than this. */
export const AUTO_MIN = 4;
/** Line height of field text, in font sizes (list rows, multi-line text). */
export const LINE_FACTOR = 1.15;
/** The colour a list box marks its selected options with: grey, so it holds under any output intent. */
const SELECTED: Colour = { space: 'gray', c: [0.8] };
const WHITE: Colour = { space: 'gray', c: [1] };
const DARK: Colour = { space: 'gray', c: [0.5] };
const MID: Colour = { space: 'gray', c: [0.75] };

/** How far inside the box the border reaches: beveled and inset borders take twice their width. */
export function borderInset(f: FieldItem): number {
  const b = f.border;
  if (!b.color || b.width === 0) return 0;
  return b.style === 'beveled' || b.style === 'inset' ? 2 * b.width : b.width;
}

function stroke(f: FieldItem, colour: Colour, width: number, dash?: number[]): StrokeSpec {
  return { at: `${f.at}/border`, colour, width, dash: dash ? { array: dash, phase: 0 } : undefined };
}

/**
 * Background and border in the box; `round` frames a radio button in a circle. `pressed` is the
 * down appearance of a button: its background half as light (grey 0.75 where it has none).
 */
export function frame(f: FieldItem, w: number, h: number, round: boolean, pressed = false): DrawOp[] {
  const ops: DrawOp[] = [];
  const at = f.at;
  const bg = pressed ? (f.background ? darker(f.background) : MID) : f.background;
  if (bg) {
    if (round)
      ops.push({
        op: 'path',
        at,
        segs: ellipseSegs({ llx: 0, lly: 0, urx: w, ury: h }),
        fill: bg,
        fillRule: 'nonzero',
      });
    else ops.push({ op: 'rect', at, x: 0, y: 0, w, h, fill: bg });
  }
  const b = f.border;
  if (!b.color || b.width === 0) return ops;
  const bw = b.width,
    half = bw / 2;
  if (round) {
    ops.push({
      op: 'path',
      at,
      segs: ellipseSegs({ llx: half, lly: half, urx: w - half, ury: h - half }),
      fillRule: 'nonzero',
      stroke: stroke(f, b.color, bw, b.style === 'dashed' ? b.dash : undefined),
    });
    return ops;
  }
  if (b.style === 'underline') {
    ops.push({
      op: 'path',
      at,
      segs: [
        { k: 'm', v: [0, half] },
        { k: 'l', v: [w, half] },
      ],
      fillRule: 'nonzero',
      stroke: stroke(f, b.color, bw),
    });
    return ops;
  }
  ops.push({
    op: 'path',
    at,
    segs: [{ k: 're', v: [half, half, w - bw, h - bw] }],
    fillRule: 'nonzero',
    stroke: stroke(f, b.color, bw, b.style === 'dashed' ? b.dash : undefined),
  });
  if (b.style === 'beveled' || b.style === 'inset') {
    // The light edge top and left, the dark one bottom and right (ISO 32000-1 §12.5.4, Table 166).
    const light = b.style === 'beveled' ? WHITE : DARK;
    const dark = b.style === 'beveled' ? (f.background ? darker(f.background) : MID) : MID;
    const o = bw,
      i = 2 * bw;
    ops.push({
      op: 'path',
      at,
      fill: light,
      fillRule: 'nonzero',
      segs: poly([
        [o, o],
        [o, h - o],
        [w - o, h - o],
        [w - i, h - i],
        [i, h - i],
        [i, i],
      ]),
    });
    ops.push({
      op: 'path',
      at,
      fill: dark,
      fillRule: 'nonzero',
      segs: poly([
        [w - o, h - o],
        [w - o, o],
        [o, o],
        [i, i],
        [w - i, i],
        [w - i, h - i],
      ]),
    });
  }
  return ops;
}

/** Half as light, in the colour's own space (a beveled border's shadow). */
function darker(c: Colour): Colour {
  if (c.space === 'gray') return { space: 'gray', c: [c.c[0] / 2] };
  if (c.space === 'rgb') return { space: 'rgb', c: [c.c[0] / 2, c.c[1] / 2, c.c[2] / 2] };
  if (c.space === 'cmyk') return { space: 'cmyk', c: [c.c[0], c.c[1], c.c[2], Math.min(1, c.c[3] + (1 - c.c[3]) / 2)] };
  return c;
}

function poly(points: [number, number][]): PathSegOp[] {
  return [...points.map(([x, y], i) => ({ k: i === 0 ? 'm' : 'l', v: [x, y] }) as PathSegOp), { k: 'h', v: [] }];
}
/** How much of the mark size each mark fills (a radio dot is half its circle). */
const MARK_SCALE: Record<MarkStyle, number> = {
  check: 0.8,
  cross: 0.7,
  circle: 0.5,
  square: 0.55,
  diamond: 0.8,
  star: 0.85,
};

/** The mark of an on state, centred in the box: `font_size` is its size, 0 fits it to the box. */
export function mark(f: FieldItem, style: MarkStyle, w: number, h: number): DrawOp[] {
  const inner = Math.max(0, Math.min(w, h) - 2 * borderInset(f) - 2);
  const s = (f.fontSize > 0 ? f.fontSize : inner) * MARK_SCALE[style];
  const x0 = (w - s) / 2,
    y0 = (h - s) / 2;
  const at = f.at;
  const P = (pts: [number, number][]) => poly(pts.map(([x, y]) => [x0 + x * s, y0 + y * s] as [number, number]));
  switch (style) {
    case 'circle':
      return [
        {
          op: 'path',
          at,
          fill: f.color,
          fillRule: 'nonzero',
          segs: ellipseSegs({ llx: x0, lly: y0, urx: x0 + s, ury: y0 + s }),
        },
      ];
    case 'square':
      return [{ op: 'rect', at, x: x0, y: y0, w: s, h: s, fill: f.color }];
    case 'diamond':
      return [
        {
          op: 'path',
          at,
          fill: f.color,
          fillRule: 'nonzero',
          segs: P([
            [0.5, 0],
            [1, 0.5],
            [0.5, 1],
            [0, 0.5],
          ]),
        },
      ];
    case 'check':
      return [
        {
          op: 'path',
          at,
          fill: f.color,
          fillRule: 'nonzero',
          segs: P([
            [0, 0.52],
            [0.14, 0.66],
            [0.38, 0.42],
            [0.86, 0.92],
            [1, 0.78],
            [0.38, 0.14],
          ]),
        },
      ];
    case 'cross': {
      const t = 0.12;
      return [
        {
          op: 'path',
          at,
          fill: f.color,
          fillRule: 'nonzero',
          segs: [
            ...P([
              [0, t],
              [t, 0],
              [1, 1 - t],
              [1 - t, 1],
            ]),
            ...P([
              [0, 1 - t],
              [1 - t, 0],
              [1, t],
              [t, 1],
            ]),
          ],
        },
      ];
    }
    case 'star': {
      const pts: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 0.5 : 0.2;
        const a = Math.PI / 2 + (i * Math.PI) / 5;
        pts.push([0.5 + r * Math.cos(a), 0.48 + r * Math.sin(a)]);
      }
      return [{ op: 'path', at, fill: f.color, fillRule: 'nonzero', segs: P(pts) }];
    }
  }
}

// ───────────────────────────── text ─────────────────────────────

function style(font: FontResource, size: number, colour: Colour): RunStyle {
  return { font, size, leading: size * LINE_FACTOR, colour, underline: false, strikethrough: false, overline: false };
}

/** Ascender and descender (negative) of `font` at `size`, points; a chain by its first member. */
function metrics(font: FontResource, size: number): { asc: number; desc: number } {
  const face =
    font.face.kind === 'chain' ? (font.face as unknown as { members: FontResource[] }).members[0].face : font.face;
  const k = size / face.unitsPerEm;
  return { asc: face.metrics.ascender * k, desc: face.metrics.descender * k };
}

/** One line of text laid unbroken: its block and width. */
function oneLine(
  font: FontResource,
  text: string,
  size: number,
  colour: Colour,
  at: string,
): { block: LaidBlock; width: number } {
  // Laid flush left in an unbounded measure (a right-to-left line too: placeLine aligns it in the box).
  const block = layRuns([{ text, style: style(font, size, colour), at }], { overlong: 'overflow', align: 'left' }, 1e9);
  return { block, width: block.paragraphs[0]?.lines[0]?.width ?? 0 };
}

function target(at: string): DrawTarget {
  return { at, textObject: nextTextObject(), glyphs: [], rects: [] };
}

/** The size of one line of text: font_size, or 0 = the largest that fits the height and the width (at most `cap`). */
function lineSize(
  f: FieldItem,
  font: FontResource,
  text: string,
  innerW: number,
  innerH: number,
  cap: number,
  at: string,
): number {
  if (f.fontSize > 0) return f.fontSize;
  const m = metrics(font, 1);
  let size = Math.min(cap, innerH / Math.max(0.01, m.asc - m.desc));
  if (text) {
    const w1 = oneLine(font, text, 1, f.color, at).width;
    if (w1 > 0) size = Math.min(size, innerW / w1);
  }
  return Math.max(AUTO_MIN, size);
}

/** A line of text placed in the inner box: vertically centred, aligned as the field says. */
function placeLine(
  f: FieldItem,
  font: FontResource,
  text: string,
  size: number,
  box: Inner,
  align: FieldItem['align'],
  at: string,
): GlyphRunOp[] {
  if (!text) return [];
  const { block, width } = oneLine(font, text, size, f.color, at);
  const m = metrics(font, size);
  const baseline = box.y + (box.h - (m.asc - m.desc)) / 2 - m.desc;
  const x = align === 'center' ? box.x + (box.w - width) / 2 : align === 'right' ? box.x + box.w - width : box.x;
  const t = target(at);
  block.draw(x, baseline + block.baselines[0], t);
  return t.glyphs;
}

interface Inner {
  x: number;
  y: number;
  w: number;
  h: number;
}

function innerBox(f: FieldItem, w: number, h: number): Inner {
  const i = borderInset(f) + TEXT_PADDING;
  return { x: i, y: i, w: Math.max(0, w - 2 * i), h: Math.max(0, h - 2 * i) };
}

function clipOf(f: FieldItem, w: number, h: number): [number, number, number, number] {
  const i = borderInset(f);
  return [i, i, Math.max(0, w - 2 * i), Math.max(0, h - 2 * i)];
}

/** A text field's appearance: frame, then the value in `/Tx BMC … EMC` (single line, comb cells, or wrapped lines). */
export function textFieldAppearance(
  f: Extract<FieldItem, { type: 'text_field' }>,
  font: FontResource,
  w: number,
  h: number,
): { appearance: Appearance; size: number } {
  const ops = frame(f, w, h, false);
  const inner = innerBox(f, w, h);
  const text = f.value ?? '';
  const at = f.valueAt;
  let size: number;
  let glyphs: GlyphRunOp[] = [];
  if (f.comb && f.maxLength) {
    const cell = w / f.maxLength;
    // Cell dividers in the border's colour, as forms printed with boxes show them.
    if (f.border.color && f.border.width > 0 && f.border.style !== 'underline') {
      const segs: PathSegOp[] = [];
      for (let i = 1; i < f.maxLength; i++) segs.push({ k: 'm', v: [i * cell, 0] }, { k: 'l', v: [i * cell, h] });
      if (segs.length)
        ops.push({
          op: 'path',
          at: f.at,
          segs,
          fillRule: 'nonzero',
          stroke: stroke(f, f.border.color, f.border.width),
        });
    }
    size = lineSize(f, font, '', cell, inner.h, Infinity, at);
    [...text].forEach((ch, i) => {
      pushAll(glyphs, placeLine(f, font, ch, size, { x: i * cell, y: inner.y, w: cell, h: inner.h }, 'center', at));
    });
  } else if (f.multiline) {
    size = f.fontSize;
    let block: LaidBlock | undefined;
    if (size === 0) {
      // Auto: the largest size from 12 down, half a point at a time, whose lines fit the height.
      for (size = AUTO_MAX; ; size -= 0.5) {
        block = layRuns(
          [{ text, style: style(font, size, f.color), at }],
          { overlong: 'break', align: f.align },
          inner.w,
        );
        if (block.height <= inner.h || size <= AUTO_MIN) break;
      }
    }
    if (text) {
      block ??= layRuns(
        [{ text, style: style(font, size, f.color), at }],
        { overlong: 'break', align: f.align },
        inner.w,
      );
      const t = target(at);
      block.draw(inner.x, inner.y + inner.h, t);
      glyphs = t.glyphs;
    }
  } else {
    size = lineSize(f, font, text, inner.w, inner.h, Infinity, at);
    glyphs = placeLine(f, font, text, size, inner, f.align, at);
  }
  return { appearance: { ops, variable: { ops: glyphs, clip: clipOf(f, w, h) } }, size };
}

/** A choice field: a combo shows its choice on one line; a list shows its rows, the chosen ones marked. */
export function choiceAppearance(
  f: Extract<FieldItem, { type: 'choice_field' }>,
  font: FontResource,
  w: number,
  h: number,
): { appearance: Appearance; size: number; topIndex: number } {
  const ops = frame(f, w, h, false);
  const inner = innerBox(f, w, h);
  const at = f.valueAt;
  if (f.combo) {
    const chosen = f.value[0];
    const option = chosen === undefined ? undefined : f.options.find((o) => o.value === chosen);
    const text = option?.label ?? chosen ?? '';
    // A missing glyph is named where its text came from: an option's label, or an editable combo's own value.
    const from = option ? `${f.at}/options` : at;
    const size = lineSize(f, font, text, inner.w, inner.h, Infinity, from);
    return {
      appearance: {
        ops,
        variable: { ops: placeLine(f, font, text, size, inner, f.align, from), clip: clipOf(f, w, h) },
      },
      size,
      topIndex: 0,
    };
  }
  const size = f.fontSize > 0 ? f.fontSize : AUTO_MAX;
  const row = size * LINE_FACTOR;
  const visible = Math.max(1, Math.floor(inner.h / row));
  const first = f.options.findIndex((o) => f.value.includes(o.value));
  // /TI: the first chosen option is shown even when it lies below the rows the box holds.
  const topIndex = first >= visible ? first : 0;
  const glyphs: GlyphRunOp[] = [];
  const bi = borderInset(f);
  for (let i = topIndex, r = 0; i < f.options.length && r <= visible; i++, r++) {
    const o = f.options[i];
    const top = inner.y + inner.h - r * row;
    if (f.value.includes(o.value))
      ops.push({ op: 'rect', at: f.at, x: bi, y: top - row, w: w - 2 * bi, h: row, fill: SELECTED });
    pushAll(
      glyphs,
      placeLine(f, font, o.label, size, { x: inner.x, y: top - row, w: inner.w, h: row }, f.align, `${f.at}/options`),
    );
  }
  return { appearance: { ops, variable: { ops: glyphs, clip: clipOf(f, w, h) } }, size, topIndex };
}

/** A push button: frame and caption (centred unless align says otherwise). */
export function buttonAppearance(
  f: Extract<FieldItem, { type: 'push_button' }>,
  font: FontResource,
  w: number,
  h: number,
  align: FieldItem['align'],
): { appearance: Appearance; down: Appearance; size: number } {
  const inner = innerBox(f, w, h);
  const text = f.caption ?? '';
  const at = `${f.at}/caption`;
  const size = lineSize(f, font, text, inner.w, inner.h, AUTO_MAX, at);
  const caption = placeLine(f, font, text, size, inner, align, at);
  return {
    appearance: { ops: [...frame(f, w, h, false), ...caption] },
    down: { ops: [...frame(f, w, h, false, true), ...caption] },
    size,
  };
}

/** Glyphs the font keeps for text a reader may show later (a choice field's option labels), not drawn. */
export function reserveGlyphs(font: FontResource, texts: readonly string[], at: string): GlyphRunOp[] {
  const t = target(at);
  for (const s of texts) if (s) oneLine(font, s, 10, { space: 'gray', c: [0] }, at).block.draw(0, 0, t);
  return t.glyphs;
}

/**
 * A signed signature field's look (issue 24): the frame, then its lines (who signed, when, and the
 * reason when given) one under another, each band of the inner box one line, all at the size that
 * lets the longest fit (auto, at most 12 points), left-aligned.
 */
export function signedAppearance(
  f: Extract<FieldItem, { type: 'signature_field' }>,
  font: FontResource,
  w: number,
  h: number,
  lines: readonly string[],
): Appearance {
  const inner = innerBox(f, w, h);
  const band = inner.h / lines.length;
  const at = `${f.at}/sign`;
  const size = minOf(lines.map((l) => lineSize(f, font, l, inner.w, band, AUTO_MAX, at)));
  const ops: DrawOp[] = [...frame(f, w, h, false)];
  lines.forEach((l, i) => {
    const y = inner.y + inner.h - band * (i + 1);
    pushAll(ops, placeLine(f, font, l, size, { x: inner.x, y, w: inner.w, h: band }, 'left', at));
  });
  return { ops };
}
