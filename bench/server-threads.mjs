// bench/server-threads.mjs — where the render server's CPU goes per call, thread by thread: starts
// `quire serve` from each build given (dist folders; builds alternated), posts the bench's invoice
// (autocannon, 8 connections, a fixed number of calls after a warm-up) and reads every thread's
// user + system time from /proc before and after. Threads are all named "node": the first is the
// event loop, the two busiest others the render workers, the four alike V8's platform threads
// (concurrent and parallel garbage collection). CPU time is what other processes' load inflates
// least, so builds are compared by it on a loaded machine. Linux only.
// `--paths serve,hosted` also runs the hosted front with the render pool in its own process (`quire
// hosted` naming no render server; its API call: the same invoice as application/json with a key),
// alternated with the render server call by call of the rounds, so the two compare thread by thread.
// `--prof DIR` writes a CPU profile of each server process into DIR (`--cpu-prof`; the server is
// then stopped with SIGTERM so that it writes it). `--perf DIR` records the event loop's thread
// on a CPU over the measured calls (`perf record -e cpu-clock`, the server run with
// `--perf-basic-prof`) into DIR/<path>-<round>.data: what a loaded machine distorts least.
// `--warm N` (default 40) calls before the measured ones: 800 leaves out V8's optimizing compiles.
// Run: npm run build && node bench/server-threads.mjs [--calls 300] [--warm 40] [--rounds 2] [--paths serve,hosted] [--prof DIR] dist [other/dist …]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values, positionals } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    // calls before the measured ones: the render workers' code is still being optimized by V8 for the
    // first few hundred calls (compiler threads, counted with the GC threads), ninth wave
    warm: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '2' },
    paths: { type: 'string', default: 'serve' },
    prof: { type: 'string' },
    perf: { type: 'string' },
  },
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

/** A data directory with one client and its key, for the hosted front of `dist`. */
const keys = new Map();
let recorded = 0;
function keyFor(dist) {
  if (!keys.has(dist)) {
    const data = mkdtempSync(join(tmpdir(), 'quire-bench-threads-'));
    const cli = resolve(dist, 'cli.js');
    execFileSync(process.execPath, [cli, 'admin', '--data', data, 'client', 'create', 'bench', '--quota', '100000000']);
    const key = execFileSync(process.execPath, [cli, 'admin', '--data', data, 'key', 'create', 'bench'], {
      encoding: 'utf8',
    }).trim();
    keys.set(dist, { data, key });
  }
  return keys.get(dist);
}

async function once(dist, path) {
  const hosted = path === 'hosted';
  const flags = values.prof ? ['--cpu-prof', '--cpu-prof-dir', values.prof] : [];
  if (values.perf) flags.push('--perf-basic-prof', '--interpreted-frames-native-stack');
  const args = hosted
    ? ['hosted', '--data', keyFor(dist).data, '--port', '0', '--log-level', 'warn']
    : ['serve', '--port', '0', '--log-level', 'warn'];
  const child = spawn(process.execPath, [...flags, resolve(dist, 'cli.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // the render server's queue as `quire serve` sets it by default, for the front's pool too
    env: { ...process.env, PORT: '', HOST: '' },
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
    hosted
      ? autocannon({
          url: `${url}/api/v1/render`,
          method: 'POST',
          body: json,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${keyFor(dist).key}` },
          amount,
          connections,
        })
      : autocannon({ url: `${url}/render`, method: 'POST', body, headers, amount, connections });
  await post(Number(values.warm), 4);
  const perf =
    values.perf &&
    spawn(
      'perf',
      [
        'record',
        '-q',
        '-e',
        'cpu-clock',
        '-g',
        '-t',
        String(child.pid),
        '-o',
        join(values.perf, `${path}-${++recorded}.data`),
      ],
      {
        stdio: 'ignore',
      },
    );
  if (perf) await new Promise((ok) => setTimeout(ok, 500));
  const before = threads(child.pid);
  const r = await post(CALLS, 8);
  const after = threads(child.pid);
  if (perf) {
    const done = new Promise((ok) => perf.once('exit', ok));
    perf.kill('SIGINT');
    await done;
  }
  if (values.prof) {
    const exited = new Promise((ok) => child.once('exit', ok));
    child.kill('SIGTERM');
    await exited;
  } else child.kill('SIGKILL');
  const per = [...after].map(([tid, [u, s]]) => {
    const [u0, s0] = before.get(tid) ?? [0, 0];
    return { tid, ms: (u - u0 + s - s0) / CALLS };
  });
  const main = per.find((p) => p.tid === child.pid)?.ms ?? 0;
  const others = per.filter((p) => p.tid !== child.pid && p.ms > 0).sort((a, b) => b.ms - a.ms);
  const workers = others.slice(0, 2).reduce((n, p) => n + p.ms, 0);
  const rest = others.slice(2).reduce((n, p) => n + p.ms, 0);
  console.log(
    `| ${dist} ${hosted ? 'hosted in-process' : 'serve'} | ${(main + workers + rest).toFixed(1)} | ${main.toFixed(1)} | ${workers.toFixed(1)} | ${rest.toFixed(1)} | ${r.requests.average.toFixed(1)} | ${r.latency.p99} | ${r['2xx']}/${CALLS} | ${loadavg()[0].toFixed(1)} |`,
  );
}

console.log(
  `${new Date().toISOString()}, invoice, ${CALLS} calls at 8 connections after ${values.warm}, Node ${process.version}`,
);
console.log(
  '| build | server CPU ms/call | event loop | render workers | other threads (GC, JIT) | req/s | p99 ms | 200 | load |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const paths = values.paths.split(',');
for (let round = 0; round < Number(values.rounds); round++)
  for (const b of builds) for (let i = 0; i < paths.length; i++) await once(b, paths[(round + i) % paths.length]);
