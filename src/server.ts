// src/server.ts — the server a customer runs (spec: Endpoints, POST /render and GET /health): plain
// node:http, no framework. It reads the multipart form while it streams in (busboy), holds the parts
// in memory under the body cap, calls the very `render()` the library exports and writes the answer
// src/answer.ts builds. It never decides anything about the document itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { refusal } from '../ir/messages.js';
import { libraryFaceCount } from '../passes/fonts/library.js';
import { answerHealth, answerOutcome, answerRefusal, type Answer, type RefusalLike } from './answer.js';
import { render as libraryRender } from './library.js';
import { BUILD } from './version.js';

/** spec Limits: request body 536 870 912 bytes (512 MiB) by default, a server setting. */
export const DEFAULT_BODY_CAP = 536_870_912;
/** Where the CLI listens unless told otherwise (PORT / HOST, --port / --host). */
export const DEFAULT_PORT = 8080;
/** Loopback only: `x-svc-client` is trustworthy only because the front alone can reach us (spec: Authentication 2). */
export const DEFAULT_HOST = '127.0.0.1';
/** How long the rest of a refused upload is read and thrown away before the connection is cut. */
export const DEFAULT_LINGER_MS = 3000;

export interface ServerOptions {
  /** Largest body accepted, in bytes; past it 413 `body_too_large`. Default DEFAULT_BODY_CAP. */
  bodyCap?: number;
  /** The render function; the library's by default (tests may inject another). */
  render?: typeof libraryRender;
  /** Whether a licence covers the day (GET /health `licensed`). Default: false. */
  licensed?: () => boolean;
  /** Number of fonts in the general library (GET /health `faces`). Default: the faces installed (passes/fonts/library.ts). */
  faces?: () => number;
  /** Build number sent in `x-svc-version` and /health. Default: BUILD. */
  version?: string;
  /** Where a line per answer (and every remark in full, spec Limits) is written. Default: stderr. */
  log?: (line: string) => void;
  /** See DEFAULT_LINGER_MS. */
  lingerMs?: number;
}

export interface StartOptions extends ServerOptions {
  port?: number;
  host?: string;
}

export interface RunningServer {
  server: http.Server;
  /** e.g. `http://127.0.0.1:8080` (the port actually bound, also when 0 was asked for). */
  url: string;
  close(): Promise<void>;
}

interface Settings {
  bodyCap: number;
  render: typeof libraryRender;
  licensed: () => boolean;
  faces: () => number;
  version: string;
  log: (line: string) => void;
  lingerMs: number;
}

