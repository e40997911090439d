// bench/hosted.ts — the hosted front's overhead (issue 10): requests per second and p99 through
// `quire hosted` (key lookup, month count in SQLite, forwarding) against one render server, beside
// the same load sent straight to the render server. Both on loopback, autocannon, invoice scenario
// (a stand-in while this build refuses it). Then the same front beside a render server listening on a
// Unix socket (`quire serve --socket`, `--upstream unix:PATH`). Per transport the straight run and the
// front's run alternate (`--rounds`, default 2: straight/front, then front/straight), each after a
// warm-up, so a drift in the machine's load falls on both alike; medians are printed, with the CPU
// time each process spent per call (from /proc: the steadier figure on a loaded machine; Linux only).
// The client (autocannon) runs in this process on the same cores, as it costs the same on both paths.
// Over TCP a third path runs in the same rounds: the front with the render pool in its own process
// (`quire hosted` naming no render server; docs/reference.md "One box"), its CPU the whole process's.
// The three alternate by round (each round starts with the next path), so drifts fall on all alike.
// Run: npm run build && npx tsx bench/hosted.ts [--seconds 10 | --calls N] [--rounds 2] [--order tcp,unix] [--in-process on|off]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { main } from '../src/cli.js';
import { startChildFront, startChildServer } from '../test/support/child-server.js';
import { invoiceScenario } from './lib/invoice-scenario.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    // the order of the two fronts' runs (alternate it: the machine's load drifts between them)
    order: { type: 'string', default: 'tcp,unix' },
    // straight and front runs per transport, alternated
    rounds: { type: 'string', default: '2' },
    // the front with the render pool in its own process, beside the two others over TCP
    'in-process': { type: 'string', default: 'on' },
    // a fixed number of calls a run rather than --seconds: no render is cut at a run's end (the
    // server then ends the worker and starts another, whose CPU a run by duration counts)
    calls: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);

const quiet = { out: () => {}, err: () => {}, env: {} };
const { name, json } = invoiceScenario();
const data = mkdtempSync(join(tmpdir(), 'quire-bench-hosted-'));
await main(['admin', '--data', data, 'client', 'create', 'bench', '--quota', '100000000'], quiet);
let key = '';
await main(['admin', '--data', data, 'key', 'create', 'bench'], {
  ...quiet,
  out: (s) => {
    key += String(s);
  },
});
key = key.trim();

