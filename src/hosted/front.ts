// src/hosted/front.ts — the hosted service's front (spec: "POST {hosted_url}/api/v1/render",
// "Authentication" 1): it resolves the API key to a client, takes one document off the client's
// month, forwards the description to a render server on loopback with `x-svc-client` written
// afresh, and answers in the hosted form (JSON refusals, the PDF as an attachment). The same address
// opened in a browser offers the paste box to a signed-in user, drawing without counting.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Logger, pino } from 'pino';
import { REFUSALS } from '../../ir/messages.js';
import descriptionSchema from '../../schema/description.schema.json' with { type: 'json' };
import { OPENAPI_JSON, OPENAPI_PATH } from '../openapi.js';
import { metricsOf } from '../server.js';
import { BUILD } from '../version.js';
import { forwardToFleet } from './fleet/dispatch.js';
import { Fleet } from './fleet/fleet.js';
import { ReplayBudget } from './fleet/replay.js';
import { joinHosted } from './forward.js';
import { createFrontMetrics, type FrontMetrics } from './front-metrics.js';
import { type Charging, type InProcessRender, renderInProcess } from './in-process.js';
import { BOX_SCRIPT, boxPage, errorPage, SCHEMA_PATH, signInPage } from './page.js';
import { dummyPasswordHash, verifyPasswordAsync } from './passwords.js';
import { hashKey, monthOf, monthTurns, type Store } from './store.js';

export const RENDER_PATH = '/api/v1/render';
const SESSION_PATH = '/api/v1/session';
const SIGN_OUT_PATH = '/api/v1/session/end';
const SCRIPT_PATH = '/api/v1/box.js';

/** spec Limits: "Hosted wait: 30 seconds, then 503". */
export const DEFAULT_WAIT_MS = 30_000;
/** spec Limits: the hosted service caps its own calls at 512 MiB by a separate setting. */
export const DEFAULT_FRONT_BODY_CAP = 536_870_912;
/** A browser session lasts this long (ms). */
export const SESSION_TTL_MS = 8 * 3600_000;
/**
 * Sign-in throttle, per (user, address): this many failures within the window are free; each one
 * past them makes the next attempt wait SIGN_IN_BACKOFF_MS doubled per further failure, at most
 * SIGN_IN_BACKOFF_MAX_MS (a short backoff, not a wall: the right password gets in once it is over).
 */
export const SIGN_IN_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_BACKOFF_MS = 1000;
export const SIGN_IN_BACKOFF_MAX_MS = 60_000;
/** Per address across all users (guessing one password for many users): failures free in the window. */
export const SIGN_IN_ADDRESS_FAILURES = 50;
/** Password checks (scrypt, ~100 ms of a libuv thread each) running at once, and waiting; past both 429. */
export const SIGN_IN_CHECKS = 2;
export const SIGN_IN_CHECKS_WAITING = 16;
/** How long SIGTERM waits for calls in flight before the front exits anyway (ms). */
export const DEFAULT_FRONT_GRACE_MS = 30_000;
/** Largest sign-in form accepted (bytes). */
const SIGN_IN_FORM_CAP = 4096;

export interface FrontOptions {
  store: Store;
  /** Render servers (base URLs), a fixed fleet (src/hosted/fleet/). Empty and no `fleet`: every call 503. */
  upstreams?: string[];
  /** The render servers as a fleet the caller keeps (DNS names, its own health settings); else one of `upstreams`. */
  fleet?: Fleet;
  bodyCap?: number;
  waitMs?: number;
  /** Secure cookies: true, false, or 'auto' (when the call came over TLS or `X-Forwarded-Proto: https`). */
  secureCookies?: boolean | 'auto';
  logger?: Logger;
  now?: () => Date;
  /** Process metrics beside the front's own at GET /metrics. Default true. */
  processMetrics?: boolean;
  /**
   * Behind a reverse proxy (`--trust-proxy`): the client's address is the last entry of
   * `X-Forwarded-For` (the one the proxy added), when the call comes from loopback. Off (default),
   * the header is ignored: anyone could write it.
   */
  trustProxy?: boolean;
  /**
   * The render pool in this process (src/hosted/in-process.ts, createInProcessRender): calls render
   * here and no render server is reached; `upstreams` and `fleet` are then not used.
   */
  inProcess?: InProcessRender;
}

