// ir/schema/description.ts — the top level of a description. Each area's declarations have their
// own schema module; item kinds are checked one by one (ir/read/items.ts) so an error's pointer
// lands inside the item. Unknown keys are allowed everywhere (spec Conventions, "Unknown keys").
import { fontsSchema, standardFontsSchema } from './fonts.js';

export { colourSchema } from './common.js';
export { rectItemSchema } from './shapes.js';
export { textItemSchema } from './text.js';
export { STANDARD_FACES } from './fonts.js';

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
    page_sizes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['page', 'width', 'height'],
        properties: { page: { type: 'integer', minimum: 1 }, width: { type: 'number', exclusiveMinimum: 0 }, height: { type: 'number', exclusiveMinimum: 0 } },
      },
    },
    // — declarations, one line per area —
    fonts: fontsSchema,
    standard_fonts: standardFontsSchema,
    // Graphics declarations: checked in full by ir/read/graphics.ts, with validators compiled on first use.
    layers: { type: 'array' },
    graphics_states: { type: 'array' },
    shadings: { type: 'array' },
    tilings: { type: 'array' },
    drawings: { type: 'array' },
    color_spaces: { type: 'object' },
    page_spaces: { type: 'array' },
    // The PDF version the file declares (read minimally here for halftone_origin; the standards area owns the rest).
    version: { enum: ['1.3', '1.4', '1.5', '1.6', '1.7', '2.0'] },
  },
} as const;
