// bench/early-renders.mjs — the renders ../shared/bench/run.sh times: a fresh process per build and round,
// run.sh's warm-ups (invoice 5, report-100 1, table-10k 1), then the median of its timed renders
// (invoice 50, report-100 5, table-10k 3), the description parsed before each render, untimed, as the
// bench adapter does. Builds alternate within each round; per scenario and build it prints the median
// over rounds of each process's median wall ms, and of its GC ms (minor + major + incremental) and CPU ms
// (process user + system, so concurrent compiles and GC threads count) per timed render.
//   node bench/early-renders.mjs [--rounds 5] [--scenarios table-10k,report-100,invoice] dist /work/main/dist
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const scenarios = join(root, '..', 'shared', 'bench', 'scenarios');
const RUNS = { invoice: [5, 50], 'report-100': [1, 5], 'table-10k': [1, 3] };
const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const argv = process.argv.slice(2);

if (argv[0] === '--child') {
  const [, dist, scenario] = argv;
  const [warmup, n] = RUNS[scenario];
  const { render } = await import(pathToFileURL(join(dist, 'bench-entry.js')).href);
  const text = readFileSync(join(scenarios, `${scenario}.json`), 'utf8');
  let gc = 0;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.detail.kind !== constants.NODE_PERFORMANCE_GC_WEAKCB) gc += e.duration;
  }).observe({ entryTypes: ['gc'] });
  const wall = [];
  const gcs = [];
  const cpu = [];
  for (let i = 0; i < warmup + n; i++) {
    const d = JSON.parse(text);
    gc = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    render(d);
    const t = performance.now() - t0;
    const c = process.cpuUsage(c0);
    // the observer reports a render's collections on a later tick
    await new Promise((ok) => setImmediate(ok));
    if (i < warmup) continue;
    wall.push(t);
    gcs.push(gc);
    cpu.push((c.user + c.system) / 1000);
  }
  console.log(JSON.stringify({ wall: med(wall), gc: med(gcs), cpu: med(cpu), walls: wall }));
} else {
  const opt = (k, d) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv.splice(i, 2)[1] : d;
  };
  const rounds = Number(opt('--rounds', 5));
  const names = opt('--scenarios', 'table-10k,report-100,invoice').split(',');
  const dists = (argv.length ? argv : [join(root, 'dist')]).map((d) => resolve(d));
  const got = new Map();
  console.log(
    `load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}; ${rounds} rounds; ${new Date().toISOString()}`,
  );
  for (let r = 0; r < rounds; r++)
    for (const s of names)
      for (const d of r % 2 ? [...dists].reverse() : dists) {
        const p = spawnSync(process.execPath, [import.meta.filename, '--child', d, s], { encoding: 'utf8' });
        if (p.status !== 0) throw new Error(`${d} ${s}: ${p.stderr}`);
        const key = `${s}\t${d}`;
        if (!got.has(key)) got.set(key, []);
        got.get(key).push(JSON.parse(p.stdout));
      }
  console.log('scenario\tbuild\twall ms (median of rounds; each a process median)\tGC ms/render\tCPU ms/render\tall');
  for (const [key, runs] of got)
    console.log(
      `${key}\t${med(runs.map((x) => x.wall)).toFixed(1)}\t${med(runs.map((x) => x.gc)).toFixed(1)}\t${med(runs.map((x) => x.cpu)).toFixed(1)}\t${runs.map((x) => x.wall.toFixed(0)).join(' ')}`,
    );
  console.log(
    `load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}