interface Ctx {
  inProcess: InProcessRender | undefined;
  store: Store;
  fleet: Fleet;
  replay: ReplayBudget;
  bodyCap: number;
  waitMs: number;
  secure: boolean | 'auto';
  logger: Logger;
  now: () => Date;
  metrics: FrontMetrics;
  trustProxy: boolean;
  /** Password checks running, and the ones waiting for a turn. */
  checking: number;
  checkQueue: (() => void)[];
  inFlight: number;
  draining: boolean;
}

/** The client each answer was for, for the log line (never sent to the caller). */
const clientLog = new WeakMap<http.ServerResponse, string>();

export interface RunningFront {
  url: string;
  server: http.Server;
  close(): Promise<void>;
  /** SIGTERM: no new connections, idle ones closed, calls in flight finished within `graceMs`. True when none was cut. */
  shutdown(graceMs?: number): Promise<boolean>;
}

const ctxOf = new WeakMap<http.Server, Ctx>();

export function createFront(opts: FrontOptions): http.Server {
  const c: Ctx = {
    inProcess: opts.inProcess,
    store: opts.store,
    fleet: opts.fleet ?? new Fleet({ fixed: opts.upstreams ?? [] }),
    replay: new ReplayBudget(),
    bodyCap: opts.bodyCap ?? DEFAULT_FRONT_BODY_CAP,
    waitMs: opts.waitMs ?? DEFAULT_WAIT_MS,
    secure: opts.secureCookies ?? 'auto',
    logger: opts.logger ?? pino({ level: 'info' }, pino.destination(2)),
    now: opts.now ?? (() => new Date()),
    metrics: createFrontMetrics(opts.processMetrics ?? true, () => c.inFlight),
    trustProxy: opts.trustProxy ?? false,
    checking: 0,
    checkQueue: [],
    inFlight: 0,
    draining: false,
  };
  const server = http.createServer((req, res) => {
    req.on('error', () => {});
    res.on('error', () => {});
    const started = performance.now();
    c.inFlight++;
    if (c.draining) res.setHeader('connection', 'close');
    // One id per call, sent to the render server and logged by both.
    const requestId = randomUUID();
    requestIds.set(req, requestId);
    res.setHeader('x-request-id', requestId);
    res.on('close', () => {
      c.inFlight--;
      const path = pathOf(req.url);
      c.metrics.answered(path, res.statusCode, (performance.now() - started) / 1000);
      c.logger.info(
        {
          requestId,
          method: req.method,
          path,
          status: res.statusCode,
          client: clientLog.get(res),
          ms: Math.round(performance.now() - started),
        },
        'answer',
      );
    });
    handle(c, req, res).catch((e: unknown) => {
      c.logger.error({ err: e }, 'unexpected error');
      if (!res.headersSent) json(res, 500, 'the hosted service failed while answering the call.');
      else res.destroy();
    });
  });
  ctxOf.set(server, c);
  if (!opts.fleet) server.once('close', () => c.fleet.stop());
  return server;
}

const requestIds = new WeakMap<http.IncomingMessage, string>();

export async function startFront(opts: FrontOptions & { port?: number; host?: string }): Promise<RunningFront> {
  const server = createFront(opts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const a = server.address() as AddressInfo;
  return {
    url: `http://${a.address.includes(':') ? `[${a.address}]` : a.address}:${a.port}`,
    server,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
    async shutdown(graceMs = DEFAULT_FRONT_GRACE_MS) {
      const c = ctxOf.get(server)!;
      c.draining = true;
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      while (c.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      const clean = c.inFlight === 0;
      // Answers while draining close their connections: wait for them to leave within the grace.
      await Promise.race([closed, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())).unref())]);
      server.closeAllConnections();
      await closed;
      return clean;
    },
  };
}

