// src/server.ts — the server a customer runs (spec: Endpoints, POST /render and GET /health): plain
// node:http, no framework. It gathers the body while it streams in, under the body cap, reads the
// multipart form (src/server/form.ts, in the render's worker when there is a pool), calls the very
// `render()` the library exports and writes the answer src/answer.ts builds. It never decides anything about the document itself. With a pool
// (src/pool.ts) renders run in worker threads, so /health and other uploads never wait on a render.
import { randomUUID } from 'node:crypto';
import { statSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, connect, isIP, type Socket } from 'node:net';
import { type Logger, pino } from 'pino';
import { libraryFaceCount } from '../engines/fonts/library.js';
import { DEFAULT_RENDER_MEMORY_BYTES } from '../ir/memory-budget.js';
import { refusal } from '../ir/messages.js';
import { type Answer, answerHealth, answerOutcome, answerRefusal, JSON_TYPE, type RefusalLike } from './answer.js';
import type { render as libraryRender } from './library.js';
import { OPENAPI_JSON, OPENAPI_PATH } from './openapi.js';
import { PoolError, type RenderPool } from './pool.js';
import type { RenderTask } from './render-worker.js';
import { Doorway } from './server/accept.js';
import { clientErrorAnswer, clientErrorStatus } from './server/client-error.js';
import { isFormRefusal, isRefusal, readForm } from './server/form.js';
import { Intake } from './server/intake.js';
import { type MemoryPlan, memoryReport, planServerMemory, registerMemoryMetrics } from './server/memory.js';
import { createMetrics, type ServerMetrics } from './server/metrics.js';
import { listenProbe } from './server/probe.js';
import { PartSpool, SPOOL_THRESHOLD } from './server/spool.js';
import { trustedPeers } from './server/trusted.js';
import type { Outcome } from './types.js';
import { BUILD } from './version.js';

/** spec Limits: request body 536 870 912 bytes (512 MiB) by default, a server setting. */
export const DEFAULT_BODY_CAP = 536_870_912;
/** Where the CLI listens unless told otherwise (PORT / HOST, --port / --host). */
export const DEFAULT_PORT = 8080;
/** Loopback only: `x-svc-client` is trustworthy only because the front alone can reach us (spec: Authentication 2). */
export const DEFAULT_HOST = '127.0.0.1';
/** How long the rest of a refused upload is read and thrown away before the connection is cut. */
export const DEFAULT_LINGER_MS = 3000;
/** A client must send the request head within this (ms); slower ones are cut (Node answers 408). */
export const DEFAULT_HEADER_TIMEOUT_MS = 30_000;
/** A client must send the whole request within this (ms): 512 MiB at under 1 MB/s is not served. */
export const DEFAULT_BODY_TIMEOUT_MS = 600_000;
/** How long SIGTERM waits for renders in flight before the process exits anyway (ms). */
export const DEFAULT_GRACE_MS = 30_000;

export interface ServerOptions {
  /** Largest body accepted, in bytes; past it 413 `body_too_large`. Default DEFAULT_BODY_CAP. */
  bodyCap?: number;
  /** The render function; the library's by default (tests may inject another). */
  render?: typeof libraryRender;
  /** Whether a licence covers the day (GET /health `licensed`). Default: false. */
  licensed?: () => boolean;
  /** Number of fonts in the general library (GET /health `faces`). Default: the faces installed (engines/fonts/library.ts). */
  faces?: () => number;
  /** Build number sent in `x-svc-version` and /health. Default: BUILD. */
  version?: string;
  /** Structured log (pino): a line per answer and every remark in full (spec Limits). Default: info to stderr. */
  logger?: Logger;
  /** See DEFAULT_LINGER_MS. */
  lingerMs?: number;
  /** Worker threads that render; absent: `render` runs in the server's own thread (tests, the CLI). */
  pool?: RenderPool;
  /** See DEFAULT_HEADER_TIMEOUT_MS / DEFAULT_BODY_TIMEOUT_MS. */
  headerTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Process metrics (memory, event loop…) beside the render metrics at GET /metrics. Default true. */
  processMetrics?: boolean;
  /**
   * Addresses besides loopback whose `x-svc-client` is honoured (spec: Authentication 2: the header
   * is trustworthy only because only the front reaches the server). From any other address the
   * header is ignored and the call renders under the default settings.
   */
  trustedFronts?: readonly string[];
  /** Who vouches for the licence (GET /health `licence_issuer`, `operator_issuers`). */
  issuers?: { licence?: 'built-in' | 'operator'; operator: readonly string[] };
  /**
   * Request bodies held at once (being received, waiting or rendering), bytes; an upload that would
   * pass it is answered 503 `server` at once. Default DEFAULT_BODY_BUDGET.
   */
  bodyBudget?: number;
  /**
   * On shutdown (SIGTERM), how long the server goes on accepting calls while GET /health already says
   * `draining` (503), so fronts and load balancers stop choosing it before it stops accepting (ms,
   * within the grace). Default 0; `quire serve` DEFAULT_DRAIN_NOTICE_MS.
   */
  drainNoticeMs?: number;
  /**
   * The server's memory budget, bytes: renders in flight (each at its budget, `renderMemory`) plus
   * request bodies held never pass it (src/server/memory.ts). Absent: the workers' budgets plus
   * `bodyBudget`. A pool with more workers than it holds renders at once is refused (RangeError).
   */
  serverMemory?: number;
  /** One render's memory budget, bytes, as the renders are given it (for the server's budget and /health). Default DEFAULT_RENDER_MEMORY_BYTES. */
  renderMemory?: number;
}

