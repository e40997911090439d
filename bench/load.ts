// bench/load.ts — the render server under load (issue 8): `quire serve` in a child process on
// loopback, autocannon posting the invoice scenario at a fixed concurrency for a bounded time;
// prints throughput, p50/p99 latency and the server's peak RSS. Then the same while a 200-page
// render runs beside it in a loop, with /health sampled throughout (it must stay fast, small
// renders must keep flowing). Then the queue (issue 20): 4 heavy (100-page) renders and 40 invoices
// sent together, and 200 invoices sent at once, each with /health sampled throughout and the queue's
// figures from /metrics (expected wait, estimate, busy refusals).
// Run: npm run build && npx tsx bench/load.ts [--seconds 10] [--connections 8]
// The invoice alone, after N more calls of warm-up: npx tsx bench/load.ts --only invoice --seconds 8 [--warm 800]
// (builds alternated, a fresh server each, start-up beside: --rounds 3 --dist dist --dist /work/main/dist;
// `--dist dist+warm=0` starts that build with --warm-up 0)
// (`--dist dist+probe`: that build started with --probe-port 0 and /health sampled there.)
// Only the 200-invoice burst, builds compared in one run (each burst against a fresh server of each
// build in turn, the main thread's event-loop delay printed beside /health; --gaps the longest
// stretches, --warm-health the sampler's connection opened before the burst):
//   npx tsx bench/load.ts --only burst200 --rounds 3 --dist dist --dist bench/results/dist-before
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { FormData, request } from 'undici';
import { slowDescription } from '../test/support/child-server.js';
import { invoiceScenario } from './lib/invoice-scenario.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    only: { type: 'string' },
    dist: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '1' },
    // with --only invoice: calls at 8 connections before the measured seconds (besides the usual 32),
    // so V8 has optimized the workers' code (ninth wave: the first few hundred calls pay its compiles)
    warm: { type: 'string', default: '0' },
    // print the main thread's longest held stretches (bench/lib/loop-delay.mjs) after each burst
    gaps: { type: 'boolean', default: false },
    // the /health sampler opens its keep-alive connection (one call, not counted) before a burst
    // starts, as a front's pooled connection would be: its samples are then all on a connection the
    // burst's new ones do not stand before (src/server/accept.ts)
    'warm-health': { type: 'boolean', default: false },
    // every /health sample on a new connection of its own, closed after its answer, as a Kubernetes
    // probe (a new connection each period): what src/server/accept.ts's line makes it wait
    'fresh-health': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

