// ir/image-resource.ts — an image as the pipeline carries it once read: the streams the emitter writes
// (picture, soft mask, stencil) and what layout and emit need to place and describe it. The names
// pass builds it (engines/images/resource.ts reads the part); layout places it; emit writes it.
import type { JsonPointer } from './pointer.js';
import type { MetadataFacts } from './standards-types.js';
import type { SvgArt } from './svg-types.js';

export type BitDepth = 1 | 2 | 4 | 8 | 16;

/** The colour space the samples are in; `indexed` for a PNG palette (lookup: hival+1 RGB triples). */
export type PictureSpace =
  | { kind: 'gray' }
  | { kind: 'rgb' }
  | { kind: 'cmyk' }
  | { kind: 'indexed'; hival: number; lookup: Uint8Array };

/**
 * Pixel data as it will be written: a JPEG's bytes under DCTDecode (never decoded), a PNG's own
 * zlib stream under FlateDecode with its row filters undone by the reader (Predictor 15), or
 * unpacked samples (row by row, rows padded to a byte) that the emitter deflates.
 */
export type PictureData =
  | { filter: 'dct'; bytes: Uint8Array }
  | { filter: 'png'; bytes: Uint8Array }
  | { filter: 'raw'; bytes: Uint8Array };

/** One image stream as written: the picture itself, its soft mask, or its stencil mask. */
export interface ImageStream {
  width: number;
  height: number;
  bpc: BitDepth;
  /** Absent on a stencil (ImageMask) and on a soft mask (always DeviceGray). */
  space?: PictureSpace;
  /** An ICCBased profile the colours are read through (the base of an indexed space). */
  icc?: { bytes: Uint8Array; n: number };
  /** Components per pixel in `data` (what PNG predictor parameters need). */
  components: number;
  data: PictureData;
  decode?: number[];
  imageMask?: boolean;
}

export interface ImageResource {
  /** The part name, as items and declarations call it. */
  name: string;
  /** Its declaration, or the first item that named it. */
  at: JsonPointer;
  /** Content key: equal keys are one XObject. */
  key: string;
  /** The picture's samples; absent on an SVG image, which is drawn from `svg` as a form XObject instead. */
  main?: ImageStream;
  /** An SVG image drawn in vectors (engines/svg/): written once as a form XObject mapping the unit square. */
  svg?: SvgArt;
  smask?: ImageStream;
  mask?: { stencil: ImageStream; key?: undefined } | { key: number[]; stencil?: undefined };
  metadata?: { facts: MetadataFacts; packet?: undefined } | { packet: Uint8Array; facts?: undefined };
  stencil: boolean;
  /** EXIF orientation 1..8 the picture is placed with (the declaration's, else the file's). */
  orientation: number;
  /** The file's media type (the XMP packet's dc:format) and the archive claim's XMP rules. */
  mediaType?: string;
  xmpRules?: XmpRules;
  /** Names of the attachments the picture claims (images[].files): written as the XObject's /AF. */
  files?: string[];
  /** Size at the picture's own resolution (72 dpi when it states none), points, as stored (before orientation). */
  natural: [number, number];
}

/** What the archive claim asks of every packet (engines/pdf/archive.ts), fixed when the picture is resolved. */
export interface XmpRules {
  trappedInXmp: boolean;
  describeExtensions: boolean;
}
