// src/hosted/fleet/dispatch.ts — one call sent to the fleet: to the member Fleet.pick chooses, and
// once more to another when the first turned it away before making anything — a 503 (busy or
// closing), or a connection refused or cut before any answer — while the body sent so far is still
// held (ReplayBody). Sending twice is safe: a render server has no effect before it answers, and the
// front takes the document off the month only once an answer has come. The client sees a 503 only
// when the second server turns the call away too, or when no server is left to try.
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { type Forwarded, forward } from '../forward.js';
import type { Fleet } from './fleet.js';
import { ReplayBody, type ReplayBudget } from './replay.js';

/** Render servers tried per call: the first and one other. */
export const ATTEMPTS = 2;

export type FleetForwarded = Forwarded | { kind: 'none' };

export interface FleetCall {
  fleet: Fleet;
  budget: ReplayBudget;
  body: Readable | Buffer;
  /** Bytes of this call kept for a second attempt (REPLAY_CALL_BYTES). */
  replayCap?: number;
  length?: number;
  cap: number;
  client: string | undefined;
  requestId: string;
  waitMs: number;
  dispatcher?: Dispatcher;
  /** Told of each attempt (the front's metrics and log). */
  onAttempt?: (upstream: string, f: Forwarded, seconds: number) => void;
}

/** The answer, and the render server it came from (undefined when none was tried). */
export async function forwardToFleet(call: FleetCall): Promise<{ f: FleetForwarded; upstream?: string }> {
  // Nothing is kept when the fleet has one server: a second attempt has nowhere to go, and holding
  // each call's bytes until its answer cost the front a full garbage collection every ~11 invoices
  // (bench/README.md, "The front: a Unix socket, and no replay copy…").
  const body = new ReplayBody(call.body, call.budget, call.fleet.size > 1 ? call.replayCap : 0);
  const tried = new Set<string>();
  const began = performance.now();
  let m = call.fleet.pick(tried);
  if (!m) return { f: { kind: 'none' } };
  for (let attempt = 1; ; attempt++) {
    tried.add(m.url);
    const end = call.fleet.begin(m);
    const started = performance.now();
    const f = await forward({
      upstream: m.url,
      body,
      length: call.length,
      cap: call.cap,
      client: call.client,
      requestId: call.requestId,
      // A second attempt gets what is left of the call's wait (at least a second).
      waitMs: attempt === 1 ? call.waitMs : Math.max(1000, call.waitMs - (started - began)),
      dispatcher: call.dispatcher,
    });
    call.onAttempt?.(m.url, f, (performance.now() - started) / 1000);
    const turnedAway = (f.kind === 'answer' && f.status === 503) || f.kind === 'unreachable';
    if (f.kind === 'answer' && f.status === 503) call.fleet.busy(m, retryAfter(f));
    if (f.kind === 'unreachable') call.fleet.unreachable(m);
    const next = turnedAway && attempt < ATTEMPTS && body.replayable ? call.fleet.pick(tried) : undefined;
    if (!next) {
      body.release();
      if (f.kind !== 'answer') {
        end();
        return { f, upstream: m.url };
      }
      const done = f.done;
      return {
        f: {
          ...f,
          done: () => {
            done();
            end();
          },
        },
        upstream: m.url,
      };
    }
    if (f.kind === 'answer') {
      f.done();
      await f.body.dump().catch(() => {});
    }
    end();
    m = next;
  }
}

/** Seconds a busy server asked to be left alone (its Retry-After), 1 when it did not say. */
function retryAfter(f: Extract<Forwarded, { kind: 'answer' }>): number {
  const n = Number(f.retryAfter);
  return Number.isFinite(n) && n > 0 ? n : 1;
}
