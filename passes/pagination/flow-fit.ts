// passes/pagination/flow-fit.ts — pagination sub-step: a story (a flow with `continuation` or blocks,
// docs/reference.md "flow") laid into lines (engines/text/story.ts) and fitted into its chain of
// boxes — `rect` on its first page, then the `continuation` boxes of every later page in order —
// creating the pages it needs, as a table does. Lines go in order, each exactly once. A paragraph
// split between boxes leaves at least `orphans` lines at the bottom of the first and `widows` at the
// top of the next; `keep_together` moves a paragraph whole; `keep_with_next` (a heading's default)
// moves a block to the next box unless it fits with the first lines of what follows; breaks end the
// box or the page. A box that holds nothing yet takes what fits, so every box moves the story on.
// A table block is measured at the story's width and fitted by the table's own fitter (table-fit.ts)
// from where the previous block left off, along the same chain; the story goes on under its last
// part. Without continuation there is one box and what does not fit runs on below it, as a one-box
// flow (a table there is fitted into the rect alone and refused if it needs more). A `{columns}`
// section is handed to story-columns.ts, which fits it with this fitter, its columns as the boxes.

import type { Box } from '../../engines/geometry/coordinates.js';
import type { Line } from '../../engines/text/paragraph.js';
import { firstDistance, type LaidStory, type StoryPara } from '../../engines/text/story.js';
import { pushAll } from '../../ir/bounded.js';
import type { MeasuredTable } from '../../ir/measured-table.js';
import { refuse } from '../../ir/messages.js';
import type { PlacedFlowLine, ResolvedFlowItem, ResolvedTableItem } from '../../ir/types.js';
import { Foot, type PlacedFootLine } from './footnotes.js';
import { fitSection, sectionOf, sectionRunEnd } from './story-columns.js';
import { type FittedPart, fitTable } from './table-fit.js';

const EPS = 1e-6;

export interface FittedFlowPart {
  page: number;
  box: Box;
  lines: PlacedFlowLine[];
  /** The box's top and the last line's descent, the edges relative_to hangs from. */
  top: number;
  bottom: number;
  /** The notes set at the foot of the box (a part of its own, with no lines: footnotes.ts). */
  foot?: PlacedFootLine[];
}

/** A table block's parts, with its measure. */
export interface FittedStoryTable {
  table: ResolvedTableItem;
  m: MeasuredTable;
  parts: FittedPart[];
  /** Per part, the story's box it stands in: the part turns and fades with the story about that box. */
  storyBoxes: Box[];
}

/** Whether box `inner` lies inside `outer` (to a hundredth of a point). */
const within = (inner: Box, outer: Box) =>
  inner.llx >= outer.llx - 0.01 &&
  inner.urx <= outer.urx + 0.01 &&
  inner.lly >= outer.lly - 0.01 &&
  inner.ury <= outer.ury + 0.01;

export interface FlowFitInput {
  flow: ResolvedFlowItem;
  laid: LaidStory;
  startPage: number;
  startBox: Box;
  /** The continuation boxes of a later page, in the order they are filled (none: the rect alone). */
  boxesOn(page: number): Box[];
  /** A table block measured `width` points wide (passes/pagination/table-measure.ts). */
  measure(table: ResolvedTableItem, width: number): MeasuredTable;
  ceiling: number;
  /** The first box holds something already (a `{columns}` section's first column, story-columns.ts): keeps apply there. */
  startFilled?: boolean;
  /** Told when a box that holds nothing takes lines its keeps would have moved on (story-columns.ts balances without). */
  forced?: () => void;
  /** A `{columns}` section's stand-in fit: the foot of the story's box its columns share (bottom: that box's), for its first `columns` boxes. */
  sharedFoot?: { foot: Foot; bottom: number; columns: number };
}

const NO_NOTES: readonly number[] = [];

