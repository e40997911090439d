// ir/text-types.ts — read IR of the text-setting items (text, flow, text_path) and the run and block
// styles they share (docs/reference.md "text", "flow", "text_path"); re-exported by ir/types.ts.
// Words and small shapes taken as the request states them come from its generated types (D).
import type * as D from './description.generated.js';
import type { FeatureSwitches } from './font-types.js';
import type { ClipSpec, PathSeg } from './graphics-types.js';
import type { JsonPointer } from './pointer.js';
import type { Colour, FontResource, ItemBase, RectSpec } from './types.js';

export type Align = NonNullable<D.TextItem['align']>;

/** `outline`: the letters stroked `width` points wide in `colour`; hollow unless `filled`. */
export interface OutlineSpec {
  width: number;
  colour: Colour;
  filled: boolean;
}

/** `shadow`: the block drawn first, offset by (dx, dy), in one colour. */
export interface ShadowSpec {
  dx: number;
  dy: number;
  colour: Colour;
}

/** What a styled run states for itself; every absent field takes the block's value. */
export interface RunStyleSpec {
  font?: { at: JsonPointer; name: string };
  fontSize?: number;
  leading?: number;
  underline?: boolean;
  strikethrough?: boolean;
  overline?: boolean;
  colour?: Colour;
  outline?: OutlineSpec;
  /** OpenType features for this run alone, over its font's own (the run wins per tag). */
  features?: FeatureSwitches;
  /** Set by the names pass: the font `font` names, of whatever kind (with `features` applied). */
  fontRes?: FontResource;
}

/**
 * A run of a text item: a string (block style), `{text, …style}`, or `{date, zone}` formatted at
 * layout with the moment of rendering. `placeholders` is set when the text holds `{current_page}`
 * or `{total_pages}` (ir/placeholders.ts), resolved per page at layout.
 */
export interface TextRun {
  at: JsonPointer;
  text: string;
  style?: RunStyleSpec;
  date?: { pattern: string; zone?: string };
  placeholders: boolean;
  /** `{footnote}` in a story's paragraph (docs/reference.md, "flow", footnotes): the note's runs; the run's own text is its mark, set when the story is laid. */
  footnote?: TextRun[];
}

/** The keys text and flow share (spec: flow "As text"). */
export interface TextBlockStyle {
  font: { at: JsonPointer; name: string };
  fontSize: number;
  /** Default 1.2 × font_size (spec: text item table). */
  leading: number;
  /** Whether `leading` was written (fit_size scales a written leading with the size). */
  leadingGiven: boolean;
  color: Colour;
  /** Absent: `left`, except that a right-to-left paragraph starts at the right (docs/reference.md). */
  align?: Align;
  overlong: 'overflow' | 'break';
  /** Characters after which a line may break; absent: by script (spaces and soft hyphens; CJK between characters; Thai… between words; engines/text/line-break.ts). */
  breakAfter?: string;
  underline: boolean;
  strikethrough: boolean;
  overline: boolean;
  outline?: OutlineSpec;
  shadow?: ShadowSpec;
  /** `hyphenate`: a language tag with TeX patterns (engines/text/hyphenation.ts). */
  hyphenate?: string;
}

export interface TextItem extends ItemBase, TextBlockStyle {
  type: 'text';
  rect: RectSpec;
  runs: TextRun[];
  /** The shape the block is seen through. */
  clip?: ClipSpec;
}

export type FirstBaseline = NonNullable<D.FlowItem['first_baseline']>;
export type LastBaseline = NonNullable<D.FlowItem['last_baseline']>;
type RawTabs = NonNullable<D.FlowItem['tabs']>;
export type TabAlign = NonNullable<RawTabs['alignments']>[number];

export interface TabsSpec {
  method: NonNullable<RawTabs['method']>;
  size: NonNullable<RawTabs['size']>;
  ruler: number[];
  alignments: TabAlign[];
  alignChar: string;
}

/** A style of a flow's blocks (`styles.h1`…, or a name a block's `style` gives): absent keys are the flow's. */
export interface StoryStyle {
  font?: { at: JsonPointer; name: string };
  fontSize?: number;
  leading?: number;
  colour?: Colour;
  align?: Align;
  spaceBefore?: number;
  spaceAfter?: number;
  /** Set by the names pass: the font `font` names. */
  fontRes?: FontResource;
}

/** A paragraph of a story: the text as runs (a string is one run in the block's style). */
export interface StoryParagraph {
  kind: 'paragraph';
  at: JsonPointer;
  runs: TextRun[];
  id?: string;
  heading?: number;
  /** The style's name (a heading's default `hN`), when `styles` has it. */
  style?: string;
  keepTogether: boolean;
  keepWithNext: boolean;
  breakBefore?: 'page' | 'column';
  /** Set when the block is in a `{columns}` section (the same object for every block of one section). */
  section?: StorySection;
}

