// engines/text/runs.ts — a text block's runs made ready for the text engine on one page: the block's
// own style, styled runs and dates as spans with placeholders resolved, text object numbers and the
// shadow drawn under them. Text, flow, table cells, text_path and form appearances share it.

import type { DrawOp } from '../../ir/draw-ops.js';
import { type PageOf, resolvePlaceholders } from '../../ir/placeholders.js';
import type { ShadowSpec, TextBlockStyle, TextRun } from '../../ir/text-types.js';
import type { Colour, FontResource } from '../../ir/types.js';
import type { RunStyle, Span } from './atoms.js';
import { formatDate } from './dates.js';
import type { DrawTarget } from './line-draw.js';

/** What a page gives the text it lays: its number, the total, the moment of rendering. */
export interface TextPageContext {
  page: number;
  total: number;
  now: Date;
  /** The page each `{page_of:ID}` names (issue 23), once pagination has placed everything. */
  pageOf?: PageOf;
}

let textObjects = 0;

/** A fresh number for each text object (only equality matters: runs with one number share BT … ET). */
export function nextTextObject(): number {
  textObjects = (textObjects + 1) | 0;
  return textObjects;
}

/** The block's own style as a RunStyle. */
export function blockStyle(item: TextBlockStyle, font: FontResource): RunStyle {
  return {
    font,
    size: item.fontSize,
    leading: item.leading,
    colour: item.color,
    underline: item.underline,
    strikethrough: item.strikethrough,
    overline: item.overline,
    outline: item.outline,
  };
}

/** A text item's (or a text_path's) runs as styled spans: dates formatted, placeholders resolved for this page. */
/** Tab, vertical tab and form feed: a text item sets them as spaces. */
const WHITE = /[\t\v\f]/g;

export function runSpans(
  item: { runs: readonly TextRun[]; leadingGiven: boolean },
  base: RunStyle,
  pc: TextPageContext,
): Span[] {
  return item.runs.map((run) => {
    let text = run.date ? formatDate(run.date.pattern, pc.now, run.date.zone) : run.text;
    if (run.placeholders) text = resolvePlaceholders(text, pc.page, pc.total, pc.pageOf);
    text = text.replace(WHITE, ' ');
    const s = run.style;
    if (!s) return { text, style: base, at: run.at };
    const font = s.fontRes ?? base.font;
    const size = s.fontSize ?? base.size;
    const style: RunStyle = {
      font,
      size,
      // A run's own size brings its own default leading unless it states one (1.2 × its size).
      leading: s.leading ?? (s.fontSize !== undefined && !item.leadingGiven ? 1.2 * size : base.leading),
      colour: s.colour ?? base.colour,
      underline: s.underline ?? base.underline,
      strikethrough: s.strikethrough ?? base.strikethrough,
      overline: s.overline ?? base.overline,
      outline: s.outline ?? base.outline,
    };
    return { text, style, at: run.at };
  });
}

/** Copies of the block's ops offset by (dx, dy), every colour the shadow's, as one text object. */
export function shadowOps(shadow: ShadowSpec, target: DrawTarget, textObject: number): DrawOp[] {
  const c: Colour = shadow.colour;
  const out: DrawOp[] = [];
  for (const g of target.glyphs) {
    out.push({
      ...g,
      x: g.x + shadow.dx,
      y: g.y + shadow.dy,
      colour: c,
      outline: g.outline && { ...g.outline, colour: c },
      textObject,
    });
  }
  for (const r of target.rects) out.push(Object.assign({}, r, { x: r.x + shadow.dx, y: r.y + shadow.dy, fill: c }));
  return out;
}
