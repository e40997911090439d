// src/server/warm-state.ts — whether the render workers have warmed up (issue 20: a server fast from
// its first real call). Each render worker renders a built-in document a number of times when it
// starts (src/warm-up.ts) before it takes work; the pool's first workers warming is the server's
// start-up, and while it lasts GET /health answers 503 `warming: true` (docs/reference.md, "Workers,
// queue and limits"). The state is a small SharedArrayBuffer the workers write and any thread reads
// (the event loop, a probe thread): `isWarming(buffer)` needs nothing but the buffer.

/**
 * Warm-up renders per worker when `quire serve` starts (and before a replaced worker takes work):
 * chosen by measurement (bench/README.md, "Warm workers, tenth wave").
 */
export const DEFAULT_WARM_UP = 100;

/** Longest a worker spends warming up, ms, whatever the count: a loaded machine still starts. */
export const WARM_UP_MAX_MS = 10_000;

/** Slots of the shared state (Int32Array indices). */
const WARMED = 0; // workers whose warm-up has ended since the pool started (replaced ones too)
const NEEDED = 1; // workers that must have warmed before the server is ready (the pool's first ones)
const RENDERS = 2; // warm-up renders done, all workers together
const LAST_MS = 3; // wall ms of the latest worker's warm-up
const SLOTS = 4;

/** A fresh state for a pool whose first `workers` must warm up (0: ready at once). */
export function newWarmState(workers: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(SLOTS * 4);
  new Int32Array(buffer)[NEEDED] = workers;
  return buffer;
}

/** Whether the pool's first workers are still warming up (then the server is not ready). */
export function isWarming(buffer: SharedArrayBuffer): boolean {
  const a = new Int32Array(buffer);
  return Atomics.load(a, WARMED) < Atomics.load(a, NEEDED);
}

/** What the state holds, for /metrics and the log. */
export function warmFigures(buffer: SharedArrayBuffer): { warmed: number; renders: number; lastMs: number } {
  const a = new Int32Array(buffer);
  return { warmed: Atomics.load(a, WARMED), renders: Atomics.load(a, RENDERS), lastMs: Atomics.load(a, LAST_MS) };
}

/** Called by a worker for each warm-up render it has done. */
export function warmRenderDone(buffer: SharedArrayBuffer): void {
  Atomics.add(new Int32Array(buffer), RENDERS, 1);
}

/** Called by a worker once its warm-up has ended (also when it was off or stopped early). */
export function workerWarmed(buffer: SharedArrayBuffer, ms: number): void {
  const a = new Int32Array(buffer);
  Atomics.store(a, LAST_MS, Math.min(2 ** 31 - 1, Math.round(ms)));
  Atomics.add(a, WARMED, 1);
}