export interface StoryBreak {
  kind: 'break';
  at: JsonPointer;
  break: 'page' | 'column';
  section?: StorySection;
}

/** A `{columns: {count, gap}, content}` section of a story: its blocks are set in `count` columns, balanced where it ends. */
export interface StorySection {
  at: JsonPointer;
  count: number;
  gap: number;
}

/** `{table}`: a table set in the story at the width of its rect, taking the room the previous block left. */
export interface StoryTable {
  kind: 'table';
  at: JsonPointer;
  /** Read as a table item (its rect the flow's, its font and size the flow's unless it states them); resolved by the names pass. */
  table: import('./table-types.js').TableItem;
}

/**
 * `{contents: {levels, leader, title}}`: a generated table of contents (docs/reference.md, "flow",
 * contents), read into the paragraphs it sets — its title and one entry per heading of the story of
 * level ≤ `levels`, in story order (ir/read/story-contents.ts). Each entry's page number is its
 * heading's page, found by pagination as `{page_of}` is (passes/pagination/contents.ts).
 */
export interface StoryContents {
  kind: 'contents';
  at: JsonPointer;
  levels: number;
  /** Repeated from the entry's text to its number; '' for none. */
  leader: string;
  /** The title paragraph (style `contents_title`, else `h1`): not a heading, tagged as the TOC's Caption. */
  title?: StoryParagraph;
  entries: StoryContentsEntry[];
}

/** One entry of a contents block: the paragraph set (the heading's text, style `contents`) and the heading it leads to. */
export interface StoryContentsEntry {
  /** Where the entry's link annotation comes from (`…/contents/entries/<k>`: internal, not a key of the request). */
  at: JsonPointer;
  paragraph: StoryParagraph;
  heading: StoryParagraph;
  level: number;
}

export type StoryBlock = StoryParagraph | StoryBreak | StoryTable | StoryContents;

/**
 * A flow that continues past its rect (`continuation`) or holds blocks (`content` as an array):
 * laid by pagination into its chain of boxes (passes/pagination/flow-fit.ts), drawn as parts.
 */
export interface StorySpec {
  /** Boxes of every page after the first, filled in order; empty: the rect alone (text runs past it). */
  continuation: RectSpec[];
  continuationAt?: JsonPointer;
  widows: number;
  orphans: number;
  /** `bookmarks: true`: an outline entry per heading, nested by level (passes/pagination/page-refs.ts). */
  bookmarks: boolean;
  styles: Map<string, StoryStyle>;
  blocks: StoryBlock[];
}

export interface FlowItem extends ItemBase, TextBlockStyle {
  type: 'flow';
  rect: RectSpec;
  /** The text (an array `content`: its paragraphs' texts, one a line). */
  content: string;
  /** Present for a flow with `continuation` or an array `content` (docs/reference.md, "flow"). */
  story?: StorySpec;
  contentAt: JsonPointer;
  placeholders: boolean;
  lastAlign?: Align;
  leftIndent: number;
  rightIndent: number;
  firstLineIndent: number;
  spaceBefore: number;
  spaceAfter: number;
  firstBaseline: FirstBaseline;
  lastBaseline: LastBaseline;
  leader?: string;
  tabs: TabsSpec;
  hangingList?: D.FlowItem['hanging_list'];
  fillLeading?: D.FlowItem['fill_leading'];
  fitSize?: D.FlowItem['fit_size'];
  /** Keys written in the request (dotted for tabs: `tabs.method`), for the refused combinations. */
  given: ReadonlySet<string>;
}

/** Where a text_path's text stands along its path (docs/reference.md, "text_path"). */
export type TextPathAlign = NonNullable<D.TextPathItem['align']>;
/** What a text_path does with text longer than its path: refused, shrunk to fit, or carried on along the end tangents. */
export type TextPathOverlong = NonNullable<D.TextPathItem['overlong']>;

/** `text_path`: styled runs set along a path, one text object per letter (docs/reference.md, "text_path"). */
export interface TextPathItem extends ItemBase {
  type: 'text_path';
  /** The box `rotate` turns about (as a path's `rect`); absent, the box the path's points span. */
  rect?: RectSpec;
  segments: PathSeg[];
  segmentsAt: JsonPointer;
  runs: TextRun[];
  font: { at: JsonPointer; name: string };
  fontSize: number;
  color: Colour;
  outline?: OutlineSpec;
  /** Arc length of the anchor from the path's start, points; absent: 0, half the length, or the length (by `align`). */
  start?: number;
  align: TextPathAlign;
  /** `left`: letters stand on the left of the path's direction; `right`: the path is read backwards (SVG 2 `side`). */
  side: 'left' | 'right';
  /** Baseline distance from the path, towards the letters' tops, points. */
  offset: number;
  /** Points added after every letter (cluster). */
  letterSpacing: number;
  overlong: TextPathOverlong;
}
