// verifier/checks/jpx.ts — JPEG 2000 images (JPXDecode) read for what ISO 19005-2 §6.2.8.3 and 19005-4
// §6.2.7.3 rule on: the JP2 header's channel count and bit depth (ihdr, a bpcc box when the channels
// differ in depth), its colour specifications (colr: METH, APPROX, the enumerated space); a bare
// codestream through its SIZ marker (ISO/IEC 15444-1 Annex A.5.1, Annex I for the JP2 boxes).
import { filtersOf, has, PDFRawStream } from '../cos.js';
import type { Check } from './check.js';

export interface JpxInfo {
  channels?: number;
  /** Bits per channel (1–38), undefined when the channels differ. */
  bitDepth?: number;
  bpcc: boolean;
  colr: { meth: number; approx: number; enumCs?: number }[];
}

/** The boxes of a JP2 file, or the SIZ marker of a bare codestream; undefined when neither reads. */
export function readJpx(d: Uint8Array): JpxInfo | undefined {
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  if (d.length >= 42 && d[0] === 0xff && d[1] === 0x4f && d[2] === 0xff && d[3] === 0x51) {
    const csiz = v.getUint16(40);
    const depths = Array.from({ length: csiz }, (_, i) => (42 + 3 * i < d.length ? (d[42 + 3 * i] & 0x7f) + 1 : 0));
    return {
      channels: csiz,
      bitDepth: depths.every((x) => x === depths[0]) ? depths[0] : undefined,
      bpcc: false,
      colr: [],
    };
  }
  const info: JpxInfo = { bpcc: false, colr: [] };
  let seen = false;
  const walk = (start: number, end: number, depth: number): void => {
    let p = start;
    while (p + 8 <= end) {
      let len = v.getUint32(p);
      const type = String.fromCharCode(d[p + 4], d[p + 5], d[p + 6], d[p + 7]);
      let head = 8;
      if (len === 1) {
        if (p + 16 > end) return;
        len = Number(v.getBigUint64(p + 8));
        head = 16;
      } else if (len === 0) len = end - p;
      if (len < head || p + len > end) return;
      const body = p + head;
      if (type === 'jP  ') seen = true;
      if (type === 'jp2h' && depth === 0) walk(body, p + len, 1);
      if (type === 'ihdr' && len - head >= 14) {
        info.channels = v.getUint16(body + 8);
        const bpc = d[body + 10];
        info.bitDepth = bpc === 255 ? undefined : (bpc & 0x7f) + 1;
      }
      if (type === 'bpcc') info.bpcc = true;
      if (type === 'colr' && len - head >= 3) {
        const meth = d[body];
        info.colr.push({
          meth,
          approx: d[body + 2],
          enumCs: meth === 1 && len - head >= 7 ? v.getUint32(body + 3) : undefined,
        });
      }
      p += len;
    }
  };
  walk(0, d.length, 0);
  return seen ? info : undefined;
}

export const jpx: Check = ({ l, u, add }) => {
  const done = new Set<unknown>();
  for (const im of u.images) {
    const s = im.stream;
    if (!(s instanceof PDFRawStream) || done.has(s)) continue;
    done.add(s);
    const filters = filtersOf(l.context, s.dict);
    if (filters.length !== 1 || filters[0] !== 'JPXDecode') continue;
    const info = readJpx(s.contents);
    if (!info) continue;
    const cs = has(s.dict, 'ColorSpace');
    add(
      'jpx-image',
      'JPEG2000',
      {
        hasColorSpace: cs,
        channels: info.channels ?? 0,
        bitDepth: info.bitDepth ?? 0,
        bpcc: info.bpcc,
        colrSpecs: info.colr.length,
        approxOne: info.colr.filter((c) => c.approx === 1).length,
        meth: info.colr[0]?.meth ?? 0,
        enumCs: info.colr[0]?.enumCs ?? -1,
      },
      im.where,
    );
  }
};
