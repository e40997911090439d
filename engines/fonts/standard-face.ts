// engines/fonts/standard-face.ts — one of the fourteen built-in fonts (standard_fonts) as layout sees
// it: one-byte codes (WinAnsiEncoding for the twelve Latin faces, the built-in encodings of Symbol and
// ZapfDingbats), widths and kerning pairs (KPX) from Adobe's AFM metrics as @pdf-lib/standard-fonts
// ships them (MIT). Glyph "ids" are the codes; units per em 1000, as AFM states them.
import { createRequire } from 'node:module';
import type { Font as AfmFont, EncodingType } from '@pdf-lib/standard-fonts';
import type { FontMetrics, Shaped, TextFont } from '../../ir/text-font.js';
import type { FeatureSet } from './face.js';

type StandardFontsModule = typeof import('@pdf-lib/standard-fonts');
let loaded: StandardFontsModule | undefined;
/**
 * The AFM metrics and encodings, loaded on first use: the package holds the fourteen fonts' metrics
 * (~1 MB of compressed JSON), which a render that uses no standard or Type 1 font never pays for.
 */
export function standardFontsData(): StandardFontsModule {
  return (loaded ??= createRequire(import.meta.url)('@pdf-lib/standard-fonts') as StandardFontsModule);
}

/** Description face → PostScript name (ISO 32000-1 §9.6.2.2, Table 111 names). */
export const STANDARD_BASE_FONTS: Readonly<Record<string, string>> = {
  helvetica: 'Helvetica',
  helvetica_bold: 'Helvetica-Bold',
  helvetica_oblique: 'Helvetica-Oblique',
  helvetica_bold_oblique: 'Helvetica-BoldOblique',
  times_roman: 'Times-Roman',
  times_bold: 'Times-Bold',
  times_italic: 'Times-Italic',
  times_bold_italic: 'Times-BoldItalic',
  courier: 'Courier',
  courier_bold: 'Courier-Bold',
  courier_oblique: 'Courier-Oblique',
  courier_bold_oblique: 'Courier-BoldOblique',
  symbol: 'Symbol',
  zapf_dingbats: 'ZapfDingbats',
};

export class StandardFace implements TextFont {
  readonly kind = 'standard' as const;
  readonly key: string;
  readonly unitsPerEm = 1000;
  readonly baseFont: string;
  /** Symbol and ZapfDingbats use their built-in encoding; the others WinAnsiEncoding. */
  readonly symbolic: boolean;
  private readonly afm: AfmFont;
  private readonly encoding: EncodingType;
  /** code → advance (AFM WX), 0 for codes the encoding leaves empty. */
  private readonly widths = new Float64Array(256);
  /** code → glyph name. */
  readonly names: string[] = new Array(256).fill('');
  private readonly kern = new Map<string, number>();
  private readonly words = new Map<string, Shaped>();
  readonly metrics: FontMetrics;

  constructor(readonly face: string) {
    this.baseFont = STANDARD_BASE_FONTS[face];
    this.key = `standard:${this.baseFont}`;
    const { Encodings, Font } = standardFontsData();
    this.afm = Font.load(this.baseFont as never);
    this.symbolic = face === 'symbol' || face === 'zapf_dingbats';
    this.encoding =
      face === 'symbol' ? Encodings.Symbol : face === 'zapf_dingbats' ? Encodings.ZapfDingbats : Encodings.WinAnsi;
    for (const cp of this.encoding.supportedCodePoints) {
      const { code, name } = this.encoding.encodeUnicodeCodePoint(cp);
      const w = this.afm.getWidthOfGlyph(name);
      if (w === undefined) continue;
      // Several code points may reach one code (U+00A0 and U+0020 both space); the first name wins.
      if (!this.names[code]) {
        this.names[code] = name;
        this.widths[code] = w;
      }
    }
    for (const [a, b, k] of this.afm.KernPairs) this.kern.set(`${a} ${b}`, k);
    const a = this.afm;
    const [, bMinY, , bMaxY] = a.FontBBox;
    const ascender = (a.Ascender as number | undefined) ?? bMaxY;
    const capHeight = (a.CapHeight as number | undefined) ?? ascender;
    const xHeight = (a.XHeight as number | undefined) ?? Math.round(capHeight * 0.7);
    this.metrics = {
      ascender,
      descender: (a.Descender as number | undefined) ?? bMinY,
      capHeight,
      xHeight,
      // AFM gives the centre of the underline stroke; FontMetrics wants its top.
      underlinePosition: a.UnderlinePosition + a.UnderlineThickness / 2,
      underlineThickness: a.UnderlineThickness,
      strikeoutPosition: Math.round(xHeight / 2),
      strikeoutThickness: a.UnderlineThickness,
    };
  }

  get bbox(): [number, number, number, number] {
    return this.afm.FontBBox;
  }
  get italicAngle(): number {
    return this.afm.ItalicAngle;
  }
  get fixedPitch(): boolean {
    return this.afm.IsFixedPitch;
  }

  /** The one-byte code of a code point, or -1 when the face has none. */
  codeOf(cp: number): number {
    if (!this.encoding.canEncodeUnicodeCodePoint(cp)) return -1;
    const code = this.encoding.encodeUnicodeCodePoint(cp).code;
    return this.names[code] ? code : -1;
  }

  covers(cp: number): boolean {
    return this.codeOf(cp) >= 0;
  }

  advanceOf(code: number): number {
    return this.widths[code] ?? 0;
  }

  shape(text: string): Shaped {
    return this.shapeWith(text, undefined, '');
  }

  /** Only `kern` means anything to an AFM font: pair kerning on (default) or off. */
  shapeWith(text: string, features: FeatureSet | undefined, cacheKey: string): Shaped {
    const key = cacheKey + '\u0000' + text;
    const hit = this.words.get(key);
    if (hit) return hit;
    const kerning = features?.kern !== false;
    const glyphs: number[] = [];
    const advances: number[] = [];
    const texts: string[] = [];
    const missing: number[] = [];
    let width = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const code = this.codeOf(cp);
      if (code < 0) {
        missing.push(cp);
        continue;
      }
      if (kerning && glyphs.length) {
        const k = this.kern.get(`${this.names[glyphs[glyphs.length - 1]]} ${this.names[code]}`);
        if (k) {
          advances[advances.length - 1] += k;
          width += k;
        }
      }
      glyphs.push(code);
      advances.push(this.widths[code]);
      texts.push(ch);
      width += this.widths[code];
    }
    const shaped = { glyphs, advances, text: texts, width, missing };
    if (this.words.size >= 20_000) this.words.clear();
    this.words.set(key, shaped);
    return shaped;
  }
}

const faces = new Map<string, StandardFace>();

/** The standard face, built once per process. */
export function standardFace(face: string): StandardFace {
  let f = faces.get(face);
  if (!f) {
    f = new StandardFace(face);
    faces.set(face, f);
  }
  return f;
}
