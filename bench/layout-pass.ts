// bench/layout-pass.ts — the layout pass alone (issue 21): a scenario read and paginated once, then
// the layout pass run on that same paged IR again and again in one process; median CPU ms
// (process.cpuUsage, GC threads included) and wall ms per run after warm-ups (and the least of each), and the heap the laid
// pages hold (heapUsed after a full GC with them alive, less it after they are dropped; needs
// --expose-gc, else omitted). `--root` names another source tree (e.g. main's) to measure instead,
// so two trees can be alternated, each in its own process:
//   npx tsx bench/layout-pass.ts [--root /work/main] [--runs 9] [table-10k|report-100|invoice|file.json]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv.splice(i, 2)[1] : dflt;
};
const root = resolve(opt('--root', join(import.meta.dirname, '..')));
const runs = Number(opt('--runs', '9'));
const scenario = argv[0] ?? 'table-10k';
const file = scenario.endsWith('.json')
  ? resolve(scenario)
  : join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', `${scenario}.json`);

const load = (p: string) => import(pathToFileURL(join(root, p)).href);
const { render } = await load('src/library.ts');
const { layout } = await load('passes/layout/layout.ts');
const { MemoryBudget, withMemoryBudget } = await load('ir/memory-budget.ts');

// the paged IR and the context pagination saw, caught through the library's trace hook
let paged: unknown;
const now = new Date(0);
const out = render({
  description: JSON.parse(readFileSync(file, 'utf8')),
  now,
  trace: (id: string, ir: unknown) => {
    if (id === 'pagination') paged = ir;
  },
});
if (!out.ok) throw new Error(out.sentence);
const ctx = { parts: new Map(), client: undefined, now, remarks: [] as unknown[] };
const gc = (globalThis as { gc?: () => void }).gc;
const once = () => withMemoryBudget(new MemoryBudget(1 << 30), () => layout.run(paged, { ...ctx, remarks: [] }));

for (let i = 0; i < 3; i++) once();
const cpu: number[] = [];
const wall: number[] = [];
for (let i = 0; i < runs; i++) {
  gc?.();
  const t = performance.now();
  const c = process.cpuUsage();
  once();
  const d = process.cpuUsage(c);
  wall.push(performance.now() - t);
  cpu.push((d.user + d.system) / 1000);
}
let held = '';
/** The last laid IR, kept alive while the heap is measured with it. */
export let laid: unknown;
if (gc) {
  gc();
  const m0 = process.memoryUsage();
  laid = once();
  gc();
  const m1 = process.memoryUsage();
  const mb = (b: number) => (b / 2 ** 20).toFixed(1);
  held = ` | laid pages hold ${mb(m1.heapUsed - m0.heapUsed)} MB of heap + ${mb(m1.arrayBuffers - m0.arrayBuffers)} MB of array buffers`;
}
const least = (xs: number[]) => xs.reduce((a, b) => Math.min(a, b)).toFixed(1);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
console.log(
  `${scenario} (${root}): layout CPU ${med(cpu)} ms, wall ${med(wall)} ms (median of ${runs}; least ${least(cpu)}, ${least(wall)})${held} | load ${loadavg()[0].toFixed(2)}`,
);
