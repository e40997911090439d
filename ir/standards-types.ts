// ir/standards-types.ts — IR of the document-level standards settings (issue 7) and of the files
// carried beside the pages (issue 9): archive claim, declared version, metadata, output intent,
// compression, invoice, attachments, collection, page_files, page_metadata. Read by
// ir/read/standards.ts and ir/read/attachments.ts, checked by passes/cross-refusals/standards.ts and
// pagination, written by passes/emit/{xmp,info,output-intent,attachments,collection,invoice,archive}.ts.
import type { JsonPointer } from './pointer.js';

/** The `archive` strings a request may claim (docs/reference.md, "archive"). */
export const ARCHIVE_CLAIMS = [
  'pdfa1b',
  'pdfa1a',
  'pdfa2b',
  'pdfa2u',
  'pdfa2a',
  'pdfa3b',
  'pdfa3u',
  'pdfa3a',
  'pdfa4',
  'pdfa4f',
  'pdfa4e',
] as const;
export type ArchiveClaim = (typeof ARCHIVE_CLAIMS)[number];

/** The `accessible` strings (docs/reference.md, "accessible"). */
export const ACCESSIBLE_CLAIMS = ['pdfua1', 'pdfua2'] as const;
export type AccessibleClaim = (typeof ACCESSIBLE_CLAIMS)[number];

/** PDF versions a request may declare (`version`). */
export const PDF_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '2.0'] as const;
export type PdfVersion = (typeof PDF_VERSIONS)[number];

/** What one claim means: ISO 19005 part, conformance letter (as pdfaid spells it), whether it rests on tagging. */
export interface ArchiveLevel {
  claim: ArchiveClaim;
  part: 1 | 2 | 3 | 4;
  /** pdfaid:conformance: B, U, A for parts 1–3; F or E for PDF/A-4 (none for plain PDF/A-4). */
  conformance?: 'A' | 'B' | 'U' | 'F' | 'E';
  /** Levels resting on saying what marks stand for (tagging): licence-gated, 402. */
  tagged: boolean;
}

/** An ISO 8601 timestamp as read, kept in the parts both written forms need (PDF date, XMP date). */
export interface Timestamp {
  at: JsonPointer;
  /** As the request wrote it. */
  text: string;
  year: string;
  month?: string;
  day?: string;
  hour?: string;
  minute?: string;
  second?: string;
  /** 'Z', '+01:00', '-05:30'; absent when the request gave no offset (written with none in both forms). */
  offset?: string;
}

export type XmpValue =
  | { kind: 'text'; value: string }
  | { kind: 'integer'; value: number }
  | { kind: 'real'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'seq'; value: string[] };

/** One extra XMP schema of `metadata.schemas`: properties under a namespace and prefix. */
export interface XmpSchema {
  at: JsonPointer;
  namespace: string;
  prefix: string;
  /** The schema's name in its PDF/A extension description; default the prefix. */
  description?: string;
  properties: { name: string; value: XmpValue; description?: string }[];
}

/** Metadata facts: the document's (`metadata`), a page's (`page_metadata[].facts`), an image's. */
export interface MetadataFacts {
  at: JsonPointer;
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  created?: Timestamp;
  modified?: Timestamp;
  trapped?: 'True' | 'False' | 'Unknown';
  schemas: XmpSchema[];
}

export interface OutputIntentSettings {
  at: JsonPointer;
  identifier?: string;
  info?: string;
  condition?: string;
  registry?: string;
  /** Name of the supplied part carrying the ICC profile; absent: the service's sRGB profile. */
  profile?: { at: JsonPointer; part: string };
  components?: { at: JsonPointer; n: number };
  /** True when the service chose it (an archive claim with no output_intent). */
  implied?: boolean;
}

export interface CompressionSettings {
  at: JsonPointer;
  /** Flate level 1..9 (spec Limits). */
  level: number;
  /** Object streams and a cross-reference stream; undefined = where the version allows. */
  objectStreams?: boolean;
  objectStreamsAt?: JsonPointer;
}

export const INVOICE_PROFILES = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED'] as const;
export type InvoiceProfile = (typeof INVOICE_PROFILES)[number];

export const RELATIONSHIPS = ['source', 'alternative', 'data', 'supplement', 'unspecified'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export interface InvoiceSettings {
  at: JsonPointer;
  xml: { at: JsonPointer; part: string };
  profile: InvoiceProfile;
  version: string;
  relationship: Relationship;
  issued: Timestamp;
}

export type ColumnValue =
  | { kind: 'text'; value: string }
  | { kind: 'date'; value: Timestamp }
  | { kind: 'number'; value: number };

export interface Attachment {
  at: JsonPointer;
  /** The supplied part, and the name the rest of the request claims it by. */
  name: string;
  fileName: string;
  description: string;
  mediaType: string;
  relationship: Relationship;
  modified: Timestamp;
  columns: { at: JsonPointer; key: string; value: ColumnValue }[];
}

export const COLUMN_KINDS = ['text', 'date', 'number', 'file_name', 'description', 'modified', 'size'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface Collection {
  at: JsonPointer;
  view: 'rows' | 'tiles' | 'hidden';
  opensOn?: string;
  columns: { at: JsonPointer; key: string; title: string; data: ColumnKind; hidden: boolean }[];
  sort?: { key: string; ascending: boolean };
}

/** A page's own metadata: facts written as a packet, or a supplied packet passed on. */
export interface PageMetadata {
  at: JsonPointer;
  page: number;
  facts?: MetadataFacts;
  packet?: { at: JsonPointer; part: string };
}

export interface PageFiles {
  at: JsonPointer;
  page: number;
  files: { at: JsonPointer; name: string }[];
}

/**
 * Declarations an archive claim may set aside, found in the description as written (so the check
 * does not depend on how each area shapes its IR): transparency (PDF/A-1 6.4), optional content
 * (PDF/A-1 6.1.13, PDF 1.5), transfer functions (every part: 19005-1 6.2.8, -2/-3/-4 6.2.5).
 */
export interface ArchiveConflict {
  at: JsonPointer;
  what: 'transparency' | 'optional content' | 'transfer function';
}

/** Everything of issue 7 the passes carry in DocSettings.standards. */
export interface Standards {
  archive?: { at: JsonPointer; level: ArchiveLevel };
  accessible?: { at: JsonPointer; claim: AccessibleClaim };
  /** The version the request declared, if any. */
  declaredVersion?: { at: JsonPointer; version: PdfVersion };
  /**
   * The version written in the header: the declared one, else the claim's (1.4 for PDF/A-1, 1.7 for
   * 2 and 3, 2.0 for 4), else 1.7; raised to 1.7 by a collection. Other areas ask it (halftone_origin
   * needs 2.0) through ir/version.ts.
   */
  version: PdfVersion;
  metadata?: MetadataFacts;
  outputIntent?: OutputIntentSettings;
  compression?: CompressionSettings;
  invoice?: InvoiceSettings;
  /** Declarations a claim may set aside (checked in passes/cross-refusals/standards.ts). */
  conflicts: ArchiveConflict[];
}

/** Everything of the attachments area the passes carry in DocSettings.files. */
export interface FileSettings {
  attachments: Attachment[];
  collection?: Collection;
  pageFiles: PageFiles[];
  pageMetadata: PageMetadata[];
}
