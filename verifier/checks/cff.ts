// verifier/checks/cff.ts — reads a bare CFF program (FontFile3 /Type1C or /CIDFontType0C) far enough
// for the glyph and width rules (ISO 19005-2 §6.2.11.4.1, §6.2.11.5; 19005-4 §6.2.10.4.1, §6.2.10.5):
// glyph names (name-keyed) or CIDs (CID-keyed, through the charset), and each glyph's advance width
// from its Type 2 charstring (the optional first operand before the first stack-clearing operator,
// over nominalWidthX, else defaultWidthX of the glyph's Private DICT), scaled to text space by the
// FontMatrix. Tolerant: anything malformed yields undefined and the program is not judged.

import { CFF_STANDARD_STRINGS } from './cff-standard-strings.js';

export interface CffProgram {
  /** Name-keyed: glyph name → glyph id. */
  names: Map<string, number>;
  /** CID-keyed: CID → glyph id. */
  cids?: Map<number, number>;
  numGlyphs: number;
  /** Advance width of a glyph in thousandths of text space, or undefined when it cannot be read. */
  width(gid: number): number | undefined;
}

type Dict = Map<number, number[]>;
const MAX_GLYPHS = 70_000;
const MAX_SUBR_DEPTH = 10;

type Range = [number, number];
/** A Private DICT as the widths need it: defaultWidthX, nominalWidthX and its local subroutines. */
interface Private {
  dflt: number;
  nominal: number;
  subrs: Range[];
}
/** Which Private DICT and FontMatrix scale each glyph uses (one of each unless CID-keyed). */
interface FontDicts {
  privates: Private[];
  matrices: number[];
  fdOf: (g: number) => number;
}

export function readCffProgram(d: Uint8Array): CffProgram | undefined {
  try {
    const nameIdx = readIndex(d, d[2]);
    const topIdx = readIndex(d, nameIdx.end);
    const strIdx = readIndex(d, topIdx.end);
    const gsubrs = readIndex(d, strIdx.end).items;
    if (!topIdx.items.length) return undefined;
    const top = readDict(d, ...topIdx.items[0]);
    const csOff = top.get(17)?.[0];
    if (csOff === undefined) return undefined;
    const charStrings = readIndex(d, csOff).items;
    const numGlyphs = Math.min(charStrings.length, MAX_GLYPHS);
    const cidKeyed = top.has(1230);
    const fds = readFontDicts(d, top, numGlyphs, cidKeyed);
    if (!fds) return undefined;
    const ids = readCharset(d, top, numGlyphs, cidKeyed);
    if (!ids) return undefined;
    const names = cidKeyed ? new Map<string, number>() : glyphNames(d, ids, strIdx.items);
    const cids = cidKeyed ? new Map(ids.map((cid, g) => [cid, g])) : undefined;
    const width = (gid: number): number | undefined => {
      if (gid < 0 || gid >= numGlyphs) return undefined;
      const fd = fds.fdOf(gid);
      const priv = fds.privates[fd];
      if (!priv) return undefined;
      const w = charstringWidth(d, charStrings[gid], priv, gsubrs);
      if (w === undefined) return undefined;
      const units = w === null ? priv.dflt : priv.nominal + w;
      return units * (fds.matrices[fd] ?? 0.001) * 1000;
    };
    return { names, cids, numGlyphs, width };
  } catch {
    return undefined;
  }
}

function card16(d: Uint8Array, o: number): number {
  return (d[o] << 8) | d[o + 1];
}

/** An INDEX at `o`: its items' byte ranges and where it ends. Throws when it runs past the data. */
function readIndex(d: Uint8Array, o: number): { items: Range[]; end: number } {
  if (o + 2 > d.length) throw new RangeError('index');
  const count = card16(d, o);
  if (count === 0) return { items: [], end: o + 2 };
  const size = d[o + 2];
  const off = (i: number): number => {
    let v = 0;
    for (let k = 0; k < size; k++) v = v * 256 + d[o + 3 + i * size + k];
    return v;
  };
  const base = o + 3 + (count + 1) * size - 1;
  const items: Range[] = [];
  for (let i = 0; i < count; i++) items.push([base + off(i), base + off(i + 1)]);
  return { items, end: base + off(count) };
}