/** See ServerOptions.drainNoticeMs: two of the front's health intervals (src/hosted/fleet/fleet.ts). */
export const DEFAULT_DRAIN_NOTICE_MS = 2000;

/** See ServerOptions.bodyBudget: 1 GiB, two bodies at the spec's cap. */
export const DEFAULT_BODY_BUDGET = 1024 * 1024 * 1024;

export interface StartOptions extends ServerOptions {
  port?: number;
  host?: string;
  /** A Unix socket path to listen on instead of host:port (a stale socket file there is replaced). */
  socket?: string;
  /** A second port, at `host`, answering only GET /health from a thread of its own: probes there are answered at once during a burst (src/server/probe.ts). */
  probePort?: number;
  /** The probe port answers 503 when the main thread has had no turn for this long (ms). Default PROBE_STALE_MS (src/server/probe.ts). */
  probeStaleMs?: number;
}

export interface RunningServer {
  server: http.Server;
  /** e.g. `http://127.0.0.1:8080` (the port actually bound, also when 0 was asked for). */
  url: string;
  /** Stops at once: connections cut, renders abandoned. */
  close(): Promise<void>;
  /**
   * Graceful stop (SIGTERM): no new connections, idle ones closed, calls in flight finished within
   * `graceMs`, then everything closed. Resolves true when nothing was cut short.
   */
  shutdown(graceMs?: number): Promise<boolean>;
  /** Calls being received, rendered or answered now. */
  readonly inFlight: number;
  /** The probe port's URL, when `probePort` was given. */
  probeUrl?: string;
}

interface Settings {
  bodyCap: number;
  /** The render of calls without a pool; undefined: the library's, loaded on the first such call. */
  render: typeof libraryRender | undefined;
  pool: RenderPool | undefined;
  licensed: () => boolean;
  faces: () => number;
  version: string;
  logger: Logger;
  lingerMs: number;
  metrics: ServerMetrics;
  trustedFronts: (address: string) => boolean;
  bodyBudget: number;
  /** Bytes of request bodies held now. */
  bodiesHeld: number;
  issuers: { licence?: 'built-in' | 'operator'; operator: readonly string[] };
  /** Calls in flight (counted from the request head to the answer's close). */
  inFlight: number;
  draining: boolean;
  drainNoticeMs: number;
  /** Listening on a Unix socket: every caller is a process of this machine allowed to open it. */
  unixSocket: boolean;
  memory: MemoryPlan;
  /** Bodies read a share a turn, so a burst of uploads never holds the event loop (src/server/intake.ts). */
  intake: Intake;
}

const settingsOf = new WeakMap<http.Server, Settings>();

/** The server's default logger: JSON lines on stderr at `info`. */
export function defaultLogger(level = 'info'): Logger {
  return pino({ level, base: { service: 'quire', version: BUILD } }, pino.destination(2));
}

