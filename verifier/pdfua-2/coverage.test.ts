// verifier/pdfua-2/coverage.test.ts — every rule of veraPDF's PDFUA-2 profile
// (../shared/standards/verapdf-profiles/PDF_UA/PDFUA-2.xml) is bound to a fact (./index.ts) or listed
// as not decided here with a reason (./unbound.ts); neither names a rule the profile lacks. From a clone
// without ../shared (the profiles are not committed for UA-2) the profile checks skip, saying so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ruleKey } from '../model.js';
import { PDFUA2 } from './index.js';
import { UNBOUND } from './unbound.js';

const PROFILE = join(import.meta.dirname, '../../../shared/standards/verapdf-profiles/PDF_UA/PDFUA-2.xml');

interface ProfileRule {
  key: string;
  object: string;
  test: string;
}

function profileRules(): ProfileRule[] {
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(PROFILE, 'utf8'));
  const rules = xml.profile.rules.rule as {
    object: string;
    id: { clause: string; testNumber: string };
    test: string;
  }[];
  return rules.map((r) => ({
    key: ruleKey('ISO_14289_2', r.id.clause, Number(r.id.testNumber)).replace('ISO_14289_2 ', ''),
    object: r.object,
    test: String(r.test),
  }));
}

const bound = new Set(PDFUA2.flat().map((b) => ruleKey('ISO_14289_2', b.clause, b.test).replace('ISO_14289_2 ', '')));

const HAS_PROFILE = existsSync(PROFILE);
const SKIPPED = HAS_PROFILE ? '' : ' (skipped: no ../shared/standards/verapdf-profiles/PDF_UA/PDFUA-2.xml)';

describe('PDF/UA-2 profile coverage', () => {
  if (!HAS_PROFILE) console.info(`PDF/UA-2 profile coverage skipped: ${PROFILE} is missing`);
  const rules = HAS_PROFILE ? profileRules() : [];

  it.skipIf(!HAS_PROFILE)(`reads the 91 rules of the profile${SKIPPED}`, () => {
    expect(rules.length).toBe(91);
    expect(new Set(rules.map((r) => r.key)).size).toBe(rules.length);
  });

  it.skipIf(!HAS_PROFILE)(`binds every rule or says why not${SKIPPED}`, () => {
    const neither = rules.filter((r) => !bound.has(r.key) && !(r.key in UNBOUND)).map((r) => `${r.key} ${r.test}`);
    expect(neither).toEqual([]);
  });

  it('lists a rule in only one place, each with a reason', () => {
    expect(Object.keys(UNBOUND).filter((k) => bound.has(k))).toEqual([]);
    for (const reason of Object.values(UNBOUND)) expect(reason.length).toBeGreaterThan(20);
  });

  it.skipIf(!HAS_PROFILE)(`names no rule the profile lacks${SKIPPED}`, () => {
    const known = new Set(rules.map((r) => r.key));
    expect([...bound, ...Object.keys(UNBOUND)].filter((k) => !known.has(k))).toEqual([]);
  });
});
