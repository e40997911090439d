// passes/layout/flow-part.ts — layout, one part of a story (a flow with `continuation` or blocks): the
// lines pagination placed in one box (passes/pagination/flow-fit.ts), drawn from the paragraphs it
// laid (engines/text/story.ts) at the box's left edge. A tagged document marks each paragraph's share
// of the box as that paragraph's piece (a paragraph split between boxes is one element, two pieces), a
// heading's with its Hn.

import { type DrawTarget, drawLine, lineAlign } from '../../engines/text/line-draw.js';
import { nextTextObject, shadowOps } from '../../engines/text/runs.js';
import type { LaidStory } from '../../engines/text/story.js';
import { pushAll } from '../../ir/bounded.js';
import type { ContentMark } from '../../ir/structure-types.js';
import type { DrawOp, FlowPartItem } from '../../ir/types.js';
import { layFootPart, splitMarks } from './flow-notes.js';
import { ParagraphMarker } from './structure-marks.js';

/** A paragraph's mark, a heading's with its own type when it is marked as a P piece. */
function headingMark(m: ContentMark, heading: number | undefined): ContentMark {
  return heading && m.kind === 'content' && m.tag === 'P' ? { ...m, tag: `H${heading}` } : m;
}

export function layFlowPart(fp: FlowPartItem, mark?: (paragraph: number) => ContentMark): DrawOp[] {
  if (fp.foot) return layFootPart(fp, mark); // the notes at a box's foot (flow-notes.ts)
  const laid = fp.laid as LaidStory;
  const flow = fp.flow;
  const target: DrawTarget = { at: flow.at, textObject: nextTextObject(), glyphs: [], rects: [] };
  // A heading's piece is marked with its element's type (H1–H6), as emit writes it (passes/emit/document/structure.ts).
  const tagged = mark && ((i: number): ContentMark => headingMark(mark(i), laid.paragraphs[i].block.heading));
  const marker = tagged && new ParagraphMarker(target, tagged, nextTextObject);
  let current = -1;
  for (const pl of fp.lines) {
    const sp = laid.paragraphs[pl.paragraph];
    if (pl.paragraph !== current) {
      current = pl.paragraph;
      marker?.start(current);
    }
    const line = sp.p.lines[pl.line];
    drawLine(
      sp.p,
      line,
      fp.box.llx,
      pl.baseline,
      lineAlign(line, sp.p.rtl, sp.align, sp.lastAlign),
      sp.leader ?? flow.leader,
      target,
    );
    // A line with footnote marks: each mark its own Reference piece (flow-notes.ts).
    const on = marker && laid.notes?.onLine(pl.paragraph, pl.line);
    if (on?.length)
      marker!.cut((gs) =>
        splitMarks(gs, pl.baseline, tagged!(current), (d) => (on.includes(Number(d) - 1) ? Number(d) - 1 : undefined)),
      );
  }
  const ops: DrawOp[] = flow.shadow ? shadowOps(flow.shadow, target, nextTextObject()) : [];
  if (marker) return marker.finish(ops);
  pushAll(pushAll(ops, target.glyphs), target.rects);
  return ops;
}
