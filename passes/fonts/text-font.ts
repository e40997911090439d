// passes/fonts/text-font.ts — what layout sees of a font, whatever its kind (embedded TrueType/CFF,
// one of the standard fourteen, Type 1, Type 3, simple one-byte fonts, variants). Layout measures,
// breaks and positions text only through this interface and `shapeText` (passes/fonts/shaper.ts), so
// a new font kind plugs in without layout changing. All numbers are in the font's units per em.
import type { Shaped } from './face.js';

/** Vertical metrics layout needs: baselines (flow first_baseline/last_baseline), decorations. */
export interface FontMetrics {
  ascender: number;
  /** Negative below the baseline. */
  descender: number;
  capHeight: number;
  xHeight: number;
  /** Top of the underline stroke relative to the baseline (negative below), and its thickness. */
  underlinePosition: number;
  underlineThickness: number;
  /** Centre-ish of the strike-through stroke above the baseline, and its thickness. */
  strikeoutPosition: number;
  strikeoutThickness: number;
}

export interface TextFont {
  /** Identity of the font program (same bytes → same key): fonts are written once per key. */
  readonly key: string;
  readonly unitsPerEm: number;
  readonly metrics: FontMetrics;
  /** Shapes text: glyph ids, advances with kerning, the text each glyph stands for, missing code points. */
  shape(text: string): Shaped;
  /** Advance of one glyph as the font's widths state it (the W array / Widths), font units. */
  advanceOf(gid: number): number;
}