/** A logger that writes nothing (tests, embedding). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** Creates the HTTP server (not listening yet). */
export function createServer(opts: ServerOptions = {}): http.Server {
  // Issue 20: renders' budgets plus bodies within the server's (src/server/memory.ts).
  const workers = opts.pool?.threads ?? 1;
  const memory = planServerMemory({
    limit: opts.serverMemory,
    perRender: opts.renderMemory ?? DEFAULT_RENDER_MEMORY_BYTES,
    workers,
    bodyCap: opts.bodyCap ?? DEFAULT_BODY_CAP,
    bodyBudget: opts.bodyBudget ?? DEFAULT_BODY_BUDGET,
  });
  if (memory.renderSlots < workers)
    throw new RangeError(
      `the server's memory holds ${memory.renderSlots} renders at once, fewer than the pool's ${workers} workers: size the pool by planServerMemory`,
    );
  const s: Settings = {
    bodyCap: opts.bodyCap ?? DEFAULT_BODY_CAP,
    render: opts.render,
    pool: opts.pool,
    licensed: opts.licensed ?? (() => false),
    faces: opts.faces ?? libraryFaceCount,
    version: opts.version ?? BUILD,
    logger: opts.logger ?? defaultLogger(),
    lingerMs: opts.lingerMs ?? DEFAULT_LINGER_MS,
    metrics: createMetrics(() => opts.pool, opts.processMetrics ?? true),
    trustedFronts: trustedPeers(opts.trustedFronts ?? []),
    unixSocket: false,
    issuers: opts.issuers ?? { operator: [] },
    bodyBudget: memory.bodyBudget,
    bodiesHeld: 0,
    inFlight: 0,
    draining: false,
    drainNoticeMs: opts.drainNoticeMs ?? 0,
    memory,
    intake: new Intake(),
  };
  registerMemoryMetrics(s.metrics.registry, () => memoryReport(s.memory, s.pool?.running ?? 0, s.bodiesHeld));
  if (!(s.bodyCap >= 0)) throw new RangeError(`bodyCap must be a number of bytes, not ${String(opts.bodyCap)}`);

  const headerTimeout = opts.headerTimeoutMs ?? DEFAULT_HEADER_TIMEOUT_MS;
  const bodyTimeout = opts.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  // Node checks the two timeouts every `connectionsCheckingInterval` (30 s by default): check often
  // enough that a short setting holds.
  const checkEvery = Math.max(100, Math.min(1000, Math.floor(Math.min(headerTimeout, bodyTimeout) / 2)));
  const server = http.createServer({ connectionsCheckingInterval: checkEvery }, (req, res) => guarded(s, req, res));
  server.headersTimeout = Math.min(headerTimeout, bodyTimeout);
  server.requestTimeout = bodyTimeout;
  settingsOf.set(server, s);
  // Issue 20: new connections let in a few at a time, so no turn reads 200 first requests (src/server/accept.ts).
  new Doorway().install(server);
  server.on('clientError', (e: NodeJS.ErrnoException, socket: Socket) => answerClientError(s, e, socket));
  // `Expect: 100-continue`: a body that would be refused anyway is never asked for.
  server.on('checkContinue', (req, res) => {
    if (refusedBeforeBody(s, req) === undefined) res.writeContinue();
    guarded(s, req, res);
  });
  return server;
}

/** Creates the server and listens; resolves once bound. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const server = createServer(opts);
  const s = settingsOf.get(server)!;
  if (opts.socket !== undefined) {
    await removeStaleSocket(opts.socket);
    s.unixSocket = true;
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const bound = () => {
      server.off('error', reject);
      resolve();
    };
    if (opts.socket !== undefined) server.listen(opts.socket, bound);
    else server.listen(opts.port ?? DEFAULT_PORT, opts.host ?? DEFAULT_HOST, bound);
  });
  const addr = server.address() as AddressInfo | string;
  const url =
    typeof addr === 'string'
      ? `unix:${addr}`
      : `http://${addr.family === 'IPv6' || addr.address.includes(':') ? `[${addr.address}]` : addr.address}:${addr.port}`;
  let probe: Awaited<ReturnType<typeof listenProbe>> | undefined;
  if (opts.probePort !== undefined) {
    try {
      probe = await listenProbe({
        port: opts.probePort,
        host: opts.host ?? DEFAULT_HOST,
        state: () => {
          const a = healthAnswer(s);
          return { status: a.status, body: a.body as string, draining: s.draining };
        },
        version: s.version,
        staleMs: opts.probeStaleMs,
        headersTimeout: server.headersTimeout,
        requestTimeout: server.requestTimeout,
        log: s.logger.isLevelEnabled('info') ? (a) => s.logger.info({ ...a, probePort: true }, 'answer') : undefined,
        failed: (e) => s.logger.error({ err: e }, 'the probe port stopped'),
      });
    } catch (e) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw e;
    }
  }
  const closeNow = async () => {
    await Promise.all([
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
      probe?.close(),
    ]);
  };
  return {
    server,
    url,
    probeUrl: probe?.url,
    close: closeNow,
    get inFlight() {
      return s.inFlight;
    },
    async shutdown(graceMs = DEFAULT_GRACE_MS) {
      s.draining = true;
      probe?.beat();
      const deadline = Date.now() + graceMs;
      // Still accepting while /health says draining, so whoever routes to us notices first.
      const notice = Math.min(s.drainNoticeMs, graceMs);
      if (notice > 0) await new Promise((r) => setTimeout(r, notice));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Idle connections are closed once, here: answers given while draining close their own
      // connection once sent (`connection: close`), and Node counts a connection idle as soon as its
      // answer is handed over, so closing idle ones again would cut a large answer still leaving.
      while (s.inFlight > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      const clean = s.inFlight === 0;
      if (!clean && s.pool) {
        // Past the grace: renders still waiting or running are stopped and answered 503 (the only
        // answer worth resending), given a moment to reach their clients before connections are cut.
        await s.pool.close();
        await new Promise((r) => setTimeout(r, 200));
      } else {
        // An answer counts as done once it is handed to its socket, not once the client has it: a
        // large PDF may still be leaving. Answers while draining close their connection, so wait for
        // the sockets to end by themselves (within the grace) before cutting what is left.
        const rest = Math.max(0, deadline - Date.now());
        await Promise.race([closed, new Promise((r) => setTimeout(r, rest).unref())]);
      }
      server.closeAllConnections();
      await Promise.all([closed, probe?.close()]);
      return clean;
    },
  };
}

// ——— a call handed over by the hosted front in this process ———

/**
 * A call the hosted front hands to a render server in its own process (src/hosted/in-process.ts):
 * the body is the description itself (JSON, not a form), the client and the request id are the
 * front's, and every answer goes through `answer` before it is written, so the front can take the
 * document off the month (or refuse) once the render is done and write it in the hosted form.
 */
