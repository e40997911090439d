// engines/images/jpeg.ts — images engine: reads a JPEG's header segments (ITU T.81 Annex B) up
// to its first scan, and nothing after: the file goes into the PDF whole as DCTDecode, never
// decoded, so a 12-megapixel photograph costs a copy. From the segments: the frame (SOF: size,
// precision, components, baseline/extended/progressive), the Adobe APP14 marker (CMYK stored
// inverted → Decode [1 0 …]), the EXIF orientation (APP1), the JFIF density (APP0) and an embedded
// ICC profile (APP2 ICC_PROFILE, possibly split over several segments).

import { MAX_ICC_BYTES } from './icc.js';
import { checkSize, ImageError, type Picture } from './picture.js';

function bad(detail: string): never {
  throw new ImageError('unreadable', detail, 'JPEG');
}

const u16 = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));

/** SOF markers PDF's DCTDecode takes: baseline, extended sequential and progressive, Huffman-coded. */
const SOF_TAKEN = new Set([0xc0, 0xc1, 0xc2]);
/** Other SOF markers: lossless, hierarchical and arithmetic-coded frames, which PDF readers do not decode. */
const SOF_OTHER = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The Orientation tag (0x0112) of IFD0 in an EXIF APP1 payload ("Exif\0\0" then a TIFF header). */
export function exifOrientation(seg: Uint8Array): number {
  if (seg.length < 14 || ascii(seg, 0, 6) !== 'Exif\0\0') return 1;
  const t = seg.subarray(6);
  const le = t[0] === 0x49 && t[1] === 0x49;
  if (!le && !(t[0] === 0x4d && t[1] === 0x4d)) return 1;
  const r16 = (o: number) => (le ? t[o] | (t[o + 1] << 8) : (t[o] << 8) | t[o + 1]);
  const r32 = (o: number) =>
    le
      ? (t[o] | (t[o + 1] << 8) | (t[o + 2] << 16) | (t[o + 3] << 24)) >>> 0
      : ((t[o] << 24) | (t[o + 1] << 16) | (t[o + 2] << 8) | t[o + 3]) >>> 0;
  const ifd = r32(4);
  if (ifd + 2 > t.length) return 1;
  const n = r16(ifd);
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > t.length) return 1;
    if (r16(e) === 0x0112 && r16(e + 2) === 3) {
      const v = r16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

export function readJpeg(bytes: Uint8Array): Picture {
  let o = 2;
  let frame:
    | {
        marker: number;
        precision: number;
        height: number;
        width: number;
        components: number;
        sampling: [number, number][];
      }
    | undefined;
  let scan = -1;
  let adobe = false;
  let orientation = 1;
  let dpi: [number, number] | undefined;
  const icc: Uint8Array[] = [];
  let iccSize = 0;
  while (o < bytes.length) {
    if (bytes[o] !== 0xff) bad(`a segment header is missing at byte ${o}`);
    while (bytes[o] === 0xff && o < bytes.length) o++; // fill bytes
    if (o >= bytes.length) break;
    const marker = bytes[o++];
    if (marker === 0xd9) break; // EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // stand-alone markers
    if (o + 2 > bytes.length) bad('it ends inside a segment header');
    const len = u16(bytes, o);
    if (len < 2 || o + len > bytes.length)
      bad(`a segment (marker 0x${marker.toString(16)}) runs past the end of the file`);
    const seg = bytes.subarray(o + 2, o + len);
    if (SOF_TAKEN.has(marker)) {
      if (seg.length < 6) bad('its frame header is too short');
      const components = seg[5];
      if (seg.length < 6 + 3 * components) bad('its frame header is too short for its components');
      const sampling: [number, number][] = [];
      for (let c = 0; c < components; c++) sampling.push([seg[7 + 3 * c] >> 4, seg[7 + 3 * c] & 15]);
      frame = { marker, precision: seg[0], height: u16(seg, 1), width: u16(seg, 3), components, sampling };
    } else if (SOF_OTHER.has(marker)) {
      const kind =
        marker === 0xc3 || marker === 0xc7 || marker === 0xcb || marker === 0xcf
          ? 'lossless'
          : marker < 0xc8
            ? 'hierarchical'
            : 'arithmetic-coded';
      throw new ImageError('unsupported', `a ${kind} JPEG, which PDF readers do not decode`, 'JPEG');
    } else if (marker === 0xee && seg.length >= 12 && ascii(seg, 0, 5) === 'Adobe') {
      adobe = true;
    } else if (marker === 0xe1) {
      if (orientation === 1) orientation = exifOrientation(seg);
    } else if (marker === 0xe0 && seg.length >= 12 && ascii(seg, 0, 5) === 'JFIF\0') {
      const unit = seg[7],
        x = u16(seg, 8),
        y = u16(seg, 10);
      if (x > 0 && y > 0 && (unit === 1 || unit === 2)) dpi = unit === 1 ? [x, y] : [x * 2.54, y * 2.54];
    } else if (marker === 0xe2 && seg.length > 14 && ascii(seg, 0, 12) === 'ICC_PROFILE\0') {
      iccSize += seg.length - 14;
      if (iccSize <= MAX_ICC_BYTES) icc[seg[12]] = seg.subarray(14);
    } else if (marker === 0xda) {
      scan = o + len; // start of scan: the header ends here; the entropy-coded data is passed on unread
      break;
    }
    o += len;
  }
  if (!frame) bad('it has no frame header before its first scan');
  if (frame.precision !== 8)
    throw new ImageError(
      'unsupported',
      `a JPEG of ${frame.precision}-bit precision, which PDF's DCTDecode does not take`,
      'JPEG',
    );
  if (![1, 3, 4].includes(frame.components)) bad(`it has ${frame.components} components; PDF takes 1, 3 or 4`);
  // The size the header declares must be backed by that much picture data (a 65 535² frame with no scan).
  const present = scan < 0 ? 0 : bytes.length - scan;
  const least = leastScanBytes(frame.width, frame.height, frame.sampling);
  if (frame.width >= 1 && frame.height >= 1 && present < least)
    throw new ImageError('data-short', '', 'JPEG', [frame.width, frame.height], [least, present]);
  // The data is written as it came (DCTDecode), but whoever shows it decodes every pixel: its decoded size counts.
  checkSize('JPEG', frame.width, frame.height, 0, frame.width * frame.height * frame.components);
  const n = frame.components;
  const profile = icc.length && icc.every((c) => c) ? Buffer.concat(icc.filter(Boolean)) : undefined;
  return {
    format: 'JPEG',
    width: frame.width,
    height: frame.height,
    bpc: 8,
    components: n,
    space: n === 1 ? { kind: 'gray' } : n === 3 ? { kind: 'rgb' } : { kind: 'cmyk' },
    data: { filter: 'dct', bytes },
    // Adobe applications write CMYK JPEGs inverted and mark them with APP14 (what every reader assumes).
    inverted: n === 4 && adobe,
    icc: profile ? new Uint8Array(profile.buffer, profile.byteOffset, profile.length) : undefined,
    orientation,
    dpi,
  };
}

/**
 * The fewest bytes of entropy-coded data a Huffman-coded JPEG of this frame can carry (ITU T.81):
 * every 8 × 8 block of every component has its DC coefficient coded at least once (baseline and
 * progressive alike), and the shortest Huffman code is one bit. A file whose scans hold less does not
 * hold the picture its header declares (a 65 535 × 65 535 frame with no scan).
 */
export function leastScanBytes(width: number, height: number, sampling: readonly [number, number][]): number {
  let hMax = 1;
  let vMax = 1;
  for (const [h, v] of sampling) {
    hMax = Math.max(hMax, h);
    vMax = Math.max(vMax, v);
  }
  let blocks = 0;
  for (const [h, v] of sampling)
    blocks += Math.ceil(Math.ceil((width * h) / hMax) / 8) * Math.ceil(Math.ceil((height * v) / vMax) / 8);
  return Math.ceil(blocks / 8);
}
