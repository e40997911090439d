// ir/font-types.ts — the IR of font declarations (issue 4): the six font keys of a request plus
// `simple_fonts`, as read. Names are resolved, files loaded and faces built in passes/names/names.ts.
import type { JsonPointer } from './pointer.js';
import type { Item } from './types.js';

/** Where a font file comes from: inline base64, a supplied part, or a face of the service's own library. */
export type FontSource =
  | { kind: 'data'; at: JsonPointer; bytes: Uint8Array }
  | { kind: 'part'; at: JsonPointer; part: string }
  | { kind: 'library'; at: JsonPointer; face: string };

/** `fonts[].keep`: which glyphs the embedded program keeps (default: the ones drawn). */
export type KeepRule =
  | { kind: 'drawn' }
  | { kind: 'all' }
  | { kind: 'characters'; at: JsonPointer; characters: string };

/** `fonts[].missing` / `font_chains[].missing`: what a character without a glyph gets (default: refused). */
export type MissingRule = { kind: 'refuse' } | { kind: 'replace'; at: JsonPointer; with: string };

/** A name a declaration calls for, with where it was written. */
export interface FontRef {
  at: JsonPointer;
  name: string;
}

export type Box4 = [number, number, number, number];

export interface Type3GlyphDecl {
  at: JsonPointer;
  character: string;
  width: number;
  /** Present: the glyph takes the text colour (d1) and its shapes' colours are set aside. */
  box?: Box4;
  /**
   * Its shapes (path, rect, line items, read by the item readers as page content is), in glyph
   * space; a rect or path stating neither fill nor stroke is given a black fill (a glyph is ink).
   */
  items: Item[];
}

export interface Type1FontDecl {
  at: JsonPointer;
  name: string;
  /** The font program, PFB or PFA. */
  source: FontSource;
  /** Optional AFM file (metrics and kerning pairs) as base64 or a part. */
  afm?: FontSource;
}

export interface Type3FontDecl {
  at: JsonPointer;
  name: string;
  matrix: [number, number, number, number, number, number];
  box: Box4;
  glyphs: Type3GlyphDecl[];
}

export interface SimpleFontDecl {
  at: JsonPointer;
  name: string;
  font: FontRef;
  text: string;
}

/** OpenType features a variant switches on (true) or off (false); absent: as the font has them. */
export interface VariantSwitches {
  ligatures?: boolean;
  small_caps?: boolean;
  oldstyle_figures?: boolean;
  kerning?: boolean;
}

/** `features`: OpenType feature tags switched on (true) or off (false), where they were written. */
export interface FeatureSwitches {
  at: JsonPointer;
  tags: Readonly<Record<string, boolean>>;
}

/** `fonts[].instance` and `fonts[].variations`: where a variable font is set in its design space. */
export interface VariationSetting {
  /** A named instance (fvar), e.g. "Bold". */
  instance?: { at: JsonPointer; name: string };
  /** Axis values by tag, e.g. {wght: 650}; applied over the instance's. */
  axes?: { at: JsonPointer; values: Readonly<Record<string, number>> };
}

export interface FontVariantDecl {
  at: JsonPointer;
  name: string;
  font: FontRef;
  switches: VariantSwitches;
  features?: FeatureSwitches;
}

export interface FontChainDecl {
  at: JsonPointer;
  name: string;
  fonts: FontRef[];
  missing: MissingRule;
}
