// ir/read/text.ts — reading, text-setting items: a checked `text` item → TextItem.
import { DEFAULT_LEADING_FACTOR } from '../defaults.js';
import { at, type JsonPointer } from '../pointer.js';
import { textItemSchema } from '../schema/text.js';
import type { ItemBase, TextItem, TextRun } from '../types.js';
import { ajv, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { readClip } from './shapes.js';

function readRun(raw: unknown, p: JsonPointer): TextRun {
  if (typeof raw === 'string') return { at: p, text: raw };
  return { at: p, text: (raw as { text: string }).text };
}

export const textReader: ItemReader = {
  validate: ajv.compile(textItemSchema),
  read(raw: Record<string, unknown>, base: ItemBase): TextItem {
    const p = base.at;
    const fontSize = raw.font_size as number;
    return {
      ...base,
      type: 'text',
      rect: readRect(raw.rect, at(p, 'rect')),
      runs: (raw.content as unknown[]).map((r, i) => readRun(r, at(p, 'content', i))),
      font: { at: at(p, 'font'), name: raw.font as string },
      fontSize,
      leading: (raw.leading as number | undefined) ?? DEFAULT_LEADING_FACTOR * fontSize,
      color: raw.color === undefined ? { space: 'gray', c: [0] } : readColour(raw.color, at(p, 'color')),
      clip: readClip(raw.clip, at(p, 'clip')),
    };
  },
};
