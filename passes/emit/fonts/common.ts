// passes/emit/fonts/common.ts — pieces every font kind's writer shares: Flate streams, subset tags
// (§9.6.4), PDF name sanitising, and the ToUnicode CMap built from the shaped code→text map (never
// from a font's cmap, so ligatures and small capitals extract as their letters), for one-byte and
// two-byte codes.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Font } from 'fontkit';
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { maxOf, minOf } from '../../../ir/bounded.js';

/** Flate level for font programs and CMaps (spec Limits: compression 1..9; the request's own level arrives later). */
export const FLATE_LEVEL = 6;
/** Entries per bfchar block: ISO 32000-1 §9.10.3 / Adobe TN 5014 allow at most 100. */
const BFCHAR_BLOCK = 100;

/** Six capital letters from the program and its code set, so the same subset always gets the same tag (§9.6.4). */
export function subsetTag(key: string, codes: readonly number[]): string {
  const h = createHash('sha256').update(key).update(Uint32Array.from(codes)).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (h[i] % 26));
  return tag;
}

/** A font's own name as a PDF name: regular characters only (§7.3.5), never empty. */
export function pdfFontName(s: string): string {
  return s.replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '') || 'Font';
}

function utf16Hex(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return out;
}

/** The ToUnicode CMap (Adobe TN 5411): bfchar entries for every code with text; codes of 1 or 2 bytes. */
export function toUnicodeCMap(used: ReadonlyMap<number, string>, codeBytes: 1 | 2 = 2): string {
  const entries = [...used].filter(([, t]) => t.length > 0).sort((a, b) => a[0] - b[0]);
  const digits = codeBytes * 2;
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(digits, '0');
  let body = '';
  for (let i = 0; i < entries.length; i += BFCHAR_BLOCK) {
    const block = entries.slice(i, i + BFCHAR_BLOCK);
    body += `${block.length} beginbfchar\n`;
    for (const [code, text] of block) body += `<${hex(code)}> <${utf16Hex(text)}>\n`;
    body += 'endbfchar\n';
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    codeBytes === 2 ? '<0000> <FFFF>' : '<00> <FF>',
    'endcodespacerange',
    body + 'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** Streams deflated here and kept by their bytes, up to this size each and KEPT_BYTES in all (bytes and results). */
export const KEPT_STREAM_BYTES = 1 << 16;
export const KEPT_BYTES = 4 << 20;
const kept = new Map<string, Uint8Array>();
let keptBytes = 0;

/**
 * `bytes` deflated at FLATE_LEVEL, from the kept results when the same bytes were deflated before:
 * a font's ToUnicode CMap, CIDSet and small programs come back render after render for the same
 * glyphs (an invoice's every render). deflateSync gives the same bytes for the same input, so a kept
 * result is what deflating again would give (bench/README.md, "Dedupe and emit, eighth wave").
 * The oldest results go first once KEPT_BYTES is passed.
 */
export function deflateKept(bytes: Uint8Array): Uint8Array {
  if (bytes.length > KEPT_STREAM_BYTES) return deflateSync(bytes, { level: FLATE_LEVEL });
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const z = deflateSync(bytes, { level: FLATE_LEVEL });
  kept.set(key, z);
  keptBytes += key.length + z.length;
  for (const [k, v] of kept) {
    if (keptBytes <= KEPT_BYTES) break;
    kept.delete(k);
    keptBytes -= k.length + v.length;
  }
  return z;
}

/** A Flate stream object. `compressed` skips deflating bytes that already are (cached programs). */
export function flate(
  context: PDFContext,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
  compressed = false,
): PDFRef {
  const z = compressed ? bytes : deflateKept(bytes);
  return context.register(context.stream(z, { Filter: 'FlateDecode', ...extra } as never));
}

export function toUnicodeStream(context: PDFContext, used: ReadonlyMap<number, string>, codeBytes: 1 | 2): PDFRef {
  return flate(context, Buffer.from(toUnicodeCMap(used, codeBytes), 'latin1'));
}

/** A simple font's Widths array (§9.6.2.1) for codes first..last, in thousandths of an em. */
export function simpleWidths(
  codes: readonly number[],
  advance: (code: number) => number,
  scale: number,
  round = true,
): { FirstChar: number; LastChar: number; Widths: number[] } {
  const first = minOf(codes);
  const last = maxOf(codes);
  const set = new Set(codes);
  const widths: number[] = [];
  for (let c = first; c <= last; c++)
    widths.push(set.has(c) ? (round ? Math.round(advance(c) * scale) : advance(c) * scale) : 0);
  return { FirstChar: first, LastChar: last, Widths: widths };
}

/**
 * The FontDescriptor entries every simple font over an OpenType face writes, whatever its program
 * (TrueType FontFile2 or CFF FontFile3, §9.8): symbolic, since codes are handed out in order of
 * character rather than by a standard Latin encoding; metrics in glyph space (1000 units per em).
 */
export function simpleDescriptorEntries(f: Font, name: string, unitsPerEm: number): Record<string, unknown> {
  const k = 1000 / unitsPerEm;
  const italic = f.italicAngle || 0;
  return {
    Type: 'FontDescriptor',
    FontName: PDFName.of(name),
    Flags: 4 | (f.post?.isFixedPitch ? 1 : 0) | (italic !== 0 ? 64 : 0),
    FontBBox: [f.bbox.minX, f.bbox.minY, f.bbox.maxX, f.bbox.maxY].map((v) => Math.round(v * k)),
    ItalicAngle: italic,
    Ascent: Math.round(f.ascent * k),
    Descent: Math.round(f.descent * k),
    CapHeight: Math.round((f.capHeight || f.ascent) * k),
    StemV: 80,
  };
}
