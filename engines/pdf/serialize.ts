// engines/pdf/serialize.ts — writes a pdf-lib object graph to bytes, synchronously: header with a
// binary comment line, then either every indirect object in number order with a classic
// cross-reference table and trailer, or (compression with object streams, PDF 1.5+, ISO 32000-1
// §7.5.7–8) the streams as indirect objects, every other object packed into Flate-compressed object
// streams, and a cross-reference stream carrying the trailer entries. pdf-lib's own PDFWriter is
// asynchronous (it yields every few objects); the objects themselves know how to copy their bytes,
// so the writer here is a loop.
import { deflateSync } from 'node:zlib';
import { type PDFContext, type PDFObject, PDFRawStream, type PDFRef, PDFStream } from 'pdf-lib';
import { type Encryptor, encryptObject } from './encryption.js';

const enc = new TextEncoder();
const STREAM = enc.encode('\nstream\n');
const ENDSTREAM = enc.encode('\nendstream');

/** Objects per object stream: a reader inflates a whole stream to reach one object, so keep them modest. */
export const OBJECTS_PER_STREAM = 100;

export interface SerializeOptions {
  /** Pack non-stream objects into object streams with a cross-reference stream (PDF 1.5+). */
  objectStreams?: boolean;
  /** Flate level of the object and cross-reference streams. */
  level?: number;
  /**
   * Encrypt every string and stream (engines/pdf/encryption.ts) except the encryption dictionary
   * `ref` itself, which the trailer names and which stays out of object streams (§7.5.7).
   */
  encryption?: { encryptor: Encryptor; ref: PDFRef };
  /** Objects kept out of object streams, written whole where a later patch can find them (a signature dictionary). */
  standalone?: ReadonlySet<PDFRef>;
}

/** Header: version line, then a comment of four bytes above 127 so transports treat the file as binary (ISO 32000-1 §7.5.2; PDF/A 6.1.2). */
function header(version: string): Uint8Array {
  const head = enc.encode(`%PDF-${version}\n%`);
  const out = new Uint8Array(head.length + 5);
  out.set(head);
  out.set([0xe2, 0xe3, 0xcf, 0xd3, 0x0a], head.length);
  return out;
}

/** An object's bytes as written by pdf-lib (a raw stream's go through `pushObject`, not here). */
function bytesOf(obj: PDFObject): Uint8Array {
  const b = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(b, 0);
  return b;
}

/**
 * Adds an object's bytes to `out`. pdf-lib copies stream contents a byte at a time (a 20 MB image
 * would take most of a second), so a raw stream's dictionary is written by pdf-lib and its contents
 * go in as they are: the file's one copy is the final join, with no stream joined to its dictionary
 * first (table-10k: every page's content a second time, held to the end of emit).
 */
function pushObject(out: Out, obj: PDFObject): void {
  if (obj instanceof PDFRawStream) {
    obj.updateDict();
    const dict = new Uint8Array(obj.dict.sizeInBytes());
    obj.dict.copyBytesInto(dict, 0);
    out.push(dict);
    out.push(STREAM);
    out.push(obj.contents);
    out.push(ENDSTREAM);
  } else out.push(bytesOf(obj));
}

class Out {
  chunks: Uint8Array[] = [];
  offset = 0;
  push(b: Uint8Array) {
    this.chunks.push(b);
    this.offset += b.length;
  }
  text(s: string) {
    this.push(enc.encode(s));
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.offset);
    let o = 0;
    for (const c of this.chunks) {
      out.set(c, o);
      o += c.length;
    }
    return out;
  }
}

function writeIndirect(out: Out, num: number, gen: number, obj: PDFObject): void {
  out.text(`${num} ${gen} obj\n`);
  pushObject(out, obj);
  out.text('\nendobj\n');
}

export function serialize(context: PDFContext, version: string, options: SerializeOptions = {}): Uint8Array {
  return options.objectStreams
    ? serializeWithObjectStreams(context, version, options.level ?? 6, options)
    : serializeClassic(context, version, options);
}

/** The indirect objects, each encrypted for its number when the file is encrypted. */
function objectsOf(context: PDFContext, options: SerializeOptions): [PDFRef, PDFObject][] {
  const objects = context.enumerateIndirectObjects();
  const crypt = options.encryption;
  if (!crypt) return objects;
  return objects.map(([ref, obj]) =>
    ref === crypt.ref ? [ref, obj] : [ref, encryptObject(context, obj, ref.objectNumber, crypt.encryptor)],
  );
}

/** The trailer entries besides /Size. */
function trailerEntries(context: PDFContext, options: SerializeOptions): Record<string, unknown> {
  const t: Record<string, unknown> = { Root: context.trailerInfo.Root };
  if (options.encryption) t.Encrypt = options.encryption.ref;
  t.ID = context.trailerInfo.ID;
  if (context.trailerInfo.Info) t.Info = context.trailerInfo.Info;
  return t;
}

