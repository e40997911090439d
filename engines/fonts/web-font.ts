// engines/fonts/web-font.ts — WOFF (W3C WOFF 1.0) and WOFF2 (W3C WOFF 2.0) files unpacked into the
// sfnt (TrueType/OpenType) file they carry, before a face is loaded (face.ts): a PDF embeds the sfnt
// tables, and every later step (hmtx reads, the glyph-id-keeping subsetter, CFF tables) reads sfnt
// bytes. WOFF tables are zlib-inflated; WOFF2's one Brotli stream is decompressed by Node's zlib and
// its transformed glyf/loca (§5.1) and hmtx (§5.4) rebuilt here. Every fault throws a WebFontError
// whose message says what is wrong in words a client can act on.
import { brotliDecompressSync, inflateSync } from 'node:zlib';
import { writeSfnt } from '../pdf/sfnt.js';
import { encodeSimpleGlyph, type GlyphBox, type OutlinePoint, writeGlyfLoca } from './glyf-write.js';

/** A fault in a WOFF or WOFF2 file, said in words for a refusal. */
export class WebFontError extends Error {}

/** Largest sfnt a web font may unpack to (a compression bomb is refused): 64 MB, four times the largest CJK fonts. */
export const WEB_FONT_MAX_SFNT = 64 << 20;

/** The container of a font file, by its first four bytes. */
export function webFontKind(bytes: Uint8Array): 'woff' | 'woff2' | undefined {
  if (bytes.length < 4) return undefined;
  const sig = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  return sig === 'wOFF' ? 'woff' : sig === 'wOF2' ? 'woff2' : undefined;
}

/** The sfnt file a WOFF or WOFF2 file carries. Throws WebFontError. */
export function unpackWebFont(bytes: Uint8Array): Uint8Array {
  const kind = webFontKind(bytes);
  try {
    return kind === 'woff' ? unpackWoff(bytes) : unpackWoff2(bytes);
  } catch (e) {
    if (e instanceof WebFontError) throw e;
    // DataView reads past the end and zlib faults: the file is cut or damaged.
    throw new WebFontError(`its ${kind === 'woff' ? 'WOFF' : 'WOFF2'} data is cut short or damaged`);
  }
}

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

function tagAt(b: Uint8Array, o: number): string {
  return String.fromCharCode(b[o], b[o + 1], b[o + 2], b[o + 3]);
}

function checkFlavor(flavor: number): void {
  if (flavor === 0x74746366) throw new WebFontError('it is a font collection; send one face');
}

function unpackWoff(b: Uint8Array): Uint8Array {
  const v = view(b);
  const flavor = v.getUint32(4);
  checkFlavor(flavor);
  const numTables = v.getUint16(12);
  if (v.getUint32(8) !== b.length) throw new WebFontError('its WOFF header states another length than the file has');
  if (v.getUint32(16) > WEB_FONT_MAX_SFNT) throw new WebFontError('it unpacks to more than 64 MB');
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < numTables; i++) {
    const r = 44 + i * 20;
    const tag = tagAt(b, r);
    const off = v.getUint32(r + 4);
    const compLength = v.getUint32(r + 8);
    const origLength = v.getUint32(r + 12);
    if (off + compLength > b.length) throw new WebFontError(`the ${tag} table runs past the end of the file`);
    const data = b.subarray(off, off + compLength);
    if (compLength === origLength) tables.set(tag, data);
    else {
      if (compLength > origLength) throw new WebFontError(`the ${tag} table is longer packed than unpacked`);
      let out: Buffer;
      try {
        out = inflateSync(data, { maxOutputLength: origLength });
      } catch {
        throw new WebFontError(`the ${tag} table does not inflate`);
      }
      if (out.length !== origLength) throw new WebFontError(`the ${tag} table inflates to another length than stated`);
      tables.set(tag, out);
    }
  }
  return writeSfnt(flavor, tables);
}

/** Tags by index (WOFF2 §5.2, "Known Table Tags"). */
// biome-ignore format: the spec's table, 63 tags
const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ',
  'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS',
  'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc',
  'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop',
  'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
];

