// bench/table-10k.mjs — time and peak RSS of table-10k (10 000 rows × 5 columns, 200 pages) for quire,
// pdfmake and PDFKit in the same run (issue 6). Two measures, rounds alternating the tools:
//   in-process: a fresh process per tool renders 1 warm-up document, then 3 timed ones (median ms,
//               peak RSS of that process), exactly as ../shared/bench/lib/inproc.mjs does for the peers;
//   whole process: one document in its own process (wall ms, peak RSS from /usr/bin/time).
// The peers' programs come from ../shared/bench (copied into node_modules/.cache/quire-bench with their
// npm deps on first use; the Liberation Sans faces they embed are taken from the scenario's own fonts).
//   npm run build && node bench/table-10k.mjs [--rounds 3]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Kept under node_modules/.cache, out of the way of git, tsc, vitest and the Docker context.
const cache = join(root, 'node_modules', '.cache', 'quire-bench');
const shared = join(cache, 'shared-bench');
const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1] || 3);

if (!existsSync(join(root, 'dist', 'bench-entry.js'))) throw new Error('run `npm run build` first');
mkdirSync(cache, { recursive: true });
if (!existsSync(join(shared, 'peers', 'node_modules'))) {
  for (const d of ['lib', 'peers', 'scenarios'])
    cpSync(join(root, '..', 'shared', 'bench', d), join(shared, d), { recursive: true });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(shared, 'peers'), stdio: 'inherit' });
}
// The peers read Liberation Sans from Debian's fonts-liberation2; the scenario carries the same faces.
const fonts = JSON.parse(readFileSync(join(root, 'bench', 'scenarios', 'table-10k.json'), 'utf8')).fonts;
const env = { ...process.env };
for (const f of fonts) {
  const file = join(cache, `LiberationSans-${f.name}.ttf`);
  if (!existsSync(file)) writeFileSync(file, Buffer.from(f.data, 'base64'));
  env[f.name === 'bold' ? 'BENCH_FONT_BOLD' : 'BENCH_FONT_REGULAR'] = file;
}

const TOOLS = ['quire', 'pdfkit', 'pdfmake'];
const inproc = (tool) =>
  tool === 'quire'
    ? ['node', [join(root, 'bench', 'lib', 'ours-table-10k.mjs'), 'inproc']]
    : ['node', [join(shared, 'lib', 'inproc.mjs'), '--tool', tool, '--scenario', 'table-10k', '--font', 'ttf']];
const once = (tool, out) =>
  tool === 'quire'
    ? ['node', [join(root, 'bench', 'lib', 'ours-table-10k.mjs'), 'once', '-o', out]]
    : ['node', [join(shared, 'peers', tool, 'table-10k.mjs'), '--font', 'ttf', '-o', out]];

const results = Object.fromEntries(TOOLS.map((t) => [t, { ms: [], rss: [], coldMs: [], coldRss: [] }]));
for (let r = 0; r < rounds; r++) {
  for (const tool of TOOLS) {
    const [cmd, a] = inproc(tool);
    const rec = JSON.parse(
      execFileSync(cmd, a, { env, encoding: 'utf8', maxBuffer: 1 << 24 })
        .trim()
        .split('\n')
        .pop(),
    );
    if (rec.error) throw new Error(`${tool}: ${rec.error}`);
    results[tool].ms.push(rec.median_ms);
    results[tool].rss.push(rec.peak_rss_mb);
    const out = join(cache, `${tool}-table-10k.pdf`);
    const [c2, a2] = once(tool, out);
    const t0 = performance.now();
    const p = spawnSync('/usr/bin/time', ['-f', '%M', c2, ...a2], { env, encoding: 'utf8' });
    const wall = performance.now() - t0;
    if (p.status !== 0) throw new Error(`${tool} (one document): ${p.stderr.slice(-500)}`);
    results[tool].coldMs.push(wall);
    results[tool].coldRss.push(parseInt(p.stderr.trim().split('\n').pop(), 10) / 1024);
  }
}
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const k = s.length;
  return k % 2 ? s[(k - 1) / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
};
const pages = (tool) => {
  try {
    return /Pages:\s+(\d+)/.exec(
      execFileSync('pdfinfo', [join(cache, `${tool}-table-10k.pdf`)], { encoding: 'utf8' }),
    )[1];
  } catch {
    return '?';
  }
};
console.log(`table-10k, ${rounds} rounds, Node ${process.version}, ${new Date().toISOString()}`);
console.log(
  '| tool | in-process ms/doc (median) | in-process peak RSS MB | one document: wall ms | one document: peak RSS MB | pages |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const tool of TOOLS) {
  const x = results[tool];
  console.log(
    `| ${tool} | ${med(x.ms).toFixed(0)} | ${med(x.rss).toFixed(0)} | ${med(x.coldMs).toFixed(0)} | ${med(x.coldRss).toFixed(0)} | ${pages(tool)} |`,
  );
}
