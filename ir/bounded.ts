// ir/bounded.ts — array and byte helpers whose stack use does not grow with the input. Spreading an
// array into a call (`push(...xs)`, `Math.max(...xs)`, `String.fromCharCode(...bytes)`) passes every
// element as an argument on the stack, so past roughly 100 000 elements it throws "Maximum call stack
// size exceeded" — a 500 from a long text or a large ICC profile (issue 20). test/no-spread.test.ts
// allows a spread into a call only where it is listed as bounded; everywhere else these are used.

/** Appends every item of `items` to `target` (a loop, never a spread) and returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const x of items) target.push(x);
  return target;
}

/** The largest of `xs` (−Infinity when empty, as `Math.max()`). */
export function maxOf(xs: Iterable<number>): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const x of xs) if (x > m || Number.isNaN(x)) m = x;
  return m;
}

/** The smallest of `xs` (Infinity when empty, as `Math.min()`). */
export function minOf(xs: Iterable<number>): number {
  let m = Number.POSITIVE_INFINITY;
  for (const x of xs) if (x < m || Number.isNaN(x)) m = x;
  return m;
}

/** Chunk of code units handed to String.fromCharCode at once: well under any engine's argument limit. */
const CHUNK = 8192;

/** Bytes read as Latin-1 text (one character per byte), in chunks of bounded size. */
export function latin1(bytes: Uint8Array): string {
  if (bytes.length <= CHUNK) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  let s = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  return s;
}
