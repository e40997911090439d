// test/corpus.test.ts — every golden case under corpus/ renders as its expected.json says.
import { describe, expect, it } from 'vitest';
import { caseName, listCases, readExpected, runCase } from '../tools/corpus-lib.js';

const cases = listCases();

describe('corpus', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((d) => [caseName(d), d]))('%s', (_name, dir) => {
    const want = readExpected(dir);
    expect(want, 'expected.json is missing: run tools/corpus --update and read it').toBeDefined();
    expect(runCase(dir)).toEqual(want);
  });
});
