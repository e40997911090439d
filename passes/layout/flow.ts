// passes/layout/flow.ts — layout, a `flow` item (spec: flow item): paragraphs at newlines in one font
// and size, with indents (a hanging list sets them), tab stops and leaders, space around paragraphs,
// the first baseline placed by `first_baseline`, the room below the last by `last_baseline`; then
// `fit_size` (the largest size, stepping down from font_size, at which the text holds the rect) and
// `fill_leading` (lines spread apart so the last baseline sits on the floor).

import type { Box } from '../../engines/geometry/coordinates.js';
import { type DrawTarget, drawLine, lineAlign } from '../../engines/text/line-draw.js';
import { type LaidParagraph, layParagraph, type ParagraphRules } from '../../engines/text/paragraph.js';
import { blockStyle, nextTextObject, shadowOps, type TextPageContext } from '../../engines/text/runs.js';
import { firstDistance, indentsOf, tabRulesOf } from '../../engines/text/story.js';
import { chargeText, LAID_CHAR_BYTES, LAID_LINE_BYTES, releaseText } from '../../engines/text/text-memory.js';
import { pushAll } from '../../ir/bounded.js';
import { resolvePlaceholders } from '../../ir/placeholders.js';
import type { ContentMark } from '../../ir/structure-types.js';
import type { DrawOp, Matrix, ResolvedFlowItem } from '../../ir/types.js';
import { ParagraphMarker } from './structure-marks.js';

/** fit_size steps down half a point at a time (docs/reference.md)… */
export const FIT_STEP = 0.5;
/** …in at most this many steps; a wider range between font_size and floor takes larger, equal steps. */
export const FIT_MAX_STEPS = 200;
/** Slack when comparing a baseline with the floor, points. */
const EPS = 1e-6;

interface FlowLayout {
  paragraphs: LaidParagraph[];
  /** Bytes the laid paragraphs took from the render's budget, given back once drawn (engines/text/text-memory.ts). */
  charged: number;
  /** Page y of each line's baseline, in order. */
  baselines: number[];
  leading: number;
  floor: number;
  holds: boolean;
}

function layoutAt(item: ResolvedFlowItem, content: string, box: Box, size: number): FlowLayout {
  const width = box.urx - box.llx;
  const leading = item.leadingGiven ? (item.leading * size) / item.fontSize : 1.2 * size;
  const style = { ...blockStyle(item, item.fontRes), size, leading };
  const rules: ParagraphRules = {
    overlong: item.overlong,
    breakAfter: item.breakAfter,
    hyphenate: item.hyphenate,
    tabs: tabRulesOf(item, width),
    optimal: item.align === 'justify',
  };
  const indents = indentsOf(item);
  // Every paragraph is held until all are laid (fit_size and fill_leading need the last baseline):
  // each is charged to the render's budget as it is laid, so a flow past it is refused while laying.
  let charged = 0;
  // Most contents hold no carriage return: the scan for one is cheaper than the replace.
  const paragraphs = (content.indexOf('\r') < 0 ? content : content.replace(/\r\n?/g, '\n')).split('\n').map((text) => {
    const p = layParagraph(text.length ? [{ text, style, at: item.contentAt }] : [], rules, width, indents, style);
    const bytes = p.lines.length * LAID_LINE_BYTES + text.length * LAID_CHAR_BYTES;
    try {
      chargeText(bytes, item.at);
    } catch (e) {
      releaseText(charged);
      throw e;
    }
    charged += bytes;
    return p;
  });
  const baselines: number[] = [];
  let y = box.ury;
  let overflows = false;
  paragraphs.forEach((p, pi) => {
    p.lines.forEach((line, li) => {
      if (pi === 0 && li === 0) y -= firstDistance(item.firstBaseline, line);
      else y -= line.leading + (li === 0 ? item.spaceAfter + item.spaceBefore : 0);
      baselines.push(y);
      if (line.width > line.measure + EPS && !line.hasTab) overflows = true;
    });
  });
  const lastLine = paragraphs[paragraphs.length - 1].lines.at(-1)!;
  const lb = item.lastBaseline;
  const room = lb === 'none' ? 0 : lb === 'descender' ? -lastLine.descender : lb.points;
  const floor = box.lly + room;
  return {
    paragraphs,
    charged,
    baselines,
    leading,
    floor,
    holds: !overflows && baselines[baselines.length - 1] >= floor - EPS,
  };
}

