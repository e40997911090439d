// src/render-worker.ts — one render in a worker thread of the server's pool (src/pool.ts). It calls
// the very `render()` the library exports, so a document rendered through the pool is byte for byte
// the one the library and the CLI give. The server's licence and clients config arrive once, as
// the pool's workerData; each task brings the description, the parts, the client name and the clock.
import { workerData } from 'node:worker_threads';
import { render } from './library.js';
import type { ServiceSettings } from './licence/service.js';
import type { Outcome } from './types.js';

export interface RenderTask {
  /** Told when the render starts, so the pool's time limit leaves out waiting and worker start-up. */
  started?: import('node:worker_threads').MessagePort;
  description: Uint8Array;
  parts: [string, Uint8Array][];
  client?: string;
  /** Milliseconds since the epoch; absent: the worker's clock at the start of the task. */
  now?: number;
}

const service = (workerData as { service?: ServiceSettings } | undefined)?.service;

export default function renderTask(task: RenderTask): Outcome {
  task.started?.postMessage(0);
  task.started?.close();
  return render({
    description: task.description,
    parts: new Map(task.parts),
    client: task.client,
    now: task.now === undefined ? undefined : new Date(task.now),
    service,
  });
}
