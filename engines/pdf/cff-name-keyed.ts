// engines/pdf/cff-name-keyed.ts — PDF engine: a name-keyed CFF program (Adobe TN 5176) holding
// chosen glyphs of an OpenType font's CFF table, for a simple font (simple_fonts over CFF outlines,
// FontFile3 /Type1C, ISO 32000-1 §9.9). fontkit's own CFF subsetter always writes a CID-keyed font
// (ROS Adobe-Identity-0), which a simple font cannot carry: glyphs of a simple Type1C font are
// selected by name, through the charset. So the tables are read here from the raw bytes and written
// again: the glyphs' charstrings copied as they are, the charset keeping their names (strings of
// their own renumbered into a new String INDEX), the Private DICT copied operand for operand with its
// Subrs offset rewritten, and subroutines no chosen glyph calls replaced by a bare `return`.
import type { Font } from 'fontkit';
import { pushAll } from '../../ir/bounded.js';

/** First SID of a font's own strings: SIDs below are CFF's 391 standard strings (TN 5176 Appendix A). */
const STANDARD_STRINGS = 391;
/** Top DICT operators copied into the new program (TN 5176 Table 9; 12 x written as 1200 + x). */
const TOP_KEPT = new Set([5, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208]);
const OP_CHARSET = 15,
  OP_CHARSTRINGS = 17,
  OP_PRIVATE = 18,
  OP_SUBRS = 19,
  OP_ROS = 1230,
  OP_CHARSTRING_TYPE = 1206;
/** The charstring `return` operator: what an unused subroutine becomes (as fontkit's subsetter does). */
const RETURN = Uint8Array.of(11);

interface DictEntry {
  op: number;
  operands: number[];
  raw: Uint8Array;
}

/** A CFF table read far enough to copy glyphs out of it. */
export interface CffTables {
  bytes: Uint8Array;
  /** SID of each glyph's name (glyph 0 is .notdef, SID 0). */
  sids: number[];
  /** The font's own strings (SID 391 onwards). */
  strings: Uint8Array[];
  top: DictEntry[];
  charStrings: Uint8Array[];
  globalSubrs: Uint8Array[];
  localSubrs: Uint8Array[];
  privateDict: DictEntry[];
  /** CID-keyed (ROS present): glyphs have CIDs, not names. */
  cidKeyed: boolean;
}

function readIndex(b: Uint8Array, pos: number): { items: Uint8Array[]; end: number } {
  const count = (b[pos] << 8) | b[pos + 1];
  if (count === 0) return { items: [], end: pos + 2 };
  const offSize = b[pos + 2];
  if (offSize < 1 || offSize > 4) throw new Error('a CFF INDEX has an offset size outside 1 to 4');
  const offAt = (i: number) => {
    let v = 0;
    for (let k = 0; k < offSize; k++) v = v * 256 + b[pos + 3 + i * offSize + k];
    return v;
  };
  const base = pos + 3 + (count + 1) * offSize - 1;
  const items: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const from = base + offAt(i),
      to = base + offAt(i + 1);
    if (to < from || to > b.length) throw new Error('a CFF INDEX runs past the table');
    items.push(b.subarray(from, to));
  }
  return { items, end: base + offAt(count) };
}

/** A DICT's entries, each with its operands as numbers and as the bytes they were written in. */
function readDict(d: Uint8Array): DictEntry[] {
  const out: DictEntry[] = [];
  let operands: number[] = [];
  let start = 0;
  let i = 0;
  while (i < d.length) {
    const b0 = d[i];
    if (b0 <= 21) {
      let op = b0;
      const rawEnd = i;
      i++;
      if (b0 === 12) op = 1200 + d[i++];
      out.push({ op, operands, raw: d.subarray(start, rawEnd) });
      operands = [];
      start = i;
    } else if (b0 === 28) {
      operands.push(((d[i + 1] << 24) >> 16) | d[i + 2]);
      i += 3;
    } else if (b0 === 29) {
      operands.push((d[i + 1] << 24) | (d[i + 2] << 16) | (d[i + 3] << 8) | d[i + 4]);
      i += 5;
    } else if (b0 === 30) {
      let s = '';
      i++;
      for (let done = false; !done && i < d.length; i++) {
        for (const nib of [d[i] >> 4, d[i] & 15]) {
          if (nib === 15) {
            done = true;
            break;
          }
          s += nib < 10 ? String(nib) : nib === 10 ? '.' : nib === 11 ? 'E' : nib === 12 ? 'E-' : nib === 14 ? '-' : '';
        }
      }
      operands.push(Number(s));
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      i++;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + d[i + 1] + 108);
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - d[i + 1] - 108);
      i += 2;
    } else throw new Error(`a CFF DICT holds the reserved byte ${b0}`);
  }
  return out;
}

