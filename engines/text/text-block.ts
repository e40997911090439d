// engines/text/text-block.ts — text engine: styled runs laid into a given width: the one entry point for
// anything that sets text in a box (text items here; table cells in passes/layout of pagination).
//
//   layRuns(spans: Span[], rules: BlockRules, width: number): LaidBlock
//
// `spans` are stretches of text each in one RunStyle (font resource, size, leading, colour,
// decorations, outline); a newline ends a paragraph. `rules` holds align/last_align, overlong,
// break_after, hyphenate, indents and tab rules. The LaidBlock gives every line's baseline as a
// distance below the block's top (the first one leading below it, each next one its own line's
// leading further down), `height` (top to the last baseline plus the last line's descender) and
// `draw(left, top, target)`, which appends the glyph runs and decoration rects to `target` with the
// block's top-left corner at (left, top) in page space. Nothing is drawn until `draw` is called, so
// a caller can measure first and place after.
import type { Align } from '../../ir/types.js';
import type { RunStyle, Span } from './atoms.js';
import { type DrawTarget, drawLine, lineAlign } from './line-draw.js';
import { type Indents, type LaidParagraph, layParagraph, type ParagraphRules } from './paragraph.js';

export interface BlockRules extends ParagraphRules {
  align?: Align;
  lastAlign?: Align;
  leader?: string;
  indents?: Indents;
}

export interface LaidBlock {
  paragraphs: LaidParagraph[];
  /** One per line, in order: points below the block's top. */
  baselines: number[];
  /** From the top to the last baseline, plus the last line's descender. */
  height: number;
  /** `onParagraph(i)` runs before paragraph i is drawn (tagging gives each paragraph its own text object). */
  draw(left: number, top: number, target: DrawTarget, onParagraph?: (i: number) => void): void;
}

const NO_INDENTS: Indents = { left: 0, right: 0, firstLine: 0 };

/** Splits spans at newlines into paragraphs (a span may cross one); CR LF and CR count as LF. */
export function splitParagraphs(spans: Span[]): { spans: Span[]; empty: RunStyle }[] {
  // One span with no line end (a table cell, a label): one paragraph, nothing to cut or copy.
  if (spans.length === 1 && !/[\n\r]/.test(spans[0].text))
    return [{ spans: spans[0].text.length ? spans : [], empty: spans[0].style }];
  return Array.from(eachParagraph(spans));
}

/** splitParagraphs one paragraph at a time, cutting each only when it is reached (a text of a million lines is never split whole). */
export function* eachParagraph<S extends Span>(spans: S[]): Generator<{ spans: S[]; empty: RunStyle }> {
  let cur: { spans: S[]; empty: RunStyle } = { spans: [], empty: spans[0]?.style };
  for (const sp of spans) {
    const text = sp.text.indexOf('\r') >= 0 ? sp.text.replace(/\r\n?/g, '\n') : sp.text;
    let from = 0;
    for (;;) {
      const end = text.indexOf('\n', from);
      const t = end < 0 ? text.slice(from) : text.slice(from, end);
      if (cur.spans.length === 0) cur.empty = sp.style;
      if (t.length) cur.spans.push(t.length === text.length ? sp : { ...sp, text: t });
      if (end < 0) break;
      yield cur;
      cur = { spans: [], empty: sp.style };
      from = end + 1;
    }
  }
  yield cur;
}

/**
 * Lays and draws at once, one paragraph at a time, each dropped once drawn: what `layRuns(…).draw(…)`
 * draws, without holding every laid paragraph (a text of 1 000 000 lines held its laid lines, 1.3 KB
 * each, until the last was drawn; issue 20). For a caller that places the block at a known top.
 */
export function drawRuns(
  spans: Span[],
  rules: BlockRules,
  width: number,
  left: number,
  top: number,
  target: DrawTarget,
  onParagraph?: (i: number) => void,
): void {
  let y = 0;
  let pi = 0;
  for (const part of eachParagraph(spans)) {
    if (!part.empty) continue;
    const p = layParagraph(part.spans, rules, width, rules.indents ?? NO_INDENTS, part.empty);
    onParagraph?.(pi++);
    for (const line of p.lines) {
      y += line.leading;
      drawLine(p, line, left, top - y, lineAlign(line, p.rtl, rules.align, rules.lastAlign), rules.leader, target);
    }
  }
}

export function layRuns(spans: Span[], rules: BlockRules, width: number): LaidBlock {
  const paragraphs = splitParagraphs(spans)
    .filter((p) => p.empty)
    .map((p) => layParagraph(p.spans, rules, width, rules.indents ?? NO_INDENTS, p.empty));
  const baselines: number[] = [];
  let y = 0;
  let lastDescender = 0;
  for (const p of paragraphs)
    for (const line of p.lines) {
      y += line.leading;
      baselines.push(y);
      lastDescender = line.descender;
    }
  return {
    paragraphs,
    baselines,
    height: y - lastDescender,
    draw(left: number, top: number, target: DrawTarget, onParagraph?: (i: number) => void) {
      let n = 0;
      for (const [pi, p] of paragraphs.entries()) {
        onParagraph?.(pi);
        for (const line of p.lines) {
          drawLine(
            p,
            line,
            left,
            top - baselines[n++],
            lineAlign(line, p.rtl, rules.align, rules.lastAlign),
            rules.leader,
            target,
          );
        }
      }
    },
  };
}
