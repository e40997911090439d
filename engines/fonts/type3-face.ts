// engines/fonts/type3-face.ts — a Type 3 font (type3_fonts) as layout sees it: one-byte codes handed
// out in order of character (code point order, from 0), so the same letters declared in another order
// build the same font; advances are the glyph widths in glyph space. Units per em are those of the
// matrix (1 / a: 1000 for the usual 0.001), so width × size / unitsPerEm is the advance in points.
import { createHash } from 'node:crypto';
import { pushAll } from '../../ir/bounded.js';
import type { Type3FontDecl, Type3GlyphDecl } from '../../ir/font-types.js';
import type { FontMetrics, Shaped, TextFont } from '../../ir/text-font.js';
import type { FontResource, Item } from '../../ir/types.js';

/** spec Limits: "Type 3 glyph codes: one byte each". */
export const TYPE3_MAX_GLYPHS = 256;

export class Type3Face implements TextFont {
  readonly kind = 'type3' as const;
  readonly key: string;
  readonly unitsPerEm: number;
  readonly metrics: FontMetrics;
  /** Glyphs in code order: code i draws glyphs[i]. */
  readonly glyphs: Type3GlyphDecl[];
  private readonly codes = new Map<number, number>();

  constructor(readonly decl: Type3FontDecl) {
    this.glyphs = [...decl.glyphs].sort((a, b) => a.character.codePointAt(0)! - b.character.codePointAt(0)!);
    this.glyphs.forEach((g, i) => this.codes.set(g.character.codePointAt(0)!, i));
    // Same declaration (whatever its glyph order or name) → same font object.
    // Pointers (`at`, wherever they sit) say where a declaration was written, not what it draws.
    this.key =
      'type3:' +
      createHash('sha256')
        .update(
          JSON.stringify({ m: decl.matrix, b: decl.box, g: this.glyphs }, (k, v) =>
            k === 'at' || k.endsWith('At') || k === 'index' ? undefined : v,
          ),
        )
        .digest('hex');
    // Horizontal scale of the matrix: glyph units per text-space unit.
    const a = Math.hypot(decl.matrix[0], decl.matrix[1]) || 1;
    this.unitsPerEm = 1 / a;
    const [, lly, , ury] = decl.box;
    this.metrics = {
      ascender: ury,
      descender: lly,
      capHeight: ury,
      xHeight: ury * 0.7,
      underlinePosition: lly / 2,
      underlineThickness: (ury - lly) / 20,
      strikeoutPosition: ury / 3,
      strikeoutThickness: (ury - lly) / 20,
    };
  }

  covers(cp: number): boolean {
    return this.codes.has(cp);
  }

  advanceOf(code: number): number {
    return this.glyphs[code]?.width ?? 0;
  }

  shape(text: string): Shaped {
    const out: Shaped = { glyphs: [], advances: [], text: [], width: 0, missing: [] };
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const code = this.codes.get(cp);
      if (code === undefined) {
        out.missing.push(cp);
        continue;
      }
      out.glyphs.push(code);
      out.advances.push(this.glyphs[code].width);
      out.text.push(ch);
      out.width += this.glyphs[code].width;
    }
    return out;
  }
}

/**
 * The shapes of every declared Type 3 font's glyphs (`painted`: only those of d0 glyphs, which paint
 * in their own colours; a d1 glyph's colours are set aside), for the checks page items go through.
 */
export function type3GlyphItems(fonts: ReadonlyMap<string, FontResource>, painted = false): Item[] {
  const out: Item[] = [];
  for (const res of fonts.values()) {
    if (!(res.face instanceof Type3Face)) continue;
    for (const g of res.face.glyphs) if (!painted || g.box === undefined) pushAll(out, g.items);
  }
  return out;
}
