// passes/cross-refusals.ts — pass 2 of 7: contradictory combinations, each refused by name
// (spec Conventions, "Contradictory combinations"). Runs after names so a combination involving a
// declaration can see it resolved; runs before anything is measured or drawn.
import type { ResolvedIr } from '../ir/types.js';
import { refuse, type Pass, type PassContext } from './pass.js';
import { checkStandards } from './standards-check.js';

export const crossRefusals: Pass<ResolvedIr, ResolvedIr> = {
  id: 'cross-refusals',
  run(ir: ResolvedIr, ctx: PassContext): ResolvedIr {
    for (const item of ir.items) {
      // spec, common keys: "transform … Refused together with rotate".
      if (item.transformAt && item.rotateAt) refuse('transformWithRotate', item.rotateAt, item.transformAt, item.rotateAt);
    }
    // archive, version, output_intent, invoice, attachments, collection (passes/standards-check.ts).
    checkStandards(ir.doc, ir.items, ctx, ir.page);
    return ir;
  },
};
