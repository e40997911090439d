// passes/layout/text-item.ts — layout, a `text` item: its runs (strings in the block's style, styled
// objects, dates formatted with the moment of rendering) with pagination placeholders resolved for
// this page, laid into the rect (text-block.ts) from one leading below its top edge; lines that do
// not fit above the bottom run on below it. The shadow is drawn first, as its own text object.

import type { Box } from '../../engines/geometry/coordinates.js';
import type { DrawTarget } from '../../engines/text/line-draw.js';
import { blockStyle, nextTextObject, runSpans, shadowOps, type TextPageContext } from '../../engines/text/runs.js';
import { drawRuns } from '../../engines/text/text-block.js';
import { pushAll } from '../../ir/bounded.js';
import type { ContentMark } from '../../ir/structure-types.js';
import type { DrawOp, Matrix, ResolvedTextItem } from '../../ir/types.js';
import { ParagraphMarker } from './structure-marks.js';

/** Text items set tabs, vertical tabs and form feeds as spaces (flow gives tabs their meaning). */

/** `mark` (a tagged document): each paragraph its own text object, marked as its piece (passes/layout/structure-marks.ts). */
export function layTextItem(
  item: ResolvedTextItem,
  box: Box,
  matrix: Matrix | undefined,
  pc: TextPageContext,
  mark?: (paragraph: number) => ContentMark,
): DrawOp[] {
  const base = blockStyle(item, item.fontRes);
  const spans = runSpans(item, base, pc);
  const target: DrawTarget = { at: item.at, matrix, textObject: nextTextObject(), glyphs: [], rects: [] };
  const marker = mark && new ParagraphMarker(target, mark, nextTextObject);
  // Laid and drawn a paragraph at a time: only the glyph runs are held (engines/text/text-memory.ts).
  drawRuns(
    spans,
    {
      overlong: item.overlong,
      breakAfter: item.breakAfter,
      hyphenate: item.hyphenate,
      align: item.align,
      optimal: item.align === 'justify',
    },
    box.urx - box.llx,
    box.llx,
    box.ury,
    target,
    marker && ((i) => marker.start(i)),
  );
  const ops: DrawOp[] = item.shadow ? shadowOps(item.shadow, target, nextTextObject()) : [];
  if (marker) return marker.finish(ops);
  pushAll(pushAll(ops, target.glyphs), target.rects);
  return ops;
}
