// bench/hosted.ts — the hosted front's overhead (issue 10): requests per second and p99 through
// `quire hosted` (key lookup, month count in SQLite, forwarding) against one render server, beside
// the same load sent straight to the render server. Both on loopback, autocannon, invoice scenario
// (a stand-in while this build refuses it). Then the same front beside a render server listening on a
// Unix socket (`quire serve --socket`, `--upstream unix:PATH`). Run: npm run build && npx tsx bench/hosted.ts [--seconds 10]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

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

const rows: string[] = [];
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
  try {
    const boundary = 'quirebenchboundary';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n`),
      Buffer.from(json),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const direct = () =>
      autocannon({
        url: transport === 'unix' ? 'http://localhost/render' : `${renderServer.url}/render`,
        ...(transport === 'unix' ? { socketPath: socket } : {}),
        method: 'POST',
        body: multipart,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        connections: CONNECTIONS,
        duration: SECONDS,
      });
    const hosted = () =>
      autocannon({
        url: `${front.url}/api/v1/render`,
        method: 'POST',
        body: json,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        connections: CONNECTIONS,
        duration: SECONDS,
      });
    // Warm both paths (workers parse the font once; the front opens its connections). Again after the
    // straight run: autocannon ends a run by closing its connections, the render server stops the
    // renders in flight by ending their workers, and the workers started in their place pay seconds
    // of start-up (schema compiling, the font) on their first calls — which the front's run measured
    // as its own tail (bench/README.md, "the front's tail").
    const warm = async (): Promise<void> => {
      await autocannon({
        url: transport === 'unix' ? 'http://localhost/render' : `${renderServer.url}/render`,
        ...(transport === 'unix' ? { socketPath: socket } : {}),
        method: 'POST',
        body: multipart,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        connections: 4,
        amount: 40,
      });
      await autocannon({
        url: `${front.url}/api/v1/render`,
        method: 'POST',
        body: json,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        connections: 4,
        amount: 40,
      });
    };
    if (transport === 'tcp') {
      await warm();
      const d = await direct();
      rows.push(
        `| straight to the render server | ${d.requests.average.toFixed(1)} | ${d.latency.p50} | ${d.latency.p99} | ${d['2xx']} | ${d.non2xx} |`,
      );
    }
    await warm();
    const h = await hosted();
    if (h.errors || h.timeouts) console.log(`through the front: ${h.errors} errors, ${h.timeouts} timeouts`);
    rows.push(
      `| through the hosted front (SQLite), ${transport === 'tcp' ? 'loopback TCP' : 'Unix socket'} to the render server | ${h.requests.average.toFixed(1)} | ${h.latency.p50} | ${h.latency.p99} | ${h['2xx']} | ${h.non2xx} |`,
    );
  } finally {
    await front.stop();
    await renderServer.stop();
  }
}
console.log(`\nscenario: ${name}; ${CONNECTIONS} connections for ${SECONDS} s each; Node ${process.version}`);
console.log('| path | req/s | p50 ms | p99 ms | 2xx | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) console.log(r);
