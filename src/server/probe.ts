// src/server/probe.ts — a listening socket of its own for health probes, served by a thread of its own
// (issue 20: /health under 50 ms throughout a burst, on a new connection too, as a Kubernetes probe
// opens one each time).
//
// Ninth wave: a second listener on the main thread (libuv accepts one connection per turn from each
// listening socket, so a probe behind a burst's 200 queued connections waited 0.4–2.9 s on the main
// port) brought the probe port to 36–56 ms at worst: what was left was the main thread's own turns
// (reading ~220 MB of bodies, its mark-compacts). Tenth wave: the probe port is served by a worker
// thread (src/server/probe-thread.mjs), its own event loop and heap, which answers from a block of
// shared memory (PROBE_BLOCK) the main thread writes every PROBE_HEARTBEAT_MS: the /health answer
// the main port would give now (status, body) and a heartbeat stamp. When the stamp is older than
// PROBE_STALE_MS the probe thread answers 503 (same body, the last one written): a main thread stuck
// for that long answers nothing else either, and a probe that said OK from a side thread would hide
// a dead server. bench/README.md, "`/health` in a burst, tenth wave"; docs/reference.md, "A probe port".
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { refusal } from '../../ir/messages.js';
import { answerRefusal } from '../answer.js';
import { CLIENT_ERROR_STATUSES, clientErrorAnswer } from './client-error.js';

/** How often the main thread writes its /health answer and heartbeat for the probe thread (ms). */
export const PROBE_HEARTBEAT_MS = 50;
/**
 * A heartbeat older than this (ms) and the probe port answers 503: the main thread has had no turn
 * for that long, so it could not have answered a probe of its own within the kubelet's timeout (2 s,
 * deploy/render.yaml). The longest main-thread stretch measured in 200-invoice bursts was 0.63 s,
 * on 2 cores at load 22 (bench/README.md, "`/health` in a burst, tenth wave").
 */
export const PROBE_STALE_MS = 2000;

/**
 * The probe thread's nice value, asked for and kept only where the process may lower it (root
 * outside a container, CAP_SYS_NICE, RLIMIT_NICE; not the container's defaults). What still
 * delayed probes once the thread no longer waited on the main thread was waiting for a CPU: on
 * 2 cores at load 10–14, 2.0 % of probes over 50 ms at the default priority, 1.7 % at -10 (none in
 * two bursts of a traced build), main's 8.6–15.7 % (bench/README.md, "`/health` in a burst, tenth
 * wave"). It answers only /health, from memory: little to give a CPU to.
 */
export const PROBE_NICE = -10;

/**
 * The shared block: Int32 [0] sequence (odd while the main thread writes), [1] status, [2] body
 * length, [3] draining (0/1); BigInt64 at byte 16 the heartbeat (ms, performance.timeOrigin +
 * performance.now(), comparable across threads); the body's UTF-8 bytes from byte 24
 * (probe-thread.mjs reads it the same way).
 */
export const PROBE_BLOCK = { head: 24, body: 64 * 1024 } as const;

/** What the main thread publishes: the /health answer it would give now. */
export interface ProbeState {
  status: number;
  body: string;
  draining: boolean;
}

/** One probe answered, for the server's answer log line. */
export interface ProbeAnswer {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytesOut: number;
  complete: boolean;
}

export interface ProbeOptions {
  port: number;
  host: string;
  /** The /health answer now; called every PROBE_HEARTBEAT_MS on the main thread. */
  state: () => ProbeState;
  version: string;
  staleMs?: number;
  headersTimeout: number;
  requestTimeout: number;
  /** Each probe answered (omitted: not logged). */
  log?: (a: ProbeAnswer) => void;
  /** The probe thread failed after it started (its port no longer answers: probes fail). */
  failed?: (e: Error) => void;
}

export interface ProbeListener {
  /** e.g. `http://127.0.0.1:8081` (the port actually bound). */
  url: string;
  /** Writes the state and heartbeat now (besides every PROBE_HEARTBEAT_MS), e.g. when draining starts. */
  beat(): void;
  /** The thread serving the port now (tests). */
  thread(): Worker;
  close(): Promise<void>;
}

/** The thread's script: beside this module, built (dist/probe-thread.js) or as the source (.mjs). */
function threadFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'probe-thread.js');
  if (existsSync(built)) return built;
  return join(here, 'probe-thread.mjs');
}

