// ir/schema/graphics.ts — schema of the shape items (line, path, ellipse, polygon, drawing; rect's
// stroke) and of the graphics declarations: layers, graphics_states, tilings, drawings,
// color_spaces, page_spaces (docs/reference.md, "Graphics"). Shadings and functions: ./shadings.ts.
import { functionSchema } from './shadings.js';

const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const str = { type: 'string', minLength: 1 } as const;
const nums = { type: 'array', items: num } as const;
const unit = { type: 'number', minimum: 0, maximum: 1 } as const;
const coordinate = { type: ['number', 'string'] } as const;
export const pointSchema = { type: 'array', items: coordinate, minItems: 2, maxItems: 2 } as const;
const boxSchema = {
  type: 'object',
  required: ['llx', 'lly', 'urx', 'ury'],
  properties: { llx: num, lly: num, urx: num, ury: num },
} as const;

/** One path segment: `{move: [x, y]}`, `{line: [x, y]}`, `{curve: [[x1, y1], [x2, y2], [x, y]]}` or `{close: true}`. */
export const segmentSchema = {
  type: 'object',
  properties: {
    move: pointSchema,
    line: pointSchema,
    curve: { type: 'array', items: pointSchema, minItems: 3, maxItems: 3 },
    close: { const: true },
  },
} as const;

export const segmentsSchema = { type: 'array', items: segmentSchema, minItems: 1 } as const;

export const strokeSchema = {
  type: 'object',
  properties: {
    width: { type: 'number', minimum: 0 },
    dash: {
      type: 'object',
      required: ['pattern'],
      properties: { pattern: { type: 'array', items: { type: 'number', minimum: 0 } }, phase: num },
    },
    cap: { enum: ['butt', 'round', 'square'] },
    join: { enum: ['miter', 'round', 'bevel'] },
    miter_limit: { type: 'number', minimum: 1 },
  },
} as const;

export const clipSchema = {
  type: 'object',
  required: ['segments'],
  properties: { segments: segmentsSchema, rule: { enum: ['nonzero', 'even_odd'] } },
} as const;

const fillRule = { enum: ['nonzero', 'even_odd'] } as const;

export const shapeKeys = { fill_rule: fillRule, stroke: strokeSchema } as const;

/** `arrows` on a line or an open path: each end's head, and its length in stroke widths. */
const arrowStyle = { enum: ['none', 'open', 'closed'] } as const;
export const arrowsSchema = {
  type: 'object',
  properties: { start: arrowStyle, end: arrowStyle, size: { type: 'number', exclusiveMinimum: 0, maximum: 100 } },
} as const;

export const pathItemSchema = {
  type: 'object',
  required: ['segments'],
  properties: { segments: segmentsSchema, ...shapeKeys, arrows: arrowsSchema },
} as const;
export const lineItemSchema = {
  type: 'object',
  required: ['from', 'to'],
  properties: { from: pointSchema, to: pointSchema, stroke: strokeSchema, arrows: arrowsSchema },
} as const;
export const polygonItemSchema = {
  type: 'object',
  required: ['points'],
  properties: { points: { type: 'array', items: pointSchema, minItems: 2 }, ...shapeKeys },
} as const;
export const ellipseItemSchema = { type: 'object', required: ['rect'], properties: { stroke: strokeSchema } } as const;
export const drawingItemSchema = { type: 'object', required: ['drawing'], properties: { drawing: str } } as const;

// ─────────────────────────── declarations ───────────────────────────

const named = (properties: Record<string, unknown>, required: string[] = []) =>
  ({
    type: 'array',
    items: { type: 'object', required: ['name', ...required], properties: { name: str, ...properties } },
  }) as const;

export const layersSchema = named({
  label: { type: 'string' },
  visible: bool,
  printable: bool,
  locked: bool,
  order: num,
});

export const SPOT_FUNCTIONS = [
  'simple_dot',
  'inverted_simple_dot',
  'double_dot',
  'inverted_double_dot',
  'cosine_dot',
  'double',
  'inverted_double',
  'round',
  'line',
  'line_x',
  'line_y',
  'ellipse',
  'ellipse_a',
  'inverted_ellipse_a',
  'ellipse_b',
  'ellipse_c',
  'inverted_ellipse_c',
  'square',
  'cross',
  'rhomboid',
  'diamond',
] as const;