/** A reader over bytes that throws WebFontError when a read runs past the end. */
class Reader {
  pos = 0;
  private readonly v: DataView;
  constructor(
    readonly b: Uint8Array,
    readonly what: string,
  ) {
    this.v = view(b);
  }
  private need(n: number): void {
    if (this.pos + n > this.b.length) throw new WebFontError(`its ${this.what} is cut short`);
  }
  u8(): number {
    this.need(1);
    return this.b[this.pos++];
  }
  u16(): number {
    this.need(2);
    const x = this.v.getUint16(this.pos);
    this.pos += 2;
    return x;
  }
  i16(): number {
    this.need(2);
    const x = this.v.getInt16(this.pos);
    this.pos += 2;
    return x;
  }
  u32(): number {
    this.need(4);
    const x = this.v.getUint32(this.pos);
    this.pos += 4;
    return x;
  }
  bytes(n: number): Uint8Array {
    this.need(n);
    const x = this.b.subarray(this.pos, this.pos + n);
    this.pos += n;
    return x;
  }
  /** UIntBase128 (WOFF2 §4.1): at most five bytes, no leading zeros, no overflow past 32 bits. */
  base128(): number {
    let acc = 0;
    for (let i = 0; i < 5; i++) {
      const c = this.u8();
      if (i === 0 && c === 0x80) throw new WebFontError('its table directory holds a malformed number');
      if (acc & 0xfe000000) throw new WebFontError('its table directory holds a number past 32 bits');
      acc = acc * 128 + (c & 0x7f);
      if ((c & 0x80) === 0) return acc;
    }
    throw new WebFontError('its table directory holds a malformed number');
  }
  /** 255UInt16 (WOFF2 §4.2). */
  u255(): number {
    const c = this.u8();
    if (c === 253) return this.u16();
    if (c === 255) return this.u8() + 253;
    if (c === 254) return this.u8() + 506;
    return c;
  }
}

interface Woff2Entry {
  tag: string;
  origLength: number;
  /** Bytes in the decompressed stream (the transformed length when transformed). */
  length: number;
  transformed: boolean;
  offset: number;
}

function unpackWoff2(b: Uint8Array): Uint8Array {
  const h = new Reader(b, 'WOFF2 header');
  h.pos = 4;
  const flavor = h.u32();
  checkFlavor(flavor);
  if (h.u32() !== b.length) throw new WebFontError('its WOFF2 header states another length than the file has');
  const numTables = h.u16();
  h.u16();
  const totalSfntSize = h.u32();
  const totalCompressedSize = h.u32();
  if (totalSfntSize > WEB_FONT_MAX_SFNT) throw new WebFontError('it unpacks to more than 64 MB');
  h.pos = 48;
  const d = new Reader(b, 'WOFF2 table directory');
  d.pos = 48;
  const entries: Woff2Entry[] = [];
  let offset = 0;
  for (let i = 0; i < numTables; i++) {
    const flags = d.u8();
    const index = flags & 0x3f;
    const tag = index === 63 ? tagAt(d.bytes(4), 0) : KNOWN_TAGS[index];
    const version = flags >> 6;
    const origLength = d.base128();
    // glyf and loca: version 0 is the transform, 3 none; every other table: version 0 is none.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    if (transformed && tag !== 'glyf' && tag !== 'loca' && !(tag === 'hmtx' && version === 1))
      throw new WebFontError(`its ${tag} table has a transform WOFF2 does not define`);
    const length = transformed ? d.base128() : origLength;
    entries.push({ tag, origLength, length, transformed, offset });
    offset += length;
  }
  if (offset > WEB_FONT_MAX_SFNT) throw new WebFontError('it unpacks to more than 64 MB');
  const packed = d.bytes(totalCompressedSize);
  let data: Buffer;
  try {
    data = brotliDecompressSync(packed, { maxOutputLength: Math.max(offset, 1) });
  } catch {
    throw new WebFontError('its Brotli-compressed tables do not decompress');
  }
  if (data.length !== offset) throw new WebFontError('its tables decompress to another length than stated');
  const raw = new Map<string, Woff2Entry>();
  for (const e of entries) raw.set(e.tag, e);
  const tables = new Map<string, Uint8Array>();
  const slice = (e: Woff2Entry) => data.subarray(e.offset, e.offset + e.length);
  for (const e of entries) if (!e.transformed) tables.set(e.tag, slice(e));
  const glyf = raw.get('glyf');
  let boxes: GlyphBox[] | undefined;
  if (glyf?.transformed) {
    const loca = raw.get('loca');
    if (!loca) throw new WebFontError('its glyf table comes without a loca table');
    const rebuilt = rebuildGlyf(slice(glyf));
    tables.set('glyf', rebuilt.glyf);
    tables.set('loca', rebuilt.loca);
    boxes = rebuilt.boxes;
    const head = tables.get('head');
    if (!head || head.length < 54) throw new WebFontError('its head table is missing or cut short');
    if (view(head).getInt16(50) !== rebuilt.format) {
      const copy = Buffer.from(head);
      copy.writeInt16BE(rebuilt.format, 50);
      tables.set('head', copy);
    }
  }
  const hmtx = raw.get('hmtx');
  if (hmtx?.transformed) tables.set('hmtx', rebuildHmtx(slice(hmtx), tables, boxes));
  return writeSfnt(flavor, tables);
}

