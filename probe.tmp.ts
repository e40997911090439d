import { render } from './src/library.js';
import { NOW } from './test/support/fixtures.js';
import * as H from './test/support/hostile.js';

const n = Number(process.argv[3] ?? 100000);
const desc = process.argv[2] === 'p' ? H.manyParagraphs(n) : H.manyLines(n);
const mb = (b: number) => `${Math.round(b / 1e6)}MB`;
(globalThis as any).gc();
const base = process.memoryUsage();
console.log('base heap', mb(base.heapUsed), 'rss', mb(base.rss));
const keep: unknown[] = [];
const out = render({
  description: desc,
  now: NOW,
  trace: (id: string, ir: unknown, ms: number) => {
    const m = process.memoryUsage();
    keep.push(ir);
    (globalThis as any).gc();
    const g = process.memoryUsage();
    console.log(
      id.padEnd(15),
      `${ms.toFixed(0)}ms`,
      'heap before gc',
      mb(m.heapUsed - base.heapUsed),
      'after gc (keeping stages)',
      mb(g.heapUsed - base.heapUsed),
      'ext',
      mb(g.external + g.arrayBuffers - base.external - base.arrayBuffers),
      'rss',
      mb(m.rss - base.rss),
    );
  },
} as any);
console.log((out as any).ok, 'maxRSS', mb(process.resourceUsage().maxRSS * 1024 - base.rss));
