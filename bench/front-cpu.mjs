// bench/front-cpu.mjs — the hosted front's CPU per call (issue 20: the front within 10 % of the render
// server). Starts one render server (`quire serve --socket`, from the first build) and, per build given,
// a front (`quire hosted --upstream unix:PATH`) on a SQLite store; posts the bench's invoice (1.1 MB
// of JSON, autocannon, 8 connections) through each front in turn, a fixed number of calls after a
// warm-up, rounds alternating the builds, and reads each process's user + system time from /proc
// before and after (the front's event loop apart from its other threads). CPU time is what other
// processes' load inflates least, so builds are compared by it on a loaded machine. Linux only.
// `--prof DIR` runs the fronts with --cpu-prof (profiles written to DIR on exit); `--trace-gc` counts
// the fronts' collections; `--log-level info` keeps the front's per-call log line (as deployed).
// `bare` in place of a build runs bench/lib/bare-proxy.mjs: the floor, a proxy that only passes bytes on.
// Run: npm run build && node bench/front-cpu.mjs [--calls 300] [--rounds 2] dist [other/dist …] [bare]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values, positionals } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '8' },
    prof: { type: 'string' },
    'trace-gc': { type: 'boolean', default: false },
    // more V8 flags for the fronts (space-separated), e.g. "--trace-gc-nvp"
    'node-flags': { type: 'string', default: '' },
    'log-level': { type: 'string', default: 'warn' },
    tcp: { type: 'boolean', default: false },
    // the render server listed twice (a second path to its socket): a fleet of two, so the front keeps
    // each call's bytes for a second attempt (src/hosted/fleet/replay.ts), as with two render servers
    'fleet-of-two': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const CALLS = Number(values.calls);
const builds = positionals.length > 0 ? positionals : ['dist'];
const json = readFileSync(new URL('../../shared/bench/scenarios/invoice.json', import.meta.url));
const data = mkdtempSync(join(tmpdir(), 'quire-front-cpu-'));
const cli = (dist) => resolve(dist.split('::')[0], 'cli.js');

spawnSync(
  process.execPath,
  [cli(builds[0]), 'admin', '--data', data, 'client', 'create', 'bench', '--quota', '1000000000'],
  {
    stdio: 'ignore',
  },
);
const key = spawnSync(process.execPath, [cli(builds[0]), 'admin', '--data', data, 'key', 'create', 'bench'], {
  encoding: 'utf8',
}).stdout.trim();
if (!key) throw new Error('no key made');

/** CPU ms (user + system) of a process: its first thread (the event loop), and the rest together; and system time. */
function cpu(pid) {
  let main = 0;
  let rest = 0;
  let sys = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1].split(' ');
      const ms = (Number(f[11]) + Number(f[12])) * 10;
      sys += Number(f[12]) * 10;
      if (Number(t) === pid) main += ms;
      else rest += ms;
    } catch {}
  }
  return { main, rest, sys };
}

