// engines/fonts/post-header.ts — a face's `post` table as fontkit decodes it, with its glyph names
// decoded only when something asks for them. What quire reads of `post` is its header (italic angle,
// underline, fixed pitch); fontkit decodes the whole table on the first of those reads, and a version 2
// table names every glyph: ~3 000 strings for Noto Sans, 30–90 ms of a fresh process (bench/README.md,
// "Start-up, sixth wave"). The header is read here from the bytes, exactly as restructure reads it, and
// the object put where fontkit keeps its decoded tables; the names, when asked, are fontkit's own
// decoding. Only where fontkit's decoding would succeed (versions 2 and 3, every byte it reads inside
// the file); anything else is left to fontkit as before (post-header.test.ts compares the two).
import type { Font } from 'fontkit';

interface FontInternals {
  _tables?: Record<string, unknown>;
  _decodeTable?(entry: unknown): unknown;
  directory?: { tables?: Record<string, { offset: number; length: number }> };
  stream?: { buffer?: Uint8Array };
}

/** Puts a lazily completed `post` table in fontkit's table cache, when it can be read exactly. */
export function primePost(font: Font): void {
  const f = font as unknown as FontInternals;
  const entry = f.directory?.tables?.post;
  const buf = f.stream?.buffer;
  if (!entry || !buf || !f._tables || typeof f._decodeTable !== 'function' || 'post' in f._tables) return;
  const { offset, length } = entry;
  if (offset + 32 > buf.length || offset + length > buf.length) return;
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const raw = v.getInt32(offset);
  if (raw !== 0x20000 && raw !== 0x30000) return;
  if (raw === 0x20000) {
    // restructure reads numberOfGlyphs, the index, then length-prefixed names up to the table's end
    if (offset + 34 > buf.length) return;
    let p = offset + 34 + 2 * v.getUint16(offset + 32);
    const end = offset + length;
    if (p > buf.length) return;
    while (p < end) {
      p += 1 + buf[p];
      if (p > buf.length) return;
    }
  }
  const header: Record<string, unknown> = {
    version: raw / 65536,
    italicAngle: v.getInt32(offset + 4) / 65536,
    underlinePosition: v.getInt16(offset + 8),
    underlineThickness: v.getInt16(offset + 10),
    isFixedPitch: v.getUint32(offset + 12),
    minMemType42: v.getUint32(offset + 16),
    maxMemType42: v.getUint32(offset + 20),
    minMemType1: v.getUint32(offset + 24),
    maxMemType1: v.getUint32(offset + 28),
  };
  if (raw === 0x20000) {
    let whole: Record<string, unknown> | undefined;
    const full = () => {
      if (!whole) {
        whole = f._decodeTable!(entry) as Record<string, unknown>;
        f._tables!.post = whole;
      }
      return whole;
    };
    for (const key of ['numberOfGlyphs', 'glyphNameIndex', 'names'])
      Object.defineProperty(header, key, { enumerable: true, configurable: true, get: () => full()[key] });
  }
  f._tables.post = header;
}
