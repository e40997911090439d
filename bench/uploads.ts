// bench/uploads.ts — issue 20's abandoned uploads: 20 multipart uploads of a 50 MB file part sent to
// one render server (in this process, a render that answers at once) and held open, then dropped.
// Prints the process's RSS rise while they are held and after they are dropped: parts past 8 MiB go
// to temporary files as they arrive (src/server/spool.ts), so the rise stays near 20 × 8 MiB at most.
// With --front the uploads go to the hosted front (`POST /api/v1/render`, a JSON body of 50 MB),
// which streams them through to the render server (both in this process).
//   npx tsx bench/uploads.ts [--front]
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { startFront } from '../src/hosted/front.js';
import { openStore } from '../src/hosted/open-store.js';
import { newApiKey } from '../src/hosted/store.js';
import { silentLogger, startServer } from '../src/server.js';

const FRONT = process.argv.includes('--front');

const UPLOADS = 20;
const MB_EACH = 50;
const srv = await startServer({
  port: 0,
  logger: silentLogger(),
  processMetrics: false,
  render: () => ({ ok: true, pdf: new Uint8Array([1]), pages: 1, remarks: [], findings: [] }),
});
let target = `${srv.url}/render`;
let auth: Record<string, string> = {};
let closeFront = async (): Promise<void> => {};
if (FRONT) {
  const store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'quire-uploads-')) });
  await store.createClient({ name: 'acme', quota: 1000, features: [], pageCeiling: null });
  const k = newApiKey();
  await store.addKey(k.id, k.hash, 'acme', new Date());
  const front = await startFront({ store, upstreams: [srv.url], logger: silentLogger(), processMetrics: false });
  target = `${front.url}/api/v1/render`;
  auth = { authorization: `Bearer ${k.key}` };
  closeFront = async () => {
    await front.close();
    await store.close();
  };
}
const B = 'uploadsbench';
const head = `--${B}\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{"items": []}\r\n--${B}\r\nContent-Disposition: form-data; name="big"; filename="b"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const chunk = FRONT ? Buffer.alloc(1 << 20, 0x61) : randomBytes(1 << 20);
const mb = (b: number) => `${Math.round(b / 1e6)} MB`;
let commit = '';
try {
  commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
} catch {}
console.log(
  `${new Date().toISOString()} commit ${commit} Node ${process.version} load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const before = process.memoryUsage().rss;
const aborts: AbortController[] = [];
const sent: Promise<void>[] = [];
for (let i = 0; i < UPLOADS; i++) {
  const ac = new AbortController();
  aborts.push(ac);
  let allSent!: () => void;
  sent.push(new Promise<void>((r) => (allSent = r)));
  async function* body() {
    yield Buffer.from(FRONT ? '{"items": [], "pad": "' : head);
    for (let n = 0; n < MB_EACH; n++) yield chunk;
    allSent();
    await new Promise(() => {}); // the upload is never finished
  }
  request(target, {
    method: 'POST',
    body: Readable.from(body()),
    headers: FRONT
      ? { ...auth, 'content-type': 'application/json' }
      : { 'content-type': `multipart/form-data; boundary=${B}` },
    signal: ac.signal,
  }).catch(() => undefined);
}
await Promise.all(sent);
await new Promise((r) => setTimeout(r, 1000));
const peak = process.resourceUsage().maxRSS * 1024;
console.log(
  `${UPLOADS} uploads of ${MB_EACH} MB held open${FRONT ? ' through the front' : ''}: RSS +${mb(process.memoryUsage().rss - before)}, peak +${mb(peak - before)} (client and server in one process)`,
);
for (const ac of aborts) ac.abort();
await new Promise((r) => setTimeout(r, 1000));
console.log(`dropped: RSS +${mb(process.memoryUsage().rss - before)}`);
await closeFront();
await srv.close();
process.exit(0);
