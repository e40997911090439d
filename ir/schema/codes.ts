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

const code = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['rect', 'data'],
  properties: { ...codeBase, ...extra },
}) as const;

export const codeItemSchemas = {
  code128: code(),
  ean13: code(),
  qr_code: code({ error_correction: { enum: ['L', 'M', 'Q', 'H'] } }),
  data_matrix: code({ shape: { enum: ['square', 'rectangle'] } }),
  pdf417: code({ error_correction: { type: 'integer', minimum: 0, maximum: 8 }, columns: { type: 'integer', minimum: 1, maximum: 30 } }),
} as const;