// ——— routing ———

async function handle(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.setHeader('x-svc-version', BUILD);
  if (wantsHtml(req)) browsers.add(res);
  const path = pathOf(req.url);
  const method = req.method ?? 'GET';
  if (path === RENDER_PATH) {
    if (method === 'POST')
      return req.headers.authorization !== undefined || !cookie(req, 'quire_session')
        ? apiRender(c, req, res)
        : boxRender(c, req, res);
    if ((method === 'GET' || method === 'HEAD') && wantsHtml(req)) return showPage(c, req, res);
    res.setHeader('allow', 'POST');
    return json(res, 405, `the address ${RENDER_PATH} takes POST only; post the description.`);
  }
  if (path === '/' && (method === 'GET' || method === 'HEAD')) {
    // the front's first page is the box (a browser opening the bare address lands where it can work)
    res.writeHead(303, { location: RENDER_PATH, 'content-type': 'text/plain; charset=utf-8' });
    res.end(`the box is at ${RENDER_PATH}\n`);
    return;
  }
  if (path === SESSION_PATH && method === 'POST') return signIn(c, req, res);
  if (path === SIGN_OUT_PATH && method === 'POST') return signOut(c, req, res);
  if (path === SCRIPT_PATH && (method === 'GET' || method === 'HEAD')) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(BOX_SCRIPT);
    return;
  }
  if (path === SCHEMA_PATH && (method === 'GET' || method === 'HEAD')) {
    res.writeHead(200, { 'content-type': 'application/schema+json; charset=utf-8' });
    res.end(SCHEMA_JSON);
    return;
  }
  if (path === OPENAPI_PATH && (method === 'GET' || method === 'HEAD')) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(OPENAPI_JSON);
    return;
  }
  if (path === '/metrics' && method === 'GET') {
    // Decision (docs/reference.md): the front faces the internet; its metrics are for the operator's
    // scraper on the same machine, so only loopback callers get them.
    if (!isLoopback(req.socket.remoteAddress ?? ''))
      return json(res, 404, `there is no ${method} ${path} here; post the description to ${RENDER_PATH}.`);
    let text = await c.metrics.registry.metrics();
    // In-process, the render server's own metrics (renders, queue, workers, memory) follow the front's.
    const renders = c.inProcess && metricsOf(c.inProcess.server);
    if (renders) text += `\n${await renders.metrics()}`;
    res.writeHead(200, { 'content-type': c.metrics.registry.contentType });
    res.end(text);
    return;
  }
  if (path === '/health' && method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' });
    const states = { up: 0, draining: 0, down: 0, unknown: 0 };
    for (const m of c.fleet.list()) states[m.state]++;
    const pool = c.inProcess?.pool;
    res.end(
      JSON.stringify({
        version: BUILD,
        store: c.store.kind,
        upstreams: c.fleet.size,
        render_servers: states,
        // Decision (docs/reference.md): in-process, the pool's load in the render server's words.
        ...(pool ? { in_process: { running: pool.running, queued: pool.queued, workers: pool.threads } } : {}),
      }),
    );
    return;
  }
  return json(res, 404, `there is no ${method} ${path.slice(0, 200)} here; post the description to ${RENDER_PATH}.`);
}

// ——— the API call ———

