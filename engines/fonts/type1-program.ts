// engines/fonts/type1-program.ts — reading and subsetting a Type 1 font program (Adobe Type 1 Font
// Format, 1990): PFB segments or PFA hex, the cleartext dictionary (FontName, FontBBox, FontMatrix,
// Encoding), the eexec-encrypted private part, its CharStrings with their widths (hsbw/sbw), and a
// subset that keeps only the charstrings drawn, re-encrypted, for FontFile (Length1/2/3).

/** eexec and charstring encryption keys (Type 1 Font Format §7). */
const EEXEC_KEY = 55665;
const CHARSTRING_KEY = 4330;
const C1 = 52845;
const C2 = 22719;

export interface Type1Program {
  fontName: string;
  bbox: [number, number, number, number];
  /** Glyph-space units per em, from FontMatrix (1000 for the usual 0.001). */
  unitsPerEm: number;
  italicAngle: number;
  fixedPitch: boolean;
  /** The font's own encoding: code → glyph name ('' where none); StandardEncoding reads as undefined. */
  builtinEncoding?: string[];
  /** Glyph name → advance (hsbw/sbw wx). */
  widths: Map<string, number>;
  /** The three parts as FontFile wants them: cleartext, binary (encrypted), and the trailer. */
  clear: Uint8Array;
  binary: Uint8Array;
  trailer: Uint8Array;
  /** The decrypted private part (for subsetting), and where each charstring entry sits in it. */
  plain: Uint8Array;
  charStrings: { name: string; start: number; end: number; seac: boolean }[];
  /** Offset in `plain` of the count before "dict dup begin" of CharStrings, and its text. */
  countAt: { start: number; end: number };
}

function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, data.length - skip));
  let r = key;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    const p = c ^ (r >> 8);
    r = ((c + r) * C1 + C2) & 0xffff;
    if (i >= skip) out[i - skip] = p;
  }
  return out;
}

