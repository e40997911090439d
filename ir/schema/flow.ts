// ir/schema/flow.ts — schema of the `flow` item (docs/reference.md, "flow"): the text keys it shares
// with `text`, its own paragraph keys, and a story's (issue 23): continuation boxes, widows and
// orphans, styles, and `content` as an array of blocks (paragraphs, breaks, tables, column sections).
import { colourSchema, fontSizeSchema, itemBase, leadingSchema, rectSchema } from './common.js';
import { storyContentsSchema } from './story-contents.js';
import { tableItemSchema } from './table.js';
import { alignSchema, blockStyle, runSchema } from './text.js';

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

/** The table keys a table block states: all of a table's but its boxes and item keys (the story gives them). */
const storyTableKeys = Object.fromEntries(
  Object.entries(tableItemSchema.properties).filter(([k]) => !(k in itemBase) && k !== 'continuation'),
);

/** `{table}`: a table set in the story, taking the room the previous block left. */
const storyTableSchema = {
  type: 'object',
  required: ['table'],
  properties: {
    table: { type: 'object', required: ['columns', 'rows'], properties: storyTableKeys },
  },
} as const;

/** `{columns, content}`: a section of paragraphs set in 2–4 columns, balanced where it ends. */
const storyColumnsSchema = {
  type: 'object',
  required: ['columns', 'content'],
  properties: {
    columns: {
      type: 'object',
      required: ['count'],
      properties: {
        count: { type: 'integer', minimum: 2, maximum: 4 },
        gap: { type: 'number', minimum: 0 },
      },
    },
    content: {
      type: 'array',
      minItems: 1,
      items: { anyOf: [{ type: 'string' }, storyParagraphSchema, storyBreakSchema] },
    },
  },
} as const;

/** The blocks of a flow's `content` array (`{contents}`: ./story-contents.ts). */
const storyBlockSchema = {
  anyOf: [
    { type: 'string' },
    storyParagraphSchema,
    storyBreakSchema,
    storyTableSchema,
    storyColumnsSchema,
    storyContentsSchema,
  ],
} as const;

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
    bookmarks: { type: 'boolean' },
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
