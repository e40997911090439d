// src/server/body-slabs.ts — reused memory for request bodies on their way to a render worker
// (issue 20: /health during a burst). A body of announced length is gathered into a block of shared
// memory (a SharedArrayBuffer) taken from a free list instead of a buffer of its own: the render's
// worker copies it out as it starts the task (src/render-worker.ts) and the block goes back to the
// list (src/pool.ts, on the worker's `started`). So under steady load the event loop allocates no
// memory per call for the body (external memory, which had V8 run full mark-compacts on the event
// loop during bursts of 1.1 MB invoices, bench/README.md), and copies into memory already mapped
// (~0.45 ms for 1.1 MB against ~1.3 ms into a fresh buffer). A fresh SharedArrayBuffer is zeroed,
// dearer than the buffer it replaces, so blocks are made only up to a bound and then kept.
// Blocks come in sizes of eight steps per doubling from MIN_BLOCK (at most 1/8 unused); a body past
// MAX_BLOCK gets a buffer of its own as before (or the spool, src/server/spool.ts). The blocks made
// (in use or free) never pass `ownBytes` (64 MiB by default: the memory this keeps at rest): past it a
// free block of another size is dropped to make room, and when none is free the body gets a buffer
// of its own, as before (a burst of hundreds of bodies at once). Blocks in use are bodies the server
// already counts against its bodies' budget.

/** Smallest block (bytes): bodies smaller than this share its size. */
export const MIN_BLOCK = 64 * 1024;
/** Largest block (bytes); a body past it is not pooled. */
export const MAX_BLOCK = 8 * 1024 * 1024;
/** Bytes of blocks made at most, in use or free. */
export const DEFAULT_OWN_BYTES = 64 * 1024 * 1024;

export interface BodyBlock {
  /** A view of the block, as long as the body. */
  readonly bytes: Uint8Array;
  /** The block's whole shared memory. */
  readonly memory: SharedArrayBuffer;
}

export class BodySlabs {
  private readonly free = new Map<number, SharedArrayBuffer[]>();
  private freeBytes = 0;
  private owned = 0;
  /** Blocks made since start (for tests and the bench: a steady load makes none). */
  made = 0;

  constructor(private readonly ownBytes = DEFAULT_OWN_BYTES) {}

  /** Bytes held in free blocks now. */
  get keptBytes(): number {
    return this.freeBytes;
  }
  /** Bytes of blocks made and not dropped (in use or free): at most `ownBytes`. */
  get ownedBytes(): number {
    return this.owned;
  }

  /**
   * A block for a body of `length` bytes, or undefined: past MAX_BLOCK, or when every block the
   * bound allows is in use (the caller then gathers the body in a buffer of its own).
   */
  take(length: number): BodyBlock | undefined {
    if (!(length > 0 && length <= MAX_BLOCK)) return undefined;
    const size = blockSize(length);
    let memory = this.free.get(size)?.pop();
    if (memory) this.freeBytes -= size;
    else {
      // Room for a new block: free blocks of other sizes are dropped first.
      for (const [other, list] of this.free) {
        while (this.owned + size > this.ownBytes && list.length > 0) {
          list.pop();
          this.freeBytes -= other;
          this.owned -= other;
        }
        if (list.length === 0) this.free.delete(other);
      }
      if (this.owned + size > this.ownBytes) return undefined;
      memory = new SharedArrayBuffer(size);
      this.owned += size;
      this.made++;
    }
    return { memory, bytes: new Uint8Array(memory, 0, length) };
  }

  /** Gives a block back once nothing reads it any more (the worker has copied it, or the call ended). */
  give(block: BodyBlock): void {
    const size = block.memory.byteLength;
    let list = this.free.get(size);
    if (!list) {
      list = [];
      this.free.set(size, list);
    }
    list.push(block.memory);
    this.freeBytes += size;
  }
}

/** The block size for a body: MIN_BLOCK, or the next of eight steps per doubling above it. */
export function blockSize(length: number): number {
  if (length <= MIN_BLOCK) return MIN_BLOCK;
  let power = MIN_BLOCK;
  while (power * 2 < length) power *= 2;
  const step = power / 8;
  return Math.ceil(length / step) * step;
}
