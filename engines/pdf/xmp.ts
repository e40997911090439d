// engines/pdf/xmp.ts — PDF engine: an XMP packet (ISO 16684-1; PDF/A 19005-1 6.7, -2/-3 6.6,
// -4 6.7) from metadata facts, with what a claim adds (pdfaid identification, PDF/A extension schema
// descriptions, further schemas such as Factur-X's). Used for the document's packet, a page's
// (page_metadata) and an image's. The packet is plain UTF-8 without the bytes/encoding attributes
// PDF/A-1 forbids, and every text is escaped for XML; dates come from the same parsed timestamp as
// the Info dictionary's, so both say the same.

import { xmpDate } from '../../ir/read/timestamp.js';
import type { MetadataFacts, XmpValue } from '../../ir/standards-types.js';

export const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  xmpMM: 'http://ns.adobe.com/xap/1.0/mm/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
} as const;

/** One property of a PDF/A extension schema description (19005-1 6.7.8, Table 3–5). */
export interface ExtensionProperty {
  name: string;
  valueType: string;
  category: 'internal' | 'external';
  description: string;
}

/** An extension schema: its description (written under pdfaExtension) and its values. */
export interface XmpExtraSchema {
  /** The schema's human name (pdfaSchema:schema). */
  schema: string;
  namespace: string;
  prefix: string;
  /** Properties in order, each with its value already as XMP (escaped element content or an rdf container). */
  properties: (ExtensionProperty & { xml: string })[];
}

export interface XmpInput {
  facts?: MetadataFacts;
  /** PDF/A identification (pdfaid:part, :conformance, :rev). */
  pdfaid?: { part: number; conformance?: string; rev?: number };
  /** xmpMM identifiers (uuid: URIs); InstanceID is left out where the claim's XMP predates it. */
  documentId?: string;
  instanceId?: string;
  /** Whether pdf:Trapped may be written (PDF/A-1's pdf schema, XMP 2004, does not define it). */
  trappedInXmp: boolean;
  /** Further schemas written with descriptions (Factur-X's, the request's own `schemas`). */
  extra?: XmpExtraSchema[];
  /** Whether the extension schemas get pdfaExtension descriptions (under an archive claim). */
  describeExtensions: boolean;
  /** dc:format: the media type of what the packet describes (default the document, application/pdf; an image's is its own). */
  format?: string;
}

/**
 * Escapes XML element content and attribute values. A carriage return is written as a character
 * reference: an XML reader turns a literal one into a line feed (XML 1.0 §2.11), and the packet must
 * read back the same text as the Info dictionary beside it.
 */
export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#xD;');
}

const VALUE_TYPES: Record<XmpValue['kind'], string> = {
  text: 'Text',
  integer: 'Integer',
  real: 'Real',
  boolean: 'Boolean',
  seq: 'seq Text',
};

function valueXml(v: XmpValue): string {
  switch (v.kind) {
    case 'text':
      return xmlEscape(v.value);
    case 'integer':
      return String(v.value);
    // XMP Real: a decimal, never an exponent.
    case 'real':
      return Number.isInteger(v.value)
        ? String(v.value)
        : v.value
            .toFixed(Math.min(20, Math.max(1, -Math.floor(Math.log10(Math.abs(v.value) || 1)) + 15)))
            .replace(/0+$/, '')
            .replace(/\.$/, '');
    case 'boolean':
      return v.value ? 'True' : 'False';
    case 'seq':
      return `<rdf:Seq>${v.value.map((s) => `<rdf:li>${xmlEscape(s)}</rdf:li>`).join('')}</rdf:Seq>`;
  }
}

/** The request's own schemas (`metadata.schemas`) as extra schemas. */
export function requestSchemas(facts: MetadataFacts | undefined): XmpExtraSchema[] {
  return (facts?.schemas ?? []).map((s) => ({
    schema: s.description ?? s.prefix,
    namespace: s.namespace,
    prefix: s.prefix,
    properties: s.properties.map((p) => ({
      name: p.name,
      valueType: VALUE_TYPES[p.value.kind],
      category: 'external' as const,
      description: p.name,
      xml: valueXml(p.value),
    })),
  }));
}

function description(ns: Record<string, string>, body: string[]): string {
  if (!body.length) return '';
  const decl = Object.entries(ns)
    .map(([p, u]) => ` xmlns:${p}="${xmlEscape(u)}"`)
    .join('');
  return `  <rdf:Description rdf:about=""${decl}>\n${body.map((l) => `   ${l}\n`).join('')}  </rdf:Description>\n`;
}

