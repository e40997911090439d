// passes/licences/fonts.ts — licence sub-step: the font without outlines of its own text is set in,
// if any (spec Errors, 402: "text set in a font without outlines").

import { FontChain } from '../../engines/fonts/chain.js';
import { programOf } from '../../engines/fonts/styled-font.js';
import type { TextFont } from '../../ir/text-font.js';
import type { FontResource } from '../../ir/types.js';

/** The font without outlines of its own that text in `res` may be set in, if any (a chain: any member). */
export function fontWithoutOutlines(res: FontResource): { res: FontResource; face: TextFont } | undefined {
  if (res.face instanceof FontChain) {
    for (const m of res.face.members) {
      const hit = fontWithoutOutlines(m);
      if (hit) return hit;
    }
    return undefined;
  }
  const face = programOf(res.face);
  return face.kind === 'standard' || face.kind === 'type1' || face.kind === 'type3' ? { res, face } : undefined;
}
