// src/library.ts — the library API: `render()` reads the description and runs the passes in the
// order passes/index.ts gives, returning the PDF with remarks and findings, or the first refusal.
// The server and the CLI call exactly this, so all three give the same bytes for the same input.
import { RefusalError } from '../ir/diagnostics.js';
import { DEFAULT_RENDER_MEMORY_BYTES, MemoryBudget, withMemoryBudget } from '../ir/memory-budget.js';
import { refusal } from '../ir/messages.js';
import { readDescription } from '../ir/read.js';
import type { DocSettings, ReadIr } from '../ir/types.js';
import { runPasses } from '../passes/index.js';
import type { PassContext } from '../passes/pass.js';
import { resolveClient } from './clients.js';
import type { Outcome, RenderInput } from './types.js';
import { findingsOf } from './verify-step.js';

function partsMap(parts: RenderInput['parts']): ReadonlyMap<string, Uint8Array> {
  if (!parts) return new Map();
  if (parts instanceof Map) return parts;
  return new Map(Object.entries(parts));
}

/**
 * Renders one description. Never throws: a client's mistake is a refusal, our own failure a 500.
 * Takes any value (the reader checks it); the package exports it typed (`RenderInput`, src/index.ts).
 */
export function render(input: RenderInput): Outcome {
  const now = input.now ?? new Date();
  const ctx: PassContext = {
    parts: partsMap(input.parts),
    client: resolveClient(
      input.client,
      input.service?.clients,
      input.service?.licence,
      now,
      input.service?.pageCeiling,
    ),
    now,
    remarks: [],
  };
  const budget = new MemoryBudget(input.service?.renderMemory ?? DEFAULT_RENDER_MEMORY_BYTES);
  return withMemoryBudget(budget, () => renderWithin(input, ctx));
}

function renderWithin(input: RenderInput, ctx: PassContext): Outcome {
  try {
    let doc: DocSettings | undefined;
    // the IR as read stays in no variable of this frame: runPasses drops it once names has resolved it
    const read = (): ReadIr => {
      const t = performance.now();
      const ir = readDescription(input.description, ctx.remarks);
      doc = ir.doc;
      input.trace?.('read', ir, performance.now() - t);
      return ir;
    };
    const emitted = runPasses(read, ctx, input.trace);
    // the verifier runs on the bytes just emitted, after the seven passes (spec: architecture)
    const findings = findingsOf(emitted, doc!);
    return { ok: true, pdf: emitted.pdf, pages: emitted.pages, remarks: ctx.remarks, findings };
  } catch (e) {
    if (e instanceof RefusalError) return { ok: false, ...e.refusal, remarks: ctx.remarks };
    const detail = e instanceof Error ? e.message.split('\n')[0].slice(0, 200) : String(e);
    return { ok: false, ...refusal('serverFailed', '', { detail: detail.replace(/\.$/, '') }), remarks: ctx.remarks };
  }
}
