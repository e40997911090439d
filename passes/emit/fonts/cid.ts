// passes/emit/fonts/cid.ts — one embedded TrueType or CFF face as PDF objects (ISO 32000-1 §9.7): a
// Type0 font with Identity-H over
// - TrueType: a CIDFontType2 whose CIDs are the face's own glyph ids, the subset program (glyph ids
//   kept, engines/pdf/truetype-subset.ts) in FontFile2 and `/CIDToGIDMap /Identity`;
// - CFF: a CIDFontType0 whose CIDs dedupe handed out in glyph order, the subset as bare CID-keyed
//   CFF in FontFile3 /CIDFontType0C (fontkit's CFF subsetter writes ROS Adobe-Identity-0 with the
//   charset CID = subset glyph index, which is exactly those CIDs);
// plus W widths, a CIDSet (always: PDF/A-1 requires it for subsets, PDF/A-2..4 accept a correct one)
// and a ToUnicode CMap from the shaped glyph→text map. `keep: all` embeds a TrueType file whole
// (FontFile2, identity CIDs) and a CFF face's every glyph as bare CFF. Subset programs are cached per process by face
// and glyph set, so a font seen before costs no subsetting.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFRef,
  PDFString,
} from 'pdf-lib';
import type { Face } from '../../../engines/fonts/face.js';
import { retainGidSubset } from '../../../engines/pdf/truetype-subset.js';
import { maxOf, pushAll } from '../../../ir/bounded.js';
import type { FontObject } from '../../../ir/types.js';
import { deflateKept, FLATE_LEVEL, flate, pdfFontName, subsetTag, toUnicodeCMap } from './common.js';

/** Subset programs kept per process (fast-layout §1 rule 3: bound every cache). */
export const SUBSET_CACHE_SIZE = 256;
/**
 * …and their bytes together, by estimate (issue 20: no request takes memory the server did not budget,
 * and a process's memory is bounded by the document, not by history): a CFF `keep: all` program can
 * be megabytes, so 256 of them by count alone could hold gigabytes. The oldest go first; a program
 * past SUBSET_CACHE_ONE (a CJK face kept whole) is made afresh each time, never kept.
 */
export const SUBSET_CACHE_BYTES = 16 << 20;
export const SUBSET_CACHE_ONE = SUBSET_CACHE_BYTES >> 2;

/**
 * A cache of byte strings or programs bounded by count and by bytes (an estimate per entry), oldest
 * first out, an entry past `one` never kept; a hit moves to the newest end.
 */
export class ByteBoundCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;
  constructor(
    readonly count: number,
    readonly bytes: number,
    readonly one: number,
  ) {}
  get size(): number {
    return this.entries.size;
  }
  /** Bytes held together, by the estimates given to `set`. */
  get held(): number {
    return this.total;
  }
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V, size: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.total -= old.size;
    }
    if (size > this.one) return;
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [k, v] of this.entries) {
      if (this.total <= this.bytes && this.entries.size <= this.count) break;
      this.entries.delete(k);
      this.total -= v.size;
    }
  }
}

interface SubsetProgram {
  /** The program, Flate-compressed, and its length before compression (Length1). */
  deflated: Uint8Array;
  length: number;
  /** glyph id of the face → glyph id in the subset (CFF); absent for TrueType, which keeps glyph ids. */
  newId?: Map<number, number>;
  /** TrueType: every glyph id the program holds (those asked for plus composite components). */
  kept?: number[];
}

const subsets = new ByteBoundCache<SubsetProgram>(SUBSET_CACHE_SIZE, SUBSET_CACHE_BYTES, SUBSET_CACHE_ONE);

/** Subset programs kept and their bytes by estimate (for tests). */
export function subsetCacheHeld(): { entries: number; bytes: number } {
  return { entries: subsets.size, bytes: subsets.held };
}

