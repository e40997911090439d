// ir/read/standards.ts — reading, the document-level standards keys (issue 7): archive, accessible,
// version, metadata (and the facts form shared with page_metadata and images), output_intent,
// compression, invoice. The schema has checked the shapes; here timestamps are parsed, text that XML
// cannot carry is refused, extra XMP schemas are checked as names, and the version to write is
// settled (the claim's default, raised by a collection). Relations to other keys are decided in
// passes/standards-check.ts.
import { DEFAULT_FLATE_LEVEL } from '../defaults.js';
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import type {
  ArchiveClaim,
  ArchiveConflict,
  ArchiveLevel,
  CompressionSettings,
  InvoiceSettings,
  MetadataFacts,
  OutputIntentSettings,
  PdfVersion,
  Standards,
  XmpSchema,
  XmpValue,
} from '../standards-types.js';
import { readTimestamp } from './timestamp.js';

/** Flate levels (spec Limits: "Compression level 1 to 9"). */
export const MIN_FLATE_LEVEL = 1;
export const MAX_FLATE_LEVEL = 9;
export { DEFAULT_FLATE_LEVEL } from '../defaults.js';

/** The claim strings → ISO 19005 part and pdfaid conformance letter. */
export function archiveLevel(claim: ArchiveClaim): ArchiveLevel {
  const part = Number(claim[4]) as 1 | 2 | 3 | 4;
  const letter = claim.slice(5).toUpperCase();
  const conformance = (letter || undefined) as ArchiveLevel['conformance'];
  return { claim, part, conformance, tagged: letter === 'A' };
}

/** Version a claim writes when the request declares none (the base version of each part). */
export function claimVersion(level: ArchiveLevel): PdfVersion {
  return level.part === 1 ? '1.4' : level.part === 4 ? '2.0' : '1.7';
}

// XML 1.0 §2.2 Char: tab, LF, CR and U+0020 up; surrogates only in pairs; not U+FFFE/U+FFFF.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text written into XMP (and the Info dictionary beside it): refused when XML cannot carry it. */
export function xmlText(s: string, p: JsonPointer): string {
  const m = NOT_XML.exec(s);
  if (m)
    refuse('xmlCharacter', p, { key: p, codepoint: m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') });
  return s;
}

// XML NCName, ASCII subset (a prefix or property name is written as an element name).
const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Prefixes and namespaces the service writes itself; an extra schema may not take them. */
export const RESERVED_PREFIXES = new Set([
  'x',
  'rdf',
  'xml',
  'xmlns',
  'dc',
  'xmp',
  'xmpMM',
  'xmpRights',
  'pdf',
  'pdfaid',
  'pdfuaid',
  'pdfx',
  'pdfaExtension',
  'pdfaSchema',
  'pdfaProperty',
  'pdfaType',
  'pdfaField',
  'fx',
]);
export const RESERVED_NAMESPACES = new Set([
  'adobe:ns:meta/',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/xap/1.0/',
  'http://ns.adobe.com/xap/1.0/mm/',
  'http://ns.adobe.com/xap/1.0/rights/',
  'http://ns.adobe.com/pdf/1.3/',
  'http://www.aiim.org/pdfa/ns/id/',
  'http://www.aiim.org/pdfua/ns/id/',
  'http://www.aiim.org/pdfa/ns/extension/',
  'http://www.aiim.org/pdfa/ns/schema#',
  'http://www.aiim.org/pdfa/ns/property#',
  'http://www.aiim.org/pdfa/ns/type#',
  'http://www.aiim.org/pdfa/ns/field#',
  'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
]);

function readXmpValue(v: D.XmpSchema['properties'][string], p: JsonPointer): XmpValue {
  if (typeof v === 'string') return { kind: 'text', value: xmlText(v, p) };
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) refuse('schemaType', p, { key: p, expected: 'a finite number' });
    return Number.isInteger(v) ? { kind: 'integer', value: v } : { kind: 'real', value: v };
  }
  return { kind: 'seq', value: (v ?? []).map((s, i) => xmlText(s, at(p, i))) };
}

