// verifier/index.ts — the built-in verifier: `verify(bytes, standards)` loads any PDF (the one just
// emitted, a supplied template, any file), runs every check once to collect facts, then binds the facts
// to each standard asked for and returns its findings, sorted by (standard, clause, test) and without
// duplicates. It never changes the PDF; the render pipeline runs it after emission (src/verify-step.ts).

import type { PDFContext } from 'pdf-lib';
import { type AttachmentBudget, MAX_ATTACHMENTS_VERIFIED, verifyAttachments } from './attachments.js';
import type { Check, CheckContext } from './checks/check.js';
import { CHECKS } from './checks/index.js';
import { documentXmp } from './checks/metadata.js';
import { walkDocument } from './checks/walk.js';
import { type Loaded, loadFromContext, loadPdf, UnreadablePdf } from './cos.js';
import type { FactCode } from './facts.js';
import { type Fact, type Finding, type Flavour, fillMessage, flavourOf, STANDARDS } from './model.js';
import { rulesOf } from './rules.js';

export type { Fact, Finding };
export { flavourOf, STANDARDS, UnreadablePdf };

/** Every fact the checks find in a loaded PDF. */
export function collectFacts(l: Loaded, checks: readonly Check[] = CHECKS): Fact[] {
  const facts: Fact[] = [];
  const u = walkDocument(l);
  const c: CheckContext = {
    l,
    u,
    add: (code, object, args, where) => {
      facts.push({ code, object, args, where });
    },
  };
  for (const check of checks) check(c);
  return facts;
}

/** Binds facts to one flavour's rules. */
export function bindFacts(facts: readonly Fact[], f: Flavour): Finding[] {
  const byCode = new Map<FactCode, Fact[]>();
  for (const x of facts) {
    const list = byCode.get(x.code);
    if (list) list.push(x);
    else byCode.set(x.code, [x]);
  }
  const out: Finding[] = [];
  for (const mod of rulesOf(f)) {
    for (const b of mod) {
      for (const x of byCode.get(b.fact) ?? []) {
        if (b.when && !b.when(x, f)) continue;
        const where = x.where ? ` (${x.where})` : '';
        out.push({
          standard: f.spec,
          clause: b.clause,
          test: b.test,
          object: b.object ?? x.object,
          message: fillMessage(b.message, x.args) + where,
        });
      }
    }
  }
  return sortUnique(out);
}

