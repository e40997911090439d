// ir/read/text.ts — reading, text-setting items: checked `text` and `flow` items → TextItem,
// FlowItem. What a schema cannot say is checked here, before anything is drawn: placeholders,
// date patterns and zones, hyphenation languages, one-character keys, ruler order.
import { DEFAULT_LEADING_FACTOR } from '../defaults.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { flowItemSchema, textItemSchema } from '../schema/text.js';
import type {
  Colour, FirstBaseline, FlowItem, ItemBase, LastBaseline, OutlineSpec, RunStyleSpec, ShadowSpec, TabsSpec, TextBlockStyle, TextItem, TextRun,
} from '../types.js';

import { scanPlaceholders } from '../placeholders.js';
import { ajv, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { readClip } from './shapes.js';
import { badDirective, zoneKnown } from '../dates.js';
import { hasPatterns } from '../hyphenation-languages.js';

type Raw = Record<string, unknown>;

const BLACK: Colour = { space: 'gray', c: [0] };

/** Default tab size: 7.5 % of the line (spec: flow, `tabs.size`). */
export const DEFAULT_TAB_FRACTION = 0.075;

function colourOr(raw: unknown, dflt: Colour): Colour {
  return raw === undefined ? dflt : readColour(raw as number[]);
}

export function readOutline(raw: unknown): OutlineSpec | undefined {
  if (raw === undefined) return undefined;
  const o = raw as { width: number; color?: number[]; filled?: boolean };
  return { width: o.width, colour: colourOr(o.color, BLACK), filled: o.filled ?? false };
}

function readShadow(raw: unknown): ShadowSpec | undefined {
  if (raw === undefined) return undefined;
  const o = raw as { dx: number; dy: number; color: number[] };
  return { dx: o.dx, dy: o.dy, colour: readColour(o.color) };
}

/** Checks a text's placeholders; says whether any need resolving. */
export function placeholdersIn(text: string, p: JsonPointer): boolean {
  const scan = scanPlaceholders(text);
  if (!scan.ok) refuse('placeholderUnknown', p, { placeholder: scan.name, at: p });
  return scan.has;
}

function oneCharacter(s: string, p: JsonPointer): string {
  if ([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].length !== 1) refuse('oneCharacter', p, { key: p, value: s });
  return s;
}

export function readRun(raw: unknown, p: JsonPointer): TextRun {
  if (typeof raw === 'string') return { at: p, text: raw, placeholders: placeholdersIn(raw, p) };
  const r = raw as Raw;
  if (typeof r.text !== 'string') {
    // A date run (the schema's third shape): the pattern and zone are checked now, formatted at layout.
    const pattern = r.date as string;
    const bad = badDirective(pattern);
    if (bad) refuse('dateDirective', at(p, 'date'), { at: at(p, 'date'), directive: bad });
    const zone = r.zone as string | undefined;
    if (zone !== undefined && !zoneKnown(zone)) refuse('dateZone', at(p, 'zone'), { zone, at: at(p, 'zone') });
    return { at: p, text: '', date: { pattern, zone }, placeholders: false };
  }
  const style: RunStyleSpec = {};
  if (r.font !== undefined) style.font = { at: at(p, 'font'), name: r.font as string };
  if (r.font_size !== undefined) style.fontSize = r.font_size as number;
  if (r.leading !== undefined) style.leading = r.leading as number;
  if (r.underline !== undefined) style.underline = r.underline as boolean;
  if (r.strikethrough !== undefined) style.strikethrough = r.strikethrough as boolean;
  if (r.overline !== undefined) style.overline = r.overline as boolean;
  if (r.color !== undefined) style.colour = readColour(r.color as number[]);
  if (r.outline !== undefined) style.outline = readOutline(r.outline);
  return { at: p, text: r.text, style, placeholders: placeholdersIn(r.text, at(p, 'text')) };
}

/** The keys text and flow share. */
function readBlockStyle(raw: Raw, p: JsonPointer): TextBlockStyle {
  const fontSize = raw.font_size as number;
  const hyphenate = raw.hyphenate as string | undefined;
  if (hyphenate !== undefined && !hasPatterns(hyphenate)) refuse('hyphenateLanguage', at(p, 'hyphenate'), { language: hyphenate, at: at(p, 'hyphenate') });
  return {
    font: { at: at(p, 'font'), name: raw.font as string },
    fontSize,
    leading: (raw.leading as number | undefined) ?? DEFAULT_LEADING_FACTOR * fontSize,
    leadingGiven: raw.leading !== undefined,
    color: colourOr(raw.color, BLACK),
    align: raw.align as TextBlockStyle['align'],
    overlong: (raw.overlong as 'overflow' | 'break' | undefined) ?? 'overflow',
    breakAfter: raw.break_after as string | undefined,
    underline: (raw.underline as boolean | undefined) ?? false,
    strikethrough: (raw.strikethrough as boolean | undefined) ?? false,
    overline: (raw.overline as boolean | undefined) ?? false,
    outline: readOutline(raw.outline),
    shadow: readShadow(raw.shadow),
    hyphenate: hyphenate?.toLowerCase(),
  };
}

export const textReader: ItemReader = {
  validate: ajv.compile(textItemSchema),
  read(raw: Raw, base: ItemBase): TextItem {
    const p = base.at;
    // Object.assign onto the block style, not two spreads into a literal: V8 copies the second
    // spread property by property on its slow path, the largest cost of reading a text item.
    return Object.assign(readBlockStyle(raw, p), base, {
      type: 'text' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      runs: (raw.content as unknown[]).map((r, i) => readRun(r, at(p, 'content', i))),
      clip: readClip(raw.clip, at(p, 'clip')),
    });
  },
};

function readTabs(raw: Raw | undefined, p: JsonPointer): TabsSpec {
  const t = raw ?? {};
  const size = t.size as TabsSpec['size'] | undefined;
  const ruler = (t.ruler as number[] | undefined) ?? [];
  for (let i = 1; i < ruler.length; i++) if (!(ruler[i] > ruler[i - 1])) refuse('rulerOrder', at(p, 'ruler'), { key: at(p, 'ruler') });
  const alignChar = (t.align_char as string | undefined) ?? '.';
  if (t.align_char !== undefined) oneCharacter(alignChar, at(p, 'align_char'));
  return {
    method: (t.method as TabsSpec['method'] | undefined) ?? 'relative',
    size: size ?? { fraction: DEFAULT_TAB_FRACTION },
    ruler,
    alignments: (t.alignments as TabsSpec['alignments'] | undefined) ?? [],
    alignChar,
  };
}

const FLOW_GIVEN_KEYS = ['left_indent', 'right_indent', 'first_line_indent', 'hanging_list', 'fill_leading', 'leading'] as const;

export const flowReader: ItemReader = {
  validate: ajv.compile(flowItemSchema),
  read(raw: Raw, base: ItemBase): FlowItem {
    const p = base.at;
    const style = readBlockStyle(raw, p);
    const given = new Set<string>(FLOW_GIVEN_KEYS.filter((k) => raw[k] !== undefined));
    const tabs = raw.tabs as Raw | undefined;
    if (tabs?.method !== undefined) given.add('tabs.method');
    if (tabs?.ruler !== undefined) given.add('tabs.ruler');
    const fitSize = raw.fit_size as { floor: number } | undefined;
    if (fitSize && fitSize.floor > style.fontSize) refuse('fitFloorAboveSize', at(p, 'fit_size', 'floor'), { key: at(p, 'fit_size', 'floor'), floor: fitSize.floor, fontSize: style.fontSize });
    const content = raw.content as string;
    return Object.assign(style, base, {
      type: 'flow' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      content,
      contentAt: at(p, 'content'),
      placeholders: placeholdersIn(content, at(p, 'content')),
      lastAlign: raw.last_align as FlowItem['lastAlign'],
      leftIndent: (raw.left_indent as number | undefined) ?? 0,
      rightIndent: (raw.right_indent as number | undefined) ?? 0,
      firstLineIndent: (raw.first_line_indent as number | undefined) ?? 0,
      spaceBefore: (raw.space_before as number | undefined) ?? 0,
      spaceAfter: (raw.space_after as number | undefined) ?? 0,
      firstBaseline: (raw.first_baseline as FirstBaseline | undefined) ?? 'leading',
      lastBaseline: (raw.last_baseline as LastBaseline | undefined) ?? 'none',
      leader: raw.leader === undefined ? undefined : oneCharacter(raw.leader as string, at(p, 'leader')),
      tabs: readTabs(tabs, at(p, 'tabs')),
      hangingList: raw.hanging_list as FlowItem['hangingList'],
      fillLeading: raw.fill_leading as FlowItem['fillLeading'],
      fitSize,
      given,
    });
  },
};
