// bench/report-40.ts — issue 23's 40-page report (test/support/report-40.ts) in quire beside pdfmake
// (which flows text itself) on the same content, rounds alternating the tools, each in a fresh process
// (bench/lib/report-40-run.mjs: 1 warm-up, median of --n). Prints ms/doc, pages, bytes and the ratio,
// with the date, `uptime` load and commit. Until this build draws the story keys quire is reported as
// "refused: <sentence>" and pdfmake is still timed. Target (issue 23): quire ≥ 5× pdfmake.
//   npm run build && npx tsx bench/report-40.ts [--rounds 3] [--n 5] [--peers /tmp/qb-report]
// The peers come from ../shared/bench: copied to --peers (default $QUIRE_BENCH_PEERS or
// <tmpdir>/qb-report) and installed there with `npm ci` on first use.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report40 } from '../test/support/report-40.js';
import { PDFMAKE_FAMILIES, toPdfmake } from './lib/report-40-pdfmake.js';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (k: string, d: string) => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : d;
};
const rounds = Number(opt('--rounds', '3'));
const n = opt('--n', '5');
const peers = opt('--peers', process.env.QUIRE_BENCH_PEERS ?? join(tmpdir(), 'qb-report'));

if (!existsSync(join(root, 'dist', 'bench-entry.js'))) throw new Error('run `npm run build` first');
if (!existsSync(join(peers, 'peers', 'node_modules', 'pdfmake'))) {
  cpSync(join(root, '..', 'shared', 'bench'), peers, { recursive: true });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(peers, 'peers'), stdio: 'inherit' });
}

const description = report40();
const flow = (description.items as Record<string, unknown>[]).find((i) => i.type === 'flow') as Record<string, unknown>;
const furniture = (description.items as Record<string, unknown>[]).filter(
  (i) => i.type === 'text' && !Array.isArray(i.pages),
);
/** The running head (drawn from page 2) and the folio (every page): their one string each. */
const runningText = (everyPage: boolean) =>
  String((furniture.find((i) => !i.pages === everyPage)?.content as string[] | undefined)?.[0] ?? '');
const dir = mkdtempSync(join(tmpdir(), 'quire-report-40-'));
const files = { quire: join(dir, 'description.json'), pdfmake: join(dir, 'pdfmake.json') };
writeFileSync(files.quire, JSON.stringify(description));
writeFileSync(files.pdfmake, JSON.stringify(toPdfmake(description)));
const fileOf = (tool: string) => (tool === 'quire' ? files.quire : files.pdfmake);

const loadAtStart = (() => {
  try {
    return execFileSync('uptime', [], { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
})();

type Rec = { median_ms?: number; bytes?: number; refused?: string; error?: string; peak_rss_mb?: number };
// pdfmake with its keep-headings-with-next recipe (pageBreakBefore), and without it (its plain speed)
const TOOLS = ['pdfmake', 'pdfmake-nokeep', 'quire'] as const;
const runs: Record<string, Rec[]> = { pdfmake: [], 'pdfmake-nokeep': [], quire: [] };
const pdfOf = (tool: string) => join(dir, `${tool}.pdf`);
for (let r = 0; r < rounds; r++)
  for (const tool of TOOLS) {
    if (runs[tool].some((x) => x.refused)) continue; // quire refuses the same description every round
    const a = ['--tool', tool, '--in', fileOf(tool), '--n', n, '--out', pdfOf(tool)];
    if (tool !== 'quire')
      a.push(
        '--peers',
        peers,
        '--families',
        JSON.stringify(PDFMAKE_FAMILIES),
        '--leading',
        String(flow.leading),
        '--header',
        runningText(false),
        '--footer',
        runningText(true),
      );
    let rec: Rec;
    try {
      const outText = execFileSync('node', [join(root, 'bench', 'lib', 'report-40-run.mjs'), ...a], {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      });
      rec = JSON.parse(outText.trim().split('\n').pop() ?? '{}');
    } catch (e) {
      const out = String((e as { stdout?: string }).stdout ?? '').trim();
      rec = out ? JSON.parse(out.split('\n').pop() as string) : { error: String(e).split('\n')[0] };
    }
    runs[tool].push(rec);
  }

const med = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pages = (tool: string) => {
  try {
    return /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfOf(tool)], { encoding: 'utf8' }))?.[1] ?? '?';
  } catch {
    return '–';
  }
};
const sh = (cmd: string, a: string[]) => {
  try {
    return execFileSync(cmd, a, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};
const dirty = sh('git', ['status', '--porcelain', '--untracked-files=no']) ? ' (with uncommitted changes)' : '';
console.log(`report-40 (issue 23), ${new Date().toISOString()}, Node ${process.version}`);
console.log(`commit ${sh('git', ['rev-parse', '--short', 'HEAD'])}${dirty}`);
console.log(`load at the start: ${loadAtStart}`);
console.log(`load at the end:   ${sh('uptime', [])}`);
console.log(
  `${rounds} round(s), each tool a fresh process: 1 warm-up, median of ${n}; the figure is the median of the rounds`,
);
console.log('| tool | ms/doc | pages | bytes | peak RSS MB |');
console.log('|---|---:|---:|---:|---:|');
const figure: Record<string, number | undefined> = {};
for (const tool of TOOLS) {
  const recs = runs[tool];
  const bad = recs.find((x) => x.refused || x.error);
  if (bad) {
    console.log(`| ${tool} | ${bad.refused ? `refused: ${bad.refused}` : `error: ${bad.error}`} | | | |`);
    continue;
  }
  figure[tool] = med(recs.map((x) => x.median_ms as number));
  const last = recs[recs.length - 1];
  console.log(
    `| ${tool} | ${(figure[tool] as number).toFixed(1)} | ${pages(tool)} | ${last.bytes} | ${med(recs.map((x) => x.peak_rss_mb as number)).toFixed(0)} |`,
  );
}
if (figure.quire && figure.pdfmake && figure['pdfmake-nokeep'])
  console.log(
    `quire is ${(figure.pdfmake / figure.quire).toFixed(2)}× pdfmake, ${(figure['pdfmake-nokeep'] / figure.quire).toFixed(2)}× pdfmake without its keeps (target ≥ 5×)`,
  );
else console.log('ratio: not measured (quire did not render the report)');
rmSync(dir, { recursive: true, force: true });
