// passes/images/tiff.ts — names pass, images: reads the first image of a TIFF (TIFF 6.0) with utif2
// (Photopea's UTIF.js, kept): its compressions (none, PackBits, LZW, Deflate, JPEG…) and sample
// layouts are many, and PDF can take none of them as they stand, so the picture is decoded to
// 8-bit RGB plus an SMask when any pixel is not opaque. The size is checked from the tags first.
import UTIF from 'utif2';
import { checkSize, ImageError, type Picture } from './picture.js';

function bad(detail: string): never {
  throw new ImageError('unreadable', detail, 'TIFF');
}

const tag = (ifd: UTIF.IFD, n: number): number | undefined => {
  const v = ifd[`t${n}`];
  return Array.isArray(v) && typeof v[0] === 'number' ? v[0] : undefined;
};

export function readTiff(bytes: Uint8Array): Picture {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let ifd: UTIF.IFD | undefined;
  try {
    ifd = UTIF.decode(buf)[0];
  } catch (e) {
    bad(`its directory does not read (${String((e as Error).message ?? e).toLowerCase()})`);
  }
  if (!ifd) bad('it holds no image');
  const width = tag(ifd, 256) ?? 0, height = tag(ifd, 257) ?? 0;
  checkSize('TIFF', width, height, width * 4);
  let rgba: Uint8Array;
  try {
    UTIF.decodeImage(buf, ifd);
    rgba = UTIF.toRGBA8(ifd);
  } catch (e) {
    bad(`its pixels do not decode (${String((e as Error).message ?? e).toLowerCase()})`);
  }
  if (ifd.width !== width || ifd.height !== height || rgba.length < width * height * 4) bad('its pixels do not fill the size its tags give');
  const n = width * height;
  const rgb = new Uint8Array(n * 3);
  const alpha = new Uint8Array(n);
  let seeThrough = false;
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = rgba[i * 4];
    rgb[i * 3 + 1] = rgba[i * 4 + 1];
    rgb[i * 3 + 2] = rgba[i * 4 + 2];
    alpha[i] = rgba[i * 4 + 3];
    if (alpha[i] !== 255) seeThrough = true;
  }
  const o = tag(ifd, 274);
  const xres = ifd.t282, unit = tag(ifd, 296) ?? 2;
  const res = Array.isArray(xres) && typeof xres[0] === 'number' ? xres[0] : undefined;
  return {
    format: 'TIFF', width, height, bpc: 8, components: 3, space: { kind: 'rgb' },
    data: { filter: 'raw', bytes: rgb },
    alpha: seeThrough ? { bpc: 8, bytes: alpha } : undefined,
    orientation: o !== undefined && o >= 1 && o <= 8 ? o : 1,
    dpi: res && res > 0 && (unit === 2 || unit === 3) ? [unit === 2 ? res : res * 2.54, unit === 2 ? res : res * 2.54] : undefined,
  };
}
