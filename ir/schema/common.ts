// ir/schema/common.ts — schema pieces every area shares: coordinate values, rects, colour values,
// pages rules and the keys common to items (spec Conventions and "Keys common to items").

export const num = { type: 'number' } as const;
/**
 * The largest font size (and leading) taken: 14 400 points, the largest page PDF 1.7 allows (ISO 32000-1
 * Annex C); a letter bigger than any page is never seen whole, and past it the numbers written into
 * the content stream would leave the range a PDF number has.
 */
export const MAX_FONT_SIZE = 14_400;
export const fontSizeSchema = { type: 'number', exclusiveMinimum: 0, maximum: MAX_FONT_SIZE } as const;
export const leadingSchema = { type: 'number', minimum: 0, maximum: MAX_FONT_SIZE } as const;
export const coordinate = { type: ['number', 'string'] } as const;

/** Device colour (Conventions): 1 number grey, 3 device RGB, 4 device CMYK, each 0..1. */
export const deviceColourSchema = {
  type: 'array',
  items: { type: 'number', minimum: 0, maximum: 1 },
  anyOf: [
    { minItems: 1, maxItems: 1 },
    { minItems: 3, maxItems: 4 },
  ],
} as const;

/**
 * Colour value: a device colour, `{space, tints}` in a declared colour space, `{pattern, color?}`
 * (a tiling; `color` for uncoloured cells) or `{shading}` (a gradient).
 */
export const colourSchema = {
  anyOf: [
    deviceColourSchema,
    {
      type: 'object',
      required: ['space', 'tints'],
      properties: { space: { type: 'string' }, tints: { type: 'array', items: { type: 'number' }, minItems: 1 } },
    },
    {
      type: 'object',
      required: ['pattern'],
      properties: {
        pattern: { type: 'string' },
        color: {
          anyOf: [
            deviceColourSchema,
            {
              type: 'object',
              required: ['space', 'tints'],
              properties: {
                space: { type: 'string' },
                tints: { type: 'array', items: { type: 'number' }, minItems: 1 },
              },
            },
          ],
        },
      },
    },
    { type: 'object', required: ['shading'], properties: { shading: { type: 'string' } } },
  ],
} as const;

export const rectSchema = {
  type: 'object',
  required: ['llx', 'lly', 'urx', 'ury'],
  properties: { llx: coordinate, lly: coordinate, urx: coordinate, ury: coordinate },
} as const;

/** A pages rule: an array of page numbers, or the object form (checked on its own: ir/read/pages.ts). */
export const pagesSchema = { type: ['array', 'object'] } as const;

export const pageListSchema = { type: 'array', items: { type: 'integer', minimum: 1 } } as const;

/** The object form of a pages rule; the one place where an unknown key is refused (spec Conventions). */
export const pageSelectSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    every: { type: 'integer', minimum: 1 },
    from: { type: 'integer', minimum: 1 },
    to: { type: 'integer', minimum: 1 },
    but: { type: 'array', items: { type: 'integer', minimum: 1 } },
  },
} as const;

/** Properties every item kind accepts; spread into each kind's `properties`. */
export const itemBase = {
  type: { type: 'string' },
  pages: pagesSchema,
  id: { type: 'string' },
  rect: rectSchema,
  transform: { type: 'array', items: num, minItems: 6, maxItems: 6 },
  rotate: num,
  layer: { type: 'string' },
  graphics_state: { type: 'string' },
  relative_to: {
    type: 'object',
    required: ['id', 'edge'],
    properties: {
      id: { type: 'string' },
      edge: { enum: ['top', 'bottom'] },
      offset: num,
      part: { type: 'integer', minimum: 1 },
    },
  },
} as const;
