// passes/licences/claims.ts — licence-pass sub-step: what a claim resting on tagging (archive
// pdfa1a/2a/3a, accessible pdfua1/pdfua2) needs of the description, decided once the licence covers it
// (docs/reference.md, "structure" and "accessible"). This build never writes a claim the file does
// not meet, so each gap is refused naming the claim and the key: the structure itself, a title for
// PDF/UA (ISO 14289-1 7.1: the reader shows it), alt on every Figure and Formula (PDF/UA 7.3), every
// link named in the structure (7.18.1) with a description (7.18.5), no text in a standard font (its
// program is not embedded); under PDF/UA also headings in order, the language, what tables and lists
// hold, the title shown and the tab order (uaCombinations).

import { StandardFace } from '../../engines/fonts/standard-face.js';
import { storyFonts } from '../../engines/text/story.js';
import { pushAll } from '../../ir/bounded.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { StructElementSpec } from '../../ir/structure-types.js';
import { ANNOTATION_ELEMENT, elementsOf, kidTypes } from '../../ir/structure-walk.js';
import type { DocSettings, FontResource, ResolvedItem } from '../../ir/types.js';
import { checkPdfUa2 } from './claims-ua2.js';
import { fontWithoutOutlines } from './fonts.js';

export interface TaggedClaim {
  at: JsonPointer;
  key: 'archive' | 'accessible';
  claim: string;
}

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
  if (!s)
    refuse('archiveNeeds', c.at, {
      key: c.key,
      claim: c.claim,
      what: "structure (the document's structure in reading order)",
    });
  const ua = c.key === 'accessible';
  if (ua && doc.standards?.metadata?.title === undefined)
    refuse('archiveNeeds', c.at, {
      key: c.key,
      claim: c.claim,
      what: 'metadata.title (a PDF/UA reader shows the title, not the file name)',
    });
  for (const e of elementsOf(s)) {
    if ((e.standard === 'Figure' || e.standard === 'Formula') && e.alt === undefined && e.actualText === undefined) {
      refuse('claimNeedsAlt', e.at, { key: c.key, claim: c.claim, type: e.type, at: e.at });
    }
  }
  if (ua) uaCombinations(doc, c);
  if (c.claim === 'pdfua2') checkPdfUa2(doc, items, c);
  // Every font program embedded (PDF/A 6.3.4 / 6.2.11.4.1, PDF/UA-1 7.21.4.1): a standard font is not.
  for (const item of items) {
    for (const res of fontsOf(item)) {
      const hit = fontWithoutOutlines(res);
      if (hit && hit.face instanceof StandardFace)
        refuse('archiveSetsAside', item.at, {
          key: c.at,
          claim: c.claim,
          what: `the standard font "${hit.res.name}" (${hit.face.face}) used at ${item.at}`,
          reason: 'every font program is embedded, and the fourteen standard fonts have none',
        });
    }
  }
  for (const item of items) {
    // Every annotation stands in the tree (PDF/UA-1 7.18.1); a link says what it is (7.18.5).
    if (ANNOTATION_ELEMENT[item.type] && !s.placed?.has(item.index))
      refuse('claimNeedsLinkTagged', item.at, { key: c.key, claim: c.claim, at: item.at, type: item.type });
    if (item.type === 'link' && ua && !item.description)
      refuse('claimNeedsLinkDescription', item.at, { key: c.key, claim: c.claim, at: item.at });
  }
}

/**
 * PDF/UA-1 beyond level A: headings (7.4.2: the first numbered heading is H1 and a descending
 * sequence skips no level; 7.4.4: at most one H per element, H and H1–H6 not both), the title shown
 * (7.1: `reader.display_doc_title` may not be false), pages tabbed in structure order (7.18.3).
 */
/** What some elements may hold (PDF/UA-1 7.2 after ISO 32000-1 Tables 336–337; veraPDF 7.2 t03, t19, t20, t27). */
const MAY_HOLD: Partial<Record<string, readonly string[]>> = {
  Table: ['TR', 'THead', 'TBody', 'TFoot', 'Caption'],
  THead: ['TR'],
  TBody: ['TR'],
  TFoot: ['TR'],
  TR: ['TH', 'TD'],
  L: ['L', 'LI', 'Caption'],
  LI: ['Lbl', 'LBody'],
  TOC: ['TOC', 'TOCI', 'Caption'],
};