/** A DICT between `s` and `e`: operator (escaped ones as 1200 + second byte) → operands. */
function readDict(d: Uint8Array, s: number, e: number): Dict {
  const out: Dict = new Map();
  let ops: number[] = [];
  for (let i = s; i < e; ) {
    const b = d[i];
    if (b <= 21) {
      out.set(b === 12 ? 1200 + d[i + 1] : b, ops);
      ops = [];
      i += b === 12 ? 2 : 1;
    } else if (b === 28) {
      ops.push(((d[i + 1] << 24) >> 16) | d[i + 2]);
      i += 3;
    } else if (b === 29) {
      ops.push((d[i + 1] << 24) | (d[i + 2] << 16) | (d[i + 3] << 8) | d[i + 4]);
      i += 5;
    } else if (b === 30) {
      let str = '';
      i++;
      for (let done = false; i < e && !done; i++) {
        for (const nib of [d[i] >> 4, d[i] & 15]) {
          if (nib === 15) {
            done = true;
            break;
          }
          str +=
            nib < 10 ? String(nib) : nib === 10 ? '.' : nib === 11 ? 'E' : nib === 12 ? 'E-' : nib === 14 ? '-' : '';
        }
      }
      ops.push(Number(str) || 0);
    } else if (b >= 32 && b <= 246) {
      ops.push(b - 139);
      i++;
    } else if (b >= 247 && b <= 250) {
      ops.push((b - 247) * 256 + d[i + 1] + 108);
      i += 2;
    } else if (b >= 251 && b <= 254) {
      ops.push(-(b - 251) * 256 - d[i + 1] - 108);
      i += 2;
    } else i++;
  }
  return out;
}

/** The Private DICT a (size, offset) pair names. */
function readPrivate(d: Uint8Array, p: number[] | undefined): Private {
  if (!p || p.length < 2) return { dflt: 0, nominal: 0, subrs: [] };
  const [size, off] = p;
  const pd = readDict(d, off, off + size);
  const so = pd.get(19)?.[0];
  return {
    dflt: pd.get(20)?.[0] ?? 0,
    nominal: pd.get(21)?.[0] ?? 0,
    subrs: so !== undefined ? readIndex(d, off + so).items : [],
  };
}

/** The top DICT's Private DICT, or, CID-keyed, one per glyph through FDSelect and FDArray (each FD
 * with its own FontMatrix). Undefined when a CID-keyed program's FDSelect cannot be read. */
function readFontDicts(d: Uint8Array, top: Dict, numGlyphs: number, cidKeyed: boolean): FontDicts | undefined {
  const fontMatrix = top.get(1207) ?? [0.001];
  if (!cidKeyed) return { privates: [readPrivate(d, top.get(18))], matrices: [fontMatrix[0]], fdOf: () => 0 };
  const fdArr = top.get(1236)?.[0];
  const fdSel = top.get(1237)?.[0];
  if (fdArr === undefined || fdSel === undefined) return undefined;
  const fds = readIndex(d, fdArr).items.map(([s, e]) => readDict(d, s, e));
  const privates = fds.map((fd) => readPrivate(d, fd.get(18)));
  // a FontDICT's FontMatrix concatenates with the top one (which is usually 1000-unit identity-ish)
  const matrices = fds.map((fd) => (fd.get(1207)?.[0] ?? 0.001) * (fontMatrix[0] / 0.001));
  const fmt = d[fdSel];
  const sel = new Uint8Array(numGlyphs);
  if (fmt === 0) for (let g = 0; g < numGlyphs; g++) sel[g] = d[fdSel + 1 + g];
  else if (fmt === 3) {
    const n = card16(d, fdSel + 1);
    for (let r = 0; r < n; r++) {
      const first = card16(d, fdSel + 3 + 3 * r);
      const fd = d[fdSel + 5 + 3 * r];
      const next = card16(d, fdSel + 6 + 3 * r);
      for (let g = first; g < next && g < numGlyphs; g++) sel[g] = fd;
    }
  } else return undefined;
  return { privates, matrices, fdOf: (g) => sel[g] };
}

/** The charset: glyph id → SID (name-keyed) or CID (CID-keyed). Undefined for the predefined
 * ISOAdobe / Expert charsets of a name-keyed program, whose names are not read. */
