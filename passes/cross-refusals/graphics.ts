// passes/cross-refusals/graphics.ts — pass 2 (cross-refusals), graphics part: combinations that need
// the whole document. Per-declaration ones (overprint with stroke/fill overprint, gradient colours)
// are refused while reading, where the declaration is at hand.

import { refuse } from '../../ir/messages.js';
import type { DocSettings } from '../../ir/types.js';
import { requireVersion, versionAtLeast } from '../../ir/version.js';

/** spec Versioning 4: "Features requiring a version refuse older declarations: halftone_origin needs 2.0". */
export function graphicsCombinations(doc: DocSettings): void {
  const declared = doc.standards?.declaredVersion;
  if (!doc.graphics || !declared || versionAtLeast(declared.version, '2.0')) return;
  for (const s of doc.graphics.graphicsStates.values()) {
    if (s.halftoneOrigin)
      refuse('halftoneOriginVersion', s.halftoneOrigin.at, { at: s.halftoneOrigin.at, version: declared.version });
  }
}

/**
 * The PDF versions graphics and page features need (spec Versioning 4; ISO 32000-1 Table 3 and the
 * sections introducing them): a declared layer writes optional content (PDF 1.5), a tiling a
 * pattern (1.2), a gradient a shading (1.3), a page's tab order the page's /Tabs entry (1.5).
 * Declarations are written even when nothing draws with them, so each declaration needs its version.
 */
export function featureVersions(doc: DocSettings): void {
  const g = doc.graphics;
  const layer = g?.layers[0];
  if (layer) requireVersion(doc, '1.5', layer.at, 'a layer (optional content)');
  for (const t of g?.tilings.values() ?? []) requireVersion(doc, '1.2', t.at, `the tiling "${t.name}" (a pattern)`);
  for (const s of g?.shadings.values() ?? []) requireVersion(doc, '1.3', s.at, `the shading "${s.name}"`);
  for (const t of doc.pageSettings?.tabOrders.values() ?? [])
    requireVersion(doc, '1.5', t.at, "a page tab order (the page's /Tabs)");
}
