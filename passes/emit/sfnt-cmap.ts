// passes/emit/sfnt-cmap.ts — adds a (3,0) symbol cmap to a TrueType program (fontkit's subsetter
// writes none), so a simple TrueType font reaches its glyphs by one-byte codes: code c → 0xF000 + c
// (ISO 32000-1 §9.6.6.4), format 4 with one segment. The table directory is rebuilt with the new
// table, checksums and head.checkSumAdjustment recomputed (OpenType spec, "The Table Directory").

function checksum(b: Uint8Array): number {
  let sum = 0;
  const padded = b.length % 4 ? Buffer.concat([b, new Uint8Array(4 - (b.length % 4))]) : b;
  const v = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** A cmap with one (3,0) format 4 subtable: 0xF000 + i → glyphs[i]. */
export function symbolCmap(glyphs: readonly number[]): Uint8Array {
  const n = glyphs.length;
  const segCount = 2;
  const subLen = 16 + segCount * 8 + n * 2;
  const b = Buffer.alloc(4 + 8 + subLen);
  b.writeUInt16BE(0, 0); b.writeUInt16BE(1, 2); // version, numTables
  b.writeUInt16BE(3, 4); b.writeUInt16BE(0, 6); b.writeUInt32BE(12, 8); // (3,0) at 12
  let o = 12;
  b.writeUInt16BE(4, o); b.writeUInt16BE(subLen, o + 2); b.writeUInt16BE(0, o + 4);
  b.writeUInt16BE(segCount * 2, o + 6); b.writeUInt16BE(4, o + 8); b.writeUInt16BE(1, o + 10); b.writeUInt16BE(0, o + 12);
  o += 14;
  b.writeUInt16BE(0xf000 + n - 1, o); b.writeUInt16BE(0xffff, o + 2); o += 4; // endCode
  b.writeUInt16BE(0, o); o += 2; // reservedPad
  b.writeUInt16BE(0xf000, o); b.writeUInt16BE(0xffff, o + 2); o += 4; // startCode
  b.writeUInt16BE(0, o); b.writeUInt16BE(1, o + 2); o += 4; // idDelta
  b.writeUInt16BE(4, o); b.writeUInt16BE(0, o + 2); o += 4; // idRangeOffset: glyphIdArray follows
  for (const g of glyphs) { b.writeUInt16BE(g, o); o += 2; }
  return b;
}

/** The TrueType program with `cmap` replaced (or added). */
export function withCmap(font: Uint8Array, cmap: Uint8Array): Uint8Array {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = v.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < numTables; i++) {
    const r = 12 + i * 16;
    const tag = String.fromCharCode(font[r], font[r + 1], font[r + 2], font[r + 3]);
    const off = v.getUint32(r + 8);
    const len = v.getUint32(r + 12);
    tables.set(tag, font.subarray(off, off + len));
  }
  tables.set('cmap', cmap);
  const head = tables.get('head');
  if (head) { const h = Buffer.from(head); h.writeUInt32BE(0, 8); tables.set('head', h); }
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const dirLen = 12 + count * 16;
  let total = dirLen;
  for (const t of tags) total += (tables.get(t)!.length + 3) & ~3;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(v.getUint32(0), 0);
  out.writeUInt16BE(count, 4); out.writeUInt16BE(searchRange, 6); out.writeUInt16BE(entrySelector, 8); out.writeUInt16BE(count * 16 - searchRange, 10);
  let off = dirLen;
  let headOff = -1;
  tags.forEach((t, i) => {
    const data = tables.get(t)!;
    const r = 12 + i * 16;
    out.write(t, r, 'latin1');
    out.writeUInt32BE(checksum(data), r + 4);
    out.writeUInt32BE(off, r + 8);
    out.writeUInt32BE(data.length, r + 12);
    out.set(data, off);
    if (t === 'head') headOff = off;
    off += (data.length + 3) & ~3;
  });
  if (headOff >= 0) out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headOff + 8);
  return out;
}
