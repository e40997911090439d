// engines/fonts/mark-skip.ts — shaping plain Latin without decoding the font's mark positioning.
// fontkit decodes every GPOS lookup of the features its shaper plans on the first layout, `mark` and
// `mkmk` included, and restructure reads each mark-to-base lookup whole (an anchor per mark class per
// base glyph): for Noto Sans that was ~90 ms of a fresh process's ~100 ms first layout (bench/README.md,
// "Start-up, sixth wave"), for text that has no mark to place. Here the font's GPOS is read from its
// bytes once: when every lookup of `mark` and `mkmk` attaches marks (types 4, 5, 6, or extensions of
// them), those lookups act only at a glyph their first coverage lists. Plain Latin is shaped with the
// two features off, and the run is kept when none of its glyphs is in those coverages — the lookups
// would have changed nothing — else it is shaped again with the defaults. Glyphs and advances are
// fontkit's with its default features either way (mark-skip.test.ts).
import type { Font, GlyphRun } from 'fontkit';
import { type LaidOut, pairLayout } from './gpos-pairs.js';

/** Plain Latin and common punctuation, one UTF-16 unit at a time: no marks, no complex scripts, no surrogates. */
export function plainUnit(cp: number): boolean {
  return (
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0x24f) ||
    (cp >= 0x2010 && cp <= 0x2027) ||
    (cp >= 0x2030 && cp <= 0x205e) ||
    cp === 0x20ac
  );
}

/** Per font: glyphs a mark or mkmk lookup can act at (a bitmap by glyph id), or null when the shortcut is not sound. */
const marksOf = new WeakMap<Font, Uint8Array | null>();

/**
 * `text` laid out as `font.layout(text)` lays it out: plain Latin from the font's bytes where
 * gpos-pairs.ts follows every lookup that acts on it (no fontkit layout at all), else by fontkit
 * without decoding mark lookups where they cannot act.
 */
export function layoutDefault(font: Font, text: string): GlyphRun | LaidOut {
  const read = pairLayout(font, text);
  if (read) return read;
  let marks = marksOf.get(font);
  if (marks === undefined) {
    marks = markGlyphs(font);
    marksOf.set(font, marks);
  }
  if (marks === null) return font.layout(text);
  for (let i = 0; i < text.length; i++) if (!plainUnit(text.charCodeAt(i))) return font.layout(text);
  // a fresh object each time: fontkit writes its plan's features into the one it is given
  const run = font.layout(text, { mark: false, mkmk: false });
  for (const g of run.glyphs) if (g.id < marks.length && marks[g.id]) return font.layout(text);
  return run;
}

/** The raw bytes of one sfnt table: undefined when the font has none, null when they cannot be read. */
function tableBytes(font: Font, tag: string): DataView | undefined | null {
  const tables = (font as unknown as { directory?: { tables?: Record<string, { offset: number; length: number }> } })
    .directory?.tables;
  if (!tables) return null;
  const entry = tables[tag];
  if (!entry) return undefined;
  const buf = (font as unknown as { stream?: { buffer?: Uint8Array } }).stream?.buffer;
  if (!buf || entry.offset + entry.length > buf.length) return null;
  return new DataView(buf.buffer, buf.byteOffset + entry.offset, entry.length);
}

/** Feature records of a GSUB/GPOS table tagged `mark` or `mkmk`: their lookup indices, or null when unreadable. */
function markFeatureLookups(t: DataView): number[] | null {
  if (t.byteLength < 10) return null;
  const major = t.getUint16(0);
  const minor = t.getUint16(2);
  if (major !== 1 || minor > 1) return null;
  // feature variations can swap a feature's lookups: not read here
  if (minor === 1 && (t.byteLength < 14 || t.getUint32(10) !== 0)) return null;
  const fl = t.getUint16(6);
  if (fl === 0) return [];
  if (fl + 2 > t.byteLength) return null;
  const n = t.getUint16(fl);
  if (fl + 2 + n * 6 > t.byteLength) return null;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = fl + 2 + i * 6;
    const tag = String.fromCharCode(t.getUint8(r), t.getUint8(r + 1), t.getUint8(r + 2), t.getUint8(r + 3));
    if (tag !== 'mark' && tag !== 'mkmk') continue;
    const f = fl + t.getUint16(r + 4);
    if (f + 4 > t.byteLength) return null;
    const count = t.getUint16(f + 2);
    if (f + 4 + count * 2 > t.byteLength) return null;
    for (let k = 0; k < count; k++) out.push(t.getUint16(f + 4 + k * 2));
  }
  return out;
}

/** Adds a coverage table's glyphs to `into`; false when it does not read. */
function addCoverage(t: DataView, at: number, into: Uint8Array): boolean {
  if (at + 4 > t.byteLength) return false;
  const format = t.getUint16(at);
  const n = t.getUint16(at + 2);
  if (format === 1) {
    if (at + 4 + n * 2 > t.byteLength) return false;
    for (let i = 0; i < n; i++) {
      const g = t.getUint16(at + 4 + i * 2);
      if (g < into.length) into[g] = 1;
    }
    return true;
  }
  if (format === 2) {
    if (at + 4 + n * 6 > t.byteLength) return false;
    for (let i = 0; i < n; i++) {
      const r = at + 4 + i * 6;
      const end = Math.min(t.getUint16(r + 2), into.length - 1);
      for (let g = t.getUint16(r); g <= end; g++) into[g] = 1;
    }
    return true;
  }
  return false;
}

/**
 * The glyphs at which the font's `mark` and `mkmk` GPOS lookups can act (their mark coverages), or
 * null when the shortcut would not be sound: a lookup of another type under those features, GSUB
 * features by those names, feature variations, or anything that does not read.
 */
export function markGlyphs(font: Font): Uint8Array | null {
  try {
    const gsub = tableBytes(font, 'GSUB');
    if (gsub === null) return null;
    if (gsub) {
      const l = markFeatureLookups(gsub);
      if (l === null || l.length > 0) return null;
    }
    const into = new Uint8Array(font.numGlyphs);
    const t = tableBytes(font, 'GPOS');
    if (t === null) return null;
    if (!t) return into;
    const lookups = markFeatureLookups(t);
    if (lookups === null) return null;
    const ll = t.getUint16(8);
    if (lookups.length === 0) return into;
    if (ll === 0 || ll + 2 > t.byteLength) return null;
    const count = t.getUint16(ll);
    for (const index of lookups) {
      if (index >= count || ll + 2 + index * 2 + 2 > t.byteLength) return null;
      const lk = ll + t.getUint16(ll + 2 + index * 2);
      if (lk + 6 > t.byteLength) return null;
      const type = t.getUint16(lk);
      const subtables = t.getUint16(lk + 4);
      if (lk + 6 + subtables * 2 > t.byteLength) return null;
      for (let s = 0; s < subtables; s++) {
        let st = lk + t.getUint16(lk + 6 + s * 2);
        let kind = type;
        if (type === 9) {
          if (st + 8 > t.byteLength || t.getUint16(st) !== 1) return null;
          kind = t.getUint16(st + 2);
          st += t.getUint32(st + 4);
        }
        // MarkBasePos, MarkLigPos, MarkMarkPos format 1: the mark (mark1) coverage first
        if (kind < 4 || kind > 6) return null;
        if (st + 4 > t.byteLength || t.getUint16(st) !== 1) return null;
        if (!addCoverage(t, st + t.getUint16(st + 2), into)) return null;
      }
    }
    return into;
  } catch {
    return null;
  }
}
