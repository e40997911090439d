// passes/licences/licences.ts — pass 3 of 7: licence gating. A 402 is decided here, before pagination and
// layout spend any work (spec Errors, 402 cases: "text set in a font without outlines (the fourteen
// standard fonts, a font whose glyphs are drawings, a Type 1 program)"). The item's text pointer and
// the font's name are in the sentence. ResolvedIr → LicensedIr: what leaves this pass needs no
// further licence decision.

import { StandardFace } from '../../engines/fonts/standard-face.js';
import { storyFonts } from '../../engines/text/story.js';
import { pushAll } from '../../ir/bounded.js';
import { isField } from '../../ir/form-types.js';
import { formItems } from '../../ir/graphics-types.js';
import { refuse } from '../../ir/messages.js';
import type { FontResource, LicensedIr, ResolvedIr } from '../../ir/types.js';
import type { Pass, PassContext } from '../pass.js';
import { checkTaggedClaim, taggedClaims } from './claims.js';
import { fontWithoutOutlines } from './fonts.js';
import { checkImportedWords } from './supplied.js';

export const licences: Pass<ResolvedIr, LicensedIr> = {
  id: 'licences',
  run(ir: ResolvedIr, ctx: PassContext): LicensedIr {
    const large = ctx.client.features.has('large_imported_pages');
    // Templates are imported pages too: their words count the same way (docs/reference.md, "Supplied PDFs").
    if (ir.doc.templates && ir.doc.templateSource && !large) {
      const t = ir.doc.templates;
      for (const key of ['first', 'middle', 'last'] as const) {
        const n = t[key];
        if (n !== null) checkImportedWords(ir.doc.templateSource, n, `${t.at}/${key}`, t.part.at);
      }
    }
    for (const item of ir.items)
      if (item.type === 'imported_page' && !large)
        checkImportedWords(item.source, item.page, item.pageAt, item.part.at);
    // spec Errors 402: "a claim of accessibility, or of archiving at the level resting on saying what
    // marks stand for". Licensed, what the claim needs of the description is checked next
    // (passes/licences/claims.ts, and claims-ua2.ts for PDF/UA-2).
    for (const tagged of taggedClaims(ir.doc)) {
      if (!ctx.client.features.has('tagging'))
        refuse('needsLicenceTagging', tagged.at, { key: tagged.at, claim: tagged.claim });
      checkTaggedClaim(ir.doc, [...ir.items, ...(formItems(ir.doc.graphics) as typeof ir.items)], tagged);
    }
    // spec Errors, 402: "a destination leading to an element of the structure tree" (written as a
    // PDF 2.0 structure destination beside its page destination: passes/emit/navigation).
    for (const d of ir.doc.navigation?.destinations ?? []) {
      if (!d.structureElement) continue;
      if (!ctx.client.features.has('structure_destinations'))
        refuse('needsLicenceStructureDestination', d.structureElement.at, { destination: d.name, at: d.at });
    }
    if (!ctx.client.features.has('fonts_without_outlines')) {
      // A drawing's and a tiling cell's text is set in its fonts as a page's is: the same rules.
      const drawn = [...ir.items, ...(formItems(ir.doc.graphics) as typeof ir.items)];
      for (const item of drawn) {
        if (item.type !== 'text' && item.type !== 'flow' && item.type !== 'text_path') continue;
        const textAt = item.type === 'flow' ? item.contentAt : `${item.at}/content`;
        // The block's font, then each styled run's own (a run in a standard font needs the same licence).
        const uses: { fontRes: FontResource; at: string }[] = [{ fontRes: item.fontRes, at: item.font.at }];
        if (item.type === 'text' || item.type === 'text_path')
          for (const r of item.runs)
            if (r.style?.fontRes) uses.push({ fontRes: r.style.fontRes, at: r.style.font?.at ?? item.font.at });
        if (item.type === 'flow') pushAll(uses, storyFonts(item));
        for (const use of uses) {
          const hit = fontWithoutOutlines(use.fontRes);
          if (!hit) continue;
          if (hit.face instanceof StandardFace)
            refuse('needsLicenceStandardFont', use.at, { at: textAt, font: hit.res.name, face: hit.face.face });
          const what = hit.face.kind === 'type1' ? 'a Type 1 program' : 'a Type 3 font, whose glyphs are drawings';
          refuse('needsLicenceFont', use.at, { at: textAt, font: hit.res.name, kind: what });
        }
      }
      // A form field's text (value, options, caption) is set in its font the same way (passes/names/forms.ts).
      for (const item of ir.items) {
        if (!('fontRes' in item) || !isField(item) || !item.fontRes) continue;
        const hit = fontWithoutOutlines(item.fontRes);
        if (!hit) continue;
        const at = item.font?.at ?? item.at;
        if (hit.face instanceof StandardFace)
          refuse('needsLicenceStandardFont', at, { at: item.at, font: hit.res.name, face: hit.face.face });
        refuse('needsLicenceFont', at, {
          at: item.at,
          font: hit.res.name,
          kind: hit.face.kind === 'type1' ? 'a Type 1 program' : 'a Type 3 font, whose glyphs are drawings',
        });
      }
      // Human-readable code text in a declared font: the same rule, naming its `font` key.
      for (const item of drawn) {
        if ((item.type !== 'code128' && item.type !== 'ean13') || !item.text?.font || !item.text.fontRes) continue;
        const hit = fontWithoutOutlines(item.text.fontRes);
        if (!hit) continue;
        if (hit.face instanceof StandardFace)
          refuse('needsLicenceStandardFont', item.text.font.at, {
            at: item.text.at,
            font: hit.res.name,
            face: hit.face.face,
          });
        refuse('needsLicenceFont', item.text.font.at, {
          at: item.text.at,
          font: hit.res.name,
          kind: hit.face.kind === 'type1' ? 'a Type 1 program' : 'a Type 3 font, whose glyphs are drawings',
        });
      }
      // A table's text cells: the same rule, naming the first cell set in such a font and its font key.
      for (const item of drawn) {
        if (item.type !== 'table') continue;
        for (const res of item.fontRes.values()) {
          const hit = fontWithoutOutlines(res);
          if (!hit) continue;
          const cells = item.rows.flatMap((r) => r.cells);
          const cell = cells.find(
            (c) => c.style.font.name === res.name && (c.content.kind === 'text' || c.content.kind === 'flow'),
          );
          // Else a styled run names it (table cells take runs as a text item's content).
          const run = cell
            ? undefined
            : cells
                .flatMap((c) => (c.content.kind === 'text' ? (c.content.runs ?? []) : [])) // a bare-string cell has no run style
                .find((r) => r.style?.font?.name === res.name)!;
          const at = cell ? cell.style.font.at : run!.style!.font!.at;
          const where = cell ? cell.at : run!.at;
          if (hit.face instanceof StandardFace)
            refuse('needsLicenceStandardFont', at, { at: where, font: hit.res.name, face: hit.face.face });
          refuse('needsLicenceFont', at, {
            at: where,
            font: hit.res.name,
            kind: hit.face.kind === 'type1' ? 'a Type 1 program' : 'a Type 3 font, whose glyphs are drawings',
          });
        }
      }
    }
    return { stage: 'licensed', doc: ir.doc, page: ir.page, fonts: ir.fonts, items: ir.items };
  },
};
