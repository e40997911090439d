// engines/text/line-break.ts — text engine: where a line may break inside a paragraph. By default the
// Unicode line-breaking algorithm (UAX #14, as the `linebreak` package implements it: spaces, soft
// hyphens, hyphens, slashes, between ideographs…); with `break_after` the client's own characters
// and nowhere else (spec: text, `break_after`). Mandatory breaks (U+2028 and the like) end a line
// without ending the paragraph.
import { createRequire } from 'node:module';
import type LineBreakerType from 'linebreak';

// Loaded on first use: plain text never needs it, and a fresh worker or CLI starts faster without it.
const require = createRequire(import.meta.url);
let LineBreaker: typeof LineBreakerType | undefined;

export const SOFT_HYPHEN = '\u00ad';

/** A break opportunity after the character before `position`; `required`: the line must end there. */
export interface BreakAt {
  position: number;
  required: boolean;
}

/**
 * Characters whose only UAX #14 opportunity is after a run of spaces (letters, digits, full stop,
 * comma, colon, semicolon, quotes): a paragraph made of them alone skips the algorithm, which costs
 * 30–60 ns a character (../shared/notes/fast-layout.md §4.2). Checked against `linebreak` by a test.
 */
const SIMPLE = /^[A-Za-z0-9 .,;:'"]*$/;
/**
 * The same with hyphens between digits (dates, ranges: `2024-01-01`): UAX #14 never breaks there
 * (LB21: none before a hyphen; LB25: none between a hyphen and a digit), so the fast path holds.
 */
const SIMPLE_DIGIT_HYPHENS = /^(?:[A-Za-z .,;:'"]|[0-9](?:-(?=[0-9]))?)*$/;

/** Whether UAX #14 gives `text` opportunities only after runs of spaces (the fast path below). */
export function breaksOnlyAfterSpaces(text: string): boolean {
  return SIMPLE.test(text) || SIMPLE_DIGIT_HYPHENS.test(text);
}

/** Every opportunity in `text`, in order, the end of the text included. */
export function breakOpportunities(text: string, breakAfter?: string, softHyphens = false): BreakAt[] {
  if (breakAfter !== undefined) return customBreaks(text, breakAfter, softHyphens);
  const out: BreakAt[] = [];
  if (SIMPLE.test(text) || SIMPLE_DIGIT_HYPHENS.test(text)) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) !== 32 || i + 1 >= text.length) continue;
      const next = text.charCodeAt(i + 1);
      // LB13: never before . , ; : (class IS), even after spaces.
      if (next === 32 || next === 46 || next === 44 || next === 59 || next === 58) continue;
      out.push({ position: i + 1, required: false });
    }
  } else {
    LineBreaker ??= require('linebreak') as typeof LineBreakerType;
    const breaker = new LineBreaker(text);
    for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
      if (bk.position < text.length) out.push({ position: bk.position, required: bk.required });
    }
  }
  out.push({ position: text.length, required: false });
  return out;
}

/**
 * `break_after` given: a line may break after any of its characters and nowhere else (after the
 * last of a run, so a run of spaces stays on the line it ends). Soft hyphens that `hyphenate`
 * inserted count whatever the set, since the client asked for them.
 */
function customBreaks(text: string, breakAfter: string, softHyphens: boolean): BreakAt[] {
  const set = new Set(Array.from(breakAfter));
  if (softHyphens) set.add(SOFT_HYPHEN);
  const out: BreakAt[] = [];
  const chars = Array.from(text);
  let pos = 0;
  for (let i = 0; i < chars.length; i++) {
    pos += chars[i].length;
    if (!set.has(chars[i])) continue;
    if (i + 1 < chars.length && chars[i + 1] === chars[i]) continue;
    if (pos < text.length) out.push({ position: pos, required: false });
  }
  out.push({ position: text.length, required: false });
  return out;
}
