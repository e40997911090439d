// bench/lib/loop-delay.mjs — preloaded into a server under test (`node --import …/loop-delay.mjs`):
// on SIGUSR2 the main thread prints `loop-delay {"max":…,"p99":…,"p50":…,"gaps":[…]}` (ms, from
// perf_hooks.monitorEventLoopDelay at 5 ms resolution) to stdout and starts a new histogram.
// `gaps` are the longest stretches in which a 1 ms timer did not run (the loop held, or the thread
// not scheduled), each split by /proc/thread-self/schedstat into the main thread's time on a CPU
// (`cpu`: the loop busy) and its time waiting for one (`wait`: other processes' load, which says
// nothing about the server), with the garbage collections inside it (`gc`, ms) and what the loop
// did meanwhile (connections accepted, requests whose head was read, answers finished, KiB of request bodies read).
// Worker threads (which inherit the flag) do nothing.

import diagnostics from 'node:diagnostics_channel';
import { openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const GAP_MS = 10;
const KEEP = 12;

if (isMainThread) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let fd = -1;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {}
  const buf = Buffer.alloc(128);
  /** [ns on a CPU, ns waiting for one] of this thread. */
  const sched = () => {
    if (fd < 0) return [0, 0];
    const n = readSync(fd, buf, 0, buf.length, 0);
    const [cpu, wait] = buf.toString('latin1', 0, n).split(' ');
    return [Number(cpu), Number(wait)];
  };
  const counts = { accepted: 0, requests: 0, answers: 0, bodyKiB: 0 };
  // Request body bytes handed over by node:http's parser (bench only: the prototype is wrapped).
  const { IncomingMessage } = await import('node:http');
  const push = IncomingMessage.prototype.push;
  IncomingMessage.prototype.push = function (chunk, encoding) {
    if (chunk) counts.bodyKiB += chunk.length / 1024;
    return push.call(this, chunk, encoding);
  };
  // Each GET /health's time in the server, from its connection's accept to its answer handed to the
  // socket: on a new connection, the wait in src/server/accept.ts's line is in it; the wait before
  // the accept (the kernel's queue) is not.
  const acceptedAt = new WeakMap();
  let healthServer = [];
  diagnostics.subscribe('net.server.socket', ({ socket }) => {
    counts.accepted++;
    acceptedAt.set(socket, performance.now());
  });
  diagnostics.subscribe('http.server.request.start', () => counts.requests++);
  diagnostics.subscribe('http.server.response.finish', ({ request, socket }) => {
    counts.answers++;
    const at = acceptedAt.get(socket);
    if (request?.url === '/health' && at !== undefined) {
      healthServer.push(performance.now() - at);
      // later requests on a kept-alive connection are timed from the head of the first only
      acceptedAt.delete(socket);
    }
  });
  const gcs = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration, kind: e.detail?.kind ?? e.kind });
  }).observe({ entryTypes: ['gc'] });
  let gaps = [];
  let since = sched();
  let lastWall = performance.now();
  let lastSched = sched();
  let lastCounts = { ...counts };
  setInterval(() => {
    const now = performance.now();
    const s = sched();
    const wall = now - lastWall;
    if (wall > GAP_MS)
      gaps.push({
        at: lastWall,
        wall,
        cpu: (s[0] - lastSched[0]) / 1e6,
        wait: (s[1] - lastSched[1]) / 1e6,
        accepted: counts.accepted - lastCounts.accepted,
        requests: counts.requests - lastCounts.requests,
        answers: counts.answers - lastCounts.answers,
        bodyKiB: Math.round(counts.bodyKiB - lastCounts.bodyKiB),
      });
    lastWall = now;
    lastSched = s;
    lastCounts = { ...counts };
  }, 1).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Number((ns / 1e6).toFixed(1));
    const r = (x) => Number(x.toFixed(1));
    // GC kinds (perf_hooks.constants): 1 minor (scavenge), 4 major (mark-compact), 8 incremental marking, 16 weak callbacks.
    const kind = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weak' };
    const long = gaps
      .sort((a, b) => b.cpu - a.cpu)
      .slice(0, KEEP)
      .map((g) => {
        const inside = gcs.filter((c) => c.at + c.ms > g.at && c.at < g.at + g.wall);
        return {
          wall: r(g.wall),
          cpu: r(g.cpu),
          wait: r(g.wait),
          gc: inside.map((c) => `${kind[c.kind] ?? c.kind} ${r(c.ms)}`).join(', '),
          accepted: g.accepted,
          requests: g.requests,
          answers: g.answers,
          bodyKiB: g.bodyKiB,
        };
      });
    const over = (x) => gaps.filter((g) => g.cpu > x).length;
    const majors = gcs.filter((c) => c.kind === 4);
    process.stdout.write(
      `loop-delay ${JSON.stringify({
        max: ms(h.max),
        p99: ms(h.percentile(99)),
        p50: ms(h.percentile(50)),
        mean: ms(h.mean),
        cpuGapsOver20: over(20),
        cpuGapsOver40: over(40),
        majorGcs: majors.length,
        majorGcMax: r(Math.max(0, ...majors.map((c) => c.ms))),
        majorGcSum: r(majors.reduce((a, c) => a + c.ms, 0)),
        gcSum: r(gcs.reduce((a, c) => a + c.ms, 0)),
        totals: { ...counts },
        // GET /health on a connection of its own (its first request): accept to answer, ms
        healthServer: (() => {
          const t = healthServer.sort((a, b) => a - b);
          return {
            n: t.length,
            p50: r(t[t.length >> 1] ?? 0),
            max: r(t[t.length - 1] ?? 0),
            over50: t.filter((x) => x > 50).length,
          };
        })(),
        // the main thread's time on a CPU since the last report, ms
        mainCpu: r((sched()[0] - since[0]) / 1e6),
        gaps: long,
      })}\n`,
    );
    h.reset();
    since = sched();
    gaps = [];
    gcs.length = 0;
    healthServer = [];
  });
}
