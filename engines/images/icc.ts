// engines/images/icc.ts — images engine: the header of an ICC profile (ICC.1:2010 §7.2), read
// to learn how many components it describes before it becomes an ICCBased colour space (ISO 32000-1
// §8.6.5.5, whose N must equal the profile's). The profile itself is passed on byte for byte.

/** Ceiling on an embedded ICC profile (PNG iCCP once inflated, JPEG APP2 pieces together); real ones are a few MiB. */
export const MAX_ICC_BYTES = 16 * 1024 * 1024;

/** Components of the data colour spaces of ICC.1 Table 19 that an image can be in. */
const SPACES: Record<string, number> = {
  GRAY: 1,
  'RGB ': 3,
  CMYK: 4,
  'Lab ': 3,
  'XYZ ': 3,
  YCbr: 3,
  'Luv ': 3,
  'Yxy ': 3,
  'HSV ': 3,
  'HLS ': 3,
  'CMY ': 3,
  '2CLR': 2,
  '3CLR': 3,
  '4CLR': 4,
  '5CLR': 5,
  '6CLR': 6,
  '7CLR': 7,
  '8CLR': 8,
};

export interface IccHeader {
  /** Components the profile's data colour space has. */
  n: number;
  /** Its four-letter signature, trimmed ("RGB", "CMYK", "GRAY"…). */
  space: string;
}

/** Reads the header, or says why the bytes are not a profile. */
export function readIccHeader(b: Uint8Array): IccHeader | string {
  if (b.length < 128) return `it is ${b.length} bytes long, shorter than a profile header`;
  if (String.fromCharCode(...b.subarray(36, 40)) !== 'acsp') return 'it lacks the acsp signature of a profile header';
  const size = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  if (size > b.length) return `its header gives a size of ${size} bytes but ${b.length} were sent`;
  const sig = String.fromCharCode(...b.subarray(16, 20));
  const n = SPACES[sig];
  if (n === undefined) return `its data colour space "${sig.replace(/[^\x20-\x7e]/g, '?')}" is not one ICC defines`;
  return { n, space: sig.trim() };
}
