// src/render-worker.ts — one render in a worker thread of the server's pool (src/pool.ts). It calls
// the very `render()` the library exports, so a document rendered through the pool is byte for byte
// the one the library and the CLI give. The server's licence and clients config arrive once, as
// the pool's workerData; each task brings the body as received (its form is read here, off the
// server's event loop: src/server/form.ts) or the description and parts, the client name and the clock.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { refusal } from '../ir/messages.js';
import { render } from './library.js';
import type { ServiceSettings } from './licence/service.js';
import { isRefusal, readForm } from './server/form.js';
import type { Outcome } from './types.js';
import { warmUp } from './warm-up.js';

export interface RenderTask {
  /**
   * Set by the worker to the clock (Date.now()) when the render starts, so the pool's time limit
   * leaves out waiting and worker start-up (shared memory: no message to send or receive).
   */
  startedAt?: Float64Array;
  /** The request body as received and its content type: the form is read in the worker. */
  form?: {
    body: Uint8Array;
    /** The body as the chunks the server received, moved here (each its own memory): joined here, and `body` is empty. */
    chunks?: Uint8Array[];
    contentType: string;
  };
  description?: Uint8Array;
  /** The description as the chunks the hosted front in-process received (each its own memory): joined here. */
  descriptionChunks?: Uint8Array[];
  parts?: [string, Uint8Array][];
  client?: string;
  /**
   * Set to 1 by the pool when the caller has gone away: the render stops at its next pass boundary
   * (its answer would be dropped) and the worker stays, warm, for the next task.
   */
  cancel?: Int32Array;
  /** Milliseconds since the epoch; absent: the worker's clock at the start of the task. */
  now?: number;
}

/**
 * Renders run below the event loop's priority (this thread's nice value; Linux sets it per thread):
 * when the cores are busy rendering, the thread that answers /health, takes uploads and writes
 * answers still gets the CPU at once (issue 20: /health waited seconds behind renders).
 */
export const RENDER_NICE = 10;

const data = workerData as
  | {
      service?: ServiceSettings;
      /** Warm-up renders before this worker takes work (src/warm-up.ts), and the pool's shared warm state. */
      warm?: { count: number; state: SharedArrayBuffer };
    }
  | undefined;
const service = data?.service;
try {
  setPriority(RENDER_NICE);
} catch {
  // not allowed here (some containers): renders run at the event loop's priority
}

/** What a cancelled render gives: nobody reads it (the pool answers nothing to a caller gone). */
const CANCELLED: Outcome = {
  ...refusal('serverFailed', '', { detail: 'the render was cancelled, its caller having gone away' }),
  ok: false,
  remarks: [],
};

/** Thrown at a pass boundary of a cancelled render; `render()` turns it into an outcome nobody reads. */
class Cancelled extends Error {}

export default async function renderTask(task: RenderTask): Promise<Outcome> {
  return movedPdf(await renderOutcome(task));
}

/** One task's outcome; `settings` the server's licence and clients (the warm-up renders without them). */
async function renderOutcome(task: RenderTask, settings: ServiceSettings | undefined = service): Promise<Outcome> {
  if (task.startedAt) task.startedAt[0] = Date.now();
  const { cancel } = task;
  const isCancelled = (): boolean => cancel !== undefined && Atomics.load(cancel, 0) !== 0;
  if (isCancelled()) return CANCELLED;
  let description = task.descriptionChunks ? joinChunks(task.descriptionChunks) : task.description;
  let parts: Map<string, Uint8Array> | undefined = task.parts && new Map(task.parts);
  if (task.form) {
    const { chunks } = task.form;
    const joined = chunks ? joinChunks(chunks) : undefined;
    const form = await readForm(joined ?? task.form.body, task.form.contentType);
    if (isRefusal(form)) return { ...form, ok: false, remarks: [] };
    ({ description, parts } = form);
    // The parts a render may keep (an image or font cache keyed on its bytes) get memory of their
    // own: the joined body is this worker's and is written over by the next call. The description is
    // only read (the JSON reader copies every string it makes, ir/json-reader.ts).
    if (joined?.buffer === joinBuffer?.buffer && parts.size > 0)
      parts = new Map([...parts].map(([name, bytes]) => [name, Uint8Array.from(bytes)]));
  }
  if (isCancelled()) return CANCELLED;
  return render({
    description: description ?? new Uint8Array(),
    parts,
    client: task.client,
    now: task.now === undefined ? undefined : new Date(task.now),
    service: settings,
    // Read after the description and after each pass: a render whose caller went away stops there.
    trace: cancel
      ? () => {
          if (Atomics.load(cancel, 0) !== 0) throw new Cancelled('the caller went away');
        }
      : undefined,
  });
}

/**
 * Bodies up to this size are joined into one buffer this worker keeps and reuses (grown to the
 * largest such body seen): a call allocates nothing for its body here. Past it, a buffer of its own.
 */
export const JOIN_BUFFER_MAX = 16 * 1024 * 1024;
let joinBuffer: Buffer | undefined;

/**
 * The chunks a body arrived in, joined. Issue 20: a fresh 1.1 MB buffer a call (Buffer.concat) was
 * external memory, and V8 starts a full mark-compact of the worker's heap for every ~64 MB of new
 * external memory: with the chunks moved in, every ~20 invoices. Reused, it is allocated once.
 */
function joinChunks(chunks: Uint8Array[]): Buffer {
  let n = 0;
  for (const c of chunks) n += c.byteLength;
  if (n > JOIN_BUFFER_MAX) return Buffer.concat(chunks, n);
  if (!joinBuffer || joinBuffer.byteLength < n)
    joinBuffer = Buffer.allocUnsafeSlow(
      Math.min(JOIN_BUFFER_MAX, Math.max(n, 2 * (joinBuffer?.byteLength ?? 0), 1 << 20)),
    );
  let at = 0;
  for (const c of chunks) {
    joinBuffer.set(c, at);
    at += c.byteLength;
  }
  return joinBuffer.subarray(0, n);
}

/**
 * The outcome with its PDF's buffer moved to the server's thread rather than copied by the
 * structured clone (a PDF in an ArrayBuffer of its own; anything else is cloned as before).
 */
function movedPdf(outcome: Outcome): Outcome {
  if (!outcome.ok) return outcome;
  const { pdf } = outcome;
  if (!(pdf.buffer instanceof ArrayBuffer) || pdf.byteOffset !== 0 || pdf.byteLength !== pdf.buffer.byteLength)
    return outcome;
  return move({ [transferableSymbol]: pdf.buffer, [valueSymbol]: outcome } as never) as unknown as Outcome;
}

// Last, once every declaration above is made. Issue 20: the worker warms up before piscina hands
// it any work (this module's evaluation is the worker's start-up: piscina marks a worker ready once
// its module has loaded), so a replaced worker warms while the others serve, and the pool's first
// workers warming is the server's start-up (GET /health `warming`, src/server/warm-state.ts).
if (data?.warm) await warmUp(data.warm.count, data.warm.state, (task) => renderOutcome(task, undefined));