/** The block's writer (main thread). */
export class ProbeBlock {
  readonly buffer: SharedArrayBuffer;
  private readonly words: Int32Array;
  private readonly beatAt: BigInt64Array;
  private readonly bytes: Uint8Array;
  private readonly encoder = new TextEncoder();

  constructor(capacity: number = PROBE_BLOCK.body) {
    this.buffer = new SharedArrayBuffer(PROBE_BLOCK.head + capacity);
    this.words = new Int32Array(this.buffer, 0, 4);
    this.beatAt = new BigInt64Array(this.buffer, 16, 1);
    this.bytes = new Uint8Array(this.buffer, PROBE_BLOCK.head);
  }

  write(state: ProbeState, at: number = performance.timeOrigin + performance.now()): void {
    Atomics.add(this.words, 0, 1);
    const { written } = this.encoder.encodeInto(state.body, this.bytes);
    // a body beyond the block (never: /health is a few hundred bytes) is answered as a failure
    const whole = written === Buffer.byteLength(state.body);
    this.words[1] = whole ? state.status : 500;
    this.words[2] = whole ? written : 0;
    this.words[3] = state.draining ? 1 : 0;
    Atomics.store(this.beatAt, 0, BigInt(Math.round(at)));
    Atomics.add(this.words, 0, 1);
    Atomics.notify(this.words, 0);
  }
}

/** The refusals the probe thread writes, made here from the messages table with placeholders. */
function cannedAnswers(version: string) {
  const r = refusal('notFound', '', { method: '\uE000', path: '\uE001' });
  const a = answerRefusal({ ...r, status: 404 }, { version });
  const notFound = { headers: a.headers, sentence: a.body as string, contentType: a.contentType };
  const clientErrors: Record<number, string> = {};
  for (const status of CLIENT_ERROR_STATUSES) clientErrors[status] = clientErrorAnswer(status, version).text;
  return { notFound, clientErrors };
}

/** Starts the probe thread listening on `port` at `host`; resolves once it is bound. */
export async function listenProbe(opts: ProbeOptions): Promise<ProbeListener> {
  const block = new ProbeBlock();
  const beat = (): void => block.write(opts.state());
  beat();
  const canned = cannedAnswers(opts.version);
  let closing = false;
  const start = async (port: number) => {
    const worker = new Worker(threadFile(), {
      workerData: {
        port,
        host: opts.host,
        block: block.buffer,
        staleMs: opts.staleMs ?? PROBE_STALE_MS,
        version: opts.version,
        headersTimeout: opts.headersTimeout,
        requestTimeout: opts.requestTimeout,
        log: opts.log !== undefined,
        nice: PROBE_NICE,
        ...canned,
      },
      // a small heap: it holds a few connections and one answer
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
      // no loader or flag of the parent's (tsx, --cpu-prof…) is wanted in the thread
      execArgv: [],
    });
    const address = await new Promise<{ address: string; family: string; port: number }>((resolve, reject) => {
      const failed = (e: Error): void => reject(e);
      worker.once('error', failed);
      worker.once('exit', (code) => reject(new Error(`the probe thread stopped (exit code ${code})`)));
      worker.on(
        'message',
        function first(m: { listening?: { address: string; family: string; port: number }; failed?: string }) {
          worker.off('message', first);
          worker.off('error', failed);
          if (m.failed !== undefined) reject(new Error(`the probe port could not listen: ${m.failed}`));
          else resolve(m.listening!);
        },
      );
    }).catch(async (e: unknown) => {
      await worker.terminate();
      throw e;
    });
    worker.removeAllListeners('exit');
    if (opts.log) {
      const log = opts.log;
      worker.on('message', (m: ProbeAnswer) => log(m));
    }
    worker.on('error', (e) => opts.failed?.(e));
    // A thread that stops (out of its heap, say) is started again on the same port: probes fail
    // meanwhile, for a moment, not until a restart of the pod.
    worker.once('exit', () => {
      if (closing) return;
      opts.failed?.(new Error('the probe thread stopped; starting it again'));
      setTimeout(() => {
        if (!closing)
          start(address.port).then(
            (w) => {
              current = w;
              if (closing) void w.worker.terminate();
            },
            (e: Error) => opts.failed?.(e),
          );
      }, 100).unref();
    });
    worker.unref();
    return { worker, address };
  };
  let current = await start(opts.port);
  const timer = setInterval(beat, PROBE_HEARTBEAT_MS);
  timer.unref();
  const { address } = current;
  const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    beat,
    thread: () => current.worker,
    close: async () => {
      closing = true;
      clearInterval(timer);
      await current.worker.terminate();
    },
  };
}
