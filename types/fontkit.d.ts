// types/fontkit.d.ts — the part of upstream fontkit 2.x this project uses (it ships no types).
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
    name?: string;
    /** The outline in font units (y up); quadratic curves as TrueType draws them. */
    path: {
      commands: { command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath'; args: number[] }[];
    };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
    direction?: 'ltr' | 'rtl';
  }
  export interface BBox {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
  }
  export interface Subset {
    includeGlyph(glyph: number | Glyph): number;
    encode(): Uint8Array;
  }
  export interface Font {
    type: string;
    postscriptName: string | null;
    familyName: string;
    fullName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    xHeight: number;
    italicAngle: number;
    underlinePosition: number;
    underlineThickness: number;
    bbox: BBox;
    numGlyphs: number;
    characterSet: number[];
    'OS/2'?: {
      fsType?: number | Record<string, boolean>;
      usWeightClass?: number;
      sFamilyClass?: number;
      panose?: number[];
    } & Record<string, unknown>;
    post?: { isFixedPitch?: number } & Record<string, unknown>;
    head?: { macStyle?: Record<string, boolean> } & Record<string, unknown>;
    directory: { tables: Record<string, unknown> };
    layout(
      text: string,
      features?: string[] | Record<string, boolean>,
      script?: string,
      language?: string,
      direction?: string,
    ): GlyphRun;
    glyphForCodePoint(cp: number): Glyph;
    hasGlyphForCodePoint(cp: number): boolean;
    getGlyph(id: number, codePoints?: number[]): Glyph;
    /** The glyph as its outline table holds it (TrueType or CFF), not its colour (COLR) form. */
    _getBaseGlyph(id: number): Glyph;
    createSubset(): Subset;
    fonts?: Font[];
    availableFeatures: string[];
    /** Axes of a variable font by tag (empty for a static font). */
    variationAxes: Record<string, { name: string; min: number; default: number; max: number }>;
    /** Named instances of a variable font: name → axis coordinates. */
    namedVariations: Record<string, Record<string, number>>;
    /** The font at these coordinates (or named instance): glyph outlines and advances varied. */
    getVariation(settings: string | Record<string, number>): Font;
  }
  export function create(buffer: Uint8Array | Buffer, postscriptName?: string): Font;
  const fontkit: { create: typeof create };
  export default fontkit;
}
