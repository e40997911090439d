// bench/cpu-per-render.mjs — CPU time of the rendering process per warm render (process.cpuUsage),
// for comparing builds on a loaded machine where wall times swing: invoice and report-100 (the
// shared scenarios, metadata left out as bench/typesetting.ts does) and table-10k (bench/scenarios).
// Each build given renders in its own process, builds alternated round by round.
//   npm run build && node bench/cpu-per-render.mjs [--rounds 3] dist/bench-entry.js [other/dist/bench-entry.js …]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const HERE = import.meta.dirname;
const args = process.argv.slice(2);
if (args[0] === '--one') {
  // child: one build, one round
  const { render } = await import(resolve(args[1]));
  const shared = join(HERE, '..', '..', 'shared', 'bench', 'scenarios');
  const scenario = (file) => {
    const d = JSON.parse(readFileSync(file, 'utf8'));
    delete d.metadata;
    return d;
  };
  const cpu = (d, n, warm) => {
    for (let i = 0; i < warm; i++) render(d);
    const c = process.cpuUsage();
    for (let i = 0; i < n; i++) render(d);
    const u = process.cpuUsage(c);
    return Math.round(((u.user + u.system) / 1000 / n) * 100) / 100;
  };
  console.log(
    JSON.stringify({
      invoice: cpu(scenario(join(shared, 'invoice.json')), 200, 20),
      'report-100': cpu(scenario(join(shared, 'report-100.json')), 6, 2),
      'table-10k': cpu(scenario(join(HERE, 'scenarios', 'table-10k.json')), 2, 1),
    }),
  );
} else {
  const ri = args.indexOf('--rounds');
  const rounds = ri >= 0 ? Number(args[ri + 1]) : 3;
  const builds = args.filter((a, i) => a !== '--rounds' && i !== ri + 1);
  if (!builds.length) builds.push(join(HERE, '..', 'dist', 'bench-entry.js'));
  const seen = new Map(builds.map((b) => [b, []]));
  for (let r = 0; r < rounds; r++) {
    for (const b of builds) {
      const out = JSON.parse(
        execFileSync('node', [import.meta.filename, '--one', b], { encoding: 'utf8' })
          .trim()
          .split('\n')
          .pop(),
      );
      seen.get(b).push(out);
      console.log(`round ${r + 1} load ${loadavg()[0].toFixed(1)} ${b}: ${JSON.stringify(out)}`);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('\n| build | invoice CPU ms | report-100 CPU ms | table-10k CPU ms |\n|---|---:|---:|---:|');
  for (const [b, runs] of seen) {
    console.log(
      `| ${b} | ${median(runs.map((x) => x.invoice))} | ${median(runs.map((x) => x['report-100']))} | ${median(runs.map((x) => x['table-10k']))} |`,
    );
  }
}
