// bench/table-early.mjs — table-10k as ../shared/bench/run.sh measures it: a fresh process per build
// and round, ONE warm-up render, then the median of the next 3 (renders 2–4 of the process), with
// the process CPU of those renders (all threads), the minor/major GC milliseconds of those renders (PerformanceObserver 'gc') and the process's peak RSS.
// Builds alternate in each round, so both see the same load.
//   node bench/table-early.mjs [--rounds 5] [--file desc.json] [--n 3] dist /work/main/dist
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (k, d) => {
  const i = argv.indexOf(k);
  return i >= 0 ? argv.splice(i, 2)[1] : d;
};
const child = opt('--child', undefined);
const file = resolve(opt('--file', join(import.meta.dirname, '../../shared/bench/scenarios/table-10k.json')));
const n = Number(opt('--n', 3));

if (child) {
  const { render } = await import(pathToFileURL(join(resolve(child), 'bench-entry.js')).href);
  const text = readFileSync(file, 'utf8');
  let minor = 0;
  let major = 0;
  const obs = new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor += e.duration;
      else major += e.duration;
    }
  });
  obs.observe({ entryTypes: ['gc'] });
  const walls = [];
  // process CPU (every thread: compiles and GC helpers too): steadier than wall when the machine is loaded
  const cpus = [];
  const gcs = [];
  for (let i = 0; i <= n; i++) {
    const d = JSON.parse(text);
    minor = 0;
    major = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    render(d);
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
    // entries are delivered asynchronously: let them arrive before reading the sums
    await new Promise((r) => setImmediate(r));
    gcs.push([minor, major]);
  }
  const timed = walls.slice(1);
  const sorted = [...timed].sort((a, b) => a - b);
  const median = sorted[(sorted.length - 1) >> 1];
  const g = gcs.slice(1);
  process.stdout.write(
    JSON.stringify({
      first: walls[0],
      walls: timed,
      median,
      cpu: [...cpus.slice(1)].sort((a, b) => a - b)[(cpus.length - 2) >> 1],
      minor: g.reduce((s, x) => s + x[0], 0) / g.length,
      major: g.reduce((s, x) => s + x[1], 0) / g.length,
      rss: process.resourceUsage().maxRSS / 1024,
    }),
  );
} else {
  const rounds = Number(opt('--rounds', 5));
  const dists = argv;
  const all = new Map(dists.map((d) => [d, []]));
  console.log(
    `table-early: ${file}, ${rounds} rounds, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  for (let r = 0; r < rounds; r++) {
    for (const d of r % 2 ? [...dists].reverse() : dists) {
      const p = spawnSync(process.execPath, [import.meta.filename, '--child', d, '--file', file, '--n', String(n)], {
        encoding: 'utf8',
      });
      if (p.status !== 0) throw new Error(p.stderr);
      const x = JSON.parse(p.stdout);
      all.get(d).push(x);
      console.log(
        `  ${d}: first ${x.first.toFixed(0)}  renders 2–${n + 1} ${x.walls.map((w) => w.toFixed(0)).join(' ')}  median ${x.median.toFixed(0)} (cpu ${x.cpu.toFixed(0)})  gc minor ${x.minor.toFixed(0)} major ${x.major.toFixed(0)}  rss ${x.rss.toFixed(0)} MB`,
      );
    }
  }
  const med = (a) => [...a].sort((x, y) => x - y)[(a.length - 1) >> 1];
  for (const d of dists) {
    const xs = all.get(d);
    console.log(
      `${d}: median of medians ${med(xs.map((x) => x.median)).toFixed(0)} ms (process cpu ${med(xs.map((x) => x.cpu)).toFixed(0)}), gc minor ${med(xs.map((x) => x.minor)).toFixed(0)} major ${med(xs.map((x) => x.major)).toFixed(0)} ms a render, peak rss ${med(xs.map((x) => x.rss)).toFixed(0)} MB`,
    );
  }
  console.log(
    `load after ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}
