// engines/pdf/truetype-subset.ts — a TrueType subset that keeps glyph ids: every glyph outside the
// set (and the components its composite glyphs use) is emptied, so CIDs stay the face's own glyph
// ids and the CIDToGIDMap is /Identity. It copies tables instead of decoding and re-encoding every
// outline as fontkit's subsetter does: ~0.3 ms instead of 5–25 ms for 80 glyphs
// (../shared/notes/fast-layout.md §2, "Subsetting"; typst's subsetter 0.1, hb-subset RETAIN_GIDS).
// Tables kept: those ISO 32000-1 §9.9 lists for FontFile2 in a CIDFont (head, hhea, loca, maxp, cvt ,
// prep, glyf, hmtx, fpgm); hmtx entries of emptied glyphs are zeroed so they compress away.
import { readTables, writeSfnt } from './sfnt.js';

const KEPT_TABLES = ['head', 'hhea', 'maxp', 'hmtx', 'cvt ', 'fpgm', 'prep'];

/** Composite glyph flags (OpenType glyf table). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The program keeping `gids` (plus .notdef and composite components), glyph ids unchanged. Throws on a damaged file. */
export function retainGidSubset(font: Uint8Array, gids: Iterable<number>): { program: Uint8Array; kept: Set<number> } {
  const { version, tables } = readTables(font);
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  if (!head || !maxp || !loca || !glyf || !hhea || !hmtx) throw new Error('it lacks a table TrueType outlines need');
  const hv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const longLoca = hv.getInt16(50) === 1;
  const numGlyphs = new DataView(maxp.buffer, maxp.byteOffset, maxp.byteLength).getUint16(4);
  const lv = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const at = (g: number) => (longLoca ? lv.getUint32(g * 4) : lv.getUint16(g * 2) * 2);
  if (loca.length < (numGlyphs + 1) * (longLoca ? 4 : 2)) throw new Error('the loca table is cut short');
  const gv = new DataView(glyf.buffer, glyf.byteOffset, glyf.byteLength);

  const kept = new Set<number>();
  const todo = [0, ...gids];
  while (todo.length) {
    const g = todo.pop()!;
    if (g >= numGlyphs || kept.has(g)) continue;
    kept.add(g);
    const start = at(g);
    const end = at(g + 1);
    if (end <= start) continue;
    if (end > glyf.length) throw new Error(`glyph ${g} runs past the end of the glyf table`);
    if (gv.getInt16(start) >= 0) continue;
    // Composite: walk its components (OpenType glyf, "Composite Glyph Description").
    let p = start + 10;
    for (;;) {
      if (p + 4 > end) throw new Error(`glyph ${g} has a damaged component list`);
      const flags = gv.getUint16(p);
      todo.push(gv.getUint16(p + 2));
      p += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) p += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) p += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) p += 8;
      if (!(flags & MORE_COMPONENTS)) break;
    }
  }

  // New glyf and long loca: kept glyphs copied (4-byte aligned), the others empty.
  const sorted = [...kept].sort((a, b) => a - b);
  let size = 0;
  for (const g of sorted) size += (Math.max(0, at(g + 1) - at(g)) + 3) & ~3;
  const newGlyf = new Uint8Array(size);
  // DataView, not Buffer's writeUInt32BE: a fresh process runs this loop once per glyph of the face
  // before it is optimised, and Buffer's checked writes cost ~5 µs each there (bench/README.md, "Start-up, sixth wave")
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const nl = new DataView(newLoca.buffer);
  let off = 0;
  for (let g = 0; g < numGlyphs; g++) {
    nl.setUint32(g * 4, off);
    if (!kept.has(g)) continue;
    const data = glyf.subarray(at(g), Math.max(at(g), at(g + 1)));
    newGlyf.set(data, off);
    off += (data.length + 3) & ~3;
  }
  nl.setUint32(numGlyphs * 4, off);

  const out = new Map<string, Uint8Array>();
  for (const t of KEPT_TABLES) {
    const data = tables.get(t);
    if (data) out.set(t, data);
  }
  const newHead = Buffer.from(head);
  newHead.writeInt16BE(1, 50); // indexToLocFormat: long
  out.set('head', newHead);
  // hmtx: advances and bearings of emptied glyphs zeroed (the W array states widths; zeros compress).
  const numberOfHMetrics = new DataView(hhea.buffer, hhea.byteOffset, hhea.byteLength).getUint16(34);
  const newHmtx = Buffer.from(hmtx);
  for (let g = 0; g < numGlyphs; g++) {
    if (kept.has(g)) continue;
    if (g < numberOfHMetrics) {
      if (g * 4 + 4 <= newHmtx.length) for (let i = g * 4; i < g * 4 + 4; i++) newHmtx[i] = 0;
    } else {
      const o = numberOfHMetrics * 4 + (g - numberOfHMetrics) * 2;
      if (o + 2 <= newHmtx.length) newHmtx[o] = newHmtx[o + 1] = 0;
    }
  }
  out.set('hmtx', newHmtx);
  out.set('loca', newLoca);
  out.set('glyf', newGlyf);
  return { program: writeSfnt(version, out), kept };
}
