// engines/text/story-contents.ts — text engine: a story's `{contents}` block (docs/reference.md,
// "flow", Contents) laid as paragraphs: its title (a paragraph like any), then one entry per listed
// heading, indented by level, its text wrapped short of the number column, and on its last line the
// leader repeated up to the page number, set flush with the box's right edge. The number is the
// heading's page as pagination last found it (`headingPage`; passes/pagination/contents.ts lays the
// story again until the numbers printed are the pages found).

import type { JsonPointer } from '../../ir/pointer.js';
import type { StoryContents, StoryContentsEntry, StoryParagraph } from '../../ir/types.js';
import { type Atom, type RunStyle, shapeIn, TAB, TEXT } from './atoms.js';
import type { Indents } from './paragraph.js';

/** The page a heading landed on in the last laying (undefined: not placed yet — page 1 is guessed). */
export type HeadingPage = (heading: StoryParagraph) => number | undefined;

/** Each level below the first is indented by this many ems of the entry's size. */
export const CONTENTS_LEVEL_INDENT_EM = 1.5;
/** The least room between an entry's last word and its number, in ems (the leader fills it). */
export const CONTENTS_GAP_EM = 1;
/** The number column is at least as wide as this many digits, so a number's width never rewraps an entry. */
export const CONTENTS_NUMBER_DIGITS = 3;

/** A laid paragraph of the story engine, as this module sees it (engines/text/story.ts StoryPara). */
export interface LaidContentsPara {
  p: import('./paragraph.js').LaidParagraph;
  /** The leader drawn in the entry's tab gap ('' for none). */
  leader?: string;
  /** The entry a link leads from (an entry paragraph). */
  entry?: StoryContentsEntry;
  /** The page number an entry prints. */
  number?: string;
}

/** Lays one paragraph block of the story in its style, with the indents `indents` gives for that style. */
export type LayParagraph<T extends LaidContentsPara> = (
  b: StoryParagraph,
  indents: (style: RunStyle) => Indents,
) => { entry: T; style: RunStyle };

/** The contents block's paragraphs: the title, then its entries, each ending in its leader and number. */
export function layContents<T extends LaidContentsPara>(
  c: StoryContents,
  width: number,
  lay: LayParagraph<T>,
  headingPage?: HeadingPage,
): T[] {
  const out: T[] = [];
  if (c.title) out.push(lay(c.title, () => ({ left: 0, right: 0, firstLine: 0 })).entry);
  // Where a glyph the leader or a number needs is missing: the block's `leader`, its `contents`.
  const leaderAt = `${c.at}/contents/leader`;
  const numberAt = `${c.at}/contents`;
  for (const e of c.entries) {
    const number = String(headingPage?.(e.heading) ?? 1);
    let reserve = 0;
    const laid = lay(e.paragraph, (style) => {
      const digits = shapeIn(style, '0'.repeat(CONTENTS_NUMBER_DIGITS), numberAt).width;
      const own = shapeIn(style, number, numberAt).width;
      reserve = Math.max(digits, own) + CONTENTS_GAP_EM * style.size;
      return { left: (e.level - 1) * CONTENTS_LEVEL_INDENT_EM * style.size, right: reserve, firstLine: 0 };
    });
    endWithNumber(laid.entry.p, number, width, laid.style, numberAt, leaderAt);
    laid.entry.leader = c.leader;
    laid.entry.entry = e;
    laid.entry.number = number;
    out.push(laid.entry);
  }
  return out;
}

/**
 * Puts a tab and the number after the last line's last word: the tab's gap runs from the word to
 * the number, whose right edge is the box's (`width` from its left edge). The line's atoms and text
 * grow by the two; a line with a tab is set from its left edge, so the number stays flush right.
 */
function endWithNumber(
  p: import('./paragraph.js').LaidParagraph,
  number: string,
  width: number,
  style: RunStyle,
  at: JsonPointer,
  leaderAt: JsonPointer,
): void {
  const line = p.lines[p.lines.length - 1];
  let pen = line.indent;
  for (let i = line.from; i < line.visibleTo; i++) pen += p.atoms[i].width;
  // Spaces hanging after the last word are dropped: the gap starts at the word.
  p.atoms.length = line.visibleTo;
  const shaped = shapeIn(style, number, at);
  const gap = Math.max(0, width - shaped.width - pen);
  const start = line.visibleTo > line.from ? p.atoms[line.visibleTo - 1].end : p.text.length;
  p.text = `${p.text.slice(0, start)}\t${number}`;
  const span = { text: number, style, at };
  const tabSpan = { text: '\t', style, at: leaderAt };
  const tab: Atom = {
    start,
    end: start + 1,
    kind: TAB,
    style,
    span: tabSpan,
    segs: [],
    width: gap,
    brk: 0,
    shy: false,
    glyphs: 0,
    spaces: 0,
  };
  const num: Atom = {
    start: start + 1,
    end: start + 1 + number.length,
    kind: TEXT,
    style,
    span,
    segs: shaped.segs,
    width: shaped.width,
    brk: 1,
    shy: false,
    glyphs: shaped.glyphs,
    spaces: shaped.spaces,
  };
  p.atoms.push(tab, num);
  line.to = line.visibleTo = p.atoms.length;
  line.width = pen - line.indent + gap + shaped.width;
  line.hasTab = true;
  if (p.bidi) {
    // A heading with right-to-left text: the number is a left-to-right run after it.
    const levels = new Uint8Array(p.text.length);
    levels.set(p.bidi.levels.subarray(0, Math.min(start, p.bidi.levels.length)));
    p.bidi = { ...p.bidi, text: p.text, levels };
  }
}
