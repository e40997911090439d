// src/hosted/forward.ts — one call forwarded to a render server: the body the client is still sending
// streams through as the `json_data` part of `POST /render` (never held whole in the front), with
// `x-svc-client` and `x-request-id` written afresh, and the answer's head comes back as soon as it
// arrives, its body still a stream. No answer within the wait (30 s by default, spec Limits "Hosted
// wait") aborts the upstream request, which frees its worker there.
import type { Readable } from 'node:stream';
import { type Dispatcher, request } from 'undici';
import { ReplayBody } from './fleet/replay.js';
import { upstreamTarget } from './fleet/unix.js';

export type Forwarded =
  | {
      kind: 'answer';
      status: number;
      contentType: string;
      /** The answer's body, still arriving; read it or dump it. */
      body: Dispatcher.ResponseData['body'];
      svc: [string, string[]][];
      /** Its Retry-After, as sent. */
      retryAfter?: string;
      /** Stops the wait's timer once the body is read. */
      done: () => void;
    }
  | { kind: 'timeout' }
  | { kind: 'too-large' }
  | { kind: 'unreachable'; detail: string };

const BOUNDARY = 'quire-front-5b0d8c1e3f7a4e2c';
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json_data"; filename="description.json"\r\n` +
    'Content-Type: application/json\r\n\r\n',
);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

export interface ForwardCall {
  upstream: string;
  /** The description: the client's request body as it arrives, bytes already read, or a body kept for a second attempt. */
  body: Readable | Buffer | ReplayBody;
  /** Its length when known (Content-Length), so the upstream call carries one too. */
  length?: number;
  /** Past this many bytes the call is stopped and answered `too-large`. */
  cap: number;
  client: string | undefined;
  requestId: string;
  waitMs: number;
  dispatcher?: Dispatcher;
}

/** Sends one description to one render server. Never throws. */
export async function forward(call: ForwardCall): Promise<Forwarded> {
  const abort = new AbortController();
  let tooLarge = false;
  // The wait counts from the whole description sent: a slow upload is bounded by the front's own
  // request timeout, not by the hosted wait.
  let timer: NodeJS.Timeout | undefined;
  const startWait = (): void => {
    timer = setTimeout(() => abort.abort(), call.waitMs);
  };
  const source = call.body;
  async function* parts(): AsyncGenerator<Buffer> {
    yield HEAD;
    if (Buffer.isBuffer(source)) yield source;
    else if (source instanceof ReplayBody) {
      for await (const chunk of source.attempt()) {
        if (source.consumed > call.cap) {
          tooLarge = true;
          abort.abort();
          return;
        }
        yield chunk;
      }
    } else {
      let n = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        n += chunk.length;
        if (n > call.cap) {
          tooLarge = true;
          abort.abort();
          return;
        }
        yield chunk;
      }
    }
    startWait();
    yield TAIL;
  }
  try {
    const headers: Record<string, string> = {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-request-id': call.requestId,
    };
    const length = Buffer.isBuffer(source) ? source.length : call.length;
    if (length !== undefined) headers['content-length'] = String(HEAD.length + length + TAIL.length);
    if (call.client !== undefined) headers['x-svc-client'] = call.client;
    const target = upstreamTarget(call.upstream);
    const res = await request(new URL('/render', target.origin), {
      method: 'POST',
      // The generator itself: undici writes an async iterable chunk by chunk, with no stream between
      // (its typings name streams only; the request body accepts any async iterable of bytes).
      body: parts() as unknown as Readable,
      headers,
      signal: abort.signal,
      dispatcher: call.dispatcher ?? target.dispatcher,
    });
    const svc: [string, string[]][] = [];
    for (const [name, value] of Object.entries(res.headers)) {
      if (!name.startsWith('x-svc-') || value === undefined) continue;
      svc.push([name, Array.isArray(value) ? value : [value]]);
    }
    const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
    return {
      kind: 'answer',
      status: res.statusCode,
      contentType,
      body: res.body,
      svc,
      retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined,
      done: () => clearTimeout(timer),
    };
  } catch (e) {
    clearTimeout(timer);
    if (tooLarge) return { kind: 'too-large' };
    if (abort.signal.aborted) return { kind: 'timeout' };
    return { kind: 'unreachable', detail: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The hosted form of repeated `x-svc-*` headers (spec: "The hosted service sends the name once with
 * comma-separated values"). Splitting rule (decision, docs/reference.md): every value is already
 * percent-encoded by the render server; here a comma inside a value is encoded too (`%2C`), so a
 * client splits the header on `,`, trims spaces, and percent-decodes each piece.
 */
export function joinHosted(values: readonly string[]): string {
  return values.map((v) => v.replace(/,/g, '%2C')).join(', ');
}

/** The inverse of joinHosted, for clients and tests. */
export function splitHosted(header: string): string[] {
  if (header.trim() === '') return [];
  return header.split(',').map((v) => decodeURIComponent(v.trim()));
}
