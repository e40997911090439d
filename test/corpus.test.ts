// test/corpus.test.ts — every golden case under corpus/ renders as its expected.json says.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ITEM_KINDS } from '../ir/unsupported.js';
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
    const written = cases
      .filter((d) => readExpected(d)?.status === 200)
      .map((d) => join(STORE_DIR, caseName(d).replace(/[\\/]/g, '__') + '.pdf'));
    expect(written.length).toBeGreaterThan(0);
    const failed = written.filter(
      (f) => !existsSync(f) || spawnSync('qpdf', ['--check', f], { encoding: 'utf8' }).status !== 0,
    );
    expect(failed).toEqual([]);
  });

  // issue 11: "every kind in docs/reference.md has at least one corpus case that renders it"
  it('every item kind of the catalogue is drawn by a case that answers 200', () => {
    const drawn = new Set<string>();
    for (const d of cases.filter((c) => readExpected(c)?.status === 200)) {
      const req = JSON.parse(readFileSync(join(d, 'request.json'), 'utf8')) as {
        description?: { items?: { type: string }[] };
        items?: { type: string }[];
      };
      for (const item of (req.description ?? req).items ?? []) drawn.add(item.type);
    }
    expect(ITEM_KINDS.filter((k) => !drawn.has(k))).toEqual([]);
  });
});
