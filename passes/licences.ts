// passes/licences.ts — pass 3 of 7: licence gating. A 402 is decided here, before pagination and
// layout spend any work (spec Errors, 402 cases: "text set in a font without outlines (the fourteen
// standard fonts, a font whose glyphs are drawings, a Type 1 program)"). The item's text pointer and
// the font's name are in the sentence. ResolvedIr → LicensedIr: what leaves this pass needs no
// further licence decision.
import type { FontResource, LicensedIr, ResolvedIr } from '../ir/types.js';
import { FontChain } from './fonts/chain.js';
import { StandardFace } from './fonts/standard-face.js';
import { programOf } from './fonts/styled-font.js';
import type { TextFont } from './fonts/text-font.js';
import { refuse, type Pass, type PassContext } from './pass.js';

export { LICENCE_FEATURES, type LicenceFeature } from '../src/licence/licence.js';

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

export const licences: Pass<ResolvedIr, LicensedIr> = {
  id: 'licences',
  run(ir: ResolvedIr, ctx: PassContext): LicensedIr {
    // spec Errors, 402: "a destination leading to an element of the structure tree". Licensed, it
    // still waits for the structure tree (issue 7), so it is refused as not drawn yet.
    for (const d of ir.doc.navigation?.destinations ?? []) {
      if (!d.structureElement) continue;
      if (!ctx.client.features.has('structure_destinations')) refuse('needsLicenceStructureDestination', d.structureElement.at, d.name, d.at);
      refuse('keyNotYet', d.structureElement.at, 'structure_element', d.structureElement.at);
    }
    if (!ctx.client.features.has('fonts_without_outlines')) {
      for (const item of ir.items) {
        if (item.type !== 'text') continue;
        const hit = fontWithoutOutlines(item.fontRes);
        if (!hit) continue;
        const textAt = `${item.at}/content`;
        if (hit.face instanceof StandardFace) refuse('needsLicenceStandardFont', item.font.at, textAt, hit.res.name, hit.face.face);
        const what = hit.face.kind === 'type1' ? 'a Type 1 program' : 'a Type 3 font, whose glyphs are drawings';
        refuse('needsLicenceFont', item.font.at, textAt, hit.res.name, what);
      }
    }
    return { stage: 'licensed', doc: ir.doc, page: ir.page, fonts: ir.fonts, items: ir.items };
  },
};
