// bench/typesetting.ts — typesetting speed beside pdfmake and PDFKit, in the same run (issue 4):
// report-100 (100 justified pages of 450 words, a footer "Page x of 100" on each) and the one-page
// invoice, rendered in-process by ../shared/bench/lib/inproc.mjs for every tool (ours through
// OURS_MODULE=dist/bench-entry.js), ms per document as the median of N renders after warm-ups —
// so the invoice is timed with its fonts already seen by the process. Targets: report-100 ≤ 130 ms,
// invoice (font seen before) ≤ 10 ms.
//
//   npm run build && npx tsx bench/typesetting.ts [--rounds 3] [--skip-peers]
//
// ../shared/bench is read-only: it is copied to a temporary folder, where the peers are installed
// (npm ci) and the scenarios adapted to what this build documents: top-level keys it still refuses
// as not drawn yet (`metadata`) are left out, and said so. The TrueType font the peers load is taken
// out of the scenario itself (the same Liberation Sans bytes), so no system font is needed.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { render } from '../src/library.js';

const ROOT = resolve(import.meta.dirname, '..');
// A git worktree sits beside the others, not beside ../shared: QUIRE_SHARED names the folder then.
const SHARED = resolve(process.env.QUIRE_SHARED ?? resolve(ROOT, '../shared'), 'bench');
const WORK = join(tmpdir(), 'quire-bench');
const BENCH = join(WORK, 'bench');
const SCENARIOS = ['invoice', 'report-100'] as const;
const args = process.argv.slice(2);
const ROUNDS = Number(args[args.indexOf('--rounds') + 1]) || 3;
const SKIP_PEERS = args.includes('--skip-peers');

function prepare(): Record<string, string> {
  if (!existsSync(join(BENCH, 'lib'))) {
    mkdirSync(WORK, { recursive: true });
    cpSync(SHARED, BENCH, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', BENCH]);
  }
  if (!SKIP_PEERS && !existsSync(join(BENCH, 'peers/node_modules/pdfkit'))) {
    console.log('installing the peers (npm ci in a copy of ../shared/bench/peers)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(BENCH, 'peers'), stdio: 'inherit' });
  }
  const env: Record<string, string> = {};
  for (const name of SCENARIOS) {
    const d = JSON.parse(readFileSync(join(SHARED, 'scenarios', `${name}.json`), 'utf8')) as Record<string, unknown>;
    const dropped: string[] = [];
    for (let i = 0; i < 10; i++) {
      const out = render({ description: d, now: new Date(0) });
      if (out.ok) break;
      const key = /^\/(\w+)$/.exec(out.path)?.[1];
      if (!key || !/not supported by this build yet/.test(out.sentence))
        throw new Error(`${name}: refused ${out.status} ${out.path}: ${out.sentence}`);
      delete d[key];
      dropped.push(key);
    }
    if (dropped.length) console.log(`${name}: left out (not drawn by this build yet): ${dropped.join(', ')}`);
    writeFileSync(join(BENCH, 'scenarios', `${name}.json`), JSON.stringify(d));
    // The peers' TrueType: the same bytes the scenario carries.
    for (const f of (d.fonts ?? []) as { name: string; data: string }[]) {
      const file = join(WORK, `${f.name}.ttf`);
      writeFileSync(file, Buffer.from(f.data, 'base64'));
      env[`BENCH_FONT_${f.name.toUpperCase()}`] = file;
    }
  }
  return env;
}

interface Rec {
  tool: string;
  scenario: string;
  median_ms?: number;
  bytes?: number;
  error?: string;
}

function run(tool: string, scenario: string, env: Record<string, string>): Rec {
  const r = spawnSync(
    'node',
    [join(BENCH, 'lib/inproc.mjs'), '--tool', tool, '--scenario', scenario, '--font', 'ttf'],
    {
      encoding: 'utf8',
      env: { ...process.env, ...env, OURS_MODULE: join(ROOT, 'dist/bench-entry.js') },
    },
  );
  const line = (r.stdout || '').trim().split('\n').pop() || '{}';
  try {
    return JSON.parse(line) as Rec;
  } catch {
    return { tool, scenario, error: (r.stderr || line).slice(0, 200) };
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const env = prepare();
const tools = SKIP_PEERS ? ['ours'] : ['ours', 'pdfkit', 'pdfmake'];
const results = new Map<string, number[]>();
const bytes = new Map<string, number>();
for (let round = 1; round <= ROUNDS; round++) {
  for (const scenario of SCENARIOS) {
    for (const tool of tools) {
      const rec = run(tool, scenario, env);
      if (rec.error) {
        console.log(`${tool} ${scenario}: ${rec.error}`);
        continue;
      }
      const key = `${scenario}\t${tool}`;
      results.set(key, [...(results.get(key) ?? []), rec.median_ms!]);
      bytes.set(key, rec.bytes!);
    }
  }
}
console.log(`\n| scenario | tool | ms/doc (median of ${ROUNDS} rounds) | × ours | bytes |`);
console.log('|---|---|---:|---:|---:|');
for (const scenario of SCENARIOS) {
  const ours = median(results.get(`${scenario}\tours`) ?? [NaN]);
  for (const tool of tools) {
    const key = `${scenario}\t${tool}`;
    const ms = median(results.get(key) ?? [NaN]);
    console.log(`| ${scenario} | ${tool} | ${ms.toFixed(2)} | ${(ms / ours).toFixed(1)} | ${bytes.get(key) ?? ''} |`);
  }
}
