// src/hosted/fleet/replay.ts — a client's body as the front forwards it, kept (up to a cap) so that a
// call a render server turned away (503, or a connection refused or cut before its answer) can be sent
// once more to another. Bytes are read from the client only when a render server takes them, so a
// body larger than the cap still streams through untouched; it just cannot be sent twice. The bytes
// kept by all calls together are bounded too (ReplayBudget): past it a call streams without a copy.
import type { Readable } from 'node:stream';

/** Bytes of one description kept for a second attempt: past it the call goes to one server only. */
export const REPLAY_CALL_BYTES = 4 * 1024 * 1024;
/** Bytes kept for second attempts by all the calls of one front together. */
export const REPLAY_TOTAL_BYTES = 256 * 1024 * 1024;

export class ReplayBudget {
  held = 0;
  constructor(readonly limit = REPLAY_TOTAL_BYTES) {}
}

export class ReplayBody {
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  /** Chunks kept before the copy was given up (an attempt that yielded them all may read on). */
  private keptCount = 0;
  /** Some bytes went out that are not kept: no second attempt. */
  private lost = false;
  /** Bytes read from the client so far. */
  consumed = 0;
  private ended = false;
  private failure: Error | undefined;
  private attempts = 0;

  constructor(
    private readonly source: Readable | Buffer,
    private readonly budget: ReplayBudget,
    private readonly cap = REPLAY_CALL_BYTES,
  ) {
    if (Buffer.isBuffer(source)) {
      this.kept.push(source);
      this.keptCount = 1;
      this.keptBytes = source.length; // a buffer the caller holds anyway: not counted in the budget
      this.consumed = source.length;
      this.ended = true;
    }
  }

  /** Whether what any earlier attempt sent can be sent again. */
  get replayable(): boolean {
    return !this.lost && this.failure === undefined;
  }

  /** The whole body has been read from the client. */
  get complete(): boolean {
    return this.ended;
  }

  /**
   * The bytes of one attempt: what was kept, then the rest as the client sends it. A new attempt may
   * start while the read of an abandoned one is still pending: reads are shared (one at a time) and
   * every chunk read is kept before any attempt yields it, so no attempt misses a chunk.
   */
  async *attempt(): AsyncGenerator<Buffer> {
    if (this.attempts++ > 0 && !this.replayable) throw new Error('the body cannot be sent again');
    let i = 0;
    for (;;) {
      if (!this.lost && i < this.kept.length) {
        yield this.kept[i++];
        continue;
      }
      // Once the copy is given up, only an attempt that sent every chunk kept before may read on.
      if (this.lost && i !== this.keptCount) throw new Error('the body cannot be sent again');
      const chunk = await this.next();
      if (chunk === null) return;
      if (!this.lost) continue; // kept: yielded from `kept` on the next turn
      yield chunk;
    }
  }

  /** The one read in flight, shared by the attempts. */
  private pending: Promise<Buffer | null> | undefined;

  private next(): Promise<Buffer | null> {
    if (!this.pending)
      this.pending = this.read().then(
        (chunk) => {
          this.pending = undefined;
          if (chunk !== null) this.keep(chunk);
          return chunk;
        },
        (e: unknown) => {
          this.pending = undefined;
          throw e;
        },
      );
    return this.pending;
  }

  /** Frees what is kept (the answer came; no further attempt). */
  release(): void {
    if (!Buffer.isBuffer(this.source)) this.budget.held -= this.keptBytes;
    this.kept.length = 0;
    this.keptBytes = 0;
    this.lost = true;
  }

  private keep(chunk: Buffer): void {
    if (this.lost) return;
    if (this.keptBytes + chunk.length > this.cap || this.budget.held + chunk.length > this.budget.limit) {
      this.release();
      return;
    }
    this.kept.push(chunk);
    this.keptCount++;
    this.keptBytes += chunk.length;
    this.budget.held += chunk.length;
  }

  /** The next chunk from the client, null at its end; throws when the client went away mid-body. */
  private read(): Promise<Buffer | null> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || Buffer.isBuffer(this.source)) return Promise.resolve(null);
    const src = this.source;
    const take = (): Buffer | null | undefined => {
      const c = src.read() as Buffer | null;
      if (c !== null) {
        this.consumed += c.length;
        return c;
      }
      if (src.readableEnded) {
        this.ended = true;
        return null;
      }
      return undefined;
    };
    const now = take();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const done = (): void => {
        src.off('readable', onReadable);
        src.off('end', onEnd);
        src.off('error', onError);
        src.off('close', onClose);
      };
      const onReadable = (): void => {
        const c = take();
        if (c === undefined) return;
        done();
        resolve(c);
      };
      const onEnd = (): void => {
        done();
        this.ended = true;
        resolve(null);
      };
      const onError = (e: Error): void => {
        done();
        this.failure = e;
        reject(e);
      };
      const onClose = (): void => {
        if (src.readableEnded) return onEnd();
        // 'readable' may still hold data queued before the close
        const c = take();
        done();
        if (c !== undefined && c !== null) return resolve(c);
        if (c === null) return resolve(null);
        this.failure = new Error('the client went away before its body was whole');
        reject(this.failure);
      };
      src.on('readable', onReadable);
      src.on('end', onEnd);
      src.on('error', onError);
      src.on('close', onClose);
    });
  }
}
