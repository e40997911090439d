// src/pool.ts — the server's render pool: renders run in worker threads (piscina), so one slow or
// hostile document never blocks the event loop that answers /health, reads uploads and writes other
// answers. Work is admitted while the expected wait (renders ahead × the recent median render time ÷
// workers) stays under a ceiling well inside the time limit and the bodies waiting fit their memory
// budget; only past that is a render answered 503 at once, with the expected wait in Retry-After.
// Every render has a time limit (the worker running it is ended and replaced). A caller that goes
// away cancels its task: one still waiting is dropped; a running one is told through a shared flag
// and stops at its next pass boundary, its worker kept warm (ended and replaced only if it has not
// stopped within CANCEL_GRACE_MS).
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ServiceSettings } from './licence/service.js';
import type { RenderTask } from './render-worker.js';
import { isWarming, newWarmState, warmFigures } from './server/warm-state.js';
import type { Outcome } from './types.js';

/**
 * Hard ceiling of renders waiting for a worker, per worker, whatever the expected wait says (a
 * backstop: the expected wait and the memory of the waiting bodies normally decide first).
 */
export const DEFAULT_QUEUE_PER_WORKER = 256;
/**
 * Longest expected wait (ms) a render is admitted with: well under the time limit and the hosted
 * wait (30 s), so work admitted is work finished. Past it 503 with `Retry-After`.
 */
export const DEFAULT_MAX_WAIT_MS = 10_000;
/** Request bodies (description and parts) allowed to wait for a worker at once, bytes. */
export const DEFAULT_QUEUE_BYTES = 512 * 1024 * 1024;
/** The render time assumed before any render has finished (ms): an invoice takes ~10 ms of CPU, a 100-page report ~150. */
export const FIRST_ESTIMATE_MS = 50;
/** Render times the estimate is the median of (the most recent ones). */
const RECENT_RENDERS = 64;
/** Longest a render may run once a worker has taken it (ms); past it 413 `drawing`. */
export const DEFAULT_TIME_LIMIT_MS = 60_000;

/**
 * How long a render whose caller went away may take to reach its next pass boundary and stop (ms);
 * past it the worker is ended and replaced, as at the time limit. A replaced worker starts cold
 * (seconds of schema compiling and font parsing at load), so a worker is ended only for a pass that
 * runs long.
 */
export const CANCEL_GRACE_MS = 2000;

/**
 * How often (ms) the time limit looks again whether a worker still starting up has begun the render
 * handed to it (a replaced worker takes seconds to load): the limit then counts from that start.
 */
const STARTED_POLL_MS = 100;

/** Heap a render's worker may use (MiB); past it the worker ends and the call gets 413 `drawing`. */
export const DEFAULT_MEMORY_LIMIT_MB = 4096;

/**
 * A render worker's young generation (MiB: V8 makes it three semi-spaces, so 12 = 4 MiB semi-spaces).
 * V8's own default lets them grow to 16 MiB as a render's objects survive scavenges, which a large
 * table does within its first pass: ~40 MB more RSS per worker for no CPU measured (table-10k, warm
 * worker; bench/README.md, "ninth wave: table-10k memory").
 */
export const WORKER_YOUNG_GENERATION_MB = 12;

/** Workers by default: one per core the process may use, less one for the event loop when there are several. */
export function defaultWorkers(): number {
  const n = availableParallelism();
  return Math.max(1, n > 2 ? n - 1 : n);
}

export interface PoolOptions {
  workers: number;
  /** Renders allowed to wait at most; 0 means none wait (every worker busy → refused at once). */
  queue: number;
  /** See DEFAULT_MAX_WAIT_MS. */
  maxWaitMs?: number;
  /** See DEFAULT_QUEUE_BYTES. */
  queueBytes?: number;
  timeLimitMs: number;
  /** See CANCEL_GRACE_MS. */
  cancelGraceMs?: number;
  /** See DEFAULT_MEMORY_LIMIT_MB. */
  memoryLimitMb?: number;
  service?: ServiceSettings;
  /**
   * Warm-up renders each worker does when it starts, before it takes work (src/warm-up.ts); 0 or
   * absent: none (tests, embedding). `quire serve` gives DEFAULT_WARM_UP unless told otherwise.
   */
  warmUp?: number;
}

/** Why a task did not give an outcome. */
export type PoolFailure = 'queue-full' | 'time-limit' | 'aborted' | 'closed';
export class PoolError extends Error {
  constructor(
    readonly kind: PoolFailure,
    message: string,
    /** For 'queue-full': seconds after which a retry is likely admitted (the expected wait, at least 1). */
    readonly retryAfterS = 1,
  ) {
    super(message);
  }
}

/** Bytes a task holds while it waits: its body, or its description and parts. */
function taskBytes(task: RenderTask): number {
  let n = (task.form?.body.byteLength ?? 0) + (task.description?.byteLength ?? 0);
  for (const c of task.form?.chunks ?? []) n += c.byteLength;
  for (const c of task.descriptionChunks ?? []) n += c.byteLength;
  for (const [, bytes] of task.parts ?? []) n += bytes.byteLength;
  return n;
}

