// ir/schema/supplied.ts — schema of what reads supplied PDFs: the imported_page item, `templates`
// and `supplied_pdfs` (docs/reference.md, "Supplied PDFs").
import { itemBase } from './common.js';

const fit = { enum: ['meet', 'stretch', 'none'] } as const;
const templatePage = { type: ['integer', 'null'], minimum: 1 } as const;

export const importedPageItemSchema = {
  type: 'object',
  required: ['rect', 'part'],
  properties: { ...itemBase, part: { type: 'string', minLength: 1 }, page: { type: 'integer', minimum: 1 }, fit },
} as const;

export const templatesSchema = {
  type: 'object',
  required: ['part'],
  properties: {
    part: { type: 'string', minLength: 1 },
    first: templatePage,
    middle: templatePage,
    last: templatePage,
    fit,
  },
} as const;

export const suppliedPdfsSchema = {
  type: 'object',
  properties: { unpack_limit: { type: 'integer', minimum: 1 } },
} as const;