function multipart(json: string): { body: Buffer; type: string } {
  const boundary = 'quirebench' + 'x'.repeat(16);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\nContent-Type: application/json\r\n\r\n`,
    ),
    Buffer.from(json),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** CPU time (user + system) the process has used, ms: a figure other processes' load inflates far less than wall time. */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const load1 = (): string => loadavg()[0].toFixed(1);

function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

interface Server {
  url: string;
  pid: number;
  stop: () => void;
  /** The main thread's event-loop delay since the last call (bench/lib/loop-delay.mjs). */
  loopDelay: () => Promise<string>;
  /** With `--dist X+probe`: the server's probe port (`--probe-port 0`), where /health is sampled. */
  probeUrl?: string;
  /** Wall ms from spawning to the "listening" line, and to the first /health 200 (workers warmed). */
  listeningMs: number;
  readyMs: number;
  /** The server's CPU ms (all threads) at those two moments. */
  cpuAtListening: number;
  cpuAtReady: number;
}

async function startServer(dist = 'dist', probePort = false, extraArgs: string[] = []): Promise<Server> {
  const spawned = performance.now();
  const child = spawn(
    process.execPath,
    [
      // e.g. QUIRE_BENCH_NODE_FLAGS='--trace-gc' or '--cpu-prof --cpu-prof-dir=/tmp/p'
      ...(process.env.QUIRE_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      '--import',
      new URL('./lib/loop-delay.mjs', import.meta.url).pathname,
      `${resolvePath(dist)}/cli.js`,
      'serve',
      '--port',
      '0',
      '--log-level',
      'warn',
      ...(probePort ? ['--probe-port', '0'] : []),
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let waiting: ((line: string) => void) | undefined;
  let probeUrl: string | undefined;
  const url = await new Promise<string>((resolve) => {
    child.stdout!.on('data', (c: Buffer) => {
      if (process.env.QUIRE_BENCH_SERVER_OUT) appendFileSync(process.env.QUIRE_BENCH_SERVER_OUT, c);
      out += c;
      const m = /listening on (\S+)/.exec(out);
      probeUrl = /probes on (\S+)/.exec(out)?.[1];
      if (m && (!probePort || probeUrl)) resolve(m[1]);
      const d = /loop-delay (\{.*\})\n/.exec(out);
      if (d && waiting) {
        out = out.slice(d.index + d[0].length);
        const w = waiting;
        waiting = undefined;
        const v = JSON.parse(d[1]) as Record<string, number> & {
          gaps: Record<string, number | string>[];
          healthServer: { n: number; p50: number; max: number; over50: number };
        };
        const held = v.gaps[0];
        const hs = v.healthServer;
        w(
          `/health in the server (accept to answer, first request of a connection) p50 ${hs.p50} ms, max ${hs.max} ms, ${hs.over50} over 50 ms of ${hs.n}; ` +
            `main thread ${v.mainCpu} ms on a CPU; event-loop delay max ${v.max} ms, p99 ${v.p99} ms, mean ${v.mean} ms; loop held on a CPU > 20 ms ${v.cpuGapsOver20} times (> 40 ms ${v.cpuGapsOver40}), longest ${held ? `${held.cpu} ms on a CPU of ${held.wall} ms` : 'none'}; main-thread mark-compacts ${v.majorGcs}, longest ${v.majorGcMax} ms, together ${v.majorGcSum} ms (all collections ${v.gcSum} ms)` +
            (values.gaps
              ? `\n  gaps (ms; gc, accepted, request heads, answers in each): ${v.gaps.map((g) => JSON.stringify(g)).join('\n    ')}`
              : ''),
        );
      }
    });
  });
  const listeningMs = performance.now() - spawned;
  // Issue 20, tenth wave: a server whose workers warm up answers /health 503 `warming` until they
  // have (src/warm-up.ts); calls sent before then wait for them. Builds before it answer 200 at once.
  const cpuAtListening = cpuMs(child.pid!);
  for (;;) {
    const h = await request(`${url}/health`).catch(() => undefined);
    await h?.body.dump();
    if (h?.statusCode === 200) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - spawned;
  const cpuAtReady = cpuMs(child.pid!);
  return {
    url,
    probeUrl,
    listeningMs,
    readyMs,
    cpuAtListening,
    cpuAtReady,
    pid: child.pid!,
    // SIGTERM first (a --cpu-prof is written on a clean exit), SIGKILL if it lingers.
    stop: () => {
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    },
    loopDelay: () =>
      new Promise((resolve) => {
        waiting = resolve;
        child.kill('SIGUSR2');
      }),
  };
}

async function load(url: string, body: Buffer, type: string): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/render`,
    method: 'POST',
    body,
    headers: { 'content-type': type },
    connections: CONNECTIONS,
    duration: SECONDS,
  });
}

function line(label: string, r: autocannon.Result, rss: number): string {
  return `| ${label} | ${r.requests.average.toFixed(1)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} | ${r.non2xx} | ${r.errors} | ${rss.toFixed(0)} |`;
}

