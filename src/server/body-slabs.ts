// src/server/body-slabs.ts — reused memory for request bodies on their way to a render worker
// (issue 20: /health during a burst). A body of announced length is gathered into a block of shared
// memory (a SharedArrayBuffer) taken from a free list instead of a buffer of its own: the render's
// worker copies it out as it starts the task (src/render-worker.ts) and the block goes back to the
// list (src/pool.ts, on the worker's `started`). So the event loop allocates no new external memory
// per call for the body, which is what made V8 run a full mark-compact on the event loop every few
// hundred milliseconds in a burst of 200 invoices of 1.1 MB (bench/README.md).
// Blocks are sized by powers of two from MIN_BLOCK to MAX_BLOCK; a larger body gets a buffer of its
// own as before (or the spool, src/server/spool.ts). Blocks in use are bodies the server already
// counts against its bodies' budget; the free list keeps at most `keepBytes` (the memory held at rest).

/** Smallest block (bytes): bodies smaller than this share its size. */
export const MIN_BLOCK = 64 * 1024;
/** Largest block (bytes); a body past it is not pooled. */
export const MAX_BLOCK = 8 * 1024 * 1024;
/** Free blocks kept at most, bytes (the rest are dropped when given back). */
export const DEFAULT_KEEP_BYTES = 64 * 1024 * 1024;

export interface BodyBlock {
  /** A view of the block, as long as the body. */
  readonly bytes: Uint8Array;
  /** The block's whole shared memory. */
  readonly memory: SharedArrayBuffer;
}

export class BodySlabs {
  private readonly free = new Map<number, SharedArrayBuffer[]>();
  private kept = 0;
  /** Blocks made since start (for tests and the bench: a steady load makes none). */
  made = 0;

  constructor(private readonly keepBytes = DEFAULT_KEEP_BYTES) {}

  /** Bytes held in free blocks now. */
  get keptBytes(): number {
    return this.kept;
  }

  /** A block for a body of `length` bytes (0 < length ≤ MAX_BLOCK), or undefined past MAX_BLOCK. */
  take(length: number): BodyBlock | undefined {
    if (!(length > 0 && length <= MAX_BLOCK)) return undefined;
    const size = blockSize(length);
    const list = this.free.get(size);
    let memory = list?.pop();
    if (memory) this.kept -= size;
    else {
      memory = new SharedArrayBuffer(size);
      this.made++;
    }
    return { memory, bytes: new Uint8Array(memory, 0, length) };
  }

  /** Gives a block back once nothing reads it any more (the worker has copied it, or the call ended). */
  give(block: BodyBlock): void {
    const size = block.memory.byteLength;
    if (this.kept + size > this.keepBytes) return;
    let list = this.free.get(size);
    if (!list) {
      list = [];
      this.free.set(size, list);
    }
    list.push(block.memory);
    this.kept += size;
  }
}

/** The block size for a body: the next power of two, at least MIN_BLOCK. */
export function blockSize(length: number): number {
  let size = MIN_BLOCK;
  while (size < length) size *= 2;
  return size;
}
