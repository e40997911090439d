// bench/server-threads.mjs — where the render server's CPU goes per call, thread by thread: starts
// `quire serve` from each build given (dist folders; builds alternated), posts the bench's invoice
// (autocannon, 8 connections, a fixed number of calls after a warm-up) and reads every thread's
// user + system time from /proc before and after. Threads are all named "node": the first is the
// event loop, the two busiest others the render workers, the four alike V8's platform threads
// (concurrent and parallel garbage collection). CPU time is what other processes' load inflates
// least, so builds are compared by it on a loaded machine. Linux only.
// Run: npm run build && node bench/server-threads.mjs [--calls 300] [--rounds 2] dist [other/dist …]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values, positionals } = parseArgs({
  options: { calls: { type: 'string', default: '300' }, rounds: { type: 'string', default: '2' } },
  allowPositionals: true,
});
const CALLS = Number(values.calls);
const builds = positionals.length > 0 ? positionals : ['dist'];
const json = readFileSync(new URL('../../shared/bench/scenarios/invoice.json', import.meta.url));
const boundary = 'quirebenchxxxxxxxxxxxxxxxx';
const body = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\nContent-Type: application/json\r\n\r\n`,
  ),
  json,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

/** CPU ms (user, system) of every thread of a process, by thread id. */
function threads(pid) {
  const out = new Map();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(Number(t), [Number(f[11]) * 10, Number(f[12]) * 10]);
    } catch {}
  }
  return out;
}

async function once(dist) {
  const child = spawn(process.execPath, [resolve(dist, 'cli.js'), 'serve', '--port', '0', '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((ok) => {
    let seen = '';
    child.stdout.on('data', (c) => {
      seen += c;
      const m = /listening on (\S+)/.exec(seen);
      if (m) ok(m[1]);
    });
  });
  const post = (amount, connections) =>
    autocannon({ url: `${url}/render`, method: 'POST', body, headers, amount, connections });
  await post(40, 4);
  const before = threads(child.pid);
  const r = await post(CALLS, 8);
  const after = threads(child.pid);
  child.kill('SIGKILL');
  const per = [...after].map(([tid, [u, s]]) => {
    const [u0, s0] = before.get(tid) ?? [0, 0];
    return { tid, ms: (u - u0 + s - s0) / CALLS };
  });
  const main = per.find((p) => p.tid === child.pid)?.ms ?? 0;
  const others = per.filter((p) => p.tid !== child.pid && p.ms > 0).sort((a, b) => b.ms - a.ms);
  const workers = others.slice(0, 2).reduce((n, p) => n + p.ms, 0);
  const rest = others.slice(2).reduce((n, p) => n + p.ms, 0);
  console.log(
    `| ${dist} | ${(main + workers + rest).toFixed(1)} | ${main.toFixed(1)} | ${workers.toFixed(1)} | ${rest.toFixed(1)} | ${r.requests.average.toFixed(1)} | ${r.latency.p99} | ${r['2xx']}/${CALLS} | ${loadavg()[0].toFixed(1)} |`,
  );
}

console.log(`${new Date().toISOString()}, invoice, ${CALLS} calls at 8 connections, Node ${process.version}`);
console.log(
  '| build | server CPU ms/call | event loop | render workers | other threads (GC) | req/s | p99 ms | 200 | load |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (let round = 0; round < Number(values.rounds); round++) for (const b of builds) await once(b);
