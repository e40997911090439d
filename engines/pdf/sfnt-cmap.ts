// engines/pdf/sfnt-cmap.ts — adds a (3,0) symbol cmap to a TrueType program (fontkit's subsetter
// writes none), so a simple TrueType font reaches its glyphs by one-byte codes: code c → 0xF000 + c
// (ISO 32000-1 §9.6.6.4), format 4 with one segment. The table directory is rebuilt with the new
// table, checksums and head.checkSumAdjustment recomputed (engines/pdf/sfnt.ts).
import { readTables, writeSfnt } from './sfnt.js';

/** A cmap with one (3,0) format 4 subtable: 0xF000 + i → glyphs[i]. */
export function symbolCmap(glyphs: readonly number[]): Uint8Array {
  const n = glyphs.length;
  const segCount = 2;
  const subLen = 16 + segCount * 8 + n * 2;
  const b = Buffer.alloc(4 + 8 + subLen);
  b.writeUInt16BE(0, 0);
  b.writeUInt16BE(1, 2); // version, numTables
  b.writeUInt16BE(3, 4);
  b.writeUInt16BE(0, 6);
  b.writeUInt32BE(12, 8); // (3,0) at 12
  let o = 12;
  b.writeUInt16BE(4, o);
  b.writeUInt16BE(subLen, o + 2);
  b.writeUInt16BE(0, o + 4);
  b.writeUInt16BE(segCount * 2, o + 6);
  b.writeUInt16BE(4, o + 8);
  b.writeUInt16BE(1, o + 10);
  b.writeUInt16BE(0, o + 12);
  o += 14;
  b.writeUInt16BE(0xf000 + n - 1, o);
  b.writeUInt16BE(0xffff, o + 2);
  o += 4; // endCode
  b.writeUInt16BE(0, o);
  o += 2; // reservedPad
  b.writeUInt16BE(0xf000, o);
  b.writeUInt16BE(0xffff, o + 2);
  o += 4; // startCode
  b.writeUInt16BE(0, o);
  b.writeUInt16BE(1, o + 2);
  o += 4; // idDelta
  b.writeUInt16BE(4, o);
  b.writeUInt16BE(0, o + 2);
  o += 4; // idRangeOffset: glyphIdArray follows
  for (const g of glyphs) {
    b.writeUInt16BE(g, o);
    o += 2;
  }
  return b;
}

/** The TrueType program with `cmap` replaced (or added). */
export function withCmap(font: Uint8Array, cmap: Uint8Array): Uint8Array {
  const { version, tables } = readTables(font);
  tables.set('cmap', cmap);
  return writeSfnt(version, tables);
}