async function apiRender(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const auth = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) return drain(req, () => json(res, 401, 'the call carries no API key; send Authorization: Bearer <API_KEY>.'));
  const client = await c.store.clientOfKey(hashKey(m[1]));
  if (client === undefined)
    return drain(req, () => json(res, 401, 'the API key is not held by anyone; present a live key.'));
  clientLog.set(res, client);
  if (tooLargeByHead(req, c.bodyCap))
    return json(res, 413, `the body is larger than the ${c.bodyCap} bytes this service accepts.`, true);
  if (c.fleet.size === 0 && !c.inProcess)
    return drain(req, () =>
      json(res, 503, 'no render server is known to this service; nothing of the description was read.'),
    );
  const now = c.now();
  const month = monthOf(now);
  const usedUp = async (): Promise<void> => {
    // Decision (docs/reference.md): the hosted address answers 402 for a used-up month, with the
    // moment the month turns in Retry-After; it never answers 429 for it.
    const turns = monthTurns(now);
    res.setHeader('retry-after', turns.toUTCString());
    json(res, 402, `the documents of the month are all used; the month turns on ${turns.toISOString().slice(0, 10)}.`);
  };
  // A month already used up is told before the body travels anywhere.
  const record = await c.store.getClient(client);
  if (record && (await c.store.used(client, month)) >= record.quota) return drain(req, () => void usedUp());
  if (c.inProcess) {
    const turns = monthTurns(now);
    return answerInProcess(c, req, res, client, 'the body is not JSON; post the description as application/json.', {
      take: () => c.store.take(client, month),
      usedUp: () => ({
        sentence: `the documents of the month are all used; the month turns on ${turns.toISOString().slice(0, 10)}.`,
        retryAfter: turns.toUTCString(),
      }),
      giveBack: () => c.store.giveBack(client, month),
    });
  }
  // Decision (issue 20): the document is taken off the month only once the render server has
  // answered, right before the answer goes out; a front that dies mid-call has taken nothing, and a
  // call that loses the race for the month's last document is answered 402 (its PDF dropped).
  await answerForwarded(
    c,
    req,
    res,
    client,
    'the body is not JSON; post the description as application/json.',
    async () => {
      if (await c.store.take(client, month)) return true;
      await usedUp();
      return false;
    },
    () => c.store.giveBack(client, month),
  );
}

/** Renders in this process (src/hosted/in-process.ts) and answers as answerForwarded would. */
function answerInProcess(
  c: Ctx,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  client: string,
  notJson: string,
  charging?: Charging,
): void {
  const requestId = requestIds.get(req) ?? randomUUID();
  renderInProcess({
    render: c.inProcess!,
    req,
    res,
    client,
    requestId,
    bodyCap: c.bodyCap,
    waitMs: c.waitMs,
    notJson,
    charging,
    refuse: (status, sentence) => json(res, status, sentence),
    rendered: (outcome, seconds) => c.metrics.upstream(outcome, seconds),
    onError: (e) => c.logger.error({ err: e, requestId }, 'unexpected error'),
  });
}

/** The render server's sentence for a json_data that is not JSON: the front's own 400, nothing counted. */
const NOT_JSON = REFUSALS.jsonUnreadable.template.split('{')[0];

/**
 * Streams the body to a render server and answers. `charge` runs once the render server has
 * answered with a document or a refusal of the description (200, 400, 413, 500), before the answer
 * is written; when it returns false it has answered itself and the render server's answer is dropped.
 */