/** The subset of `face` holding `gids` (sorted, .notdef first), from the cache or made now. */
export function subsetProgram(face: Face, gids: readonly number[]): SubsetProgram {
  const key = createHash('sha256').update(face.key).update(Uint32Array.from(gids)).digest('hex');
  const hit = subsets.get(key);
  if (hit) return hit;
  let made: SubsetProgram;
  if (face.outlines === 'truetype') {
    // Glyph ids kept: the fast copier (engines/pdf/truetype-subset.ts).
    const { program, kept } = retainGidSubset(face.bytes, gids);
    made = {
      deflated: deflateSync(program, { level: FLATE_LEVEL }),
      length: program.length,
      kept: [...kept].sort((a, b) => a - b),
    };
  } else {
    const subset = face.font.createSubset();
    const newId = new Map<number, number>();
    for (const g of gids) newId.set(g, subset.includeGlyph(g));
    const program = subset.encode();
    made = { deflated: deflateSync(program, { level: FLATE_LEVEL }), length: program.length, newId };
  }
  // Size by estimate: the compressed program, the key, and per glyph a map entry (CFF) or a number.
  subsets.set(key, made, made.deflated.length + key.length * 2 + 128 + gids.length * (made.newId ? 40 : 8));
  return made;
}

/** The whole file, compressed once per process per face (keep: all). */
const wholeFiles = new WeakMap<Face, Uint8Array>();
function wholeFile(face: Face): Uint8Array {
  let z = wholeFiles.get(face);
  if (!z) {
    z = deflateSync(face.bytes, { level: FLATE_LEVEL });
    wholeFiles.set(face, z);
  }
  return z;
}

/** W array (§9.7.4.3): runs of consecutive CIDs as `c [w1 w2 …]`. */
function widths(cids: readonly number[], advance: (cid: number) => number): (number | number[])[] {
  const out: (number | number[])[] = [];
  let run: number[] = [];
  let start = -2;
  let prev = -2;
  for (const c of cids) {
    const w = advance(c);
    if (c === prev + 1) run.push(w);
    else {
      if (run.length) out.push(start, run);
      start = c;
      run = [w];
    }
    prev = c;
  }
  if (run.length) out.push(start, run);
  return out;
}

/** CIDSet (§9.8.3.1 Table 124): one bit per CID, high bit first, set for every CID the program has. */
function cidSet(cids: readonly number[]): Uint8Array {
  const bytes = new Uint8Array((maxOf(cids) >> 3) + 1);
  for (const c of cids) bytes[c >> 3] |= 0x80 >> (c & 7);
  return bytes;
}

/**
 * What a CID font writes besides object references, worked out from its face and codes alone: the
 * streams' bytes already compressed, the W array as ready numbers, the names. The same face with the
 * same codes (an invoice's every render) writes the same parts, so they are kept per process
 * (CID_PARTS_BYTES, below) and a render finds them by a key naming every input instead of subsetting,
 * hashing, building CMaps and compressing again: the bytes are those a fresh render makes.
 */
interface CidParts {
  /** Bytes this entry holds with its key, by estimate (what CID_PARTS_BYTES counts). */
  size: number;
  baseName: PDFName;
  /** Type0 BaseFont (CFF: with `-Identity-H`). */
  type0Name: PDFName;
  fontFile: PDFName;
  /** The program, compressed, and its stream's own entries (Length1 or Subtype). */
  program: Uint8Array;
  programExtra: Record<string, unknown>;
  /** CIDToGIDMap: the stream's bytes compressed, Identity, or none (CFF). */
  cidToGid?: Uint8Array | 'Identity';
  cidSet: Uint8Array;
  toUnicode: Uint8Array;
  flags: number;
  bbox: PDFNumber[];
  italic: PDFNumber;
  ascent: PDFNumber;
  descent: PDFNumber;
  capHeight: PDFNumber;
  dw: PDFNumber;
  w: (PDFNumber | PDFNumber[])[];
  cff: boolean;
}

