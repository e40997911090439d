// bench/warm-count.ts — how many warm-up renders (src/warm-up.ts) a fresh render thread needs before
// the bench's invoice costs what it costs in steady state (issue 20, tenth wave). For each count K, in
// a fresh process: K warm-up renders, then 16 invoice renders (a worker's share of bench/load.ts's 32
// warm-up calls), then the CPU ms of each of the next 60 invoice renders (mean). Counts alternated
// over --rounds. Run: npx tsx bench/warm-count.ts [--rounds 2] [--counts 0,50,100,200,400,800]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    counts: { type: 'string', default: '0,50,100,200,400,800' },
    child: { type: 'string' },
  },
});

if (values.child !== undefined) {
  const { render } = await import('../src/library.js');
  const { libraryFile } = await import('../engines/fonts/library.js');
  const { warmUpDescription } = await import('../src/warm-up.js');
  const b64 = (f: string) => Buffer.from(libraryFile(f)!).toString('base64');
  const [regular, bold] = [b64('noto_sans'), b64('noto_sans_bold')];
  const docs = [0, 1, 2, 3].map((n) => Buffer.from(warmUpDescription(n, regular, bold)));
  const invoice = readFileSync(new URL('../../shared/bench/scenarios/invoice.json', import.meta.url));
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const c0 = cpu();
  for (let i = 0; i < Number(values.child); i++) render({ description: docs[i % 4] });
  const warmMs = cpu() - c0;
  for (let i = 0; i < 16; i++) render({ description: invoice });
  const c1 = cpu();
  for (let i = 0; i < 60; i++) render({ description: invoice });
  console.log(JSON.stringify({ warmMs, invoiceMs: (cpu() - c1) / 60 }));
  process.exit(0);
}

const counts = values.counts.split(',').map(Number);
const by = new Map<number, { warm: number[]; invoice: number[] }>(counts.map((k) => [k, { warm: [], invoice: [] }]));
let commit = '?';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {}
console.log(`${new Date().toISOString()}, commit ${commit}, load ${loadavg()[0].toFixed(1)}`);
for (let r = 0; r < Number(values.rounds); r++)
  for (const k of counts) {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', new URL(import.meta.url).pathname, '--child', String(k)],
      {
        encoding: 'utf8',
      },
    );
    const v = JSON.parse(out.trim().split('\n').pop()!) as { warmMs: number; invoiceMs: number };
    by.get(k)!.warm.push(v.warmMs);
    by.get(k)!.invoice.push(v.invoiceMs);
    console.log(
      `round ${r + 1}, K=${k}: warm-up ${v.warmMs.toFixed(0)} ms CPU, invoice ${v.invoiceMs.toFixed(2)} ms CPU a render`,
    );
  }
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log('| warm-up renders | warm-up CPU ms (median) | invoice CPU ms a render, renders 17–76 (median) |');
console.log('|---:|---:|---:|');
for (const [k, v] of by) console.log(`| ${k} | ${median(v.warm).toFixed(0)} | ${median(v.invoice).toFixed(2)} |`);
console.log(`load ${loadavg()[0].toFixed(1)}`);
