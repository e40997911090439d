// src/server/metrics.ts — the server's Prometheus metrics (GET /metrics, prom-client): renders by
// status, render duration, queue depth and worker use. One registry per server, so several servers
// in one process (tests) keep their own counts.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RenderPool } from '../pool.js';

/** Render duration buckets, seconds: an invoice takes milliseconds, a long table seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface ServerMetrics {
  registry: Registry;
  /** Records one answered POST /render. */
  rendered(status: number, seconds: number): void;
}

export function createMetrics(pool: () => RenderPool | undefined, withProcessMetrics: boolean): ServerMetrics {
  const registry = new Registry();
  if (withProcessMetrics) collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  const renders = new Counter({
    name: 'quire_renders_total',
    help: 'Answers to POST /render, by status code.',
    labelNames: ['status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'quire_render_duration_seconds',
    help: 'Time from the whole body received to the answer, by status code.',
    labelNames: ['status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'quire_queue_depth',
    help: 'Renders waiting for a worker.',
    registers: [registry],
    collect() {
      this.set(pool()?.queued ?? 0);
    },
  });
  new Gauge({
    name: 'quire_expected_wait_seconds',
    help: 'Wait a render admitted now is expected to have (renders ahead × recent median render time ÷ workers).',
    registers: [registry],
    collect() {
      this.set((pool()?.expectedWaitMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'quire_render_estimate_seconds',
    help: 'Median of the recent render times, the estimate the queue admits by.',
    registers: [registry],
    collect() {
      this.set((pool()?.estimateMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'quire_queue_bytes',
    help: 'Bytes of the request bodies waiting for a worker.',
    registers: [registry],
    collect() {
      this.set(pool()?.queuedBytes ?? 0);
    },
  });
  new Gauge({
    name: 'quire_busy_refusals',
    help: 'Renders answered 503 because the expected wait, the waiting bytes or the queue were past their ceiling, since start.',
    registers: [registry],
    collect() {
      this.set(pool()?.refused ?? 0);
    },
  });
  new Gauge({
    name: 'quire_workers_busy',
    help: 'Workers rendering now.',
    registers: [registry],
    collect() {
      this.set(pool()?.running ?? 0);
    },
  });
  new Gauge({
    name: 'quire_workers',
    help: 'Workers in the render pool (0: renders run in the server thread).',
    registers: [registry],
    collect() {
      this.set(pool()?.threads ?? 0);
    },
  });
  new Gauge({
    name: 'quire_workers_started',
    help: 'Render workers started since start, the first ones included (a worker ended at a time limit or a crash is replaced).',
    registers: [registry],
    collect() {
      this.set(pool()?.workersStarted ?? 0);
    },
  });
  new Gauge({
    name: 'quire_warm_up_renders',
    help: 'Warm-up renders the workers did when they started (src/warm-up.ts), since start.',
    registers: [registry],
    collect() {
      this.set(pool()?.warmUpRenders ?? 0);
    },
  });
  new Gauge({
    name: 'quire_warming',
    help: "1 while the pool's first workers warm up (GET /health answers 503 warming), else 0.",
    registers: [registry],
    collect() {
      this.set(pool()?.warming ? 1 : 0);
    },
  });
  new Gauge({
    name: 'quire_renders_cancelled',
    help: 'Running renders stopped at a pass boundary because their caller went away (their worker kept), since start.',
    registers: [registry],
    collect() {
      this.set(pool()?.cancelled ?? 0);
    },
  });
  new Gauge({
    name: 'quire_worker_utilization',
    help: 'Share of time the workers were busy since start, 0..1.',
    registers: [registry],
    collect() {
      this.set(pool()?.utilization ?? 0);
    },
  });
  const byStatus = new Map<number, { count: { inc(): void }; time: { observe(v: number): void } }>();
  return {
    registry,
    rendered(status, seconds) {
      // The labelled series of a status made once (issue 20, ninth wave): a call then counts and
      // observes without building and hashing a labels object twice.
      let series = byStatus.get(status);
      if (!series) {
        series = { count: renders.labels(String(status)), time: duration.labels(String(status)) };
        byStatus.set(status, series);
      }
      series.count.inc();
      series.time.observe(seconds);
    },
  };
}
