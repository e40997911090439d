// src/pool.ts — the server's render pool: renders run in worker threads (piscina), so one slow or
// hostile document never blocks the event loop that answers /health, reads uploads and writes other
// answers. The queue is bounded (a full queue is answered at once, not piled up), every render has a
// time limit (the worker running it is ended and replaced), and a caller that goes away aborts its
// task, freeing the worker.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ServiceSettings } from './licence/service.js';
import type { RenderTask } from './render-worker.js';
import type { Outcome } from './types.js';

/** Renders allowed to wait for a worker, per worker, before the server answers 503 at once. */
export const DEFAULT_QUEUE_PER_WORKER = 8;
/** Longest a render may run once a worker has taken it (ms); past it 413 `drawing`. */
export const DEFAULT_TIME_LIMIT_MS = 60_000;

/** Heap a render's worker may use (MiB); past it the worker ends and the call gets 413 `drawing`. */
export const DEFAULT_MEMORY_LIMIT_MB = 4096;

/** Workers by default: one per core the process may use, less one for the event loop when there are several. */
export function defaultWorkers(): number {
  const n = availableParallelism();
  return Math.max(1, n > 2 ? n - 1 : n);
}

export interface PoolOptions {
  workers: number;
  /** Renders allowed to wait; 0 means none wait (every worker busy → refused at once). */
  queue: number;
  timeLimitMs: number;
  /** See DEFAULT_MEMORY_LIMIT_MB. */
  memoryLimitMb?: number;
  service?: ServiceSettings;
}

/** Why a task did not give an outcome. */
export type PoolFailure = 'queue-full' | 'time-limit' | 'aborted' | 'closed';
export class PoolError extends Error {
  constructor(
    readonly kind: PoolFailure,
    message: string,
  ) {
    super(message);
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
  private readonly waiting: { go: () => void; drop: (e: PoolError) => void }[] = [];

  constructor(readonly options: PoolOptions) {
    this.piscina = new Piscina({
      filename: workerFile(),
      minThreads: options.workers,
      maxThreads: options.workers,
      // A worker takes one render at a time (rendering is CPU-bound); tasks wait in `waiting`.
      concurrentTasksPerWorker: 1,
      workerData: { service: options.service },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB },
    });
    // A worker that dies is replaced by piscina; the error reaches the task's promise.
    this.piscina.on('error', () => {});
  }

  get threads(): number {
    return this.options.workers;
  }
  /** Renders waiting for a worker. */
  get queued(): number {
    return this.waiting.length;
  }
  /** Renders running now. */
  get running(): number {
    return this.active;
  }
  /** Share of time the workers were busy since the pool started, 0..1 (piscina's own measure). */
  get utilization(): number {
    return this.piscina.utilization;
  }

  /** Renders one task; rejects with a PoolError for a full queue, the time limit, an abort or a closed pool. */
  async run(task: RenderTask, signal?: AbortSignal): Promise<Outcome> {
    if (this.closed) throw new PoolError('closed', 'the server is shutting down');
    if (this.active >= this.options.workers) {
      if (this.waiting.length >= this.options.queue)
        throw new PoolError('queue-full', 'every worker is busy and the queue is full');
      await new Promise<void>((go, drop) => {
        const entry = { go, drop };
        this.waiting.push(entry);
        signal?.addEventListener(
          'abort',
          () => {
            const i = this.waiting.indexOf(entry);
            if (i >= 0) {
              this.waiting.splice(i, 1);
              drop(new PoolError('aborted', 'the caller went away'));
            }
          },
          { once: true },
        );
      });
    }
    this.active++;
    const timer = new AbortController();
    let timedOut = false;
    // The time limit counts from when the worker starts the render (it says so on `started`), not
    // from when the task was queued or while a replaced worker was still starting up.
    let limit: NodeJS.Timeout | undefined;
    const channel = new MessageChannel();
    channel.port1.once('message', () => {
      limit = setTimeout(() => {
        timedOut = true;
        timer.abort();
      }, this.options.timeLimitMs);
      limit.unref();
    });
    channel.port1.unref();
    const onAbort = (): void => timer.abort();
    if (signal?.aborted) timer.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return (await this.piscina.run(
        { ...task, started: channel.port2 },
        { signal: timer.signal, transferList: [channel.port2] as never },
      )) as Outcome;
    } catch (e) {
      if (timedOut) throw new PoolError('time-limit', `the render ran past ${this.options.timeLimitMs} ms`);
      if (signal?.aborted) throw new PoolError('aborted', 'the caller went away');
      if (this.closed) throw new PoolError('closed', 'the server is shutting down');
      throw e;
    } finally {
      this.active--;
      clearTimeout(limit);
      channel.port1.close();
      signal?.removeEventListener('abort', onAbort);
      this.waiting.shift()?.go();
    }
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
    await this.piscina.destroy();
  }
}
