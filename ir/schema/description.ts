// ir/schema/description.ts — the JSON Schema of a description (ajv, compiled once in ir/read.ts).
// It states shapes, types and ranges; names, cross refusals and licences are later passes' work.
// Unknown keys are allowed everywhere (spec Conventions: "Unknown keys: ignored almost everywhere").

/** The fourteen built-in faces (ISO 32000-1 §9.6.2.2), as the description spells them. */
export const STANDARD_FACES = [
  'helvetica', 'helvetica_bold', 'helvetica_oblique', 'helvetica_bold_oblique',
  'times_roman', 'times_bold', 'times_italic', 'times_bold_italic',
  'courier', 'courier_bold', 'courier_oblique', 'courier_bold_oblique', 'symbol', 'zapf_dingbats',
];

const num = { type: 'number' } as const;
const coordinate = { type: ['number', 'string'] } as const;

/** Colour value (Conventions): 1 number grey, 3 device RGB, 4 device CMYK, each 0..1. */
export const colourSchema = {
  type: 'array',
  items: { type: 'number', minimum: 0, maximum: 1 },
  anyOf: [{ minItems: 1, maxItems: 1 }, { minItems: 3, maxItems: 4 }],
} as const;

const rectSchema = {
  type: 'object',
  required: ['llx', 'lly', 'urx', 'ury'],
  properties: { llx: coordinate, lly: coordinate, urx: coordinate, ury: coordinate },
} as const;

const pagesSchema = { type: 'array', items: { type: 'integer', minimum: 1 } } as const;

const itemBase = {
  type: { type: 'string' },
  pages: pagesSchema,
  id: { type: 'string' },
  rect: rectSchema,
  transform: { type: 'array', items: num, minItems: 6, maxItems: 6 },
  rotate: num,
} as const;

const runSchema = {
  anyOf: [
    { type: 'string' },
    { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
    { type: 'object', required: ['date'], properties: { date: { type: 'string' }, zone: { type: 'string' } } },
  ],
} as const;

export const textItemSchema = {
  type: 'object',
  required: ['rect', 'content', 'font', 'font_size'],
  properties: {
    ...itemBase,
    content: { type: 'array', items: runSchema },
    font: { type: 'string' },
    font_size: { type: 'number', exclusiveMinimum: 0 },
    leading: { type: 'number', minimum: 0 },
    color: colourSchema,
  },
} as const;

export const rectItemSchema = {
  type: 'object',
  required: ['rect'],
  properties: { ...itemBase, fill: colourSchema },
} as const;

export const descriptionSchema = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
    },
    page: {
      type: 'object',
      properties: { width: { type: 'number', exclusiveMinimum: 0 }, height: { type: 'number', exclusiveMinimum: 0 } },
    },
    standard_fonts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'face'],
        properties: { name: { type: 'string', minLength: 1 }, face: { enum: STANDARD_FACES } },
      },
    },
    fonts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, data: { type: 'string' }, part: { type: 'string' } },
      },
    },
  },
} as const;