function readSchemas(raw: D.XmpSchema[] | undefined, p: JsonPointer): XmpSchema[] {
  const seen = new Map<string, JsonPointer>();
  return (raw ?? []).map((s, i) => {
    const sp = at(p, i);
    const prefix = s.prefix;
    const namespace = s.namespace;
    if (!NCNAME.test(prefix) || prefix.toLowerCase().startsWith('xml'))
      refuse('xmlNameInvalid', at(sp, 'prefix'), { name: prefix, at: at(sp, 'prefix') });
    if (RESERVED_PREFIXES.has(prefix))
      refuse('xmpReserved', at(sp, 'prefix'), { kind: 'prefix', name: prefix, at: at(sp, 'prefix') });
    if (RESERVED_NAMESPACES.has(namespace))
      refuse('xmpReserved', at(sp, 'namespace'), { kind: 'namespace', name: namespace, at: at(sp, 'namespace') });
    xmlText(namespace, at(sp, 'namespace'));
    const earlier = seen.get(prefix);
    if (earlier !== undefined)
      refuse('nameDeclaredTwice', at(sp, 'prefix'), { name: prefix, at: at(sp, 'prefix'), earlier });
    seen.set(prefix, at(sp, 'prefix'));
    const props = s.properties;
    return {
      at: sp,
      namespace,
      prefix,
      description: s.description === undefined ? undefined : xmlText(s.description, at(sp, 'description')),
      properties: Object.keys(props).map((name) => {
        const pp = at(sp, 'properties', name);
        if (!NCNAME.test(name)) refuse('xmlNameInvalid', pp, { name, at: pp });
        return { name, value: readXmpValue(props[name], pp) };
      }),
    };
  });
}

const TRAPPED: Record<string, MetadataFacts['trapped']> = { true: 'True', false: 'False', unknown: 'Unknown' };

/** Metadata facts (document `metadata`, `page_metadata[].facts`, an image's `metadata.facts`). */
export function readMetadataFacts(raw: D.MetadataFacts, p: JsonPointer): MetadataFacts {
  const str = (k: 'title' | 'author' | 'subject' | 'keywords' | 'creator' | 'producer') => {
    const v = raw[k];
    return v === undefined ? undefined : xmlText(v, at(p, k));
  };
  const time = (k: 'created' | 'modified') => {
    const v = raw[k];
    return v === undefined ? undefined : readTimestamp(v, at(p, k));
  };
  return {
    at: p,
    title: str('title'),
    author: str('author'),
    subject: str('subject'),
    keywords: str('keywords'),
    creator: str('creator'),
    producer: str('producer'),
    created: time('created'),
    modified: time('modified'),
    trapped: raw.trapped === undefined ? undefined : TRAPPED[String(raw.trapped)],
    schemas: readSchemas(raw.schemas, at(p, 'schemas')),
  };
}

function readOutputIntent(raw: D.OutputIntent, p: JsonPointer): OutputIntentSettings {
  const str = (k: 'identifier' | 'info' | 'condition' | 'registry') => {
    const v = raw[k];
    return v === undefined ? undefined : xmlText(v, at(p, k));
  };
  return {
    at: p,
    identifier: str('identifier'),
    info: str('info'),
    condition: str('condition'),
    registry: str('registry'),
    profile: raw.profile === undefined ? undefined : { at: at(p, 'profile'), part: raw.profile },
    components: raw.components === undefined ? undefined : { at: at(p, 'components'), n: raw.components },
  };
}

function readCompression(raw: D.Compression, p: JsonPointer): CompressionSettings {
  const obj = typeof raw === 'object' && raw !== null ? raw : undefined;
  const level = typeof raw === 'number' ? raw : raw.level;
  const levelAt = obj ? at(p, 'level') : p;
  if (level !== undefined && (!Number.isInteger(level) || level < MIN_FLATE_LEVEL || level > MAX_FLATE_LEVEL)) {
    refuse('compressionLevel', levelAt, { key: levelAt, level, min: MIN_FLATE_LEVEL, max: MAX_FLATE_LEVEL });
  }
  return {
    at: p,
    level: level ?? DEFAULT_FLATE_LEVEL,
    objectStreams: obj?.object_streams,
    objectStreamsAt: obj?.object_streams === undefined ? undefined : at(p, 'object_streams'),
  };
}

