// bench/pool-handoff.mjs — the render pool's own cost a call (issue 20, ninth wave): the event loop's
// CPU (its thread's user + system time from /proc) for N tiny renders (`{"items": []}`, a few tenths
// of a millisecond in the worker) sent through a build's RenderPool, 8 at a time, after a warm-up;
// builds alternated round by round, each in a child process of its own. What it measures is what the
// pool adds around a render on the server's thread (the task handed to piscina, the time limit, the
// cancel flag, the answer's hand-back), not the HTTP side. Linux only.
// Run: npm run build && node bench/pool-handoff.mjs [--calls 4000] [--rounds 3] dist [other/dist …]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    calls: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '3' },
    child: { type: 'string' },
  },
  allowPositionals: true,
});
const CALLS = Number(values.calls);

if (values.child) {
  const file = readdirSync(values.child).find((f) => /^pool-[A-Z0-9]+\.js$/.test(f));
  const { RenderPool } = await import(resolve(values.child, file));
  const pool = new RenderPool({ workers: 2, queue: 1024, timeLimitMs: 60_000 });
  const task = () => ({ description: new TextEncoder().encode('{"items": []}') });
  const batch = async (n) => {
    let next = 0;
    const lane = async () => {
      while (next++ < n) {
        const o = await pool.run(task());
        if (!o.ok) throw new Error(o.sentence);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
  };
  const cpu = () => {
    const f = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  await batch(1000);
  const c0 = cpu();
  const t0 = performance.now();
  await batch(CALLS);
  const ms = cpu() - c0;
  const wall = performance.now() - t0;
  console.log(JSON.stringify({ loop: (ms * 1000) / CALLS, perS: (CALLS * 1000) / wall }));
  await pool.close();
  process.exit(0);
}

const builds = positionals.length > 0 ? positionals : ['dist'];
console.log(
  `${new Date().toISOString()}, ${CALLS} tiny renders through RenderPool (2 workers, 8 at a time), Node ${process.version}`,
);
console.log('| build | event loop µs a call | renders/s | load |');
console.log('|---|---:|---:|---:|');
for (let round = 0; round < Number(values.rounds); round++)
  for (const b of builds) {
    const out = execFileSync(
      process.execPath,
      [new URL(import.meta.url).pathname, '--child', b, '--calls', String(CALLS)],
      {
        encoding: 'utf8',
      },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1));
    console.log(`| ${b} | ${r.loop.toFixed(0)} | ${r.perS.toFixed(0)} | ${loadavg()[0].toFixed(1)} |`);
  }
