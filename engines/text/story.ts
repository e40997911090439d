// engines/text/story.ts — text engine: a story (a flow with `continuation` or blocks, docs/reference.md
// "flow") laid into lines once, before pagination fits them into boxes: every paragraph block in its
// style (the flow's, over it `styles.hN` for a heading or the style a block names), with the flow's
// indents, tabs and rules. Pagination (passes/pagination/flow-fit.ts) places the lines; layout draws
// them with drawLine. The flow helpers shared with a one-box flow (indents, tab rules, the first
// baseline) live here too.

import { refuse } from '../../ir/messages.js';
import type { PageOf } from '../../ir/placeholders.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type {
  Align,
  FirstBaseline,
  FlowItem,
  FontResource,
  ResolvedFlowItem,
  StoryBlock,
  StoryContentsEntry,
  StoryParagraph,
  StorySection,
  StoryTable,
} from '../../ir/types.js';
import type { RunStyle } from './atoms.js';
import type { Indents, LaidParagraph, Line, ParagraphRules } from './paragraph.js';
import { layParagraph } from './paragraph.js';
import { blockStyle, runSpans } from './runs.js';
import { columnWidth } from './story-columns.js';
import { type HeadingPage, layContents } from './story-contents.js';
import { type StoryNoteSet, StoryNotes } from './story-notes.js';
import type { TabRules } from './tabs.js';
import { chargeText, LAID_CHAR_BYTES, LAID_LINE_BYTES, releaseText } from './text-memory.js';

/** A flow's indents (a hanging list sets them: the marker at `marker`, the body and following lines at `body`). */
export function indentsOf(item: FlowItem): Indents {
  if (item.hangingList) {
    const { marker, body } = item.hangingList;
    return { left: body, right: item.rightIndent, firstLine: marker - body };
  }
  return { left: item.leftIndent, right: item.rightIndent, firstLine: item.firstLineIndent };
}

/** A flow's tab rules in a box `width` points wide. */
export function tabRulesOf(item: FlowItem, width: number): TabRules {
  const t = item.tabs;
  const size = 'fraction' in t.size ? t.size.fraction * width : t.size.points;
  if (item.hangingList) {
    // The first tab of an item goes to the body stop; others advance by the tab size.
    return {
      method: 'ruler',
      size,
      ruler: [item.hangingList.body],
      alignments: t.alignments,
      alignChar: t.alignChar,
      leader: item.leader,
    };
  }
  return {
    method: t.method,
    size,
    ruler: t.ruler,
    alignments: t.alignments,
    alignChar: t.alignChar,
    leader: item.leader,
  };
}

/** How far below a box's top the first baseline sits (flow, `first_baseline`). */
export function firstDistance(fb: FirstBaseline, line: Line): number {
  if (fb === 'leading') return line.leading;
  if (fb === 'ascender') return line.ascender;
  if (fb === 'cap_height') return line.capHeight;
  return fb.points;
}

/** The fonts a story sets text in beyond the flow's own: its styles' and its blocks' styled runs', with where each is named. */
export function storyFonts(item: FlowItem): { fontRes: FontResource; at: JsonPointer }[] {
  const out: { fontRes: FontResource; at: JsonPointer }[] = [];
  const story = item.story;
  if (!story) return out;
  for (const st of story.styles.values()) if (st.fontRes) out.push({ fontRes: st.fontRes, at: st.font!.at });
  for (const b of story.blocks) {
    if (b.kind === 'table') {
      const res = (b.table as { fontRes?: Map<string, FontResource> }).fontRes;
      for (const f of res?.values() ?? []) out.push({ fontRes: f, at: b.at });
    }
    if (b.kind !== 'paragraph') continue;
    for (const r of b.runs) {
      if (r.style?.fontRes) out.push({ fontRes: r.style.fontRes, at: r.style.font?.at ?? r.at });
      for (const n of r.footnote ?? [])
        if (n.style?.fontRes) out.push({ fontRes: n.style.fontRes, at: n.style.font?.at ?? n.at });
    }
  }
  return out;
}

/** A paragraph block laid: its lines and what placing it needs. */
export interface StoryPara {
  kind: 'paragraph';
  block: StoryParagraph;
  p: LaidParagraph;
  align?: Align;
  lastAlign?: Align;
  spaceBefore: number;
  spaceAfter: number;
  /** A contents entry's leader (drawn in its tab gap instead of the flow's `leader`; '' draws none). */
  leader?: string;
  /** A contents entry: the heading its link leads to (passes/layout/contents-links.ts). */
  entry?: StoryContentsEntry;
  /** A contents entry's page number as printed. */
  number?: string;
}

export type StoryEntry =
  | StoryPara
  | { kind: 'break'; break: 'page' | 'column'; section?: StorySection }
  | { kind: 'table'; block: StoryTable };

