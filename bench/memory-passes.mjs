// bench/memory-passes.mjs — what a process holds while it renders one table-10k (or another
// description), pass by pass: a fresh process per build and round, RSS and V8 heap used/committed after
// the import, the parse and each pass (the library's trace hook), and the peak RSS of the process
// (process.resourceUsage().maxRSS, as bench/lib/ours-table-10k.mjs measures it). With --live, a second
// process per build forces a full collection at each point (node --expose-gc) and prints the heap still
// reachable: the difference from "used" is garbage V8 has not collected yet. With --spaces, V8's heap
// spaces (committed MB, v8.getHeapSpaceStatistics) at the end of the render, beside the process's peak.
// Rounds alternate the builds.
//   npm run build && node bench/memory-passes.mjs [--rounds 3] [--live] [--spaces] [--file desc.json] dist [/work/main/dist …]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const flag = (k) => {
  const i = argv.indexOf(k);
  return i >= 0 ? argv.splice(i, 1) && true : false;
};
const opt = (k, d) => {
  const i = argv.indexOf(k);
  return i >= 0 ? argv.splice(i, 2)[1] : d;
};

if (argv[0] === '--child') {
  // one render in this process; prints one JSON line of [point, rss, heapUsed, heapTotal, live?] rows
  const [, dist, file, live] = argv;
  const mb = (x) => +(x / 1048576).toFixed(1);
  const rows = [];
  const at = (id) => {
    const m = process.memoryUsage();
    const row = [id, mb(m.rss), mb(m.heapUsed), mb(m.heapTotal), mb(m.external)];
    if (live === '1') {
      globalThis.gc();
      row.push(mb(process.memoryUsage().heapUsed));
    }
    rows.push(row);
  };
  at('node');
  const { render } = await import(pathToFileURL(join(dist, 'index.js')).href);
  at('imported');
  const { readFileSync } = await import('node:fs');
  const description = JSON.parse(readFileSync(file, 'utf8'));
  at('parsed');
  const out = render({ description, now: new Date(0), trace: at });
  if (!out.ok) throw new Error(out.sentence);
  const { getHeapSpaceStatistics } = await import('node:v8');
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.physical_space_size)]));
  console.log(
    JSON.stringify({ rows, maxRss: mb(process.resourceUsage().maxRSS * 1024), bytes: out.pdf.length, spaces }),
  );
} else {
  const rounds = Number(opt('--rounds', 3));
  const live = flag('--live');
  const spaces = flag('--spaces');
  const file = resolve(opt('--file', join(import.meta.dirname, 'scenarios', 'table-10k.json')));
  const dists = (argv.length ? argv : [join(import.meta.dirname, '..', 'dist')]).map((d) => resolve(d));
  const runs = new Map(dists.map((d) => [d, []]));
  for (let r = 0; r < rounds; r++)
    for (const d of dists) {
      const one = (l) =>
        JSON.parse(
          execFileSync(
            process.execPath,
            [...(l ? ['--expose-gc'] : []), import.meta.filename, '--child', d, file, l ? '1' : '0'],
            { encoding: 'utf8' },
          ),
        );
      const x = one(false);
      if (live) x.live = one(true).rows.map((row) => row[5]);
      runs.get(d).push(x);
    }
  const med = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  console.log(
    `${file}, ${rounds} rounds, Node ${process.version}, load ${loadavg()[0].toFixed(2)}, ${new Date().toISOString()}`,
  );
  for (const d of dists) {
    const xs = runs.get(d);
    console.log(`\n${d}: peak RSS ${med(xs.map((x) => x.maxRss))} MB (rounds: ${xs.map((x) => x.maxRss).join(', ')})`);
    console.log(`| point | RSS MB | heap used MB | heap committed MB | external MB |${live ? ' live heap MB |' : ''}`);
    console.log(`|---|---:|---:|---:|---:|${live ? '---:|' : ''}`);
    if (spaces)
      console.log(
        `heap spaces at the end, committed MB (first round): ${Object.entries(xs[0].spaces)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}\n`,
      );
    xs[0].rows.forEach(([id], i) => {
      const col = (k) => med(xs.map((x) => x.rows[i][k]));
      const l = live ? ` ${med(xs.map((x) => x.live[i]))} |` : '';
      console.log(`| ${id} | ${col(1)} | ${col(2)} | ${col(3)} | ${col(4)} |${l}`);
    });
  }
}
