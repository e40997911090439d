// passes/cross-refusals-graphics.ts — pass 2 (cross-refusals), graphics part: combinations that need
// the whole document. Per-declaration ones (overprint with stroke/fill overprint, gradient colours)
// are refused while reading, where the declaration is at hand.
import type { DocSettings } from '../ir/types.js';
import { refuse } from './pass.js';
import { versionAtLeast } from './version.js';

/** spec Versioning 4: "Features requiring a version refuse older declarations: halftone_origin needs 2.0". */
export function graphicsCombinations(doc: DocSettings): void {
  const declared = doc.standards?.declaredVersion;
  if (!doc.graphics || !declared || versionAtLeast(declared.version, '2.0')) return;
  for (const s of doc.graphics.graphicsStates.values()) {
    if (s.halftoneOrigin) refuse('halftoneOriginVersion', s.halftoneOrigin.at, s.halftoneOrigin.at, declared.version);
  }
}
