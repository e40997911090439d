// engines/text/run-reach.ts — the box a written glyph run's letters stay in (a run's `reach`), shared by
// the table's one-line cells and flow/text lines, so the off-page check need not walk their glyphs again.

/**
 * A run's `reach` (ir/draw-ops.ts), points, from the least and farthest its pen and its letters'
 * stated widths reach (`lo`, `hi`, thousandths of an em) over `n` glyphs. A stated width is the
 * face's advance rounded to a whole thousandth, so the advances the off-page check adds up differ
 * from them by at most half a thousandth a glyph: widened by that (and one more for rounding), the
 * box holds every letter's.
 */
export function reachOf(lo: number, hi: number, n: number, size: number): [number, number] {
  return [reachFrom(lo, n, size), reachTo(hi, n, size)];
}

/** `reachOf`'s first number, for a caller that keeps the pair in its own arrays (a table's rows op). */
export function reachFrom(lo: number, n: number, size: number): number {
  return ((lo - (0.5 * n + 1)) * size) / 1000;
}

/** `reachOf`'s second number. */
export function reachTo(hi: number, n: number, size: number): number {
  return ((hi + (0.5 * n + 1)) * size) / 1000;
}
