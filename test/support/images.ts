// test/support/images.ts — pictures made in tests, never committed: PNGs of every colour type, bit
// depth and filter, interlaced or not (a small writer here, checked against pngjs in
// test/images.formats.test.ts), JPEGs from jpeg-js (baseline RGB), Ghostscript (grey, Adobe CMYK)
// and jpegtran (progressive), with an EXIF orientation segment spliced in where asked.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

export interface PngSpec {
  width: number;
  height: number;
  /** PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA. */
  type: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  /** Stored samples of pixel (x, y), row 0 at the top: channels of the colour type (palette: the index). */
  pixel: (x: number, y: number) => number[];
  palette?: [number, number, number][];
  trns?: number[];
  interlace?: boolean;
  iccp?: Uint8Array;
}

const CH = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

function packRows(s: PngSpec, xs: number[], ys: number[]): Buffer {
  const ch = CH[s.type];
  const rb = Math.ceil((xs.length * ch * s.depth) / 8);
  const bpp = Math.max(1, (ch * s.depth) >> 3);
  const out: Buffer[] = [];
  let prev = Buffer.alloc(rb);
  ys.forEach((y, yi) => {
    const raw = Buffer.alloc(rb);
    let bit = 0;
    for (const x of xs) {
      for (const v of s.pixel(x, y)) {
        if (s.depth === 16) {
          raw.writeUInt16BE(v, bit >> 3);
          bit += 16;
        } else if (s.depth === 8) {
          raw[bit >> 3] = v;
          bit += 8;
        } else {
          raw[bit >> 3] |= v << (8 - s.depth - (bit & 7));
          bit += s.depth;
        }
      }
    }
    // Every filter type in turn, so a reader's unfiltering is exercised (PNG 1.2 §9.2).
    const type = yi % 5;
    const f = Buffer.alloc(rb + 1);
    f[0] = type;
    for (let i = 0; i < rb; i++) {
      const a = i >= bpp ? raw[i - bpp] : 0,
        b = prev[i],
        c = i >= bpp ? prev[i - bpp] : 0;
      const p = a + b - c,
        pa = Math.abs(p - a),
        pb = Math.abs(p - b),
        pc = Math.abs(p - c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][type];
      f[i + 1] = (raw[i] - pred) & 0xff;
    }
    prev = raw;
    out.push(f);
  });
  return Buffer.concat(out);
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
const range = (start: number, end: number, step: number) => {
  const r: number[] = [];
  for (let i = start; i < end; i += step) r.push(i);
  return r;
};

/** A PNG file of the given kind. */
export function makePng(s: PngSpec): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(s.width, 0);
  ihdr.writeUInt32BE(s.height, 4);
  ihdr[8] = s.depth;
  ihdr[9] = s.type;
  ihdr[12] = s.interlace ? 1 : 0;
  const data = s.interlace
    ? Buffer.concat(
        ADAM7.map(([x0, y0, dx, dy]) => {
          const xs = range(x0, s.width, dx),
            ys = range(y0, s.height, dy);
          return xs.length && ys.length ? packRows(s, xs, ys) : Buffer.alloc(0);
        }),
      )
    : packRows(s, range(0, s.width, 1), range(0, s.height, 1));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
  if (s.iccp) parts.push(chunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(s.iccp)])));
  if (s.palette) parts.push(chunk('PLTE', Buffer.from(s.palette.flat())));
  if (s.trns) parts.push(chunk('tRNS', Buffer.from(s.type === 3 ? s.trns : s.trns.flatMap((v) => [v >> 8, v & 0xff]))));
  parts.push(chunk('IDAT', deflateSync(data)), chunk('IEND', new Uint8Array(0)));
  return new Uint8Array(Buffer.concat(parts));
}

/** A baseline RGB JPEG (jpeg-js) of `pixel(x, y)` → [r, g, b]. */
export function makeJpeg(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
  quality = 95,
): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return new Uint8Array(jpeg.encode({ data, width, height }, quality).data);
}

function withDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-img-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A JPEG drawn by Ghostscript from PostScript (`jpeggray` or `jpegcmyk`: libjpeg writes the Adobe
 * marker and inverted samples for CMYK), without the ICC profile Ghostscript adds (jpegtran -copy none),
 * optionally progressive.
 */
export function gsJpeg(
  device: 'jpeggray' | 'jpegcmyk' | 'jpeg',
  width: number,
  height: number,
  postscript: string,
  progressive = false,
): Uint8Array {
  return withDir((dir) => {
    writeFileSync(join(dir, 'in.ps'), `${postscript}\nshowpage\n`);
    execFileSync('gs', [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      `-sDEVICE=${device}`,
      `-g${width}x${height}`,
      '-r72',
      '-dJPEGQ=95',
      `-sOutputFile=${join(dir, 'a.jpg')}`,
      join(dir, 'in.ps'),
    ]);
    const args = [
      '-copy',
      'none',
      ...(progressive ? ['-progressive'] : []),
      '-outfile',
      join(dir, 'b.jpg'),
      join(dir, 'a.jpg'),
    ];
    execFileSync('jpegtran', args);
    return new Uint8Array(readFileSync(join(dir, 'b.jpg')));
  });
}

/** jpegtran -progressive of a JPEG. */
export function progressive(jpg: Uint8Array): Uint8Array {
  return withDir((dir) => {
    writeFileSync(join(dir, 'a.jpg'), jpg);
    execFileSync('jpegtran', ['-copy', 'none', '-progressive', '-outfile', join(dir, 'b.jpg'), join(dir, 'a.jpg')]);
    return new Uint8Array(readFileSync(join(dir, 'b.jpg')));
  });
}

/** The JPEG with an EXIF APP1 segment (big-endian TIFF, IFD0 holding Orientation) right after SOI. */
export function withExifOrientation(jpg: Uint8Array, orientation: number): Uint8Array {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return new Uint8Array(Buffer.concat([jpg.subarray(0, 2), head, payload, jpg.subarray(2)]));
}

/** A minimal ICC profile header (128 bytes + empty tag table) of the given data colour space. */
export function iccHeader(space: 'GRAY' | 'RGB ' | 'CMYK'): Uint8Array {
  const b = Buffer.alloc(132);
  b.writeUInt32BE(132, 0);
  b.write('mntr', 12, 'latin1');
  b.write(space, 16, 'latin1');
  b.write('XYZ ', 20, 'latin1');
  b.write('acsp', 36, 'latin1');
  return new Uint8Array(b);
}