/**
 * What ends a running task at its time limit or past the cancel grace: piscina takes an EventEmitter
 * with `aborted` as the signal of a task, and one is lighter a call than an AbortController and its
 * AbortSignal (an EventTarget: made, listened to and let go on every call; ninth wave).
 */
class Stop extends EventEmitter {
  aborted = false;
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

/** The worker script: next to this module in dist/; from sources (vitest, tsx) the built one. */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, 'render-worker.js');
  if (existsSync(beside)) return beside;
  const built = join(here, '..', 'dist', 'render-worker.js');
  if (existsSync(built)) return built;
  throw new Error(`the render worker is not built (looked for ${beside} and ${built}); run npm run build`);
}

export class RenderPool {
  private readonly piscina: Piscina;
  private closed = false;
  private active = 0;
  /** Tasks waiting for a worker, oldest first. Our own queue, so a render's clock starts when it runs. */
  private readonly waiting: { go: () => void; drop: (e: PoolError) => void; bytes: number }[] = [];
  /** Bytes of the bodies waiting. */
  private waitingBytes = 0;
  /** Recent render times (ms), a ring. */
  private readonly recent: number[] = [];
  private recentNext = 0;
  /** Renders refused because the expected wait or the waiting bytes were past their ceiling. */
  refused = 0;
  /** Worker threads started since the pool was made (the first ones included): a worker ended is replaced. */
  workersStarted = 0;
  /** Running renders whose caller went away: stopped at a pass boundary, their worker kept. */
  cancelled = 0;

  /**
   * Whether the workers have warmed up, shared with them (they write it) and readable from any
   * thread: `isWarming(pool.warmState)` (src/server/warm-state.ts).
   */
  readonly warmState: SharedArrayBuffer;

  constructor(readonly options: PoolOptions) {
    const warmUp = options.warmUp ?? 0;
    this.warmState = newWarmState(warmUp > 0 ? options.workers : 0);
    this.piscina = new Piscina({
      filename: workerFile(),
      minThreads: options.workers,
      maxThreads: options.workers,
      // A worker takes one render at a time (rendering is CPU-bound); tasks wait in `waiting`.
      concurrentTasksPerWorker: 1,
      workerData: {
        service: options.service,
        warm: warmUp > 0 ? { count: warmUp, state: this.warmState } : undefined,
      },
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
    });
    // A worker that dies is replaced by piscina; the error reaches the task's promise.
    this.piscina.on('error', () => {});
    this.piscina.on('workerCreate', () => {
      this.workersStarted++;
    });
  }

  get threads(): number {
    return this.options.workers;
  }
  /**
   * The pool's first workers are still warming up: the server is not ready (GET /health 503
   * `warming`). Calls are taken meanwhile and wait for a warmed worker. A worker started later (one
   * replaced) warms while the others serve and does not make the pool warming again.
   */
  get warming(): boolean {
    return isWarming(this.warmState);
  }
  /** Warm-up renders done by all workers since the pool started. */
  get warmUpRenders(): number {
    return warmFigures(this.warmState).renders;
  }
  /** Resolves once the pool's first workers have warmed up (at once when warm-up is off). */
  async warmed(pollMs = 20): Promise<void> {
    while (this.warming && !this.closed) await new Promise((r) => setTimeout(r, pollMs));
  }
  /** Renders waiting for a worker. */
  get queued(): number {
    return this.waiting.length;
  }
  /** Renders running now. */
  get running(): number {
    return this.active;
  }
  /**
   * Median of the recent render times (ms); FIRST_ESTIMATE_MS before any. The median, not the mean:
   * a few long reports among many invoices must not make the queue refuse invoices it would finish
   * in a second (a long render holds one worker, not the queue).
   */
  get estimateMs(): number {
    if (this.recent.length === 0) return FIRST_ESTIMATE_MS;
    // Sorted once per render finished, not once per call admitted.
    if (this.median === undefined) {
      const sorted = [...this.recent].sort((a, b) => a - b);
      this.median = sorted[sorted.length >> 1];
    }
    return this.median;
  }
  private median: number | undefined;
  /** Expected wait (ms) of a render admitted now: the renders ahead of it shared by the workers. */
  get expectedWaitMs(): number {
    const ahead = this.active + this.waiting.length;
    if (ahead < this.options.workers) return 0;
    return ((ahead - this.options.workers + 1) * this.estimateMs) / this.options.workers;
  }
  /** Bytes of the request bodies waiting for a worker. */
  get queuedBytes(): number {
    return this.waitingBytes;
  }
  /** Share of time the workers were busy since the pool started, 0..1 (piscina's own measure). */
  get utilization(): number {
    return this.piscina.utilization;
  }