async function answerForwarded(
  c: Ctx,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  client: string,
  notJson: string,
  charge?: () => Promise<boolean>,
  giveBack?: () => Promise<void>,
): Promise<void> {
  const declared = Number(req.headers['content-length']);
  const { f, upstream } = await forwardToFleet({
    fleet: c.fleet,
    budget: c.replay,
    body: req,
    length: Number.isFinite(declared) && declared >= 0 ? declared : undefined,
    cap: c.bodyCap,
    client,
    requestId: requestIds.get(req) ?? randomUUID(),
    waitMs: c.waitMs,
    onAttempt: (_url, a, seconds) => c.metrics.upstream(a.kind === 'answer' ? String(a.status) : a.kind, seconds),
  });
  if (f.kind === 'none')
    return drain(req, () =>
      json(
        res,
        503,
        'every render server is busy or out of reach; nothing of the description was kept, send the call again.',
      ),
    );
  if (f.kind === 'too-large')
    return json(res, 413, `the body is larger than the ${c.bodyCap} bytes this service accepts.`, true);
  if (f.kind === 'timeout')
    return json(
      res,
      503,
      `no document arrived within ${Number((c.waitMs / 1000).toFixed(1))} seconds; send the call again.`,
    );
  if (f.kind === 'unreachable') {
    c.logger.warn({ upstream, detail: f.detail, requestId: requestIds.get(req) }, 'render server unreachable');
    return json(res, 503, 'the render server could not be reached; nothing of the description was read.');
  }
  try {
    if (f.status === 200) {
      if (charge && !(await charge())) {
        await f.body.dump();
        return;
      }
      for (const [name, values] of f.svc) res.setHeader(name, joinHosted(values));
      const headers: Record<string, string> = {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="document.pdf"',
      };
      res.writeHead(200, headers);
      try {
        for await (const chunk of f.body) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      } catch (e) {
        // Charged, but the document broke off on its way from the render server: given back.
        await giveBack?.();
        throw e;
      }
      res.end();
      return;
    }
    const text = Buffer.from(await f.body.arrayBuffer()).toString('utf8');
    const sentence = f.contentType.startsWith('text/plain') ? text.trim() : `the render server answered ${f.status}.`;
    if (f.status === 400 && sentence.toLowerCase().startsWith(NOT_JSON.toLowerCase())) return json(res, 400, notJson);
    // 503 (busy, closing): nothing was made, nothing counted; worth resending.
    if (f.status === 503) {
      for (const [name, values] of f.svc) res.setHeader(name, joinHosted(values));
      if (f.retryAfter) res.setHeader('retry-after', f.retryAfter);
      return json(res, 503, sentence);
    }
    // 400, 402, 413 and 500 pass as they are (spec: hosted answers), counted; anything else is the service's fault.
    if (charge && !(await charge())) return;
    for (const [name, values] of f.svc) res.setHeader(name, joinHosted(values));
    json(res, [400, 402, 413, 500].includes(f.status) ? f.status : 500, sentence);
  } catch (e) {
    // The render server's answer broke off (or the wait ran out while it arrived).
    c.logger.warn({ upstream, err: e, requestId: requestIds.get(req) }, 'render server answer cut');
    if (!res.headersSent) json(res, 503, 'the render server stopped answering; send the call again.');
    else res.destroy();
  } finally {
    f.done();
  }
}

// ——— the browser box ———

async function session(c: Ctx, req: http.IncomingMessage) {
  const id = cookie(req, 'quire_session');
  return id ? c.store.getSession(sha(id), c.now().getTime()) : undefined;
}

async function showPage(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const s = await session(c, req);
  res.setHeader(
    'content-security-policy',
    "default-src 'self'; style-src 'unsafe-inline'; frame-src blob:; connect-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'",
  );
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cache-control', 'no-store');
  if (s) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(boxPage(s.user, s.csrf, RENDER_PATH, SCRIPT_PATH, SIGN_OUT_PATH));
    return;
  }
  // Sign-in CSRF: a random token in a cookie and in the form; the post must carry both alike.
  const token = cookie(req, 'quire_csrf') ?? randomBytes(24).toString('base64url');
  res.setHeader('set-cookie', cookieLine(c, req, 'quire_csrf', token, 3600));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    signInPage(
      SESSION_PATH,
      token,
      new URL(req.url ?? '/', 'http://x').searchParams.get('failed') ? 'The user or the password is wrong.' : undefined,
    ),
  );
}

async function boxRender(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const s = await session(c, req);
  if (!s) return drain(req, () => json(res, 401, 'sign in first; the box draws for a signed-in session.'));
  const sent = req.headers['x-csrf-token'];
  if (typeof sent !== 'string' || !same(sent, s.csrf))
    return drain(req, () => json(res, 403, 'the form token is missing or stale; reload the page.'));
  clientLog.set(res, s.client);
  if (tooLargeByHead(req, c.bodyCap))
    return json(res, 413, `the body is larger than the ${c.bodyCap} bytes this service accepts.`, true);
  if (c.fleet.size === 0 && !c.inProcess)
    return drain(req, () =>
      json(res, 503, 'no render server is known to this service; nothing of the description was read.'),
    );
  if (c.inProcess)
    return answerInProcess(c, req, res, s.client, 'the body is not JSON; paste the description as JSON.');
  // The box counts nothing (spec: "it draws for a signed-in session, not a key, and counts nothing").
  await answerForwarded(c, req, res, s.client, 'the body is not JSON; paste the description as JSON.');
}

