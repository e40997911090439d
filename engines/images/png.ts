// engines/images/png.ts — images engine: reads a PNG (PNG 1.2 / ISO 15948) into a Picture.
// Where PDF can take the file's own data it does: a non-interlaced grey, RGB or palette PNG keeps its
// zlib stream, written as FlateDecode with /DecodeParms Predictor 15 (PDF readers undo PNG row
// filters themselves), after one capped inflate that proves the stream whole. Only an alpha channel
// (→ SMask), Adam7 interlacing, and palette transparency need the pixels unpacked (png-pixels.ts).
import { crc32, inflateSync } from 'node:zlib';
import type { BitDepth } from '../../ir/image-resource.js';
import { MAX_ICC_BYTES } from './icc.js';
import { exifOrientation } from './jpeg.js';
import { checkSize, ImageError, type Picture } from './picture.js';
import {
  checkFilterBytes,
  inflatedSize,
  inflateIdat,
  type PngLayout,
  paletteAlpha,
  splitAlpha,
  unpackPixels,
} from './png-pixels.js';

/** Bit depths each colour type allows (PNG 1.2 §11.2.2, Table 11.1). */
const DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Chunks {
  ihdr?: Uint8Array;
  plte?: Uint8Array;
  trns?: Uint8Array;
  iccp?: Uint8Array;
  phys?: Uint8Array;
  exif?: Uint8Array;
  idat: Uint8Array[];
}

function bad(detail: string): never {
  throw new ImageError('unreadable', detail, 'PNG');
}

function u32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

function readChunks(bytes: Uint8Array): Chunks {
  const c: Chunks = { idat: [] };
  let o = 8;
  while (o < bytes.length) {
    if (o + 12 > bytes.length) bad('it ends inside a chunk');
    const len = u32(bytes, o);
    const type = String.fromCharCode(bytes[o + 4], bytes[o + 5], bytes[o + 6], bytes[o + 7]);
    if (len > bytes.length - o - 12)
      bad(`its ${type.replace(/[^\x20-\x7e]/g, '?')} chunk runs past the end of the file`);
    const data = bytes.subarray(o + 8, o + 8 + len);
    if (crc32(bytes.subarray(o + 4, o + 8 + len)) !== u32(bytes, o + 8 + len))
      bad(`its ${type.replace(/[^\x20-\x7e]/g, '?')} chunk fails its checksum`);
    if (o === 8 && type !== 'IHDR') bad('it does not start with an IHDR chunk');
    switch (type) {
      case 'IHDR':
        c.ihdr = data;
        break;
      case 'PLTE':
        c.plte = data;
        break;
      case 'tRNS':
        c.trns = data;
        break;
      case 'iCCP':
        c.iccp = data;
        break;
      case 'pHYs':
        c.phys = data;
        break;
      case 'eXIf':
        c.exif = data;
        break;
      case 'IDAT':
        c.idat.push(data);
        break;
      case 'IEND':
        return c;
      default:
        // An unknown critical chunk (upper-case first letter) changes how the picture reads (§5.4).
        if (!(bytes[o + 4] & 0x20))
          bad(`it has the critical chunk ${type.replace(/[^\x20-\x7e]/g, '?')}, which this reader does not know`);
    }
    o += 12 + len;
  }
  return c;
}

/** The profile of an iCCP chunk: name, NUL, method 0, zlib data. */
function iccFrom(iccp: Uint8Array): Uint8Array | undefined {
  const nul = iccp.indexOf(0);
  if (nul < 1 || nul > 79 || iccp[nul + 1] !== 0) return undefined;
  try {
    const b = inflateSync(iccp.subarray(nul + 2), { maxOutputLength: MAX_ICC_BYTES });
    return new Uint8Array(b.buffer, b.byteOffset, b.length);
  } catch {
    return undefined; // a broken embedded profile is left out; the device space stands
  }
}

