// ir/schema/description.ts — the top level of a description. Each area's declarations have their
// own schema module; item kinds are checked one by one (ir/read/items.ts) so an error's pointer
// lands inside the item. Unknown keys are allowed everywhere (spec Conventions, "Unknown keys").

import { attachmentsSchemas } from './attachments.js';
import {
  fontChainsSchema,
  fontsSchema,
  fontVariantsSchema,
  simpleFontsSchema,
  standardFontsSchema,
  type1FontsSchema,
  type3FontsSchema,
} from './fonts.js';
import { renumberSchema } from './pages.js';
import { securitySchemas } from './security.js';
import { standardsSchemas } from './standards.js';
import { suppliedPdfsSchema, templatesSchema } from './supplied.js';

/** What `check` accepts: the PDF/A flavours and PDF/UA-1 and -2, which the verifier covers. */
export const CHECK_STANDARDS = [
  'pdfa1b',
  'pdfa1a',
  'pdfa2b',
  'pdfa2u',
  'pdfa2a',
  'pdfa3b',
  'pdfa3u',
  'pdfa3a',
  'pdfa4',
  'pdfa4e',
  'pdfa4f',
  'pdfua1',
  'pdfua2',
];

import { imagesSchema } from './images.js';

export { colourSchema } from './common.js';
export { STANDARD_FACES } from './fonts.js';
export { rectItemSchema } from './shapes.js';
export { textItemSchema } from './text.js';

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
        properties: {
          page: { type: 'integer', minimum: 1 },
          width: { type: 'number', exclusiveMinimum: 0 },
          height: { type: 'number', exclusiveMinimum: 0 },
        },
      },
    },
    renumber: renumberSchema,
    templates: templatesSchema,
    supplied_pdfs: suppliedPdfsSchema,
    // `check`: standards measured after emission (verifier/); strings as verifier/model.ts lists them
    check: { type: 'array', items: { type: 'string', enum: CHECK_STANDARDS } },
    // — declarations, one line per area —
    fonts: fontsSchema,
    standard_fonts: standardFontsSchema,
    type1_fonts: type1FontsSchema,
    type3_fonts: type3FontsSchema,
    simple_fonts: simpleFontsSchema,
    font_variants: fontVariantsSchema,
    font_chains: fontChainsSchema,
    ...standardsSchemas,
    ...attachmentsSchemas,
    ...securitySchemas,
    images: imagesSchema,
    // Graphics declarations: checked in full by ir/read/graphics.ts, with validators compiled on first use.
    layers: { type: 'array' },
    graphics_states: { type: 'array' },
    shadings: { type: 'array' },
    tilings: { type: 'array' },
    drawings: { type: 'array' },
    color_spaces: { type: 'object' },
    page_spaces: { type: 'array' },
  },
} as const;
