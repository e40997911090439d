// ir/schema/table.ts — schema of the table item (docs/reference.md, "table"): columns, rows of cells,
// header and footer rows, spans, the style keys a table, column, row or cell may state, the boxes.
import { colourSchema, fontSizeSchema, itemBase, leadingSchema, rectSchema } from './common.js';
import { runSchema } from './text.js';

const side = { type: 'number', minimum: 0 } as const;
const borderSide = {
  type: 'object',
  required: ['width'],
  properties: { width: { type: 'number', minimum: 0 }, color: colourSchema },
} as const;

/** Style keys that cascade cell › row › column › table. */
export const cellStyleProps = {
  font: { type: 'string' },
  font_size: fontSizeSchema,
  leading: leadingSchema,
  color: colourSchema,
  align: { enum: ['left', 'center', 'right', 'justify', 'start', 'end'] },
  valign: { enum: ['top', 'middle', 'bottom'] },
  overlong: { enum: ['overflow', 'break'] },
  break_after: { type: 'string' },
  hyphenate: { type: 'string' },
  underline: { type: 'boolean' },
  strikethrough: { type: 'boolean' },
  overline: { type: 'boolean' },
  padding: {
    anyOf: [
      { type: 'number', minimum: 0 },
      { type: 'object', properties: { top: side, right: side, bottom: side, left: side } },
    ],
  },
  fill: colourSchema,
  border: {
    type: 'object',
    properties: {
      width: { type: 'number', minimum: 0 },
      color: colourSchema,
      top: borderSide,
      right: borderSide,
      bottom: borderSide,
      left: borderSide,
    },
  },
} as const;

const widthSchema = {
  anyOf: [
    { type: 'number', exclusiveMinimum: 0 },
    { const: 'auto' },
    { type: 'object', required: ['fraction'], properties: { fraction: { type: 'number', exclusiveMinimum: 0 } } },
  ],
} as const;

const columnSchema = {
  anyOf: [
    { type: 'number', exclusiveMinimum: 0 },
    { const: 'auto' },
    { type: 'object', required: ['fraction'], properties: { fraction: { type: 'number', exclusiveMinimum: 0 } } },
    { type: 'object', required: ['width'], properties: { width: widthSchema, ...cellStyleProps } },
  ],
} as const;

export const cellSchema = {
  anyOf: [
    { type: 'string' },
    {
      type: 'object',
      properties: {
        // `text` takes runs as a text item's content does; a bare string is one run.
        text: { anyOf: [{ type: 'string' }, { type: 'array', items: runSchema }] },
        flow: { type: 'string' },
        image: { type: 'string' },
        drawing: { type: 'string' },
        // How an image or drawing sits in the content box (as an image item's `fit`), and the height it asks for.
        fit: { enum: ['fill', 'contain', 'cover', 'none'] },
        height: { type: 'number', exclusiveMinimum: 0 },
        code: {
          type: 'object',
          required: ['type', 'data'],
          properties: {
            type: { enum: ['code128', 'ean13', 'qr_code', 'data_matrix', 'pdf417'] },
            height: { type: 'number', exclusiveMinimum: 0 },
          },
        },
        col_span: { type: 'integer', minimum: 1 },
        row_span: { type: 'integer', minimum: 1 },
        ...cellStyleProps,
      },
    },
  ],
} as const;

const rowSchema = {
  anyOf: [
    { type: 'array', items: cellSchema },
    {
      type: 'object',
      required: ['cells'],
      properties: {
        cells: { type: 'array', items: cellSchema },
        height: { type: 'number', minimum: 0 },
        split: { type: 'boolean' },
        keep_with_next: { type: 'boolean' },
        ...cellStyleProps,
      },
    },
  ],
} as const;

export const tableItemSchema = {
  type: 'object',
  required: ['rect', 'columns', 'rows'],
  properties: {
    ...itemBase,
    continuation: rectSchema,
    columns: { type: 'array', minItems: 1, items: columnSchema },
    rows: { type: 'array', items: rowSchema },
    header_rows: { type: 'integer', minimum: 0 },
    footer_rows: { type: 'integer', minimum: 0 },
    row_height: { type: 'number', minimum: 0 },
    split_rows: { type: 'boolean' },
    stripes: { type: 'array', minItems: 1, items: colourSchema },
    ...cellStyleProps,
  },
} as const;
