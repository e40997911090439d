// ir/read/text.ts — reading, text-setting items: checked `text` items → TextItem, and what `flow`
// (ir/read/flow.ts) and table cells share with it. What a schema cannot say is checked here, before anything is drawn: placeholders,
// date patterns and zones, hyphenation languages, one-character keys, ruler order.

import { badDirective, zoneKnown } from '../dates.js';
import { DEFAULT_LEADING_FACTOR } from '../defaults.js';
import type * as D from '../description.generated.js';
import { hasPatterns } from '../hyphenation-languages.js';
import { refuse } from '../messages.js';
import { scanPlaceholders } from '../placeholders.js';
import { at, type JsonPointer } from '../pointer.js';
import { textItemSchema } from '../schema/text.js';
import type {
  Colour,
  ItemBase,
  OutlineSpec,
  RunStyleSpec,
  ShadowSpec,
  TextBlockStyle,
  TextItem,
  TextRun,
} from '../types.js';
import { holds, lazyValidator, readColour, readFeatures, readRect } from './common.js';

import type { ItemReader } from './items.js';
import { readClip } from './shapes.js';

const BLACK: Colour = { space: 'gray', c: [0] };

export { DEFAULT_TAB_FRACTION } from '../defaults.js';

function colourOr(raw: D.Colour | undefined, dflt: Colour): Colour {
  return raw === undefined ? dflt : readColour(raw);
}

export function readOutline(o: D.Outline | undefined): OutlineSpec | undefined {
  if (o === undefined) return undefined;
  return { width: o.width, colour: colourOr(o.color, BLACK), filled: o.filled ?? false };
}

function readShadow(o: D.Shadow | undefined): ShadowSpec | undefined {
  if (o === undefined) return undefined;
  return { dx: o.dx, dy: o.dy, colour: readColour(o.color) };
}

/** Checks a text's placeholders; says whether any need resolving. */
export function placeholdersIn(text: string, p: JsonPointer): boolean {
  const scan = scanPlaceholders(text);
  if (!scan.ok) refuse('placeholderUnknown', p, { placeholder: scan.name, at: p });
  return scan.has;
}

export function oneCharacter(s: string, p: JsonPointer): string {
  if ([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].length !== 1)
    refuse('oneCharacter', p, { key: p, value: s });
  return s;
}

export function readRun(raw: D.TextRun, p: JsonPointer): TextRun {
  if (typeof raw === 'string') return { at: p, text: raw, placeholders: placeholdersIn(raw, p) };
  const r = raw;
  // A footnote is set at the foot of a story's box: a story's paragraph reads it (ir/read/footnotes.ts).
  if ('footnote' in r) refuse('footnoteOutsideStory', p, { at: p });
  // a run that sets text (the schema's second shape); any other object is a date run (its third)
  if (!holds(r, 'text', 'string')) {
    // A date run (the schema's third shape): the pattern and zone are checked now, formatted at layout.
    const pattern = r.date;
    const bad = badDirective(pattern);
    if (bad) refuse('dateDirective', at(p, 'date'), { at: at(p, 'date'), directive: bad });
    const zone = r.zone;
    if (zone !== undefined && !zoneKnown(zone)) refuse('dateZone', at(p, 'zone'), { zone, at: at(p, 'zone') });
    return { at: p, text: '', date: { pattern, zone }, placeholders: false };
  }
  const style: RunStyleSpec = {};
  if (r.font !== undefined) style.font = { at: at(p, 'font'), name: r.font };
  if (r.font_size !== undefined) style.fontSize = r.font_size;
  if (r.leading !== undefined) style.leading = r.leading;
  if (r.underline !== undefined) style.underline = r.underline;
  if (r.strikethrough !== undefined) style.strikethrough = r.strikethrough;
  if (r.overline !== undefined) style.overline = r.overline;
  if (r.color !== undefined) style.colour = readColour(r.color);
  if (r.outline !== undefined) style.outline = readOutline(r.outline);
  const features = readFeatures(r.features, p);
  if (features) style.features = features;
  return { at: p, text: r.text, style, placeholders: placeholdersIn(r.text, at(p, 'text')) };
}

/** The keys text and flow share. */
export function readBlockStyle(raw: D.TextItem | D.FlowItem, p: JsonPointer): TextBlockStyle {
  const fontSize = raw.font_size;
  const hyphenate = raw.hyphenate;
  if (hyphenate !== undefined && !hasPatterns(hyphenate))
    refuse('hyphenateLanguage', at(p, 'hyphenate'), { language: hyphenate, at: at(p, 'hyphenate') });
  return {
    font: { at: at(p, 'font'), name: raw.font },
    fontSize,
    leading: raw.leading ?? DEFAULT_LEADING_FACTOR * fontSize,
    leadingGiven: raw.leading !== undefined,
    color: colourOr(raw.color, BLACK),
    align: raw.align,
    overlong: raw.overlong ?? 'overflow',
    breakAfter: raw.break_after,
    underline: raw.underline ?? false,
    strikethrough: raw.strikethrough ?? false,
    overline: raw.overline ?? false,
    outline: readOutline(raw.outline),
    shadow: readShadow(raw.shadow),
    hyphenate: hyphenate?.toLowerCase(),
  };
}

export const textReader: ItemReader<'text'> = {
  validate: lazyValidator(textItemSchema),
  read(raw, base: ItemBase): TextItem {
    const p = base.at;
    // Object.assign onto the block style, not two spreads into a literal: V8 copies the second
    // spread property by property on its slow path, the largest cost of reading a text item.
    return Object.assign(readBlockStyle(raw, p), base, {
      type: 'text' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      runs: raw.content.map((r, i) => readRun(r, at(p, 'content', i))),
      clip: readClip(raw.clip, at(p, 'clip')),
    });
  },
};
