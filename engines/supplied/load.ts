// engines/supplied/load.ts — reading a supplied PDF (a template or an imported page's part): the bomb
// guard over its raw streams first (engines/supplied/guard.ts), then pdf-lib's parser, then the
// answers docs/reference.md gives: an encrypted file is refused, a file pdf-lib cannot read is
// refused naming the part. Each part is read once per render however many items name it.
import {
  PDFDocument,
  PDFName,
  PDFObjectStreamParser,
  type PDFPage,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFXRefStreamParser,
} from 'pdf-lib';
import '../../ir/pdf-name-pool.js'; // every name a supplied PDF holds is read through PDFName.of: weakly held
import { currentBudget } from '../../ir/memory-budget.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { SuppliedPdf } from '../../ir/supplied-pdf.js';
import { DEFAULT_UNPACK_LIMIT, guardRawStreams, UnpackLimitError } from './guard.js';

/**
 * Refuses a stream of `src` that unpacks past its limit: 400 naming `supplied_pdfs.unpack_limit`
 * when the description's limit held, 413 naming the server's ceiling when the memory budget did.
 */
export function refuseUnpack(src: Pick<SuppliedPdf, 'part' | 'unpackLimit' | 'unpackBy'>, at: JsonPointer): never {
  const values = { part: src.part, at, limit: src.unpackLimit };
  if (src.unpackBy === 'server') refuse('suppliedPdfPastMemory', at, values);
  refuse('suppliedPdfBomb', at, values);
}

/**
 * Loads a supplied PDF. `asked` is the description's unpack limit (or the default); the server's
 * ceiling is the default limit (64 MiB; a stream is unpacked more than once — the guard, the word
 * count, the page's content — so its share of the budget is kept well under the whole) or what is
 * left of the render's memory budget when less. The lower of the two holds: a description can lower
 * the ceiling, never raise it (issue 20: `unpack_limit: 4e8` let a 307 KB file take 859 MB).
 */
export function loadSuppliedPdf(bytes: Uint8Array, part: string, at: JsonPointer, asked: number): SuppliedPdf {
  const ceiling = Math.min(DEFAULT_UNPACK_LIMIT, currentBudget().left);
  const limits = {
    part,
    unpackLimit: Math.min(asked, ceiling),
    unpackBy: ceiling < asked ? ('server' as const) : ('description' as const),
  };
  const unpackLimit = limits.unpackLimit;
  try {
    guardRawStreams(bytes, unpackLimit);
  } catch (e) {
    if (e instanceof UnpackLimitError) refuseUnpack(limits, at);
    throw e;
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  if (!head.includes('%PDF-'))
    refuse('suppliedPdfUnreadable', at, { part, at, detail: 'it does not start with a PDF header' });
  let doc: PDFDocument;
  try {
    doc = loadSync(bytes);
  } catch (e) {
    if (e instanceof UnpackLimitError) refuseUnpack(limits, at);
    refuse('suppliedPdfUnreadable', at, { part, at, detail: firstLine(e) });
  }
  if (doc.isEncrypted) refuse('suppliedPdfEncrypted', at, { part, at });
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch (e) {
    refuse('suppliedPdfUnreadable', at, { part, at, detail: firstLine(e) });
  }
  if (pages.length === 0) refuse('suppliedPdfUnreadable', at, { part, at, detail: 'it has no pages' });
  return { ...limits, doc, pages };
}

/**
 * pdf-lib's `PDFDocument.load` is asynchronous only because its parser yields to the event loop
 * every few objects; the pipeline is synchronous. This is the same parse driven synchronously:
 * PDFParser's own header, object, cross-reference and trailer steps in the order `parseDocument`
 * runs them, object streams through PDFObjectStreamParser's synchronous steps.
 */
function loadSync(bytes: Uint8Array): PDFDocument {
  // biome-ignore lint/suspicious/noExplicitAny: pdf-lib keeps its parsers' synchronous steps untyped (private API)
  const parser = PDFParser.forBytesWithOptions(bytes, Infinity, false, false) as any;
  parser.alreadyParsed = true;
  parser.context.header = parser.parseHeader();
  let prevOffset = -1;
  while (!parser.bytes.done()) {
    parseIndirectObjects(parser);
    parser.maybeParseCrossRefSection();
    parser.maybeParseTrailerDict();
    parser.maybeParseTrailer();
    parser.skipJibberish();
    const offset = parser.bytes.offset();
    if (offset === prevOffset) throw new Error('the parser stalled');
    prevOffset = offset;
  }
  parser.maybeRecoverRoot();
  if (parser.context.lookup(PDFRef.of(0))) parser.context.delete(PDFRef.of(0));
  // The constructor is private in the typings; load() calls it exactly so (ignoreEncryption: we decide, updateMetadata: no).
  return new (PDFDocument as unknown as new (c: unknown, i: boolean, u: boolean) => PDFDocument)(
    parser.context,
    true,
    false,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: pdf-lib keeps its parsers' synchronous steps untyped (private API)
function parseIndirectObjects(parser: any): void {
  parser.skipWhitespaceAndComments();
  while (!parser.bytes.done() && parser.bytes.peek() >= 0x30 && parser.bytes.peek() <= 0x39) {
    const initial = parser.bytes.offset();
    try {
      parseIndirectObject(parser);
    } catch {
      parser.bytes.moveTo(initial);
      parser.tryToParseInvalidIndirectObject();
    }
    parser.skipWhitespaceAndComments();
    parser.skipJibberish();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: pdf-lib keeps its parsers' synchronous steps untyped (private API)
function parseIndirectObject(parser: any): void {
  const ref = parser.parseIndirectObjectHeader();
  parser.skipWhitespaceAndComments();
  const object = parser.parseObject();
  parser.skipWhitespaceAndComments();
  parser.matchKeyword(KEYWORD_ENDOBJ);
  if (object instanceof PDFRawStream && object.dict.lookup(PDFName.of('Type')) === PDFName.of('ObjStm')) {
    // biome-ignore lint/suspicious/noExplicitAny: pdf-lib keeps its parsers' synchronous steps untyped (private API)
    const os = PDFObjectStreamParser.forStream(object, () => false) as any;
    os.alreadyParsed = true;
    for (const { objectNumber, offset } of os.parseOffsetsAndObjectNumbers() as {
      objectNumber: number;
      offset: number;
    }[]) {
      os.bytes.moveTo(os.firstOffset + offset);
      os.context.assign(PDFRef.of(objectNumber, 0), os.parseObject());
    }
  } else if (object instanceof PDFRawStream && object.dict.lookup(PDFName.of('Type')) === PDFName.of('XRef')) {
    PDFXRefStreamParser.forStream(object).parseIntoContext();
  } else {
    parser.context.assign(ref, object);
  }
}

/** `endobj` as the parser's keyword table spells it (char codes). */
const KEYWORD_ENDOBJ = [...'endobj'].map((c) => c.charCodeAt(0));

function firstLine(e: unknown): string {
  const s = e instanceof Error ? e.message : String(e);
  return (s.split('\n')[0] || 'unknown error').replace(/\.$/, '').slice(0, 200).toLowerCase();
}
