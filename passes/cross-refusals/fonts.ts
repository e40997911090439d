// passes/cross-refusals/fonts.ts — cross-refusals of the fonts area (called by passes/cross-refusals/cross-refusals.ts):
// the PDF version each declared font's objects need (every declared font is written, drawn with or
// not), and what an archive claim sets aside. Every PDF/A part requires every font's program embedded (ISO 19005-1
// 6.3.4, 19005-2/-3 6.2.11.4.1, 19005-4 6.2.10.4.1) and legally so. So a claim refuses a standard font
// (the fourteen are never embedded: this service holds no licence-compatible, metric-compatible
// program to embed in their place) and a font whose OS/2 fsType forbids its embedding
// (engines/fonts/embedding.ts). Declared fonts are written even when nothing draws with them, so the
// declaration alone is refused.

import { refuseForbiddenEmbedding } from '../../engines/fonts/embedding.js';
import type { StandardFace } from '../../engines/fonts/standard-face.js';
import { programOf } from '../../engines/fonts/styled-font.js';
import { refuse } from '../../ir/messages.js';
import type { ResolvedIr } from '../../ir/types.js';
import { requireVersion } from '../../ir/version.js';

/** Every font check of the cross-refusals pass. */
export function checkFonts(ir: ResolvedIr): void {
  checkFontVersions(ir);
  checkArchiveFonts(ir);
}

/**
 * The version each declared font's objects need (ISO 32000-1): ToUnicode, FontFile3 /Type1C and a
 * Type 3 font's own Resources PDF 1.2 (§9.10.3, §9.9 Table 126, §9.6.5 Table 112); a Type 0 font
 * over a CIDFont (TrueType or CFF faces under `fonts`, their variants) PDF 1.3 (§9.7).
 */
function checkFontVersions(ir: ResolvedIr): void {
  for (const res of ir.fonts.values()) {
    const kind = programOf(res.face).kind;
    if (kind === 'chain') continue; // written as its members
    requireVersion(
      ir.doc,
      '1.2',
      res.at,
      `the font "${res.name}" (its ToUnicode map${kind === 'type3' ? ' and the Resources of its glyphs' : kind === 'simple' ? ' and, over CFF outlines, its Type1C program' : ''})`,
    );
    if (kind === 'cid')
      requireVersion(ir.doc, '1.3', res.at, `the font "${res.name}", written as a Type 0 font over a CIDFont`);
  }
}

function checkArchiveFonts(ir: ResolvedIr): void {
  const archive = ir.doc.standards?.archive;
  if (!archive) return;
  for (const res of ir.fonts.values()) {
    if (res.basedOn) continue; // a variant over a standard font is refused through that font
    const face = programOf(res.face);
    if (face.kind === 'standard') {
      const std = face as StandardFace;
      refuse('archiveFontNotEmbedded', res.at, {
        key: archive.at,
        claim: archive.level.claim,
        font: res.name,
        at: res.at,
        kind: `the standard font ${std.baseFont}`,
      });
    }
  }
  refuseForbiddenEmbedding(ir.fonts, archive.level.claim);
}