function encrypt(plain: Uint8Array, key: number): Uint8Array {
  const out = new Uint8Array(plain.length);
  let r = key;
  for (let i = 0; i < plain.length; i++) {
    const c = plain[i] ^ (r >> 8);
    r = ((c + r) * C1 + C2) & 0xffff;
    out[i] = c;
  }
  return out;
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

/** Splits a PFB or PFA file into cleartext, binary eexec part and trailer. */
function split(bytes: Uint8Array): { clear: Uint8Array; binary: Uint8Array; trailer: Uint8Array } {
  if (bytes[0] === 0x80) {
    const parts: Uint8Array[][] = [[], [], []];
    let pos = 0;
    let stage = 0;
    while (pos + 2 <= bytes.length && bytes[pos] === 0x80) {
      const type = bytes[pos + 1];
      if (type === 3) break;
      if (pos + 6 > bytes.length) throw new Error('a PFB segment header is cut short');
      const len = bytes[pos + 2] | (bytes[pos + 3] << 8) | (bytes[pos + 4] << 16) | (bytes[pos + 5] << 24);
      const seg = bytes.subarray(pos + 6, pos + 6 + len);
      if (seg.length !== len || len < 0) throw new Error('a PFB segment runs past the end of the file');
      if (type === 2) stage = Math.max(stage, 1);
      else if (stage === 1) stage = 2;
      parts[stage].push(seg);
      pos += 6 + len;
    }
    const cat = (a: Uint8Array[]) => Buffer.concat(a);
    if (!parts[1].length) throw new Error('the PFB file has no binary segment');
    return { clear: cat(parts[0]), binary: cat(parts[1]), trailer: cat(parts[2]) };
  }
  const text = latin1(bytes);
  if (!text.startsWith('%!')) throw new Error('it starts neither with a PFB segment nor with %!');
  const m = /currentfile\s+eexec\s*/.exec(text);
  if (!m) throw new Error('it has no eexec section');
  const clearEnd = m.index + m[0].length;
  const rest = text.slice(clearEnd);
  if (!/^[0-9A-Fa-f]{4}/.test(rest)) {
    // Binary eexec after cleartext (the ".t1" layout): the trailer is the run of zeros before the last cleartomark.
    const mark = rest.lastIndexOf('cleartomark');
    let t = mark < 0 ? rest.length : mark;
    while (t > 0 && /[0\s]/.test(rest[t - 1])) t--;
    return {
      clear: bytes.subarray(0, clearEnd),
      binary: bytes.subarray(clearEnd, clearEnd + t),
      trailer: bytes.subarray(clearEnd + t),
    };
  }
  const stop = rest.search(/0{64}|cleartomark/);
  const hex = (stop < 0 ? rest : rest.slice(0, stop)).replace(/\s+/g, '');
  if (!/^[0-9A-Fa-f]*$/.test(hex) || hex.length < 8) throw new Error('the eexec section is not hexadecimal');
  return {
    clear: bytes.subarray(0, clearEnd),
    binary: Buffer.from(hex.length % 2 ? hex.slice(0, -1) : hex, 'hex'),
    trailer: Buffer.from(stop < 0 ? '' : rest.slice(stop), 'latin1'),
  };
}

function numbers(s: string | undefined): number[] {
  return (s ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** The width of a charstring: the wx operand of its hsbw (13) or sbw (12 7). */
function charStringWidth(cs: Uint8Array): number | undefined {
  const stack: number[] = [];
  for (let i = 0; i < cs.length; ) {
    const v = cs[i++];
    if (v >= 32) {
      if (v <= 246) stack.push(v - 139);
      else if (v <= 250) stack.push((v - 247) * 256 + cs[i++] + 108);
      else if (v <= 254) stack.push(-(v - 251) * 256 - cs[i++] - 108);
      else {
        stack.push((cs[i] << 24) | (cs[i + 1] << 16) | (cs[i + 2] << 8) | cs[i + 3]);
        i += 4;
      }
      continue;
    }
    if (v === 13) return stack[1];
    if (v === 12 && cs[i] === 7) return stack[2];
    if (v === 12 && cs[i] === 12) {
      i++;
      const b = stack.pop()!,
        a = stack.pop()!;
      stack.push(a / b);
      continue;
    }
    return undefined;
  }
  return undefined;
}

/** Whether a charstring builds itself from two others (seac, 12 6): its components must stay in a subset. */
function usesSeac(cs: Uint8Array): boolean {
  for (let i = 0; i < cs.length; ) {
    const v = cs[i++];
    if (v >= 32) {
      i += v <= 246 ? 0 : v <= 254 ? 1 : 4;
      continue;
    }
    if (v === 12) {
      if (cs[i] === 6) return true;
      i++;
    }
  }
  return false;
}

/** Reads a Type 1 program. Throws with a short reason when the bytes are not one. */
export function readType1(bytes: Uint8Array): Type1Program {
  const { clear, binary, trailer } = split(bytes);
  const head = latin1(clear);
  if (!/\/FontType\s+1\b/.test(head) && !head.startsWith('%!PS-AdobeFont') && !head.startsWith('%!FontType1'))
    throw new Error('its dictionary does not say FontType 1');
  const fontName = /\/FontName\s*\/([^\s/[\]{}()<>]+)/.exec(head)?.[1];
  if (!fontName) throw new Error('it names no FontName');
  const bbox = numbers(/\/FontBBox\s*[{[]([^}\]]*)[}\]]/.exec(head)?.[1]);
  const matrix = numbers(/\/FontMatrix\s*\[([^\]]*)\]/.exec(head)?.[1]);
  let builtinEncoding: string[] | undefined;
  if (!/\/Encoding\s+StandardEncoding/.test(head)) {
    builtinEncoding = new Array(256).fill('');
    for (const m of head.matchAll(/dup\s+(\d+)\s*\/([^\s/[\]{}()<>]+)\s+put/g))
      if (+m[1] < 256) builtinEncoding[+m[1]] = m[2];
  }
  const plain = decrypt(binary, EEXEC_KEY, 4);
  const text = latin1(plain);
  const lenIV = Number(/\/lenIV\s+(-?\d+)/.exec(text)?.[1] ?? 4);
  const csm = /\/CharStrings\s+(\d+)\s+dict\s+dup\s+begin/.exec(text);
  if (!csm) throw new Error('its private part has no CharStrings');
  const countStart = csm.index + csm[0].indexOf(csm[1], '/CharStrings'.length);
  const widths = new Map<string, number>();
  const charStrings: Type1Program['charStrings'] = [];
  const entry = /\s*\/([^\s/[\]{}()<>]+)\s+(\d+)\s+\S+\s/y;
  let pos = csm.index + csm[0].length;
  for (;;) {
    entry.lastIndex = pos;
    const m = entry.exec(text);
    if (!m) break;
    const len = Number(m[2]);
    const dataStart = entry.lastIndex;
    if (dataStart + len > plain.length) throw new Error('a charstring runs past the end of the private part');
    const cs =
      lenIV >= 0
        ? decrypt(plain.subarray(dataStart, dataStart + len), CHARSTRING_KEY, lenIV)
        : plain.subarray(dataStart, dataStart + len);
    const w = charStringWidth(cs);
    if (w !== undefined) widths.set(m[1], w);
    // The entry ends with its ND / |- token.
    const after = /\s*\S+/y;
    after.lastIndex = dataStart + len;
    after.exec(text);
    charStrings.push({ name: m[1], start: pos, end: after.lastIndex, seac: usesSeac(cs) });
    pos = after.lastIndex;
  }
  if (!charStrings.length) throw new Error('its CharStrings hold no glyph');
  const a = matrix.length === 6 && matrix[0] ? matrix[0] : 0.001;
  return {
    fontName,
    bbox: bbox.length === 4 ? [bbox[0], bbox[1], bbox[2], bbox[3]] : [0, 0, 1000, 1000],
    unitsPerEm: 1 / a,
    italicAngle: Number(/\/ItalicAngle\s+(-?[\d.]+)/.exec(head)?.[1] ?? 0),
    fixedPitch: /\/isFixedPitch\s+true/.test(head),
    builtinEncoding,
    widths,
    clear,
    binary,
    trailer,
    plain,
    charStrings,
    countAt: { start: countStart, end: countStart + csm[1].length },
  };
}