export function readPng(bytes: Uint8Array): Picture {
  const c = readChunks(bytes);
  const h = c.ihdr;
  if (h?.length !== 13) bad('its IHDR chunk is missing or the wrong length');
  const width = u32(h, 0),
    height = u32(h, 4),
    depth = h[8],
    type = h[9];
  if (!(type in DEPTHS)) bad(`its colour type ${type} is not one PNG defines`);
  if (!DEPTHS[type].includes(depth)) bad(`colour type ${type} does not take a bit depth of ${depth}`);
  if (h[10] !== 0 || h[11] !== 0) bad('it names a compression or filter method PNG does not define');
  if (h[12] > 1) bad(`it names the interlace method ${h[12]}`);
  const l: PngLayout = { width, height, depth, channels: CHANNELS[type], interlaced: h[12] === 1 };
  const rowBytes = Math.ceil((width * l.channels * depth) / 8);
  const hasAlpha = type === 4 || type === 6;
  const paletteTrns = type === 3 && c.trns !== undefined && c.trns.some((a) => a !== 255);
  // Held at once: the inflated rows (always, to prove the stream whole) and, when the pixels must
  // be unpacked (alpha, interlacing, palette transparency), the pixels and their split copy.
  const unpacks = l.interlaced || hasAlpha || paletteTrns;
  checkSize('PNG', width, height, rowBytes + 1, (rowBytes + 1) * height + (unpacks ? 2 * rowBytes * height : 0));
  if (!c.idat.length) bad('it has no image data');
  if (type === 3 && (!c.plte || c.plte.length % 3 !== 0 || c.plte.length === 0 || c.plte.length / 3 > 1 << depth)) {
    bad('its palette is missing or the wrong length');
  }

  const idat = c.idat.length === 1 ? c.idat[0] : Buffer.concat(c.idat);
  const inflated = inflateIdat(idat, inflatedSize(l));

  const picture: Picture = {
    format: 'PNG',
    width,
    height,
    bpc: depth as BitDepth,
    components: type === 3 ? 1 : type === 0 || type === 4 ? 1 : 3,
    space:
      type === 3
        ? { kind: 'indexed', hival: c.plte!.length / 3 - 1, lookup: c.plte! }
        : type === 0 || type === 4
          ? { kind: 'gray' }
          : { kind: 'rgb' },
    data: { filter: 'png', bytes: idat },
    orientation: 1,
  };

  if (!l.interlaced && !hasAlpha) checkFilterBytes(inflated, l);
  const pixels = l.interlaced || hasAlpha || paletteTrns ? unpackPixels(inflated, l) : undefined;
  if (pixels && (l.interlaced || hasAlpha)) {
    if (hasAlpha) {
      const { colour, alpha } = splitAlpha(pixels, l);
      picture.data = { filter: 'raw', bytes: colour };
      // An alpha channel that is opaque everywhere (common in exported RGBA files) makes no SMask.
      if (!alpha.every((a) => a === 0xff)) picture.alpha = { bpc: depth as BitDepth, bytes: alpha };
    } else {
      picture.data = { filter: 'raw', bytes: pixels };
    }
  }
  if (paletteTrns) picture.alpha = { bpc: 8, bytes: paletteAlpha(pixels!, l, c.trns!) };
  if (c.trns && (type === 0 || type === 2)) {
    // tRNS on grey/RGB names one colour shown as the page: a colour key of equal low and high.
    const n = type === 0 ? 1 : 3;
    if (c.trns.length !== 2 * n) bad('its tRNS chunk is the wrong length');
    const mask = depth === 16 ? 0xffff : (1 << depth) - 1;
    picture.colorKey = [];
    for (let i = 0; i < n; i++) {
      const v = ((c.trns[2 * i] << 8) | c.trns[2 * i + 1]) & mask;
      picture.colorKey.push(v, v);
    }
  }
  if (c.iccp) picture.icc = iccFrom(c.iccp);
  // eXIf (PNG 1.5) holds the TIFF structure an EXIF APP1 segment holds after "Exif\0\0".
  if (c.exif) picture.orientation = exifOrientation(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), c.exif]));
  if (c.phys && c.phys.length === 9 && c.phys[8] === 1) {
    // Pixels per metre → dots per inch.
    const x = u32(c.phys, 0) * 0.0254,
      y = u32(c.phys, 4) * 0.0254;
    if (x > 0 && y > 0) picture.dpi = [x, y];
  }
  return picture;
}
