// engines/supplied/guard.ts — the decompression-bomb guard of supplied PDFs (spec top-level keys:
// `supplied_pdfs`, "how far one of their streams may unpack"). Before pdf-lib reads a supplied file,
// every stream in its raw bytes is unpacked through its whole filter chain (Flate, LZW, RunLength,
// ASCIIHex, ASCII85) with a counter: Flate by zlib's `maxOutputLength`, the others by pdf-lib's
// decoders read a block at a time, so a stream that would unpack past the limit is found after
// at most about `limit` bytes were written — never decoded whole first, never measured after — and
// the file is refused. Streams decoded later (content streams, CMaps) go through `decodeBounded`
// with the same limit and the same counter.
import { constants, inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFContext, PDFName, PDFRawStream, type PDFStream } from 'pdf-lib';

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

/** The filters pdf-lib decodes (ISO 32000-1 §7.4, abbreviations of §8.9.7 for inline images included). */
const DECODED: Record<string, string> = {
  '/FlateDecode': 'FlateDecode',
  '/Fl': 'FlateDecode',
  '/LZWDecode': 'LZWDecode',
  '/LZW': 'LZWDecode',
  '/RunLengthDecode': 'RunLengthDecode',
  '/RL': 'RunLengthDecode',
  '/ASCIIHexDecode': 'ASCIIHexDecode',
  '/AHx': 'ASCIIHexDecode',
  '/ASCII85Decode': 'ASCII85Decode',
  '/A85': 'ASCII85Decode',
};

/** Bytes read from a decoder at a time while counting. */
const BLOCK = 1 << 16;

/** The decoder pdf-lib builds, as far as it is read here (its typings keep `reset` and `getBytes(n)` internal). */
interface Decoder {
  getBytes(length?: number): Uint8Array;
  reset(): void;
}

/**
 * Reads a pdf-lib decoder chain a block at a time, counting, and stops once past `limit`: a bomb
 * costs at most `limit` bytes plus one block of its outer stage (LZW: 512 codes, ≤ 2 MiB).
 */
function readCounted(decoder: Decoder, limit: number): Uint8Array {
  let n = 0;
  for (;;) {
    const b = decoder.getBytes(BLOCK);
    if (!b.length) break;
    n += b.length;
    if (n > limit) throw new UnpackLimitError(limit);
  }
  // Read to its end: the decoder holds every byte it produced; from the start again, nothing is decoded twice.
  decoder.reset();
  return decoder.getBytes();
}

let scratch: PDFContext | undefined;

/** Unpacks raw stream data through `filters` (names as written, e.g. '/LZW'), within `limit`; filters it does not know end the chain. */
function unpackChain(data: Uint8Array, filters: string[], limit: number): Uint8Array {
  const known: string[] = [];
  for (const f of filters) {
    if (!DECODED[f]) break;
    known.push(DECODED[f]);
  }
  if (!known.length) return data;
  if (known.every((f) => f === 'FlateDecode')) {
    for (let i = 0; i < known.length; i++) data = inflateBounded(data, limit);
    return data;
  }
  scratch ??= PDFContext.create();
  const dict = scratch.obj({ Filter: known.length === 1 ? known[0] : known });
  return readCounted(decodePDFRawStream(PDFRawStream.of(dict, data)) as unknown as Decoder, limit);
}

/**
 * Scans the raw file for streams and unpacks each through the filters of its chain that can be
 * decoded, within the limit; throws UnpackLimitError for the first that would pass it. Damaged
 * data ends a stream's check (the parser and later decoders answer for it).
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
    if (!DECODED[filters[0] ?? '']) continue;
    let start = from;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const lm = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = lm ? start + Number(lm[1]) : -1;
    if (end < 0 || end > buf.length) end = buf.indexOf(ENDSTREAM, start);
    if (end < 0) end = buf.length;
    try {
      unpackChain(buf.subarray(start, end), filters, limit);
    } catch (e) {
      if (e instanceof UnpackLimitError) throw e;
    }
    from = Math.max(from, end);
  }
}

/** Decodes a stream of a loaded supplied PDF within `limit`: Flate stages by zlib, other filters by pdf-lib, counted as they unpack. */
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
  return readCounted(decodePDFRawStream(stream) as unknown as Decoder, limit);
}