export interface HostedCall {
  requestId: string;
  /** The client the call renders for; the request's own `x-svc-client` is never read. */
  client: string | undefined;
  /** The answer as this server would write it; the front's form of it is written instead (undefined: nothing is written). */
  answer(a: Answer): Promise<Answer | undefined>;
  /** Aborted: the render is stopped as for a caller gone, and nothing is answered (the front answers itself). */
  signal?: AbortSignal;
}

const hostedCalls = new WeakMap<http.IncomingMessage, HostedCall>();
const hostedAnswered = new WeakSet<http.IncomingMessage>();

/**
 * Serves one call as `POST /render` would — the same intake (cap, budget of bodies held, spool,
 * fair reading), pool, time limit, metrics, remark and answer log lines — with the body taken as
 * the description. `server` is one createServer made (it need not listen).
 */
export function serveDescription(
  server: http.Server,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  call: HostedCall,
): void {
  const s = settingsOf.get(server);
  if (!s) throw new Error('serveDescription takes a server createServer made');
  hostedCalls.set(req, call);
  requestIds.set(req, call.requestId);
  const started = performance.now();
  s.inFlight++;
  res.on('close', () => {
    s.inFlight--;
    logAnswer(s, req, res, started);
  });
  try {
    receive(s, req, res);
  } catch (e) {
    failed(s, req, res, e);
  }
}

/** The metrics registry of a server createServer made (the hosted front in-process shows it beside its own). */
export function metricsOf(server: http.Server): ServerMetrics['registry'] | undefined {
  return settingsOf.get(server)?.metrics.registry;
}

// ——— handling ———

function guarded(s: Settings, req: http.IncomingMessage, res: http.ServerResponse): void {
  const started = performance.now();
  s.inFlight++;
  // One id per call, the front's when it sent one (`x-request-id`), in every log line and the answer.
  res.setHeader('x-request-id', requestIdOf(req));
  // While draining (SIGTERM), answers close their connection so keep-alive clients move on.
  if (s.draining) res.setHeader('connection', 'close');
  // A client that goes away mid-call must never take the process with it.
  req.on('error', () => {});
  res.on('error', () => {});
  res.on('close', () => {
    s.inFlight--;
    logAnswer(s, req, res, started);
  });
  try {
    handle(s, req, res);
  } catch (e) {
    failed(s, req, res, e);
  }
}

/** Any unexpected exception: 500 `server` with a sentence if nothing was sent yet, else cut the connection. */
function failed(s: Settings, req: http.IncomingMessage, res: http.ServerResponse, e: unknown): void {
  s.logger.error({ method: req.method, url: req.url, err: e }, 'unexpected error');
  try {
    if (res.headersSent || res.writableEnded) {
      res.destroy();
      return;
    }
    send(s, req, res, answerRefusal(refusal('serverUnexpected', '', { detail: detail(e) }), { version: s.version }));
  } catch {
    res.destroy();
  }
}

function handle(s: Settings, req: http.IncomingMessage, res: http.ServerResponse): void {
  const method = req.method ?? 'GET';
  const path = pathOf(req.url);

  if (path === '/render') {
    if (method !== 'POST') return send(s, req, res, methodNotAllowed(s, method, path, 'POST'));
    return receive(s, req, res);
  }
  if (path === OPENAPI_PATH) {
    if (method !== 'GET' && method !== 'HEAD') return send(s, req, res, methodNotAllowed(s, method, path, 'GET, HEAD'));
    return send(s, req, res, {
      status: 200,
      contentType: JSON_TYPE,
      headers: [['x-svc-version', s.version]],
      body: OPENAPI_JSON,
    });
  }
  if (path === '/health') {
    if (method !== 'GET' && method !== 'HEAD') return send(s, req, res, methodNotAllowed(s, method, path, 'GET, HEAD'));
    return send(s, req, res, healthAnswer(s, 1));
  }
  if (path === '/metrics') {
    if (method !== 'GET' && method !== 'HEAD') return send(s, req, res, methodNotAllowed(s, method, path, 'GET, HEAD'));
    void s.metrics.registry.metrics().then(
      (text) =>
        send(s, req, res, {
          status: 200,
          contentType: s.metrics.registry.contentType,
          headers: [['x-svc-version', s.version]],
          body: text,
        }),
      (e: unknown) => failed(s, req, res, e),
    );
    return;
  }
  // Decision: an unknown path is answered 404, which the spec's status list does not name, with the
  // word `call_number` from its closed list (the call itself is what is wrong) and the sentence of
  // REFUSALS.notFound; the table's status 400 is overridden here because 404 is what every HTTP
  // client and proxy understands for "no such resource".
  return send(s, req, res, notFound(s, method, path));
}

