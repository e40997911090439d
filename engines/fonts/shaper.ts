// engines/fonts/shaper.ts — layout's one entry to shaping: text in a requested font becomes segments,
// each shaped in one concrete font. A plain font gives one segment; a font chain (font_chains) splits
// the text where the next font in the chain has the glyph the earlier ones lack. Layout positions each
// segment's glyphs and emits one glyph run per segment in that segment's font.

import type { Shaped } from '../../ir/text-font.js';
import type { FontResource } from '../../ir/types.js';
import { FontChain, splitChain } from './chain.js';

export interface ShapedSegment {
  /** The concrete font this piece is shaped in (its request name goes into the glyph run). */
  font: FontResource;
  /** Offset of the segment in the input text (UTF-16 units). */
  start: number;
  shaped: Shaped;
}

/** Shapes `text` in the requested font. Missing glyphs stay reported in `shaped.missing` for the caller's rule. */
export function shapeText(font: FontResource, text: string): ShapedSegment[] {
  if (font.face instanceof FontChain) {
    return splitChain(font.face, text).map((seg) => ({
      font: seg.font,
      start: seg.start,
      shaped: seg.font.face.shape(seg.text),
    }));
  }
  return [{ font, start: 0, shaped: font.face.shape(text) }];
}
