// ir/schema/text.ts — schema of the text-setting items (text; flow and text_path as they arrive).
import { colourSchema, itemBase } from './common.js';
import { clipSchema } from './graphics.js';

const runSchema = {
  anyOf: [
    { type: 'string' },
    { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
    { type: 'object', required: ['date'], properties: { date: { type: 'string' }, zone: { type: 'string' } } },
  ],
} as const;

export const textItemSchema = {
  type: 'object',
  required: ['rect', 'content', 'font', 'font_size'],
  properties: {
    ...itemBase,
    content: { type: 'array', items: runSchema },
    font: { type: 'string' },
    font_size: { type: 'number', exclusiveMinimum: 0 },
    leading: { type: 'number', minimum: 0 },
    color: colourSchema,
    clip: clipSchema,
  },
} as const;