/** GET /health now; `own`: calls in flight that are this one (1 on the main port, 0 for the probe port). */
function healthAnswer(s: Settings, own = 0): Answer {
  const health = answerHealth({ licensed: s.licensed() === true, faces: s.faces() }, s.version);
  // Decision (docs/reference.md): beside the spec's three fields, who vouches for the licence.
  // Decision (docs/reference.md, "A fleet of render servers"): its load and whether it drains, for
  // the fronts choosing a server; while draining the answer is 503 (a readiness probe fails).
  const extra = {
    licence_issuer: s.issuers.licence ?? null,
    operator_issuers: s.issuers.operator,
    draining: s.draining,
    // Decision (issue 20, docs/reference.md): the pool's first workers warming up is start-up.
    warming: s.pool?.warming ?? false,
    memory: memoryReport(s.memory, s.pool?.running ?? 0, s.bodiesHeld),
    load: { running: s.pool?.running ?? s.inFlight - own, queued: s.pool?.queued ?? 0, workers: s.pool?.threads ?? 1 },
  };
  if (s.draining || extra.warming) health.status = 503;
  health.body = `${(health.body as string).slice(0, -1)},${JSON.stringify(extra).slice(1)}`;
  return health;
}

function notFound(s: Settings, method: string, path: string): Answer {
  const r = refusal('notFound', '', { method, path: printablePath(path) });
  return answerRefusal({ ...r, status: 404 }, { version: s.version });
}

/** A known path with the wrong method: 405 with `Allow`, word `call_number`, the notFound sentence. */
function methodNotAllowed(s: Settings, method: string, path: string, allow: string): Answer {
  const r = refusal('notFound', '', { method, path: printablePath(path) });
  const a = answerRefusal({ ...r, status: 405 }, { version: s.version });
  a.headers.push(['allow', allow]);
  return a;
}

/** A refusal decided from the request head alone (size announced, content type), or undefined. */
function refusedBeforeBody(s: Settings, req: http.IncomingMessage): RefusalLike | undefined {
  if (req.method !== 'POST' || (pathOf(req.url) !== '/render' && !hostedCalls.has(req))) return undefined;
  const length = declaredLength(req);
  if (length !== undefined && length > s.bodyCap) return refusal('bodyTooLarge', '', { limit: s.bodyCap });
  if (hostedCalls.has(req)) return undefined;
  if (!isMultipartFormData(req.headers['content-type'])) return refusal('formNotMultipart', '');
  return undefined;
}

/**
 * POST /render: receive the body under the cap and the server's budget for bodies, then read the
 * form and render. The event loop only gathers the bytes: the form is read (src/server/form.ts) in
 * the render's worker when there is a pool, so many large uploads at once never hold up /health.
 */
