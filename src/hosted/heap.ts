// src/hosted/heap.ts — the front process's garbage-collector setting (issue 20: the front within 10 %
// of the render server). The front's own heap is small (~12 MB live), and every description it
// forwards passes through it as ~1.1 MB of Buffers (the HTTP parser copies each body chunk into a new
// one): memory outside the V8 heap, which V8 counts against the old generation's limit from the last
// full collection on. That limit sits only ~16 MB above a small heap (less the young generation's
// room), while the young collection that frees the chunks waits for 32 MB of them: so a full
// mark-compact ran every ~7 calls (bench/README.md, "The front's CPU: …"), ~1.5 ms of CPU a call
// on two cores shared with the render server. Growing the limit 5× the live heap (rather than V8's
// 1.1× for a heap this small) leaves the young collections to free the chunks, and no full collection
// runs under steady load. V8 reads the factor each time it sets the limit, so it may be set once the
// process runs; only `quire hosted` sets it (never the library, the render server or tests).
import { setFlagsFromString } from 'node:v8';

/** The old generation's limit after a full collection: live size × (1 + this / 100). */
export const FRONT_HEAP_GROWING_PERCENT = 400;

export function tuneFrontHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${FRONT_HEAP_GROWING_PERCENT}`);
}
