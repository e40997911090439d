// engines/images/picture.ts — what a supplied image file says about itself once read (size, samples,
// colour space, its own transparency and orientation) and its pixel data in the form it goes into the
// PDF; the error a reader throws and the size ceilings every reader checks before unpacking.
// read-picture.ts recognises the format and calls its reader (png.ts, jpeg.ts).
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

/** Refuses a size before any pixel is unpacked. */
export function checkSize(format: string, width: number, height: number, bytesPerRow: number): void {
  if (!(width >= 1 && height >= 1))
    throw new ImageError('unreadable', `its header gives a size of ${width} × ${height} pixels`, format);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || bytesPerRow * height > MAX_UNPACKED_IMAGE_BYTES) {
    throw new ImageError('too-large', '', format, [width, height]);
  }
}
