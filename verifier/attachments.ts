// verifier/attachments.ts — embedded PDFs verified as the standard asks (ISO 19005-2 §6.8, 19005-4
// §6.9): after the checks have run on a file, every embedded file that is itself a PDF claiming PDF/A is
// opened and verified against its own claim, recursively (verifier/index.ts `verifyReport`), and the
// outcome becomes an `embedded-pdf` fact the rule modules bind (PDF/A-2: the file must conform to
// PDF/A-1 or -2, veraPDF's isValidPDFA12; PDF/A-4 and 4e: to PDF/A-1, -2 or -4, isValidPDFA124). Where
// the standard allows any file (PDF/A-3, PDF/A-4f), an embedded PDF that breaks its own claim is a
// note, not a finding. An embedded PDF that claims no PDF/A part is left to the `embedded-file` fact
// (checks/embedded.ts). Chains are cut at MAX_ATTACHMENT_DEPTH and a whole tree opens at most
// MAX_ATTACHMENTS_VERIFIED files: what is not opened is a note, never a hang.
import { createHash } from 'node:crypto';
import { findingId } from '../ir/diagnostics.js';
import {
  dictOf,
  get,
  getDict,
  type Loaded,
  PDFArray,
  PDFDict,
  PDFName,
  type PDFObject,
  PDFStream,
  streamData,
  textOf,
  UnreadablePdf,
} from './cos.js';
import type { Fact, Finding, Flavour } from './model.js';

/** How deep a chain of embedded PDFs is opened: the file itself is 0, its attachments 1, theirs 2… */
export const MAX_ATTACHMENT_DEPTH = 4;
/** How many embedded PDFs one verification opens in all (a wide tree is as costly as a deep one). */
export const MAX_ATTACHMENTS_VERIFIED = 32;

/** What is left of MAX_ATTACHMENTS_VERIFIED, shared by the whole tree of one verification. */
export interface AttachmentBudget {
  left: number;
}

/** The outcome of verifying one embedded PDF against its own claim. */
interface Nested {
  standards: string[];
  findings: Finding[];
  notes: string[];
}

/** Verifies an embedded PDF against the PDF/A part and level it claims (`standards` empty: it claims none). */
type VerifyNested = (bytes: Uint8Array, depth: number) => Promise<Nested>;

const EF = PDFName.of('EF');

/** Where the standard of the file holding it allows any embedded file (PDF/A-3, PDF/A-4f). */
function anyFileAllowed(f: Flavour): boolean {
  return f.part === 3 || f.level === 'F';
}

/** Opens the embedded PDFs of `l` that the flavours ask about; adds `embedded-pdf` facts and notes. */
export async function verifyAttachments(
  l: Loaded,
  flavours: readonly Flavour[],
  depth: number,
  budget: AttachmentBudget,
  facts: Fact[],
  notes: string[],
  verifyNested: VerifyNested,
): Promise<void> {
  const judged = flavours.filter((f) => !f.ua && f.part !== 1);
  if (judged.length === 0) return;
  for (const { name, data } of embeddedPdfs(l)) {
    if (depth + 1 > MAX_ATTACHMENT_DEPTH || budget.left <= 0) {
      notes.push(
        `the embedded file "${name}" was not verified: ${
          budget.left <= 0
            ? `one verification opens at most ${MAX_ATTACHMENTS_VERIFIED} embedded PDFs`
            : `embedded PDFs are opened to a depth of ${MAX_ATTACHMENT_DEPTH}`
        }`,
      );
      continue;
    }
    budget.left--;
    let nested: Nested;
    try {
      nested = await verifyNested(data, depth + 1);
    } catch (e) {
      if (e instanceof UnreadablePdf) continue; // not a PDF after all: the embedded-file fact speaks for it
      throw e;
    }
    const claim = nested.standards[0];
    if (!claim) continue; // no PDF/A claim: the embedded-file fact speaks for it
    for (const n of nested.notes) notes.push(`in the embedded file "${name}": ${n}`);
    const count = nested.findings.length;
    const first = count ? `${findingId(nested.findings[0])} ${nested.findings[0].message}` : '';
    facts.push(fact(name, claim, count, first));
    if (count && judged.some(anyFileAllowed))
      notes.push(`the embedded file "${name}" claims ${claim} and does not conform: ${describe(count, first)}`);
  }
}

function fact(name: string, claim: string, findings: number, first: string): Fact {
  const part = Number(/^pdfa(\d)/.exec(claim)?.[1]);
  return {
    code: 'embedded-pdf',
    object: 'EmbeddedFile',
    args: { name, claim, part, findings, detail: describe(findings, first) },
  };
}

function describe(count: number, first: string): string {
  if (count === 0) return 'no finding';
  return `${count} finding${count === 1 ? '' : 's'}, the first ${first}`;
}

/** Every embedded file stream holding a PDF, once per content, with the name its file specification gives. */
function* embeddedPdfs(l: Loaded): Generator<{ name: string; data: Uint8Array }> {
  const ctx = l.context;
  const seen = new Set<string>();
  const specs: { spec: PDFDict; num?: number }[] = [];
  const direct = (o: PDFObject | undefined, num: number): void => {
    // file specifications written inline: in a name tree's Names array, an annotation's FS, an AF array
    if (o instanceof PDFDict && o.get(EF)) specs.push({ spec: o, num });
  };
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    const d = dictOf(obj);
    if (!d) continue;
    if (d.get(EF)) specs.push({ spec: d, num: ref.objectNumber });
    for (const [, v] of d.entries()) {
      if (v instanceof PDFArray) for (let i = 0; i < v.size(); i++) direct(v.get(i), ref.objectNumber);
      else direct(v, ref.objectNumber);
    }
  }
  for (const { spec, num } of specs) {
    const ef = getDict(ctx, spec, 'EF');
    const file = get(ctx, ef, 'UF') ?? get(ctx, ef, 'F');
    if (!(file instanceof PDFStream)) continue;
    const data = streamData(l, file);
    if (!data || !startsWithPdf(data)) continue;
    const key = createHash('sha256').update(data).digest('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    const name = textOf(get(ctx, spec, 'UF')) ?? textOf(get(ctx, spec, 'F')) ?? `object ${num}`;
    yield { name, data };
  }
}

function startsWithPdf(data: Uint8Array): boolean {
  return Buffer.from(data.subarray(0, 1024)).toString('latin1').includes('%PDF-');
}