/** Sorted by (standard, clause, test, message); duplicates removed (design §2.5). */
function sortUnique(fs: Finding[]): Finding[] {
  const cmpClause = (a: string, b: string): number => {
    const x = a.split('.').map(Number);
    const y = b.split('.').map(Number);
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const d = (x[i] ?? -1) - (y[i] ?? -1);
      if (d) return d;
    }
    return 0;
  };
  fs.sort(
    (a, b) =>
      a.standard.localeCompare(b.standard) ||
      cmpClause(a.clause, b.clause) ||
      a.test - b.test ||
      a.message.localeCompare(b.message),
  );
  const seen = new Set<string>();
  return fs.filter((f) => {
    const k = `${f.standard} ${f.clause} ${f.test} ${f.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function flavoursOf(standards: readonly string[]): Flavour[] {
  return standards.map((s) => {
    const f = flavourOf(s);
    if (!f) throw new TypeError(`unknown standard "${s}"`);
    return f;
  });
}

/**
 * Verifies the document just emitted, synchronously, from its object graph and its bytes (the render
 * pipeline's path: no re-parse).
 */
export function verifyEmitted(bytes: Uint8Array, context: PDFContext, standards: readonly string[]): Finding[] {
  const flavours = flavoursOf(standards);
  if (flavours.length === 0) return [];
  const facts = collectFacts(loadFromContext(bytes, context));
  return flavours.flatMap((f) => bindFacts(facts, f));
}

/**
 * Verifies a PDF against standards (`pdfa1b`, `pdfa2b`, … as the request spells them). Throws
 * UnreadablePdf when the bytes are not a PDF at all; an unknown standard string throws a TypeError.
 */
export async function verify(bytes: Uint8Array, standards: readonly string[]): Promise<Finding[]> {
  if (standards.length === 0) return [];
  return (await verifyReport(bytes, standards)).findings;
}

/** What `verifyReport` answers: the standards judged, the findings, and notes that are no finding. */
export interface VerifyReport {
  /** The standards asked for, or (none asked) those the file claims; empty when it claims none. */
  standards: string[];
  findings: Finding[];
  /** Sentences about the file that change no verdict (an attachment not opened, one that breaks its own claim where the standard allows any file). */
  notes: string[];
}

/**
 * Verifies a PDF from its bytes, loaded once: against `standards`, or the standards it claims when none
 * are named; embedded PDFs are opened and verified where the standard asks (verifier/attachments.ts).
 * `depth` is how deep in a chain of attachments this file sits (0: the file itself).
 */
export async function verifyReport(
  bytes: Uint8Array,
  standards: readonly string[] = [],
  nesting: { depth: number; budget: AttachmentBudget; ownPdfaClaim?: true } = {
    depth: 0,
    budget: { left: MAX_ATTACHMENTS_VERIFIED },
  },
): Promise<VerifyReport> {
  const l = await loadPdf(bytes);
  const claims = claimsOf(l);
  // an embedded PDF is judged against its PDF/A claim alone (what ISO 19005 asks of it)
  const names = nesting.ownPdfaClaim ? claims.filter((s) => s.startsWith('pdfa')).slice(0, 1) : [...standards];
  if (names.length === 0 && !nesting.ownPdfaClaim) for (const c of claims) names.push(c);
  const flavours = flavoursOf(names);
  if (flavours.length === 0) return { standards: names, findings: [], notes: [] };
  const facts = collectFacts(l);
  const notes: string[] = [];
  const { budget } = nesting;
  await verifyAttachments(l, flavours, nesting.depth, budget, facts, notes, (b, depth) =>
    verifyReport(b, [], { depth, budget, ownPdfaClaim: true }),
  );
  return { standards: names, findings: flavours.flatMap((f) => bindFacts(facts, f)), notes };
}

/** The standard a PDF claims in its own XMP (pdfaid part + conformance), as `quire verify` defaults to. */
export async function claimedStandard(bytes: Uint8Array): Promise<string | undefined> {
  const l = await loadPdf(bytes);
  return claimOf(l);
}

/** Every standard a PDF claims in its own XMP: its PDF/A part and level, then PDF/UA-1 or -2 (pdfuaid:part). */
export async function claimedStandards(bytes: Uint8Array): Promise<string[]> {
  return claimsOf(await loadPdf(bytes));
}

/** The standards a loaded PDF claims (see claimedStandards). */
export function claimsOf(l: Loaded): string[] {
  const out: string[] = [];
  const a = claimOf(l);
  if (a) out.push(a);
  const ua = documentXmp(l).packet?.properties.find(
    (p) => p.ns === 'http://www.aiim.org/pdfua/ns/id/' && p.name === 'part',
  );
  const uaPart = ua?.value.kind === 'simple' ? ua.value.text.trim() : undefined;
  if (uaPart === '1') out.push('pdfua1');
  if (uaPart === '2') out.push('pdfua2');
  return out;
}

function claimOf(l: Loaded): string | undefined {
  const x = documentXmp(l);
  const id = x.packet?.properties.filter((p) => p.ns === 'http://www.aiim.org/pdfa/ns/id/') ?? [];
  const v = (n: string): string | undefined => {
    const p = id.find((q) => q.name === n);
    return p?.value.kind === 'simple' ? p.value.text.trim() : undefined;
  };
  const part = v('part');
  if (!part) return undefined;
  const level = (v('conformance') ?? '').toLowerCase();
  const name =
    part === '4'
      ? `pdfa4${level === 'e' || level === 'f' ? level : ''}`
      : `pdfa${part}${level === 'u' || level === 'a' ? level : 'b'}`;
  return flavourOf(name) ? name : undefined;
}
