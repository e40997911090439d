// engines/supplied/guard.ts — the decompression-bomb guard of supplied PDFs (spec top-level keys:
// `supplied_pdfs`, "how far one of their streams may unpack"). Before pdf-lib reads a supplied file,
// every Flate stream in its raw bytes is unpacked with zlib's `maxOutputLength`, through each Flate
// stage of its filter chain, so a stream that would unpack past the limit is found after writing at
// most `limit` bytes — quickly, in bounded memory — and the file is refused. Streams we decode
// later (content streams, CMaps) go through `decodeBounded` with the same limit.
import { constants, inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFName, PDFRawStream, type PDFStream } from 'pdf-lib';

/** Default unpack limit per stream: 64 MiB (docs/reference.md, "supplied_pdfs"; the spec leaves the value unshown). */
export const DEFAULT_UNPACK_LIMIT = 64 * 1024 * 1024;

export class UnpackLimitError extends Error {
  constructor(readonly limit: number) {
    super(`a stream unpacks to more than ${limit} bytes`);
  }
}

/** Inflates a zlib stream, never producing more than `limit` bytes. Damaged data gives what could be read. */
export function inflateBounded(data: Uint8Array, limit: number): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new UnpackLimitError(limit);
    throw e;
  }
}

const enc = (s: string) => Buffer.from(s, 'latin1');
const STREAM = enc('stream');
const ENDSTREAM = enc('endstream');

/**
 * Scans the raw file for streams and unpacks each Flate one (every Flate stage of its chain) within
 * the limit; throws UnpackLimitError for the first that would pass it. Other filters are left to
 * the decoders that read them (their ratios are bounded: RunLength 128:1, LZW a few thousand to 1).
 */
export function guardRawStreams(bytes: Uint8Array, limit: number): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = 0;
  for (;;) {
    const s = buf.indexOf(STREAM, from);
    if (s < 0) return;
    from = s + STREAM.length;
    if (s >= 3 && buf.subarray(s - 3, s).toString('latin1') === 'end') continue;
    // The stream's dictionary: back to the nearest "obj" (bounded, so a huge dictionary cannot make this quadratic).
    const lookFrom = Math.max(0, s - 4096);
    const head = buf.subarray(lookFrom, s).toString('latin1');
    const objAt = head.lastIndexOf('obj');
    const dict = objAt >= 0 ? head.slice(objAt) : head;
    const fm = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
    if (!fm) continue;
    const filters = fm[1].match(/\/[A-Za-z0-9]+/g) ?? [];
    if (filters[0] !== '/FlateDecode' && filters[0] !== '/Fl') continue;
    let start = from;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const lm = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = lm ? start + Number(lm[1]) : -1;
    if (end < 0 || end > buf.length) end = buf.indexOf(ENDSTREAM, start);
    if (end < 0) end = buf.length;
    let data: Uint8Array = buf.subarray(start, end);
    for (const f of filters) {
      if (f !== '/FlateDecode' && f !== '/Fl') break;
      try {
        data = inflateBounded(data, limit);
      } catch (e) {
        if (e instanceof UnpackLimitError) throw e;
        break;
      }
    }
    from = Math.max(from, end);
  }
}

/** Decodes a stream of a loaded supplied PDF: Flate stages bounded by `limit`, other filters by pdf-lib, measured after. */
export function decodeBounded(stream: PDFStream, limit: number): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const names = filter instanceof PDFName ? [filter] : filter instanceof PDFArray ? filter.asArray() : [];
  const onlyFlate = names.every(
    (n) => n instanceof PDFName && (n.asString() === '/FlateDecode' || n.asString() === '/Fl'),
  );
  if (onlyFlate && !stream.dict.has(PDFName.of('DecodeParms'))) {
    let data: Uint8Array = stream.contents;
    for (let i = 0; i < names.length; i++) data = inflateBounded(data, limit);
    return data;
  }
  const out = decodePDFRawStream(stream).decode();
  if (out.length > limit) throw new UnpackLimitError(limit);
  return out;
}
