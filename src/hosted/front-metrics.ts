// src/hosted/front-metrics.ts — the hosted front's Prometheus metrics (GET /metrics from loopback,
// prom-client): answers by path and status, time spent waiting on render servers by outcome, sign-ins
// by outcome, calls in flight. One registry per front, so several fronts in one process keep their own.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const KNOWN_PATHS = new Set(['/api/v1/render', '/api/v1/session', '/api/v1/session/end', '/api/v1/box.js', '/health']);

export interface FrontMetrics {
  registry: Registry;
  answered(path: string, status: number, seconds: number): void;
  /** One call to a render server: its status, or timeout / unreachable / too-large. */
  upstream(outcome: string, seconds: number): void;
  signIn(outcome: 'ok' | 'failed' | 'throttled' | 'busy'): void;
}

export function createFrontMetrics(withProcessMetrics: boolean, inFlight: () => number): FrontMetrics {
  const registry = new Registry();
  if (withProcessMetrics) collectDefaultMetrics({ register: registry, prefix: 'quire_hosted_' });
  const answers = new Counter({
    name: 'quire_hosted_answers_total',
    help: 'Answers of the front, by path (unknown paths as "other") and status.',
    labelNames: ['path', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'quire_hosted_answer_duration_seconds',
    help: 'Time from the request head to the answer closed, by path.',
    labelNames: ['path'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'quire_hosted_upstream_seconds',
    help: "Time from forwarding a call to the render server's answer head, by outcome.",
    labelNames: ['outcome'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'quire_hosted_sign_ins_total',
    help: 'Sign-in attempts by outcome: ok, failed, throttled (backoff), busy (too many checks at once).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'quire_hosted_in_flight',
    help: 'Calls being received, forwarded or answered now.',
    registers: [registry],
    collect() {
      this.set(inFlight());
    },
  });
  return {
    registry,
    answered(path, status, seconds) {
      const p = KNOWN_PATHS.has(path) || path === '/metrics' ? path : 'other';
      answers.inc({ path: p, status: String(status) });
      duration.observe({ path: p }, seconds);
    },
    upstream(outcome, seconds) {
      upstream.observe({ outcome }, seconds);
    },
    signIn(outcome) {
      signIns.inc({ outcome });
    },
  };
}
