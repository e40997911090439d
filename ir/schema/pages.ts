// ir/schema/pages.ts — schema of the page-numbering keys: `renumber` (docs/reference.md, "renumber").

export const LABEL_STYLES = [
  'decimal',
  'upper_roman',
  'lower_roman',
  'upper_letters',
  'lower_letters',
  'none',
] as const;

export const renumberSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['page'],
    properties: {
      page: { type: 'integer', minimum: 1 },
      style: { enum: LABEL_STYLES },
      prefix: { type: 'string' },
      start: { type: 'integer', minimum: 1 },
    },
  },
} as const;
