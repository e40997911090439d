// passes/emit/serialize.ts — writes a pdf-lib object graph to bytes, synchronously: header with a
// binary comment line, every indirect object in number order, a classic cross-reference table and
// the trailer with /ID. pdf-lib's own PDFWriter is asynchronous (it yields every few objects); the
// objects themselves know how to copy their bytes, so the writer here is a loop.
import { PDFRawStream, type PDFContext } from 'pdf-lib';

const enc = new TextEncoder();

/** Header: version line, then a comment of four bytes above 127 so transports treat the file as binary (ISO 32000-1 §7.5.2; PDF/A 6.1.2). */
function header(version: string): Uint8Array {
  const head = enc.encode(`%PDF-${version}\n%`);
  const out = new Uint8Array(head.length + 5);
  out.set(head);
  out.set([0xe2, 0xe3, 0xcf, 0xd3, 0x0a], head.length);
  return out;
}

export function serialize(context: PDFContext, version: string): Uint8Array {
  const objects = context.enumerateIndirectObjects();
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const push = (b: Uint8Array) => { chunks.push(b); offset += b.length; };
  push(header(version));
  const offsets: number[] = [];
  let maxNumber = 0;
  for (const [ref, obj] of objects) {
    offsets[ref.objectNumber] = offset;
    if (ref.objectNumber > maxNumber) maxNumber = ref.objectNumber;
    push(enc.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    if (obj instanceof PDFRawStream) {
      // pdf-lib copies stream contents a byte at a time; a 20 MB image would take most of a second.
      // The dictionary is written by pdf-lib, the contents pushed as they are (one copy, at the end).
      obj.updateDict();
      const dict = new Uint8Array(obj.dict.sizeInBytes());
      obj.dict.copyBytesInto(dict, 0);
      push(dict);
      push(enc.encode('\nstream\n'));
      push(obj.contents);
      push(enc.encode('\nendstream\nendobj\n'));
      continue;
    }
    const body = new Uint8Array(obj.sizeInBytes());
    obj.copyBytesInto(body, 0);
    push(body);
    push(enc.encode('\nendobj\n'));
  }
  const xrefAt = offset;
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n|f, CR LF.
  let xref = `xref\n0 ${maxNumber + 1}\n0000000000 65535 f\r\n`;
  for (let n = 1; n <= maxNumber; n++) {
    const o = offsets[n];
    xref += o === undefined ? '0000000000 65535 f\r\n' : `${String(o).padStart(10, '0')} 00000 n\r\n`;
  }
  push(enc.encode(xref));
  const trailer = context.obj({ Size: maxNumber + 1, Root: context.trailerInfo.Root, ID: context.trailerInfo.ID, Info: context.trailerInfo.Info });
  const tb = new Uint8Array(trailer.sizeInBytes());
  trailer.copyBytesInto(tb, 0);
  push(enc.encode('trailer\n'));
  push(tb);
  push(enc.encode(`\nstartxref\n${xrefAt}\n%%EOF\n`));
  const out = new Uint8Array(offset);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}