/** WOFF2 §5.1: the glyf table rebuilt from its seven streams, with loca and every glyph's box. */
function rebuildGlyf(t: Uint8Array): { glyf: Uint8Array; loca: Uint8Array; format: number; boxes: GlyphBox[] } {
  const r = new Reader(t, 'transformed glyf table');
  r.u16(); // reserved
  const optionFlags = r.u16();
  const numGlyphs = r.u16();
  const indexFormat = r.u16();
  const sizes = [r.u32(), r.u32(), r.u32(), r.u32(), r.u32(), r.u32(), r.u32()];
  const streams = sizes.map((n, i) => new Reader(r.bytes(n), `glyf ${STREAM_NAMES[i]} stream`));
  const [nContourS, nPointsS, flagS, glyphS, compositeS, bboxS, instrS] = streams;
  if (optionFlags & 1) r.bytes((numGlyphs + 7) >> 3); // overlapSimpleBitmap: no bearing on a PDF
  const bitmap = bboxS.bytes(((numGlyphs + 31) >> 5) << 2);
  const hasBox = (i: number) => (bitmap[i >> 3] & (0x80 >> (i & 7))) !== 0;
  const glyphs: Uint8Array[] = [];
  const boxes: GlyphBox[] = [];
  for (let i = 0; i < numGlyphs; i++) {
    const nContours = nContourS.i16();
    const explicit = hasBox(i)
      ? { xMin: bboxS.i16(), yMin: bboxS.i16(), xMax: bboxS.i16(), yMax: bboxS.i16() }
      : undefined;
    if (nContours === 0) {
      if (explicit) throw new WebFontError(`its empty glyph ${i} states a box`);
      glyphs.push(new Uint8Array(0));
      boxes.push({ xMin: 0, yMin: 0, xMax: 0, yMax: 0 });
    } else if (nContours > 0) {
      const counts: number[] = [];
      for (let c = 0; c < nContours; c++) counts.push(nPointsS.u255());
      const contours: OutlinePoint[][] = [];
      let x = 0;
      let y = 0;
      for (const n of counts) {
        const pts: OutlinePoint[] = [];
        for (let p = 0; p < n; p++) {
          const [dx, dy, onCurve] = triplet(flagS.u8(), glyphS);
          x += dx;
          y += dy;
          pts.push({ x, y, onCurve });
        }
        contours.push(pts);
      }
      const instructions = instrS.bytes(glyphS.u255());
      const glyph = encodeSimpleGlyph(contours, instructions, explicit);
      glyphs.push(glyph);
      const v = view(glyph);
      boxes.push({ xMin: v.getInt16(2), yMin: v.getInt16(4), xMax: v.getInt16(6), yMax: v.getInt16(8) });
    } else {
      if (!explicit) throw new WebFontError(`its composite glyph ${i} states no box`);
      const start = compositeS.pos;
      let more = true;
      let instructions = false;
      while (more) {
        const flags = compositeS.u16();
        compositeS.u16(); // component glyph id
        compositeS.bytes(flags & 0x1 ? 4 : 2);
        if (flags & 0x8) compositeS.bytes(2);
        else if (flags & 0x40) compositeS.bytes(4);
        else if (flags & 0x80) compositeS.bytes(8);
        if (flags & 0x100) instructions = true;
        more = (flags & 0x20) !== 0;
      }
      const body = compositeS.b.subarray(start, compositeS.pos);
      const instr = instructions ? instrS.bytes(glyphS.u255()) : new Uint8Array(0);
      const out = Buffer.alloc(10 + body.length + (instructions ? 2 + instr.length : 0));
      out.writeInt16BE(-1, 0);
      out.writeInt16BE(explicit.xMin, 2);
      out.writeInt16BE(explicit.yMin, 4);
      out.writeInt16BE(explicit.xMax, 6);
      out.writeInt16BE(explicit.yMax, 8);
      out.set(body, 10);
      if (instructions) {
        out.writeUInt16BE(instr.length, 10 + body.length);
        out.set(instr, 12 + body.length);
      }
      glyphs.push(out);
      boxes.push(explicit);
    }
  }
  const { glyf, loca, format } = writeGlyfLoca(glyphs, indexFormat);
  return { glyf, loca, format, boxes };
}

