// engines/text/story-notes.ts — text engine: a story's footnotes (issue 23, docs/reference.md "flow",
// footnotes), laid with the story (engines/text/story.ts). Each `{footnote}` run of a paragraph
// becomes its mark — the note's number (1, 2, … through the story) in a superscript style: MARK_SIZE
// of the run's size, raised by MARK_RISE of it — and its note, laid once at the story's full width in
// the footnote style (`styles.footnote` over the flow's: FOOTNOTE_SIZE of its size, 1.2 × that as
// leading) as "n text". Pagination (passes/pagination/footnotes.ts) sets each note at the foot of the
// box holding its mark's line; layout (passes/layout/flow-notes.ts) draws it there under a rule.

import type { PageOf } from '../../ir/placeholders.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { Align, ResolvedFlowItem, StoryStyle, TextRun } from '../../ir/types.js';
import type { RunStyle, Span } from './atoms.js';
import type { LaidParagraph, ParagraphRules } from './paragraph.js';
import { layParagraph } from './paragraph.js';
import { runSpans } from './runs.js';
import { LAID_CHAR_BYTES, LAID_LINE_BYTES } from './text-memory.js';

/** A mark's size and rise, as fractions of the size of the text it is set in (a common superscript). */
export const MARK_SIZE = 0.6;
export const MARK_RISE = 0.35;
/** The footnote style's default size, as a fraction of the flow's `font_size`. */
export const FOOTNOTE_SIZE = 0.8;
/** The name of the story style notes are set in (docs/reference.md, "flow", footnotes). */
export const FOOTNOTE_STYLE = 'footnote';

/** A note laid: its number, the paragraph (index in LaidStory.paragraphs) and line its mark is on, its lines. */
export interface LaidNote {
  number: number;
  paragraph: number;
  line: number;
  p: LaidParagraph;
  at: JsonPointer;
}

/** A story's notes, and which are marked on a line. */
export interface StoryNoteSet {
  list: LaidNote[];
  /** The room above the first note of a box, the rule drawn halfway in it (styles.footnote.space_before). */
  gap: number;
  /** How note lines align (styles.footnote.align, else the flow's). */
  align?: Align;
  /** The notes marked on `line` of paragraph `paragraph`, in order (none: empty). */
  onLine(paragraph: number, line: number): readonly number[];
}

const NONE: readonly number[] = [];

/** A superscript style for a mark set in `style` (shared per style, as spans share styles). */
const markStyles = new WeakMap<RunStyle, RunStyle>();
function markStyle(style: RunStyle): RunStyle {
  let m = markStyles.get(style);
  if (!m) {
    m = {
      ...style,
      size: style.size * MARK_SIZE,
      rise: style.size * MARK_RISE,
      underline: false,
      strikethrough: false,
      overline: false,
    };
    markStyles.set(style, m);
  }
  return m;
}

/** A mark found in a paragraph's spans: its note's runs and where its text starts in the paragraph. */
export interface PendingMark {
  note: number;
  offset: number;
  runs: TextRun[];
  at: JsonPointer;
}

/** Numbers the marks of a story as its paragraphs are laid, and lays their notes. */
export class StoryNotes {
  private readonly list: LaidNote[] = [];
  private readonly byLine = new Map<string, number[]>();
  private readonly style: RunStyle;
  private readonly st?: StoryStyle;

  constructor(
    private readonly item: ResolvedFlowItem,
    base: RunStyle,
    private readonly width: number,
    private readonly rules: ParagraphRules,
    private readonly now: Date,
    private readonly pageOf?: PageOf,
  ) {
    const st = item.story!.styles.get(FOOTNOTE_STYLE);
    this.st = st;
    const size = st?.fontSize ?? base.size * FOOTNOTE_SIZE;
    this.style = {
      ...base,
      font: st?.fontRes ?? base.font,
      size,
      leading: st?.leading ?? 1.2 * size,
      colour: st?.colour ?? base.colour,
    };
  }

  /** Sets the marks among a paragraph's spans (one per run, runSpans order): numbered, superscript. */
  mark(runs: readonly TextRun[], spans: Span[]): PendingMark[] {
    const out: PendingMark[] = [];
    let offset = 0;
    for (let i = 0; i < runs.length; i++) {
      const r = runs[i];
      if (r.footnote) {
        const note = this.list.length + out.length;
        spans[i] = { text: String(note + 1), style: markStyle(spans[i].style), at: r.at };
        out.push({ note, offset, runs: r.footnote, at: r.at });
      }
      offset += spans[i].text.length;
    }
    return out;
  }

  /** Lays the notes marked in paragraph `paragraph` (laid as `p`); returns the bytes its lines take. */
  lay(paragraph: number, p: LaidParagraph, marks: PendingMark[]): number {
    let bytes = 0;
    for (const m of marks) {
      let line = p.lines.length - 1;
      for (let l = 0; l < p.lines.length; l++) {
        const a = p.atoms[p.lines[l].from];
        if (a && a.start > m.offset) {
          line = Math.max(0, l - 1);
          break;
        }
      }
      const spans = runSpans({ runs: m.runs, leadingGiven: this.st?.leading !== undefined }, this.style, {
        page: 0,
        total: 0,
        now: this.now,
        pageOf: this.pageOf,
      });
      const number: Span = { text: `${m.note + 1} `, style: this.style, at: m.at };
      const all = [number, ...spans.filter((s) => s.text.length > 0)];
      const laid = layParagraph(all, this.rules, this.width, { left: 0, right: 0, firstLine: 0 }, this.style);
      let chars = 0;
      for (const s of all) chars += s.text.length;
      bytes += laid.lines.length * LAID_LINE_BYTES + chars * LAID_CHAR_BYTES;
      this.list.push({ number: m.note + 1, paragraph, line, p: laid, at: m.at });
      const key = `${paragraph}:${line}`;
      const on = this.byLine.get(key);
      if (on) on.push(m.note);
      else this.byLine.set(key, [m.note]);
    }
    return bytes;
  }

  /** The story's notes, or undefined when it has none. */
  done(): StoryNoteSet | undefined {
    if (!this.list.length) return undefined;
    const byLine = this.byLine;
    return {
      list: this.list,
      gap: this.st?.spaceBefore ?? this.style.leading,
      align: this.st?.align ?? this.item.align,
      onLine: (paragraph, line) => byLine.get(`${paragraph}:${line}`) ?? NONE,
    };
  }
}