/** CPU ms (user + system, all threads) a process has used so far. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let ms = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1].split(' ');
      ms += (Number(f[11]) + Number(f[12])) * 10;
    } catch {}
  }
  return ms;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  bad: number;
  serverCpu: number;
  frontCpu: number;
}
const med = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const rows: string[] = [];
const started = `${new Date().toISOString().slice(0, 16)} UTC, load ${loadavg()[0].toFixed(1)}`;
for (const transport of values.order.split(',') as ('tcp' | 'unix')[]) {
  const socket = join(data, 'render.sock');
  const renderServer = await startChildServer([
    '--log-level',
    'warn',
    '--queue',
    '1000',
    ...(transport === 'unix' ? ['--socket', socket] : []),
  ]);
  const front = await startChildFront(['--data', data, '--upstream', renderServer.url, '--log-level', 'warn']);
  // The same pool settings as the render server's (its queue from the environment, as quire serve reads it).
  const oneBox =
    transport === 'tcp' && values['in-process'] === 'on'
      ? await startChildFront(['--data', data, '--log-level', 'warn'], { QUIRE_QUEUE: '1000' })
      : undefined;
  try {
    const boundary = 'quirebenchboundary';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n`),
      Buffer.from(json),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const straightTarget = {
      url: transport === 'unix' ? 'http://localhost/render' : `${renderServer.url}/render`,
      ...(transport === 'unix' ? { socketPath: socket } : {}),
      method: 'POST' as const,
      body: multipart,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
    const frontTarget = {
      url: `${front.url}/api/v1/render`,
      method: 'POST' as const,
      body: json,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    };
    // Warm the path about to be measured (workers parse the font once; the front opens its
    // connections). Before every run: autocannon ends a run by closing its connections, the render
    // server stops the renders in flight by ending their workers, and the workers started in their
    // place pay seconds of start-up (schema compiling, the font) on their first calls — which the next
    // run would measure as its own tail (bench/README.md, "the front's tail").
    const oneBoxTarget = oneBox && { ...frontTarget, url: `${oneBox.url}/api/v1/render` };
    const measure = async (target: typeof straightTarget | typeof frontTarget, inProcess = false): Promise<Run> => {
      await autocannon({ ...target, connections: 4, amount: 40 });
      // In-process the one process is both: its CPU is the front's column.
      const serverPid = inProcess ? undefined : renderServer.child.pid;
      const frontPid = inProcess ? oneBox?.child.pid : front.child.pid;
      const s0 = inProcess ? 0 : cpuMs(serverPid);
      const f0 = cpuMs(frontPid);
      const r = await autocannon({
        ...target,
        connections: CONNECTIONS,
        ...(values.calls ? { amount: Number(values.calls) } : { duration: SECONDS }),
      });
      const n = Math.max(1, r['2xx']);
      if (r.errors || r.timeouts) console.log(`${target.url}: ${r.errors} errors, ${r.timeouts} timeouts`);
      return {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        ok: r['2xx'],
        bad: r.non2xx,
        serverCpu: inProcess ? Number.NaN : (cpuMs(serverPid) - s0) / n,
        frontCpu: (cpuMs(frontPid) - f0) / n,
      };
    };
    const straight: Run[] = [];
    const hosted: Run[] = [];
    const inProcess: Run[] = [];
    const paths: (() => Promise<void>)[] = [
      async () => void straight.push(await measure(straightTarget)),
      async () => void hosted.push(await measure(frontTarget)),
    ];
    if (oneBoxTarget) paths.push(async () => void inProcess.push(await measure(oneBoxTarget, true)));
    for (let r = 0; r < ROUNDS; r++) for (let i = 0; i < paths.length; i++) await paths[(r + i) % paths.length]();
    const row = (label: string, runs: Run[], front: boolean): string =>
      `| ${label} | ${med(runs.map((x) => x.rps)).toFixed(1)} (${runs.map((x) => x.rps.toFixed(1)).join(', ')}) | ${med(runs.map((x) => x.p50))} | ${med(runs.map((x) => x.p99))} (${runs.map((x) => x.p99).join(', ')}) | ${runs.reduce((a, x) => a + x.ok, 0)} | ${runs.reduce((a, x) => a + x.bad, 0)} | ${Number.isNaN(runs[0].serverCpu) ? '—' : med(runs.map((x) => x.serverCpu)).toFixed(2)} | ${front ? med(runs.map((x) => x.frontCpu)).toFixed(2) : '—'} |`;
    const where = transport === 'tcp' ? 'loopback TCP' : 'Unix socket';
    rows.push(row(`straight to the render server (${where})`, straight, false));
    rows.push(row(`through the hosted front (SQLite), ${where} to the render server`, hosted, true));
    const share = med(hosted.map((h) => h.rps)) / med(straight.map((x) => x.rps));
    rows.push(`| front ÷ straight, ${where} | ${(100 * share).toFixed(0)} % | | | | | | |`);
    if (inProcess.length) {
      rows.push(row('the hosted front in-process (one process: front and render pool)', inProcess, true));
      const p99 = med(inProcess.map((x) => x.p99)) / med(straight.map((x) => x.p99));
      rows.push(
        `| in-process ÷ straight | ${((100 * med(inProcess.map((x) => x.rps))) / med(straight.map((x) => x.rps))).toFixed(0)} % | | p99 ${(100 * p99).toFixed(0)} % | | | | |`,
      );
    }
  } finally {
    await oneBox?.stop();
    await front.stop();
    await renderServer.stop();
  }
}
console.log(
  `\nscenario: ${name}; ${CONNECTIONS} connections for ${values.calls ? `${values.calls} calls` : `${SECONDS} s`} each, ${ROUNDS} rounds alternated (medians, then each round); Node ${process.version}; ${started} → ${loadavg()[0].toFixed(1)}`,
);
console.log('| path | req/s | p50 ms | p99 ms | 2xx | non-2xx | render server ms CPU a call | front ms CPU a call |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
