// ir/schema/attachments.ts — schema of the files carried beside the pages (issue 9): attachments,
// collection, page_files, page_metadata (docs/reference.md, "Attachments and portfolios").
import { COLUMN_KINDS, RELATIONSHIPS } from '../standards-types.js';
import { metadataFactsSchema } from './standards.js';

const text = { type: 'string' } as const;
const page = { type: 'integer', minimum: 1 } as const;

export const attachmentsSchemas = {
  attachments: {
    type: 'array',
    items: {
      type: 'object',
      required: ['name', 'file_name', 'description', 'media_type', 'relationship', 'modified'],
      properties: {
        name: { type: 'string', minLength: 1 },
        file_name: { type: 'string', minLength: 1 },
        description: text,
        media_type: { type: 'string', minLength: 1 },
        relationship: { enum: [...RELATIONSHIPS] },
        modified: text,
        columns: {
          type: 'array',
          items: {
            type: 'object',
            required: ['key'],
            properties: { key: { type: 'string', minLength: 1 }, text, date: text, number: { type: 'number' } },
          },
        },
      },
    },
  },
  collection: {
    type: 'object',
    properties: {
      view: { enum: ['rows', 'tiles', 'hidden'] },
      opens_on: text,
      columns: {
        type: 'array',
        items: {
          type: 'object',
          required: ['key', 'title', 'data'],
          properties: {
            key: { type: 'string', minLength: 1 },
            title: text,
            data: { enum: [...COLUMN_KINDS] },
            hidden: { type: 'boolean' },
          },
        },
      },
      sort: {
        type: 'object',
        required: ['key', 'ascending'],
        properties: { key: { type: 'string', minLength: 1 }, ascending: { type: 'boolean' } },
      },
    },
  },
  page_files: {
    type: 'array',
    items: {
      type: 'object',
      required: ['page', 'files'],
      properties: { page, files: { type: 'array', items: { type: 'string', minLength: 1 } } },
    },
  },
  page_metadata: {
    type: 'array',
    items: {
      type: 'object',
      required: ['page'],
      properties: { page, facts: metadataFactsSchema, packet: { type: 'string', minLength: 1 } },
    },
  },
} as const;