/** The story as laid: its entries in order. */
export interface LaidStory {
  entries: StoryEntry[];
  /** The paragraph entries, in order (a placed line names its paragraph by index here). */
  paragraphs: StoryPara[];
  /** What the laid lines took from the render's budget: held while the story is (its lines are drawn
   * in the layout pass, long after laying), given back by whoever drops it (a page_of re-laying). */
  charged: number;
  /** Its footnotes (engines/text/story-notes.ts), when it has any. */
  notes?: StoryNoteSet;
}

/**
 * Lays every paragraph of the story `width` points wide. Each is charged to the render's budget as
 * it is laid, so a story past the budget is refused while laying; the charge stays while the laid
 * story is held (through pagination to the layout pass, beside the glyph runs drawn from it, which are
 * charged as they are made: engines/text/text-memory.ts) and is given back only if laying fails.
 */
export function layStory(
  item: ResolvedFlowItem,
  width: number,
  now: Date,
  pageOf?: PageOf,
  headingPage?: HeadingPage,
): LaidStory {
  const story = item.story!;
  const base = blockStyle(item, item.fontRes);
  const rules: ParagraphRules = {
    overlong: item.overlong,
    breakAfter: item.breakAfter,
    hyphenate: item.hyphenate,
    tabs: tabRulesOf(item, width),
    optimal: item.align === 'justify',
  };
  const indents = indentsOf(item);
  const notes = new StoryNotes(item, base, width, rules, now, pageOf);
  const entries: StoryEntry[] = [];
  const paragraphs: StoryPara[] = [];
  let charged = 0;
  /** Lays paragraph block `b` in its style; `indentsOf` (a contents entry's) sets its indents and sets it flush left. */
  const lay = (b: StoryParagraph, indentsOf?: (style: RunStyle) => Indents): { entry: StoryPara; style: RunStyle } => {
    const st = b.style ? story.styles.get(b.style) : undefined;
    let style: RunStyle = base;
    if (st) {
      const size = st.fontSize ?? item.fontSize;
      style = {
        ...base,
        font: st.fontRes ?? base.font,
        size,
        // A style's own size brings its own leading (1.2 × the size) unless it states one.
        leading: st.leading ?? (st.fontSize !== undefined ? 1.2 * size : base.leading),
        colour: st.colour ?? base.colour,
      };
    }
    const spans = runSpans({ runs: b.runs, leadingGiven: st?.leading !== undefined || item.leadingGiven }, style, {
      page: 0,
      total: 0,
      now,
      pageOf,
    });
    // A contents entry repeats its heading's words, not its footnote marks (./story-contents.ts).
    const marks = indentsOf ? [] : notes.mark(b.runs, spans);
    const nonEmpty = spans.filter((s) => s.text.length > 0);
    // A paragraph of a `{columns}` section is laid at its column's width (engines/text/story-columns.ts).
    const w = b.section ? columnWidth(width, b.section) : width;
    if (w <= 0) {
      const { at, count, gap } = b.section!;
      refuse('flowColumnsNarrow', at, { at, count, gap, width: Math.round(width * 100) / 100 });
    }
    const p = layParagraph(
      nonEmpty,
      w !== width
        ? Object.assign({}, rules, { tabs: tabRulesOf(item, w) })
        : indentsOf
          ? Object.assign({}, rules, { optimal: false })
          : rules,
      w,
      indentsOf ? indentsOf(style) : b.heading ? { left: 0, right: 0, firstLine: 0 } : indents,
      style,
    );
    const chars = nonEmpty.reduce((a, s) => a + s.text.length, 0);
    const bytes = p.lines.length * LAID_LINE_BYTES + chars * LAID_CHAR_BYTES;
    // Its notes are laid beside it; the entry is pushed right after, so its index is paragraphs.length.
    const noteBytes = marks.length ? notes.lay(paragraphs.length, p, marks) : 0;
    chargeText(bytes + noteBytes, item.at);
    charged += bytes + noteBytes;
    const entry: StoryPara = {
      kind: 'paragraph',
      block: b,
      p,
      align: indentsOf ? 'left' : (st?.align ?? item.align),
      lastAlign: indentsOf ? 'left' : (st?.align ?? item.lastAlign),
      spaceBefore: st?.spaceBefore ?? item.spaceBefore,
      spaceAfter: st?.spaceAfter ?? item.spaceAfter,
    };
    return { entry, style };
  };
  try {
    for (const b of story.blocks as StoryBlock[]) {
      if (b.kind === 'break') {
        entries.push({ kind: 'break', break: b.break, section: b.section });
        continue;
      }
      if (b.kind === 'table') {
        entries.push({ kind: 'table', block: b }); // measured and fitted by pagination
        continue;
      }
      if (b.kind === 'contents') {
        // A table of contents: its title and entries are paragraphs (./story-contents.ts).
        for (const e of layContents(b, width, lay, headingPage)) {
          entries.push(e);
          paragraphs.push(e);
        }
        continue;
      }
      const { entry } = lay(b);
      entries.push(entry);
      paragraphs.push(entry);
    }
  } catch (e) {
    releaseText(charged);
    throw e;
  }
  return { entries, paragraphs, charged, notes: notes.done() };
}
