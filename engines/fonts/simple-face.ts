// engines/fonts/simple-face.ts — a simple font (simple_fonts): a declared TrueType face reached by
// one-byte codes fitted to a stated text. The text's distinct characters get codes in code-point
// order from 0, so the same letters in another order make the same font; a character outside the
// stated text is missing (the missing-glyph rule). Pair kerning is kept; substitutions (ligatures)
// are not, since each code must stand for one character. Written as a TrueType simple font whose
// embedded subset carries a (3,0) cmap from 0xF000 + code (passes/emit/fonts/simple.ts).

import type { FontMetrics, FontOrigin, Shaped, TextFont } from '../../ir/text-font.js';
import type { Face } from './face.js';
import { guarded } from './styled-font.js';

/** One-byte codes: at most 256 characters per simple font. */
export const SIMPLE_MAX_CODES = 256;

/** Features that substitute glyphs, off so each code stays one character. */
const NO_SUBSTITUTIONS = { liga: false, clig: false, dlig: false, rlig: false, calt: false, ccmp: false, locl: false };

export class SimpleFace implements TextFont {
  readonly kind = 'simple' as const;
  readonly key: string;
  readonly unitsPerEm: number;
  /** code → character, and code → glyph of the base face. */
  readonly chars: string[];
  readonly gids: number[];
  private readonly codes = new Map<number, number>();

  constructor(
    readonly base: Face,
    text: string,
    readonly origin?: FontOrigin,
  ) {
    this.chars = [...new Set(text)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
    this.gids = this.chars.map((c) => base.glyphOf(c.codePointAt(0)!));
    this.chars.forEach((c, i) => {
      if (this.gids[i] !== 0) this.codes.set(c.codePointAt(0)!, i);
    });
    this.key = `${base.key}:simple:${this.chars.join('')}`;
    this.unitsPerEm = base.unitsPerEm;
  }

  get metrics(): FontMetrics {
    return this.base.metrics;
  }

  covers(cp: number): boolean {
    return this.codes.has(cp);
  }

  advanceOf(code: number): number {
    return guarded(this.origin, () => this.base.advanceOf(this.gids[code] ?? 0));
  }

  shape(text: string): Shaped {
    return guarded(this.origin, () => this.shapeUnguarded(text));
  }

  private shapeUnguarded(text: string): Shaped {
    const out: Shaped = { glyphs: [], advances: [], text: [], width: 0, missing: [] };
    let kept = '';
    for (const ch of text) {
      const code = this.codes.get(ch.codePointAt(0)!);
      if (code === undefined) {
        out.missing.push(ch.codePointAt(0)!);
        continue;
      }
      out.glyphs.push(code);
      out.advances.push(this.advanceOf(code));
      out.text.push(ch);
      kept += ch;
    }
    // Kerning: the base face's positions, when shaping kept one glyph per character.
    const run = this.base.shapeWith(kept, NO_SUBSTITUTIONS, 'simple');
    if (run.glyphs.length === out.glyphs.length && run.glyphs.every((g, i) => g === this.gids[out.glyphs[i]])) {
      out.advances = run.advances.slice();
    }
    out.width = out.advances.reduce((a, b) => a + b, 0);
    return out;
  }
}
