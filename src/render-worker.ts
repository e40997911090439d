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

export interface RenderTask {
  /** Told when the render starts, so the pool's time limit leaves out waiting and worker start-up. */
  started?: import('node:worker_threads').MessagePort;
  /** The request body as received and its content type: the form is read in the worker. */
  form?: {
    body: Uint8Array;
    /** The body as the chunks the server received, moved here (each its own memory): joined here, and `body` is empty. */
    chunks?: Uint8Array[];
    contentType: string;
  };
  description?: Uint8Array;
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

const service = (workerData as { service?: ServiceSettings } | undefined)?.service;
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
  task.started?.postMessage(0);
  task.started?.close();
  const { cancel } = task;
  const isCancelled = (): boolean => cancel !== undefined && Atomics.load(cancel, 0) !== 0;
  if (isCancelled()) return CANCELLED;
  let description = task.description;
  let parts: Map<string, Uint8Array> | undefined = task.parts && new Map(task.parts);
  if (task.form) {
    const body = task.form.chunks ? Buffer.concat(task.form.chunks) : task.form.body;
    const form = await readForm(body, task.form.contentType);
    if (isRefusal(form)) return { ...form, ok: false, remarks: [] };
    ({ description, parts } = form);
  }
  if (isCancelled()) return CANCELLED;
  return movedPdf(
    render({
      description: description ?? new Uint8Array(),
      parts,
      client: task.client,
      now: task.now === undefined ? undefined : new Date(task.now),
      service,
      // Read after the description and after each pass: a render whose caller went away stops there.
      trace: cancel
        ? () => {
            if (Atomics.load(cancel, 0) !== 0) throw new Cancelled('the caller went away');
          }
        : undefined,
    }),
  );
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
