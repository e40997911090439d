// passes/emit/navigation/links.ts — emit sub-step: link annotations (ISO 32000-1 §12.5.6.5). One /Link
// annotation per laid-out link on a page, in drawing order, listed in the page's /Annots: /Rect in
// page space (and /QuadPoints when turned), the target as /Dest or /A, the border as /BS (width,
// solid or dashed) and /C, the highlight mode /H, /Contents from `description`, and the print
// flag (/F 4), which PDF/A asks of every annotation and harms no other reader. A link on a layer
// names the layer's optional content group in /OC (§8.11.3.3, PDF 1.5): it shows, prints and
// answers clicks only while the layer is on.
import type { PDFRef } from 'pdf-lib';
import type { LaidOutLink } from '../../../ir/navigation-types.js';
import { round as r3, type TargetContext, targetEntries, textString } from './destinations.js';

const HIGHLIGHT = { none: 'N', invert: 'I', outline: 'O', push: 'P' } as const;
/** Annotation flag bit 3, Print (Table 165). */
const PRINT_FLAG = 4;

export function emitLinks(
  tc: TargetContext,
  links: readonly LaidOutLink[],
  page: PDFRef,
  ocg?: (layer: string) => PDFRef,
): PDFRef[] {
  return links.map((l) => {
    const bs: Record<string, unknown> = { Type: 'Border', W: r3(l.border.width), S: l.border.dash ? 'D' : 'S' };
    if (l.border.dash) bs.D = l.border.dash.map(r3);
    const d: Record<string, unknown> = {
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [l.rect.llx, l.rect.lly, l.rect.urx, l.rect.ury].map(r3),
      P: page,
      F: PRINT_FLAG,
      BS: bs,
      H: HIGHLIGHT[l.highlight],
      ...targetEntries(tc, l.target),
    };
    if (l.quad) d.QuadPoints = l.quad.map(r3);
    if (l.border.color) d.C = (l.border.color as { c: number[] }).c.map(r3); // device colours only (ir/schema/navigation.ts)
    if (l.description !== undefined) d.Contents = textString(l.description);
    if (l.layer !== undefined) d.OC = ocg!(l.layer);
    return tc.context.register(tc.context.obj(d as never));
  });
}
