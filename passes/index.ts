// passes/index.ts — the only place the order of the passes lives. Each comment says why a pass
// stands where it does. src/library.ts runs this list through runPasses; tools/explain prints the IR
// after each. A pass's id is its folder under passes/ and the word tools/explain takes.
import { crossRefusals } from './cross-refusals/cross-refusals.js';
import { dedupe } from './dedupe/dedupe.js';
import { emit } from './emit/emit.js';
import { layout } from './layout/layout.js';
import { licences } from './licences/licences.js';
import { names } from './names/names.js';
import { pagination } from './pagination/pagination.js';
import type { Pass, PassContext, PassId } from './pass.js';

export const PASSES = [
  names, // first: every later pass works on resolved names and loaded fonts
  crossRefusals, // before licences: a contradictory request is a 400 whether or not it is licensed
  licences, // before pagination: a 402 is decided before any drawing work is spent
  pagination, // before layout: coordinates need {current_page} and {total_pages}; the page ceiling stops runaways early
  layout, // positions every item; after it, what was drawn with is known
  dedupe, // after layout: only then are used glyphs and unused declarations known
  emit, // last: bytes
] as const;

type InOf<P> = P extends Pass<infer I, unknown> ? I : never;
type OutOf<P> = P extends Pass<never, infer O> ? O : never;
/** `true` when every pass takes what the one before it gives; otherwise names the first pair that does not. */
type Chained<P extends readonly unknown[]> = P extends readonly [infer A, infer B, ...infer Rest]
  ? [OutOf<A>] extends [InOf<B>]
    ? Chained<[B, ...Rest]>
    : { doesNotTakeWhatTheOneBeforeGives: [A, B] }
  : true;
/** Fails to compile when the order above hands a pass an IR stage it does not take. */
const CHAINED: Chained<typeof PASSES> = true;
void CHAINED;

/** What the pipeline takes (the IR as read) and gives (the emitted PDF). */
export type PipelineIn = InOf<(typeof PASSES)[0]>;
export type PipelineOut = OutOf<(typeof PASSES)[6]>;

export const PASS_IDS: readonly PassId[] = PASSES.map((p) => p.id);

/**
 * Runs every pass in order; `trace` sees the IR after each (tools/explain, timings). The IR as read
 * comes from `read` so that no frame keeps it: each stage is held only while the next is made, and a
 * stage a later pass no longer needs (the read items, the measured tables) is garbage after it
 * (bench/README.md, "table-10k, eighth wave: memory").
 */
export function runPasses(
  read: () => PipelineIn,
  ctx: PassContext,
  trace?: (id: PassId, ir: unknown, ms: number) => void,
): PipelineOut {
  let stage: unknown = read();
  for (const pass of PASSES as readonly Pass<unknown, unknown>[]) {
    const t = performance.now();
    stage = pass.run(stage, ctx);
    trace?.(pass.id, stage, performance.now() - t);
  }
  return stage as PipelineOut;
}
