// src/render-async.ts — `renderAsync()`: the library call without blocking the caller's event loop.
// The render runs in one worker thread (dist/async-worker.js) started on the first call and kept while
// calls come (unreferenced when idle, so it never holds a process open); calls run one at a time in
// the order made, since rendering is CPU-bound: a service wanting several at once runs the server
// (quire/server), whose pool has one worker per core. An AbortSignal drops a waiting call, or ends the
// worker running it (the next call starts a fresh one).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ServiceSettings } from './licence/service.js';
import type { Outcome, RenderInput } from './types.js';

/** What crosses to the worker: the input with parts as pairs and the clock as a number. */
export interface AsyncTask {
  id: number;
  description: unknown;
  parts: [string, Uint8Array][];
  client?: string;
  service?: ServiceSettings;
  now: number;
}

export interface AsyncRenderOptions {
  /** Aborting rejects the call with the signal's reason (an AbortError unless given one). */
  signal?: AbortSignal;
}

interface Call {
  task: AsyncTask;
  resolve: (o: Outcome) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
}

/** The worker script: beside this module in dist/; from sources (vitest, tsx) the built one. */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const f of [join(here, 'async-worker.js'), join(here, '..', 'dist', 'async-worker.js')])
    if (existsSync(f)) return f;
  throw new Error('the async render worker is not built (dist/async-worker.js); run npm run build');
}

let worker: Worker | undefined;
let running: Call | undefined;
const waiting: Call[] = [];
let nextId = 1;

function startWorker(): Worker {
  // the caller's --input-type (node -e) means nothing to a worker started from a file, and stops it
  const w = new Worker(workerFile(), { execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')) });
  w.on('message', (m: { id: number; outcome: Outcome }) => {
    const call = running;
    if (!call || call.task.id !== m.id) return;
    running = undefined;
    call.resolve(m.outcome);
    next();
  });
  w.on('error', (e) => fail(w, e));
  w.on('exit', (code) => fail(w, new Error(`the render worker stopped (exit code ${code})`)));
  return w;
}

/** The worker ended or failed: the call it ran fails with it, the rest go to a fresh worker. */
function fail(w: Worker, e: unknown): void {
  if (worker !== w) return;
  worker = undefined;
  const call = running;
  running = undefined;
  call?.reject(e);
  next();
}

function next(): void {
  if (running) return;
  const call = waiting.shift();
  if (!call) {
    worker?.unref();
    return;
  }
  worker ??= startWorker();
  worker.ref();
  running = call;
  worker.postMessage(call.task);
}

function partsPairs(parts: RenderInput['parts']): [string, Uint8Array][] {
  if (!parts) return [];
  return parts instanceof Map ? [...parts] : Object.entries(parts);
}

/**
 * Renders one description in a worker thread; resolves with the same Outcome `render()` gives (a
 * refusal resolves too: only an abort or a dead worker rejects). `trace` is not available here.
 */
export function renderAsync(input: RenderInput, options: AsyncRenderOptions = {}): Promise<Outcome> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<Outcome>((resolve, reject) => {
    const task: AsyncTask = {
      id: nextId++,
      description: input.description,
      parts: partsPairs(input.parts),
      client: input.client,
      service: input.service,
      now: (input.now ?? new Date()).getTime(),
    };
    const call: Call = { task, resolve, reject, signal };
    signal?.addEventListener(
      'abort',
      () => {
        const i = waiting.indexOf(call);
        if (i >= 0) {
          waiting.splice(i, 1);
          reject(signal.reason);
        } else if (running === call) {
          const w = worker;
          worker = undefined;
          running = undefined;
          reject(signal.reason);
          void w?.terminate();
          next();
        }
      },
      { once: true },
    );
    waiting.push(call);
    next();
  });
}
