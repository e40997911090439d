// bench/render-n.mjs — render one description N times in a fresh process, a line `@@ render i` before
// each, for V8 traces split per render (issue 21, spread maps):
//   node --trace-deopt bench/render-n.mjs dist invoice 8 | awk '/^@@ render/{r=$3} /bailout \(/{c[r]++} END{for(i in c) print i, c[i]}'
//   node --log-ic --logfile=ic.log --no-logfile-per-isolate bench/render-n.mjs dist /path/to/doc.json 6
// The scenario is a name under ../shared/bench/scenarios or a path to a JSON description.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [dist, sc, n = '8'] = process.argv.slice(2);
const { render } = await import(resolve(dist, 'bench-entry.js'));
const text = readFileSync(
  sc.includes('/') ? sc : resolve(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', `${sc}.json`),
  'utf8',
);
for (let i = 1; i <= Number(n); i++) {
  console.log('@@ render', i);
  render(JSON.parse(text));
}
console.log('@@ end');