  /** Renders one task; rejects with a PoolError for a full queue, the time limit, an abort or a closed pool. */
  async run(task: RenderTask, signal?: AbortSignal, transfer: ArrayBuffer[] = []): Promise<Outcome> {
    if (this.closed) throw new PoolError('closed', 'the server is shutting down');
    if (this.active >= this.options.workers || this.waiting.length > 0) {
      const bytes = taskBytes(task);
      const why = this.refusal(bytes);
      if (why) {
        this.refused++;
        throw new PoolError('queue-full', why, Math.max(1, Math.ceil(this.expectedWaitMs / 1000)));
      }
      await new Promise<void>((go, drop) => {
        const entry = { go, drop, bytes };
        this.waiting.push(entry);
        this.waitingBytes += bytes;
        signal?.addEventListener(
          'abort',
          () => {
            const i = this.waiting.indexOf(entry);
            if (i >= 0) {
              this.waiting.splice(i, 1);
              this.waitingBytes -= entry.bytes;
              drop(new PoolError('aborted', 'the caller went away'));
            }
          },
          { once: true },
        );
      });
    }
    this.active++;
    const began = performance.now();
    const timer = new Stop();
    let timedOut = false;
    // One small shared block a call (issue 20, ninth wave: it replaces a MessageChannel a call, whose
    // ports were made, moved to the worker and closed on both threads): [0] the cancel flag the pool
    // sets, [8..16) the clock (Date.now()) at which the worker started the render, 0 until then.
    const shared = new SharedArrayBuffer(16);
    const cancel = new Int32Array(shared, 0, 1);
    const startedAt = new Float64Array(shared, 8, 1);
    // The time limit counts from when the worker starts the render (it writes `startedAt`), not from
    // when the task was queued or while a replaced worker was still starting up: the timer, set at
    // hand-off, looks again until the worker has started, then fires at its start plus the limit.
    const limitMs = this.options.timeLimitMs;
    let limit: NodeJS.Timeout | undefined;
    const check = (): void => {
      const at = startedAt[0];
      const left = at === 0 ? Math.min(limitMs, STARTED_POLL_MS) : at + limitMs - Date.now();
      if (at !== 0 && left <= 0) {
        timedOut = true;
        timer.abort();
        return;
      }
      limit = setTimeout(check, Math.max(1, left));
      limit.unref();
    };
    limit = setTimeout(check, limitMs);
    limit.unref();
    let grace: NodeJS.Timeout | undefined;
    // The caller gone: the render is told (the worker reads the flag at each pass boundary) and given
    // CANCEL_GRACE_MS to stop; only then is its worker ended (piscina ends the thread of an aborted task).
    const onAbort = (): void => {
      Atomics.store(cancel, 0, 1);
      grace = setTimeout(() => timer.abort(), this.options.cancelGraceMs ?? CANCEL_GRACE_MS);
      grace.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (signal?.aborted) throw new PoolError('aborted', 'the caller went away');
      const outcome = (await this.piscina.run(
        { ...task, cancel, startedAt },
        { signal: timer, transferList: transfer as never },
      )) as Outcome;
      if (signal?.aborted) {
        this.cancelled++;
        throw new PoolError('aborted', 'the caller went away');
      }
      return outcome;
    } catch (e) {
      if (e instanceof PoolError) throw e;
      if (timedOut) throw new PoolError('time-limit', `the render ran past ${this.options.timeLimitMs} ms`);
      if (signal?.aborted) throw new PoolError('aborted', 'the caller went away');
      if (this.closed) throw new PoolError('closed', 'the server is shutting down');
      throw e;
    } finally {
      this.active--;
      clearTimeout(limit);
      clearTimeout(grace);
      signal?.removeEventListener('abort', onAbort);
      // A render stopped by its caller says nothing about how long renders take.
      if (!signal?.aborted) this.measured(performance.now() - began);
      const next = this.waiting.shift();
      if (next) {
        this.waitingBytes -= next.bytes;
        next.go();
      }
    }
  }

  /** Why a render arriving now is not admitted, or undefined when it is. */
  private refusal(bytes: number): string | undefined {
    if (this.waiting.length >= this.options.queue) return 'every worker is busy and the queue is full';
    const wait = this.expectedWaitMs;
    if (wait > (this.options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS))
      return `the expected wait (${Math.round(wait)} ms) is past the server's ceiling`;
    if (this.waitingBytes + bytes > (this.options.queueBytes ?? DEFAULT_QUEUE_BYTES))
      return 'the bodies waiting for a worker fill their memory budget';
    return undefined;
  }

  private measured(ms: number): void {
    if (this.recent.length < RECENT_RENDERS) this.recent.push(ms);
    else this.recent[this.recentNext] = ms;
    this.recentNext = (this.recentNext + 1) % RECENT_RENDERS;
    this.median = undefined;
  }

  /** Renders running or waiting. */
  get inFlight(): number {
    return this.active + this.waiting.length;
  }

  /** Refuses what still waits and ends the workers (a running render is stopped). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.drop(new PoolError('closed', 'the server is shutting down'));
    this.waitingBytes = 0;
    await this.piscina.destroy();
  }
}
