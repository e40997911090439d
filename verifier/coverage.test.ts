// verifier/coverage.test.ts — every rule of veraPDF's profiles (PDF/A-1a to 4f, PDF/UA-1) is bound by
// a rule module or listed, with its reason, in its part's COVERAGE.md; coverage is read from the
// standard's rule inventory, not from the corpus examples.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALIASES,
  coverage,
  coverageFile,
  INVENTORY,
  inventoryTsv,
  listedRules,
  PROFILE_DIR,
  PROFILES,
  parseProfiles,
  profileRules,
  ruleTable,
} from './coverage.js';
import { flavourOf, type StandardName } from './model.js';
import { rulesOf } from './rules.js';

const rules = profileRules();

describe('coverage of the veraPDF profiles', () => {
  it('reads every profile: 1B 129 rules, 2B 144, 2U 146, 2A 153, 4 109, UA-1 106', () => {
    const n = (f: string) => rules.filter((r) => r.flavour === f).length;
    expect([n('pdfa1b'), n('pdfa2b'), n('pdfa2u'), n('pdfa2a'), n('pdfa4'), n('pdfua1')]).toEqual([
      129, 144, 146, 153, 109, 106,
    ]);
  });

  it.skipIf(!existsSync(PROFILE_DIR))('the committed inventory is the profiles', () => {
    expect(readFileSync(INVENTORY, 'utf8')).toBe(inventoryTsv(parseProfiles(PROFILE_DIR)));
  });

  for (const name of Object.keys(PROFILES) as StandardName[]) {
    it(`${name}: every rule is bound or listed with a reason`, () => {
      const c = coverage(rules).find((x) => x.flavour === name)!;
      expect(c.missing.map((m) => `${m.id} [${m.object}]`)).toEqual([]);
      expect(c.bound.length + c.listed.length).toBe(c.rules);
      for (const l of c.listed) expect(l.reason.length, l.id).toBeGreaterThan(20);
    });
  }

  it('a COVERAGE.md lists no rule that is bound, or that its profiles do not have', () => {
    for (const name of Object.keys(PROFILES) as StandardName[]) {
      const f = flavourOf(name)!;
      const table = ruleTable(f);
      const ids = new Set(rules.filter((r) => r.flavour === name).map((r) => r.id));
      for (const l of listedRules(coverageFile(f))) {
        if (l.levels.length && !l.levels.includes(name)) continue;
        expect(ids.has(l.id), `${name} lists ${l.id}, not in its profile`).toBe(true);
        expect(table.has(l.id), `${name} lists ${l.id}, which a rule binds`).toBe(false);
      }
    }
  });

  it('every alias points at an id some rule of the part binds', () => {
    for (const [part, map] of Object.entries(ALIASES)) {
      const f = flavourOf(`pdfa${part}${part === '4' ? '' : 'b'}`)!;
      const bound = new Set(
        rulesOf(f)
          .flat()
          .map((b) => `${b.clause}-${b.test}`),
      );
      for (const [id, ours] of Object.entries(map ?? {}))
        for (const o of ours) expect(bound.has(o), `part ${part}: ${id} → ${o}`).toBe(true);
    }
  });

  it('a rule listed neither bound nor listed fails the coverage (the check can fail)', () => {
    const fake = [...rules, { flavour: 'pdfa1b' as const, id: '6.99-1', object: 'CosDocument' }];
    expect(
      coverage(fake)
        .find((c) => c.flavour === 'pdfa1b')!
        .missing.map((m) => m.id),
    ).toEqual(['6.99-1']);
  });
});