/** Entries of the parts kept per process and their bytes together, by estimate (the oldest go first). */
export const CID_PARTS_ENTRIES = 256;
export const CID_PARTS_BYTES = 8 << 20;
/** Parts bigger than this are made afresh every time (a `keep: all` CJK face), never kept. */
const CID_PARTS_ONE = CID_PARTS_BYTES >> 2;
const parts = new Map<string, CidParts>();
let partsBytes = 0;

/**
 * Every input the parts depend on, as one string: the face (its content hash), keep-all, each code
 * and the text it stands for, CFF's CID→glyph list and TrueType's second codes. Equal keys are equal
 * inputs (texts carry their length, so no text can be read as a following code).
 */
function partsKey(face: Face, obj: FontObject): string {
  let k = `${face.key}|${obj.keepAll ? 1 : 0}|`;
  for (const [code, text] of obj.used) k += `${code},${text.length},${text};`;
  if (obj.cidToGid) k += `|${obj.cidToGid.join(',')}`;
  const alias = obj.aliases?.gidOf;
  if (alias?.size) {
    k += '|';
    for (const [code, gid] of alias) k += `${code}>${gid},`;
  }
  return k;
}

function keepParts(key: string, made: CidParts): void {
  made.size += key.length * 2;
  if (made.size > CID_PARTS_ONE) return;
  parts.set(key, made);
  partsBytes += made.size;
  for (const [k, v] of parts) {
    if (partsBytes <= CID_PARTS_BYTES && parts.size <= CID_PARTS_ENTRIES) break;
    parts.delete(k);
    partsBytes -= v.size;
  }
}

const N = {
  Type: PDFName.of('Type'),
  Subtype: PDFName.of('Subtype'),
  Font: PDFName.of('Font'),
  FontDescriptor: PDFName.of('FontDescriptor'),
  FontName: PDFName.of('FontName'),
  Flags: PDFName.of('Flags'),
  FontBBox: PDFName.of('FontBBox'),
  ItalicAngle: PDFName.of('ItalicAngle'),
  Ascent: PDFName.of('Ascent'),
  Descent: PDFName.of('Descent'),
  CapHeight: PDFName.of('CapHeight'),
  StemV: PDFName.of('StemV'),
  CIDSet: PDFName.of('CIDSet'),
  CIDFontType0: PDFName.of('CIDFontType0'),
  CIDFontType2: PDFName.of('CIDFontType2'),
  BaseFont: PDFName.of('BaseFont'),
  CIDSystemInfo: PDFName.of('CIDSystemInfo'),
  Registry: PDFName.of('Registry'),
  Ordering: PDFName.of('Ordering'),
  Supplement: PDFName.of('Supplement'),
  DW: PDFName.of('DW'),
  W: PDFName.of('W'),
  CIDToGIDMap: PDFName.of('CIDToGIDMap'),
  Identity: PDFName.of('Identity'),
  Type0: PDFName.of('Type0'),
  Encoding: PDFName.of('Encoding'),
  IdentityH: PDFName.of('Identity-H'),
  DescendantFonts: PDFName.of('DescendantFonts'),
  ToUnicode: PDFName.of('ToUnicode'),
};
const NUM_0 = PDFNumber.of(0);
const STEM_V = PDFNumber.of(80);

