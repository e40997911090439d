// ir/read/text-path.ts — reading, the `text_path` item: the text item's runs, font, size, colour
// and outline, and a path's segments to set them along (docs/reference.md, "text_path"). What a
// schema cannot say is checked here: the path is one unbroken line (a single `move`), and no run asks
// for a decoration a curve cannot carry. Geometry stays coordinate values, evaluated at layout.
import { refuse } from '../messages.js';
import { at } from '../pointer.js';
import { textPathItemSchema } from '../schema/text.js';
import type { Colour, ItemBase, TextPathAlign, TextPathItem, TextPathOverlong } from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { readSegments } from './shapes.js';
import { readOutline, readRun } from './text.js';

type Raw = Record<string, unknown>;

const BLACK: Colour = { space: 'gray', c: [0] };

/** Run keys that draw strokes along the line of text: straight rectangles, which a curved baseline has no place for. */
const DECORATIONS = ['underline', 'strikethrough', 'overline'] as const;

export const textPathReader: ItemReader = {
  validate: lazyValidator(textPathItemSchema),
  read(raw: Raw, base: ItemBase): TextPathItem {
    const p = base.at;
    const segments = readSegments(raw.segments, at(p, 'segments'));
    // A second move would jump: the letters have no line to follow across the gap.
    const second = segments.findIndex((s, i) => i > 0 && s.k === 'move');
    if (second > 0) refuse('textPathSecondMove', at(p, 'segments', second, 'move'), { at: at(p, 'segments'), second: at(p, 'segments', second, 'move') });
    (raw.content as unknown[]).forEach((r, i) => {
      if (typeof r !== 'object' || r === null) return;
      for (const k of DECORATIONS) if ((r as Raw)[k] === true) refuse('textPathDecoration', at(p, 'content', i, k), { key: at(p, 'content', i, k), decoration: k });
    });
    return {
      ...base,
      type: 'text_path',
      rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(p, 'rect')),
      segments,
      segmentsAt: at(p, 'segments'),
      runs: (raw.content as unknown[]).map((r, i) => readRun(r, at(p, 'content', i))),
      font: { at: at(p, 'font'), name: raw.font as string },
      fontSize: raw.font_size as number,
      color: raw.color === undefined ? BLACK : readColour(raw.color, at(p, 'color')),
      outline: readOutline(raw.outline),
      start: raw.start as number | undefined,
      align: (raw.align as TextPathAlign | undefined) ?? 'start',
      side: (raw.side as 'left' | 'right' | undefined) ?? 'left',
      offset: (raw.offset as number | undefined) ?? 0,
      letterSpacing: (raw.letter_spacing as number | undefined) ?? 0,
      overlong: (raw.overlong as TextPathOverlong | undefined) ?? 'refuse',
    };
  },
};
