// engines/fonts/chain.ts — a font chain (font_chains): fonts tried in order per character, so a
// character the first font lacks is taken from the next. shapeText (engines/fonts/shaper.ts) splits a
// text into segments, each in the first member that covers it; a character no member covers follows
// the chain's `missing` rule (refused by default, naming the chain). Metrics are the first member's.

import { pushAll } from '../../ir/bounded.js';
import type { MissingRule } from '../../ir/font-types.js';
import type { FontMetrics, Shaped, TextFont } from '../../ir/text-font.js';
import type { FontResource } from '../../ir/types.js';

export class FontChain implements TextFont {
  readonly kind = 'chain' as const;
  readonly key: string;

  constructor(
    readonly members: readonly FontResource[],
    readonly missing: MissingRule,
  ) {
    this.key = `chain:${members.map((m) => m.face.key).join('|')}`;
  }

  get unitsPerEm(): number {
    return this.members[0].face.unitsPerEm;
  }
  get metrics(): FontMetrics {
    return this.members[0].face.metrics;
  }

  covers(cp: number): boolean {
    return this.members.some((m) => m.face.covers(cp));
  }

  /** The member that draws `cp`: the first that covers it, else the first (the missing rule decides). */
  memberFor(cp: number): FontResource {
    return this.members.find((m) => m.face.covers(cp)) ?? this.members[0];
  }

  /**
   * Width-only shaping in the chain's units (first member's em), for callers that measure without
   * shapeText. Glyph ids are not meaningful across members: draw through shapeText.
   */
  shape(text: string): Shaped {
    const out: Shaped = { glyphs: [], advances: [], text: [], width: 0, missing: [] };
    for (const seg of splitChain(this, text)) {
      const s = seg.font.face.shape(seg.text);
      const k = this.unitsPerEm / seg.font.face.unitsPerEm;
      pushAll(out.glyphs, s.glyphs);
      for (const a of s.advances) out.advances.push(a * k);
      pushAll(out.text, s.text);
      out.width += s.width * k;
      pushAll(out.missing, s.missing);
    }
    return out;
  }

  advanceOf(gid: number): number {
    return this.members[0].face.advanceOf(gid);
  }
}

/** True for code points that stay with the character before them (combining marks, joiners, variation selectors). */
function clings(cp: number): boolean {
  return (
    (cp >= 0x300 && cp <= 0x36f) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe20 && cp <= 0xfe2f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0x200d ||
    cp === 0x200c ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/** Splits text into runs each drawn by one member; the missing rule replaces what no member covers. */
export function splitChain(chain: FontChain, text: string): { font: FontResource; start: number; text: string }[] {
  const out: { font: FontResource; start: number; text: string }[] = [];
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let piece = ch;
    let member: FontResource;
    const last = out[out.length - 1];
    if (last && (clings(cp) || cp < 0x20)) {
      member = last.font;
    } else if (chain.covers(cp) || chain.missing.kind === 'refuse') {
      member = chain.memberFor(cp);
    } else {
      piece = chain.missing.with;
      member = chain.memberFor(piece.codePointAt(0)!);
    }
    if (last && last.font === member) last.text += piece;
    else out.push({ font: member, start: i, text: piece });
    i += ch.length;
  }
  return out;
}
