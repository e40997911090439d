// engines/images/png-pixels.ts — images engine: the PNG pixel work done only where PDF cannot
// take the file's own zlib stream (PNG 1.2 §§ 6–9): inflation capped at the size the header
// implies, row filters undone, Adam7 passes put back in place, and the alpha channel split off.
// Pure functions over bytes; png.ts decides which of them a file needs.
import { inflateSync } from 'node:zlib';
import { ImageError } from './picture.js';

export interface PngLayout {
  width: number;
  height: number;
  depth: number;
  /** Samples per pixel in the file: 1 grey or palette, 2 grey+alpha, 3 RGB, 4 RGBA. */
  channels: number;
  interlaced: boolean;
}

/** The seven Adam7 passes: [x0, y0, dx, dy] (PNG 1.2 §8.2). */
const ADAM7: readonly [number, number, number, number][] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function rowBytes(width: number, l: PngLayout): number {
  return Math.ceil((width * l.channels * l.depth) / 8);
}

/** Sub-images in stream order: the whole picture, or the non-empty Adam7 passes. */
function subImages(l: PngLayout): { x0: number; y0: number; dx: number; dy: number; w: number; h: number }[] {
  if (!l.interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, w: l.width, h: l.height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    x0,
    y0,
    dx,
    dy,
    w: Math.ceil((l.width - x0) / dx),
    h: Math.ceil((l.height - y0) / dy),
  })).filter((p) => p.w > 0 && p.h > 0);
}

/** Bytes the zlib stream inflates to: every row of every (sub-)image plus its filter byte. */
export function inflatedSize(l: PngLayout): number {
  return subImages(l).reduce((n, p) => n + p.h * (1 + rowBytes(p.w, l)), 0);
}

/** Inflates IDAT, never past `expected` bytes (a zip bomb stops there), and checks the length. */
export function inflateIdat(idat: Uint8Array, expected: number): Uint8Array {
  let out: Buffer;
  try {
    out = inflateSync(idat, { maxOutputLength: expected });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
      throw new ImageError('unreadable', 'its pixel data is longer than its header says', 'PNG');
    throw new ImageError(
      'unreadable',
      `its pixel data does not inflate (${String((e as Error).message)
        .replace(/\.$/, '')
        .toLowerCase()})`,
      'PNG',
    );
  }
  if (out.length < expected)
    throw new ImageError('unreadable', 'its pixel data stops short of the size its header gives', 'PNG');
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** Checks each row's filter type (0–4) without undoing it: what a reader's Predictor 15 will meet. */
export function checkFilterBytes(data: Uint8Array, l: PngLayout): void {
  const stride = 1 + rowBytes(l.width, l);
  for (let o = 0; o < data.length; o += stride) {
    if (data[o] > 4) throw new ImageError('unreadable', `a row has the unknown filter type ${data[o]}`, 'PNG');
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the row filters of `h` rows of `rb` bytes starting at `src[off]`, into `out` (rows without filter bytes). */
function unfilterRows(src: Uint8Array, off: number, h: number, rb: number, bpp: number, out: Uint8Array): number {
  for (let y = 0; y < h; y++) {
    const type = src[off++];
    const row = y * rb,
      prev = row - rb;
    const first = y === 0;
    // One loop per filter type: this runs once per byte of a picture that must be unpacked.
    switch (type) {
      case 0:
        out.set(src.subarray(off, off + rb), row);
        break;
      case 1:
        for (let i = 0; i < rb; i++) out[row + i] = (src[off + i] + (i >= bpp ? out[row + i - bpp] : 0)) & 0xff;
        break;
      case 2:
        if (first) out.set(src.subarray(off, off + rb), row);
        else for (let i = 0; i < rb; i++) out[row + i] = (src[off + i] + out[prev + i]) & 0xff;
        break;
      case 3:
        for (let i = 0; i < rb; i++) {
          const a = i >= bpp ? out[row + i - bpp] : 0,
            b = first ? 0 : out[prev + i];
          out[row + i] = (src[off + i] + ((a + b) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let i = 0; i < rb; i++) {
          const a = i >= bpp ? out[row + i - bpp] : 0;
          const b = first ? 0 : out[prev + i];
          const c = first || i < bpp ? 0 : out[prev + i - bpp];
          out[row + i] = (src[off + i] + paeth(a, b, c)) & 0xff;
        }
        break;
      default:
        throw new ImageError('unreadable', `a row has the unknown filter type ${type}`, 'PNG');
    }
    off += rb;
  }
  return off;
}

/** Unfiltered, de-interlaced pixel rows of the whole picture (rows padded to a byte, samples as stored). */
export function unpackPixels(data: Uint8Array, l: PngLayout): Uint8Array {
  const bitsPerPixel = l.channels * l.depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const fullRb = rowBytes(l.width, l);
  if (!l.interlaced) {
    const out = new Uint8Array(fullRb * l.height);
    unfilterRows(data, 0, l.height, fullRb, bpp, out);
    return out;
  }
  const out = new Uint8Array(fullRb * l.height);
  let off = 0;
  for (const p of subImages(l)) {
    const rb = rowBytes(p.w, l);
    const pass = new Uint8Array(rb * p.h);
    off = unfilterRows(data, off, p.h, rb, bpp, pass);
    for (let y = 0; y < p.h; y++) {
      const dstRow = (p.y0 + y * p.dy) * fullRb;
      const srcRow = y * rb;
      for (let x = 0; x < p.w; x++) {
        const X = p.x0 + x * p.dx;
        if (bitsPerPixel >= 8) {
          out.set(pass.subarray(srcRow + x * bpp, srcRow + (x + 1) * bpp), dstRow + X * bpp);
        } else {
          // Sub-byte depths are grey or palette only (one channel).
          const d = l.depth,
            mask = (1 << d) - 1;
          const v = (pass[srcRow + ((x * d) >> 3)] >> (8 - d - ((x * d) & 7))) & mask;
          out[dstRow + ((X * d) >> 3)] |= v << (8 - d - ((X * d) & 7));
        }
      }
    }
  }
  return out;
}

/** Splits interleaved colour+alpha samples (8 or 16 bits) into colour rows and alpha rows. */
export function splitAlpha(pixels: Uint8Array, l: PngLayout): { colour: Uint8Array; alpha: Uint8Array } {
  const s = l.depth >> 3;
  const n = l.width * l.height;
  const cBytes = (l.channels - 1) * s;
  const colour = new Uint8Array(n * cBytes);
  const alpha = new Uint8Array(n * s);
  for (let i = 0, src = 0; i < n; i++) {
    for (let k = 0; k < cBytes; k++) colour[i * cBytes + k] = pixels[src++];
    for (let k = 0; k < s; k++) alpha[i * s + k] = pixels[src++];
  }
  return { colour, alpha };
}

/** Per-pixel opacity (8 bits) of a palette picture from its tRNS entries; an index past them is opaque. */
export function paletteAlpha(pixels: Uint8Array, l: PngLayout, trns: Uint8Array): Uint8Array {
  const rb = rowBytes(l.width, l);
  const d = l.depth,
    mask = (1 << d) - 1;
  const alpha = new Uint8Array(l.width * l.height);
  for (let y = 0; y < l.height; y++) {
    for (let x = 0; x < l.width; x++) {
      const idx = d === 8 ? pixels[y * rb + x] : (pixels[y * rb + ((x * d) >> 3)] >> (8 - d - ((x * d) & 7))) & mask;
      alpha[y * l.width + x] = idx < trns.length ? trns[idx] : 255;
    }
  }
  return alpha;
}
