// test/support/pair-audit.ts — which bound rules have a generated breaking file and a keeping file
// (issue 18: "for each bound rule, a generated test file that violates it and one that satisfies it").
// Two sources: the explicit table of verifier/rules-pairs.test.ts (test/support/rule-pairs.ts: each row
// a breaking and a keeping hand-built PDF, run by the test), and the older hand-built-file tests
// (HAND_BUILT below), read as text: an `it(…)` block that names a rule id (`6.2.4.3-t02`, `7.2-43`)
// and a standard (`pdfa2b`, `ISO_19005_2`, `pdfaBase(2`) counts as that rule's pair — those blocks
// assert the breaking file's finding beside a keeping file's silence. The unit is the id a finding
// carries (`ISO_19005_2 6.2.4.3-t02`); a PDF/A-3 rule bound to the same facts as PDF/A-2's counts as
// paired with it (one module judges both), and PDF/A-4e/4f with PDF/A-4.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Flavour, flavourOf, ruleKey, STANDARDS, type StandardName } from '../../verifier/model.js';
import { rulesOf } from '../../verifier/rules.js';

const ROOT = join(import.meta.dirname, '../..');

/** The tests that write PDF objects directly (test/support/pdf-builder.ts) and name rule ids. */
export const HAND_BUILT = [
  'verifier/verifier.test.ts',
  'verifier/rules-coverage.test.ts',
  'verifier/rules-decided.test.ts',
  'verifier/rules-fonts.test.ts',
  'verifier/rules-heldout.test.ts',
  'verifier/rules-more.test.ts',
  'verifier/structure-rules.test.ts',
  'verifier/tounicode-cmap.test.ts',
  'test/verify.test.ts',
  'test/verify-batch.test.ts',
];

/** The standards whose bound rules the audit covers (PDF/UA-2 keeps its own coverage). */
export const AUDITED: StandardName[] = STANDARDS.filter((s) => s !== 'pdfua2');

const SPEC_OF_PART: Record<string, string> = {
  '1': 'ISO_19005_1',
  '2': 'ISO_19005_2',
  '3': 'ISO_19005_3',
  '4': 'ISO_19005_4',
  ua1: 'ISO_14289_1',
};

/** Every bound rule as a finding id, with the fact codes bound to it (over every audited flavour). */
export function boundRules(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const name of AUDITED) {
    const f = flavourOf(name) as Flavour;
    for (const b of rulesOf(f).flat()) {
      const key = ruleKey(f.spec, b.clause, b.test);
      const facts = out.get(key) ?? new Set<string>();
      facts.add(b.fact);
      out.set(key, facts);
    }
  }
  return out;
}

/** The specs a block of test text speaks of (none named: every spec). */
function specsNamed(text: string): string[] {
  const specs = new Set<string>();
  for (const m of text.matchAll(
    /ISO_19005_([1-4])|ISO_14289_1|pdfa([1-4])[abuef]?\b|pdfua1\b|pdfaBase\(([1-4])|PDF\/A-([1-4])|PDF\/UA-1/g,
  )) {
    const part = m[1] ?? m[2] ?? m[3] ?? m[4];
    specs.add(part ? SPEC_OF_PART[part] : SPEC_OF_PART.ua1);
  }
  return specs.size ? [...specs] : Object.values(SPEC_OF_PART);
}

/** Finding ids named in the older hand-built tests, per `it` block. */
export function namedInHandBuilt(files: readonly string[] = HAND_BUILT): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // blocks: from one `it(` / `it.skipIf(…)(` / `it.each(…)(` / `test(` to the next, or to a `describe(`
    // or a top-level declaration
    const blocks = text.split(
      /\n\s*(?:it|test|describe)(?:\.(?:skipIf|each)\([^\n]*?\))?\(|\n(?=function |const |\/\*\*)/,
    );
    for (const block of blocks.slice(1)) {
      const specs = specsNamed(block);
      // `6.2.4.3-t02`, `7.2-43`, or a clause and its test as arguments: `'6.1.2', 2`
      for (const m of block.matchAll(/(?<![\w.])(\d+(?:\.\d+)+)(?:-t?|',\s*)(\d{1,2})(?![\w.])/g)) {
        for (const spec of specs) out.add(ruleKey(spec, m[1], Number(m[2])));
      }
    }
  }
  return out;
}

export interface PairAudit {
  bound: string[];
  paired: string[];
  unpaired: string[];
}

/** Bound rules and which of them have a breaking and a keeping generated file. */
export function auditPairs(explicit: Iterable<string>): PairAudit {
  const rules = boundRules();
  const has = new Set([...namedInHandBuilt(), ...explicit]);
  const sameFacts = (a: string, b: string): boolean => {
    const x = rules.get(a);
    const y = rules.get(b);
    return !!x && !!y && x.size === y.size && [...x].every((c) => y.has(c));
  };
  const isPaired = (key: string): boolean => {
    if (has.has(key)) return true;
    // PDF/A-3 judged by PDF/A-2's modules: a pair of either part holds for both
    for (const [a, b] of [
      ['ISO_19005_3', 'ISO_19005_2'],
      ['ISO_19005_2', 'ISO_19005_3'],
    ]) {
      if (key.startsWith(a)) {
        const other = key.replace(a, b);
        if (has.has(other) && sameFacts(key, other)) return true;
      }
    }
    return false;
  };
  const bound = [...rules.keys()].sort();
  const paired = bound.filter(isPaired);
  return { bound, paired, unpaired: bound.filter((k) => !isPaired(k)) };
}
