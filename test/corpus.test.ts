// test/corpus.test.ts — every golden case under corpus/ renders as its expected.json says.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseName, listCases, readExpected, runCase, STORE_DIR } from '../tools/corpus-lib.js';

const cases = listCases();

describe('corpus', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((d) => [caseName(d), d]))('%s', (_name, dir) => {
    const want = readExpected(dir);
    expect(want, 'expected.json is missing: run tools/corpus --update and read it').toBeDefined();
    expect(runCase(dir)).toEqual(want);
  });

  // issue 7: "every output passes qpdf --check" — the PDFs the cases above just wrote to corpus/.store
  it('every PDF a case writes passes qpdf --check', () => {
    const written = cases.filter((d) => readExpected(d)?.status === 200).map((d) => join(STORE_DIR, caseName(d).replace(/[\\/]/g, '__') + '.pdf'));
    expect(written.length).toBeGreaterThan(0);
    const failed = written.filter((f) => !existsSync(f) || spawnSync('qpdf', ['--check', f], { encoding: 'utf8' }).status !== 0);
    expect(failed).toEqual([]);
  });
});
