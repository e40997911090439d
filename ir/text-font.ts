// ir/text-font.ts — what layout sees of a font, whatever its kind (embedded TrueType/CFF,
// one of the standard fourteen, Type 1, Type 3, simple one-byte fonts, variants). Layout measures,
// breaks and positions text only through this interface and `shapeText` (engines/fonts/shaper.ts), so
// a new font kind plugs in without layout changing. All numbers are in the font's units per em.
import type { JsonPointer } from './pointer.js';

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

/**
 * How a font is written (dedupe and emit dispatch on it; layout never looks):
 * `cid` a TrueType/CFF face as a Type 0 font with 2-byte glyph codes; `standard`, `type1`, `type3`
 * and `simple` are one-byte fonts; `chain` never reaches emission (shapeText splits it into its members).
 */
export type FontKind = 'cid' | 'standard' | 'type1' | 'type3' | 'simple' | 'chain';

export interface TextFont {
  /** Identity of the font program (same bytes → same key): fonts are written once per key. */
  readonly key: string;
  readonly unitsPerEm: number;
  readonly metrics: FontMetrics;
  /** Shapes text: glyph ids, advances with kerning, the text each glyph stands for, missing code points. */
  shape(text: string): Shaped;
  /** Advance of one glyph as the font's widths state it (the W array / Widths), font units. */
  advanceOf(gid: number): number;
  /**
   * The object whose `advanceOf` this font's equals glyph for glyph, when that object outlives one
   * render (a declaration's wrapper is made anew each render, its face is kept by content hash):
   * per-font tables of advances are kept by it, so a warm process does not rebuild them every render.
   */
  readonly advancesOwner?: object;
  /** How the font is written; see FontKind. */
  readonly kind: FontKind;
  /** Whether the font draws this code point itself (font_chains pick the first member that does). */
  covers(cp: number): boolean;
}

/** A run of shaped text: glyph ids, advances (font units, kerning included) and the text each glyph stands for. */
export interface Shaped {
  glyphs: number[];
  /** Pen advance after each glyph, font units, as shaped (kerning included). */
  advances: number[];
  /** Text each glyph stands for, taken from the input string by cluster; '' for a glyph inside a cluster. */
  text: string[];
  /** Sum of advances, font units. */
  width: number;
  /** Code points the face has no glyph for, in order of appearance. */
  missing: number[];
}

/** Where a declared font came from, so a font file that breaks while in use is refused naming it. */
export interface FontOrigin {
  name: string;
  at: JsonPointer;
  sourceAt: JsonPointer;
}
