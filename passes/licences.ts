// passes/licences.ts — pass 3 of 7: licence gating. A 402 is decided here, before pagination and
// layout spend any work (spec Errors, 402 cases: "text set in a font without outlines (the fourteen
// standard fonts, …)"). The item's text pointer and the font's name are in the sentence.
// ResolvedIr → LicensedIr: what leaves this pass needs no further licence decision.
import type { LicensedIr, LicensedItem, ResolvedIr } from '../ir/types.js';
import { refuse, type Pass, type PassContext } from './pass.js';

export { LICENCE_FEATURES, type LicenceFeature } from '../src/licence/licence.js';

export const licences: Pass<ResolvedIr, LicensedIr> = {
  id: 'licences',
  run(ir: ResolvedIr, ctx: PassContext): LicensedIr {
    const items: LicensedItem[] = ir.items.map((item) => {
      if (item.type !== 'text' && item.type !== 'flow') return item as LicensedItem;
      // A run set in a standard font needs the same licence as a block set in one.
      const runStd = item.type === 'text' ? item.runs.find((r) => r.style?.standard) : undefined;
      const std = item.standard ?? runStd?.style?.standard;
      if (!std) return item as LicensedItem;
      const fontAt = item.standard ? item.font.at : runStd!.style!.font!.at;
      const textAt = item.type === 'text' ? `${item.at}/content` : item.contentAt;
      if (!ctx.client.features.has('fonts_without_outlines')) {
        refuse('needsLicenceStandardFont', fontAt, textAt, std.name, std.face);
      }
      // Licensed, but drawing the fourteen faces arrives with the typesetting issue.
      refuse('standardFontNotYet', fontAt, textAt, std.name);
    });
    return { stage: 'licensed', doc: ir.doc, page: ir.page, fonts: ir.fonts, items };
  },
};
