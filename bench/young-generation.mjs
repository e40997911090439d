// bench/young-generation.mjs — what V8's young generation costs and saves, in processes quire owns
// (bench/README.md, "ninth wave: table-10k memory"). Rounds alternate the variants; each figure is one
// fresh process: peak RSS (GNU time %M) and CPU seconds (user + system).
//   cli:    `node <dist>/cli.js render <file> -o …` for each build given (dist/ sets the launcher's
//           young-generation flag; a build without it — /work/main/dist before the ninth wave — is the base)
//   worker: one process per young-generation size (MB, piscina's resourceLimits.maxYoungGenerationSizeMb;
//           "default" = V8's own) renders <file> --n times in one worker thread; prints CPU ms a render
//           after the first, and the process's peak RSS
//   node bench/young-generation.mjs cli [--rounds 3] [--file desc.json] dist /work/main/dist
//   node bench/young-generation.mjs worker [--rounds 3] [--n 6] [--file desc.json] default 12 6
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const root = join(import.meta.dirname, '..');
if (!isMainThread) {
  // the worker: renders the file n times, posts the CPU ms of each render (thread CPU)
  const { dist, file, n } = workerData;
  const { render } = await import(pathToFileURL(join(dist, 'bench-entry.js')).href);
  const text = readFileSync(file, 'utf8');
  const ms = [];
  for (let i = 0; i < n; i++) {
    const d = JSON.parse(text);
    const t0 = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage();
    render(d);
    const t = process.threadCpuUsage ? process.threadCpuUsage(t0) : process.cpuUsage(t0);
    ms.push((t.user + t.system) / 1000);
  }
  parentPort.postMessage(ms);
} else {
  const argv = process.argv.slice(2);
  const opt = (k, d) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv.splice(i, 2)[1] : d;
  };
  const mode = argv.shift();
  const rounds = Number(opt('--rounds', 3));
  const n = Number(opt('--n', 6));
  const file = resolve(opt('--file', join(root, '..', 'shared', 'bench', 'scenarios', 'table-10k.json')));
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  if (mode === '--child') {
    const [dist, young] = argv;
    const resourceLimits = young === 'default' ? {} : { maxYoungGenerationSizeMb: Number(young) };
    const w = new Worker(import.meta.filename, { workerData: { dist, file, n }, resourceLimits });
    const ms = await new Promise((ok, no) => w.once('message', ok).once('error', no));
    await w.terminate();
    console.log(JSON.stringify({ ms, maxRss: +(process.resourceUsage().maxRSS / 1024).toFixed(1) }));
  } else if (mode === 'cli') {
    const dists = (argv.length ? argv : [join(root, 'dist')]).map((d) => resolve(d));
    const runs = new Map(dists.map((d) => [d, []]));
    const out = join(tmpdir(), `young-generation-${process.pid}.pdf`);
    for (let r = 0; r < rounds; r++)
      for (const d of dists) {
        const p = spawnSync(
          '/usr/bin/time',
          ['-f', '%M %U %S %e', process.execPath, join(d, 'cli.js'), 'render', file, '-o', out],
          { encoding: 'utf8', env: { ...process.env, QUIRE_CODE_CACHE: '0' } },
        );
        if (p.status !== 0) throw new Error(`${d}: ${p.stderr.slice(-500)}`);
        const [kb, u, s, e] = p.stderr.trim().split('\n').pop().split(' ').map(Number);
        runs.get(d).push({ rss: kb / 1024, cpu: u + s, wall: e });
      }
    console.log(
      `cli render ${file}, ${rounds} rounds, Node ${process.version}, load ${loadavg()[0].toFixed(2)}, ${new Date().toISOString()}`,
    );
    console.log(
      '| build | peak RSS MB (median; rounds) | CPU s (median; rounds) | wall s (median; rounds) |\n|---|---|---|---|',
    );
    for (const [d, xs] of runs) {
      const rss = xs.map((x) => x.rss.toFixed(1));
      const cpu = xs.map((x) => x.cpu.toFixed(2));
      const wall = xs.map((x) => x.wall.toFixed(2));
      console.log(
        `| ${d} | ${med(xs.map((x) => x.rss)).toFixed(1)}; ${rss.join(', ')} | ${med(xs.map((x) => x.cpu)).toFixed(2)}; ${cpu.join(', ')} | ${med(xs.map((x) => x.wall)).toFixed(2)}; ${wall.join(', ')} |`,
      );
    }
  } else if (mode === 'worker') {
    const dist = resolve(opt('--dist', join(root, 'dist')));
    const sizes = argv.length ? argv : ['default', '12', '6'];
    const runs = new Map(sizes.map((s) => [s, []]));
    for (let r = 0; r < rounds; r++)
      for (const s of sizes)
        runs
          .get(s)
          .push(
            JSON.parse(
              execFileSync(
                process.execPath,
                [import.meta.filename, '--child', dist, s, '--n', String(n), '--file', file],
                { encoding: 'utf8' },
              ),
            ),
          );
    console.log(
      `worker, ${n} renders of ${file}, ${rounds} rounds, Node ${process.version}, load ${loadavg()[0].toFixed(2)}, ${new Date().toISOString()}`,
    );
    console.log(
      '| maxYoungGenerationSizeMb | CPU ms a warm render (median of renders 2…n, each round) | first render ms | peak RSS MB (each round) |\n|---|---|---|---|',
    );
    for (const [s, xs] of runs)
      console.log(
        `| ${s} | ${xs.map((x) => med(x.ms.slice(1)).toFixed(0)).join(', ')} | ${xs.map((x) => x.ms[0].toFixed(0)).join(', ')} | ${xs.map((x) => x.maxRss).join(', ')} |`,
      );
  } else throw new Error('usage: young-generation.mjs cli|worker …');
}
