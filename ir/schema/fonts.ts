// ir/schema/fonts.ts — schema of the font declarations (fonts, standard_fonts; the other four kinds as they arrive).

/** The fourteen built-in faces (ISO 32000-1 §9.6.2.2), as the description spells them. */
export const STANDARD_FACES = [
  'helvetica', 'helvetica_bold', 'helvetica_oblique', 'helvetica_bold_oblique',
  'times_roman', 'times_bold', 'times_italic', 'times_bold_italic',
  'courier', 'courier_bold', 'courier_oblique', 'courier_bold_oblique', 'symbol', 'zapf_dingbats',
];

export const fontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1 }, data: { type: 'string' }, part: { type: 'string' } },
  },
} as const;

export const standardFontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'face'],
    properties: { name: { type: 'string', minLength: 1 }, face: { enum: STANDARD_FACES } },
  },
} as const;