export const BLEND_MODES = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color_dodge',
  'color_burn',
  'hard_light',
  'soft_light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
] as const;

const screenSchema = {
  type: 'object',
  required: ['frequency', 'angle', 'spot'],
  properties: {
    frequency: { type: 'number', exclusiveMinimum: 0 },
    angle: num,
    spot: { enum: SPOT_FUNCTIONS },
    accurate: bool,
  },
} as const;

const stateSchema = {
  type: 'object',
  properties: {
    fill_alpha: unit,
    stroke_alpha: unit,
    blend_mode: { enum: BLEND_MODES },
    alpha_is_shape: bool,
    text_knockout: bool,
    overprint: bool,
    stroke_overprint: bool,
    fill_overprint: bool,
    overprint_mode: { enum: ['erase_zero', 'keep_zero'] },
    rendering_intent: { enum: ['absolute_colorimetric', 'relative_colorimetric', 'saturation', 'perceptual'] },
    black_point_compensation: { enum: ['reader', 'on', 'off'] },
    stroke_adjustment: bool,
    flatness: { type: 'number', minimum: 0, maximum: 100 },
    smoothness: unit,
    mask: {
      type: 'object',
      required: ['drawing'],
      properties: {
        drawing: str,
        read: { enum: ['luminosity', 'alpha'] },
        space: { enum: ['gray', 'rgb', 'cmyk'] },
        backdrop: nums,
      },
    },
    transfer: {
      anyOf: [
        { const: 'page' },
        { type: 'object', required: ['every'], properties: { every: functionSchema } },
        {
          type: 'object',
          required: ['per_ink'],
          properties: { per_ink: { type: 'array', items: functionSchema, minItems: 4, maxItems: 4 } },
        },
      ],
    },
    halftone: {
      anyOf: [
        { type: 'object', required: ['every'], properties: { every: screenSchema } },
        {
          type: 'object',
          required: ['per_ink'],
          properties: {
            per_ink: {
              type: 'object',
              required: ['inks', 'default'],
              properties: {
                inks: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['colorant', 'screen'],
                    properties: { colorant: str, screen: screenSchema },
                  },
                },
                default: screenSchema,
              },
            },
          },
        },
      ],
    },
    halftone_origin: { type: 'array', items: num, minItems: 2, maxItems: 2 },
  },
} as const;

export const graphicsStatesSchema = named({ state: stateSchema }, ['state']);

const itemsSchema = {
  type: 'array',
  items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
} as const;

export const drawingsSchema = named({ box: boxSchema, items: itemsSchema }, ['box', 'items']);

export const tilingsSchema = named(
  {
    box: {
      type: 'object',
      required: ['x', 'y', 'width', 'height'],
      properties: {
        x: num,
        y: num,
        width: { type: 'number', exclusiveMinimum: 0 },
        height: { type: 'number', exclusiveMinimum: 0 },
      },
    },
    step: { type: 'array', items: num, minItems: 2, maxItems: 2 },
    colored: bool,
    spacing: { enum: ['constant', 'undistorted', 'constant_and_fast'] },
    items: itemsSchema,
    matrix: { type: 'array', items: num, minItems: 6, maxItems: 6 },
  },
  ['box', 'step', 'items'],
);

const alternateSchema = { type: 'string', minLength: 1 } as const;

export const colorSpacesSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['type'],
    properties: { type: { enum: ['icc', 'separation', 'device_n'] } },
    allOf: [
      {
        if: { properties: { type: { const: 'icc' } } },
        then: { required: ['components', 'profile'], properties: { components: { enum: [1, 3, 4] }, profile: str } },
      },
      {
        if: { properties: { type: { const: 'separation' } } },
        then: {
          required: ['ink', 'alternate'],
          properties: { ink: str, alternate: alternateSchema, tint: functionSchema, full: nums },
        },
      },
      {
        if: { properties: { type: { const: 'device_n' } } },
        then: {
          required: ['inks', 'alternate', 'tint'],
          properties: {
            inks: { type: 'array', items: str, minItems: 1 },
            alternate: alternateSchema,
            tint: functionSchema,
          },
        },
      },
    ],
  },
} as const;

export const pageSpacesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['page'],
    properties: {
      page: { type: 'integer', minimum: 1 },
      gray: str,
      rgb: str,
      cmyk: str,
      group: { type: 'object', required: ['space'], properties: { space: str, isolated: bool, knockout: bool } },
    },
  },
} as const;
