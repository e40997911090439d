// bench/rss-peak.mjs — where the peak RSS of one render in its own process is made: a fresh process
// per build and round renders one description through the library (dist/index.js `render`) and, at
// the end of each pass (the library's trace hook), records RSS, the process's peak so far
// (resourceUsage().maxRSS), V8's heap spaces (committed: new, old, large objects, code), external
// memory and ArrayBuffers. The pass whose row first shows the final peak is where it is made.
// Rounds alternate the builds; the table is the median of each cell.
//   node bench/rss-peak.mjs [--rounds 3] [--file desc.json] [--bytes] [--flags "--v8-flag …"]
//                           [--collect-after pagination,…] [--let-go] dist [other/dist …]
//   --bytes          hand the file's bytes to render (as `quire render` does), not the parsed value
//   --flags          V8 flags set after the import (as src/cli-launch.ts does for a large render)
//   --collect-after  a full collection at the end of these passes (src/cli-launch.ts: pagination)
//   --let-go         the caller drops the description once read (src/cli.ts)
// So `--bytes --flags --semi-space-growth-factor=1 --collect-after pagination --let-go` is what
// `quire render` does, and no option is what a library user's process does (bench/lib/ours-table-10k.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const argv = process.argv.slice(2);
const opt = (k, d) => {
  const i = argv.indexOf(k);
  return i >= 0 ? argv.splice(i, 2)[1] : d;
};
const flag = (k) => {
  const i = argv.indexOf(k);
  return i >= 0 && argv.splice(i, 1).length > 0;
};
const mb = (x) => +(x / 1048576).toFixed(1);

if (argv[0] === '--child') {
  const [, dist, file, bytes, flags, collectAfter, letGo] = argv;
  const rows = [];
  const at = (id) => {
    const m = process.memoryUsage();
    const s = Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, x.physical_space_size]));
    rows.push([
      id,
      mb(m.rss),
      +(process.resourceUsage().maxRSS / 1024).toFixed(1),
      mb(m.heapUsed),
      mb(s.new_space),
      mb(s.old_space),
      mb(s.large_object_space + (s.new_large_object_space ?? 0)),
      mb(s.code_space),
      mb(m.external),
      mb(m.arrayBuffers),
    ]);
  };
  at('node');
  const { render } = await import(pathToFileURL(join(dist, 'index.js')).href);
  at('imported');
  const input = { description: bytes === '1' ? readFileSync(file) : JSON.parse(readFileSync(file, 'utf8')) };
  at('description');
  if (flags) v8.setFlagsFromString(flags);
  let gc;
  const points = collectAfter ? collectAfter.split(',') : [];
  if (points.length) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
    v8.setFlagsFromString('--no-expose-gc');
  }
  input.now = new Date(0);
  input.trace = (id) => {
    if (id === 'read' && letGo === '1') input.description = undefined;
    at(id);
    if (points.includes(id)) gc();
  };
  const out = render(input);
  if (!out.ok) throw new Error(out.sentence);
  at('verified');
  console.log(JSON.stringify({ rows, bytes: out.pdf.length }));
} else {
  const rounds = Number(opt('--rounds', 3));
  const file = resolve(
    opt('--file', join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', 'table-10k.json')),
  );
  const flags = opt('--flags', '');
  const collectAfter = opt('--collect-after', '');
  const bytes = flag('--bytes');
  const letGo = flag('--let-go');
  const dists = (argv.length ? argv : [join(import.meta.dirname, '..', 'dist')]).map((d) => resolve(d));
  const runs = new Map(dists.map((d) => [d, []]));
  for (let r = 0; r < rounds; r++)
    for (const d of dists)
      runs
        .get(d)
        .push(
          JSON.parse(
            execFileSync(
              process.execPath,
              [import.meta.filename, '--child', d, file, bytes ? '1' : '0', flags, collectAfter, letGo ? '1' : '0'],
              { encoding: 'utf8' },
            ),
          ),
        );
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const how = [
    bytes && '--bytes',
    flags && `--flags "${flags}"`,
    collectAfter && `--collect-after ${collectAfter}`,
    letGo && '--let-go',
  ]
    .filter(Boolean)
    .join(' ');
  console.log(
    `${file}${how ? `, ${how}` : ''}, ${rounds} rounds, Node ${process.version}, load ${loadavg()[0].toFixed(2)}, ${new Date().toISOString()}`,
  );
  for (const d of dists) {
    const xs = runs.get(d);
    const last = (x) => x.rows[x.rows.length - 1][2];
    console.log(
      `\n${d}: peak RSS ${med(xs.map(last))} MB (rounds: ${xs.map(last).join(', ')}), PDF ${xs[0].bytes} bytes`,
    );
    console.log(
      '| point | RSS MB | peak so far | heap used | new space | old space | large objects | code | external | ArrayBuffers |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    xs[0].rows.forEach(([id], i) => {
      console.log(
        `| ${id} | ${[1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => med(xs.map((x) => x.rows[i][k]))).join(' | ')} |`,
      );
    });
  }
}
