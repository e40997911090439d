// passes/cross-refusals.ts — pass 2 of 7: contradictory combinations, each refused by name
// (spec Conventions, "Contradictory combinations"). Runs after names so a combination involving a
// declaration can see it resolved; runs before anything is measured or drawn.
import type { ResolvedIr } from '../ir/types.js';
import { refuse, type Pass } from './pass.js';

export const crossRefusals: Pass<ResolvedIr, ResolvedIr> = {
  id: 'cross-refusals',
  run(ir: ResolvedIr): ResolvedIr {
    for (const item of ir.items) {
      // spec, common keys: "transform … Refused together with rotate".
      if (item.transformAt && item.rotateAt) refuse('transformWithRotate', item.rotateAt, item.transformAt, item.rotateAt);
      // spec Conventions: "a link with both a short target and a full action".
      if (item.type === 'link' && item.conflict) refuse('targetTwice', item.conflict[1], item.conflict[0], item.conflict[1]);
    }
    // The same for bookmarks, go_to actions and reader.open_on (ir/read/navigation.ts records them).
    const twice = ir.doc.navigation?.conflicts[0];
    if (twice) refuse('targetTwice', twice[1], twice[0], twice[1]);
    return ir;
  },
};
