// bench/soak.mjs — memory per render bounded by the document, not by history (issue 21): renders
// one description many times in one process (the library's render(), as a server worker calls it)
// and prints the RSS, the V8 heap and the render time every `--every` renders. Each render's
// description is the scenario with its text items' last words changed (`#<n>`), so every render
// brings words, glyph pairs and an invoice number the caches have not seen — a soak of identical
// documents would show flat memory whatever the caches kept. Fonts stay the same bytes (a warm
// worker sees the same fonts again): they are parsed once, on the first render.
//   npm run build && node bench/soak.mjs [--n 10000] [--every 1000] [--scenario invoice] [--same] [--dist other/dist]
//   (--same: identical descriptions; --expose-gc is used when given to node, for a GC before each reading)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const opt = (k, d) => {
  const i = args.indexOf(`--${k}`);
  return i >= 0 ? args[i + 1] : d;
};
const n = Number(opt('n', 10_000));
const every = Number(opt('every', 1_000));
const scenario = opt('scenario', 'invoice');
const same = args.includes('--same');

const { render } = await import(join(opt('dist', join(import.meta.dirname, '..', 'dist')), 'index.js'));
const text = readFileSync(
  join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', `${scenario}.json`),
  'utf8',
);

/** The description for render i: every text item's last run ends in its own number. */
function description(i) {
  const d = JSON.parse(text);
  if (same) return d;
  for (const item of d.items ?? []) {
    if (item.type !== 'text' || !Array.isArray(item.content) || typeof item.content.at(-1) !== 'string') continue;
    item.content[item.content.length - 1] += ` #${i}`;
  }
  return d;
}

const mb = (b) => (b / 2 ** 20).toFixed(1);
const times = [];
let first = 0;
console.log(
  `soak: ${scenario}, ${n} renders${same ? ' (identical)' : ''}, node ${process.version}, load ${loadavg()[0].toFixed(2)}`,
);
console.log('| renders | RSS MB | heap used MB | external MB | median ms (last batch) | load |');
console.log('|---:|---:|---:|---:|---:|---:|');
for (let i = 1; i <= n; i++) {
  const d = description(i);
  const t0 = performance.now();
  const out = render({ description: d, now: new Date(0) });
  const ms = performance.now() - t0;
  if (!out.ok) throw new Error(`render ${i} refused: ${out.sentence}`);
  if (i === 1) first = ms;
  else times.push(ms);
  if (i % every === 0 || i === 1) {
    globalThis.gc?.();
    const m = process.memoryUsage();
    const sorted = times.sort((a, b) => a - b);
    const median = i === 1 ? first : sorted[Math.floor(sorted.length / 2)];
    console.log(
      `| ${i} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.external + m.arrayBuffers)} | ${median.toFixed(2)}${i === 1 ? ' (first: fonts parsed)' : ''} | ${loadavg()[0].toFixed(2)} |`,
    );
    times.length = 0;
  }
}
console.log(`peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
