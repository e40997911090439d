// passes/licences.ts — pass 3 of 7: licence gating. A 402 is decided here, before pagination and
// layout spend any work (spec Errors, 402 cases: "text set in a font without outlines (the fourteen
// standard fonts, …)"). The item's text pointer and the font's name are in the sentence.
// ResolvedIr → LicensedIr: what leaves this pass needs no further licence decision.
import type { LicensedIr, LicensedItem, ResolvedIr } from '../ir/types.js';
import { refuse, type Pass, type PassContext } from './pass.js';
import { checkImportedWords, remarkAnnotations } from './supplied/licence.js';

export { LICENCE_FEATURES, type LicenceFeature } from '../src/licence/licence.js';

export const licences: Pass<ResolvedIr, LicensedIr> = {
  id: 'licences',
  run(ir: ResolvedIr, ctx: PassContext): LicensedIr {
    const large = ctx.client.features.has('large_imported_pages');
    remarkAnnotations(ir, ctx);
    // Templates are imported pages too: their words count the same way (docs/reference.md, "Supplied PDFs").
    if (ir.doc.templates && ir.doc.templateSource && !large) {
      const t = ir.doc.templates;
      for (const key of ['first', 'middle', 'last'] as const) {
        const n = t[key];
        if (n !== null) checkImportedWords(ir.doc.templateSource, n, `${t.at}/${key}`, t.part.at);
      }
    }
    const items: LicensedItem[] = ir.items.map((item) => {
      if (item.type === 'imported_page') {
        if (!large) checkImportedWords(item.source, item.page, item.pageAt, item.part.at);
        return item;
      }
      if (item.type === 'table' && item.standard) {
        // A table cell set in a standard font: the same rule as a text item, naming the cell's font key.
        const { at, decl } = item.standard;
        if (!ctx.client.features.has('fonts_without_outlines')) refuse('needsLicenceStandardFont', at, at, decl.name, decl.face);
        refuse('standardFontNotYet', at, at, decl.name);
      }
      if (item.type !== 'text' || !item.standard) return item as LicensedItem;
      const textAt = `${item.at}/content`;
      if (!ctx.client.features.has('fonts_without_outlines')) {
        refuse('needsLicenceStandardFont', item.font.at, textAt, item.standard.name, item.standard.face);
      }
      // Licensed, but drawing the fourteen faces arrives with the typesetting issue.
      refuse('standardFontNotYet', item.font.at, textAt, item.standard.name);
    });
    return { stage: 'licensed', doc: ir.doc, page: ir.page, fonts: ir.fonts, items };
  },
};
