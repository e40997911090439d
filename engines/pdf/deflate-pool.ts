// engines/pdf/deflate-pool.ts — PDF engine: page content of a long document deflated on a second core
// while the (synchronous) render goes on. Each page's raw bytes are copied into a SharedArrayBuffer
// and one helper thread woken through Atomics; the deflated bytes come back in a second one and are
// collected with Atomics.wait before the file is written. No messages: a synchronous render never
// turns its event loop, and shared memory with Atomics needs none. Same zlib, same parameters: the
// same bytes. Bounded: two buffers of POOL_BYTES and JOBS slots per process, one thread, started at a
// process's second long document, unref'd; what does not fit, and everything after a failure, is
// deflated in this thread as before (docs/reference.md, compression; bench/README.md, "Eleventh
// wave: deflate on a second core").
import { availableParallelism } from 'node:os';
import { isMainThread, Worker } from 'node:worker_threads';
import type { PDFContext, PDFRawStream, PDFRef } from 'pdf-lib';
import { deflateTight } from './compression.js';

/** Bytes of each shared buffer: raw content in, deflated content back at the same offsets. */
export const POOL_BYTES = 4 << 20;
/** Jobs in flight at once (a document's pages handed over before they are collected); a power of two. */
const JOBS = 1024;
/** Int32 slots: [0] jobs published (a running count), then per job: offset, length, level, state, out length. */
const HEAD = 1;
const FIELDS = 5;
const OFF = 0;
const LEN = 1;
const LEVEL = 2;
const STATE = 3;
const OUT = 4;
/** A job's states: queued; taken by the thread; deflated (bytes in place); to be done here (did not fit back, or failed); taken here. */
const QUEUED = 0;
const TAKEN = 1;
const DONE = 2;
const REFUSED = 3;
const MINE = 4;

// The helper thread, as text (run with eval): no file to find beside the bundle, the sources, the
// CLI's single script or the tests. It waits on the published count, claims each job, deflates it
// and writes the result at the job's offset in `out` when it fits in the job's room (page content
// always deflates smaller; what does not is refused and deflated by the main thread).
const THREAD = `
const { workerData } = require('node:worker_threads');
const { deflateSync } = require('node:zlib');
const ctl = new Int32Array(workerData.ctl);
const data = new Uint8Array(workerData.data);
const out = new Uint8Array(workerData.out);
let next = 0;
for (;;) {
  Atomics.wait(ctl, 0, next);
  const published = Atomics.load(ctl, 0);
  while (next !== published) {
    const s = ${HEAD} + (next & ${JOBS - 1}) * ${FIELDS};
    next = (next + 1) | 0;
    if (Atomics.compareExchange(ctl, s + ${STATE}, ${QUEUED}, ${TAKEN}) !== ${QUEUED}) continue;
    let state = ${REFUSED};
    try {
      const off = ctl[s + ${OFF}], len = ctl[s + ${LEN}];
      const z = deflateSync(data.subarray(off, off + len), { level: ctl[s + ${LEVEL}] });
      if (z.length <= len) { out.set(z, off); ctl[s + ${OUT}] = z.length; state = ${DONE}; }
    } catch {}
    Atomics.store(ctl, s + ${STATE}, state);
    Atomics.notify(ctl, s + ${STATE});
  }
}
`;

interface Pool {
  ctl: Int32Array;
  /** Raw content in. */
  data: Uint8Array;
  /** Deflated content back, at its job's offset. */
  out: Uint8Array;
  /** Jobs published so far (this thread's copy of ctl[0]). */
  published: number;
}

let pool: Pool | undefined;
/** Set once the thread failed to start, stopped or stopped answering: deflate here from then on. */
let broken = false;
/** Streams the thread deflated, in this process. */
let streamsFromThread = 0;

/** Whether this process started the thread, and how many streams it deflated (for tests). */
export function deflateThread(): { started: boolean; streams: number } {
  return { started: !!pool, streams: streamsFromThread };
}

/**
 * Whether this process may use the helper thread: a main thread (the server's render workers keep
 * every core busy already) of a machine with a second core, unless QUIRE_DEFLATE_THREAD=0 (read at
 * each long document).
 */
function allowed(): boolean {
  return isMainThread && !broken && availableParallelism() >= 2 && process.env.QUIRE_DEFLATE_THREAD !== '0';
}

function started(): Pool | undefined {
  if (!allowed()) return undefined;
  if (pool) return pool;
  try {
    const ctlBuf = new SharedArrayBuffer((HEAD + JOBS * FIELDS) * 4);
    const dataBuf = new SharedArrayBuffer(POOL_BYTES);
    const outBuf = new SharedArrayBuffer(POOL_BYTES);
    const worker = new Worker(THREAD, { eval: true, workerData: { ctl: ctlBuf, data: dataBuf, out: outBuf } });
    worker.unref();
    // a thread that dies leaves its jobs queued or taken: queued ones are done here, a taken one after
    // GIVE_UP_MS, and from then on all (this thread sees the events only between renders)
    const stop = () => {
      broken = true;
    };
    worker.on('error', stop);
    worker.on('exit', stop);
    pool = { ctl: new Int32Array(ctlBuf), data: new Uint8Array(dataBuf), out: new Uint8Array(outBuf), published: 0 };
  } catch {
    broken = true;
  }
  return pool;
}

