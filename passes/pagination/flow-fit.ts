// passes/pagination/flow-fit.ts — pagination sub-step: a story (a flow with `continuation` or blocks,
// docs/reference.md "flow") laid into lines (engines/text/story.ts) and fitted into its chain of
// boxes — `rect` on its first page, then the `continuation` boxes of every later page in order —
// creating the pages it needs, as a table does. Lines go in order, each exactly once. A paragraph
// split between boxes leaves at least `orphans` lines at the bottom of the first and `widows` at the
// top of the next; `keep_together` moves a paragraph whole; `keep_with_next` (a heading's default)
// moves a block to the next box unless it fits with the first lines of what follows; breaks end the
// box or the page. A box that holds nothing yet takes what fits, so every box moves the story on.
// Without continuation there is one box and what does not fit runs on below it, as a one-box flow.

import type { Box } from '../../engines/geometry/coordinates.js';
import type { Line } from '../../engines/text/paragraph.js';
import { firstDistance, type LaidStory, type StoryPara } from '../../engines/text/story.js';
import { refuse } from '../../ir/messages.js';
import type { PlacedFlowLine, ResolvedFlowItem } from '../../ir/types.js';

const EPS = 1e-6;

export interface FittedFlowPart {
  page: number;
  box: Box;
  lines: PlacedFlowLine[];
  /** The box's top and the last line's descent, the edges relative_to hangs from. */
  top: number;
  bottom: number;
}

export interface FlowFitInput {
  flow: ResolvedFlowItem;
  laid: LaidStory;
  startPage: number;
  startBox: Box;
  /** The continuation boxes of a later page, in the order they are filled (none: the rect alone). */
  boxesOn(page: number): Box[];
  ceiling: number;
}

export function fitStory(inp: FlowFitInput): FittedFlowPart[] {
  const { flow, laid } = inp;
  const story = flow.story!;
  const chained = story.continuation.length > 0;
  const { widows, orphans } = story;
  const fb = flow.firstBaseline;
  const lb = flow.lastBaseline;

  const parts: FittedFlowPart[] = [];
  let page = inp.startPage;
  /** Index of the box among its page's continuation boxes; -1 for the rect. */
  let bi = -1;
  let box = inp.startBox;
  let lines: PlacedFlowLine[] = [];
  let y = box.ury;
  let lastLine: Line | undefined;
  let prevAfter = 0;

  const floorOf = (line: Line) =>
    box.lly + (lb === 'none' ? 0 : lb === 'descender' ? -line.descender : (lb as { points: number }).points);
  const close = () => {
    if (lines.length) parts.push({ page, box, lines, top: box.ury, bottom: y + lastLine!.descender });
  };
  const advance = (to: 'column' | 'page') => {
    close();
    const count = inp.boxesOn(page + 1).length;
    if (to === 'page' || bi < 0 || bi + 1 >= count) {
      page++;
      if (page > inp.ceiling) refuse('flowPastCeiling', flow.at, { at: flow.at, ceiling: inp.ceiling });
      bi = 0;
    } else bi++;
    box = inp.boxesOn(page)[bi];
    lines = [];
    y = box.ury;
    lastLine = undefined;
  };
  /** Distance from the pen to line j of a paragraph: the first baseline of an empty box, else the leading (and the space between paragraphs). */
  const distance = (sp: StoryPara, j: number, empty: boolean, start: number) => {
    const line = sp.p.lines[j];
    if (empty) return firstDistance(fb, line);
    return line.leading + (j === start && j === 0 ? prevAfter + sp.spaceBefore : 0);
  };
  /** How many lines of `sp` from line k fit below the pen (all of them without a next box). */
  const fitCount = (sp: StoryPara, k: number): number => {
    const n = sp.p.lines.length;
    if (!chained) return n - k;
    let yy = y;
    let empty = lines.length === 0;
    for (let j = k; j < n; j++) {
      yy -= distance(sp, j, empty, k);
      if (yy < floorOf(sp.p.lines[j]) - EPS) return j - k;
      empty = false;
    }
    return n - k;
  };
  /** The lines of a paragraph that must stay with a block kept with it: all, when it cannot be split. */
  const keptLines = (sp: StoryPara) => {
    const n = sp.p.lines.length;
    return sp.block.keepTogether || n < orphans + widows ? n : orphans;
  };
  /** Whether entry `ei` (kept with next) fits here whole with what it is kept with. */
  const fitsGroup = (ei: number): boolean => {
    let yy = y;
    let empty = lines.length === 0;
    let after = prevAfter;
    for (let e = ei; e < laid.entries.length; e++) {
      const en = laid.entries[e];
      if (en.kind !== 'paragraph') return true;
      const kept = e === ei || en.block.keepWithNext;
      const take = kept ? en.p.lines.length : keptLines(en);
      for (let j = 0; j < take; j++) {
        const line = en.p.lines[j];
        yy -= empty ? firstDistance(fb, line) : line.leading + (j === 0 ? after + en.spaceBefore : 0);
        if (yy < floorOf(line) - EPS) return false;
        empty = false;
      }
      after = en.spaceAfter;
      if (!kept || e > ei + 64) return true; // a chain of keeps is looked at 64 blocks deep at most
      if (!en.block.keepWithNext) return true;
    }
    return true;
  };
  const breakHere = (to: 'page' | 'column') => {
    if (!chained) return; // one box: there is no next one
    const empty = lines.length === 0;
    // A break at the top of a box (a page break: of a page's first box) does nothing.
    if (empty && (to === 'column' || bi <= 0)) return;
    advance(to);
  };

  let pi = -1;
  for (let ei = 0; ei < laid.entries.length; ei++) {
    const en = laid.entries[ei];
    if (en.kind === 'break') {
      breakHere(en.break);
      continue;
    }
    pi++;
    if (en.block.breakBefore) breakHere(en.block.breakBefore);
    const n = en.p.lines.length;
    if (chained && lines.length > 0 && en.block.keepWithNext && !fitsGroup(ei)) advance('column');
    let k = 0;
    while (k < n) {
      const m = fitCount(en, k);
      let s = m;
      if (m < n - k) {
        if (en.block.keepTogether) s = 0;
        else {
          if (n - k - s < widows) s = n - k - widows;
          if (k === 0 && s < orphans) s = 0;
          if (s < 0) s = 0;
        }
        // A box that holds nothing yet takes what fits, one line at least: the story always moves on.
        if (s === 0 && lines.length === 0) s = Math.max(1, m);
      }
      for (let j = k; j < k + s; j++) {
        y -= distance(en, j, lines.length === 0, k);
        lastLine = en.p.lines[j];
        lines.push({ paragraph: pi, line: j, baseline: y });
      }
      k += s;
      if (k < n) advance('column');
    }
    prevAfter = en.spaceAfter;
  }
  close();
  return parts;
}
