// test/support/hostile.ts — the hostile inputs of issue 20, built small: a PNG whose header promises
// a huge picture, supplied PDFs whose one content stream unpacks far (Flate, LZW, RunLength,
// ASCIIHex, ASCII85), and descriptions with one list made enormous (lines in a table cell, one long
// word, paragraphs, lines, an ICC description). Used by test/hostile.test.ts,
// test/scaled.property.test.ts and bench/hostile.ts, so the bench replays what the tests assert.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { NOTO_SANS, NOTO_SANS_B64 } from './fixtures.js';

function adler32OfRepeated(byte: number, n: number): number {
  // Adler-32 (RFC 1950) of n copies of one byte, in closed form: a = 1 + n·c, b = n + c·n(n+1)/2 (mod 65521).
  const N = BigInt(n),
    c = BigInt(byte),
    M = 65521n;
  const a = (1n + N * c) % M;
  const b = (N + (c * N * (N + 1n)) / 2n) % M;
  return Number((b << 16n) | a);
}

/**
 * A zlib stream of `n` copies of `byte`, without ever holding them: one deflate block of a chunk,
 * flushed in full (self-contained), repeated, then the rest and an empty final block.
 */
export function zlibOfRepeated(byte: number, n: number, chunk = 1 << 20): Uint8Array {
  const flushed = (len: number) =>
    deflateRawSync(Buffer.alloc(len, byte), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const whole = Math.floor(n / chunk);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  if (whole) {
    const block = flushed(chunk);
    for (let i = 0; i < whole; i++) parts.push(block);
  }
  if (n % chunk) parts.push(flushed(n % chunk));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(adler32OfRepeated(byte, n) >>> 0);
  parts.push(tail);
  return new Uint8Array(Buffer.concat(parts));
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const b = Buffer.alloc(12 + data.length);
  b.writeUInt32BE(data.length, 0);
  b.write(type, 4, 'latin1');
  Buffer.from(data).copy(b, 8);
  b.writeUInt32BE(crc32(b.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return b;
}

/** A valid, all-zero 8-bit PNG of the given colour type (6: RGBA) and size; small however large it says it is. */
export function bigPng(width: number, height: number, type = 6): Uint8Array {
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[type] ?? 1;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = type;
  // Every row: filter byte 0 then zero samples, so the whole scanline data is zeros.
  const idat = zlibOfRepeated(0, (width * channels + 1) * height, (width * channels + 1) * 64);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', idat),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  );
}

/**
 * PDF LZW (EarlyChange 1, LZWDecode's default) of `n` copies of one byte, written as the decoder
 * reads it: each code is the run one longer than the last (the code being defined, "KwKwK"), and
 * once the table is full the longest run (3839 bytes per 12-bit code) again and again.
 */
export function lzwOfRepeated(byte: number, n: number): Uint8Array {
  const out: number[] = [];
  let acc = 0,
    bits = 0;
  const put = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let nextCode = 258,
    width = 9,
    prevLen = 0,
    left = n;
  put(256, width);
  while (left > 0) {
    const longest = prevLen === 0 ? 1 : nextCode <= 4095 ? prevLen + 1 : 4095 - 256;
    const len = Math.min(longest, left);
    put(len === 1 ? byte : 256 + len, width);
    if (prevLen > 0) {
      nextCode++;
      if (!((nextCode + 1) & nextCode)) width = Math.min(Math.log2(nextCode + 1) + 1, 12) | 0;
    }
    prevLen = len;
    left -= len;
  }
  put(257, width);
  if (bits) put(0, 8 - bits);
  return new Uint8Array(out);
}

/** RunLength (§7.4.5) of `n` copies of one byte: 128 copies per two bytes. */
export function runLengthOfRepeated(byte: number, n: number): Uint8Array {
  const runs = Math.ceil(n / 128);
  const b = Buffer.alloc(runs * 2 + 1);
  for (let i = 0, left = n; i < runs; i++, left -= 128) {
    b[2 * i] = 257 - Math.min(128, left);
    b[2 * i + 1] = byte;
  }
  b[runs * 2] = 128;
  return new Uint8Array(b);
}

/** A one-page PDF whose content stream is `data` under `filters` (outermost first), written by hand. */
export function pdfWithContent(data: Uint8Array, filters: string[]): Uint8Array {
  const filter = filters.length === 1 ? `/${filters[0]}` : `[${filters.map((f) => `/${f}`).join(' ')}]`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  let at = chunks[0].length;
  const offsets: number[] = [];
  const add = (b: Buffer) => {
    chunks.push(b);
    at += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(at);
    add(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
  });
  offsets.push(at);
  add(Buffer.from(`4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`, 'latin1'));
  add(Buffer.from(data));
  add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = at;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${rows}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(chunks));
}

/** A description placing page 1 of the supplied part `name` (imported as a page of its own). */
export function importDescription(name: string, unpackLimit?: number): Record<string, unknown> {
  return {
    ...(unpackLimit === undefined ? {} : { supplied_pdfs: { unpack_limit: unpackLimit } }),
    templates: { part: name },
    items: [],
  };
}

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
const RECT = { llx: 50, lly: 50, urx: 545, ury: 792 };

/**
 * A table of one cell holding `lines` lines of text; with `placeholders`, every `placeholders`-th line
 * (from the first) reads `page {current_page} of {total_pages}`, so the cell changes with its page.
 */
export function tallCell(lines: number, placeholders = 0): Record<string, unknown> {
  return {
    fonts: FONTS,
    items: [
      {
        type: 'table',
        rect: RECT,
        font: 'Body',
        font_size: 10,
        columns: [300],
        rows: [
          [
            Array.from({ length: lines }, (_, i) =>
              placeholders && i % placeholders === 0 ? `line ${i} page {current_page} of {total_pages}` : `line ${i}`,
            ).join('\n'),
          ],
        ],
      },
    ],
  };
}

/** A text item holding one word of `n` characters, set at `size` points. */
export function longWord(n: number, size = 10): Record<string, unknown> {
  return {
    fonts: FONTS,
    items: [{ type: 'text', rect: RECT, font: 'Body', font_size: size, content: ['x'.repeat(n)] }],
  };
}

/** A flow of `n` short paragraphs. */
export function manyParagraphs(n: number): Record<string, unknown> {
  return {
    fonts: FONTS,
    items: [{ type: 'flow', rect: RECT, font: 'Body', font_size: 10, content: 'p\n'.repeat(n) }],
  };
}

/** A text item of `n` lines. */
export function manyLines(n: number): Record<string, unknown> {
  return {
    fonts: FONTS,
    items: [{ type: 'text', rect: RECT, font: 'Body', font_size: 10, content: ['l\n'.repeat(n)] }],
  };
}

/** An ICC v2 RGB display profile whose `desc` tag holds an ASCII description of `n` characters. */
export function iccWithDescription(n: number): Uint8Array {
  const descLen = 12 + n + 1 + 4 + 4 + 67;
  const size = 132 + 12 + descLen;
  const b = Buffer.alloc(size);
  b.writeUInt32BE(size, 0);
  b[8] = 2;
  b[9] = 0x10;
  b.write('mntr', 12, 'latin1');
  b.write('RGB ', 16, 'latin1');
  b.write('XYZ ', 20, 'latin1');
  b.write('acsp', 36, 'latin1');
  b.writeUInt32BE(1, 128);
  b.write('desc', 132, 'latin1');
  b.writeUInt32BE(144, 136);
  b.writeUInt32BE(descLen, 140);
  b.write('desc', 144, 'latin1');
  b.writeUInt32BE(n + 1, 152);
  b.fill('d'.charCodeAt(0), 156, 156 + n);
  return new Uint8Array(b);
}

/** A description naming `part` as its output intent profile (no claim: written because stated). */
export function outputIntentDescription(part: string): Record<string, unknown> {
  return { output_intent: { profile: part }, items: [] };
}

/**
 * Noto Sans with composite glyphs re-pointed: each `[glyph, component]` makes that composite glyph's
 * first component `component`. The default makes glyph 171 (é, U+00E9: e + acute) name itself, a
 * glyph drawn from itself, which a reader resolving composites recurses into without end. Table
 * checksums are left as they were (a hostile file would not fix them either).
 */
export function selfCompositeFont(edits: [number, number][] = [[171, 171]]): Uint8Array {
  const b = Buffer.from(NOTO_SANS);
  const table = (tag: string) => {
    for (let i = 0; i < b.readUInt16BE(4); i++)
      if (b.toString('latin1', 12 + i * 16, 16 + i * 16) === tag) return b.readUInt32BE(12 + i * 16 + 8);
    throw new Error(`no ${tag} table`);
  };
  const longLoca = b.readInt16BE(table('head') + 50) === 1;
  const loca = table('loca');
  for (const [gid, component] of edits) {
    const start = table('glyf') + (longLoca ? b.readUInt32BE(loca + gid * 4) : b.readUInt16BE(loca + gid * 2) * 2);
    if (b.readInt16BE(start) >= 0) throw new Error(`glyph ${gid} is not composite`);
    b.writeUInt16BE(component, start + 12); // the first component's glyph index
  }
  return new Uint8Array(b);
}

/**
 * A baseline JPEG header of `width` × `height` × 3 (no subsampling) followed by `data` bytes of
 * entropy-coded data (zeros) when `data` is given, or by no scan at all: a picture declared, not sent.
 */
export function jpegFrame(width: number, height: number, data?: number): Uint8Array {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3]);
  const comps = Buffer.from([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const sos = Buffer.from([0xff, 0xda, 0, 12, 3, 1, 0, 2, 0, 3, 0, 0, 63, 0]);
  const scan = data === undefined ? [] : [sos, Buffer.alloc(data)];
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), sof, comps, ...scan, Buffer.from([0xff, 0xd9])]));
}

