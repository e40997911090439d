// src/async-worker.ts — the worker thread behind `renderAsync()` (src/render-async.ts): it takes one
// task at a time on its port and answers with the very `render()` the library exports, so the async
// call gives the same bytes as the synchronous one. Built to dist/async-worker.js.
import { parentPort } from 'node:worker_threads';
import { render } from './library.js';
import type { AsyncTask } from './render-async.js';

parentPort?.on('message', (task: AsyncTask) => {
  const outcome = render({
    description: task.description,
    parts: new Map(task.parts),
    client: task.client,
    service: task.service,
    now: new Date(task.now),
  });
  // the PDF's buffer moves to the caller's thread rather than being copied
  parentPort?.postMessage({ id: task.id, outcome }, outcome.ok ? [outcome.pdf.buffer as ArrayBuffer] : []);
});
