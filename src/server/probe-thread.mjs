// src/server/probe-thread.mjs — the probe port's own thread (issue 20, tenth wave: /health under
// 50 ms throughout a burst). Started by src/server/probe.ts as a worker thread: its own event loop
// and its own heap, so neither the main thread's reading of a burst's bodies nor its garbage
// collections hold a probe up. It answers from a block of memory the main thread shares with it
// (layout in probe.ts, PROBE_BLOCK): the main thread writes its current /health answer (status,
// JSON body, whether it drains) and a heartbeat stamp there every PROBE_HEARTBEAT_MS; here a probe is
// answered with that body, or 503 when the stamp is older than `staleMs` (the main thread has not
// had a turn for that long: a stuck server is not reported healthy). Plain JavaScript so it runs as
// it is from the sources (vitest, tsx) as well as from dist/ (tsup.config.ts builds it as
// dist/probe-thread.js).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { port, host, block, staleMs, version, notFound, clientErrors, headersTimeout, requestTimeout, log, nice } =
  workerData;

// Above the process's other threads where it may be (Linux sets a nice value per thread; lowering it
// needs CAP_SYS_NICE or RLIMIT_NICE, which a container does not give by default: then it stays as
// it is). On a loaded machine what delays a probe here is waiting for a CPU (src/server/probe.ts).
try {
  setPriority(nice);
} catch {
  // not allowed: the process's priority
}

// The block's layout (src/server/probe.ts, PROBE_BLOCK): Int32 [0] sequence (odd while the main
// thread writes), [1] status, [2] body length, [3] draining (0/1); BigInt64 at byte 16 the
// heartbeat (ms, performance.timeOrigin + performance.now()); the body's UTF-8 bytes from byte 24.
const words = new Int32Array(block, 0, 4);
const beat = new BigInt64Array(block, 16, 1);
const bytes = new Uint8Array(block, 24);

/** The main thread's last answer, read whole (never half of one write and half of the next). */
function snapshot() {
  for (;;) {
    const before = Atomics.load(words, 0);
    if (before & 1) {
      // a write in progress (microseconds): wait for it
      Atomics.wait(words, 0, before, 1);
      continue;
    }
    const status = words[1];
    const length = words[2];
    const draining = words[3] === 1;
    const body = Buffer.from(bytes.subarray(0, length));
    if (Atomics.load(words, 0) === before) return { status, body, draining, at: Number(Atomics.load(beat, 0)) };
  }
}

const now = () => performance.timeOrigin + performance.now();

function pathOf(url) {
  const raw = url ?? '/';
  const q = raw.search(/[?#]/);
  return q === -1 ? raw : raw.slice(0, q);
}

/** As src/server.ts's printablePath: bounded, control characters escaped. */
function printablePath(path) {
  const short = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return short.replace(/[\x00-\x1F\x7F]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** As src/server.ts's requestIdOf: the sent `x-request-id` when a short printable token, else a UUID. */
function requestIdOf(req) {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && /^[\x21-\x7E]{1,128}$/.test(sent) ? sent : randomUUID();
}

/** The refusal notFound (404) or, with `allow`, 405, as src/server.ts writes it. */
function refused(status, method, path, allow) {
  const body = notFound.sentence.replace('\uE000', method).replace('\uE001', printablePath(path));
  const headers = [...notFound.headers];
  if (allow) headers.push(['allow', allow]);
  return { status, headers, body: Buffer.from(body, 'utf8'), contentType: notFound.contentType };
}

const server = http.createServer((req, res) => {
  const started = performance.now();
  const requestId = requestIdOf(req);
  res.setHeader('x-request-id', requestId);
  req.on('error', () => {});
  res.on('error', () => {});
  const method = req.method ?? 'GET';
  const path = pathOf(req.url);
  let a;
  let draining = false;
  if (path !== '/health') a = refused(404, method, path);
  else if (method !== 'GET' && method !== 'HEAD') a = refused(405, method, path, 'GET, HEAD');
  else {
    const s = snapshot();
    draining = s.draining;
    const stale = now() - s.at > staleMs;
    a = {
      status: stale ? 503 : s.status,
      headers: [['x-svc-version', version]],
      body: s.body,
      contentType: 'application/json; charset=utf-8',
    };
  }
  for (const [name, value] of a.headers) res.setHeader(name, value);
  res.setHeader('content-type', a.contentType);
  res.setHeader('content-length', a.body.byteLength);
  res.setHeader('x-content-type-options', 'nosniff');
  // While draining, answers close their connection (as the main port's); a body sent to the probe
  // port is not read: the connection closes after the answer.
  const pending =
    !req.complete && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0);
  if (draining || pending) res.setHeader('connection', 'close');
  res.statusCode = a.status;
  res.end(a.body);
  if (pending) res.once('finish', () => req.socket.destroySoon());
  if (log)
    res.once('close', () =>
      parentPort.postMessage({
        requestId,
        method,
        path: printablePath(path),
        status: a.status,
        ms: Math.round(performance.now() - started),
        bytesOut: a.body.byteLength,
        complete: res.writableFinished,
      }),
    );
});
server.headersTimeout = headersTimeout;
server.requestTimeout = requestTimeout;
server.on('clientError', (e, socket) => {
  if (!socket.writable || e.code === 'ECONNRESET') return socket.destroy();
  const raw =
    e.code === 'HPE_HEADER_OVERFLOW'
      ? clientErrors[431]
      : e.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? clientErrors[408]
        : clientErrors[400];
  socket.end(raw);
});

server.once('error', (e) => parentPort.postMessage({ failed: `${e.code ?? ''} ${e.message}` }));
server.listen(port, host, () => {
  const a = server.address();
  parentPort.postMessage({ listening: { address: a.address, family: a.family, port: a.port } });
});