function charsetSids(b: Uint8Array, offset: number, n: number): number[] {
  const sids = [0];
  if (offset <= 2) {
    // Predefined charsets: ISOAdobe (glyph i has SID i); Expert and ExpertSubset are for expert fonts only.
    if (offset !== 0) throw new Error('the CFF charset is a predefined expert charset');
    for (let g = 1; g < n; g++) sids.push(g);
    return sids;
  }
  const format = b[offset];
  let p = offset + 1;
  if (format === 0) {
    for (let g = 1; g < n; g++, p += 2) sids.push((b[p] << 8) | b[p + 1]);
    return sids;
  }
  if (format !== 1 && format !== 2) throw new Error(`the CFF charset has the unknown format ${format}`);
  while (sids.length < n) {
    const first = (b[p] << 8) | b[p + 1];
    const left = format === 1 ? b[p + 2] : (b[p + 2] << 8) | b[p + 3];
    p += format === 1 ? 3 : 4;
    for (let k = 0; k <= left && sids.length < n; k++) sids.push(first + k);
  }
  return sids;
}

/** Reads the `CFF ` table of an OpenType font. Throws on a table it cannot follow. */
export function readCff(table: Uint8Array): CffTables {
  const hdrSize = table[2];
  const names = readIndex(table, hdrSize);
  const tops = readIndex(table, names.end);
  const strings = readIndex(table, tops.end);
  const gsubrs = readIndex(table, strings.end);
  if (tops.items.length !== 1) throw new Error('the CFF table holds other than one font');
  const top = readDict(tops.items[0]);
  const get = (op: number) => top.find((e) => e.op === op)?.operands;
  const cidKeyed = get(OP_ROS) !== undefined;
  const csOffset = get(OP_CHARSTRINGS)?.[0];
  if (csOffset === undefined) throw new Error('the CFF font has no CharStrings');
  if ((get(OP_CHARSTRING_TYPE)?.[0] ?? 2) !== 2) throw new Error('the CFF font has charstrings of a type other than 2');
  const charStrings = readIndex(table, csOffset).items;
  const [privSize, privOffset] = get(OP_PRIVATE) ?? [0, 0];
  const privateDict = cidKeyed ? [] : readDict(table.subarray(privOffset, privOffset + privSize));
  const subrsAt = privateDict.find((e) => e.op === OP_SUBRS)?.operands[0];
  return {
    bytes: table,
    top,
    cidKeyed,
    charStrings,
    privateDict,
    sids: charsetSids(table, get(OP_CHARSET)?.[0] ?? 0, charStrings.length),
    strings: strings.items,
    globalSubrs: gsubrs.items,
    localSubrs: subrsAt !== undefined ? readIndex(table, privOffset + subrsAt).items : [],
  };
}

const latin1 = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength).toString('latin1');

/** The name of glyph `gid`; `standard` gives a standard string by SID (fontkit holds the table). */
export function glyphName(cff: CffTables, gid: number, standard: (sid: number) => string): string {
  const sid = cff.sids[gid] ?? 0;
  return sid < STANDARD_STRINGS ? standard(sid) : latin1(cff.strings[sid - STANDARD_STRINGS] ?? new Uint8Array());
}

