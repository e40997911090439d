// engines/fonts/embedding.ts — the fact "this font forbids its own embedding" (OS/2 fsType: restricted
// licence, no subsetting while we subset, bitmap only), kept apart from which standard forbids it
// (design.md: krilla's split between facts and `Archival::prohibits`). dedupe turns the fact into the
// spec's remark; an archive claim refuses it (`refuseForbiddenEmbedding` below, called by the cross-refusals pass).

import { refuse } from '../../ir/messages.js';
import type { FontResource } from '../../ir/types.js';
import { Face } from './face.js';
import { programOf } from './styled-font.js';

export interface EmbeddingFact {
  /** The request's name for the font, and where it is declared. */
  name: string;
  at: string;
  /** The font's own name (PostScript name). */
  ownName: string;
}

/**
 * Declared fonts (under `fonts`) whose OS/2 fsType forbids what we do with them (embedding at all,
 * subsetting when the font is subset, outlines when only bitmaps may be embedded), in declaration
 * order. Variants and simple fonts built on them are not listed again.
 */
export function fontsForbiddingEmbedding(fonts: ReadonlyMap<string, FontResource>): EmbeddingFact[] {
  const out: EmbeddingFact[] = [];
  for (const res of fonts.values()) {
    if (res.basedOn) continue;
    const face = programOf(res.face);
    if (face instanceof Face && face.embeddingForbidden(res.keep?.kind === 'all'))
      out.push({ name: res.name, at: res.at, ownName: face.ownName });
  }
  return out;
}

/**
 * Refuses (400) the first font that forbids its own embedding, for a claimed standard that requires
 * every font to be legally embedded (PDF/A: ISO 19005-1 6.3.5, 19005-2/-3 6.2.11.4.1, 19005-4
 * 6.2.10.4.1 — "font programs … shall be embedded" and "legally embeddable … for universal
 * rendering"). `standard` is the claim as the request spells it (e.g. "pdfa2b").
 */
export function refuseForbiddenEmbedding(fonts: ReadonlyMap<string, FontResource>, standard: string): void {
  const hit = fontsForbiddingEmbedding(fonts)[0];
  if (hit) refuse('embeddingForbiddenByStandard', hit.at, { face: hit.ownName, font: hit.name, standard });
}
