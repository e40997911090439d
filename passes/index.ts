// passes/index.ts — the only place the order of the passes lives. Each comment says why a pass
// stands where it does. src/library.ts runs this list; tools/explain prints the IR after each.
import { crossRefusals } from './cross-refusals/cross-refusals.js';
import { dedupe } from './dedupe/dedupe.js';
import { emit } from './emit/emit.js';
import { layout } from './layout/layout.js';
import { licences } from './licences/licences.js';
import { names } from './names/names.js';
import type { Pass, PassId } from './pass.js';
import { pagination } from './pagination/pagination.js';

export const PASSES: readonly Pass<any, any>[] = [
  names,          // first: every later pass works on resolved names and loaded fonts
  crossRefusals,  // before licences: a contradictory request is a 400 whether or not it is licensed
  licences,       // before pagination: a 402 is decided before any drawing work is spent
  pagination,     // before layout: coordinates need {current_page} and {total_pages}; the page ceiling stops runaways early
  layout,         // positions every item; after it, what was drawn with is known
  dedupe,         // after layout: only then are used glyphs and unused declarations known
  emit,           // last: bytes
];

export const PASS_IDS: readonly PassId[] = PASSES.map((p) => p.id);
