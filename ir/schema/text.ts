// ir/schema/text.ts — schema of the text-setting items: `text`, `flow` and `text_path`.
import { colourSchema, fontSizeSchema, itemBase, leadingSchema } from './common.js';
import { featuresSchema } from './fonts.js';
import { clipSchema, segmentsSchema } from './graphics.js';

/** `start` and `end` follow the paragraph's own direction; the rest are absolute (spec default `left`). */
export const alignSchema = { enum: ['left', 'right', 'center', 'justify', 'start', 'end'] } as const;

/** `outline` (spec: text item): `width` required, `color` default black, `filled` default false. */
export const outlineSchema = {
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

/** The run shapes every text takes: a string, styled text, a date. */
const plainRunShapes = [
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
] as const;

/**
 * A run: one of the plain shapes, or `{footnote}` (issue 23): a note whose mark is set in the text and
 * whose text (a string or plain runs) is set at the foot of the box. Only a story's paragraph sets
 * one; elsewhere the reader refuses it by name (ir/read/text.ts readRun, `footnoteOutsideStory`).
 */
export const runSchema = {
  anyOf: [
    ...plainRunShapes,
    {
      type: 'object',
      required: ['footnote'],
      properties: {
        footnote: {
          anyOf: [
            { type: 'string', minLength: 1 },
            { type: 'array', minItems: 1, items: { anyOf: plainRunShapes } },
          ],
        },
      },
    },
  ],
} as const;

/** Keys text and flow share (spec: flow, "As text"). */
export const blockStyle = {
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
