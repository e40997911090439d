// bench/lib/long-tasks.mjs — the longest busy stretches of one thread's CPU profile (issue 20:
// what holds the event loop in a burst). A stretch is a run of samples none of which is `(idle)`;
// for each of the longest, its length and the functions (self time) and GC inside it.
// Run: node bench/lib/long-tasks.mjs CPU.….cpuprofile [--top 10] [--from ms] [--to ms]
// (profiles from QUIRE_BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-interval 200 --cpu-prof-dir=…').
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '10' },
    from: { type: 'string' },
    to: { type: 'string' },
    gap: { type: 'string', default: '0' },
  },
});
for (const file of positionals) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const label = (id) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const where = f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : '';
    return `${f.functionName || '(anonymous)'} ${where}`.trim();
  };
  // Parent links, to name each sample by its nearest frame in our own code or Node's.
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let t = p.startTime;
  const times = p.timeDeltas.map((d) => (t += d));
  const start = p.startTime;
  const from = values.from === undefined ? -Infinity : Number(values.from) * 1000 + start;
  const to = values.to === undefined ? Infinity : Number(values.to) * 1000 + start;
  // Stretches: consecutive non-idle samples (an idle gap of at most `gap` µs does not end one).
  const stretches = [];
  let cur;
  for (let i = 0; i < p.samples.length; i++) {
    const at = times[i];
    if (at < from || at > to) continue;
    const dt = i + 1 < p.samples.length ? times[i + 1] - at : 0;
    if (idle.has(p.samples[i])) {
      if (cur && at - cur.end > Number(values.gap)) {
        stretches.push(cur);
        cur = undefined;
      }
      continue;
    }
    if (!cur) cur = { begin: at, end: at, self: new Map(), stack: new Map() };
    cur.end = at + dt;
    const id = p.samples[i];
    cur.self.set(id, (cur.self.get(id) ?? 0) + dt);
    // The outermost frame below the root: which task (timer, socket read, message) this is.
    let top = id;
    while (parent.has(top) && parent.get(parent.get(top)) !== undefined) top = parent.get(top);
    cur.stack.set(top, (cur.stack.get(top) ?? 0) + dt);
  }
  if (cur) stretches.push(cur);
  stretches.sort((a, b) => b.end - b.begin - (a.end - a.begin));
  let busy = 0;
  for (const s of stretches) busy += s.end - s.begin;
  console.log(`${file}: ${stretches.length} busy stretches, ${(busy / 1000).toFixed(0)} ms busy`);
  for (const s of stretches.slice(0, Number(values.top))) {
    const ms = (s.end - s.begin) / 1000;
    const top = [...s.self].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  ${ms.toFixed(1)} ms at +${((s.begin - start) / 1000).toFixed(0)} ms:`);
    console.log(`    self: ${top.map(([id, us]) => `${label(id)} ${(us / 1000).toFixed(1)}`).join('; ')}`);
    const outer = [...s.stack].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(`    under: ${outer.map(([id, us]) => `${label(id)} ${(us / 1000).toFixed(1)}`).join('; ')}`);
  }
}
