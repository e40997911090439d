// bench/lib/loop-delay.mjs — preloaded into a server under test (`node --import …/loop-delay.mjs`):
// on SIGUSR2 the main thread prints `loop-delay {"max":…,"p99":…,"p50":…}` (ms, from
// perf_hooks.monitorEventLoopDelay at 5 ms resolution) to stdout and starts a new histogram. Worker
// threads (which inherit the flag) do nothing.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Number((ns / 1e6).toFixed(1));
    process.stdout.write(
      `loop-delay ${JSON.stringify({ max: ms(h.max), p99: ms(h.percentile(99)), p50: ms(h.percentile(50)), mean: ms(h.mean) })}\n`,
    );
    h.reset();
  });
}
