// engines/fonts/font-memory.ts — fonts engine: what a supplied font file takes from the render's
// memory budget (ir/memory-budget.ts, issue 20). A font's parsed tables (fontkit's objects for its
// cmap, GSUB/GPOS lookups and the glyphs shaped), its glyph and word caches and the subset written
// into the PDF are not known before it is parsed; its file size is. So a supplied font is charged
// FONT_FIXED_BYTES plus FONT_FILE_FACTOR times its file size before it is parsed, kept until the render ends (the face is
// used until the PDF is written), and refused (413) when that does not fit, the sentence naming the
// ceiling. Every supplied font is charged in every render, whether the process has it parsed
// already or not, so whether a document fits never depends on what rendered before it. The
// server's own library faces are not charged: their sizes are the installation's, not the caller's.
import { currentBudget } from '../../ir/memory-budget.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';

/**
 * Bytes of memory a font takes, whatever its size, and per byte of its file, while a render uses it.
 * Measured (bench/README.md, "Hostile inputs", fifth wave: peak RSS of a render with the font over
 * the same description with no font): Noto Sans (629 KB, large GSUB/GPOS tables) +6.0 MB with three
 * letters and +8.2 MB with 2 000 glyphs shaped and subset; Nanum Myeongjo Bold (4.2 MB, 2 000 Hangul
 * glyphs shaped) +6.4 MB. Small fonts cost their layout tables, large ones mostly glyph data read
 * lazily: 2 MiB plus ten times the file covers the worst (Noto Sans: 8.3 MB charged) and lets a
 * 20 MB CJK font (202 MB charged) render within the default budget.
 */
export const FONT_FIXED_BYTES = 2 * 1024 * 1024;
export const FONT_FILE_FACTOR = 10;

/** What a supplied font of `size` bytes is charged. */
export function fontCharge(size: number): number {
  return FONT_FIXED_BYTES + size * FONT_FILE_FACTOR;
}

/** Takes a supplied font's share of the running render's budget before it is parsed, or refuses (413). */
export function chargeFont(size: number, font: string, at: JsonPointer): void {
  const budget = currentBudget();
  const need = fontCharge(size);
  const left = budget.left;
  if (!budget.take(need)) refuse('fontPastMemory', at, { font, at, size, need, left, limit: budget.limit });
}