const alt = (s: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(s)}</rdf:li></rdf:Alt>`;

function extensionDescriptions(extra: XmpExtraSchema[]): string {
  const schemas = extra.map((s) =>
    [
      '<rdf:li rdf:parseType="Resource">',
      ` <pdfaSchema:schema>${xmlEscape(s.schema)}</pdfaSchema:schema>`,
      ` <pdfaSchema:namespaceURI>${xmlEscape(s.namespace)}</pdfaSchema:namespaceURI>`,
      ` <pdfaSchema:prefix>${s.prefix}</pdfaSchema:prefix>`,
      ' <pdfaSchema:property>',
      '  <rdf:Seq>',
      ...s.properties.map((p) =>
        [
          '   <rdf:li rdf:parseType="Resource">',
          `    <pdfaProperty:name>${p.name}</pdfaProperty:name>`,
          `    <pdfaProperty:valueType>${p.valueType}</pdfaProperty:valueType>`,
          `    <pdfaProperty:category>${p.category}</pdfaProperty:category>`,
          `    <pdfaProperty:description>${xmlEscape(p.description)}</pdfaProperty:description>`,
          '   </rdf:li>',
        ].join('\n'),
      ),
      '  </rdf:Seq>',
      ' </pdfaSchema:property>',
      '</rdf:li>',
    ].join('\n'),
  );
  return description({ pdfaExtension: NS.pdfaExtension, pdfaSchema: NS.pdfaSchema, pdfaProperty: NS.pdfaProperty }, [
    `<pdfaExtension:schemas>\n<rdf:Bag>\n${schemas.join('\n')}\n</rdf:Bag>\n</pdfaExtension:schemas>`,
  ]);
}

/** The packet as UTF-8 bytes (xpacket wrapper with the BOM in `begin`, writable trailer). */
export function xmpPacket(input: XmpInput): Uint8Array {
  const f = input.facts;
  const dc: string[] = [`<dc:format>${input.format ?? 'application/pdf'}</dc:format>`];
  if (f?.title !== undefined) dc.push(`<dc:title>${alt(f.title)}</dc:title>`);
  if (f?.author !== undefined)
    dc.push(`<dc:creator><rdf:Seq><rdf:li>${xmlEscape(f.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (f?.subject !== undefined) dc.push(`<dc:description>${alt(f.subject)}</dc:description>`);
  const xmp: string[] = [];
  if (f?.created) xmp.push(`<xmp:CreateDate>${xmpDate(f.created)}</xmp:CreateDate>`);
  const modified = f?.modified ?? f?.created;
  if (modified) xmp.push(`<xmp:ModifyDate>${xmpDate(modified)}</xmp:ModifyDate>`);
  if (f?.creator !== undefined) xmp.push(`<xmp:CreatorTool>${xmlEscape(f.creator)}</xmp:CreatorTool>`);
  const pdf: string[] = [];
  if (f?.producer !== undefined) pdf.push(`<pdf:Producer>${xmlEscape(f.producer)}</pdf:Producer>`);
  if (f?.keywords !== undefined) pdf.push(`<pdf:Keywords>${xmlEscape(f.keywords)}</pdf:Keywords>`);
  if (f?.trapped !== undefined && input.trappedInXmp) pdf.push(`<pdf:Trapped>${f.trapped}</pdf:Trapped>`);
  const mm: string[] = [];
  if (input.documentId) mm.push(`<xmpMM:DocumentID>${input.documentId}</xmpMM:DocumentID>`);
  if (input.instanceId) mm.push(`<xmpMM:InstanceID>${input.instanceId}</xmpMM:InstanceID>`);
  const id: string[] = [];
  if (input.pdfaid) {
    id.push(`<pdfaid:part>${input.pdfaid.part}</pdfaid:part>`);
    if (input.pdfaid.rev !== undefined) id.push(`<pdfaid:rev>${input.pdfaid.rev}</pdfaid:rev>`);
    if (input.pdfaid.conformance) id.push(`<pdfaid:conformance>${input.pdfaid.conformance}</pdfaid:conformance>`);
  }
  const extra = input.extra ?? [];
  let body = '';
  body += description({ dc: NS.dc }, dc);
  body += description({ xmp: NS.xmp }, xmp);
  body += description({ pdf: NS.pdf }, pdf);
  body += description({ xmpMM: NS.xmpMM }, mm);
  body += description({ pdfaid: NS.pdfaid }, id);
  if (extra.length && input.describeExtensions) body += extensionDescriptions(extra);
  for (const s of extra)
    body += description(
      { [s.prefix]: s.namespace },
      s.properties.map((p) => `<${s.prefix}:${p.name}>${p.xml}</${s.prefix}:${p.name}>`),
    );
  const text = [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    `<x:xmpmeta xmlns:x="${NS.x}">`,
    ` <rdf:RDF xmlns:rdf="${NS.rdf}">`,
    body + ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
  return new TextEncoder().encode(text);
}
