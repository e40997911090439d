// passes/fonts/archive-fonts.ts — cross-refusals of the fonts area against an archive claim (called
// by passes/cross-refusals.ts): every PDF/A part requires every font's program embedded (ISO 19005-1
// 6.3.4, 19005-2/-3 6.2.11.4.1, 19005-4 6.2.10.4.1) and legally so. So a claim refuses a standard font
// (the fourteen are never embedded: this service holds no licence-compatible, metric-compatible
// program to embed in their place) and a font whose OS/2 fsType forbids its embedding
// (passes/fonts/embedding.ts). Declared fonts are written even when nothing draws with them, so the
// declaration alone is refused.
import type { ResolvedIr } from '../../ir/types.js';
import { refuse } from '../pass.js';
import { refuseForbiddenEmbedding } from './embedding.js';
import { programOf } from './styled-font.js';
import type { StandardFace } from './standard-face.js';

export function checkArchiveFonts(ir: ResolvedIr): void {
  const archive = ir.doc.standards?.archive;
  if (!archive) return;
  for (const res of ir.fonts.values()) {
    if (res.basedOn) continue; // a variant over a standard font is refused through that font
    const face = programOf(res.face);
    if (face.kind === 'standard') {
      const std = face as StandardFace;
      refuse('archiveFontNotEmbedded', res.at, archive.at, archive.level.claim, res.name, res.at, `the standard font ${std.baseFont}`);
    }
  }
  refuseForbiddenEmbedding(ir.fonts, archive.level.claim);
}
