// passes/emit/document/info.ts — emit sub-step: the document information dictionary (ISO 32000-1 §14.3.3),
// written from the same facts as the XMP packet so the two stay in step (PDF/A-1 6.7.3 Table 1:
// Title ↔ dc:title, Author ↔ dc:creator, Subject ↔ dc:description, Keywords ↔ pdf:Keywords,
// Creator ↔ xmp:CreatorTool, Producer ↔ pdf:Producer, CreationDate ↔ xmp:CreateDate,
// ModDate ↔ xmp:ModifyDate). PDF/A-4 files carry no Info dictionary (19005-4 6.1.3), see archive.ts.
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { pdfText } from '../../../engines/pdf/pdf-text.js';
import { pdfDate } from '../../../ir/read/timestamp.js';
import type { MetadataFacts } from '../../../ir/standards-types.js';

export function writeInfo(context: PDFContext, f: MetadataFacts | undefined, pdf20: boolean): PDFRef | undefined {
  if (!f) return undefined;
  const d: Record<string, unknown> = {};
  if (f.title !== undefined) d.Title = pdfText(f.title);
  if (f.author !== undefined) d.Author = pdfText(f.author);
  if (f.subject !== undefined) d.Subject = pdfText(f.subject);
  if (f.keywords !== undefined) d.Keywords = pdfText(f.keywords);
  if (f.creator !== undefined) d.Creator = pdfText(f.creator);
  if (f.producer !== undefined) d.Producer = pdfText(f.producer);
  if (f.created) d.CreationDate = pdfText(pdfDate(f.created, pdf20));
  const modified = f.modified ?? f.created;
  if (modified) d.ModDate = pdfText(pdfDate(modified, pdf20));
  if (f.trapped !== undefined) d.Trapped = PDFName.of(f.trapped);
  if (!Object.keys(d).length) return undefined;
  return context.register(context.obj(d as never));
}