/** GET /health every `everyMs` from a worker thread until stopped; the times (ms), and after stop() how many were not 200. */
function healthSampler(
  url: string,
  everyMs: number,
  warm = false,
  freshEach = false,
): { ready: Promise<void>; stop: () => Promise<number[]>; notOk: () => number } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = workerData.freshEach ? false : new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = workerData.freshEach ? { connection: 'close' } : {};
    let running = true;
    const times = [];
    parentPort.on('message', () => { running = false; });
    let fresh = 0;
    let notOk = 0;
    const once = () => new Promise((resolve) => {
      const t = performance.now();
      const req = http.get(workerData.url + '/health', { agent, headers }, (res) => { if (res.statusCode !== 200) notOk++; res.resume(); res.on('end', () => resolve(performance.now() - t)); })
        .on('error', (e) => {
          if (process.env.QUIRE_BENCH_SLOW) console.error('/health error', e.code, 'after', (performance.now() - t).toFixed(1), 'ms');
          notOk++;
          resolve(performance.now() - t);
        });
      req.on('socket', (sock) => {
        if (!req.reusedSocket) fresh++;
        if (process.env.QUIRE_BENCH_SLOW) sock.once('connect', () => { req.connected = performance.now() - t; });
      });
      if (process.env.QUIRE_BENCH_SLOW) req.on('close', () => {
        const all = performance.now() - t;
        if (all > 50) console.error('slow /health start@' + (performance.timeOrigin + t).toFixed(0), all.toFixed(1), 'ms: connected after', req.connected?.toFixed(1), 'at', (t - t0).toFixed(0), 'ms into the burst');
      });
    });
    const t0 = performance.now();
    (async () => {
      if (workerData.warm) await once();
      parentPort.postMessage('ready');
      while (running) {
        times.push(await once());
        await new Promise((r) => setTimeout(r, workerData.everyMs));
      }
      if (process.env.QUIRE_BENCH_FRESH) console.error('health sampler: connections opened', fresh, 'for', times.length, 'calls');
      parentPort.postMessage({ times, notOk });
      if (agent) agent.destroy();
    })();`;
  const w = new Worker(code, { eval: true, workerData: { url, everyMs, warm, freshEach } });
  const ready = new Promise<void>((resolve) => w.once('message', () => resolve()));
  let notOk = 0;
  return {
    ready,
    notOk: () => notOk,
    stop: () =>
      new Promise((resolve) => {
        w.once('message', (m: { times: number[]; notOk: number }) => {
          void w.terminate();
          notOk = m.notOk;
          resolve(m.times);
        });
        w.postMessage('stop');
      }),
  };
}

/** Sends `jsons` all at once; answers by status, wall time, /health every 20 ms meanwhile. */
async function burst(url: string, jsons: string[], healthUrl = url) {
  // /health is sampled from a thread of its own: this thread is busy sending 200 bodies, and its
  // own delays would otherwise be counted as the server's.
  const sampler = healthSampler(healthUrl, 20, values['warm-health'], values['fresh-health']);
  if (values['warm-health']) await sampler.ready;
  const t0 = performance.now();
  const statuses = await Promise.all(
    jsons.map(async (j) => {
      const m = multipart(j);
      try {
        const r = await request(`${url}/render`, { method: 'POST', body: m.body, headers: { 'content-type': m.type } });
        await r.body.dump();
        return r.statusCode;
      } catch (e) {
        // a refusal answered mid-upload closes the connection: the client may see EPIPE
        return (e as NodeJS.ErrnoException).code ?? 'error';
      }
    }),
  );
  const wall = performance.now() - t0;
  const health = await sampler.stop();
  const by: Record<string, number> = {};
  for (const st of statuses) by[st] = (by[st] ?? 0) + 1;
  // Unless --warm-health, the first sample opens the sampler's connection during the burst (a fresh connection waits its
  // turn among the burst's new ones, src/server/accept.ts); the later ones reuse it.
  const healthFirst = health[0] ?? 0;
  health.sort((a, b) => a - b);
  return {
    by,
    wall,
    healthP50: health[health.length >> 1] ?? 0,
    healthMax: health[health.length - 1] ?? 0,
    healthP90: health[Math.floor(health.length * 0.9)] ?? 0,
    healthOver50: health.filter((t) => t > 50).length,
    healthSamples: health.length,
    healthNotOk: sampler.notOk(),
    healthFirst,
  };
}

async function queueFigures(url: string): Promise<string> {
  const text = await (await request(`${url}/metrics`)).body.text();
  const get = (n: string) => /^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${n} `)) ?? '')?.[2];
  return `estimate ${(Number(get('quire_render_estimate_seconds')) * 1000).toFixed(1)} ms, busy refusals ${get('quire_busy_refusals')}`;
}

