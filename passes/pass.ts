// passes/pass.ts — the shape of a pass: a pure function from one IR stage to the next, seeing the
// world only through PassContext, answering with the next IR or the first refusal, and remarks
// either way. passes/index.ts holds the only list of their order.
import type { Refusal, Remark } from '../ir/diagnostics.js';
import type { Entitlements } from '../ir/entitlements.js';

export type PassId = 'names' | 'cross-refusals' | 'licences' | 'pagination' | 'layout' | 'dedupe' | 'emit';

export interface PassContext {
  /** Supplied parts by name. */
  readonly parts: ReadonlyMap<string, Uint8Array>;
  /** What the render is entitled to (src/ resolves x-svc-client and the licence into it): page ceiling, licence features. */
  readonly client: Entitlements;
  /** The moment of rendering; injected so output is reproducible. */
  readonly now: Date;
  /** Remarks noticed so far; passes push, never remove. */
  readonly remarks: Remark[];
}

export interface Pass<In, Out> {
  readonly id: PassId;
  run(ir: In, ctx: PassContext): Out;
}

export type PassResult<T> = { ok: true; ir: T } | { ok: false; refusal: Refusal };