/**
 * Noto Sans with `count` of its composite glyphs (each of at least `fanout` components) chained: the
 * first `fanout` components of each name the next, so the first glyph nests `count` deep and expands
 * to fanout^count outlines (a composite "billion laughs"). Answers the font and the chain's glyph ids.
 */
export function compositeChain(count: number, fanout: number): { font: Uint8Array; chain: number[] } {
  const b = Buffer.from(NOTO_SANS);
  const table = (tag: string) => {
    for (let i = 0; i < b.readUInt16BE(4); i++)
      if (b.toString('latin1', 12 + i * 16, 16 + i * 16) === tag) return b.readUInt32BE(12 + i * 16 + 8);
    throw new Error(`no ${tag} table`);
  };
  const longLoca = b.readInt16BE(table('head') + 50) === 1;
  const loca = table('loca');
  const glyf = table('glyf');
  const numGlyphs = b.readUInt16BE(table('maxp') + 4);
  const start = (g: number) => glyf + (longLoca ? b.readUInt32BE(loca + g * 4) : b.readUInt16BE(loca + g * 2) * 2);
  /** Offsets of the glyph-index fields of a composite glyph's components. */
  const componentFields = (g: number): number[] => {
    if (start(g + 1) - start(g) < 10 || b.readInt16BE(start(g)) >= 0) return [];
    const out: number[] = [];
    let p = start(g) + 10;
    for (;;) {
      const flags = b.readUInt16BE(p);
      out.push(p + 2);
      p += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
      if (!(flags & 0x20)) return out;
    }
  };
  const chain: number[] = [];
  for (let g = 1; g < numGlyphs && chain.length < count; g++) if (componentFields(g).length >= fanout) chain.push(g);
  if (chain.length < count) throw new Error(`only ${chain.length} composites of ${fanout} components`);
  for (let i = 0; i + 1 < chain.length; i++)
    for (const f of componentFields(chain[i]).slice(0, fanout)) b.writeUInt16BE(chain[i + 1], f);
  return { font: new Uint8Array(b), chain };
}