const { name, json } = invoiceScenario();
const { body, type } = multipart(json);

async function warm(url: string): Promise<void> {
  for (let i = 0; i < 4; i++)
    await autocannon({
      url: `${url}/render`,
      method: 'POST',
      body,
      headers: { 'content-type': type },
      amount: 8,
      connections: 4,
    });
}

if (values.only === 'burst200') {
  let commit = '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  console.log(
    `${new Date().toISOString()}, commit ${commit}, Node ${process.version}; 200 ${name} at once, a fresh server per burst`,
  );
  for (let round = 0; round < Number(values.rounds); round++)
    for (const dist of values.dist ?? ['dist']) {
      // `--dist X+probe`: build X started with --probe-port 0, /health sampled on that port
      const probe = dist.endsWith('+probe');
      const srv = await startServer(probe ? dist.slice(0, -'+probe'.length) : dist, probe);
      try {
        await warm(srv.url);
        await srv.loopDelay();
        const b = await burst(
          srv.url,
          Array.from({ length: 200 }, () => json),
          srv.probeUrl,
        );
        console.log(
          `${dist}: ${JSON.stringify(b.by)} in ${b.wall.toFixed(0)} ms; /health p50 ${b.healthP50.toFixed(1)} ms, p90 ${b.healthP90.toFixed(1)} ms, max ${b.healthMax.toFixed(1)} ms, ${b.healthOver50} over 50 ms of ${b.healthSamples} samples, ${b.healthNotOk} not 200 (${values['fresh-health'] ? 'each on a new connection; the first' : 'the first'}, ${values['warm-health'] ? 'on its warmed connection' : 'on a new connection'}, ${b.healthFirst.toFixed(1)} ms); ${await srv.loopDelay()}; load average ${load1()}`,
        );
      } finally {
        srv.stop();
      }
    }
  process.exit(0);
}

