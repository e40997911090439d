// passes/emit/document/metadata.ts — emit sub-step: the document's metadata (catalog /Metadata and the
// trailer's /Info, from the same facts so they stay in step) and the pages' own (page_metadata →
// page /Metadata). Metadata streams are never compressed: PDF/A-1 6.7.2 forbids a filter on them, and
// ISO 32000-1 §14.3.2 wants them findable by tools that do not read PDF.
import type { PDFContext, PDFRef } from 'pdf-lib';
import { archiveRules } from '../../../engines/pdf/archive.js';
import { facturXSchema } from '../../../engines/pdf/invoice.js';
import { requestSchemas, type XmpExtraSchema, xmpPacket } from '../../../engines/pdf/xmp.js';
import type { MetadataFacts, PageMetadata } from '../../../ir/standards-types.js';
import type { DocSettings } from '../../../ir/types.js';
import { docVersion } from '../../../ir/version.js';
import type { PassContext } from '../../pass.js';
import { writeInfo } from './info.js';

/**
 * The PDF/UA identification schema (ISO 14289-1 §5, Table 1; ISO 14289-2 §5): pdfuaid:part, and for
 * PDF/UA-2 pdfuaid:rev, the year of the edition followed (2024).
 */
function pdfuaSchema(claim: 'pdfua1' | 'pdfua2'): XmpExtraSchema {
  const properties: XmpExtraSchema['properties'] = [
    {
      name: 'part',
      valueType: 'Integer',
      category: 'internal',
      description: 'Indicates, which part of ISO 14289 standard is followed',
      xml: claim === 'pdfua2' ? '2' : '1',
    },
  ];
  if (claim === 'pdfua2')
    properties.push({
      name: 'rev',
      valueType: 'Integer',
      category: 'internal',
      description: 'Indicates the year of the revision of ISO 14289 followed',
      xml: PDFUA2_REVISION,
    });
  return {
    schema: 'PDF/UA Universal Accessibility Schema',
    namespace: 'http://www.aiim.org/pdfua/ns/id/',
    prefix: 'pdfuaid',
    properties,
  };
}

/** ISO 14289-2:2024, the edition written (pdfuaid:rev, four digits). */
const PDFUA2_REVISION = '2024';

export function metadataStream(context: PDFContext, packet: Uint8Array): PDFRef {
  return context.register(context.stream(packet, { Type: 'Metadata', Subtype: 'XML' }));
}

/** A uuid: URI from the first 16 bytes of a hex digest (xmpMM identifiers). */
function uuid(hex: string): string {
  const h = hex.slice(0, 32).toLowerCase();
  return `uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * Writes the document's XMP packet and Info dictionary when the request states metadata, claims an
 * archive or carries an invoice; `idHex` is the trailer /ID, from which xmpMM:DocumentID comes.
 */
export function writeDocumentMetadata(
  context: PDFContext,
  doc: DocSettings,
  idHex: string,
): { metadata?: PDFRef; info?: PDFRef } {
  const std = doc.standards;
  if (!std || (!std.metadata && !std.archive && !std.invoice && !std.accessible)) return {};
  const rules = archiveRules(std.archive?.level);
  const extra = requestSchemas(std.metadata);
  if (std.invoice) extra.unshift(facturXSchema(std.invoice));
  // PDF/UA identification (ISO 14289-1/-2 §5), described under pdfaExtension when PDF/A is claimed too.
  if (std.accessible) extra.unshift(pdfuaSchema(std.accessible.claim));
  const packet = xmpPacket({
    facts: std.metadata,
    pdfaid: rules.pdfaid,
    documentId: std.archive ? uuid(idHex) : undefined,
    instanceId: std.archive && !rules.xmp2004 ? uuid(idHex) : undefined,
    trappedInXmp: !rules.xmp2004,
    extra,
    describeExtensions: rules.describeExtensions,
  });
  return {
    metadata: metadataStream(context, packet),
    info: rules.writesInfo ? writeInfo(context, std.metadata, docVersion(doc) === '2.0') : undefined,
  };
}

/** One page's metadata stream (page_metadata). */
export function writePageMetadata(context: PDFContext, pm: PageMetadata, doc: DocSettings, ctx: PassContext): PDFRef {
  return writeOwnMetadata(context, pm, doc, ctx);
}

/**
 * The metadata stream of one object (a page, an image XObject…): facts written as a packet of their
 * own (no pdfaid: the document states the standard once), or a supplied packet passed on as given.
 */
export function writeOwnMetadata(
  context: PDFContext,
  src: { facts?: MetadataFacts; packet?: { part: string } },
  doc: DocSettings,
  ctx: PassContext,
): PDFRef {
  if (src.packet) return metadataStream(context, ctx.parts.get(src.packet.part)!);
  const rules = archiveRules(doc.standards?.archive?.level);
  const pm = src;
  return metadataStream(
    context,
    xmpPacket({
      facts: pm.facts,
      trappedInXmp: !rules.xmp2004,
      extra: requestSchemas(pm.facts),
      describeExtensions: rules.describeExtensions,
    }),
  );
}
