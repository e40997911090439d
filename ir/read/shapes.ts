// ir/read/shapes.ts — reading, shape items: a checked `rect` item → RectItem.
import { at } from '../pointer.js';
import { rectItemSchema } from '../schema/shapes.js';
import type { ItemBase, RectItem } from '../types.js';
import { ajv, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';

export const rectReader: ItemReader = {
  validate: ajv.compile(rectItemSchema),
  read(raw: Record<string, unknown>, base: ItemBase): RectItem {
    return { ...base, type: 'rect', rect: readRect(raw.rect, at(base.at, 'rect')), fill: raw.fill === undefined ? undefined : readColour(raw.fill as number[]) };
  },
};