/** An integer operand in 5 bytes (operator 29), so offsets can be written before they are known. */
function int5(v: number): number[] {
  return [29, (v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
}

function index(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return Uint8Array.of(0, 0);
  const total = items.reduce((n, it) => n + it.length, 0) + 1;
  const offSize = total < 0x100 ? 1 : total < 0x10000 ? 2 : total < 0x1000000 ? 3 : 4;
  const out = Buffer.alloc(3 + (items.length + 1) * offSize + total - 1);
  out.writeUInt16BE(items.length, 0);
  out[2] = offSize;
  let off = 1;
  let data = 3 + (items.length + 1) * offSize;
  for (let i = 0; i <= items.length; i++) {
    out.writeUIntBE(off, 3 + i * offSize, offSize);
    if (i < items.length) {
      out.set(items[i], data);
      data += items[i].length;
      off += items[i].length;
    }
  }
  return out;
}

function opBytes(op: number): number[] {
  return op >= 1200 ? [12, op - 1200] : [op];
}

/** Which subroutines the glyphs call, as fontkit records them while drawing a glyph (undefined: unknown, keep all). */
function usedSubrs(font: Font, gids: readonly number[]): { local?: Set<number>; global?: Set<number> } {
  const local = new Set<number>(),
    global = new Set<number>();
  for (const gid of gids) {
    const g = font.getGlyph(gid) as unknown as {
      path: unknown;
      _usedSubrs?: Record<string, boolean>;
      _usedGsubrs?: Record<string, boolean>;
    };
    void g.path; // drawing the glyph records the subroutines it calls
    if (!g._usedSubrs || !g._usedGsubrs) return {};
    for (const k of Object.keys(g._usedSubrs)) local.add(Number(k));
    for (const k of Object.keys(g._usedGsubrs)) global.add(Number(k));
  }
  return { local, global };
}

/**
 * A name-keyed CFF program holding glyphs `gids` (glyph 0, .notdef, first) of `cff`, named
 * `fontName`. Glyph i of the program is gids[i].
 */
export function nameKeyedCff(font: Font, cff: CffTables, gids: readonly number[], fontName: string): Uint8Array {
  // Strings: the glyphs' own names, renumbered from 391 in order of glyph.
  const strings: Uint8Array[] = [];
  const newSid = new Map<number, number>();
  const sids = gids.slice(1).map((g) => {
    const sid = cff.sids[g] ?? 0;
    if (sid < STANDARD_STRINGS) return sid;
    let n = newSid.get(sid);
    if (n === undefined) {
      n = STANDARD_STRINGS + strings.length;
      strings.push(cff.strings[sid - STANDARD_STRINGS]);
      newSid.set(sid, n);
    }
    return n;
  });
  const used = usedSubrs(font, gids);
  const keepSubrs = (subrs: Uint8Array[], set: Set<number> | undefined) =>
    subrs.map((s, i) => (!set || set.has(i) ? s : RETURN));
  const globalSubrs = keepSubrs(cff.globalSubrs, used.global);
  const localSubrs = keepSubrs(cff.localSubrs, used.local);

  const charset = Buffer.alloc(1 + 2 * sids.length);
  sids.forEach((s, i) => charset.writeUInt16BE(s, 1 + 2 * i)); // format 0
  const charStrings = index(gids.map((g) => cff.charStrings[g]));
  // Private DICT: every entry as written, Subrs (when there are local subroutines) last, pointing just past it.
  const priv: number[] = [];
  for (const e of cff.privateDict) if (e.op !== OP_SUBRS) pushAll(pushAll(priv, e.raw), opBytes(e.op));
  if (localSubrs.length) priv.push(...int5(priv.length + 6), OP_SUBRS);

  const header = Uint8Array.of(1, 0, 4, 4);
  const names = index([Buffer.from(fontName, 'latin1')]);
  const topOf = (charsetAt: number, charStringsAt: number, privateAt: number) => {
    const t: number[] = [];
    for (const e of cff.top) if (TOP_KEPT.has(e.op)) pushAll(pushAll(t, e.raw), opBytes(e.op));
    t.push(
      ...int5(charsetAt),
      OP_CHARSET,
      ...int5(charStringsAt),
      OP_CHARSTRINGS,
      ...int5(priv.length),
      ...int5(privateAt),
      OP_PRIVATE,
    );
    return index([Uint8Array.from(t)]);
  };
  const stringIndex = index(strings);
  const gsubrIndex = index(globalSubrs);
  const topLength = topOf(0, 0, 0).length; // every offset is 5 bytes, so the length does not depend on them
  const charsetAt = header.length + names.length + topLength + stringIndex.length + gsubrIndex.length;
  const charStringsAt = charsetAt + charset.length;
  const privateAt = charStringsAt + charStrings.length;
  return Buffer.concat([
    header,
    names,
    topOf(charsetAt, charStringsAt, privateAt),
    stringIndex,
    gsubrIndex,
    charset,
    charStrings,
    Uint8Array.from(priv),
    ...(localSubrs.length ? [index(localSubrs)] : []),
  ]);
}
