// passes/layout/flow-notes.ts — layout, footnotes of a story (issue 23, docs/reference.md "flow",
// footnotes): the foot part of a box (passes/pagination/footnotes.ts) drawn — a rule RULE_WIDTH
// thick and a third of the box wide, halfway in the room above the notes, then each note line at its
// baseline from the box's left edge — and, in a tagged document, each note's lines as its piece `n<k>`
// (a Note element, passes/emit/document/structure.ts) and the rule as an artifact. The marks are drawn
// with their paragraphs' lines (flow-part.ts); `splitMarks` cuts a tagged paragraph's piece around each
// mark, so the mark is a Reference between the text before it and after it.

import { type DrawTarget, drawLine, lineAlign } from '../../engines/text/line-draw.js';
import { nextTextObject } from '../../engines/text/runs.js';
import type { LaidStory } from '../../engines/text/story.js';
import { runText } from '../../ir/draw-ops.js';
import type { ContentMark } from '../../ir/structure-types.js';
import type { DrawOp, FillRectOp, FlowPartItem, GlyphRunOp } from '../../ir/types.js';
import { marked } from './structure-marks.js';

/** The rule's thickness, points. */
export const RULE_WIDTH = 0.5;

/** The piece of note k and of the mark of note k (in its paragraph's element). */
export const notePiece = (k: number) => `n${k}`;
export const markPiece = (k: number) => `m${k}`;

/** Draws a foot part; `mark` is the tagged flow's paragraph marks (its item and tag come from paragraph 0's). */
export function layFootPart(fp: FlowPartItem, mark?: (paragraph: number) => ContentMark): DrawOp[] {
  const laid = fp.laid as LaidStory;
  const notes = laid.notes!;
  const foot = fp.foot!;
  const flow = fp.flow;
  const ops: DrawOp[] = [];
  const first = foot[0];
  const l0 = notes.list[first.note].p.lines[first.line];
  const ruleY = first.baseline + l0.descender + l0.leading + notes.gap / 2;
  const style = notes.list[first.note].p.atoms[0]?.style;
  const rule: FillRectOp = {
    op: 'rect',
    at: flow.at,
    x: fp.box.llx,
    y: ruleY - RULE_WIDTH / 2,
    w: (fp.box.urx - fp.box.llx) / 3,
    h: RULE_WIDTH,
    fill: style?.colour ?? flow.color,
  };
  const base = mark?.(0);
  if (base) for (const op of marked(flow.at, { kind: 'artifact', type: 'Layout' }, [rule])) ops.push(op);
  else ops.push(rule);
  let k = 0;
  while (k < foot.length) {
    const note = foot[k].note;
    const target: DrawTarget = { at: flow.at, textObject: nextTextObject(), glyphs: [], rects: [] };
    for (; k < foot.length && foot[k].note === note; k++) {
      const n = notes.list[note];
      const line = n.p.lines[foot[k].line];
      drawLine(
        n.p,
        line,
        fp.box.llx,
        foot[k].baseline,
        lineAlign(line, n.p.rtl, notes.align, undefined),
        undefined,
        target,
      );
    }
    const drawn: DrawOp[] = [...target.glyphs, ...target.rects];
    if (base?.kind === 'content') {
      const tag = base.tag === 'P' || /^H\d$/.test(base.tag) ? 'Note' : base.tag;
      for (const op of marked(flow.at, Object.assign({}, base, { piece: notePiece(note), tag }), drawn)) ops.push(op);
    } else for (const op of drawn) ops.push(op);
  }
  return ops;
}

/**
 * A tagged paragraph's glyph runs cut around its marks (runs raised above `baseline`): the runs before
 * a mark, the mark (piece `m<k>`, a Reference), the runs after, each its own text object so every
 * marked piece is whole. Returns the runs as groups, each with the mark it is drawn under.
 */
export function splitMarks(
  glyphs: GlyphRunOp[],
  baseline: number,
  paragraphMark: ContentMark,
  noteOf: (digits: string) => number | undefined,
): { mark: ContentMark; ops: GlyphRunOp[] }[] {
  const out: { mark: ContentMark; ops: GlyphRunOp[] }[] = [];
  let cur: { mark: ContentMark; ops: GlyphRunOp[] } | undefined;
  for (const g of glyphs) {
    const note = g.y > baseline + 1e-6 && paragraphMark.kind === 'content' ? noteOf(runText(g)) : undefined;
    if (note !== undefined && paragraphMark.kind === 'content') {
      out.push({
        mark: Object.assign({}, paragraphMark, { piece: markPiece(note), tag: 'Reference' as const }),
        ops: [g],
      });
      cur = undefined;
      continue;
    }
    if (!cur) {
      cur = { mark: paragraphMark, ops: [] };
      out.push(cur);
    }
    cur.ops.push(g);
  }
  return out;
}
