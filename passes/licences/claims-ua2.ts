// passes/licences/claims-ua2.ts — licence-pass sub-step: what `accessible: "pdfua2"` (ISO 14289-2, on
// PDF 2.0) needs of the description beyond PDF/UA-1's checks (claims.ts), decided once the licence
// covers it (docs/reference.md, "accessible"). Each gap is refused naming the claim and the key: the
// PDF version (2.0: no PDF/A-1 to 3 beside it, no older declared version), the structure's root (a single
// Document, 8.2.5.2), types UA-2 forbids (H 8.2.5.12, Note 8.2.5.14 — FENote instead — and TOCI,
// whose Ref this build does not write, 8.2.5.8), a known language (8.4.4), every destination inside the
// document a structure destination (8.8), every form field described (8.10.2.3: its tooltip becomes
// the widget's /Contents), an annotation's description equal to its element's alt (8.9.4.2), one
// target per Link element (8.2.5.20), and no layer left unprinted (its /AS is not written, 8.7).

import { isField } from '../../ir/form-types.js';
import { refuse } from '../../ir/messages.js';
import { elementsOf } from '../../ir/structure-walk.js';
import type { DocSettings, ResolvedItem } from '../../ir/types.js';
import type { TaggedClaim } from './claims.js';

const MAX_DEPTH = 12;

export function checkPdfUa2(doc: DocSettings, items: readonly ResolvedItem[], c: TaggedClaim): void {
  const std = doc.standards!;
  const setsAside = (at: string, what: string, reason: string): never =>
    refuse('archiveSetsAside', at, { key: c.at, claim: c.claim, what, reason });
  const archive = std.archive;
  if (archive && archive.level.part !== 4)
    setsAside(
      archive.at,
      `archive = "${archive.level.claim}" (PDF/A-${archive.level.part} rests on PDF ${archive.level.part === 1 ? '1.4' : '1.7'})`,
      'PDF/UA-2 rests on PDF 2.0; the archive claim on PDF 2.0 is pdfa4, pdfa4e or pdfa4f',
    );
  const declared = std.declaredVersion;
  if (declared && declared.version !== '2.0')
    setsAside(declared.at, `the declared version ${declared.version}`, 'PDF/UA-2 rests on PDF 2.0');
  const s = doc.structure;
  if (!s) return; // claims.ts has refused it
  const top = s.elements;
  if (top.length !== 1 || top[0].standard !== 'Document')
    refuse('archiveNeeds', s.at, {
      key: c.key,
      claim: c.claim,
      what: 'structure.elements to be a single Document element holding the rest (ISO 14289-2 8.2.5.2)',
    });
  if (s.lang === '')
    setsAside(
      `${s.at}/lang`,
      'structure.lang = "" (the language unknown)',
      'PDF/UA-2 states the natural language of the document (8.4.4)',
    );
  const forbidden: Record<string, string> = {
    H: 'PDF/UA-2 uses numbered headings H1, H2, … only (8.2.5.12)',
    Note: 'PDF/UA-2 writes notes as FENote, the PDF 2.0 type (8.2.5.14)',
    TOCI: 'a TOCI must lead to its target with Ref (8.2.5.8), which this build does not write',
  };
  for (const e of elementsOf(s)) {
    const reason = forbidden[e.standard];
    if (reason) setsAside(`${e.at}/type`, `the structure type "${e.type}" (${e.standard})`, reason);
  }
  // 8.8: a destination inside the document leads to a structure element (a PDF 2.0 structure destination).
  const named = new Map((doc.navigation?.destinations ?? []).map((d) => [d.name, d]));
  const judge = (o: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || o === null || typeof o !== 'object') return;
    if (Array.isArray(o)) {
      for (const x of o) judge(x, depth + 1);
      return;
    }
    if (Object.getPrototypeOf(o) !== Object.prototype) return;
    const t = o as { kind?: unknown; at?: unknown; name?: unknown; view?: unknown; page?: unknown };
    if (t.kind === 'page' && 'view' in t && 'page' in t)
      setsAside(
        String(t.at),
        `the page target at ${String(t.at)}`,
        'PDF/UA-2 leads every destination inside the document to a structure element (8.8); declare a destination with structure_element and name it',
      );
    if (t.kind === 'destination' && typeof t.name === 'string' && !named.get(t.name)?.structureElement)
      setsAside(
        String(t.at),
        `the destination "${t.name}" named at ${String(t.at)}, which has no structure_element`,
        'PDF/UA-2 leads every destination inside the document to a structure element (8.8)',
      );
    for (const v of Object.values(o)) judge(v, depth + 1);
  };
  judge(doc.navigation?.bookmarks, 0);
  judge(doc.navigation?.reader, 0);
  for (const item of items) {
    const it = item as { type: string; target?: unknown; actions?: unknown };
    if (it.type === 'link' || isField(item)) judge(item, 0);
  }
  // 8.9.4.2: an annotation's Contents equals the Alt of the element holding it; 8.2.5.20: a Link
  // element holds links to one place.
  const described = new Map<string, string>();
  const targets = new Map<string, string>();
  for (const item of items) {
    const p = s.placed?.get(item.index);
    if (p?.mode !== 'annotation' || p.owner.standard !== p.element) continue;
    const contents = item.type === 'link' ? item.description : isField(item) ? item.tooltip : undefined;
    const owner = p.owner;
    if (owner.alt !== undefined && contents !== undefined && contents !== owner.alt)
      setsAside(
        `${owner.at}/alt`,
        `the alt of the ${owner.type} element at ${owner.at}, which differs from what ${item.at} says of itself`,
        "PDF/UA-2 wants an annotation's Contents and its element's Alt identical (8.9.4.2); leave out alt",
      );
    if (item.type !== 'link') continue;
    const where = JSON.stringify((item as { target?: unknown }).target ?? null, (k, v) => (k === 'at' ? undefined : v));
    const earlier = targets.get(owner.at);
    if (earlier !== undefined && earlier !== where)
      setsAside(
        item.at,
        `the link at ${item.at}, in the Link element at ${owner.at} beside a link leading elsewhere (${described.get(owner.at)})`,
        'PDF/UA-2 puts links to different places in separate Link elements (8.2.5.20)',
      );
    targets.set(owner.at, where);
    described.set(owner.at, item.at);
  }
  const unprinted = doc.graphics?.layers.find((l) => !l.printable);
  if (unprinted)
    setsAside(
      `${unprinted.at}/printable`,
      `the layer "${unprinted.name}" not printed`,
      'PDF/UA-2 sets the automatic print state (/AS) aside (8.7), and the layer rests on it',
    );
  // 8.10.2.3: a widget says what it is for (its tooltip, written as /Contents too).
  for (const item of items)
    if (isField(item) && item.tooltip === undefined)
      refuse('archiveNeeds', item.at, {
        key: c.key,
        claim: c.claim,
        what: `a tooltip on the form field at ${item.at} (ISO 14289-2 8.10.2.3: the widget's Contents)`,
      });
}
