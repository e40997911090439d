// ir/schema/description.ts — the top level of a description. Each area's declarations have their
// own schema module; item kinds are checked one by one (ir/read/items.ts) so an error's pointer
// lands inside the item. Unknown keys are allowed everywhere (spec Conventions, "Unknown keys").
import { fontsSchema, standardFontsSchema } from './fonts.js';
import { colorSpacesSchema, drawingsSchema, graphicsStatesSchema, layersSchema, pageSpacesSchema, tilingsSchema } from './graphics.js';
import { shadingsSchema } from './shadings.js';

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
    layers: layersSchema,
    graphics_states: graphicsStatesSchema,
    shadings: shadingsSchema,
    tilings: tilingsSchema,
    drawings: drawingsSchema,
    color_spaces: colorSpacesSchema,
    page_spaces: pageSpacesSchema,
    // The PDF version the file declares (read minimally here for halftone_origin; the standards area owns the rest).
    version: { enum: ['1.3', '1.4', '1.5', '1.6', '1.7', '2.0'] },
  },
} as const;