function receive(s: Settings, req: http.IncomingMessage, res: http.ServerResponse): void {
  const early = refusedBeforeBody(s, req);
  if (early) return send(s, req, res, answerRefusal(early, { version: s.version }));
  const contentType = String(req.headers['content-type']);

  let done = false;
  let received = 0;
  // A body of announced length up to SPOOL_THRESHOLD is gathered into one buffer of its own (moved,
  // not copied, to the worker); a larger one, or one of unknown length, goes through a spool that
  // holds at most the threshold in memory and the rest in a temporary file (src/server/spool.ts), so
  // a slow, abandoned or refused upload never holds its whole size.
  // With a pool, such a body is kept as the chunks Node's parser gave (each in memory of its own)
  // and those are moved to the render's worker, which joins them: the event loop neither copies the
  // body nor allocates for it (issue 20: its garbage collector ran full mark-compacts during bursts
  // of 1.1 MB bodies; bench/README.md).
  const length = declaredLength(req);
  const small = length !== undefined && length > 0 && length <= SPOOL_THRESHOLD;
  let chunks: Buffer[] | undefined = small && s.pool ? [] : undefined;
  let whole: Buffer | undefined = small && !chunks ? Buffer.allocUnsafeSlow(length) : undefined;
  let spool: PartSpool | undefined = whole || chunks ? undefined : new PartSpool();

  const stop = (): void => {
    done = true;
    whole = undefined;
    chunks = undefined;
    spool?.discard();
    spool = undefined;
  };
  /** Refuses while the body may still be arriving: stop gathering, answer, discard the rest. */
  const fail = (r: RefusalLike): void => {
    if (done) return;
    stop();
    s.bodiesHeld -= held;
    held = 0;
    const a = answerRefusal(r, { version: s.version });
    if (r.status === 503) a.headers.push(['retry-after', '1']);
    send(s, req, res, a);
  };

  // The bytes this call holds count against the server's budget for bodies until its answer is sent.
  let held = 0;
  res.once('close', () => {
    s.bodiesHeld -= held;
    held = 0;
  });
  // Count the bytes as they arrive; past the cap answer 413 at once (spec Limits); past the server's
  // budget for all bodies held, 503 at once (uploads are bounded together, not only one by one).
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > s.bodyCap) return fail(refusal('bodyTooLarge', '', { limit: s.bodyCap }));
    if (done) return;
    if (s.bodiesHeld + chunk.length > s.bodyBudget) return fail(refusal('serverBusy', ''));
    s.bodiesHeld += chunk.length;
    held += chunk.length;
    s.intake.took(req, chunk.length);
    if (chunks && received <= length!) chunks.push(ownChunk(chunk));
    else if (whole && received <= whole.length) chunk.copy(whole, received - chunk.length);
    else {
      if (!spool) {
        // More than announced (Node refuses that before here): keep what came in the spool.
        spool = new PartSpool();
        if (whole) spool.write(whole.subarray(0, received - chunk.length));
        for (const c of chunks ?? []) spool.write(c);
        whole = undefined;
        chunks = undefined;
      }
      try {
        spool.write(chunk);
      } catch {
        // A temporary file that cannot be written (disk full) is the server's fault: 503.
        fail(refusal('serverBusy', ''));
      }
    }
  });
  // The client went away before the body was whole: nobody to answer; free everything.
  req.on('close', () => {
    if (!done && !req.complete) stop();
  });
  req.on('end', () => {
    if (done) return;
    done = true;
    let body: Uint8Array | Uint8Array[];
    try {
      if (chunks) body = chunks;
      else if (whole && received === whole.length) body = whole;
      else if (whole) body = Buffer.from(whole.subarray(0, received));
      else body = ownBuffer(spool ? spool.bytes() : new Uint8Array(0));
    } catch {
      spool?.discard();
      send(s, req, res, answerRefusal(refusal('serverBusy', ''), { version: s.version }));
      return;
    }
    whole = undefined;
    chunks = undefined;
    spool = undefined;
    try {
      renderAndAnswer(s, req, res, body, contentType);
    } catch (e) {
      failed(s, req, res, e);
    }
  });
}

// ——— rendering ———

/**
 * The library's render, loaded when a call is first rendered without a pool. Issue 20: with a pool
 * the event loop never renders, and the render pipeline's code kept in its heap (~14 of its ~18 MB)
 * made each of its full garbage collections several times longer (bench/README.md, eighth wave).
 */
function libraryRenderLoaded(): Promise<typeof libraryRender> {
  libraryRenderLoading ??= import('./library.js').then((m) => m.render);
  return libraryRenderLoading;
}
let libraryRenderLoading: Promise<typeof libraryRender> | undefined;

/** Renders (in the pool when there is one) and answers; a client gone mid-render frees its worker. */
function renderAndAnswer(
  s: Settings,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Uint8Array | Uint8Array[],
  contentType: string,
): void {
  const started = performance.now();
  const client = clientOf(s, req);
  const requestId = requestIdOf(req);
  // A form that cannot be read was refused before any render: answered as before the pool (not a render).
  const sendFormRefusal = (r: RefusalLike): void => send(s, req, res, answerRefusal(r, { version: s.version }));
  const finish = (outcome: Outcome): void => {
    // spec Limits: every remark is written in full to the server's log.
    for (const r of outcome.remarks)
      s.logger.info({ requestId, client, remark: r.text, code: r.code, path: r.path }, 'remark');
    const a = answerOutcome(outcome, s.version);
    s.metrics.rendered(a.status, (performance.now() - started) / 1000);
    send(s, req, res, a);
  };
  const hosted = hostedCalls.has(req);
  if (!s.pool && hosted) {
    const description = Array.isArray(body) ? Buffer.concat(body) : body;
    void Promise.resolve(s.render ?? libraryRenderLoaded())
      .then((render) => finish(render({ description, client })))
      .catch((e: unknown) => failed(s, req, res, e));
    return;
  }
  if (!s.pool) {
    // No pool (tests, embedding): the form is read and rendered in this thread.
    void Promise.all([
      readForm(Array.isArray(body) ? Buffer.concat(body) : body, contentType),
      s.render ?? libraryRenderLoaded(),
    ])
      .then(([form, render]) => (isRefusal(form) ? sendFormRefusal(form) : finish(render({ ...form, client }))))
      .catch((e: unknown) => failed(s, req, res, e));
    return;
  }
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  hostedCalls.get(req)?.signal?.addEventListener('abort', () => gone.abort(), { once: true });
  const form = Array.isArray(body) ? { body: new Uint8Array(0), chunks: body, contentType } : { body, contentType };
  // A hosted call's body is the description itself, joined in the worker like a form's chunks.
  const task: RenderTask = hosted
    ? Array.isArray(body)
      ? { descriptionChunks: body, client }
      : { description: body, client }
    : { form, client };
  s.pool.run(task, gone.signal, Array.isArray(body) ? body.flatMap(transferable) : transferable(body)).then(
    (o) => (isFormRefusal(o) ? sendFormRefusal(o) : finish(o)),
    (e: unknown) => {
      if (!(e instanceof PoolError)) {
        // A worker that died (out of memory, a crash in a dependency): the document could not be made.
        const tooBig =
          e instanceof Error &&
          /ERR_WORKER_OUT_OF_MEMORY|out of memory/i.test(`${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`);
        const a = answerRefusal(
          tooBig ? refusal('renderOutOfMemory', '') : refusal('serverFailed', '', { detail: detail(e) }),
          { version: s.version },
        );
        s.metrics.rendered(a.status, (performance.now() - started) / 1000);
        if (!tooBig) s.logger.error({ err: e, requestId, client }, 'render failed');
        return send(s, req, res, a);
      }
      if (e.kind === 'aborted') return; // nobody left to answer
      const r =
        e.kind === 'time-limit'
          ? refusal('renderTooLong', '', { seconds: s.pool!.options.timeLimitMs / 1000 })
          : e.kind === 'queue-full'
            ? refusal('serverBusy', '')
            : refusal('serverClosing', '');
      const a = answerRefusal(r, { version: s.version });
      // A busy or closing server: worth a retry shortly (the only case where resending helps); a busy
      // one says when, from the wait it expects.
      if (r.status === 503) a.headers.push(['retry-after', String(e.kind === 'queue-full' ? e.retryAfterS : 1)]);
      s.metrics.rendered(a.status, (performance.now() - started) / 1000);
      send(s, req, res, a);
    },
  );
}

