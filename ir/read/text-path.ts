// ir/read/text-path.ts — reading, the `text_path` item: the text item's runs, font, size, colour
// and outline, and a path's segments to set them along (docs/reference.md, "text_path"). What a
// schema cannot say is checked here: the path is one unbroken line (a single `move`), and no run asks
// for a decoration a curve cannot carry. Geometry stays coordinate values, evaluated at layout.
import { refuse } from '../messages.js';
import { at } from '../pointer.js';
import { textPathItemSchema } from '../schema/text.js';
import type { Colour, ItemBase, TextPathItem } from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { readSegments } from './shapes.js';
import { readOutline, readRun } from './text.js';

const BLACK: Colour = { space: 'gray', c: [0] };

/** Run keys that draw strokes along the line of text: straight rectangles, which a curved baseline has no place for. */
const DECORATIONS = ['underline', 'strikethrough', 'overline'] as const;

export const textPathReader: ItemReader<'text_path'> = {
  validate: lazyValidator(textPathItemSchema),
  read(raw, base: ItemBase): TextPathItem {
    const p = base.at;
    const segments = readSegments(raw.segments, at(p, 'segments'));
    // A second move would jump: the letters have no line to follow across the gap.
    const second = segments.findIndex((s, i) => i > 0 && s.k === 'move');
    if (second > 0)
      refuse('textPathSecondMove', at(p, 'segments', second, 'move'), {
        at: at(p, 'segments'),
        second: at(p, 'segments', second, 'move'),
      });
    raw.content.forEach((r, i) => {
      if (typeof r !== 'object' || r === null) return;
      // a date run's shape has no such keys, yet one sent there is refused too: looked up as plain JSON
      for (const k of DECORATIONS)
        if ((r as Record<string, unknown>)[k] === true)
          refuse('textPathDecoration', at(p, 'content', i, k), { key: at(p, 'content', i, k), decoration: k });
    });
    return Object.assign({}, base, {
      type: 'text_path' as const,
      rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(p, 'rect')),
      segments,
      segmentsAt: at(p, 'segments'),
      runs: raw.content.map((r, i) => readRun(r, at(p, 'content', i))),
      font: { at: at(p, 'font'), name: raw.font },
      fontSize: raw.font_size,
      color: raw.color === undefined ? BLACK : readColour(raw.color, at(p, 'color')),
      outline: readOutline(raw.outline),
      start: raw.start,
      align: raw.align ?? 'start',
      side: raw.side ?? 'left',
      offset: raw.offset ?? 0,
      letterSpacing: raw.letter_spacing ?? 0,
      overlong: raw.overlong ?? 'refuse',
    });
  },
};
