// engines/text/text-memory.ts — text engine: what laid-out text takes from the render's memory
// budget (ir/memory-budget.ts, issue 20). A glyph run, once drawn, lives until the page's content is
// written (the op, its glyph and adjustment arrays, its text, then the operators written for it), so
// each is charged as it is made and never given back; the lines of a flow, laid whole before they
// are drawn (fit_size and fill_leading need every baseline), are charged while they are held and
// given back once drawn. Past the budget the text is refused (413), the sentence naming the ceiling:
// a flow of 600 000 paragraphs or a text of 1 000 000 lines (2 GB laid) stops there instead.
//
// The figures are measured, not derived (bench/hostile.ts, `paragraphs-*`, `lines-*`: heap and RSS
// per line at 100 000 lines, Node 20), rounded up so the process stays inside the budget with the
// garbage the collector has not yet taken.
import { currentBudget } from '../../ir/memory-budget.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';

/** One glyph run as the layout pass holds it and the emit pass writes it (~670 bytes live measured, plus its operators). */
export const RUN_BYTES = 1024;
/** Each glyph of a run: its id, adjustment and text, and its share of the operators written. */
export const GLYPH_BYTES = 24;
/** One laid line held before it is drawn (its paragraph's atoms, shaped segments and line record: ~1.3 KB measured). */
export const LAID_LINE_BYTES = 1536;
/** Each character of a laid paragraph (its text, atoms and shaped glyphs). */
export const LAID_CHAR_BYTES = 48;

/**
 * Each character of a paragraph while it is laid (shaped, cut into lines, its garbage not yet
 * collected), taken before it is shaped and given back once it is laid: one word of 2 000 000
 * characters raised RSS by 203–228 bytes a character (bench/hostile.ts, `word-2MB`: +407 to +457 MB,
 * past the 384 MiB budget; 300 000 characters +61 MB), so a paragraph longer than the budget ÷ 256
 * (1 572 864 characters by default) is refused before anything is shaped.
 */
export const LAYING_CHAR_BYTES = 256;

/** Takes `bytes` for the text of `at` from the running render's budget, or refuses (413) naming the ceiling. */
export function chargeText(bytes: number, at: JsonPointer): void {
  const budget = currentBudget();
  if (!budget.take(bytes)) refuse('textPastMemory', at, { at, limit: budget.limit });
}

/** Gives back what laid lines took once they are drawn and dropped. */
export function releaseText(bytes: number): void {
  currentBudget().give(bytes);
}
