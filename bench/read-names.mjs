// bench/read-names.mjs — the reading and names passes of table-10k alone, builds compared in turn: each
// build in a fresh process renders up to the names pass (the render stopped there by its trace hook).
//   • bytes allocated while reading (the sampling heap profiler, collected objects included), and the
//     bytes still live after reading and after names (gc forced): deterministic, what load does not move;
//   • CPU ms of reading + names per warm render (`process.cpuUsage`, mean, median and least of N).
//   npm run build && node bench/read-names.mjs [--n 30] [--rounds 2] dist /work/main/dist …
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const n = Number(opt('--n', '30'));
const rounds = Number(opt('--rounds', '2'));
const scenario = join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', 'table-10k.json');
const child = `
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
const { render } = await import(process.argv[1] + '/index.js');
const text = readFileSync(process.argv[2], 'utf8');
const n = Number(process.argv[3]);
const upTo = (last, keep) => (id, ir) => { if (id === last) { keep?.(ir); throw new Error('stop'); } };
render({ description: JSON.parse(text), now: new Date(0), trace: upTo('names') });
const s = new Session();
s.connect();
await s.post('HeapProfiler.enable');
const sum = (node) => node.selfSize + node.children.reduce((a, c) => a + sum(c), 0);
const mb = {};
for (const [last, all] of [['read', true], ['read', false], ['names', false]]) {
  const description = JSON.parse(text);
  gc();
  await s.post('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMajorGC: all, includeObjectsCollectedByMinorGC: all });
  let ir;
  render({ description, now: new Date(0), trace: upTo(last, (x) => { ir = x; }) });
  gc();
  mb[(all ? 'allocated in ' : 'live after ') + last] = +(sum((await s.post('HeapProfiler.stopSampling')).profile.head) / 2 ** 20).toFixed(1);
  void ir;
}
s.disconnect();
const xs = [];
for (let i = 0; i < n + 3; i++) {
  const description = JSON.parse(text);
  const c = process.cpuUsage();
  render({ description, now: new Date(0), trace: upTo('names') });
  const d = process.cpuUsage(c);
  if (i >= 3) xs.push((d.user + d.system) / 1000);
}
xs.sort((a, b) => a - b);
console.log(JSON.stringify({ mb, mean: xs.reduce((a, b) => a + b, 0) / n, median: xs[n >> 1], least: xs[0] }));
`;
const dists = args.map((d) => resolve(d));
const rows = new Map(dists.map((d) => [d, []]));
for (let r = 0; r < rounds; r++)
  for (const d of dists) {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--input-type=module', '-e', child, d, scenario, String(n)],
      {
        encoding: 'utf8',
      },
    );
    rows.get(d).push({ ...JSON.parse(out.trim().split('\n').pop()), load: loadavg()[0] });
    console.error(`round ${r + 1} load ${loadavg()[0].toFixed(1)} ${d}`);
  }
const f = (x) => x.toFixed(1);
console.log(
  '\n| build | allocated in read MB | live after read MB | live after names MB | read+names CPU ms mean / median / least (each round) |',
);
console.log('|---|---:|---:|---:|---|');
for (const [d, rs] of rows) {
  const m = rs[0].mb;
  const cpu = rs.map((x) => `${f(x.mean)} / ${f(x.median)} / ${f(x.least)}`).join('; ');
  console.log(`| ${d} | ${m['allocated in read']} | ${m['live after read']} | ${m['live after names']} | ${cpu} |`);
}
