// engines/images/picture.ts — what a supplied image file says about itself once read (size, samples,
// colour space, its own transparency and orientation) and its pixel data in the form it goes into the
// PDF; the error a reader throws and the size ceilings every reader checks before unpacking.
// read-picture.ts recognises the format and calls its reader (png.ts, jpeg.ts).
import type { BitDepth, PictureData, PictureSpace } from '../../ir/image-resource.js';
import { currentBudget } from '../../ir/memory-budget.js';

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
    readonly kind: 'unreadable' | 'unsupported' | 'too-large' | 'past-budget' | 'data-short',
    readonly detail: string,
    readonly format = '',
    readonly size: [number, number] = [0, 0],
    /** For 'past-budget': the bytes the picture needs and the bytes the render had left; for 'data-short': the least bytes of data its size takes and those present. */
    readonly need: [number, number] = [0, 0],
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

/**
 * Refuses a size before any pixel is unpacked, then takes the picture's working memory from the
 * render's budget (ir/memory-budget.ts): `working` is every buffer its reader will hold at once
 * (the reader works it out from the header: inflated rows, unpacked pixels, a split alpha channel;
 * for a JPEG the pixels a reader decodes it to), refused when it does not fit in what is left.
 */
export function checkSize(format: string, width: number, height: number, bytesPerRow: number, working: number): void {
  if (!(width >= 1 && height >= 1))
    throw new ImageError('unreadable', `its header gives a size of ${width} × ${height} pixels`, format);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || bytesPerRow * height > MAX_UNPACKED_IMAGE_BYTES) {
    throw new ImageError('too-large', '', format, [width, height]);
  }
  const budget = currentBudget();
  const left = budget.left;
  if (!budget.take(working)) throw new ImageError('past-budget', '', format, [width, height], [working, left]);
}
