// bench/deflate-thread.mjs — whether page content deflated on a second core (engines/pdf/deflate-pool.ts)
// pays: a fresh process per build and round (builds alternated), N renders of one document, and for
// each render the wall time, the main thread's own CPU and run-queue wait (Linux
// /proc/thread-self/schedstat, nanoseconds: on a loaded machine wall time mostly measures the other
// processes), the time it was blocked (wall less both: waiting for the deflate thread, or I/O), and
// the CPU of every other thread (the deflate thread, V8's GC and compiler helpers).
//   node bench/deflate-thread.mjs [--rounds 5] [--renders 6] [--file desc.json] [--off] dist /work/main/dist
//   --off runs each build twice more with QUIRE_DEFLATE_THREAD=0 (the same build, deflating in-thread)
//   node bench/deflate-thread.mjs --interleave 30 [--file desc.json] dist [/work/main/dist]
//   one process: three warm-up renders of each build, then N renders of each build and of the first build
//   with QUIRE_DEFLATE_THREAD=0, one by one in a rotating order (all see the same load and the same
//   process), medians of the main thread's CPU, wall and blocked time
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (k, d) => {
  const i = argv.indexOf(k);
  return i >= 0 ? argv.splice(i, 2)[1] : d;
};
const flag = (k) => {
  const i = argv.indexOf(k);
  return i >= 0 && argv.splice(i, 1).length > 0;
};
const child = opt('--child', undefined);
const interleave = Number(opt('--interleave', 0));
const file = resolve(opt('--file', join(import.meta.dirname, '../../shared/bench/scenarios/table-10k.json')));
const renders = Number(opt('--renders', 6));

/** [on-CPU ns, run-queue ns] of the calling thread. */
const sched = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').slice(0, 2).map(Number);

if (interleave) {
  const text = readFileSync(file, 'utf8');
  const builds = await Promise.all(
    argv.map(async (d) => [d, (await import(pathToFileURL(join(resolve(d), 'bench-entry.js')).href)).render]),
  );
  const runs = [...builds.map(([d, r]) => [d, r, false]), [`${builds[0][0]} (thread off)`, builds[0][1], true]];
  for (const [, r] of builds) for (let i = 0; i < 3; i++) r(JSON.parse(text));
  await new Promise((r) => setTimeout(r, 200));
  const res = runs.map(() => []);
  console.log(
    `deflate-thread: ${file}, interleaved × ${interleave}, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  for (let i = 0; i < interleave; i++) {
    for (let j = 0; j < runs.length; j++) {
      const k = (i + j) % runs.length;
      const [, r, off] = runs[k];
      if (off) process.env.QUIRE_DEFLATE_THREAD = '0';
      else delete process.env.QUIRE_DEFLATE_THREAD;
      const d = JSON.parse(text);
      const [c0, q0] = sched();
      const t0 = performance.now();
      r(d);
      const wall = performance.now() - t0;
      const [c1, q1] = sched();
      res[k].push({ wall, main: (c1 - c0) / 1e6, blocked: Math.max(0, wall - (c1 - c0) / 1e6 - (q1 - q0) / 1e6) });
      await new Promise((r) => setImmediate(r));
    }
  }
  delete process.env.QUIRE_DEFLATE_THREAD;
  const med = (a) => [...a].sort((x, y) => x - y)[(a.length - 1) >> 1];
  runs.forEach(([name], k) => {
    const at = (key) => med(res[k].map((x) => x[key])).toFixed(1);
    console.log(`  ${name}: main-thread CPU ${at('main')} ms, wall ${at('wall')}, blocked ${at('blocked')} (medians)`);
  });
  console.log(
    `load after ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} else if (child) {
  const { render } = await import(pathToFileURL(join(resolve(child), 'bench-entry.js')).href);
  const text = readFileSync(file, 'utf8');
  const rows = [];
  for (let i = 0; i < renders; i++) {
    const d = JSON.parse(text);
    const [c0, q0] = sched();
    const p0 = process.cpuUsage();
    const t0 = performance.now();
    render(d);
    const wall = performance.now() - t0;
    const [c1, q1] = sched();
    const p = process.cpuUsage(p0);
    const main = (c1 - c0) / 1e6;
    const queued = (q1 - q0) / 1e6;
    rows.push({
      wall,
      main,
      queued,
      blocked: Math.max(0, wall - main - queued),
      others: (p.user + p.system) / 1000 - main,
    });
  }
  process.stdout.write(JSON.stringify(rows));
} else {
  const rounds = Number(opt('--rounds', 5));
  const off = flag('--off');
  const runs = argv.flatMap((d) =>
    off
      ? [
          [d, false],
          [d, true],
        ]
      : [[d, false]],
  );
  const name = ([d, o]) => (o ? `${d} (thread off)` : d);
  const all = new Map(runs.map((r) => [name(r), []]));
  console.log(
    `deflate-thread: ${file}, ${rounds} rounds × ${renders} renders, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  for (let r = 0; r < rounds; r++) {
    for (const run of r % 2 ? [...runs].reverse() : runs) {
      const env = { ...process.env };
      if (run[1]) env.QUIRE_DEFLATE_THREAD = '0';
      const p = spawnSync(
        process.execPath,
        [import.meta.filename, '--child', run[0], '--file', file, '--renders', String(renders)],
        {
          encoding: 'utf8',
          env,
        },
      );
      if (p.status !== 0) throw new Error(p.stderr);
      all.get(name(run)).push(JSON.parse(p.stdout));
    }
  }
  const med = (a) => [...a].sort((x, y) => x - y)[(a.length - 1) >> 1];
  const f = (x) => x.toFixed(1).padStart(6);
  console.log(
    'median over rounds, per render of the process: wall | main-thread CPU | main run-queue | main blocked | other threads CPU (ms)',
  );
  for (const [key, xs] of all) {
    console.log(key);
    for (let i = 0; i < renders; i++) {
      const at = (k) => med(xs.map((x) => x[i][k]));
      console.log(
        `  render ${i + 1}: ${f(at('wall'))} | ${f(at('main'))} | ${f(at('queued'))} | ${f(at('blocked'))} | ${f(at('others'))}`,
      );
    }
  }
  console.log(
    `load after ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
}
