// passes/emit/fonts.ts — one embedded TrueType face as PDF objects (ISO 32000-1 §9.7): a Type0 font
// over a CIDFontType2 with Identity-H, CIDs equal to the face's own glyph ids, the subset program in
// FontFile2, a CIDToGIDMap stream from those CIDs to the subset's renumbered glyphs, W widths, and a
// ToUnicode CMap built from the shaped glyph→text map (never from the font's cmap, so ligatures
// extract as their letters). pdf-lib's embedFont is not used (it drops kerning and ligature text).
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFName, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import type { FontObject } from '../../ir/types.js';

/** Flate level for font programs and CMaps (spec Limits: compression 1..9; the request's own level arrives later). */
const FLATE_LEVEL = 6;
/** Entries per bfchar block: ISO 32000-1 §9.10.3 / Adobe TN 5014 allow at most 100. */
const BFCHAR_BLOCK = 100;

/** Six capital letters from the face and its glyph set, so the same subset always gets the same tag (§9.6.4). */
function subsetTag(obj: FontObject, gids: number[]): string {
  const h = createHash('sha256').update(obj.face.key).update(Uint16Array.from(gids)).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (h[i] % 26));
  return tag;
}

function utf16Hex(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return out;
}

function hex4(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0');
}

/** The ToUnicode CMap (Adobe TN 5411): 2-byte codes, bfchar entries for every glyph with text. */
export function toUnicodeCMap(used: ReadonlyMap<number, string>): string {
  const entries = [...used].filter(([, t]) => t.length > 0).sort((a, b) => a[0] - b[0]);
  let body = '';
  for (let i = 0; i < entries.length; i += BFCHAR_BLOCK) {
    const block = entries.slice(i, i + BFCHAR_BLOCK);
    body += `${block.length} beginbfchar\n`;
    for (const [gid, text] of block) body += `<${hex4(gid)}> <${utf16Hex(text)}>\n`;
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
    '<0000> <FFFF>',
    'endcodespacerange',
    body + 'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** W array (§9.7.4.3): runs of consecutive CIDs as `c [w1 w2 …]`. */
function widths(face: FontObject['face'], gids: number[]): (number | number[])[] {
  const k = 1000 / face.unitsPerEm;
  const out: (number | number[])[] = [];
  let run: number[] = [];
  let start = -2;
  let prev = -2;
  for (const g of gids) {
    const w = Math.round(face.advanceOf(g) * k);
    if (g === prev + 1) run.push(w);
    else {
      if (run.length) out.push(start, run);
      start = g;
      run = [w];
    }
    prev = g;
  }
  if (run.length) out.push(start, run);
  return out;
}

/** CIDSet (ISO 32000-1 §9.8.3 Table 124): one bit per CID, high-order bit first, set for each CID present. */
export function cidSetBits(cids: readonly number[]): Uint8Array {
  const bits = new Uint8Array((Math.max(...cids) >> 3) + 1);
  for (const c of cids) bits[c >> 3] |= 0x80 >> (c & 7);
  return bits;
}

function flate(context: PDFContext, bytes: Uint8Array, extra: Record<string, unknown> = {}, level = FLATE_LEVEL): PDFRef {
  const z = deflateSync(bytes, { level });
  return context.register(context.stream(z, { Filter: 'FlateDecode', ...extra } as never));
}

/** Writes one font and returns the reference of its Type0 dictionary. */
/**
 * `level`: the request's Flate level (passes/emit/compression.ts). `cidSet`: write the descriptor's
 * CIDSet (PDF/A-1 6.3.5 requires it for every CID font subset; later parts only check it when present).
 */
export function emitFont(context: PDFContext, obj: FontObject, level = FLATE_LEVEL, cidSet = false): PDFRef {
  const face = obj.face;
  const f = face.font;
  // .notdef (glyph 0) is always in the subset (TrueType requires it first).
  const gids = [...new Set([0, ...obj.used.keys()])].sort((a, b) => a - b);
  const subset = f.createSubset();
  const newId = new Map<number, number>();
  for (const g of gids) newId.set(g, subset.includeGlyph(g));
  const program = subset.encode();

  // CIDToGIDMap (§9.7.4.2 Table 117): 2 bytes per CID, CID = original glyph id → subset glyph id.
  const maxCid = gids[gids.length - 1];
  const map = new Uint8Array((maxCid + 1) * 2);
  for (const [g, n] of newId) { map[g * 2] = n >> 8; map[g * 2 + 1] = n & 0xff; }

  const k = 1000 / face.unitsPerEm;
  const baseName = `${subsetTag(obj, gids)}+${(face.ownName || 'Font').replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '')}`;
  const bbox = f.bbox;
  const italic = f.italicAngle || 0;
  // Flags (§9.8.2): 4 = Symbolic (a CID font's glyphs are outside the standard Latin set by definition),
  // plus FixedPitch and Italic when the face says so.
  const flags = 4 | (f.post?.isFixedPitch ? 1 : 0) | (italic !== 0 ? 64 : 0);
  const descriptor = context.register(context.obj({
    Type: 'FontDescriptor',
    FontName: PDFName.of(baseName),
    Flags: flags,
    FontBBox: [Math.round(bbox.minX * k), Math.round(bbox.minY * k), Math.round(bbox.maxX * k), Math.round(bbox.maxY * k)],
    ItalicAngle: italic,
    Ascent: Math.round(f.ascent * k),
    Descent: Math.round(f.descent * k),
    CapHeight: Math.round((f.capHeight || f.ascent) * k),
    // StemV is required but TrueType carries no stem width; 80 is the customary stand-in for regular weights.
    StemV: 80,
    FontFile2: flate(context, program, { Length1: program.length }, level),
    ...(cidSet ? { CIDSet: flate(context, cidSetBits(gids), {}, level) } : {}),
  }));
  const cidFont = context.register(context.obj({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: PDFName.of(baseName),
    // pdf-lib's obj() turns plain strings into names; these two must be literal strings.
    CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
    FontDescriptor: descriptor,
    DW: Math.round(face.advanceOf(0) * k),
    W: widths(face, gids),
    CIDToGIDMap: flate(context, map, {}, level),
  } as never));
  return context.register(context.obj({
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: PDFName.of(baseName),
    Encoding: 'Identity-H',
    DescendantFonts: [cidFont],
    ToUnicode: flate(context, Buffer.from(toUnicodeCMap(obj.used), 'latin1'), {}, level),
  }));
}
