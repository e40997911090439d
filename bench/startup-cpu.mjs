// bench/startup-cpu.mjs — the CPU of a whole `quire render` / `quire verify` process to the microsecond
// (issue 21): each process is given a preload (NODE_OPTIONS=--require) that prints process.cpuUsage()
// at exit, where bench/startup.mjs reads /usr/bin/time's 10 ms ticks. Builds alternated run by run, each
// with its own code-cache folder made before the runs; medians. On a loaded machine the CPU of a process
// moves far less than its wall time, so a few ms between builds show here first.
//   npm run build && node bench/startup-cpu.mjs [--runs 15] dist/cli.js [/work/main/dist/cli.js …]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
let runs = 15;
const builds = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else builds.push(resolve(args[i]));
}
if (builds.length === 0) builds.push(join(root, 'dist/cli.js'));
const tmp = mkdtempSync(join(tmpdir(), 'quire-startup-cpu-'));
const preload = join(tmp, 'cpu-at-exit.cjs');
writeFileSync(
  preload,
  "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(2, '\\n@@cpu ' + (u.user + u.system) + '\\n'); });\n",
);
const hello = join(root, 'examples/hello.json');
const font = `NotoSans-Regular.ttf=${join(root, 'examples/parts/NotoSans-Regular.ttf')}`;
const onePage = join(tmp, 'hello.pdf');
execFileSync(process.execPath, [builds[0], 'render', hello, '--part', font, '-o', onePage], { stdio: 'ignore' });
const env = (i) => ({ ...process.env, QUIRE_CACHE_DIR: join(tmp, `cache-${i}`), NODE_OPTIONS: `--require ${preload}` });
const scenarios = {
  render: (b) => [b, 'render', hello, '--part', font, '-o', join(tmp, 'out.pdf')],
  verify: (b) => [b, 'verify', onePage, '--standard', 'pdfa2b', '--quiet'],
};
for (const [i, b] of builds.entries())
  for (const argv of Object.values(scenarios)) spawnSync(process.execPath, argv(b), { env: env(i) });
const results = new Map();
const load0 = loadavg()[0];
for (let r = 0; r < runs; r++)
  for (const [name, argv] of Object.entries(scenarios))
    for (const [i, b] of builds.entries()) {
      const t = process.hrtime.bigint();
      const p = spawnSync(process.execPath, argv(b), { env: env(i), encoding: 'utf8' });
      const wall = Number(process.hrtime.bigint() - t) / 1e6;
      const cpu = Number(/@@cpu (\d+)/.exec(p.stderr)?.[1]) / 1000;
      const key = `${name}\t${b}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push([cpu, wall]);
    }
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(
  `${new Date().toISOString()} node ${process.version}, load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${runs} runs, medians`,
);
console.log('scenario\tbuild\tcpu ms\twall ms');
for (const [key, v] of results)
  console.log(`${key}\t${median(v.map((x) => x[0])).toFixed(1)}\t${median(v.map((x) => x[1])).toFixed(0)}`);
