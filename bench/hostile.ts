// bench/hostile.ts — issue 20's memory bombs and slow inputs, each rendered in a child process of
// its own (library render(), default budget): prints the answer, wall time of the render, and how
// far it raised the process's peak RSS over its RSS just before the render (input built, modules
// loaded). Target: no request raises RSS by more than the per-render budget (384 MiB by default).
// Inputs come from test/support/hostile.ts, the ones test/hostile.test.ts asserts at smaller sizes.
//   npx tsx bench/hostile.ts [--timeout 300] [case …]
import { execSync, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { DEFAULT_RENDER_MEMORY_BYTES } from '../ir/memory-budget.js';
import { render } from '../src/library.js';
import type { RenderInput } from '../src/types.js';
import * as H from '../test/support/hostile.js';

const NOW = new Date('2026-11-22T12:00:00Z');

const CASES: Record<string, { what: string; input: () => RenderInput }> = {
  png: {
    what: '472 KB PNG, 11 000 × 11 000 RGBA',
    input: () => ({
      description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
      parts: { p: H.bigPng(11_000, 11_000) },
    }),
  },
  lzw: {
    what: 'supplied PDF, one LZW page of 1.2 GB (470 KB)',
    input: () => ({
      description: H.importDescription('b'),
      parts: { b: H.pdfWithContent(H.lzwOfRepeated(32, 1.2e9), ['LZWDecode']) },
    }),
  },
  'flate-4e8': {
    what: 'supplied PDF, Flate page of 300 MB (300 KB), unpack_limit 4e8',
    input: () => ({
      description: H.importDescription('b', 4e8),
      parts: { b: H.pdfWithContent(H.zlibOfRepeated(32, 3e8), ['FlateDecode']) },
    }),
  },
  'cell-20000': { what: 'one table cell of 20 000 lines', input: () => ({ description: H.tallCell(20_000) }) },
  'cell-20000-pages': {
    what: 'one table cell of 20 000 lines, {current_page} in every 10th',
    input: () => ({ description: H.tallCell(20_000, 10) }),
  },
  'word-2MB': { what: 'one word of 2 000 000 characters', input: () => ({ description: H.longWord(2_000_000) }) },
  'word-1.5MB': {
    what: 'one word of 1 500 000 characters (just inside the ceiling)',
    input: () => ({ description: H.longWord(1_500_000) }),
  },
  'paragraphs-600000': {
    what: 'a flow of 600 000 paragraphs',
    input: () => ({ description: H.manyParagraphs(600_000) }),
  },
  'lines-1000000': { what: 'a text of 1 000 000 lines', input: () => ({ description: H.manyLines(1_000_000) }) },
  'icc-3MB': {
    what: 'output intent ICC profile with a 3 MB description',
    input: () => ({ description: H.outputIntentDescription('p'), parts: { p: H.iccWithDescription(3_000_000) } }),
  },
};

const args = process.argv.slice(2);
if (args[0] === '--child') {
  const input = { ...CASES[args[1]].input(), now: NOW };
  const before = process.memoryUsage().rss;
  const t = performance.now();
  const out = render(input);
  const ms = performance.now() - t;
  const peak = process.resourceUsage().maxRSS * 1024;
  const answer = out.ok ? `200, ${out.pages} pages` : `${out.status} ${out.word}: ${out.sentence.slice(0, 90)}`;
  console.log(JSON.stringify({ ms, rise: Math.max(0, peak - before), peak, answer }));
} else {
  const ti = args.indexOf('--timeout');
  const timeout = ti >= 0 ? Number(args[ti + 1]) : 300;
  const names = args.filter((a, i) => !a.startsWith('--') && (ti < 0 || i !== ti + 1));
  let commit = '';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {}
  const mb = (b: number) => `${Math.round(b / 1e6)} MB`;
  console.log(
    `${new Date().toISOString()} commit ${commit} Node ${process.version} load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; budget ${mb(DEFAULT_RENDER_MEMORY_BYTES)}`,
  );
  for (const name of names.length ? names : Object.keys(CASES)) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', name], {
      encoding: 'utf8',
      timeout: timeout * 1000,
      maxBuffer: 1 << 20,
    });
    const line = r.stdout.trim().split('\n').pop() ?? '';
    let shown: string;
    try {
      const j = JSON.parse(line);
      const over = j.rise > DEFAULT_RENDER_MEMORY_BYTES ? '  OVER BUDGET' : '';
      shown = `${(j.ms / 1000).toFixed(2)} s, RSS +${mb(j.rise)} (peak ${mb(j.peak)})${over}  ${j.answer}`;
    } catch {
      shown = r.error ? `stopped after ${timeout} s` : `child failed: ${(r.stderr || '').trim().split('\n').pop()}`;
    }
    console.log(`${name.padEnd(18)} ${CASES[name].what.padEnd(58)} ${shown}`);
  }
}
