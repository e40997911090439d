// bench/lib/ours-table-10k.mjs — quire on bench/scenarios/table-10k.json, in a process of its own.
//   node bench/lib/ours-table-10k.mjs inproc [--n 3] [--warmup 1]   → one JSON line like the peers' inproc.mjs
//   node bench/lib/ours-table-10k.mjs once -o out.pdf                → one document, for whole-process runs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { render } = await import(pathToFileURL(join(root, 'dist', 'bench-entry.js')).href);
const text = readFileSync(join(root, 'bench', 'scenarios', 'table-10k.json'), 'utf8');
const args = process.argv.slice(2);
const opt = (k, d) => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : d;
};

if (args[0] === 'once') {
  const pdf = render(JSON.parse(text));
  if (opt('-o')) writeFileSync(opt('-o'), pdf);
} else {
  const n = Number(opt('--n', 3)),
    warmup = Number(opt('--warmup', 1));
  let pdf;
  for (let i = 0; i < warmup; i++) pdf = render(JSON.parse(text));
  const times = [];
  for (let i = 0; i < n; i++) {
    const d = JSON.parse(text); // parsed outside the timing, as the peers' hook does
    const t0 = performance.now();
    pdf = render(d);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = n % 2 ? times[(n - 1) / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  console.log(
    JSON.stringify({
      tool: 'quire',
      scenario: 'table-10k',
      font: 'ttf',
      n,
      warmup,
      median_ms: +median.toFixed(1),
      min_ms: +times[0].toFixed(1),
      max_ms: +times[n - 1].toFixed(1),
      peak_rss_mb: +(process.resourceUsage().maxRSS / 1024).toFixed(1),
      bytes: pdf.length,
    }),
  );
}