// ——— writing ———

/**
 * Writes an answer. When the request body has not been read to its end (a refusal decided from the
 * head, or mid-upload), the answer carries `Connection: close`, the rest of the body is read and
 * thrown away, and the response is ended only once the upload has finished or after `lingerMs`.
 * The answer is complete for the client as soon as its Content-Length bytes arrive; waiting before
 * closing keeps the client's unsent bytes from making our side reset the connection before the
 * client has read the refusal (the classic lingering close).
 */
function send(s: Settings, req: http.IncomingMessage, res: http.ServerResponse, a: Answer): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const call = hostedCalls.get(req);
  if (call && !hostedAnswered.has(req)) {
    // Once: the front's answer is written as it is.
    hostedAnswered.add(req);
    void call.answer(a).then(
      (b) => b && send(s, req, res, b),
      (e: unknown) => failed(s, req, res, e),
    );
    return;
  }
  const body = typeof a.body === 'string' ? Buffer.from(a.body, 'utf8') : a.body;
  const grouped = new Map<string, string[]>();
  for (const [name, value] of a.headers) {
    const key = name.toLowerCase();
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? values[0] : values);
  res.setHeader('content-type', a.contentType);
  res.setHeader('content-length', body.byteLength);
  // A refusal's text is never to be read as anything else by a browser.
  res.setHeader('x-content-type-options', 'nosniff');
  res.statusCode = a.status;

  if (!bodyPending(req)) {
    res.end(body);
    return;
  }
  res.setHeader('connection', 'close');
  res.write(body);
  let timer: NodeJS.Timeout | undefined;
  const end = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!res.writableEnded) res.end();
  };
  timer = setTimeout(() => {
    end();
    req.socket?.destroy();
  }, s.lingerMs);
  timer.unref();
  req.once('end', end);
  req.once('close', end);
  req.resume();
}

/** One log line per call: client, status, pages, remarks, findings, refusal word, duration, bytes. */
function logAnswer(s: Settings, req: http.IncomingMessage, res: http.ServerResponse, started: number): void {
  if (!s.logger.isLevelEnabled('info')) return;
  try {
    const header = (name: string): string | undefined => {
      const v = res.getHeader(name);
      return v === undefined ? undefined : String(v);
    };
    const num = (name: string): number | undefined => (header(name) === undefined ? undefined : Number(header(name)));
    s.logger.info(
      {
        requestId: requestIdOf(req),
        method: req.method,
        path: printablePath(pathOf(req.url)),
        status: res.statusCode,
        client: clientOf(s, req),
        clientIgnored: clientOf(s, req) === undefined && rawClientOf(req) !== undefined ? true : undefined,
        pages: num('x-svc-pages'),
        warnings: num('x-svc-warnings'),
        findings: num('x-svc-findings'),
        refusal: header('x-svc-refusal'),
        ms: Math.round(performance.now() - started),
        bytesIn: req.socket?.bytesRead,
        bytesOut: num('content-length'),
        complete: res.writableFinished,
      },
      'answer',
    );
  } catch {
    // logging never fails a call
  }
}

