// ir/schema/codes.ts — schema of the five barcode and square-code items: code128, ean13, qr_code,
// data_matrix, pdf417 (docs/reference.md, "Codes").
import { colourSchema, itemBase } from './common.js';

const codeBase = {
  ...itemBase,
  data: { type: 'string', minLength: 1 },
  color: colourSchema,
  background: colourSchema,
  quiet_zone: { type: 'boolean' },
} as const;

const code = (extra: Record<string, unknown> = {}) =>
  ({
    type: 'object',
    required: ['rect', 'data'],
    properties: { ...codeBase, ...extra },
  }) as const;

/** The largest code text size: a page's largest side (ISO 32000-1 Annex C, 14 400 units). */
const MAX_CODE_TEXT_SIZE = 14_400;

/** Human-readable text under a linear code: `true`, or the font, size and colour it is set in. */
const codeTextSchema = {
  anyOf: [
    { type: 'boolean' },
    {
      type: 'object',
      properties: {
        font: { type: 'string', minLength: 1 },
        font_size: { type: 'number', exclusiveMinimum: 0, maximum: MAX_CODE_TEXT_SIZE },
        color: colourSchema,
      },
    },
  ],
} as const;

export const codeItemSchemas = {
  code128: code({ text: codeTextSchema }),
  ean13: code({ text: codeTextSchema }),
  qr_code: code({ error_correction: { enum: ['L', 'M', 'Q', 'H'] } }),
  data_matrix: code({ shape: { enum: ['square', 'rectangle'] } }),
  pdf417: code({
    error_correction: { type: 'integer', minimum: 0, maximum: 8 },
    columns: { type: 'integer', minimum: 1, maximum: 30 },
  }),
} as const;
