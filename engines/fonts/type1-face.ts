// engines/fonts/type1-face.ts — a Type 1 font (type1_fonts) as layout sees it: one-byte codes in
// WinAnsiEncoding for a text font (each code whose glyph the program has), or in the program's own
// encoding for a symbolic font (glyph names read back to Unicode through the Symbol, ZapfDingbats and
// WinAnsi name tables and uniXXXX names). Widths come from the program's charstrings (hsbw); an AFM
// sent beside it brings kerning pairs and vertical metrics (and widths the program lacks).
import { createHash } from 'node:crypto';
import type { FontMetrics, Shaped, TextFont } from '../../ir/text-font.js';
import { type Afm, readAfm } from './afm.js';
import { standardFontsData } from './standard-face.js';
import { readType1, type Type1Program } from './type1-program.js';

/** A text font is one whose program has at least this many of the 52 Latin letters by name (A–Z, a–z). */
const LATIN_THRESHOLD = 40;
const LATIN_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];

/** Glyph name → Unicode, from the three tables @pdf-lib/standard-fonts ships. */
let nameToUnicode: Map<string, number> | undefined;
function unicodeOfName(name: string): number | undefined {
  if (!nameToUnicode) {
    const { Encodings } = standardFontsData();
    nameToUnicode = new Map();
    for (const enc of [Encodings.ZapfDingbats, Encodings.Symbol, Encodings.WinAnsi]) {
      for (const cp of enc.supportedCodePoints) nameToUnicode.set(enc.encodeUnicodeCodePoint(cp).name, cp);
    }
  }
  const hit = nameToUnicode.get(name);
  if (hit !== undefined) return hit;
  const m = /^uni([0-9A-F]{4})$/.exec(name) ?? /^u([0-9A-F]{4,6})$/.exec(name);
  return m ? parseInt(m[1], 16) : undefined;
}

export class Type1Face implements TextFont {
  readonly kind = 'type1' as const;
  readonly key: string;
  readonly unitsPerEm: number;
  readonly metrics: FontMetrics;
  /** true: WinAnsiEncoding; false: the program's own encoding. */
  readonly latin: boolean;
  /** code → glyph name ('' = none), and code → advance. */
  readonly names: string[] = new Array(256).fill('');
  private readonly widths = new Float64Array(256);
  private readonly codes = new Map<number, number>();
  private readonly kern: Map<string, number>;

  constructor(
    readonly program: Type1Program,
    key: string,
    afm?: Afm,
  ) {
    this.key = key;
    this.unitsPerEm = afm ? 1000 : program.unitsPerEm;
    const has = (n: string) => program.charStrings.some((c) => c.name === n);
    const { Encodings } = standardFontsData();
    const glyphNames = new Set(program.charStrings.map((c) => c.name));
    const latinCount = LATIN_LETTERS.filter((l) => glyphNames.has(l)).length;
    this.latin = latinCount >= LATIN_THRESHOLD || !program.builtinEncoding;
    // The program's own widths win (PDF/A: Widths must agree with the embedded program); the AFM's fill gaps.
    const k = this.unitsPerEm / program.unitsPerEm;
    const width = (n: string) => {
      const w = program.widths.get(n);
      return w !== undefined ? w * k : (afm?.widths.get(n) ?? 0);
    };
    if (this.latin) {
      for (const cp of Encodings.WinAnsi.supportedCodePoints) {
        const { code, name } = Encodings.WinAnsi.encodeUnicodeCodePoint(cp);
        if (!glyphNames.has(name)) continue;
        if (!this.names[code]) {
          this.names[code] = name;
          this.widths[code] = width(name);
        }
        if (!this.codes.has(cp)) this.codes.set(cp, code);
      }
    } else {
      program.builtinEncoding!.forEach((name, code) => {
        if (!name || !has(name)) return;
        this.names[code] = name;
        this.widths[code] = width(name);
        const cp = unicodeOfName(name);
        if (cp !== undefined && !this.codes.has(cp)) this.codes.set(cp, code);
      });
    }
    this.kern = afm?.kern ?? new Map();
    const [, bMinY, , bMaxY] = program.bbox;
    const ascender = afm?.ascender ?? bMaxY;
    const capHeight = afm?.capHeight ?? Math.round(ascender * 0.9);
    const xHeight = afm?.xHeight ?? Math.round(capHeight * 0.7);
    const ut = afm?.underlineThickness ?? Math.round(this.unitsPerEm * 0.05);
    this.metrics = {
      ascender,
      descender: afm?.descender ?? bMinY,
      capHeight,
      xHeight,
      underlinePosition: (afm?.underlinePosition ?? -Math.round(this.unitsPerEm * 0.1)) + ut / 2,
      underlineThickness: ut,
      strikeoutPosition: Math.round(xHeight / 2),
      strikeoutThickness: ut,
    };
  }

