// passes/emit/document/attachments.ts — emit sub-step: files carried beside the pages (ISO 32000-1 §7.11.3–4,
// ISO 32000-2 §14.13 associated files). Each attachment becomes an embedded file stream (MIME
// /Subtype, /Params with /Size, /CheckSum (MD5), /ModDate) under a file specification (/F and /UF
// file name, /Desc, /AFRelationship, /CI collection values), keyed in the EmbeddedFiles name tree by
// its name (the part). A file a page claims (page_files) goes in that page's /AF; a file nothing
// claims belongs to the document (catalog /AF). The invoice XML (invoice.ts) is written the same way.
import { createHash } from 'node:crypto';
import { type PDFContext, PDFHexString, PDFName, type PDFRef } from 'pdf-lib';
import { flateStream } from '../../../engines/pdf/compression.js';
import { pdfAsciiString, pdfText } from '../../../engines/pdf/pdf-text.js';
import { pdfDate } from '../../../ir/read/timestamp.js';
import type { Attachment, ColumnValue, Relationship, Timestamp } from '../../../ir/standards-types.js';
import type { DocSettings } from '../../../ir/types.js';
import type { PassContext } from '../../pass.js';

const AF_RELATIONSHIP: Record<Relationship, string> = {
  source: 'Source',
  alternative: 'Alternative',
  data: 'Data',
  supplement: 'Supplement',
  unspecified: 'Unspecified',
};

export interface EmbeddedFile {
  /** Key in the EmbeddedFiles name tree. */
  key: string;
  fileName: string;
  description: string;
  mediaType: string;
  relationship: Relationship;
  modified: Timestamp;
  bytes: Uint8Array;
  /** Collection item values (/CI), by column key. */
  columns?: { key: string; value: ColumnValue }[];
}

function columnValue(v: ColumnValue, pdf20: boolean): unknown {
  if (v.kind === 'text') return pdfText(v.value);
  if (v.kind === 'date') return pdfText(pdfDate(v.value, pdf20));
  return v.value;
}

/** Writes one embedded file and its file specification; returns the file specification. */
export function writeEmbeddedFile(context: PDFContext, f: EmbeddedFile, level: number, pdf20: boolean): PDFRef {
  const stream = flateStream(context, f.bytes, level, {
    Type: 'EmbeddedFile',
    Subtype: PDFName.of(f.mediaType),
    Params: context.obj({
      Size: f.bytes.length,
      CheckSum: PDFHexString.of(createHash('md5').update(f.bytes).digest('hex').toUpperCase()),
      ModDate: pdfText(pdfDate(f.modified, pdf20)),
    } as never),
  });
  const spec: Record<string, unknown> = {
    Type: 'Filespec',
    F: pdfAsciiString(f.fileName),
    UF: pdfText(f.fileName),
    Desc: pdfText(f.description),
    EF: context.obj({ F: stream, UF: stream }),
    AFRelationship: PDFName.of(AF_RELATIONSHIP[f.relationship]),
  };
  if (f.columns?.length) {
    const ci: Record<string, unknown> = { Type: 'CollectionItem' };
    for (const c of f.columns) ci[c.key] = columnValue(c.value, pdf20);
    spec.CI = context.obj(ci as never);
  }
  return context.register(context.obj(spec as never));
}

export interface WrittenFiles {
  /** Name-tree entries (key → file specification), in the order carried. */
  entries: [string, PDFRef][];
  /** File specifications by attachment name (for page and image /AF). */
  byName: Map<string, PDFRef>;
  /** Files that belong to the document: the catalog's /AF. */
  documentFiles: PDFRef[];
}

function fromAttachment(a: Attachment, bytes: Uint8Array): EmbeddedFile {
  return {
    key: a.name,
    fileName: a.fileName,
    description: a.description,
    mediaType: a.mediaType,
    relationship: a.relationship,
    modified: a.modified,
    bytes,
    columns: a.columns,
  };
}

/**
 * Writes every attachment. `claimedElsewhere` holds names an image claims (images[].files): they
 * belong to that image, as page_files' names belong to their pages, and not to the document.
 */
export function writeAttachments(
  context: PDFContext,
  doc: DocSettings,
  ctx: PassContext,
  level: number,
  pdf20: boolean,
  claimedElsewhere: ReadonlySet<string> = new Set(),
): WrittenFiles {
  const out: WrittenFiles = { entries: [], byName: new Map(), documentFiles: [] };
  const files = doc.files;
  if (!files) return out;
  const claimed = new Set(claimedElsewhere);
  for (const pf of files.pageFiles) for (const f of pf.files) claimed.add(f.name);
  for (const a of files.attachments) {
    const ref = writeEmbeddedFile(context, fromAttachment(a, ctx.parts.get(a.name)!), level, pdf20);
    out.entries.push([a.name, ref]);
    out.byName.set(a.name, ref);
    if (!claimed.has(a.name)) out.documentFiles.push(ref);
  }
  return out;
}

/** /AF of each page that claims files (page_files; a page named twice claims the files of both entries). */
export function pageFileRefs(doc: DocSettings, written: WrittenFiles): Map<number, PDFRef[]> {
  const out = new Map<number, PDFRef[]>();
  for (const pf of doc.files?.pageFiles ?? []) {
    const list = out.get(pf.page) ?? [];
    for (const f of pf.files) {
      const ref = written.byName.get(f.name)!;
      if (!list.includes(ref)) list.push(ref);
    }
    out.set(pf.page, list);
  }
  return out;
}
