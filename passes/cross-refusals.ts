// passes/cross-refusals.ts — pass 2 of 7: contradictory combinations, each refused by name
// (spec Conventions, "Contradictory combinations"). Runs after names so a combination involving a
// declaration can see it resolved; runs before anything is measured or drawn.
import type { ResolvedIr } from '../ir/types.js';
import { refuse, type Pass } from './pass.js';
import { graphicsCombinations } from './cross-refusals-graphics.js';

export const crossRefusals: Pass<ResolvedIr, ResolvedIr> = {
  id: 'cross-refusals',
  run(ir: ResolvedIr): ResolvedIr {
    for (const item of ir.items) {
      // spec, common keys: "transform … Refused together with rotate".
      if (item.transformAt && item.rotateAt) refuse('transformWithRotate', item.rotateAt, item.transformAt, item.rotateAt);
    }
    graphicsCombinations(ir.doc);
    return ir;
  },
};
