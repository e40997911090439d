// ir/schema/text.ts — schema of the text-setting items: `text`, `flow` and `text_path`.
import { colourSchema, fontSizeSchema, itemBase, leadingSchema, rectSchema } from './common.js';
import { featuresSchema } from './fonts.js';
import { clipSchema, segmentsSchema } from './graphics.js';

/** `start` and `end` follow the paragraph's own direction; the rest are absolute (spec default `left`). */
const alignSchema = { enum: ['left', 'right', 'center', 'justify', 'start', 'end'] } as const;

/** `outline` (spec: text item): `width` required, `color` default black, `filled` default false. */
const outlineSchema = {
  type: 'object',
  required: ['width'],
  properties: { width: { type: 'number', minimum: 0 }, color: colourSchema, filled: { type: 'boolean' } },
} as const;

/** `shadow`: `dx`, `dy`, `color`, all required. */
const shadowSchema = {
  type: 'object',
  required: ['dx', 'dy', 'color'],
  properties: { dx: { type: 'number' }, dy: { type: 'number' }, color: colourSchema },
} as const;

export const runSchema = {
  anyOf: [
    { type: 'string' },
    {
      type: 'object',
      required: ['text'],
      properties: {
        text: { type: 'string' },
        font: { type: 'string' },
        font_size: fontSizeSchema,
        leading: leadingSchema,
        underline: { type: 'boolean' },
        strikethrough: { type: 'boolean' },
        overline: { type: 'boolean' },
        color: colourSchema,
        outline: outlineSchema,
        features: featuresSchema,
      },
    },
    { type: 'object', required: ['date'], properties: { date: { type: 'string' }, zone: { type: 'string' } } },
  ],
} as const;

/** Keys text and flow share (spec: flow, "As text"). */
const blockStyle = {
  font: { type: 'string' },
  font_size: fontSizeSchema,
  align: alignSchema,
  overlong: { enum: ['overflow', 'break'] },
  leading: leadingSchema,
  break_after: { type: 'string' },
  underline: { type: 'boolean' },
  strikethrough: { type: 'boolean' },
  overline: { type: 'boolean' },
  color: colourSchema,
  outline: outlineSchema,
  shadow: shadowSchema,
  hyphenate: { type: 'string', minLength: 1 },
} as const;

export const textItemSchema = {
  type: 'object',
  required: ['rect', 'content', 'font', 'font_size'],
  properties: {
    ...itemBase,
    ...blockStyle,
    content: { type: 'array', items: runSchema },
    clip: clipSchema,
  },
} as const;

const pointsSchema = { type: 'object', required: ['points'], properties: { points: { type: 'number' } } } as const;

/** A style of a flow's blocks (`styles.h1`…`h6` and any name a block's `style` gives): over the flow's own. */
const storyStyleSchema = {
  type: 'object',
  properties: {
    font: { type: 'string' },
    font_size: fontSizeSchema,
    leading: leadingSchema,
    color: colourSchema,
    align: alignSchema,
    space_before: { type: 'number', minimum: 0 },
    space_after: { type: 'number', minimum: 0 },
  },
} as const;

/** A paragraph block of a flow's `content` array (docs/reference.md, "flow", blocks). */
const storyParagraphSchema = {
  type: 'object',
  required: ['text'],
  properties: {
    text: { anyOf: [{ type: 'string' }, { type: 'array', items: runSchema }] },
    id: { type: 'string', minLength: 1 },
    heading: { type: 'integer', minimum: 1, maximum: 6 },
    style: { type: 'string', minLength: 1 },
    keep_together: { type: 'boolean' },
    keep_with_next: { type: 'boolean' },
    break_before: { enum: ['page', 'column'] },
  },
} as const;

const storyBreakSchema = {
  type: 'object',
  required: ['break'],
  properties: { break: { enum: ['page', 'column'] } },
} as const;

/** The blocks of a flow's `content` array. */
const storyBlockSchema = { anyOf: [{ type: 'string' }, storyParagraphSchema, storyBreakSchema] } as const;

export const flowItemSchema = {
  type: 'object',
  required: ['rect', 'content', 'font', 'font_size'],
  properties: {
    ...itemBase,
    ...blockStyle,
    content: { anyOf: [{ type: 'string' }, { type: 'array', items: storyBlockSchema }] },
    continuation: { anyOf: [rectSchema, { type: 'array', minItems: 1, items: rectSchema }] },
    widows: { type: 'integer', minimum: 1 },
    orphans: { type: 'integer', minimum: 1 },
    styles: { type: 'object', additionalProperties: storyStyleSchema },
    last_align: alignSchema,
    left_indent: { type: 'number' },
    right_indent: { type: 'number' },
    first_line_indent: { type: 'number' },
    space_before: { type: 'number', minimum: 0 },
    space_after: { type: 'number', minimum: 0 },
    first_baseline: { anyOf: [{ enum: ['leading', 'ascender', 'cap_height'] }, pointsSchema] },
    last_baseline: {
      anyOf: [
        { enum: ['none', 'descender'] },
        { type: 'object', required: ['points'], properties: { points: { type: 'number', minimum: 0 } } },
      ],
    },
    leader: { type: 'string', minLength: 1 },
    tabs: {
      type: 'object',
      properties: {
        method: { enum: ['relative', 'typewriter', 'ruler'] },
        size: {
          anyOf: [
            {
              type: 'object',
              required: ['fraction'],
              properties: { fraction: { type: 'number', exclusiveMinimum: 0, maximum: 1 } },
            },
            { type: 'object', required: ['points'], properties: { points: { type: 'number', exclusiveMinimum: 0 } } },
          ],
        },
        ruler: { type: 'array', items: { type: 'number' } },
        alignments: { type: 'array', items: { enum: ['left', 'center', 'right', 'decimal'] } },
        align_char: { type: 'string', minLength: 1 },
      },
    },
    hanging_list: {
      type: 'object',
      required: ['marker', 'body'],
      properties: { marker: { type: 'number' }, body: { type: 'number' } },
    },
    fill_leading: { type: 'object', required: ['limit'], properties: { limit: { type: 'number', minimum: 0 } } },
    fit_size: { type: 'object', required: ['floor'], properties: { floor: { type: 'number', exclusiveMinimum: 0 } } },
  },
} as const;

/**
 * `text_path` (docs/reference.md, "text_path"): the text item's runs, font, size, colour and
 * outline, set along `segments` (a path's segments) rather than into a rect.
 */
export const textPathItemSchema = {
  type: 'object',
  required: ['segments', 'content', 'font', 'font_size'],
  properties: {
    ...itemBase,
    segments: segmentsSchema,
    content: { type: 'array', items: runSchema },
    font: { type: 'string' },
    font_size: fontSizeSchema,
    color: colourSchema,
    outline: outlineSchema,
    start: { type: 'number', minimum: 0 },
    align: { enum: ['start', 'center', 'end'] },
    side: { enum: ['left', 'right'] },
    offset: { type: 'number' },
    letter_spacing: { type: 'number' },
    overlong: { enum: ['refuse', 'shrink', 'extend'] },
  },
} as const;
