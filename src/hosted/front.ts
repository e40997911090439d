// src/hosted/front.ts — the hosted service's front (spec: "POST {hosted_url}/api/v1/render",
// "Authentication" 1): it resolves the API key to a client, takes one document off the client's
// month, forwards the description to a render server on loopback with `x-svc-client` written
// afresh, and answers in the hosted form (JSON refusals, the PDF as an attachment). The same address
// opened in a browser offers the paste box to a signed-in user, drawing without counting.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Logger, pino } from 'pino';
import descriptionSchema from '../../schema/description.schema.json' with { type: 'json' };
import { OPENAPI_JSON, OPENAPI_PATH } from '../openapi.js';
import { BUILD } from '../version.js';
import { forward, joinHosted } from './forward.js';
import { BOX_SCRIPT, boxPage, errorPage, SCHEMA_PATH, signInPage } from './page.js';
import { verifyPassword } from './passwords.js';
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
/** Sign-in throttle: this many failures per user, and per address, within the window, then 429. */
export const SIGN_IN_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Largest sign-in form accepted (bytes). */
const SIGN_IN_FORM_CAP = 4096;

export interface FrontOptions {
  store: Store;
  /** Render servers (base URLs on loopback), used in turn. Empty: every call 503. */
  upstreams: string[];
  bodyCap?: number;
  waitMs?: number;
  /** Secure cookies: true, false, or 'auto' (when the call came over TLS or `X-Forwarded-Proto: https`). */
  secureCookies?: boolean | 'auto';
  logger?: Logger;
  now?: () => Date;
}

interface Ctx {
  store: Store;
  upstreams: string[];
  next: number;
  bodyCap: number;
  waitMs: number;
  secure: boolean | 'auto';
  logger: Logger;
  now: () => Date;
}

/** The client each answer was for, for the log line (never sent to the caller). */
const clientLog = new WeakMap<http.ServerResponse, string>();

export interface RunningFront {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export function createFront(opts: FrontOptions): http.Server {
  const c: Ctx = {
    store: opts.store,
    upstreams: opts.upstreams,
    next: 0,
    bodyCap: opts.bodyCap ?? DEFAULT_FRONT_BODY_CAP,
    waitMs: opts.waitMs ?? DEFAULT_WAIT_MS,
    secure: opts.secureCookies ?? 'auto',
    logger: opts.logger ?? pino({ level: 'info' }, pino.destination(2)),
    now: opts.now ?? (() => new Date()),
  };
  return http.createServer((req, res) => {
    req.on('error', () => {});
    res.on('error', () => {});
    const started = performance.now();
    res.on('close', () =>
      c.logger.info(
        {
          method: req.method,
          path: pathOf(req.url),
          status: res.statusCode,
          client: clientLog.get(res),
          ms: Math.round(performance.now() - started),
        },
        'answer',
      ),
    );
    handle(c, req, res).catch((e: unknown) => {
      c.logger.error({ err: e }, 'unexpected error');
      if (!res.headersSent) json(res, 500, 'the hosted service failed while answering the call.');
      else res.destroy();
    });
  });
}

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
  if (path === '/health' && method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ version: BUILD, store: c.store.kind, upstreams: c.upstreams.length }));
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
  const body = await readBody(req, c.bodyCap);
  if (body === 'too-large')
    return json(res, 413, `the body is larger than the ${c.bodyCap} bytes this service accepts.`, true);
  if (!isJson(body)) return json(res, 400, 'the body is not JSON; post the description as application/json.');
  if (c.upstreams.length === 0)
    return json(res, 503, 'no render server is known to this service; nothing of the description was read.');
  const now = c.now();
  const month = monthOf(now);
  if (!(await c.store.take(client, month))) {
    // Decision (docs/reference.md): the hosted address answers 402 for a used-up month, with the
    // moment the month turns in Retry-After; it never answers 429 for it.
    const turns = monthTurns(now);
    res.setHeader('retry-after', turns.toUTCString());
    return json(
      res,
      402,
      `the documents of the month are all used; the month turns on ${turns.toISOString().slice(0, 10)}.`,
    );
  }
  // The month's count is settled before the answer goes out, so a client that reads its usage right
  // after an answer sees it.
  await answerForwarded(c, res, body, client, () => c.store.giveBack(client, month));
}

