// bench/passes.mjs — where a warm render's time goes, pass by pass (the library's trace hook), for
// the shared scenarios: median wall ms per render and median CPU ms (process.cpuUsage, what a loaded
// machine inflates least) per pass over N renders after W warm-ups, in one process.
//   npm run build && node bench/passes.mjs [--dist other/dist] [invoice|report-100|table-10k …]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const di = argv.indexOf('--dist');
const dist = resolve(di >= 0 ? argv.splice(di, 2)[1] : join(import.meta.dirname, '..', 'dist'));
const { render } = await import(join(dist, 'index.js'));
const S = join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios');
const plan = { invoice: [50, 5], 'report-100': [5, 1], 'table-10k': [3, 1] };
const only = argv;
for (const [s, [n, w]] of Object.entries(plan)) {
  if (only.length && !only.includes(s)) continue;
  const text = readFileSync(join(S, `${s}.json`), 'utf8');
  const per = new Map();
  const total = [];
  for (let i = 0; i < n + w; i++) {
    const description = JSON.parse(text);
    const t0 = performance.now();
    let c = process.cpuUsage();
    const trace = (id) => {
      const d = process.cpuUsage(c);
      c = process.cpuUsage();
      if (i >= w) per.set(id, [...(per.get(id) ?? []), (d.user + d.system) / 1000]);
    };
    const out = render({ description, now: new Date(0), trace });
    if (!out.ok) throw new Error(out.sentence);
    if (i >= w) total.push(performance.now() - t0);
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
  console.log(
    `${s}: wall ${med(total)} ms, CPU ms by pass: ${[...per].map(([id, xs]) => `${id} ${med(xs)}`).join(' | ')} | load ${loadavg()[0].toFixed(2)}`,
  );
}
