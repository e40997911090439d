// passes/pagination/story-columns.ts — pagination sub-step: a `{columns}` section of a story
// (docs/reference.md, "flow", columns) fitted into the story's boxes. Each box the section reaches is
// cut into `count` columns (engines/text/story-columns.ts) from the section's top down; the section's
// lines are fitted into them by the story's own fitter (flow-fit.ts), the columns standing in for a
// chain of boxes, so widows, orphans, keeps and column breaks apply per column as per box. Columns
// are filled one after the other; what does not fit continues in the story's next box. In the box
// where the section ends the columns are balanced: the least column height (binary search, to half a
// point) that holds the rest of the section without a forced line is used, and the story goes on
// under the lowest column at the full width. Every column holding lines is one part.

import type { Box } from '../../engines/geometry/coordinates.js';
import type { LaidStory, StoryEntry, StoryPara } from '../../engines/text/story.js';
import { columnBoxes } from '../../engines/text/story-columns.js';
import { minOf, pushAll } from '../../ir/bounded.js';
import type { ResolvedFlowItem, StorySection } from '../../ir/types.js';
import type { FittedFlowPart, FlowFitInput, fitStory } from './flow-fit.js';
import type { Foot } from './footnotes.js';

/** Far below any page: the floor of a section in a story without continuation (one box, runs on). */
const UNBOUNDED = -1e9;

/** The section a story entry is set in (a paragraph or a column break; a page break ends a run). */
export function sectionOf(en: StoryEntry): StorySection | undefined {
  if (en.kind === 'paragraph') return en.block.section;
  if (en.kind === 'break' && en.break === 'column') return en.section;
  return undefined;
}

/** The end (exclusive) of the run of entries of one section from `from`: a page break or a paragraph breaking before a page ends it. */
export function sectionRunEnd(entries: StoryEntry[], from: number): number {
  const section = sectionOf(entries[from]);
  let e = from + 1;
  while (e < entries.length) {
    const en = entries[e];
    if (sectionOf(en) !== section) break;
    if (en.kind === 'paragraph' && en.block.breakBefore === 'page') break;
    e++;
  }
  return e;
}

export interface SectionCursor {
  page(): number;
  box(): Box;
  /** Moves the story to its next box (closing the current one). */
  next(): void;
  /** The foot of the current box (footnotes.ts), when the story has notes: the columns share it. */
  foot(): Foot | undefined;
}

export interface SectionInput {
  flow: ResolvedFlowItem;
  laid: LaidStory;
  /** The run of entries [from, to) of one section. */
  from: number;
  to: number;
  section: StorySection;
  /** The width of the story's rect (the columns share it). */
  width: number;
  chained: boolean;
  /** The section's top in the current box (under what the box holds), and whether the box holds anything. */
  top: number;
  filled: boolean;
  cursor: SectionCursor;
  fit: typeof fitStory;
}

interface Sub {
  /** Parts per column index (only columns < count). */
  parts: FittedFlowPart[];
  /** Where the section goes on when the columns did not hold it all: entry index (laid) and line. */
  rest?: { entry: number; line: number };
  forced: boolean;
  firstColumnUsed: boolean;
  /** The foot of the story's box once the columns' notes are in it. */
  foot?: Foot;
}