async function signIn(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const raw = await readBody(req, SIGN_IN_FORM_CAP);
  if (raw === 'too-large') return json(res, 413, 'the sign-in form is too large.', true);
  const form = new URLSearchParams(raw.toString('utf8'));
  const token = cookie(req, 'quire_csrf');
  if (!token || !same(form.get('csrf') ?? '', token))
    return json(res, 403, 'the form token is missing or stale; reload the page.');
  const user = (form.get('user') ?? '').slice(0, 200);
  const address = clientAddress(c, req);
  const now = c.now().getTime();
  const since = now - SIGN_IN_WINDOW_MS;
  const pair = `pair:${user}\n${address}`;
  const addr = `addr:${address}`;
  // The throttle comes before anything costly: a locked (user, address) or a guessing address is
  // answered from two indexed reads, without a password check.
  const wait = Math.max(
    backoffLeft(await c.store.signInFailures(pair, since), SIGN_IN_FAILURES, now),
    backoffLeft(await c.store.signInFailures(addr, since), SIGN_IN_ADDRESS_FAILURES, now),
  );
  if (wait > 0) {
    c.metrics.signIn('throttled');
    res.setHeader('retry-after', String(Math.ceil(wait / 1000)));
    return json(res, 429, `too many failed sign-ins; try again in ${Math.ceil(wait / 1000)} seconds.`);
  }
  const turn = await checkTurn(c);
  if (!turn) {
    c.metrics.signIn('busy');
    res.setHeader('retry-after', '1');
    return json(res, 429, 'too many sign-ins at once; try again in a second.');
  }
  let ok: boolean;
  let u: Awaited<ReturnType<Store['getUser']>>;
  try {
    u = await c.store.getUser(user);
    // The same work for a user who does not exist: a check against a dummy hash of the same cost,
    // so the answer's timing does not tell which names are users.
    const checked = await verifyPasswordAsync(
      form.get('password') ?? '',
      u?.passwordHash ?? (await dummyPasswordHash()),
    );
    ok = u !== undefined && checked;
  } finally {
    turn();
  }
  if (!ok || !u) {
    c.metrics.signIn('failed');
    await c.store.failedSignIn(pair, now, since);
    await c.store.failedSignIn(addr, now, since);
    res.writeHead(303, { location: `${RENDER_PATH}?failed=1` });
    res.end();
    return;
  }
  c.metrics.signIn('ok');
  await c.store.clearSignInFailures(pair);
  const id = randomBytes(32).toString('base64url');
  await c.store.addSession(sha(id), {
    user: u.name,
    client: u.client,
    csrf: randomBytes(24).toString('base64url'),
    expires: now + SESSION_TTL_MS,
  });
  res.setHeader('set-cookie', [
    cookieLine(c, req, 'quire_session', id, SESSION_TTL_MS / 1000),
    cookieLine(c, req, 'quire_csrf', '', 0),
  ]);
  res.writeHead(303, { location: RENDER_PATH });
  res.end();
}

/** Milliseconds the next attempt must still wait, given the failures seen and how many are free. */
function backoffLeft(f: { count: number; last: number }, free: number, now: number): number {
  if (f.count < free) return 0;
  const backoff = Math.min(SIGN_IN_BACKOFF_MAX_MS, SIGN_IN_BACKOFF_MS * 2 ** Math.min(16, f.count - free));
  return Math.max(0, f.last + backoff - now);
}

