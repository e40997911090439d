// src/verify-step.ts — the step after emission (spec architecture: "A built-in verifier then produces
// findings"): measures the bytes just emitted against the standards the request names in `check`, plus
// the archival standard it claims in `archive`, and returns the findings for the outcome. It never
// changes the PDF nor the status: a finding is a report, not a refusal.

import type { Finding } from '../ir/diagnostics.js';
import type { DocSettings, Emitted } from '../ir/types.js';
import { flavourOf, verifyEmitted } from '../verifier/index.js';

/**
 * Which standards a render is measured against (decision, docs/reference.md "check"): every string of
 * `check`, then the `archive` claim and the `accessible` claim when the request makes them, each once.
 */
export function standardsToMeasure(doc: DocSettings): string[] {
  const out = [...(doc.check ?? [])];
  // The claim as the request spelled it (ir/read/standards.ts keeps it in doc.standards.archive).
  const archive = doc.standards?.archive?.level.claim;
  if (typeof archive === 'string') {
    const name = flavourOf(archive) ? archive : archive.replace(/^(pdfa[123])a$/, '$1b');
    if (flavourOf(name)) out.push(name);
  }
  const accessible = doc.standards?.accessible?.claim;
  if (accessible && flavourOf(accessible)) out.push(accessible);
  return [...new Set(out)];
}

export function findingsOf(emitted: Emitted, doc: DocSettings): Finding[] {
  const standards = standardsToMeasure(doc);
  if (standards.length === 0 || !emitted.context) return [];
  return verifyEmitted(emitted.pdf, emitted.context, standards);
}
