// ir/schema/standards.ts — schema of the document-level standards keys (issue 7): archive,
// accessible, version, metadata, output_intent, compression, invoice (docs/reference.md, "Standards").
// Shapes only; what depends on other keys (archive against attachments, version against features)
// is refused by passes/cross-refusals/standards.ts.
import {
  ACCESSIBLE_CLAIMS,
  ARCHIVE_CLAIMS,
  INVOICE_PROFILES,
  PDF_VERSIONS,
  RELATIONSHIPS,
} from '../standards-types.js';

const text = { type: 'string' } as const;

/** A value of an extra XMP property: text, a number, a boolean or a list of texts (rdf:Seq). */
const xmpValue = {
  anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }],
} as const;

export const xmpSchemasSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['namespace', 'prefix', 'properties'],
    properties: {
      namespace: { type: 'string', minLength: 1 },
      prefix: { type: 'string', minLength: 1 },
      description: text,
      properties: { type: 'object', additionalProperties: xmpValue },
    },
  },
} as const;

/** Metadata facts: the document's `metadata`, a page's `page_metadata[].facts`, an image's `metadata.facts`. */
export const metadataFactsSchema = {
  type: 'object',
  properties: {
    title: text,
    author: text,
    subject: text,
    keywords: text,
    creator: text,
    producer: text,
    created: text,
    modified: text,
    trapped: { anyOf: [{ type: 'boolean' }, { enum: ['true', 'false', 'unknown'] }] },
    schemas: xmpSchemasSchema,
  },
} as const;

export const standardsSchemas = {
  archive: { enum: [...ARCHIVE_CLAIMS] },
  accessible: { enum: [...ACCESSIBLE_CLAIMS] },
  version: { enum: [...PDF_VERSIONS] },
  metadata: metadataFactsSchema,
  output_intent: {
    type: 'object',
    properties: {
      identifier: { type: 'string', minLength: 1 },
      info: text,
      condition: text,
      registry: text,
      profile: { type: 'string', minLength: 1 },
      components: { enum: [1, 3, 4] },
    },
  },
  // A number is the Flate level; the object form also says whether object streams are wanted.
  // The range 1..9 is checked by the reader so its refusal can cite the spec's limit.
  compression: {
    anyOf: [
      { type: 'number' },
      { type: 'object', properties: { level: { type: 'number' }, object_streams: { type: 'boolean' } } },
    ],
  },
  invoice: {
    type: 'object',
    required: ['xml', 'profile', 'relationship', 'issued'],
    properties: {
      xml: { type: 'string', minLength: 1 },
      profile: { enum: [...INVOICE_PROFILES] },
      version: { type: 'string', minLength: 1 },
      relationship: { enum: [...RELATIONSHIPS] },
      issued: text,
    },
  },
} as const;