// ——— small readers ———

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.search(/[?#]/);
  return q === -1 ? raw : raw.slice(0, q);
}

/** The path as a sentence may show it: bounded, control characters escaped. */
function printablePath(path: string): string {
  const short = path.length > 200 ? path.slice(0, 200) + '…' : path;
  return short.replace(/[\x00-\x1F\x7F]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** Whether request body bytes may still be on their way (not everything read yet). */
function bodyPending(req: http.IncomingMessage): boolean {
  if (req.complete || req.readableEnded || req.destroyed) return false;
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = declaredLength(req);
  return length !== undefined && length > 0;
}

function declaredLength(req: http.IncomingMessage): number | undefined {
  const v = req.headers['content-length'];
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function isMultipartFormData(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const media = contentType.split(';')[0].trim().toLowerCase();
  return media === 'multipart/form-data' && /;\s*boundary=/i.test(contentType);
}

/** `x-svc-client` as sent, honoured or not. */
function rawClientOf(req: http.IncomingMessage): string | undefined {
  const v = req.headers['x-svc-client'];
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined || one === '' ? undefined : one;
}

/**
 * The client a call renders for: `x-svc-client` when the call came from loopback or a trusted front,
 * else none (the defaults). Decision (docs/reference.md, "Trust"): a header from elsewhere is ignored,
 * not refused, since the spec renders a call naming no client under the defaults; the log line says so.
 */
function clientOf(s: Settings, req: http.IncomingMessage): string | undefined {
  const call = hostedCalls.get(req);
  if (call) return call.client;
  const raw = rawClientOf(req);
  if (raw === undefined) return undefined;
  // Decision (docs/reference.md, "Trust"): over a Unix socket the caller is a process of this machine
  // the socket file's permissions let in, as trusted as loopback.
  if (s.unixSocket) return raw;
  const from = normalAddress(req.socket?.remoteAddress ?? '');
  return isLoopback(from) || s.trustedFronts(from) ? raw : undefined;
}

/**
 * A socket file left by a server that died (a connection to it is refused) is removed; a live one,
 * or anything that is not a socket, is left for listen to refuse (EADDRINUSE).
 */
async function removeStaleSocket(path: string): Promise<void> {
  let socket = false;
  try {
    socket = statSync(path).isSocket();
  } catch {
    return; // absent
  }
  if (!socket) return;
  const refused = await new Promise<boolean>((resolve) => {
    const c = connect(path);
    c.once('connect', () => {
      c.destroy();
      resolve(false);
    });
    c.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
  if (refused) unlinkSync(path);
}

/** An address as compared: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as its IPv4 form, lower case. */
function normalAddress(a: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a.trim());
  return (m ? m[1] : a.trim()).toLowerCase();
}

function isLoopback(a: string): boolean {
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

const requestIds = new WeakMap<http.IncomingMessage, string>();
/** The call's id: the front's `x-request-id` when it is a short printable token, else a fresh UUID. */
function requestIdOf(req: http.IncomingMessage): string {
  let id = requestIds.get(req);
  if (id === undefined) {
    const sent = req.headers['x-request-id'];
    id = typeof sent === 'string' && /^[\x21-\x7E]{1,128}$/.test(sent) ? sent : randomUUID();
    requestIds.set(req, id);
  }
  return id;
}

/** The body's buffer when a worker may take it over (a whole ArrayBuffer of its own), moved instead of copied. */
/** The bytes in an ArrayBuffer of their own (a joined spool may sit in Node's shared pool), so they can be moved to a worker. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  own.set(bytes);
  return own;
}

/** A chunk of the body in memory of its own (Node's parser gives each chunk its own; anything else is copied). */
function ownChunk(chunk: Buffer): Buffer {
  if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength) return chunk;
  const own = Buffer.allocUnsafeSlow(chunk.byteLength);
  chunk.copy(own);
  return own;
}

function transferable(body: Uint8Array): ArrayBuffer[] {
  return body.buffer instanceof ArrayBuffer &&
    body.byteOffset === 0 &&
    body.byteLength === body.buffer.byteLength &&
    body.byteLength > 0
    ? [body.buffer]
    : [];
}

/**
 * Node's own answers to a request it could not read (bad HTTP 400, head too large 431, too slow
 * 408) carry the service's headers like every other answer: `x-svc-version`, `x-svc-refusal` and
 * the sentence (spec: every answer carries x-svc-version).
 */
function answerClientError(s: Settings, e: NodeJS.ErrnoException, socket: Socket): void {
  const current = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (!socket.writable || e.code === 'ECONNRESET' || current?.headersSent) {
    socket.destroy();
    return;
  }
  const code = e.code ?? '';
  const status = clientErrorStatus(code);
  const answer = clientErrorAnswer(status, s.version);
  socket.end(answer.text);
  s.logger.info({ status, code, refusal: answer.word }, 'answer');
}

/** A one-line reason for a sentence: first line, no trailing period, first letter lowercase. */
function detail(e: unknown): string {
  const m = (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 200).replace(/\.+$/, '');
  return m.charAt(0).toLowerCase() + m.slice(1);
}
