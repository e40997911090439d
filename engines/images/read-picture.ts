// engines/images/read-picture.ts — a supplied part read as a picture: the format recognised by its
// first bytes, never by a part's name, and handed to its reader (png.ts, jpeg.ts). TIFF, WebP and
// other formats are recognised only to be refused by name (docs/reference.md says why).

import { readJpeg } from './jpeg.js';
import { ImageError, type Picture } from './picture.js';
import { readPng } from './png.js';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function startsWith(b: Uint8Array, sig: readonly number[]): boolean {
  return b.length >= sig.length && sig.every((v, i) => b[i] === v);
}

/** Formats recognised only to be named in the refusal. */
export const OTHER_FORMATS: [readonly number[], string][] = [
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x42, 0x4d], 'a BMP image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF file'],
  [[0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50], 'a JPEG 2000 image'],
];

/** Reads a supplied part as a picture, or throws ImageError. */
export function readPicture(bytes: Uint8Array): Picture {
  if (startsWith(bytes, PNG_SIGNATURE)) return readPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes);
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    throw new ImageError('unsupported', 'a TIFF image');
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP'
  ) {
    throw new ImageError('unsupported', 'a WebP image');
  }
  for (const [sig, name] of OTHER_FORMATS) if (startsWith(bytes, sig)) throw new ImageError('unsupported', name);
  throw new ImageError('unsupported', 'not an image');
}