if (values.only === 'invoice') {
  // Only the invoice alone (e.g. under QUIRE_BENCH_NODE_FLAGS='--cpu-prof …'): req/s, latency, CPU per
  // call, and the start-up (spawn to listening, to ready: /health 200 once the workers have warmed).
  // Several --dist and --rounds: the builds alternated, a fresh server each. `--dist X+warm=N` starts
  // build X with --warm-up N (issue 20, tenth wave; builds before it have no such setting).
  let commit = '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  console.log(
    `${new Date().toISOString()}, commit ${commit}, Node ${process.version}; ${name}, ${CONNECTIONS} connections for ${SECONDS} s after 32 calls${Number(values.warm) > 0 ? ` and ${values.warm} more` : ''}`,
  );
  console.log(
    '| build | start-up: listening ms | ready ms | CPU ms to ready | req/s | p50 ms | p99 ms | 2xx | non-2xx | CPU ms a call | load before/after |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (let round = 0; round < Number(values.rounds); round++)
    for (const spec of values.dist ?? ['dist']) {
      const [dist, ...opts] = spec.split('+');
      const warmUp = opts.find((o) => o.startsWith('warm='))?.slice('warm='.length);
      const srv = await startServer(dist, false, warmUp === undefined ? [] : ['--warm-up', warmUp]);
      try {
        await warm(srv.url);
        if (Number(values.warm) > 0)
          await autocannon({
            url: `${srv.url}/render`,
            method: 'POST',
            body,
            headers: { 'content-type': type },
            amount: Number(values.warm),
            connections: CONNECTIONS,
          });
        const cpu0 = cpuMs(srv.pid);
        const loadBefore = load1();
        const r = await load(srv.url, body, type);
        const cpuPerCall = (cpuMs(srv.pid) - cpu0) / Math.max(1, r['2xx'] + r.non2xx);
        console.log(
          `| ${spec} | ${srv.listeningMs.toFixed(0)} | ${srv.readyMs.toFixed(0)} | ${srv.cpuAtReady} | ${r.requests.average.toFixed(1)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} | ${r.non2xx} | ${cpuPerCall.toFixed(1)} | ${loadBefore}/${load1()} |`,
        );
      } finally {
        srv.stop();
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  process.exit(0);
}

// `--dist other/dist` runs the whole bench against another build (one --dist: the first is taken).
const srv = await startServer(values.dist?.[0]);
try {
  // Warm the workers (font parsed once per process per worker).
  for (let i = 0; i < 4; i++)
    await autocannon({
      url: `${srv.url}/render`,
      method: 'POST',
      body,
      headers: { 'content-type': type },
      amount: 8,
      connections: 4,
    });
  const cpu0 = cpuMs(srv.pid);
  const loadBefore = load1();
  const alone = await load(srv.url, body, type);
  const cpuPerCall = (cpuMs(srv.pid) - cpu0) / Math.max(1, alone['2xx'] + alone.non2xx);
  const rssAlone = peakRss(srv.pid);

  // Beside one 200-page render, posted again as soon as it answers.
  const big = new FormData();
  big.append('json_data', slowDescription(600, 200));
  let bigDone = 0;
  let running = true;
  const bigLoop = (async () => {
    while (running) {
      const r = await request(`${srv.url}/render`, { method: 'POST', body: big });
      await r.body.dump();
      if (r.statusCode === 200) bigDone++;
    }
  })();
  const sampler = healthSampler(srv.url, 50);
  const beside = await load(srv.url, body, type);
  running = false;
  const health = await sampler.stop();
  await bigLoop;
  const rssBeside = peakRss(srv.pid);
  health.sort((a, b) => a - b);
  const q = (p: number) => health[Math.min(health.length - 1, Math.floor(p * health.length))].toFixed(1);

  let commit = '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {}
  console.log(
    `\n${new Date().toISOString()}, commit ${commit}, load average ${loadBefore} before, ${load1()} now (2 cores: other processes' load inflates every time here)`,
  );
  console.log(`scenario: ${name}; ${CONNECTIONS} connections for ${SECONDS} s each; Node ${process.version}`);
  console.log('| run | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(line(name, alone, rssAlone));
  console.log(`server CPU per call (all threads, alone run): ${cpuPerCall.toFixed(1)} ms`);
  console.log(line(`${name} beside a 200-page render`, beside, rssBeside));
  console.log(
    `\n200-page renders finished meanwhile: ${bigDone}; GET /health during it: ${health.length} samples, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${health[health.length - 1].toFixed(1)} ms`,
  );

  // The queue takes load (issue 20): bursts sent all at once.
  const heavy = slowDescription(2000, 100);
  const mixed = await burst(srv.url, [
    ...Array.from({ length: 4 }, () => heavy),
    ...Array.from({ length: 40 }, () => json),
  ]);
  console.log(
    `\nburst: 4 heavy (100 pages of 2 000 rects) + 40 ${name}: ${JSON.stringify(mixed.by)} in ${mixed.wall.toFixed(0)} ms; /health p50 ${mixed.healthP50.toFixed(1)} ms, max ${mixed.healthMax.toFixed(1)} ms over ${mixed.healthSamples} samples; ${await queueFigures(srv.url)}; load average ${load1()}`,
  );
  const many = await burst(
    srv.url,
    Array.from({ length: 200 }, () => json),
  );
  console.log(
    `burst: 200 ${name} at once: ${JSON.stringify(many.by)} in ${many.wall.toFixed(0)} ms; /health p50 ${many.healthP50.toFixed(1)} ms, max ${many.healthMax.toFixed(1)} ms over ${many.healthSamples} samples; ${await queueFigures(srv.url)}; load average ${load1()}`,
  );
} finally {
  srv.stop();
}
