// src/bench-entry.ts — the hook ../shared/bench/ours/adapter.mjs loads (OURS_MODULE=dist/bench-entry.js):
// render(description) → PDF bytes, refusals thrown so a bench run cannot count one as a document.
import { render as renderOutcome } from './library.js';

export function render(description: unknown): Uint8Array {
  const out = renderOutcome({ description, now: new Date(0) });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.word}: ${out.sentence}`);
  return out.pdf;
}
