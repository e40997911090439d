// verifier/cos.ts — reading the object graph: loads any PDF's bytes into pdf-lib's object model
// (tolerantly: a broken object is skipped, encryption is not refused here) and gives the checks small
// typed accessors (name, number, dict, array, stream data) that resolve indirect references.

import '../ir/pdf-name-pool.js'; // every name of a PDF read is weakly held
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import {
  decodePDFRawStream,
  ParseSpeeds,
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { type RawFile, scanRaw } from './raw.js';

export {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
};

/** A PDF as the checks see it: the bytes' raw facts and the object graph. */
export interface Loaded {
  raw: RawFile;
  context: PDFContext;
  catalog?: PDFDict;
  trailer: { Root?: PDFObject; Encrypt?: PDFObject; Info?: PDFObject; ID?: PDFObject };
  /** Decoded stream data, memoised (a content stream is read by several checks). */
  decoded: Map<PDFStream, Uint8Array | null>;
}

/** The file could not be read as a PDF at all (exit 2 of `quire verify`). */
export class UnreadablePdf extends Error {}

/** Loads bytes; throws UnreadablePdf when not even a catalog can be found. */
export async function loadPdf(bytes: Uint8Array): Promise<Loaded> {
  const raw = scanRaw(bytes);
  let doc: PDFDocument;
  const warn = console.warn;
  const log = console.log;
  console.warn = () => {}; // pdf-lib reports every object it skips on the console
  console.log = () => {};
  try {
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (e) {
    throw new UnreadablePdf(e instanceof Error ? e.message : String(e));
  } finally {
    console.warn = warn;
    console.log = log;
  }
  const context = doc.context;
  const t = context.trailerInfo;
  const catalog = context.lookup(t.Root);
  return {
    raw,
    context,
    catalog: catalog instanceof PDFDict ? catalog : undefined,
    trailer: { Root: t.Root, Encrypt: t.Encrypt, Info: t.Info, ID: t.ID },
    decoded: new Map(),
  };
}

/** The graph just emitted (passes/emit/emit.ts) with the bytes serialised from it: nothing to parse. */
export function loadFromContext(bytes: Uint8Array, context: PDFContext): Loaded {
  const t = context.trailerInfo;
  const catalog = context.lookup(t.Root);
  return {
    raw: scanRaw(bytes),
    context,
    catalog: catalog instanceof PDFDict ? catalog : undefined,
    trailer: { Root: t.Root, Encrypt: t.Encrypt, Info: t.Info, ID: t.ID },
    decoded: new Map(),
  };
}

// ——— accessors ———

export function resolve(ctx: PDFContext, o: PDFObject | undefined): PDFObject | undefined {
  let v = o;
  for (let i = 0; i < 32 && v instanceof PDFRef; i++) v = ctx.lookup(v);
  return v instanceof PDFRef ? undefined : v;
}

export function get(ctx: PDFContext, d: PDFDict | undefined, key: string): PDFObject | undefined {
  if (!d) return undefined;
  return resolve(ctx, d.get(PDFName.of(key)));
}

export function has(d: PDFDict | undefined, key: string): boolean {
  return !!d && d.has(PDFName.of(key));
}

export function nameOf(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFName ? o.decodeText() : undefined;
}

export function getName(ctx: PDFContext, d: PDFDict | undefined, key: string): string | undefined {
  return nameOf(get(ctx, d, key));
}

export function getNumber(ctx: PDFContext, d: PDFDict | undefined, key: string): number | undefined {
  const v = get(ctx, d, key);
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

export function getBool(ctx: PDFContext, d: PDFDict | undefined, key: string): boolean | undefined {
  const v = get(ctx, d, key);
  return v instanceof PDFBool ? v.asBoolean() : undefined;
}

/** The dictionary of a dictionary or of a stream. */
export function dictOf(o: PDFObject | undefined): PDFDict | undefined {
  if (o instanceof PDFDict) return o;
  if (o instanceof PDFStream) return o.dict;
  return undefined;
}

export function getDict(ctx: PDFContext, d: PDFDict | undefined, key: string): PDFDict | undefined {
  return dictOf(get(ctx, d, key));
}

export function getArray(ctx: PDFContext, d: PDFDict | undefined, key: string): PDFArray | undefined {
  const v = get(ctx, d, key);
  return v instanceof PDFArray ? v : undefined;
}

export function arrayItems(ctx: PDFContext, a: PDFArray | undefined): PDFObject[] {
  if (!a) return [];
  const out: PDFObject[] = [];
  for (let i = 0; i < a.size(); i++) {
    const v = resolve(ctx, a.get(i));
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Dictionary entries with values resolved. */
export function entries(ctx: PDFContext, d: PDFDict | undefined): [string, PDFObject][] {
  if (!d) return [];
  const out: [string, PDFObject][] = [];
  for (const [k, v] of d.entries()) {
    const r = resolve(ctx, v);
    if (r !== undefined) out.push([k.decodeText(), r]);
  }
  return out;
}

/** Filter names of a stream, in order. */
export function filtersOf(ctx: PDFContext, d: PDFDict): string[] {
  const f = get(ctx, d, 'Filter');
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray)
    return arrayItems(ctx, f)
      .map(nameOf)
      .filter((x): x is string => !!x);
  return [];
}

const MAX_DECODED = 64 * 1024 * 1024; // a stream that inflates past this is not read further

/** The decoded bytes of a stream; null when its filters cannot be undone here. */
export function streamData(l: Loaded, s: PDFObject | undefined): Uint8Array | null {
  if (!(s instanceof PDFStream)) return null;
  const memo = l.decoded.get(s);
  if (memo !== undefined) return memo;
  let out: Uint8Array | null = null;
  try {
    if (s instanceof PDFRawStream) {
      const filters = filtersOf(l.context, s.dict);
      if (filters.length === 0) out = s.contents;
      else if (filters.length === 1 && filters[0] === 'FlateDecode' && !has(s.dict, 'DecodeParms')) {
        // node's zlib, many times faster than pdf-lib's JavaScript inflater; a damaged tail is forgiven
        out = inflateSync(s.contents, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
      } else out = decodePDFRawStream(s).decode();
    } else {
      out = s.getContents();
    }
    if (out && out.length > MAX_DECODED) out = null;
  } catch {
    out = null;
  }
  l.decoded.set(s, out);
  return out;
}

/** Text of a PDF string (PDFDocEncoding / UTF-16 handled by pdf-lib). */
export function textOf(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) {
    try {
      return o.decodeText();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Object number of a reference, for messages. */
export function refLabel(ctx: PDFContext, o: PDFObject): string {
  const ref = ctx.getObjectRef(o);
  return ref ? `${ref.objectNumber} ${ref.generationNumber} obj` : 'direct object';
}
