// ir/schema/fonts.ts — schema of the font declarations: fonts, standard_fonts, type1_fonts,
// type3_fonts, simple_fonts, font_variants, font_chains (docs/reference.md, "Fonts").

/** The fourteen built-in faces (ISO 32000-1 §9.6.2.2), as the description spells them. */
export const STANDARD_FACES = [
  'helvetica', 'helvetica_bold', 'helvetica_oblique', 'helvetica_bold_oblique',
  'times_roman', 'times_bold', 'times_italic', 'times_bold_italic',
  'courier', 'courier_bold', 'courier_oblique', 'courier_bold_oblique', 'symbol', 'zapf_dingbats',
];

const name = { type: 'string', minLength: 1 } as const;
const num = { type: 'number' } as const;
const colour = {
  type: 'array',
  items: { type: 'number', minimum: 0, maximum: 1 },
  anyOf: [{ minItems: 1, maxItems: 1 }, { minItems: 3, maxItems: 4 }],
} as const;
const point = { type: 'array', items: num, minItems: 2, maxItems: 2 } as const;
const box = { type: 'object', required: ['llx', 'lly', 'urx', 'ury'], properties: { llx: num, lly: num, urx: num, ury: num } } as const;

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

export const fontsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name'],
    properties: { name, data: { type: 'string' }, part: { type: 'string' }, library: { type: 'string' }, keep, missing },
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
    properties: { name, data: { type: 'string' }, part: { type: 'string' }, afm_data: { type: 'string' }, afm_part: { type: 'string' } },
  },
} as const;

const stroke = {
  type: 'object',
  properties: {
    width: { type: 'number', minimum: 0 },
    color: colour,
    cap: { enum: ['butt', 'round', 'square'] },
    join: { enum: ['miter', 'round', 'bevel'] },
    miter_limit: { type: 'number', minimum: 1 },
    dash: { type: 'object', required: ['pattern'], properties: { pattern: { type: 'array', items: { type: 'number', minimum: 0 } }, phase: num } },
  },
} as const;

const segment = {
  type: 'object',
  properties: { move: point, line: point, curve: { type: 'array', items: point, minItems: 3, maxItems: 3 }, close: { const: true } },
} as const;

/** A glyph's shape: checked by kind while reading (ir/read/fonts.ts), so its pointer lands inside it. */
export const glyphShapeSchemas = {
  rect: { type: 'object', required: ['rect'], properties: { rect: box, fill: colour, stroke } },
  line: { type: 'object', required: ['from', 'to'], properties: { from: point, to: point, stroke } },
  path: { type: 'object', required: ['segments'], properties: { segments: { type: 'array', items: segment, minItems: 1 }, fill: colour, fill_rule: { enum: ['nonzero', 'even_odd'] }, stroke } },
} as const;

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
            items: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
          },
        },
      },
    },
  },
} as const;

export const simpleFontsSchema = {
  type: 'array',
  items: { type: 'object', required: ['name', 'font', 'text'], properties: { name, font: name, text: { type: 'string', minLength: 1 } } },
} as const;

const bool = { type: 'boolean' } as const;
export const fontVariantsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'font'],
    properties: { name, font: name, ligatures: bool, small_caps: bool, oldstyle_figures: bool, kerning: bool },
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