/** Forwards and answers; a 503 (nothing was made) runs `giveBack` before the answer is written. */
async function answerForwarded(
  c: Ctx,
  res: http.ServerResponse,
  body: Buffer,
  client: string,
  giveBack?: () => Promise<void>,
): Promise<void> {
  const upstream = c.upstreams[c.next++ % c.upstreams.length];
  const f = await forward(upstream, body, client, c.waitMs);
  if (f.kind === 'timeout') {
    await giveBack?.();
    return json(
      res,
      503,
      `no document arrived within ${Number((c.waitMs / 1000).toFixed(1))} seconds; send the call again.`,
    );
  }
  if (f.kind === 'unreachable') {
    c.logger.warn({ upstream, detail: f.detail }, 'render server unreachable');
    await giveBack?.();
    return json(res, 503, 'the render server could not be reached; nothing of the description was read.');
  }
  for (const [name, values] of f.svc) res.setHeader(name, joinHosted(values));
  if (f.status === 200) {
    res.writeHead(200, {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="document.pdf"',
      'content-length': f.body.length,
    });
    res.end(f.body);
    return;
  }
  const sentence = f.contentType.startsWith('text/plain')
    ? f.body.toString('utf8').trim()
    : `the render server answered ${f.status}.`;
  if (f.status === 503) {
    await giveBack?.();
    return json(res, 503, sentence);
  }
  // 400, 402, 413 and 500 pass as they are (spec: hosted answers); anything else is the service's fault.
  json(res, [400, 402, 413, 500].includes(f.status) ? f.status : 500, sentence);
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
  const body = await readBody(req, c.bodyCap);
  if (body === 'too-large')
    return json(res, 413, `the body is larger than the ${c.bodyCap} bytes this service accepts.`, true);
  if (!isJson(body)) return json(res, 400, 'the body is not JSON; paste the description as JSON.');
  if (c.upstreams.length === 0)
    return json(res, 503, 'no render server is known to this service; nothing of the description was read.');
  // The box counts nothing (spec: "it draws for a signed-in session, not a key, and counts nothing").
  await answerForwarded(c, res, body, s.client);
}

async function signIn(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const raw = await readBody(req, SIGN_IN_FORM_CAP);
  if (raw === 'too-large') return json(res, 413, 'the sign-in form is too large.', true);
  const form = new URLSearchParams(raw.toString('utf8'));
  const token = cookie(req, 'quire_csrf');
  if (!token || !same(form.get('csrf') ?? '', token))
    return json(res, 403, 'the form token is missing or stale; reload the page.');
  const user = (form.get('user') ?? '').slice(0, 200);
  const now = c.now().getTime();
  const since = now - SIGN_IN_WINDOW_MS;
  const keys = [`user:${user}`, `addr:${req.socket.remoteAddress ?? ''}`];
  const u = await c.store.getUser(user);
  const ok = u !== undefined && verifyPassword(form.get('password') ?? '', u.passwordHash);
  if (!ok) {
    let worst = 0;
    for (const k of keys) worst = Math.max(worst, await c.store.failedSignIn(k, now, since));
    if (worst > SIGN_IN_FAILURES) {
      res.setHeader('retry-after', String(Math.ceil(SIGN_IN_WINDOW_MS / 1000)));
      return json(res, 429, 'too many failed sign-ins; wait a quarter of an hour.');
    }
    res.writeHead(303, { location: `${RENDER_PATH}?failed=1` });
    res.end();
    return;
  }
  // Even a right password waits out the throttle once it has tripped.
  for (const k of keys) {
    if ((await c.store.failedSignIn(k, now, since)) > SIGN_IN_FAILURES) {
      res.setHeader('retry-after', String(Math.ceil(SIGN_IN_WINDOW_MS / 1000)));
      return json(res, 429, 'too many failed sign-ins; wait a quarter of an hour.');
    }
    await c.store.clearSignInFailures(k);
  }
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

async function signOut(c: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const raw = await readBody(req, SIGN_IN_FORM_CAP);
  const s = await session(c, req);
  const form = new URLSearchParams(raw === 'too-large' ? '' : raw.toString('utf8'));
  if (s && same(form.get('csrf') ?? '', s.csrf)) await c.store.deleteSession(sha(cookie(req, 'quire_session')!));
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

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
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