/** Works out a face's CID font parts for these codes (what emitCidFont wrote before they were kept). */
function makeParts(obj: FontObject): CidParts {
  const face = obj.face as Face;
  const f = face.font;
  const cff = face.outlines === 'cff';
  const k = 1000 / face.unitsPerEm;
  // CIDs written and the glyph each stands for.
  let cids: number[];
  let gidOf: (cid: number) => number;
  if (cff) {
    const map = obj.cidToGid!;
    cids = map.map((_, i) => i);
    gidOf = (cid) => map[cid];
  } else {
    // Codes past the face's glyphs are second codes of glyphs drawn for other text (dedupe's aliases).
    const alias = obj.aliases?.gidOf;
    cids = obj.keepAll
      ? [...Array.from({ length: f.numGlyphs }, (_, i) => i), ...(alias?.keys() ?? [])]
      : [...new Set([0, ...obj.used.keys()])].sort((a, b) => a - b);
    gidOf = alias?.size ? (cid) => alias.get(cid) ?? cid : (cid) => cid;
  }
  const aliased = !cff && !!obj.aliases?.gidOf.size;

  let program: Uint8Array;
  let programExtra: Record<string, unknown>;
  /** CIDs the embedded program holds (CIDSet). */
  let present = cids;
  let cidToGid: Uint8Array | 'Identity' | undefined;
  if (obj.keepAll && !cff) {
    program = wholeFile(face);
    programExtra = { Length1: face.bytes.length };
    cidToGid = aliased ? cidToGidBytes(cids, gidOf) : 'Identity';
  } else {
    // CFF kept whole is still written through the subsetter (every glyph), as bare CID-keyed CFF:
    // FontFile3 /OpenType would need PDF 1.6, which PDF/A-1 does not allow.
    const gids = aliased ? [...new Set(cids.map(gidOf))].sort((a, b) => a - b) : cids;
    const sub = subsetProgram(face, cff ? cids.map(gidOf) : gids);
    program = sub.deflated;
    if (cff) {
      programExtra = { Subtype: 'CIDFontType0C' };
    } else {
      programExtra = { Length1: sub.length };
      // CIDToGIDMap (§9.7.4.2 Table 117): the subset keeps the face's glyph ids, so CID = GID —
      // but for second codes, which a stream maps to their glyphs.
      present = sub.kept ?? cids;
      if (aliased) {
        const kept = new Set(present);
        present = pushAll(
          [...present],
          cids.filter((c) => c !== gidOf(c) && kept.has(gidOf(c))),
        );
      }
      cidToGid = aliased ? cidToGidBytes(present, gidOf) : 'Identity';
    }
  }

  const own = pdfFontName(face.ownName);
  const baseName = obj.keepAll ? own : `${subsetTag(face.key, cids.map(gidOf))}+${own}`;
  const bbox = f.bbox;
  const italic = f.italicAngle || 0;
  const w = widths(cids, (cid) => Math.round(face.advanceOf(gidOf(cid)) * k)).map((x) =>
    typeof x === 'number' ? PDFNumber.of(x) : x.map((n) => PDFNumber.of(n)),
  );
  const cidSetZ = deflateKept(cidSet(present));
  const toUnicode = deflateKept(Buffer.from(toUnicodeCMap(obj.used, 2), 'latin1'));
  let wCount = 0;
  for (const x of w) wCount += Array.isArray(x) ? x.length + 1 : 1;
  return {
    // Numbers as objects (~40 bytes each), the compressed streams, and a fixed share for the rest.
    size:
      1024 +
      program.length +
      cidSetZ.length +
      toUnicode.length +
      wCount * 48 +
      (cidToGid === 'Identity' ? 0 : (cidToGid?.length ?? 0)),
    baseName: PDFName.of(baseName),
    type0Name: PDFName.of(cff ? `${baseName}-Identity-H` : baseName),
    fontFile: PDFName.of(cff ? 'FontFile3' : 'FontFile2'),
    program,
    programExtra,
    cidToGid,
    cidSet: cidSetZ,
    toUnicode,
    // Flags (§9.8.2): 4 = Symbolic (a CID font's glyphs are outside the standard Latin set by definition),
    // plus FixedPitch and Italic when the face says so.
    flags: 4 | (f.post?.isFixedPitch ? 1 : 0) | (italic !== 0 ? 64 : 0),
    bbox: [bbox.minX, bbox.minY, bbox.maxX, bbox.maxY].map((v) => PDFNumber.of(Math.round(v * k))),
    italic: PDFNumber.of(italic),
    ascent: PDFNumber.of(Math.round(f.ascent * k)),
    descent: PDFNumber.of(Math.round(f.descent * k)),
    capHeight: PDFNumber.of(Math.round((f.capHeight || f.ascent) * k)),
    dw: PDFNumber.of(Math.round(face.advanceOf(0) * k)),
    w,
    cff,
  };
}