/** Waits for a turn at the password check; undefined when too many wait already. Call the result to end the turn. */
async function checkTurn(c: Ctx): Promise<(() => void) | undefined> {
  if (c.checking >= SIGN_IN_CHECKS) {
    if (c.checkQueue.length >= SIGN_IN_CHECKS_WAITING) return undefined;
    await new Promise<void>((go) => c.checkQueue.push(go));
  } else c.checking++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const next = c.checkQueue.shift();
    if (next) next();
    else c.checking--;
  };
}

/**
 * Sign-out. Decision (issue 20, docs/reference.md): the session a sign-out names is ended whether or
 * not its form token is right. The token guards against another site acting as the user; the worst
 * such a site could do here is sign the user out, which SameSite=Strict already prevents (its post
 * carries no session cookie); keeping the session alive while the browser drops its cookie would
 * leave a session the user believes ended.
 */
async function signOut(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  await readBody(req, SIGN_IN_FORM_CAP);
  const id = cookie(req, 'quire_session');
  if (id) await c.store.deleteSession(sha(id));
  res.setHeader('set-cookie', cookieLine(c, req, 'quire_session', '', 0));
  res.writeHead(303, { location: RENDER_PATH });
  res.end();
}

// ——— small helpers ———

/** Answers to a browser (Accept: text/html): its 403, 404 and 429 come as a page, not JSON. */
const browsers = new WeakSet<http.ServerResponse>();
const HTML_REFUSALS = new Set([403, 404, 429]);
const SCHEMA_JSON = JSON.stringify(descriptionSchema);

function json(res: http.ServerResponse, status: number, sentence: string, close = false): void {
  if (res.headersSent) return;
  if (browsers.has(res) && HTML_REFUSALS.has(status)) {
    const html = errorPage(status, sentence, RENDER_PATH);
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      ...(close ? { connection: 'close' } : {}),
    });
    res.end(html);
    return;
  }
  const body = JSON.stringify({ error: sentence });
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    // An error is JSON and nothing else, whatever a browser would guess from its bytes.
    'x-content-type-options': 'nosniff',
  };
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(body);
}

/** Reads the body under a cap; past it stops reading (the answer closes the connection). */
function readBody(req: http.IncomingMessage, cap: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let n = 0;
    let done = false;
    req.on('data', (ch: Buffer) => {
      if (done) return;
      n += ch.length;
      if (n > cap) {
        done = true;
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(ch);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('close', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
  });
}

/** Answers after the body is read and dropped (so the client sees the answer, not a reset). */
function drain(req: http.IncomingMessage, answer: () => void): void {
  if (req.complete) return answer();
  req.resume();
  req.once('end', answer);
  req.once('close', () => {
    if (!req.complete) answer();
  });
}

/** Whether the announced length is past the cap (the body is then never read). */
function tooLargeByHead(req: http.IncomingMessage, cap: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > cap;
}

/**
 * The address the sign-in throttle counts by: the socket's peer, or — behind a trusted proxy on
 * loopback — the last `X-Forwarded-For` entry, so one proxy's address does not lock out everyone
 * behind it. Only the last entry is the proxy's own word; earlier ones are the client's.
 */
function clientAddress(c: Ctx, req: http.IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!c.trustProxy || !isLoopback(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const last = entries[entries.length - 1].trim().slice(0, 100);
  return last || peer;
}

function isLoopback(a: string): boolean {
  const v4 = a.replace(/^::ffff:/i, '');
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(v4);
}

function wantsHtml(req: http.IncomingMessage): boolean {
  return /text\/html/i.test(String(req.headers.accept ?? ''));
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.search(/[?#]/);
  return q === -1 ? raw : raw.slice(0, q);
}

function cookie(req: http.IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=') || undefined;
  }
  return undefined;
}

function cookieLine(c: Ctx, req: http.IncomingMessage, name: string, value: string, maxAgeS: number): string {
  const tls =
    (req.socket as { encrypted?: boolean }).encrypted === true ||
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https';
  const secure = c.secure === 'auto' ? tls : c.secure;
  return `${name}=${value}; Path=/api/v1; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(maxAgeS)}${secure ? '; Secure' : ''}`;
}

function sha(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
