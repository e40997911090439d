// ir/schema/shapes.ts — schema of the shape items (rect; line, path, ellipse, polygon as they arrive).
import { colourSchema, itemBase } from './common.js';

export const rectItemSchema = {
  type: 'object',
  required: ['rect'],
  properties: { ...itemBase, fill: colourSchema },
} as const;