export function fitStory(inp: FlowFitInput): { parts: FittedFlowPart[]; tables: FittedStoryTable[] } {
  const { flow, laid } = inp;
  const story = flow.story!;
  const chained = story.continuation.length > 0;
  const { widows, orphans } = story;
  const fb = flow.firstBaseline;
  const lb = flow.lastBaseline;
  const width = inp.startBox.urx - inp.startBox.llx;

  const parts: FittedFlowPart[] = [];
  const tables: FittedStoryTable[] = [];
  let page = inp.startPage;
  /** Index of the box among its page's continuation boxes; -1 for the rect. */
  let bi = -1;
  let box = inp.startBox;
  let lines: PlacedFlowLine[] = [];
  /** The pen: the last baseline, or an edge (a box's top, a table's bottom) when `edge`. */
  let y = box.ury;
  let edge = true;
  /** Whether the box holds anything yet (lines or a table). */
  let filled = inp.startFilled ?? false;
  let lastLine: Line | undefined;
  let prevAfter = 0;
  // Footnotes (footnotes.ts): the foot of the current box, and the notes marked on a paragraph's line.
  const notes = laid.notes;
  const shared = inp.sharedFoot;
  let foot: Foot | undefined = notes && (shared ? shared.foot : new Foot(notes));
  const paraIndex = notes && new Map(laid.paragraphs.map((sp, i) => [sp, i]));
  const notesOn = (sp: StoryPara, j: number): readonly number[] =>
    paraIndex ? notes!.onLine(paraIndex.get(sp)!, j) : NO_NOTES;
  const footBottom = () => (shared ? shared.bottom : box.lly);

  const baseFloor = (line: Line) =>
    box.lly + (lb === 'none' ? 0 : lb === 'descender' ? -line.descender : (lb as { points: number }).points);
  /** The floor of a line: the box's, or above the notes at its foot (with `extra` points more of them). */
  const floorOf = (line: Line, extra = 0) => {
    const h = (foot?.height ?? 0) + extra;
    return h > 0 ? Math.max(baseFloor(line), footBottom() + h) : baseFloor(line);
  };
  /** The floor of a table set in the box: its bottom, or above the notes at its foot. */
  const tableFloor = (extra = 0) => Math.max(box.lly, footBottom() + (foot?.height ?? 0) + extra);
  const close = () => {
    if (lines.length) parts.push({ page, box, lines, top: box.ury, bottom: lastLine ? y + lastLine.descender : y });
  };
  /** The notes at the foot of the box, as a part of their own (not for a section's columns: the story's box sets them). */
  const closeFoot = () => {
    if (foot?.lines.length && !shared)
      parts.push({ page, box, lines: [], top: box.ury, bottom: box.lly, foot: foot.placed(box.lly) });
  };
  const boxAfter = (): { page: number; bi: number } => {
    const count = inp.boxesOn(page + 1).length;
    return bi < 0 || bi + 1 >= inp.boxesOn(page).length || count === 0
      ? { page: page + 1, bi: 0 }
      : { page, bi: bi + 1 };
  };
  const advance = (to: 'column' | 'page') => {
    close();
    closeFoot();
    const nb = to === 'page' ? { page: page + 1, bi: 0 } : boxAfter();
    if (nb.page > inp.ceiling) refuse('flowPastCeiling', flow.at, { at: flow.at, ceiling: inp.ceiling });
    page = nb.page;
    bi = nb.bi;
    box = inp.boxesOn(page)[bi];
    lines = [];
    y = box.ury;
    edge = true;
    filled = false;
    lastLine = undefined;
    // What the last foot could not hold opens this one, leaving room for `orphans` lines above it.
    if (foot && shared) foot = page < shared.columns ? shared.foot : new Foot(notes!);
    else if (foot) foot = foot.next(box.ury - box.lly - Math.max(orphans, 1) * flow.leading);
  };
  /** Room between a paragraph and what came before: none at a box's top. */
  const gapBefore = (sp: { spaceBefore: number }) => (filled ? prevAfter + sp.spaceBefore : 0);
  /** Distance from the pen to line j of a paragraph whose lines from `start` are being placed. */
  const distance = (sp: StoryPara, j: number, atEdge: boolean, start: number) => {
    const line = sp.p.lines[j];
    const gap = j === start && j === 0 ? gapBefore(sp) : 0;
    return (atEdge ? firstDistance(fb, line) : line.leading) + gap;
  };
  /** How many lines of `sp` from line k fit below the pen (all of them without a next box). */
  const fitCount = (sp: StoryPara, k: number): number => {
    const n = sp.p.lines.length;
    if (!chained) return n - k;
    let yy = y;
    let atEdge = edge;
    let added = 0;
    for (let j = k; j < n; j++) {
      yy -= distance(sp, j, atEdge, k);
      const ids = notesOn(sp, j);
      if (ids.length) {
        // A line with marks goes with its notes: whole, or the last cut after its first line (then the box ends).
        if (!foot!.open) return j - k;
        const need = foot!.need(ids, added);
        if (yy < floorOf(sp.p.lines[j], added + need.whole) - EPS)
          return yy < floorOf(sp.p.lines[j], added + need.least) - EPS ? j - k : j - k + 1;
        added += need.whole;
      } else if (yy < floorOf(sp.p.lines[j], added) - EPS) return j - k;
      atEdge = false;
    }
    return n - k;
  };
  /** The lines of a paragraph that must stay with a block kept with it: all, when it cannot be split. */
  const keptLines = (sp: StoryPara) => {
    const n = sp.p.lines.length;
    return sp.block.keepTogether || n < orphans + widows ? n : orphans;
  };
  const measured = new Map<ResolvedTableItem, MeasuredTable>();
  const measureOf = (t: ResolvedTableItem) => {
    let m = measured.get(t);
    if (!m) measured.set(t, (m = inp.measure(t, width)));
    return m;
  };
  /** The least height a table needs in a box: its header and footer rows and its first body unit. */
  const tableNeed = (t: ResolvedTableItem): number => {
    const m = measureOf(t);
    let h = 0;
    for (let r = 0; r < t.headerRows; r++) h += m.heights[r];
    for (let r = t.rows.length - t.footerRows; r < t.rows.length; r++) h += m.heights[r];
    // the first body unit (ir/measured-table.ts unitEnd)
    for (let a = 0; a < t.rows.length; a = m.unitEnd[a] + 1)
      if (a >= t.headerRows && a < t.rows.length - t.footerRows) {
        for (let r = a; r <= m.unitEnd[a]; r++) h += m.heights[r];
        break;
      }
    return h;
  };
  /** The top of a table set next: under the last line's descent (or the edge) and the room between. */
  const tableTop = () => (edge ? y : y + lastLine!.descender) - (filled ? prevAfter + flow.spaceBefore : 0);
  /** Whether entry `ei` (kept with next) fits here whole with what it is kept with. */
  const fitsGroup = (ei: number): boolean => {
    let yy = y;
    let atEdge = edge;
    let any = filled;
    let after = prevAfter;
    let descent = lastLine?.descender ?? 0;
    let added = 0;
    for (let e = ei; e < laid.entries.length && e <= ei + 64; e++) {
      const en = laid.entries[e];
      if (en.kind === 'break') return true;
      if (en.kind === 'table') {
        const t = en.block.table as ResolvedTableItem;
        const top = (atEdge ? yy : yy + descent) - (any ? after + flow.spaceBefore : 0);
        return top - tableNeed(t) >= tableFloor(added) - EPS;
      }
      const kept = e === ei || en.block.keepWithNext;
      const take = kept ? en.p.lines.length : keptLines(en);
      for (let j = 0; j < take; j++) {
        const line = en.p.lines[j];
        yy -= (atEdge ? firstDistance(fb, line) : line.leading) + (j === 0 && any ? after + en.spaceBefore : 0);
        const ids = notesOn(en, j);
        if (ids.length) {
          if (!foot!.open) return false;
          added += foot!.need(ids, added).whole;
        }
        if (yy < floorOf(line, added) - EPS) return false;
        atEdge = false;
        any = true;
        descent = line.descender;
      }
      after = en.spaceAfter;
      if (!kept || !en.block.keepWithNext) return true;
    }
    return true; // a chain of keeps is followed 64 blocks deep at most
  };
  const breakHere = (to: 'page' | 'column') => {
    if (!chained) return; // one box: there is no next one
    // A break at the top of a box (a page break: of a page's first box) does nothing.
    if (!filled && (to === 'column' || bi <= 0)) return;
    advance(to);
  };

  let pi = -1;
  for (let ei = 0; ei < laid.entries.length; ei++) {
    const en = laid.entries[ei];
    const section = sectionOf(en);
    if (section) {
      // A `{columns}` section: fitted column by column, balanced where it ends (story-columns.ts).
      const end = sectionRunEnd(laid.entries, ei);
      if (en.kind === 'paragraph' && en.block.breakBefore === 'page') breakHere('page');
      const firstBefore = en.kind === 'paragraph' ? en.spaceBefore : 0;
      close();
      lines = [];
      const r = fitSection({
        flow,
        laid,
        from: ei,
        to: end,
        section,
        width,
        chained,
        top: (edge ? y : y + lastLine!.descender) - (filled ? prevAfter + firstBefore : 0),
        filled,
        cursor: { page: () => page, box: () => box, next: () => advance('column'), foot: () => foot },
        fit: fitStory,
      });
      pushAll(parts, r.parts);
      for (let e = ei; e < end; e++) if (laid.entries[e].kind === 'paragraph') pi++;
      y = r.bottom;
      edge = true;
      filled = true;
      lastLine = undefined;
      prevAfter = r.spaceAfter;
      ei = end - 1;
      continue;
    }
    if (en.kind === 'break') {
      breakHere(en.break);
      continue;
    }
    if (en.kind === 'table') {
      const t = en.block.table as ResolvedTableItem;
      const m = measureOf(t);
      const top = tableTop();
      const start: Box = { llx: box.llx, lly: tableFloor(), urx: box.llx + width, ury: top };
      const tParts = fitTable({
        table: t,
        m,
        startPage: page,
        startBox: start,
        boxOn: () => ({ ...box, lly: tableFloor() }),
        ceiling: inp.ceiling,
        chain: chained
          ? {
              next: () => {
                advance('column');
                filled = true;
                return { page, box: { ...box, lly: tableFloor(), urx: box.llx + width } };
              },
              peek: () => {
                const nb = boxAfter();
                const b = inp.boxesOn(nb.page)[nb.bi];
                return { ...b, urx: b.llx + width };
              },
            }
          : undefined,
      });
      if (!chained && (tParts.length > 1 || tParts[0]?.page !== page))
        refuse('flowTableOutgrows', t.at, { at: t.at, parts: Math.max(2, tParts.length) });
      // The story's box each part stands in: the start box on the start page, else that page's continuation box.
      const storyBoxes = tParts.map(
        (f) =>
          (f.page === inp.startPage && within(f.box, inp.startBox)
            ? inp.startBox
            : inp.boxesOn(f.page).find((b) => within(f.box, b))) ?? f.box,
      );
      tables.push({ table: t, m, parts: tParts, storyBoxes });
      const last = tParts.at(-1);
      if (last) {
        y = last.bottom;
        edge = true;
        filled = true;
        lastLine = undefined;
      }
      prevAfter = flow.spaceAfter;
      continue;
    }
    pi++;
    if (en.block.breakBefore) breakHere(en.block.breakBefore);
    const n = en.p.lines.length;
    if (chained && filled && en.block.keepWithNext && !fitsGroup(ei)) advance('column');
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
        if (s === 0 && !filled) {
          inp.forced?.();
          s = Math.max(1, m);
        }
      }
      for (let j = k; j < k + s; j++) {
        y -= distance(en, j, edge, k);
        edge = false;
        filled = true;
        lastLine = en.p.lines[j];
        lines.push({ paragraph: pi, line: j, baseline: y });
        const ids = notesOn(en, j);
        // Its notes go to the foot: as many lines as the room under it holds (without a next box, all).
        if (ids.length) foot!.add(ids, chained ? y - footBottom() - foot!.height : Number.POSITIVE_INFINITY);
      }
      k += s;
      if (k < n) advance('column');
    }
    prevAfter = en.spaceAfter;
  }
  // Notes still waiting go on at the foot of the boxes after the story's last line; each advance closes
  // the box it leaves, so the last box's lines are closed once, here or there (closing them before
  // the loop drew them twice: test/story.property.test.ts).
  while (foot && !shared && chained && foot.carry.length) advance('column');
  close();
  closeFoot();
  return { parts, tables };
}
