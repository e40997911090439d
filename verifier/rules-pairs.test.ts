// verifier/rules-pairs.test.ts — issue 18: "for each bound rule, a generated test file that violates it
// and one that satisfies it". Runs every row of test/support/rule-pairs.ts (the breaking file gives the
// rule's finding, the keeping file does not), then audits the bound rules (test/support/pair-audit.ts):
// a rule bound today with no pair must be in verifier/coverage/unpaired.txt, the allow-list that only
// shrinks — a newly bound rule without a pair fails here, and so does a listed rule that has one now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { auditPairs } from '../test/support/pair-audit.js';
import { buildPdf } from '../test/support/pdf-builder.js';
import { PAIRS } from '../test/support/rule-pairs.js';
import { verify } from './index.js';

const ALLOW = join(import.meta.dirname, 'coverage/unpaired.txt');

const ids = async (p: (typeof PAIRS)[number]['fail'], std: string): Promise<string[]> =>
  (await verify(p instanceof Uint8Array ? p : buildPdf(p), [std])).map(findingId);

describe('a breaking and a keeping generated file per rule', () => {
  it.each(PAIRS.map((p) => [`${p.rule} (${p.std}): ${p.what}`, p] as const))('%s', async (_, p) => {
    const broken = await ids(p.fail, p.std);
    expect(broken).toContain(p.rule);
    const kept = await ids(p.pass, p.std);
    expect(kept).not.toContain(p.rule);
    if (p.exact) expect([...new Set(broken)].filter((r) => !kept.includes(r))).toEqual([p.rule]);
  });
});

describe('every bound rule has a pair, or is on the shrinking allow-list', () => {
  const lines = readFileSync(ALLOW, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  const allowed = lines.map((l) => l.split('\t')[0].trim());
  const audit = auditPairs(PAIRS.map((p) => p.rule));

  it('names no rule without a pair outside the allow-list', () => {
    expect(audit.unpaired.filter((r) => !allowed.includes(r))).toEqual([]);
  });
  it('says for each listed rule why no lean test generates its files', () => {
    for (const l of lines) expect(l.split('\t')[1]?.trim().length ?? 0, l).toBeGreaterThan(20);
  });
  it('lists no rule that has a pair now, or that nothing binds', () => {
    const unpaired = new Set(audit.unpaired);
    expect(allowed.filter((r) => !unpaired.has(r))).toEqual([]);
  });
});
