// vitest.config.ts — every *.test.ts next to its module or under test/; corpus and external-tool tests included.
// Two forks on CI's 2 cores (vitest's own default there is one: availableParallelism − 1), and the
// longest files started first so no fork ends the run alone with one of them (docs/testing.md has the
// measurements). VITEST_MAX_WORKERS or --maxWorkers overrides the fork count.
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files of the last measured full run (docs/testing.md), longest first. Without a
 * duration cache (a clean clone: CI) vitest orders by file size, which put the 100–250 s integrity
 * property near the end; a file missing here only loses its head start.
 */
const SLOW_FIRST = [
  'test/integrity.property.test.ts',
  'test/server-ops.test.ts',
  'test/readme.test.ts',
  'test/package.test.ts',
  'test/hosted.test.ts',
  'test/mutation.property.test.ts',
  'test/fleet.test.ts',
  'test/fonts.test.ts',
  'test/hosted-ops.test.ts',
  'test/dockerfile.test.ts',
  'test/cli.test.ts',
  'test/hosted-browser.test.ts',
  'test/hosted-in-process.test.ts',
  'test/server-warm-up.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const id = f.moduleId.replaceAll('\\', '/');
      const i = SLOW_FIRST.findIndex((s) => id.endsWith(`/${s}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    // stable: the rest keep vitest's own order (failed first, then longest by its cache, else largest)
    return sorted
      .map((f, i) => ({ f, i, r: rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.f);
  }
}

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: '100%',
    sequence: { sequencer: SlowFirst },
  },
});