/** The trailer FontFile wants when the file carried none: 512 zeros and cleartomark. */
const DEFAULT_TRAILER = Buffer.from(('0'.repeat(64) + '\n').repeat(8) + 'cleartomark\n', 'latin1');

/**
 * The program with only the glyphs named kept (.notdef always; everything when a kept glyph is built
 * with seac), FontName renamed to `newName`. Returns the three FontFile parts and the glyph names kept.
 */
export function subsetType1(
  p: Type1Program,
  keep: ReadonlySet<string>,
  newName: string,
): { clear: Uint8Array; binary: Uint8Array; trailer: Uint8Array; names: string[] } {
  const kept = p.charStrings.filter((c) => c.name === '.notdef' || keep.has(c.name));
  const all = kept.some((c) => c.seac);
  const chosen = all ? p.charStrings : kept;
  const first = p.charStrings[0].start;
  const last = p.charStrings[p.charStrings.length - 1].end;
  const parts: Uint8Array[] = [
    Buffer.from([0, 0, 0, 0]),
    p.plain.subarray(0, p.countAt.start),
    Buffer.from(String(chosen.length), 'latin1'),
    p.plain.subarray(p.countAt.end, first),
    ...chosen.map((c) => p.plain.subarray(c.start, c.end)),
    p.plain.subarray(last),
  ];
  const binary = encrypt(Buffer.concat(parts), EEXEC_KEY);
  const clear = Buffer.from(latin1(p.clear).replace(/(\/FontName\s*\/)[^\s/[\]{}()<>]+/, `$1${newName}`), 'latin1');
  return { clear, binary, trailer: p.trailer.length ? p.trailer : DEFAULT_TRAILER, names: chosen.map((c) => c.name) };
}