function serializeClassic(context: PDFContext, version: string, options: SerializeOptions): Uint8Array {
  const objects = objectsOf(context, options);
  const out = new Out();
  out.push(header(version));
  const offsets: number[] = [];
  let maxNumber = 0;
  for (const [ref, obj] of objects) {
    offsets[ref.objectNumber] = out.offset;
    if (ref.objectNumber > maxNumber) maxNumber = ref.objectNumber;
    writeIndirect(out, ref.objectNumber, ref.generationNumber, obj);
  }
  const xrefAt = out.offset;
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n|f, CR LF.
  let xref = `xref\n0 ${maxNumber + 1}\n0000000000 65535 f\r\n`;
  for (let n = 1; n <= maxNumber; n++) {
    const o = offsets[n];
    xref += o === undefined ? '0000000000 65535 f\r\n' : `${String(o).padStart(10, '0')} 00000 n\r\n`;
  }
  out.text(xref);
  const trailer = context.obj({ Size: maxNumber + 1, ...trailerEntries(context, options) } as never);
  out.text('trailer\n');
  pushObject(out, trailer);
  out.text(`\nstartxref\n${xrefAt}\n%%EOF\n`);
  return out.bytes();
}

function serializeWithObjectStreams(
  context: PDFContext,
  version: string,
  level: number,
  options: SerializeOptions,
): Uint8Array {
  // Objects packed into an object stream are not encrypted one by one: the object stream is (§7.6.2).
  const objects = context.enumerateIndirectObjects();
  const crypt = options.encryption;
  const standalone = (ref: PDFRef) => ref === crypt?.ref || !!options.standalone?.has(ref);
  const out = new Out();
  out.push(header(version));
  // Entry per object number: [type, field2, field3] as §7.5.8.3 Table 18 (1: offset; 2: stream, index).
  const entries: [number, number, number][] = [];
  let maxNumber = 0;
  const packed: [PDFRef, PDFObject][] = [];
  for (const [ref, obj] of objects) {
    if (ref.objectNumber > maxNumber) maxNumber = ref.objectNumber;
    // Streams cannot live in an object stream (§7.5.7), nor objects of a non-zero generation.
    if (obj instanceof PDFStream || ref.generationNumber !== 0 || standalone(ref)) {
      entries[ref.objectNumber] = [1, out.offset, ref.generationNumber];
      const written = crypt && ref !== crypt.ref ? encryptObject(context, obj, ref.objectNumber, crypt.encryptor) : obj;
      writeIndirect(out, ref.objectNumber, ref.generationNumber, written);
    } else {
      packed.push([ref, obj]);
    }
  }
  let next = maxNumber + 1;
  for (let i = 0; i < packed.length; i += OBJECTS_PER_STREAM) {
    const group = packed.slice(i, i + OBJECTS_PER_STREAM);
    const streamNumber = next++;
    const bodies = group.map(([, obj]) => bytesOf(obj));
    let head = '';
    let pos = 0;
    group.forEach(([ref], j) => {
      head += `${ref.objectNumber} ${pos} `;
      pos += bodies[j].length + 1;
      entries[ref.objectNumber] = [2, streamNumber, j];
    });
    const first = enc.encode(head.trimEnd() + '\n');
    const raw = new Uint8Array(first.length + pos);
    raw.set(first);
    let o = first.length;
    for (const b of bodies) {
      raw.set(b, o);
      o += b.length;
      raw[o++] = 0x0a;
    }
    const deflated = deflateSync(raw, { level });
    const stream = context.stream(crypt ? crypt.encryptor.encrypt(deflated, streamNumber) : deflated, {
      Type: 'ObjStm',
      N: group.length,
      First: first.length,
      Filter: 'FlateDecode',
    });
    entries[streamNumber] = [1, out.offset, 0];
    writeIndirect(out, streamNumber, 0, stream);
  }
  // The cross-reference stream itself (§7.5.8): its own entry, then the table; W [1 4 2] holds
  // offsets up to 4 GiB and indexes up to 65 535.
  const xrefNumber = next++;
  const size = xrefNumber + 1;
  entries[xrefNumber] = [1, out.offset, 0];
  const table = new Uint8Array(size * 7);
  for (let n = 0; n < size; n++) {
    const [t, a, b] = entries[n] ?? (n === 0 ? [0, 0, 65535] : [0, 0, 0]);
    const k = n * 7;
    table[k] = t;
    table[k + 1] = (a >>> 24) & 0xff;
    table[k + 2] = (a >>> 16) & 0xff;
    table[k + 3] = (a >>> 8) & 0xff;
    table[k + 4] = a & 0xff;
    table[k + 5] = (b >>> 8) & 0xff;
    table[k + 6] = b & 0xff;
  }
  const dict: Record<string, unknown> = {
    Type: 'XRef',
    Size: size,
    W: [1, 4, 2],
    Filter: 'FlateDecode',
    ...trailerEntries(context, options),
  };
  const xref = context.stream(deflateSync(table, { level }), dict as never);
  const xrefAt = out.offset;
  writeIndirect(out, xrefNumber, 0, xref);
  out.text(`startxref\n${xrefAt}\n%%EOF\n`);
  return out.bytes();
}