/** The size fit_size settles on: the first that holds stepping down from font_size, else the floor. */
function fittedLayout(item: ResolvedFlowItem, content: string, box: Box): FlowLayout {
  const first = layoutAt(item, content, box, item.fontSize);
  if (!item.fitSize || first.holds) return first;
  releaseText(first.charged);
  const floor = item.fitSize.floor;
  const step = Math.max(FIT_STEP, (item.fontSize - floor) / FIT_MAX_STEPS);
  for (let size = item.fontSize - step; size > floor + EPS; size -= step) {
    const l = layoutAt(item, content, box, size);
    if (l.holds) return l;
    releaseText(l.charged);
  }
  return layoutAt(item, content, box, floor);
}

/**
 * fill_leading: every line after the first moves down by the same step more than its leading, so the
 * last baseline lands on the floor; the leading never passes `limit` (a limit below the natural
 * leading leaves it). Text that already runs past the floor, or a single line, stays as it is.
 */
function fillLeading(l: FlowLayout, limit: number): void {
  const n = l.baselines.length;
  const last = l.baselines[n - 1];
  if (n < 2 || last <= l.floor) return;
  let step = (last - l.floor) / (n - 1);
  step = Math.min(step, Math.max(0, limit - l.leading));
  for (let i = 1; i < n; i++) l.baselines[i] -= i * step;
}

/**
 * `mark` (a tagged document): each paragraph its own text object, marked as its piece
 * (passes/layout/structure-marks.ts). `pastFloor`: told how many lines run below the box when
 * fit_size settles on its floor and the text still does not hold the box.
 */
export function layFlowItem(
  item: ResolvedFlowItem,
  box: Box,
  matrix: Matrix | undefined,
  pc: TextPageContext,
  mark?: (paragraph: number) => ContentMark,
  pastFloor?: (lines: number) => void,
): DrawOp[] {
  const content = item.placeholders ? resolvePlaceholders(item.content, pc.page, pc.total, pc.pageOf) : item.content;
  const l = fittedLayout(item, content, box);
  // fit_size found no size that holds: set at the floor, the lines below the box's floor are told (issue 17).
  if (item.fitSize && !l.holds && pastFloor) {
    const lines = l.paragraphs.flatMap((p) => p.lines);
    pastFloor(
      lines.filter((line, i) => l.baselines[i] < l.floor - EPS || (line.width > line.measure + EPS && !line.hasTab))
        .length,
    );
  }
  if (item.fillLeading) fillLeading(l, item.fillLeading.limit);
  const target: DrawTarget = { at: item.at, matrix, textObject: nextTextObject(), glyphs: [], rects: [] };
  let n = 0;
  const marker = mark && new ParagraphMarker(target, mark, nextTextObject);
  // A hanging list's marker (the text before the first tab, left of the body stop) is the item's label (Lbl).
  const paragraphTexts = marker && item.hangingList ? content.replace(/\r\n?/g, '\n').split('\n') : undefined;
  const bodyX = box.llx + (item.hangingList?.body ?? 0) - 1e-6;
  for (const [pi, p] of l.paragraphs.entries()) {
    const firstY = l.baselines[n];
    marker?.start(pi, paragraphTexts?.[pi].includes('\t') ? (g) => g.y === firstY && g.x < bodyX : undefined);
    for (const line of p.lines) {
      drawLine(
        p,
        line,
        box.llx,
        l.baselines[n++],
        lineAlign(line, p.rtl, item.align, item.lastAlign),
        item.leader,
        target,
      );
    }
  }
  releaseText(l.charged); // the laid paragraphs go with this call; their glyph runs were charged as drawn
  const ops: DrawOp[] = item.shadow ? shadowOps(item.shadow, target, nextTextObject()) : [];
  if (marker) return marker.finish(ops);
  pushAll(pushAll(ops, target.glyphs), target.rects);
  return ops;
}
