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
import { type PDFContext, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import type { Face } from '../../../engines/fonts/face.js';
import { retainGidSubset } from '../../../engines/pdf/truetype-subset.js';
import { maxOf, pushAll } from '../../../ir/bounded.js';
import type { FontObject } from '../../../ir/types.js';
import { FLATE_LEVEL, flate, pdfFontName, subsetTag, toUnicodeStream } from './common.js';

/** Subset programs kept per process (fast-layout §1 rule 3: bound every cache). */
export const SUBSET_CACHE_SIZE = 256;

interface SubsetProgram {
  /** The program, Flate-compressed, and its length before compression (Length1). */
  deflated: Uint8Array;
  length: number;
  /** glyph id of the face → glyph id in the subset (CFF); absent for TrueType, which keeps glyph ids. */
  newId?: Map<number, number>;
  /** TrueType: every glyph id the program holds (those asked for plus composite components). */
  kept?: number[];
}

const subsets = new Map<string, SubsetProgram>();

/** The subset of `face` holding `gids` (sorted, .notdef first), from the cache or made now. */
export function subsetProgram(face: Face, gids: readonly number[]): SubsetProgram {
  const key = createHash('sha256').update(face.key).update(Uint32Array.from(gids)).digest('hex');
  const hit = subsets.get(key);
  if (hit) {
    subsets.delete(key);
    subsets.set(key, hit);
    return hit;
  }
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
  if (subsets.size >= SUBSET_CACHE_SIZE) subsets.delete(subsets.keys().next().value!);
  subsets.set(key, made);
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

/** A CIDToGIDMap stream (§9.7.4.2): two bytes, big-endian, per CID from 0, the glyph each draws. */
function cidToGidStream(context: PDFContext, cids: readonly number[], gidOf: (cid: number) => number): PDFRef {
  const max = maxOf(cids);
  const bytes = new Uint8Array((max + 1) * 2);
  for (const c of cids) {
    const g = gidOf(c);
    bytes[c * 2] = g >> 8;
    bytes[c * 2 + 1] = g & 0xff;
  }
  return flate(context, bytes);
}

/** CIDSet (§9.8.3.1 Table 124): one bit per CID, high bit first, set for every CID the program has. */
function cidSet(cids: readonly number[]): Uint8Array {
  const bytes = new Uint8Array((maxOf(cids) >> 3) + 1);
  for (const c of cids) bytes[c >> 3] |= 0x80 >> (c & 7);
  return bytes;
}

/** Writes one TrueType or CFF face and returns the reference of its Type0 dictionary. */
export function emitCidFont(context: PDFContext, obj: FontObject): PDFRef {
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

  let fontFile: Record<string, PDFRef>;
  /** CIDs the embedded program holds (CIDSet). */
  let present = cids;
  let cidToGid: PDFRef | 'Identity' | undefined;
  if (obj.keepAll && !cff) {
    fontFile = { FontFile2: flate(context, wholeFile(face), { Length1: face.bytes.length }, true) };
    cidToGid = aliased ? cidToGidStream(context, cids, gidOf) : 'Identity';
  } else {
    // CFF kept whole is still written through the subsetter (every glyph), as bare CID-keyed CFF:
    // FontFile3 /OpenType would need PDF 1.6, which PDF/A-1 does not allow.
    const gids = aliased ? [...new Set(cids.map(gidOf))].sort((a, b) => a - b) : cids;
    const sub = subsetProgram(face, cff ? cids.map(gidOf) : gids);
    if (cff) {
      fontFile = { FontFile3: flate(context, sub.deflated, { Subtype: 'CIDFontType0C' }, true) };
    } else {
      fontFile = { FontFile2: flate(context, sub.deflated, { Length1: sub.length }, true) };
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
      cidToGid = aliased ? cidToGidStream(context, present, gidOf) : 'Identity';
    }
  }

  const own = pdfFontName(face.ownName);
  const baseName = obj.keepAll ? own : `${subsetTag(face.key, cids.map(gidOf))}+${own}`;
  const bbox = f.bbox;
  const italic = f.italicAngle || 0;
  // Flags (§9.8.2): 4 = Symbolic (a CID font's glyphs are outside the standard Latin set by definition),
  // plus FixedPitch and Italic when the face says so.
  const flags = 4 | (f.post?.isFixedPitch ? 1 : 0) | (italic !== 0 ? 64 : 0);
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: PDFName.of(baseName),
      Flags: flags,
      FontBBox: [
        Math.round(bbox.minX * k),
        Math.round(bbox.minY * k),
        Math.round(bbox.maxX * k),
        Math.round(bbox.maxY * k),
      ],
      ItalicAngle: italic,
      Ascent: Math.round(f.ascent * k),
      Descent: Math.round(f.descent * k),
      CapHeight: Math.round((f.capHeight || f.ascent) * k),
      // StemV is required but TrueType carries no stem width; 80 is the customary stand-in for regular weights.
      StemV: 80,
      ...fontFile,
      CIDSet: flate(context, cidSet(present)),
    }),
  );
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: PDFName.of(baseName),
      // pdf-lib's obj() turns plain strings into names; these two must be literal strings.
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: Math.round(face.advanceOf(0) * k),
      W: widths(cids, (cid) => Math.round(face.advanceOf(gidOf(cid)) * k)),
      ...(cidToGid ? { CIDToGIDMap: cidToGid } : {}),
    } as never),
  );
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: PDFName.of(cff ? `${baseName}-Identity-H` : baseName),
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicodeStream(context, obj.used, 2),
    }),
  );
}