function readCharset(d: Uint8Array, top: Dict, numGlyphs: number, cidKeyed: boolean): number[] | undefined {
  const charsetOff = top.get(15)?.[0] ?? 0;
  const ids: number[] = [0];
  if (charsetOff === 0) for (let g = 1; g < numGlyphs; g++) ids.push(g);
  else if (charsetOff > 2) {
    const fmt = d[charsetOff];
    let p = charsetOff + 1;
    if (fmt === 0) for (let g = 1; g < numGlyphs; g++, p += 2) ids.push(card16(d, p));
    else {
      while (ids.length < numGlyphs && p < d.length) {
        const first = card16(d, p);
        const left = fmt === 1 ? d[p + 2] : card16(d, p + 2);
        p += fmt === 1 ? 3 : 4;
        for (let k = 0; k <= left && ids.length < numGlyphs; k++) ids.push(first + k);
      }
    }
  } else if (!cidKeyed) {
    return undefined;
  }
  return ids;
}

/** Glyph name → first glyph id carrying it, the SIDs read through the standard strings and the String INDEX. */
function glyphNames(d: Uint8Array, sids: number[], strings: Range[]): Map<string, number> {
  const names = new Map<string, number>();
  sids.forEach((sid, g) => {
    let n: string | undefined;
    if (sid === 0) n = '.notdef';
    else if (sid < 391) n = CFF_STANDARD_STRINGS[sid];
    else {
      const it = strings[sid - 391];
      if (it) n = Buffer.from(d.subarray(it[0], it[1])).toString('latin1');
    }
    if (n !== undefined && !names.has(n)) names.set(n, g);
  });
  return names;
}

const subrBias = (n: number): number => (n < 1240 ? 107 : n < 33900 ? 1131 : 32768);

/**
 * The width operand of a Type 2 charstring: runs it (through its subroutines) until the first
 * stack-clearing operator; null when no width operand stood there (the default width applies),
 * undefined when the charstring cannot be followed.
 */
function charstringWidth(d: Uint8Array, cs: Range, priv: Private, gsubrs: Range[]): number | null | undefined {
  const stack: number[] = [];
  const run = (s: number, e: number, depth: number): number | null | 'return' | 'fail' => {
    for (let i = s; i < e; ) {
      const b = d[i];
      if (b === 28) {
        stack.push(((d[i + 1] << 24) >> 16) | d[i + 2]);
        i += 3;
        continue;
      }
      if (b >= 32 && b <= 246) {
        stack.push(b - 139);
        i++;
        continue;
      }
      if (b >= 247 && b <= 250) {
        stack.push((b - 247) * 256 + d[i + 1] + 108);
        i += 2;
        continue;
      }
      if (b >= 251 && b <= 254) {
        stack.push(-(b - 251) * 256 - d[i + 1] - 108);
        i += 2;
        continue;
      }
      if (b === 255) {
        stack.push(((d[i + 1] << 24) | (d[i + 2] << 16) | (d[i + 3] << 8) | d[i + 4]) / 65536);
        i += 5;
        continue;
      }
      i += b === 12 ? 2 : 1;
      switch (b) {
        case 1:
        case 3:
        case 18:
        case 23: // stem hints: pairs
          return stack.length % 2 ? stack[0] : null;
        case 19:
        case 20: // hintmask / cntrmask, implied vstem before
          return stack.length % 2 ? stack[0] : null;
        case 21:
          return stack.length > 2 ? stack[0] : null; // rmoveto
        case 22:
        case 4:
          return stack.length > 1 ? stack[0] : null; // hmoveto, vmoveto
        case 14:
          return stack.length === 1 || stack.length === 5 ? stack[0] : null; // endchar (seac form has 4)
        case 10:
        case 29: {
          // callsubr, callgsubr
          if (depth > MAX_SUBR_DEPTH) return 'fail';
          const subrs = b === 10 ? priv.subrs : gsubrs;
          const n = (stack.pop() ?? 0) + subrBias(subrs.length);
          const it = subrs[n];
          if (!it) return 'fail';
          const r = run(it[0], it[1], depth + 1);
          if (r !== 'return') return r;
          continue;
        }
        case 11:
          return 'return'; // back to the caller with the stack as it is
        default:
          return null; // any other operator clears the stack without a width
      }
    }
    return depth ? 'return' : 'fail';
  };
  const w = run(cs[0], cs[1], 0);
  return w === 'fail' || w === 'return' ? undefined : w;
}
