// passes/layout/text-item.ts — layout, a `text` item: its runs (strings in the block's style, styled
// objects, dates formatted with the moment of rendering) with pagination placeholders resolved for
// this page, laid into the rect (text-block.ts) from one leading below its top edge; lines that do
// not fit above the bottom run on below it. The shadow is drawn first, as its own text object.
import type { Colour, DrawOp, FontResource, Matrix, ResolvedTextItem, ShadowSpec, TextBlockStyle, TextRun } from '../../ir/types.js';
import type { Box } from '../../engines/geometry/coordinates.js';
import { formatDate } from '../../engines/text/dates.js';
import type { DrawTarget } from '../../engines/text/line-draw.js';
import type { RunStyle, Span } from '../../engines/text/paragraph.js';
import { resolvePlaceholders } from '../../ir/placeholders.js';
import { layRuns } from '../../engines/text/text-block.js';
import { ParagraphMarker } from './structure-marks.js';
import type { ContentMark } from '../../ir/structure-types.js';

/** What a page gives the text it lays: its number, the total, the moment of rendering. */
export interface TextPageContext {
  page: number;
  total: number;
  now: Date;
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
    font, size: item.fontSize, leading: item.leading, colour: item.color, underline: item.underline,
    strikethrough: item.strikethrough, overline: item.overline, outline: item.outline,
  };
}

/** Text items set tabs, vertical tabs and form feeds as spaces (flow gives tabs their meaning). */
const WHITE = /[\t\v\f]/g;

/** A text item's (or a text_path's) runs as styled spans: dates formatted, placeholders resolved for this page. */
export function runSpans(item: { runs: readonly TextRun[]; leadingGiven: boolean }, base: RunStyle, pc: TextPageContext): Span[] {
  return item.runs.map((run) => {
    let text = run.date ? formatDate(run.date.pattern, pc.now, run.date.zone) : run.text;
    if (run.placeholders) text = resolvePlaceholders(text, pc.page, pc.total);
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
    out.push({ ...g, x: g.x + shadow.dx, y: g.y + shadow.dy, colour: c, outline: g.outline && { ...g.outline, colour: c }, textObject });
  }
  for (const r of target.rects) out.push({ ...r, x: r.x + shadow.dx, y: r.y + shadow.dy, fill: c });
  return out;
}

/** `mark` (a tagged document): each paragraph its own text object, marked as its piece (passes/layout/structure-marks.ts). */
export function layTextItem(item: ResolvedTextItem, box: Box, matrix: Matrix | undefined, pc: TextPageContext, mark?: (paragraph: number) => ContentMark): DrawOp[] {
  const base = blockStyle(item, item.fontRes);
  const spans = runSpans(item, base, pc);
  const block = layRuns(spans, { overlong: item.overlong, breakAfter: item.breakAfter, hyphenate: item.hyphenate, align: item.align, optimal: item.align === 'justify' }, box.urx - box.llx);
  const target: DrawTarget = { at: item.at, matrix, textObject: nextTextObject(), glyphs: [], rects: [] };
  const marker = mark && new ParagraphMarker(target, mark, nextTextObject);
  block.draw(box.llx, box.ury, target, marker && ((i) => marker.start(i)));
  const ops: DrawOp[] = item.shadow ? shadowOps(item.shadow, target, nextTextObject()) : [];
  if (marker) return marker.finish(ops);
  ops.push(...target.glyphs, ...target.rects);
  return ops;
}
