// passes/cross-refusals/cross-refusals.ts — pass 2 of 7: contradictory combinations, each refused by name
// (spec Conventions, "Contradictory combinations"). Runs after names so a combination involving a
// declaration can see it resolved; runs before anything is measured or drawn.

import { type3GlyphItems } from '../../engines/fonts/type3-face.js';
import { formItems } from '../../ir/graphics-types.js';
import { refuse } from '../../ir/messages.js';
import { at } from '../../ir/pointer.js';
import type { FlowItem, ResolvedIr, ResolvedItem } from '../../ir/types.js';
import { requireVersion } from '../../ir/version.js';
import type { Pass, PassContext } from '../pass.js';
import { checkFonts } from './fonts.js';
import { fieldCombinations } from './forms.js';
import { featureVersions, graphicsCombinations } from './graphics.js';
import { checkSecurity, checkSigning } from './security.js';
import { checkStandards } from './standards.js';
import { checkPdf2Types, checkStructureDestinations, resolveStructure } from './structure.js';

export const crossRefusals: Pass<ResolvedIr, ResolvedIr> = {
  id: 'cross-refusals',
  run(ir: ResolvedIr, ctx: PassContext): ResolvedIr {
    // A drawing's and a tiling cell's items are checked as a page's are (they are drawn the same way).
    const drawn = [...ir.items, ...(formItems(ir.doc.graphics) as ResolvedItem[])];
    for (const item of drawn) {
      // spec, common keys: "transform … Refused together with rotate".
      if (item.transformAt && item.rotateAt)
        refuse('transformWithRotate', item.rotateAt, { key: item.transformAt, other: item.rotateAt });
      if (item.type === 'flow') flowCombinations(item);
      // spec Conventions: "a link with both a short target and a full action".
      if (item.type === 'link' && item.conflict)
        refuse('targetTwice', item.conflict[1], { key: item.conflict[0], other: item.conflict[1] });
      if (item.type === 'link' && item.graphicsState)
        refuse('linkGraphicsState', item.graphicsState.at, { at: item.graphicsState.at });
      // An annotation's /OC is PDF 1.5 (ISO 32000-1 Table 164).
      if (item.type === 'link' && item.layer) requireVersion(ir.doc, '1.5', item.layer.at, 'layer on a link');
      // Form fields: a push button's two targets; a click action under an archive claim (passes/cross-refusals/forms.ts).
      fieldCombinations(item, ir.doc);
    }
    // The same for bookmarks, go_to actions and reader.open_on (ir/read/navigation.ts records them).
    const twice = ir.doc.navigation?.conflicts[0];
    if (twice) refuse('targetTwice', twice[1], { key: twice[0], other: twice[1] });
    // archive, version, output_intent, invoice, attachments, collection (passes/cross-refusals/standards.ts).
    // versions the declared features need come before the ones every document needs (Flate, CID
    // text), so a refusal names the most particular reason
    featureVersions(ir.doc);
    // Type 3 glyphs' shapes are items too (their own transform/rotate; the colours d0 glyphs paint).
    for (const item of type3GlyphItems(ir.fonts))
      if (item.transformAt && item.rotateAt)
        refuse('transformWithRotate', item.rotateAt, { key: item.transformAt, other: item.rotateAt });
    checkStandards(ir.doc, [...drawn, ...(type3GlyphItems(ir.fonts, true) as ResolvedItem[])], ctx, ir.page);
    graphicsCombinations(ir.doc);
    // Fonts: the version their objects need; what an archive claim refuses (passes/cross-refusals/fonts.ts).
    checkFonts(ir);
    // structure: the items its elements name, each once (passes/cross-refusals/structure.ts).
    resolveStructure(ir.doc.structure, ir.items);
    // structure_element on a destination: PDF 2.0 only (passes/cross-refusals/structure.ts).
    checkStructureDestinations(ir.doc);
    // PDF 2.0's own structure types: under accessible pdfua2 only (passes/cross-refusals/structure.ts).
    checkPdf2Types(ir.doc);
    // encryption beside archive and accessible claims and the declared version (passes/cross-refusals/security.ts).
    checkSecurity(ir.doc);
    checkSigning(ir.doc, ir.items);
    return ir;
  },
};

/** Keys written beside `hanging_list` that it sets itself (spec: flow, "Refused combinations"). */
const HANGING_LIST_EXCLUDES = ['left_indent', 'first_line_indent', 'tabs.method', 'tabs.ruler'] as const;

/** spec, flow: "hanging_list with left_indent, first_line_indent, tabs.method or tabs.ruler; fill_leading with leading". */
function flowCombinations(item: FlowItem): void {
  const ptr = (key: string) => at(item.at, ...key.split('.'));
  if (item.given.has('hanging_list')) {
    for (const key of HANGING_LIST_EXCLUDES) {
      if (item.given.has(key)) refuse('hangingListWith', ptr(key), { key: ptr('hanging_list'), other: ptr(key) });
    }
  }
  if (item.given.has('fill_leading') && item.given.has('leading'))
    refuse('fillLeadingWithLeading', ptr('leading'), { key: ptr('fill_leading'), other: ptr('leading') });
}
