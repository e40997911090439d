// bench/startup.mjs — what a fresh `quire` process costs (issue 21): wall time and CPU time (user +
// system, from /usr/bin/time when present) of whole processes, medians over runs, builds alternated
// run by run so a loaded machine weighs on each alike:
//   render   `quire render examples/hello.json --part NotoSans-Regular.ttf=… -o tmp.pdf`  (target ≤ 250 ms wall)
//   verify   `quire verify hello.pdf --standard pdfa2b`, the one-page PDF render just wrote (target ≤ 300 ms)
//   version  `quire --version` (the floor of the command itself)
//   node     `node -e 0` (the floor of any Node process on this machine)
//   render-cold  render with the code cache off (QUIRE_CODE_CACHE=0): the first process after an install
// Each build renders and verifies once before the runs, so its code cache (src/cli-code-cache.ts) is
// made, as after any first use; the cache goes to a fresh folder of this run per build (QUIRE_CACHE_DIR).
// Usage: npm run build && node bench/startup.mjs [--runs 9] [dist/cli.js] [other/dist/cli.js …]
// A build is named by its cli.js; each must be built (`npm run build`, or `npx tsup` in a copy).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
let runs = 9;
const builds = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else builds.push(resolve(args[i]));
}
if (builds.length === 0) builds.push(join(root, 'dist/cli.js'));
for (const b of builds) if (!existsSync(b)) throw new Error(`${b} is missing: build it first (npm run build)`);

const tmp = mkdtempSync(join(tmpdir(), 'quire-startup-'));
const hello = join(root, 'examples/hello.json');
const font = `NotoSans-Regular.ttf=${join(root, 'examples/parts/NotoSans-Regular.ttf')}`;
const onePage = join(tmp, 'hello.pdf');
execFileSync(process.execPath, [builds[0], 'render', hello, '--part', font, '-o', onePage], { stdio: 'ignore' });
// one cache folder per build: a build writing its cache removes other builds' files of the same
// command, so builds sharing a folder would each run uncached, every run (until 2026-11-27 evening)
const cacheEnv = new Map(builds.map((b, i) => [b, { ...process.env, QUIRE_CACHE_DIR: join(tmp, `cache-${i}`) }]));
for (const b of builds) {
  const env = cacheEnv.get(b);
  execFileSync(process.execPath, [b, 'render', hello, '--part', font, '-o', join(tmp, 'warm.pdf')], {
    stdio: 'ignore',
    env,
  });
  spawnSync(process.execPath, [b, 'verify', onePage, '--standard', 'pdfa2b', '--quiet'], { stdio: 'ignore', env }); // FAIL: exit 1
}
const timeCmd = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

const scenarios = {
  render: (cli) => [cli, 'render', hello, '--part', font, '-o', join(tmp, 'out.pdf')],
  verify: (cli) => [cli, 'verify', onePage, '--standard', 'pdfa2b', '--quiet'],
  'render-cold': (cli) => [cli, 'render', hello, '--part', font, '-o', join(tmp, 'out.pdf')],
  version: (cli) => [cli, '--version'],
  node: () => ['-e', '0'],
};

/** One process: wall ms, CPU ms (user + system) or NaN without /usr/bin/time. */
function once(argv, env = process.env) {
  const t0 = process.hrtime.bigint();
  const r = timeCmd
    ? spawnSync(timeCmd, ['-f', '%U %S', process.execPath, ...argv], { encoding: 'utf8', env })
    : spawnSync(process.execPath, argv, { encoding: 'utf8', env });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const times = timeCmd ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [Number.NaN, 0];
  return { wall, cpu: (times[0] + times[1]) * 1000 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
})();
const load0 = loadavg()[0];
const samples = new Map();
for (let r = 0; r < runs; r++) {
  for (const [name, argv] of Object.entries(scenarios)) {
    for (const b of name === 'node' ? [builds[0]] : builds) {
      const key = `${name}\t${name === 'node' ? '-' : b}`;
      if (!samples.has(key)) samples.set(key, []);
      samples
        .get(key)
        .push(once(argv(b), name === 'render-cold' ? { ...cacheEnv.get(b), QUIRE_CODE_CACHE: '0' } : cacheEnv.get(b)));
    }
  }
}
console.log(
  `${new Date().toISOString()} node ${process.version}, commit ${commit}, load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}, ${runs} runs, medians`,
);
console.log('scenario\tbuild\twall ms\tcpu ms');
for (const [key, xs] of samples)
  console.log(`${key}\t${median(xs.map((x) => x.wall)).toFixed(0)}\t${median(xs.map((x) => x.cpu)).toFixed(0)}`);
