// bench/validate.ts — how long validation takes for a description with 10 000 items (issue 3's
// target: under 100 ms): strict JSON reading, the schema, names, cross refusals and licences — every
// pass that runs before anything is drawn. Run: npx tsx bench/validate.ts
import { readDescription } from '../ir/read.js';
import { PASSES } from '../passes/index.js';
import type { Pass, PassContext } from '../passes/pass.js';
import { resolveClient } from '../src/clients.js';
import { NOTO_SANS_B64 } from '../test/support/fixtures.js';

const ITEMS = 10_000;
const RUNS = 15;

function description(): string {
  const items = [];
  for (let i = 0; i < ITEMS; i++) {
    const y = 800 - (i % 50) * 15;
    items.push(
      i % 2
        ? {
            type: 'rect',
            rect: { llx: 50, lly: y, urx: '{page_width} - 50', ury: y + 10 },
            fill: [0.9, 0.9, 0.9],
            pages: [1 + Math.floor(i / 50)],
          }
        : {
            type: 'text',
            rect: { llx: 50, lly: y, urx: 545, ury: y + 12 },
            content: [`row ${i}: the quick brown fox`],
            font: 'Body',
            font_size: 9,
            pages: [1 + Math.floor(i / 50)],
          },
    );
  }
  return JSON.stringify({ fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items });
}

const text = description();
const bytes = Buffer.from(text);
const validationPasses = (PASSES as readonly Pass<unknown, unknown>[]).slice(
  0,
  PASSES.findIndex((p) => p.id === 'pagination'),
);
const times: number[] = [];
// CPU time of this process too: on a machine other processes load, wall time mostly measures waiting.
const cpu: number[] = [];
for (let r = 0; r < RUNS + 2; r++) {
  const c = process.cpuUsage();
  const t = performance.now();
  let ir: unknown = readDescription(bytes);
  const ctx: PassContext = {
    parts: new Map(),
    client: resolveClient(undefined, undefined, undefined, new Date()),
    now: new Date(),
    remarks: [],
  };
  for (const p of validationPasses) ir = p.run(ir, ctx);
  if (r >= 2) {
    times.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
console.log(
  `validation of ${ITEMS} items (${(bytes.length / 1e6).toFixed(2)} MB, passes: read, ${validationPasses.map((p) => p.id).join(', ')})`,
);
console.log(
  `median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms over ${RUNS} runs (target < 100 ms)`,
);
console.log(
  `CPU time: median ${cpu[Math.floor(cpu.length / 2)].toFixed(1)} ms, min ${cpu[0].toFixed(1)} ms (garbage collection on other threads included)`,
);
