// engines/images/picture.ts — names pass, images: what a supplied file says about itself once read
// (size, samples, colour space, its own transparency and orientation) and its pixel data in the form
// it goes into the PDF. The format is recognised by its first bytes, never by a part's name; each
// format's reader lives beside this file (png.ts, jpeg.ts). TIFF and WebP are recognised and refused
// by name (docs/reference.md says why).
import { readJpeg } from './jpeg.js';
import { readPng } from './png.js';
import type { BitDepth, PictureData, PictureSpace } from '../../ir/image-resource.js';

export interface Picture {
  format: 'PNG' | 'JPEG';
  width: number;
  height: number;
  bpc: BitDepth;
  /** Samples per pixel in `data`: 1 for grey and for a palette's indices, 3 RGB, 4 CMYK. */
  components: number;
  space: PictureSpace;
  data: PictureData;
  /** The file's own per-pixel opacity (PNG alpha channel, or palette tRNS): unpacked samples, one component. */
  alpha?: { bpc: BitDepth; bytes: Uint8Array };
  /** The file's own colour key (PNG tRNS on grey or RGB): [low, high] per component, stored values. */
  colorKey?: number[];
  /** Samples stored inverted (an Adobe CMYK JPEG): written with Decode [1 0 …]. */
  inverted?: boolean;
  /** Embedded ICC profile (PNG iCCP, JPEG APP2 ICC_PROFILE), when it describes the picture's components. */
  icc?: Uint8Array;
  /** EXIF orientation 1..8 the file states (1 when none). */
  orientation: number;
  /** Resolution the file states, dots per inch across and up; used by `fit: none`. */
  dpi?: [number, number];
}

/** Why a part could not be read as a picture; passes/names/images.ts turns it into a refusal. */
export class ImageError extends Error {
  constructor(
    readonly kind: 'unreadable' | 'unsupported' | 'too-large',
    readonly detail: string,
    readonly format = '',
    readonly size: [number, number] = [0, 0],
  ) {
    super(detail);
  }
}

/**
 * Ceiling on the pixel data one image may unpack to: the spec's default body cap (512 MiB, Limits),
 * so a small file cannot expand past what a client could have sent uncompressed. Checked from the
 * header before anything is inflated; inflation itself is capped at the size the header implies.
 */
export const MAX_UNPACKED_IMAGE_BYTES = 536_870_912;

/** Largest width or height read (PNG allows 2^31 − 1, JPEG 65 535): keeps width × height exact in a double. */
export const MAX_IMAGE_SIDE = 1 << 20;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(b: Uint8Array, sig: readonly number[]): boolean {
  return b.length >= sig.length && sig.every((v, i) => b[i] === v);
}

/** Formats recognised only to be named in the refusal. */
const OTHER_FORMATS: [readonly number[], string][] = [
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x42, 0x4d], 'a BMP image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF file'],
  [[0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50], 'a JPEG 2000 image'],
];

/** Reads a supplied part as a picture, or throws ImageError. */
export function readPicture(bytes: Uint8Array): Picture {
  if (startsWith(bytes, PNG_SIGNATURE)) return readPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes);
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) throw new ImageError('unsupported', 'a TIFF image');
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.length >= 12 && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    throw new ImageError('unsupported', 'a WebP image');
  }
  for (const [sig, name] of OTHER_FORMATS) if (startsWith(bytes, sig)) throw new ImageError('unsupported', name);
  throw new ImageError('unsupported', 'not an image');
}

/** Refuses a size before any pixel is unpacked. */
export function checkSize(format: string, width: number, height: number, bytesPerRow: number): void {
  if (!(width >= 1 && height >= 1)) throw new ImageError('unreadable', `its header gives a size of ${width} × ${height} pixels`, format);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || bytesPerRow * height > MAX_UNPACKED_IMAGE_BYTES) {
    throw new ImageError('too-large', '', format, [width, height]);
  }
}
