// bench/passes-alternated.mjs — CPU ms by pass of warm table-10k renders, builds compared in turn:
// each build renders in a fresh process (2 warm-ups, then 7 renders, `process.cpuUsage` between the
// library's trace calls), builds alternated round by round; median over every render of every round.
//   npm run build && node bench/passes-alternated.mjs [--rounds 3] [--scenario file.json] dist /work/main/dist …
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const rounds = Number(opt('--rounds', '3'));
const scenario = resolve(
  opt('--scenario', join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', 'table-10k.json')),
);
const dists = args.map((d) => resolve(d));
const child = `
import { readFileSync } from 'node:fs';
const { render } = await import(process.argv[1] + '/index.js');
const text = readFileSync(process.argv[2], 'utf8');
const per = {};
for (let i = 0; i < 9; i++) {
  const description = JSON.parse(text);
  let c = process.cpuUsage();
  const c0 = c;
  const trace = (id) => {
    const d = process.cpuUsage(c);
    c = process.cpuUsage();
    if (i >= 2) (per[id] ??= []).push((d.user + d.system) / 1000);
  };
  const out = render({ description, now: new Date(0), trace });
  if (!out.ok) throw new Error(out.sentence);
  const d = process.cpuUsage(c0);
  if (i >= 2) (per.all ??= []).push((d.user + d.system) / 1000);
}
console.log(JSON.stringify(per));
`;
const seen = new Map(dists.map((d) => [d, {}]));
for (let r = 0; r < rounds; r++)
  for (const d of dists) {
    const out = JSON.parse(
      execFileSync('node', ['--input-type=module', '-e', child, d, scenario], { encoding: 'utf8' }),
    );
    for (const [k, v] of Object.entries(out)) (seen.get(d)[k] ??= []).push(...v);
    console.log(`round ${r + 1} load ${loadavg()[0].toFixed(1)} ${d}`);
  }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
const passes = ['read', 'names', 'pagination', 'layout', 'dedupe', 'emit', 'all'];
console.log(`\n| build | ${passes.join(' | ')} |\n|---|${passes.map(() => '---:').join('|')}|`);
for (const [d, per] of seen) console.log(`| ${d} | ${passes.map((p) => (per[p] ? median(per[p]) : '')).join(' | ')} |`);