function uaCombinations(doc: DocSettings, c: TaggedClaim): void {
  const s = doc.structure!;
  if (s.lang === undefined)
    refuse('archiveNeeds', c.at, {
      key: c.key,
      claim: c.claim,
      what: 'structure.lang (the natural language of the text, PDF/UA-1 7.2)',
    });
  for (const e of elementsOf(s)) {
    const allowed = MAY_HOLD[e.standard];
    if (!allowed) continue;
    const bad = kidTypes(e, s.placed).filter((t) => !allowed.includes(t));
    if (bad.length)
      refuse('claimChildren', e.at, {
        key: c.key,
        claim: c.claim,
        type: e.type,
        at: e.at,
        allowed: allowed.join(', '),
        found: [...new Set(bad)].join(', '),
      });
  }
  const headings = (e: StructElementSpec) =>
    /^H[1-6]$/.test(e.standard) ? Number(e.standard[1]) : e.standard === 'H' ? 0 : undefined;
  let level: number | undefined;
  let sawH: StructElementSpec | undefined;
  let sawHn: StructElementSpec | undefined;
  for (const e of elementsOf(s)) {
    const h = headings(e);
    const hs = e.children.filter((k) => 'type' in k && k.standard === 'H');
    if (hs.length > 1)
      refuse('claimHeadings', (hs[1] as StructElementSpec).at, {
        key: c.key,
        claim: c.claim,
        type: 'H',
        at: (hs[1] as StructElementSpec).at,
        problem: `is a second H in the element at ${e.at}; an element holds one H`,
      });
    if (h === undefined) continue;
    if (h === 0) sawH = e;
    else sawHn = e;
    if (sawH && sawHn)
      refuse('claimHeadings', e.at, {
        key: c.key,
        claim: c.claim,
        type: e.type,
        at: e.at,
        problem: 'mixes H with H1–H6; use one kind of heading',
      });
    if (h === 0) continue;
    if (level === undefined && h !== 1)
      refuse('claimHeadings', e.at, {
        key: c.key,
        claim: c.claim,
        type: e.type,
        at: e.at,
        problem: 'is the first numbered heading; it must be H1',
      });
    if (level !== undefined && h > level + 1)
      refuse('claimHeadings', e.at, {
        key: c.key,
        claim: c.claim,
        type: e.type,
        at: e.at,
        problem: `follows H${level}, skipping a level`,
      });
    level = h;
  }
  const reader = doc.navigation?.reader;
  if (reader?.displayDocTitle === false)
    refuse('archiveSetsAside', `${reader.at}/display_doc_title`, {
      key: c.at,
      claim: c.claim,
      what: 'reader.display_doc_title = false',
      reason: "a PDF/UA reader shows the document's title",
    });
  for (const t of doc.pageSettings?.tabOrders.values() ?? []) {
    const at = t.at.replace(/\/page$/, '/order');
    if (t.value !== 'structure')
      refuse('archiveSetsAside', at, {
        key: c.at,
        claim: c.claim,
        what: `the tab order "${t.value}" at ${at}`,
        reason: 'PDF/UA tabs through annotations in structure order',
      });
  }
}

/** The fonts an item sets text in: its own, its runs', a table's cells', a code's text. */
function fontsOf(item: ResolvedItem): FontResource[] {
  const out: FontResource[] = [];
  const it = item as {
    fontRes?: FontResource | Map<string, FontResource>;
    runs?: { style?: { fontRes?: FontResource } }[];
    text?: { fontRes?: FontResource };
  };
  if (it.fontRes instanceof Map) pushAll(out, it.fontRes.values());
  else if (it.fontRes) out.push(it.fontRes);
  for (const r of it.runs ?? []) if (r.style?.fontRes) out.push(r.style.fontRes);
  if (it.text && typeof it.text === 'object' && it.text.fontRes) out.push(it.text.fontRes);
  if (item.type === 'flow') for (const u of storyFonts(item)) out.push(u.fontRes);
  return out;
}