/** A CIDToGIDMap's bytes (§9.7.4.2), compressed: two bytes, big-endian, per CID from 0, the glyph each draws. */
function cidToGidBytes(cids: readonly number[], gidOf: (cid: number) => number): Uint8Array {
  const max = maxOf(cids);
  const bytes = new Uint8Array((max + 1) * 2);
  for (const c of cids) {
    const g = gidOf(c);
    bytes[c * 2] = g >> 8;
    bytes[c * 2 + 1] = g & 0xff;
  }
  return deflateKept(bytes);
}

function array(context: PDFContext, items: readonly PDFObject[]): PDFArray {
  const a = PDFArray.withContext(context);
  for (const x of items) a.push(x);
  return a;
}

/** Writes one TrueType or CFF face and returns the reference of its Type0 dictionary. */
export function emitCidFont(context: PDFContext, obj: FontObject): PDFRef {
  const key = partsKey(obj.face as Face, obj);
  let p = parts.get(key);
  if (p) {
    parts.delete(key);
    parts.set(key, p); // most recently used last
  } else {
    p = makeParts(obj);
    keepParts(key, p);
  }
  // Objects in the order they were always registered: program, CIDToGIDMap, CIDSet, descriptor,
  // CIDFont, ToUnicode, Type0.
  const fontFile = flate(context, p.program, p.programExtra, true);
  const cidToGid = p.cidToGid === 'Identity' ? N.Identity : p.cidToGid && flate(context, p.cidToGid, {}, true);
  const descriptor = PDFDict.withContext(context);
  descriptor.set(N.Type, N.FontDescriptor);
  descriptor.set(N.FontName, p.baseName);
  descriptor.set(N.Flags, PDFNumber.of(p.flags));
  descriptor.set(N.FontBBox, array(context, p.bbox));
  descriptor.set(N.ItalicAngle, p.italic);
  descriptor.set(N.Ascent, p.ascent);
  descriptor.set(N.Descent, p.descent);
  descriptor.set(N.CapHeight, p.capHeight);
  // StemV is required but TrueType carries no stem width; 80 is the customary stand-in for regular weights.
  descriptor.set(N.StemV, STEM_V);
  descriptor.set(p.fontFile, fontFile);
  descriptor.set(N.CIDSet, flate(context, p.cidSet, {}, true));
  const descriptorRef = context.register(descriptor);

  const cidFont = PDFDict.withContext(context);
  cidFont.set(N.Type, N.Font);
  cidFont.set(N.Subtype, p.cff ? N.CIDFontType0 : N.CIDFontType2);
  cidFont.set(N.BaseFont, p.baseName);
  // Literal strings, not names.
  const info = PDFDict.withContext(context);
  info.set(N.Registry, PDFString.of('Adobe'));
  info.set(N.Ordering, PDFString.of('Identity'));
  info.set(N.Supplement, NUM_0);
  cidFont.set(N.CIDSystemInfo, info);
  cidFont.set(N.FontDescriptor, descriptorRef);
  cidFont.set(N.DW, p.dw);
  const w = PDFArray.withContext(context);
  for (const x of p.w) w.push(Array.isArray(x) ? array(context, x) : x);
  cidFont.set(N.W, w);
  if (cidToGid) cidFont.set(N.CIDToGIDMap, cidToGid);
  const cidFontRef = context.register(cidFont);

  const type0 = PDFDict.withContext(context);
  type0.set(N.Type, N.Font);
  type0.set(N.Subtype, N.Type0);
  type0.set(N.BaseFont, p.type0Name);
  type0.set(N.Encoding, N.IdentityH);
  type0.set(N.DescendantFonts, array(context, [cidFontRef]));
  type0.set(N.ToUnicode, flate(context, p.toUnicode, {}, true));
  return context.register(type0);
}

/** Entries and bytes (by estimate) of the CID font parts kept now (for tests and bench/). */
export function cidPartsHeld(): { entries: number; bytes: number } {
  return { entries: parts.size, bytes: partsBytes };
}