/** Creates the HTTP server (not listening yet). */
export function createServer(opts: ServerOptions = {}): http.Server {
  const s: Settings = {
    bodyCap: opts.bodyCap ?? DEFAULT_BODY_CAP,
    render: opts.render ?? libraryRender,
    licensed: opts.licensed ?? (() => false),
    faces: opts.faces ?? libraryFaceCount,
    version: opts.version ?? BUILD,
    log: opts.log ?? ((line) => process.stderr.write(line + '\n')),
    lingerMs: opts.lingerMs ?? DEFAULT_LINGER_MS,
  };
  if (!(s.bodyCap >= 0)) throw new RangeError(`bodyCap must be a number of bytes, not ${String(opts.bodyCap)}`);

  const server = http.createServer((req, res) => guarded(s, req, res));
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? DEFAULT_PORT, opts.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' || addr.address.includes(':') ? `[${addr.address}]` : addr.address;
  return {
    server,
    url: `http://${host}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ——— handling ———

function guarded(s: Settings, req: http.IncomingMessage, res: http.ServerResponse): void {
  const started = performance.now();
  // A client that goes away mid-call must never take the process with it.
  req.on('error', () => {});
  res.on('error', () => {});
  res.on('close', () => logAnswer(s, req, res, started));
  try {
    handle(s, req, res);
  } catch (e) {
    failed(s, req, res, e);
  }
}

/** Any unexpected exception: 500 `server` with a sentence if nothing was sent yet, else cut the connection. */
function failed(s: Settings, req: http.IncomingMessage, res: http.ServerResponse, e: unknown): void {
  s.log(`quire: unexpected error on ${req.method} ${req.url}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  try {
    if (res.headersSent || res.writableEnded) {
      res.destroy();
      return;
    }
    send(s, req, res, answerRefusal(refusal('serverUnexpected', '', detail(e)), { version: s.version }));
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
  if (path === '/health') {
    if (method !== 'GET' && method !== 'HEAD') return send(s, req, res, methodNotAllowed(s, method, path, 'GET, HEAD'));
    return send(s, req, res, answerHealth({ licensed: s.licensed() === true, faces: s.faces() }, s.version));
  }
  // Decision: an unknown path is answered 404, which the spec's status list does not name, with the
  // word `call_number` from its closed list (the call itself is what is wrong) and the sentence of
  // REFUSALS.notFound; the table's status 400 is overridden here because 404 is what every HTTP
  // client and proxy understands for "no such resource".
  const r = refusal('notFound', '', method, printablePath(path));
  return send(s, req, res, answerRefusal({ ...r, status: 404 }, { version: s.version }));
}

/** A known path with the wrong method: 405 with `Allow`, word `call_number`, the notFound sentence. */
function methodNotAllowed(s: Settings, method: string, path: string, allow: string): Answer {
  const r = refusal('notFound', '', method, printablePath(path));
  const a = answerRefusal({ ...r, status: 405 }, { version: s.version });
  a.headers.push(['allow', allow]);
  return a;
}

/** A refusal decided from the request head alone (size announced, content type), or undefined. */
function refusedBeforeBody(s: Settings, req: http.IncomingMessage): RefusalLike | undefined {
  if (req.method !== 'POST' || pathOf(req.url) !== '/render') return undefined;
  const length = declaredLength(req);
  if (length !== undefined && length > s.bodyCap) return refusal('bodyTooLarge', '', s.bodyCap);
  if (!isMultipartFormData(req.headers['content-type'])) return refusal('formNotMultipart', '');
  return undefined;
}

/** POST /render: read the form while it streams, under the cap, then render. */
function receive(s: Settings, req: http.IncomingMessage, res: http.ServerResponse): void {
  const early = refusedBeforeBody(s, req);
  if (early) return send(s, req, res, answerRefusal(early, { version: s.version }));

  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      // Decision: busboy's own limits are lifted; the body cap below bounds everything. Its default
      // 1 MiB field limit would silently truncate a json_data sent as a plain field.
      limits: { fieldSize: s.bodyCap, fileSize: Infinity, fields: Infinity, files: Infinity, parts: Infinity },
    });
  } catch {
    // e.g. "Multipart: Boundary not found", "Malformed content type"
    return send(s, req, res, answerRefusal(refusal('formNotMultipart', ''), { version: s.version }));
  }

  let done = false;
  let received = 0;
  let description: Uint8Array | undefined;
  const parts = new Map<string, Uint8Array>();
  const names = new Set<string>();

  const stop = (): void => {
    done = true;
    req.unpipe(bb);
    bb.removeAllListeners('field');
    bb.removeAllListeners('file');
    bb.destroy();
    parts.clear();
    description = undefined;
  };
  /** Refuses while the body may still be arriving: stop buffering, answer, discard the rest. */
  const fail = (r: RefusalLike): void => {
    if (done) return;
    stop();
    send(s, req, res, answerRefusal(r, { version: s.version }));
  };

  // Count the bytes as they arrive; past the cap answer 413 at once (spec Limits).
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > s.bodyCap) fail(refusal('bodyTooLarge', '', s.bodyCap));
  });
  // The client went away before the body was whole: nobody to answer; free everything.
  req.on('close', () => {
    if (!done && !req.complete) stop();
  });
  bb.on('error', (e: unknown) => fail(refusal('formUnreadable', '', detail(e))));

  /** Records a part name; a name sent twice (json_data included) is refused. */
  const claim = (name: string | undefined): name is string => {
    if (done) return false;
    if (name === undefined || name === '') {
      fail(refusal('formUnreadable', '', 'a part carries no name'));
      return false;
    }
    if (names.has(name)) {
      fail(refusal('partTwice', '', name));
      return false;
    }
    names.add(name);
    return true;
  };
  const keep = (name: string, bytes: Uint8Array): void => {
    if (done) return;
    if (name === 'json_data') description = bytes;
    else parts.set(name, bytes);
  };

  // A part without a file name is a field: busboy hands it over decoded as text (its declared
  // charset, UTF-8 by default); it is kept as the UTF-8 bytes of that text. A description is JSON
  // text, so this is exact for every valid UTF-8 json_data; binary parts travel as files (with a
  // file name or `application/octet-stream`), whose bytes are kept untouched.
  bb.on('field', (name: string | undefined, value: string | undefined) => {
    if (!claim(name)) return;
    if (value === undefined) {
      fail(refusal('formUnreadable', '', `the part "${name}" is in a charset this server cannot read`));
      return;
    }
    keep(name, Buffer.from(value, 'utf8'));
  });
  bb.on('file', (name: string | undefined, stream: NodeJS.ReadableStream & { truncated?: boolean }) => {
    stream.on('error', () => {});
    if (!claim(name)) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => {
      if (!done) chunks.push(c);
    });
    stream.on('end', () => keep(name, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  });
  bb.on('close', () => {
    if (done) return;
    done = true;
    try {
      if (description === undefined) {
        send(s, req, res, answerRefusal(refusal('jsonDataMissing', ''), { version: s.version }));
        return;
      }
      const outcome = s.render({ description, parts, client: clientOf(req) });
      // spec Limits: every remark is written in full to the server's log.
      for (const r of outcome.remarks) s.log(`  remark: ${r.text}`);
      send(s, req, res, answerOutcome(outcome, s.version));
    } catch (e) {
      failed(s, req, res, e);
    }
  });

  req.pipe(bb);
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

function logAnswer(s: Settings, req: http.IncomingMessage, res: http.ServerResponse, started: number): void {
  try {
    const word = res.getHeader('x-svc-refusal');
    const pages = res.getHeader('x-svc-pages');
    const extra = word !== undefined ? ` refused ${String(word)}` : pages !== undefined
      ? ` pages=${String(pages)} warnings=${String(res.getHeader('x-svc-warnings'))} findings=${String(res.getHeader('x-svc-findings'))}`
      : '';
    const client = clientOf(req);
    const cut = res.writableFinished ? '' : ' (connection closed before the answer was complete)';
    s.log(
      `${req.method} ${printablePath(pathOf(req.url))} ${res.statusCode}${extra}` +
        `${client ? ` client=${JSON.stringify(client)}` : ''} ${Math.round(performance.now() - started)}ms${cut}`,
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

function clientOf(req: http.IncomingMessage): string | undefined {
  const v = req.headers['x-svc-client'];
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined || one === '' ? undefined : one;
}

/** A one-line reason for a sentence: first line, no trailing period, first letter lowercase. */
function detail(e: unknown): string {
  const m = (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 200).replace(/\.+$/, '');
  return m.charAt(0).toLowerCase() + m.slice(1);
}
