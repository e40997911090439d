// engines/text/slab.ts — text engine: the small typed arrays a glyph run owns (its glyph ids and TJ
// adjustments), cut from shared zero-filled blocks instead of each getting a backing store of its
// own. A `new Int32Array(90)` asks the allocator for memory outside the heap and registers it with
// the collector, which then sweeps it: for report-100's ~5 000 lines and runs that was several times
// the cost of filling the arrays (bench/README.md, "report-100 in the sixth wave"). A block is freed
// once no array cut from it is alive; one render's runs live until its pages are written, so the
// blocks go with them. Arrays of more than a quarter block get their own store, as before.

/** Bytes per block. */
const BLOCK = 1 << 16;

let i32 = new Int32Array(BLOCK / 4);
let u16 = new Uint16Array(i32.buffer);
/** Bytes of the current block handed out (a multiple of 4). */
let used = 0;

/** Where `bytes` (a multiple of 4, at most BLOCK / 4) start in the current block, or in a fresh one. */
function take(bytes: number): number {
  if (used + bytes > BLOCK) {
    i32 = new Int32Array(BLOCK / 4);
    u16 = new Uint16Array(i32.buffer);
    used = 0;
  }
  const at = used;
  used += bytes;
  return at;
}

/** A zero-filled Int32Array of `n` elements. */
export function int32s(n: number): Int32Array {
  const bytes = n * 4;
  if (bytes > BLOCK / 4) return new Int32Array(n);
  const at = take(bytes) >> 2;
  return i32.subarray(at, at + n);
}

/** A zero-filled Uint16Array of `n` elements. */
export function uint16s(n: number): Uint16Array {
  const bytes = (n * 2 + 3) & ~3;
  if (bytes > BLOCK / 4) return new Uint16Array(n);
  const at = take(bytes) >> 1;
  return u16.subarray(at, at + n);
}
