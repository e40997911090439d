// engines/fonts/cmap-reverse.ts — the characters a font's own Unicode cmap gives a glyph, read from the
// font file's bytes with every loop bounded. Dedupe gives a glyph that only continues a cluster one of
// them as its ToUnicode entry (passes/dedupe), and the verifier compares a ToUnicode entry with them
// (verifier/checks/tounicode-cmap.ts). fontkit's `characterSet` lists every code point of every range
// in an array: a damaged range end (one flipped byte in a format 12 group) asks it for billions of
// entries, and V8 ends the process when the heap runs out, which no try/catch sees.

/** Code points visited in a format 4 table at most (a damaged segment count times 65 536 otherwise). */
export const CMAP_MAX_VISITS = 0x110000;
/** Characters kept per glyph: enough to judge a glyph mapped from several (A and Greek Alpha). */
export const CMAP_MAX_PER_GLYPH = 8;
const MAX_CODE_POINT = 0x10ffff;

/**
 * The Unicode characters the font's cmap maps to each wanted glyph (ascending within each range walk,
 * at most CMAP_MAX_PER_GLYPH each), from the subtable fontkit itself uses: (3,10), (0,6), (0,4),
 * (3,1), (0,3), (0,2), (0,1), (0,0) in that order of preference. A glyph absent from the answer has
 * no character; a file or table that does not read gives an empty answer, never an exception.
 */
export function cmapCharacters(bytes: Uint8Array, wanted: Iterable<number>): Map<number, number[]> {
  const want = new Set(wanted);
  const out = new Map<number, number[]>();
  if (!want.size) return out;
  try {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const sub = unicodeSubtable(v);
    if (sub < 0) return out;
    const add = (g: number, cp: number) => {
      if (!want.has(g) || cp > MAX_CODE_POINT) return;
      const have = out.get(g);
      if (!have) out.set(g, [cp]);
      else if (have.length < CMAP_MAX_PER_GLYPH && !have.includes(cp)) have.push(cp);
    };
    const format = v.getUint16(sub);
    if (format === 4) format4(v, sub, add);
    else if (format === 12 || format === 13) format12(v, sub, format, want, add);
    else if (format === 0) for (let c = 0; c < 256; c++) add(v.getUint8(sub + 6 + c), c);
    else if (format === 6) {
      const first = v.getUint16(sub + 6);
      const count = Math.min(v.getUint16(sub + 8), (v.byteLength - sub - 10) >> 1);
      for (let i = 0; i < count; i++) add(v.getUint16(sub + 10 + 2 * i), first + i);
    }
  } catch {
    // A table running past the end of the file: what was read so far stands.
  }
  return out;
}

const PREFERRED: [number, number][] = [
  [3, 10],
  [0, 6],
  [0, 4],
  [3, 1],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
];

/** Offset of the preferred Unicode subtable, or -1. */
function unicodeSubtable(v: DataView): number {
  const numTables = v.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < numTables && 12 + i * 16 + 16 <= v.byteLength; i++) {
    const r = 12 + i * 16;
    if (v.getUint32(r) === 0x636d6170) cmap = v.getUint32(r + 8); // 'cmap'
  }
  if (cmap < 0 || cmap + 4 > v.byteLength) return -1;
  const count = Math.min(v.getUint16(cmap + 2), (v.byteLength - cmap - 4) >> 3);
  const found = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const r = cmap + 4 + i * 8;
    found.set(`${v.getUint16(r)},${v.getUint16(r + 2)}`, cmap + v.getUint32(r + 4));
  }
  for (const [p, e] of PREFERRED) {
    const at = found.get(`${p},${e}`);
    if (at !== undefined && at + 2 <= v.byteLength) return at;
  }
  return -1;
}

function format4(v: DataView, sub: number, add: (g: number, cp: number) => void): void {
  const segX2 = v.getUint16(sub + 6) & ~1;
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const offsets = deltas + segX2;
  let visits = 0;
  for (let s = 0; s < segX2; s += 2) {
    const end = v.getUint16(ends + s);
    const start = v.getUint16(starts + s);
    const delta = v.getUint16(deltas + s);
    const ro = v.getUint16(offsets + s);
    for (let c = start; c <= end; c++) {
      if (++visits > CMAP_MAX_VISITS) return;
      let g: number;
      if (ro === 0) g = (c + delta) & 0xffff;
      else {
        const at = offsets + s + ro + 2 * (c - start);
        if (at + 2 > v.byteLength) break;
        g = v.getUint16(at);
        if (g !== 0) g = (g + delta) & 0xffff;
      }
      if (g !== 0) add(g, c);
    }
  }
}

function format12(
  v: DataView,
  sub: number,
  format: number,
  want: Set<number>,
  add: (g: number, cp: number) => void,
): void {
  const groups = Math.min(v.getUint32(sub + 12), Math.floor((v.byteLength - sub - 16) / 12));
  for (let i = 0; i < groups; i++) {
    const r = sub + 16 + i * 12;
    const start = v.getUint32(r);
    const end = v.getUint32(r + 4);
    const first = v.getUint32(r + 8);
    if (end < start || start > MAX_CODE_POINT) continue;
    if (format === 13) {
      if (want.has(first)) add(first, start);
      continue;
    }
    // Each wanted glyph this group reaches: one character (glyph ids rise with the code points). The
    // shorter of the group and the wanted glyphs is walked.
    const span = Math.min(end, MAX_CODE_POINT) - start;
    if (span < want.size) {
      for (let k = 0; k <= span; k++) add(first + k, start + k);
    } else for (const g of want) if (g >= first && g - first <= span) add(g, start + (g - first));
  }
}