function readInvoice(raw: D.Invoice, p: JsonPointer): InvoiceSettings {
  return {
    at: p,
    xml: { at: at(p, 'xml'), part: raw.xml },
    profile: raw.profile,
    version: xmlText(raw.version ?? '1.0', at(p, 'version')),
    relationship: raw.relationship,
    issued: readTimestamp(raw.issued, at(p, 'issued')),
  };
}

/**
 * What a claim may set aside, from the description as written: graphics states with opacity below 1,
 * a blend mode other than normal, a soft mask, or a transfer function; declared layers; images read
 * with a soft mask. Only gathered under a claim (nothing to check otherwise).
 */
function archiveConflicts(d: D.Description): ArchiveConflict[] {
  if (d.archive === undefined) return [];
  const out: ArchiveConflict[] = [];
  // graphics_states, layers and images are checked by their own schemas only later (ir/read/graphics.ts,
  // images.ts): here they are JSON of any shape, looked into with care
  type Raw = Record<string, unknown>;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  list(d.graphics_states).forEach((g, i) => {
    const state = (g as Raw | null)?.state as Raw | undefined;
    if (!state || typeof state !== 'object') return;
    const p = at('', 'graphics_states', i, 'state');
    for (const k of ['fill_alpha', 'stroke_alpha'])
      if (typeof state[k] === 'number' && (state[k] as number) < 1) out.push({ at: at(p, k), what: 'transparency' });
    if (state.blend_mode !== undefined && state.blend_mode !== 'normal')
      out.push({ at: at(p, 'blend_mode'), what: 'transparency' });
    if (state.mask !== undefined) out.push({ at: at(p, 'mask'), what: 'transparency' });
    if (state.transfer !== undefined && state.transfer !== 'page')
      out.push({ at: at(p, 'transfer'), what: 'transfer function' });
  });
  if (list(d.layers).length) out.push({ at: '/layers', what: 'optional content' });
  list(d.images).forEach((img, i) => {
    if ((img as Raw | null)?.soft_mask !== undefined)
      out.push({ at: at('', 'images', i, 'soft_mask'), what: 'transparency' });
  });
  return out;
}

/** The standards keys of a description; `collection` raises the written version (spec Versioning 4). */
export function readStandards(d: D.Description): Standards {
  const archive = d.archive === undefined ? undefined : { at: '/archive', level: archiveLevel(d.archive) };
  const declared = d.version === undefined ? undefined : { at: '/version', version: d.version };
  // PDF/UA-2 rests on PDF 2.0 (ISO 14289-2); beside PDF/A-1 to 3 it is refused (passes/licences/claims-ua2.ts).
  let version: PdfVersion =
    declared?.version ?? (archive ? claimVersion(archive.level) : d.accessible === 'pdfua2' ? '2.0' : '1.7');
  // spec Versioning 4: "Declaring a collection raises the announced version to 1.7."
  if (d.collection !== undefined && d.collection !== null && Number(version) < 1.7) version = '1.7';
  return {
    archive,
    accessible: d.accessible === undefined ? undefined : { at: '/accessible', claim: d.accessible },
    declaredVersion: declared,
    version,
    metadata: d.metadata === undefined ? undefined : readMetadataFacts(d.metadata, '/metadata'),
    outputIntent: d.output_intent === undefined ? undefined : readOutputIntent(d.output_intent, '/output_intent'),
    compression: d.compression === undefined ? undefined : readCompression(d.compression, '/compression'),
    invoice: d.invoice === undefined ? undefined : readInvoice(d.invoice, '/invoice'),
    conflicts: archiveConflicts(d),
  };
}