export function fitSection(inp: SectionInput): { parts: FittedFlowPart[]; bottom: number; spaceAfter: number } {
  const { laid, section } = inp;
  const globalIndex = new Map<StoryPara, number>(laid.paragraphs.map((p, i) => [p, i]));

  /** Fits the run from `at` into columns from `top` down to `floor`, raised over the notes its lines bring (they take the box's full width under every column). */
  const sub = (
    at: { entry: number; line: number },
    box: Box,
    top: number,
    floor: number,
    startFilled: boolean,
  ): Sub => {
    const bottom = inp.chained ? box.lly : UNBOUNDED;
    let f = floor;
    for (let round = 0; ; round++) {
      const s = subOnce(at, box, top, f, startFilled);
      const need = bottom + (s.foot?.height ?? 0);
      if (!s.foot?.height || need <= f + 1e-6 || round >= 4) return s;
      f = need;
    }
  };
  const subOnce = (
    at: { entry: number; line: number },
    box: Box,
    top: number,
    floor: number,
    startFilled: boolean,
  ): Sub => {
    const entries: StoryEntry[] = [];
    const origin: { paragraph: number; offset: number; entry: number }[] = [];
    for (let e = at.entry; e < inp.to; e++) {
      const en = laid.entries[e];
      // Copies without the section, so the stand-in fit sets them as plain blocks in its boxes.
      if (en.kind !== 'paragraph') {
        entries.push(en.kind === 'break' ? Object.assign({}, en, { section: undefined }) : en);
        continue;
      }
      const k = e === at.entry ? at.line : 0;
      // The room above the section's first line is in its top already; a continued paragraph starts at line k.
      const copy: StoryPara = {
        ...en,
        block: { ...en.block, section: undefined },
        p: k ? { ...en.p, lines: en.p.lines.slice(k) } : en.p,
        spaceBefore: entries.length ? en.spaceBefore : 0,
      };
      entries.push(copy);
      origin.push({ paragraph: globalIndex.get(en)!, offset: k, entry: e });
    }
    const outer = inp.cursor.foot();
    const foot = outer?.clone();
    const notes = laid.notes && {
      ...laid.notes,
      onLine: (pi: number, line: number) => laid.notes!.onLine(origin[pi].paragraph, origin[pi].offset + line),
    };
    const cols = columnBoxes(box, inp.width, section, top, floor);
    const overflow: Box = { ...cols[cols.length - 1], lly: UNBOUNDED * 10 };
    let forced = false;
    const fitIn: FlowFitInput = {
      // A stand-in chain: column c is "page" c, the overflow past the last column one more.
      flow: { ...inp.flow, story: { ...inp.flow.story!, continuation: [inp.flow.rect] } },
      // (charged: 0 — the section's lines were charged when the story was laid)
      laid: {
        entries,
        paragraphs: entries.filter((en): en is StoryPara => en.kind === 'paragraph'),
        charged: 0,
        notes,
      },
      sharedFoot: foot && { foot, bottom: inp.chained ? box.lly : UNBOUNDED, columns: cols.length },
      startPage: 0,
      startBox: cols[0],
      boxesOn: (c) => [c < cols.length ? cols[c] : overflow],
      measure: () => {
        throw new Error('a section holds no table');
      },
      ceiling: Number.MAX_SAFE_INTEGER,
      startFilled,
      forced: () => {
        forced = true;
      },
    };
    const fitted = inp.fit(fitIn);
    const out: Sub = { parts: [], forced, firstColumnUsed: false, foot };
    for (const part of fitted.parts) {
      if (part.page >= cols.length) {
        const first = part.lines[0];
        const o = origin[first.paragraph];
        out.rest = { entry: o.entry, line: o.offset + first.line };
        break;
      }
      if (part.page === 0) out.firstColumnUsed = true;
      out.parts.push({
        ...part,
        page: inp.cursor.page(),
        lines: part.lines.map((l) => ({
          paragraph: origin[l.paragraph].paragraph,
          line: origin[l.paragraph].offset + l.line,
          baseline: l.baseline,
        })),
      });
    }
    out.forced = forced;
    return out;
  };

  const parts: FittedFlowPart[] = [];
  let at = { entry: inp.from, line: 0 };
  let top = inp.top;
  let startFilled = inp.filled;
  for (;;) {
    const box = inp.cursor.box();
    const floor = inp.chained ? box.lly : UNBOUNDED;
    const full = sub(at, box, top, floor, startFilled);
    if (inp.chained && startFilled && !full.firstColumnUsed) {
      // Not even the first column's first lines fit under what the box holds: the section starts in the next box.
      inp.cursor.next();
      top = inp.cursor.box().ury;
      startFilled = false;
      continue;
    }
    if (full.rest) {
      pushAll(parts, full.parts);
      if (full.foot) inp.cursor.foot()?.copyFrom(full.foot);
      at = full.rest;
      inp.cursor.next();
      top = inp.cursor.box().ury;
      startFilled = false;
      continue;
    }
    // The section ends in this box: balance its columns (the least height holding the rest unforced).
    const ok = (s: Sub) => !s.rest && !s.forced && (!startFilled || s.firstColumnUsed);
    let best = full;
    const lowest = Math.min(minOf(full.parts.flatMap((p) => p.lines.map((l) => l.baseline))), top);
    let hi = inp.chained ? top - floor : top - lowest + 100;
    const atHi = sub(at, box, top, top - hi, startFilled);
    if (ok(atHi)) {
      best = atHi;
      let lo = 0;
      while (hi - lo > 0.5) {
        const mid = (lo + hi) / 2;
        const s = sub(at, box, top, top - mid, startFilled);
        if (ok(s)) {
          hi = mid;
          best = s;
        } else lo = mid;
      }
    }
    pushAll(parts, best.parts);
    if (best.foot) inp.cursor.foot()?.copyFrom(best.foot);
    const bottom = Math.min(top, minOf(best.parts.map((p) => p.bottom)));
    let spaceAfter = 0;
    for (let e = inp.to - 1; e >= inp.from; e--) {
      const en = laid.entries[e];
      if (en.kind === 'paragraph') {
        spaceAfter = en.spaceAfter;
        break;
      }
    }
    return { parts, bottom, spaceAfter };
  }
}
