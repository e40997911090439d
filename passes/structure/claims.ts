// passes/structure/claims.ts — licence-pass sub-step: what a claim resting on tagging (archive
// pdfa1a/2a/3a, accessible pdfua1) needs of the description, decided once the licence covers it
// (docs/reference.md, "structure" and "accessible"). This build never writes a claim the file does
// not meet, so each gap is refused naming the claim and the key: the structure itself, a title for
// PDF/UA (ISO 14289-1 7.1: the reader shows it), alt on every Figure and Formula (PDF/UA 7.3), every
// link named in the structure (7.18.1) with a description (7.18.5).
import type { JsonPointer } from '../../ir/pointer.js';
import type { ResolvedItem, DocSettings } from '../../ir/types.js';
import { refuse } from '../pass.js';
import { elementsOf } from './resolve.js';

export interface TaggedClaim { at: JsonPointer; key: 'archive' | 'accessible'; claim: string }

/** The claims of a description that rest on tagging, archive first. */
export function taggedClaims(doc: DocSettings): TaggedClaim[] {
  const std = doc.standards;
  const out: TaggedClaim[] = [];
  if (std?.archive?.level.tagged) out.push({ at: std.archive.at, key: 'archive', claim: std.archive.level.claim });
  if (std?.accessible) out.push({ at: std.accessible.at, key: 'accessible', claim: std.accessible.claim });
  return out;
}

export function checkTaggedClaim(doc: DocSettings, items: readonly ResolvedItem[], c: TaggedClaim): void {
  const s = doc.structure;
  if (!s) refuse('archiveNeeds', c.at, c.key, c.claim, "structure (the document's structure in reading order)");
  const ua = c.key === 'accessible';
  if (ua && doc.standards?.metadata?.title === undefined) refuse('archiveNeeds', c.at, c.key, c.claim, 'metadata.title (a PDF/UA reader shows the title, not the file name)');
  for (const e of elementsOf(s)) {
    if ((e.standard === 'Figure' || e.standard === 'Formula') && e.alt === undefined && e.actualText === undefined) {
      refuse('claimNeedsAlt', e.at, c.key, c.claim, e.type, e.at);
    }
  }
  for (const item of items) {
    if (item.type !== 'link') continue;
    if (!s.placed?.has(item.index)) refuse('claimNeedsLinkTagged', item.at, c.key, c.claim, item.at);
    if (ua && !item.description) refuse('claimNeedsLinkDescription', item.at, c.key, c.claim, item.at);
  }
}
