// src/hosted/in-process.ts — the hosted front with the render pool in its own process (decision,
// docs/reference.md "One box: the render pool in the front"): a call's body goes from the socket to a
// render worker exactly as on the render server — the same intake, pool, time limit, memory budget,
// metrics and answer (src/server.ts `serveDescription`) — and only the key check, the month and the
// hosted form of the answer are the front's. The answer is turned into the one the proxied front
// gives for the same render server's answer (src/hosted/front.ts `answerForwarded`): the same
// statuses, `x-svc-*` headers in the hosted form and sentences, the document taken off the month
// once it is made, right before it is written.
import type http from 'node:http';
import { REFUSALS } from '../../ir/messages.js';
import type { Answer } from '../answer.js';
import type { RenderPool } from '../pool.js';
import { createServer, type ServerOptions, serveDescription } from '../server.js';
import { joinHosted } from './forward.js';

/** A render server in this process: never listening, its calls handed over by the front. */
export interface InProcessRender {
  server: http.Server;
  pool: RenderPool;
}

/**
 * The render server the front runs in its own process, over `pool`. `options` are the render
 * server's own settings (memory budgets, licence for /health…); the front's body cap is its cap, and
 * its process metrics are the front's (no second set).
 */
export function createInProcessRender(
  pool: RenderPool,
  bodyCap: number,
  options: Omit<ServerOptions, 'pool' | 'bodyCap'> = {},
): InProcessRender {
  return { server: createServer({ ...options, pool, bodyCap, processMetrics: false }), pool };
}

/** The month's side of a call that counts (the API; the box counts nothing). */
export interface Charging {
  /** Takes one document off the month; false when it was used up meanwhile. */
  take(): Promise<boolean>;
  /** The 402 answer of a used-up month (its sentence and Retry-After). */
  usedUp(): { sentence: string; retryAfter: string };
  giveBack(): Promise<void>;
}

export interface InProcessCall {
  render: InProcessRender;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  client: string;
  requestId: string;
  bodyCap: number;
  waitMs: number;
  /** The front's sentence for a body that is not JSON (the API's or the box's). */
  notJson: string;
  charging?: Charging;
  /** Writes one of the front's own JSON refusals (the wait run out). */
  refuse(status: number, sentence: string): void;
  /** The render's outcome (its status) and the seconds from the call's start, for /metrics. */
  rendered(outcome: string, seconds: number): void;
  onError(e: unknown): void;
}

/** The render server's sentence for a json_data that is not JSON (its start). */
const NOT_JSON = REFUSALS.jsonUnreadable.template.split('{')[0].toLowerCase();

/** Renders one call in this process and answers it in the hosted form. */
export function renderInProcess(call: InProcessCall): void {
  const { req, res } = call;
  const started = performance.now();
  const wait = new AbortController();
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  // The hosted wait counts from the whole description received, as the proxied front's does.
  req.once('end', () => {
    timer = setTimeout(() => {
      if (answered) return;
      answered = true;
      // The render is stopped (or dropped from the queue) as for a caller gone; nothing was taken.
      wait.abort();
      call.rendered('timeout', (performance.now() - started) / 1000);
      call.refuse(
        503,
        `no document arrived within ${Number((call.waitMs / 1000).toFixed(1))} seconds; send the call again.`,
      );
    }, call.waitMs);
  });
  res.once('close', () => clearTimeout(timer));
  serveDescription(call.render.server, req, res, {
    requestId: call.requestId,
    client: call.client,
    signal: wait.signal,
    answer: async (a) => {
      if (answered) return undefined;
      answered = true;
      clearTimeout(timer);
      call.rendered(String(a.status), (performance.now() - started) / 1000);
      try {
        return await hostedAnswer(call, a);
      } catch (e) {
        call.onError(e);
        return hostedJson(500, 'the hosted service failed while answering the call.');
      }
    },
  });
}

/** The render server's answer in the hosted form, the document taken off the month when it counts. */
async function hostedAnswer(call: InProcessCall, a: Answer): Promise<Answer | undefined> {
  const svc: [string, string][] = [];
  const grouped = new Map<string, string[]>();
  for (const [name, value] of a.headers) {
    const key = name.toLowerCase();
    if (!key.startsWith('x-svc-')) continue;
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  for (const [name, values] of grouped) svc.push([name, joinHosted(values)]);
  const refusalWord = grouped.get('x-svc-refusal')?.[0];
  const charge = async (): Promise<Answer | undefined> => {
    if (!call.charging || (await call.charging.take())) return undefined;
    const u = call.charging.usedUp();
    return hostedJson(402, u.sentence, [['retry-after', u.retryAfter]]);
  };
  if (a.status === 200) {
    const refused = await charge();
    if (refused) return refused;
    if (call.charging) {
      // Charged, but the caller went away before the document was handed over: given back.
      const { charging } = call;
      if (call.res.destroyed) {
        await charging.giveBack();
        return undefined;
      }
      call.res.once('close', () => {
        if (!call.res.writableFinished) void charging.giveBack().catch(call.onError);
      });
    }
    return {
      status: 200,
      headers: [...svc, ['content-disposition', 'attachment; filename="document.pdf"']],
      body: a.body,
      contentType: 'application/pdf',
    };
  }
  const text = typeof a.body === 'string' ? a.body : Buffer.from(a.body).toString('utf8');
  const sentence = a.contentType.startsWith('text/plain') ? text.trim() : `the render server answered ${a.status}.`;
  // The front's own refusals, free: a body past its cap, a body that is not JSON.
  if (a.status === 413 && refusalWord === 'body_too_large')
    return hostedJson(413, `the body is larger than the ${call.bodyCap} bytes this service accepts.`);
  if (a.status === 400 && sentence.toLowerCase().startsWith(NOT_JSON)) return hostedJson(400, call.notJson);
  // 503 (busy, closing): nothing made, nothing counted; worth resending when Retry-After says.
  const retryAfter = a.headers.find(([n]) => n.toLowerCase() === 'retry-after')?.[1];
  if (a.status === 503)
    return hostedJson(503, sentence, [
      ...svc,
      ...(retryAfter ? [['retry-after', retryAfter] as [string, string]] : []),
    ]);
  // 400, 413 and 500: the description refused, counted.
  const refused = await charge();
  if (refused) return refused;
  return hostedJson([400, 402, 413, 500].includes(a.status) ? a.status : 500, sentence, svc);
}

/** A hosted refusal: `{"error": sentence}` as JSON (the server's writer adds nosniff and the length). */
function hostedJson(status: number, sentence: string, headers: [string, string][] = []): Answer {
  return { status, headers, body: JSON.stringify({ error: sentence }), contentType: 'application/json' };
}