  covers(cp: number): boolean {
    return this.codes.has(cp);
  }

  advanceOf(code: number): number {
    return this.widths[code] ?? 0;
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
      if (out.glyphs.length && this.kern.size) {
        const k = this.kern.get(`${this.names[out.glyphs[out.glyphs.length - 1]]} ${this.names[code]}`);
        if (k) {
          out.advances[out.advances.length - 1] += k;
          out.width += k;
        }
      }
      out.glyphs.push(code);
      out.advances.push(this.widths[code]);
      out.text.push(ch);
      out.width += this.widths[code];
    }
    return out;
  }
}

const cache = new Map<string, { face: Type1Face; bytes: number }>();
/** Distinct Type 1 programs kept parsed per process. */
const TYPE1_CACHE_SIZE = 32;
/**
 * And at most this many bytes of their files (program + AFM) together (issue 20: what a process keeps
 * across requests is bounded by the server, not by history — 32 of the largest programs a body may
 * carry was the only bound). Oldest out first; a file over a quarter of it is parsed for its render
 * and not kept. A parsed program holds about its file's size again (decrypted charstrings).
 */
export const TYPE1_CACHE_BYTES = 32 << 20;
let type1CacheBytes = TYPE1_CACHE_BYTES;
let held = 0;

/** The programs kept and their files' bytes (for tests and figures). */
export function type1Held(): { count: number; bytes: number } {
  return { count: cache.size, bytes: held };
}

/** Tests only: a smaller byte bound (the real one needs tens of megabytes of distinct programs); returns the old one. */
export function setType1CacheBytes(bytes: number): number {
  const was = type1CacheBytes;
  type1CacheBytes = bytes;
  return was;
}

export type LoadType1Result = { ok: true; face: Type1Face } | { ok: false; detail: string; inAfm: boolean };

/** Reads (or finds in the process cache) a Type 1 program and its optional AFM. Never throws. */
export function loadType1(bytes: Uint8Array, afmBytes?: Uint8Array): LoadType1Result {
  const h = createHash('sha256').update(bytes);
  if (afmBytes) h.update('\u0000afm').update(afmBytes);
  const key = 'type1:' + h.digest('hex');
  const hit = cache.get(key);
  if (hit) return { ok: true, face: hit.face };
  let afm: Afm | undefined;
  if (afmBytes) {
    try {
      afm = readAfm(afmBytes);
    } catch (e) {
      return { ok: false, detail: reason(e), inAfm: true };
    }
  }
  let program: Type1Program;
  try {
    program = readType1(bytes);
  } catch (e) {
    return { ok: false, detail: reason(e), inAfm: false };
  }
  const face = new Type1Face(program, key, afm);
  const bytesOf = bytes.length + (afmBytes?.length ?? 0);
  if (bytesOf > type1CacheBytes / 4) return { ok: true, face };
  while (cache.size > 0 && (cache.size >= TYPE1_CACHE_SIZE || held + bytesOf > type1CacheBytes)) {
    const [oldest, kept] = cache.entries().next().value!;
    cache.delete(oldest);
    held -= kept.bytes;
  }
  cache.set(key, { face, bytes: bytesOf });
  held += bytesOf;
  return { ok: true, face };
}

function reason(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0].replace(/\.$/, '').slice(0, 200);
}
