// ir/schema/fonts.ts — schema of the font declarations: fonts, standard_fonts, type1_fonts,
// type3_fonts, simple_fonts, font_variants, font_chains (docs/reference.md, "Fonts").

/** The fourteen built-in faces (ISO 32000-1 §9.6.2.2), as the description spells them. */
export const STANDARD_FACES = [
  'helvetica',
  'helvetica_bold',
  'helvetica_oblique',
  'helvetica_bold_oblique',
  'times_roman',
  'times_bold',
  'times_italic',
  'times_bold_italic',
  'courier',
  'courier_bold',
  'courier_oblique',
  'courier_bold_oblique',
  'symbol',
  'zapf_dingbats',
];

const name = { type: 'string', minLength: 1 } as const;
const num = { type: 'number' } as const;
const box = {
  type: 'object',
  required: ['llx', 'lly', 'urx', 'ury'],
  properties: { llx: num, lly: num, urx: num, ury: num },
} as const;

/** `missing`: "refuse" (default) or `{replace: <one character>}`. */
const missing = {
  anyOf: [
    { const: 'refuse' },
    { type: 'object', required: ['replace'], properties: { replace: { type: 'string', minLength: 1 } } },
  ],
} as const;

/** `keep`: "drawn" (default), "all", or `{characters: <string>}` kept beside those drawn. */
const keep = {
  anyOf: [
    { enum: ['drawn', 'all'] },
    { type: 'object', required: ['characters'], properties: { characters: { type: 'string' } } },
  ],
} as const;

/** An OpenType tag (feature or axis): four printable ASCII characters, as the OpenType spec spells them. */
const TAG = '^[\\x20-\\x7e]{4}$';

/** `features`: OpenType feature tags switched on (true) or off (false), e.g. `{"tnum": true}`. */
export const featuresSchema = {
  type: 'object',
  propertyNames: { pattern: TAG },
  additionalProperties: { type: 'boolean' },
} as const;

/** `variations`: axis tag → design-space value, e.g. `{"wght": 650}`. */
const variations = {
  type: 'object',
  propertyNames: { pattern: TAG },
  additionalProperties: { type: 'number' },
} as const;

export const fontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name'],
    properties: {
      name,
      data: { type: 'string' },
      part: { type: 'string' },
      library: { type: 'string' },
      keep,
      missing,
      instance: name,
      variations,
      features: featuresSchema,
    },
  },
} as const;

export const standardFontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'face'],
    properties: { name, face: { enum: STANDARD_FACES } },
  },
} as const;

export const type1FontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name'],
    properties: {
      name,
      data: { type: 'string' },
      part: { type: 'string' },
      afm_data: { type: 'string' },
      afm_part: { type: 'string' },
    },
  },
} as const;

/** A glyph's shapes are checked by the item readers of their kind (ir/read/fonts.ts), so a pointer lands inside them. */
export const type3FontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'matrix', 'box', 'glyphs'],
    properties: {
      name,
      matrix: { type: 'array', items: num, minItems: 6, maxItems: 6 },
      box,
      glyphs: {
        type: 'array',
        items: {
          type: 'object',
          required: ['character', 'width', 'items'],
          properties: {
            character: { type: 'string', minLength: 1 },
            width: num,
            box,
            items: {
              type: 'array',
              items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
            },
          },
        },
      },
    },
  },
} as const;

export const simpleFontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'font', 'text'],
    properties: { name, font: name, text: { type: 'string', minLength: 1 } },
  },
} as const;

const bool = { type: 'boolean' } as const;
export const fontVariantsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'font'],
    properties: {
      name,
      font: name,
      ligatures: bool,
      small_caps: bool,
      oldstyle_figures: bool,
      kerning: bool,
      features: featuresSchema,
    },
  },
} as const;

export const fontChainsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'fonts'],
    properties: { name, fonts: { type: 'array', items: name, minItems: 1 }, missing },
  },
} as const;
