// engines/pdf/sfnt.ts — reading and writing the table directory of an sfnt (TrueType/OpenType)
// file: tables by tag, and a file rebuilt from tables with checksums and head.checkSumAdjustment
// recomputed (OpenType spec, "The Table Directory"). Used by the glyph-id-keeping TrueType subsetter
// and by the simple-font cmap writer.

export function checksum(b: Uint8Array): number {
  let sum = 0;
  const whole = b.length & ~3;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < whole; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  if (whole < b.length) {
    let last = 0;
    for (let i = whole; i < whole + 4; i++) last = (last << 8) | (i < b.length ? b[i] : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** The tables of an sfnt file by tag (views into `font`), and its sfnt version. Throws on a cut directory. */
export function readTables(font: Uint8Array): { version: number; tables: Map<string, Uint8Array> } {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = v.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < numTables; i++) {
    const r = 12 + i * 16;
    const tag = String.fromCharCode(font[r], font[r + 1], font[r + 2], font[r + 3]);
    const off = v.getUint32(r + 8);
    const len = v.getUint32(r + 12);
    if (off + len > font.length) throw new Error(`the ${tag} table runs past the end of the file`);
    tables.set(tag, font.subarray(off, off + len));
  }
  return { version: v.getUint32(0), tables };
}

/** An sfnt file from tables (sorted by tag, 4-byte aligned), head.checkSumAdjustment set. */
export function writeSfnt(version: number, tables: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const dirLen = 12 + count * 16;
  let total = dirLen;
  for (const t of tags) total += (tables.get(t)!.length + 3) & ~3;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(version, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(count * 16 - searchRange, 10);
  let off = dirLen;
  let headOff = -1;
  // the file's checksum is the directory's plus each table's (tables start 4-byte aligned, padded
  // with zeros): summed as they are written rather than read again over the whole file
  let sum = 0;
  tags.forEach((t, i) => {
    let data = tables.get(t)!;
    if (t === 'head') {
      const h = Buffer.from(data);
      h.writeUInt32BE(0, 8);
      data = h;
      headOff = off;
    }
    const r = 12 + i * 16;
    const tableSum = checksum(data);
    sum = (sum + tableSum) >>> 0;
    out.write(t, r, 'latin1');
    out.writeUInt32BE(tableSum, r + 4);
    out.writeUInt32BE(off, r + 8);
    out.writeUInt32BE(data.length, r + 12);
    out.set(data, off);
    off += (data.length + 3) & ~3;
  });
  sum = (sum + checksum(out.subarray(0, dirLen))) >>> 0;
  if (headOff >= 0) out.writeUInt32BE((0xb1b0afba - sum) >>> 0, headOff + 8);
  return out;
}
