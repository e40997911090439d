// engines/text/slab.ts — text engine: the small typed arrays a glyph run owns (its glyph ids and TJ
// adjustments), cut from shared zero-filled blocks instead of each getting a backing store of its
// own. A `new Int32Array(90)` asks the allocator for memory outside the heap and registers it with
// the collector, which then sweeps it: for report-100's ~5 000 lines and runs that was several times
// the cost of filling the arrays (bench/README.md, "report-100 in the sixth wave"). A block is freed
// once no array cut from it is alive; one render's runs live until its pages are written, so the
// blocks go with them. Arrays of more than 16 KiB get their own store, as before.

/**
 * Bytes per block: 256 KiB, so report-100's ~2 MB of glyph ids and adjustments take eight blocks
 * rather than thirty (each fresh block is a zero-filled allocation outside the heap, a cost of its own
 * in the profile: bench/README.md, "ninth wave: report-100 layout").
 */
const BLOCK = 1 << 18;
/** Arrays of more bytes than this get their own store (as when blocks were 64 KiB). */
const LARGEST_CUT = 1 << 14;

let i32 = new Int32Array(BLOCK / 4);
/** Bytes of the current block handed out (a multiple of 4). */
let used = 0;

/** Where `bytes` (a multiple of 4, at most LARGEST_CUT) start in the current block, or in a fresh one. */
function take(bytes: number): number {
  if (used + bytes > BLOCK) {
    i32 = new Int32Array(BLOCK / 4);
    used = 0;
  }
  const at = used;
  used += bytes;
  return at;
}

/** A zero-filled Int32Array of `n` elements. */
export function int32s(n: number): Int32Array {
  const bytes = n * 4;
  if (bytes > LARGEST_CUT) return new Int32Array(n);
  const at = take(bytes);
  // a view made directly on the block: `subarray` looks up the species constructor each time
  return new Int32Array(i32.buffer, at, n);
}

/** A zero-filled Uint16Array of `n` elements. */
export function uint16s(n: number): Uint16Array {
  const bytes = (n * 2 + 3) & ~3;
  if (bytes > LARGEST_CUT) return new Uint16Array(n);
  const at = take(bytes); // before the block is read: taking may start a fresh one
  return new Uint16Array(i32.buffer, at, n);
}
