// ir/schema/description.ts — the top level of a description. Each area's declarations have their
// own schema module; item kinds are checked one by one (ir/read/items.ts) so an error's pointer
// lands inside the item. Unknown keys are allowed everywhere (spec Conventions, "Unknown keys").
import { fontsSchema, standardFontsSchema } from './fonts.js';
import { renumberSchema } from './pages.js';
import { suppliedPdfsSchema, templatesSchema } from './supplied.js';

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
    renumber: renumberSchema,
    templates: templatesSchema,
    supplied_pdfs: suppliedPdfsSchema,
    // — declarations, one line per area —
    fonts: fontsSchema,
    standard_fonts: standardFontsSchema,
  },
} as const;