function start(args, nodeFlags = []) {
  const child = spawn(process.execPath, [...nodeFlags, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let gcs = { scavenge: 0, markCompact: 0 };
  // --trace-gc writes to stdout, the log to stderr
  const count = (stream) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (c) => {
      text += c;
      let nl;
      while ((nl = text.indexOf('\n')) >= 0) {
        const line = text.slice(0, nl);
        text = text.slice(nl + 1);
        if (process.env.FRONT_GC_LOG) console.error(line);
        if (/Scavenge/.test(line)) gcs.scavenge++;
        else if (/Mark-Compact|Mark-sweep/i.test(line)) gcs.markCompact++;
      }
    });
  };
  count(child.stderr);
  count(child.stdout);
  const url = new Promise((ok, fail) => {
    let seen = '';
    child.stdout.on('data', (c) => {
      seen += c;
      const m = /listening on (\S+)(.*)/.exec(seen);
      if (m) {
        if (/render servers?\)/.test(m[2])) console.log(`front ${args[0]}:${m[2]}`);
        ok(m[1]);
      }
    });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited ${code}: ${seen}`)));
  });
  return {
    child,
    url,
    gcs: () => gcs,
    resetGcs: () => {
      gcs = { scavenge: 0, markCompact: 0 };
    },
    stop: () =>
      new Promise((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', ok);
        child.kill('SIGTERM'); // the front drains and exits (so --cpu-prof writes its profile)
      }),
  };
}

const socket = join(data, 'render.sock');
const server = start([
  cli(builds[0]),
  'serve',
  '--log-level',
  'warn',
  '--queue',
  '1000',
  ...(values.tcp ? ['--port', '0'] : ['--socket', socket]),
]);
const serverUrl = await server.url;
let upstream = values.tcp ? serverUrl : `unix:${socket}`;
if (values['fleet-of-two']) {
  if (values.tcp) throw new Error('--fleet-of-two needs the Unix socket');
  symlinkSync(socket, `${socket}-2`);
  upstream = `unix:${socket},unix:${socket}-2`;
}
const fronts = [];
for (const spec of builds) {
  // a build may carry Node flags of its own, and `quire hosted` options after a +:
  // dist::--node-flag::+--log-level=info
  const [dist, ...extra] = spec.split('::');
  const flags = extra.filter((x) => !x.startsWith('+'));
  const options = extra.filter((x) => x.startsWith('+')).map((x) => x.slice(1));
  if (values.prof) flags.push('--cpu-prof', `--cpu-prof-dir=${resolve(values.prof)}`);
  if (values['trace-gc']) flags.push('--trace-gc');
  flags.push(...values['node-flags'].split(' ').filter(Boolean));
  // `bare`: the floor, a proxy that does nothing but pass the body on (bench/lib/bare-proxy.mjs)
  if (spec === 'bare') {
    if (values.tcp || values['fleet-of-two']) throw new Error('bare takes the Unix socket, one server');
    const f = start([fileURLToPath(new URL('./lib/bare-proxy.mjs', import.meta.url)), socket], flags);
    fronts.push({ dist: spec, f, url: await f.url, main: [], rest: [], sys: [], server: [], p99: [], gc: [] });
    continue;
  }
  const f = start(
    [
      cli(dist),
      'hosted',
      '--port',
      '0',
      '--data',
      data,
      '--upstream',
      upstream,
      '--log-level',
      values['log-level'],
      ...options,
    ],
    flags,
  );
  const url = await f.url;
  fronts.push({ dist: spec, f, url, main: [], rest: [], sys: [], server: [], p99: [], gc: [] });
}
const post = (url, amount, connections) =>
  autocannon({
    url: `${url}/api/v1/render`,
    method: 'POST',
    body: json,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    amount,
    connections,
  });
for (const fr of fronts) await post(fr.url, 60, 4);
const started = new Date().toISOString().slice(11, 16);
const load0 = loadavg()[0].toFixed(1);
for (let r = 0; r < Number(values.rounds); r++) {
  const order = r % 2 === 0 ? fronts : [...fronts].reverse();
  for (const fr of order) {
    fr.f.resetGcs();
    const b = cpu(fr.f.child.pid);
    const s = cpu(server.child.pid);
    const res = await post(fr.url, CALLS, Number(values.connections));
    const a = cpu(fr.f.child.pid);
    const s2 = cpu(server.child.pid);
    const n = res['2xx'];
    if (n !== CALLS)
      console.log(`${fr.dist}: ${n} of ${CALLS} answered 2xx (${res.non2xx} non-2xx, ${res.errors} errors)`);
    fr.main.push((a.main - b.main) / n);
    fr.rest.push((a.rest - b.rest) / n);
    fr.sys.push((a.sys - b.sys) / n);
    fr.server.push((s2.main + s2.rest - s.main - s.rest) / n);
    fr.p99.push(res.latency.p99);
    fr.gc.push(fr.f.gcs());
  }
}
const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(
  `\n${CALLS} invoice calls a round × ${values.rounds} rounds, ${values.connections} connections, ${values.tcp ? 'loopback TCP' : 'Unix socket'} upstream${values['fleet-of-two'] ? ' listed twice (a fleet of two: bytes kept for a second attempt)' : ''}, log level ${values['log-level']}; ${started} UTC, load ${load0} → ${loadavg()[0].toFixed(1)}`,
);
console.log(
  '| build | front ms CPU a call: event loop + other threads = total (rounds) | of which system | render server ms CPU a call | p99 ms |',
);
console.log('|---|---|---:|---:|---|');
for (const fr of fronts) {
  const tot = fr.main.map((m, i) => m + fr.rest[i]);
  console.log(
    `| ${fr.dist} | ${med(fr.main).toFixed(2)} + ${med(fr.rest).toFixed(2)} = **${med(tot).toFixed(2)}** (${tot.map((t) => t.toFixed(2)).join(', ')}) | ${med(fr.sys).toFixed(2)} | ${med(fr.server).toFixed(2)} | ${fr.p99.join(', ')} |`,
  );
  if (values['trace-gc'])
    console.log(
      `  GCs per round: ${fr.gc.map((g) => `${g.scavenge} scavenges, ${g.markCompact} mark-compacts`).join('; ')}`,
    );
}
for (const fr of fronts) await fr.f.stop();
await server.stop();
