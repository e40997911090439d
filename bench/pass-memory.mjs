// bench/pass-memory.mjs — one document rendered in this fresh process (as the peak-RSS target
// measures it): RSS and V8 heap used after each pass (the library's trace hook), and the peak RSS.
//   npm run build && node bench/pass-memory.mjs [--dist other/dist] [scenario.json]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const di = argv.indexOf('--dist');
const dist = resolve(di >= 0 ? argv.splice(di, 2)[1] : join(import.meta.dirname, '..', 'dist'));
const file = argv[0] ?? join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', 'table-10k.json');
const { render } = await import(join(dist, 'index.js'));
const description = JSON.parse(readFileSync(file, 'utf8'));
const mb = (x) => (x / 1048576).toFixed(0);
const out = [`start rss ${mb(process.memoryUsage().rss)}`];
let prev = process.memoryUsage();
const trace = (id) => {
  const m = process.memoryUsage();
  out.push(`${id} rss ${mb(m.rss)} (+${mb(m.rss - prev.rss)}) heap ${mb(m.heapUsed)}`);
  prev = m;
};
const o = render({ description, now: new Date(0), trace });
if (!o.ok) throw new Error(o.sentence);
console.log(
  `${dist}: ${out.filter((l) => !/^(licences|cross-refusals) /.test(l)).join(' | ')} | peak rss ${mb(process.resourceUsage().maxRSS * 1024)} MB`,
);