const STREAM_NAMES = ['contour count', 'point count', 'flag', 'glyph', 'composite', 'box', 'instruction'];

/** WOFF2 §5.2 triplet decoding: one point's delta from its flag byte and the glyph stream. */
function triplet(flag: number, g: Reader): [number, number, boolean] {
  const onCurve = (flag & 0x80) === 0;
  const f = flag & 0x7f;
  const sign = (bit: number, v: number) => (bit & 1 ? v : -v);
  if (f < 10) return [0, sign(f, ((f & 14) << 7) + g.u8()), onCurve];
  if (f < 20) return [sign(f, (((f - 10) & 14) << 7) + g.u8()), 0, onCurve];
  if (f < 84) {
    const b0 = f - 20;
    const b1 = g.u8();
    return [sign(f, 1 + (b0 & 0x30) + (b1 >> 4)), sign(f >> 1, 1 + ((b0 & 0x0c) << 2) + (b1 & 0x0f)), onCurve];
  }
  if (f < 120) {
    const b0 = f - 84;
    const b1 = g.u8();
    const b2 = g.u8();
    return [sign(f, 1 + (Math.floor(b0 / 12) << 8) + b1), sign(f >> 1, 1 + (((b0 % 12) >> 2) << 8) + b2), onCurve];
  }
  if (f < 124) {
    const b1 = g.u8();
    const b2 = g.u8();
    const b3 = g.u8();
    return [sign(f, (b1 << 4) + (b2 >> 4)), sign(f >> 1, ((b2 & 0x0f) << 8) + b3), onCurve];
  }
  const b1 = g.u8();
  const b2 = g.u8();
  const b3 = g.u8();
  const b4 = g.u8();
  return [sign(f, (b1 << 8) + b2), sign(f >> 1, (b3 << 8) + b4), onCurve];
}

/** WOFF2 §5.4: hmtx rebuilt, left side bearings left out taken from the glyphs' xMin. */
function rebuildHmtx(t: Uint8Array, tables: Map<string, Uint8Array>, boxes: GlyphBox[] | undefined): Uint8Array {
  const hhea = tables.get('hhea');
  const maxp = tables.get('maxp');
  if (!hhea || hhea.length < 36 || !maxp || maxp.length < 6)
    throw new WebFontError('its hmtx table needs hhea and maxp tables, which are missing or cut short');
  if (!boxes) throw new WebFontError('its hmtx table is transformed but its glyf table is not');
  const numHMetrics = view(hhea).getUint16(34);
  const numGlyphs = view(maxp).getUint16(4);
  if (numHMetrics < 1 || numHMetrics > numGlyphs || boxes.length < numGlyphs)
    throw new WebFontError('its hhea, maxp and glyf tables disagree on the number of glyphs');
  const r = new Reader(t, 'transformed hmtx table');
  const flags = r.u8();
  const advances: number[] = [];
  for (let i = 0; i < numHMetrics; i++) advances.push(r.u16());
  const lsb = (i: number, absent: boolean) => (absent ? boxes[i].xMin : r.i16());
  const out = Buffer.alloc(numHMetrics * 4 + (numGlyphs - numHMetrics) * 2);
  for (let i = 0; i < numHMetrics; i++) {
    out.writeUInt16BE(advances[i], i * 4);
    out.writeInt16BE(lsb(i, (flags & 1) !== 0), i * 4 + 2);
  }
  for (let i = numHMetrics; i < numGlyphs; i++)
    out.writeInt16BE(lsb(i, (flags & 2) !== 0), numHMetrics * 4 + (i - numHMetrics) * 2);
  return out;
}