/**
 * A document's content is handed over only past this many bytes (before deflating): a short
 * document's pages are written before a woken thread would get far into them (this thread would take
 * them back, copied for nothing), and the invoice (~10 KB) never starts the thread. table-10k hands
 * over 2.4 of its 2.7 MB, report-100 0.58 of 0.84 (bench/README.md, "Eleventh wave: deflate on a
 * second core").
 */
export const HAND_OVER_AFTER = 256 * 1024;

/**
 * Documents past HAND_OVER_AFTER this process has written: the thread starts at the second, never for
 * a process's only one (the CLI's render, a one-off script: ~17 MB of RSS and ~40 ms before it takes
 * a job, more than one document's deflate it would take over).
 */
let longDocuments = 0;
/** Whether a document is handing over now (until its `finish`). */
let handing = false;

const EMPTY = new Uint8Array(0);

/** A stream handed over: where its raw bytes are, and where its deflated bytes go. */
interface Job {
  stream: PDFRawStream;
  /** Its state's index in `ctl`, less STATE. */
  slot: number;
  off: number;
  len: number;
  level: number;
}

/**
 * One document's page content, deflated here or on the helper thread. `finish` must run before the
 * document is serialized, and also when it fails: the shared buffers are reused by the next document.
 */
export class DeflateBatch {
  /** Bytes of the shared buffers taken by this document's jobs. */
  private used = 0;
  /** Content bytes seen so far (before deflating). */
  private written = 0;
  /** Whether `written` has reached HAND_OVER_AFTER (the document counted in `longDocuments`). */
  private long = false;
  private pool: Pool | undefined;
  /** Streams written before their bytes, filled in by `finish`. */
  private jobs: Job[] = [];

  /**
   * A Flate stream of `bytes` (valid only during the call) at `level`, as engines/pdf/compression.ts
   * flateStream writes it; its contents are in place only after `finish`.
   */
  stream(context: PDFContext, bytes: Uint8Array, level: number): PDFRef {
    if (this.written >= HAND_OVER_AFTER && !this.long) {
      this.long = true;
      // one document at a time hands over (the shared buffers are used from their start by each)
      if (++longDocuments >= 2 && !handing) {
        this.pool = started();
        handing = !!this.pool;
      }
    }
    this.written += bytes.length;
    const p = this.pool;
    if (!p || broken || this.used + bytes.length > POOL_BYTES || this.jobs.length >= JOBS)
      return context.register(context.stream(deflateTight(bytes, level), { Filter: 'FlateDecode' } as never));
    const id = p.published;
    const slot = HEAD + (id & (JOBS - 1)) * FIELDS;
    const off = this.used;
    p.data.set(bytes, off);
    this.used += bytes.length;
    const ctl = p.ctl;
    ctl[slot + OFF] = off;
    ctl[slot + LEN] = bytes.length;
    ctl[slot + LEVEL] = level;
    ctl[slot + OUT] = 0;
    Atomics.store(ctl, slot + STATE, QUEUED);
    p.published = (id + 1) | 0;
    Atomics.store(ctl, 0, p.published);
    Atomics.notify(ctl, 0);
    const stream = context.stream(EMPTY, { Filter: 'FlateDecode' } as never);
    this.jobs.push({ stream, slot, off, len: bytes.length, level });
    return context.register(stream);
  }

  /**
   * Every stream's bytes in place, then the shared buffers free. The thread takes jobs from the first;
   * this thread from the last, deflating those not begun itself, so the two meet and this thread
   * waits at most for the one job the thread is on.
   */
  finish(): void {
    const p = this.pool;
    if (!p) return;
    this.pool = undefined;
    const jobs = this.jobs;
    this.jobs = [];
    this.used = 0;
    const ctl = p.ctl;
    try {
      for (let k = jobs.length - 1; k >= 0; k--) {
        const { stream, slot, off, len, level } = jobs[k];
        let z: Uint8Array;
        if (Atomics.compareExchange(ctl, slot + STATE, QUEUED, MINE) === QUEUED) {
          z = deflateTight(p.data.subarray(off, off + len), level);
        } else if (taken(ctl, slot) === DONE) {
          streamsFromThread++;
          z = Buffer.from(p.out.subarray(off, off + ctl[slot + OUT]));
        } else {
          z = deflateTight(p.data.subarray(off, off + len), level);
        }
        (stream as { contents: Uint8Array }).contents = z;
      }
    } catch (e) {
      // jobs left unclaimed could still be taken by the thread: the shared buffers are not reused
      broken = true;
      throw e;
    } finally {
      handing = false;
    }
  }
}

/**
 * Job `slot`'s state once the thread is done with it. A thread that has not answered within GIVE_UP_MS
 * (a page of POOL_BYTES deflates in well under a second) is taken for gone — its error event cannot
 * arrive while this thread is busy — and never used again: the job is done here from its input,
 * which the thread only reads (it writes to `out`, which nobody reads after this).
 */
function taken(ctl: Int32Array, slot: number): number {
  if (Atomics.load(ctl, slot + STATE) === TAKEN && Atomics.wait(ctl, slot + STATE, TAKEN, GIVE_UP_MS) === 'timed-out')
    broken = true;
  const state = Atomics.load(ctl, slot + STATE);
  return state === TAKEN ? REFUSED : state;
}

const GIVE_UP_MS = 5000;
