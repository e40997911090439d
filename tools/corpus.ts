// tools/corpus.ts — runs the golden corpus: `tools/corpus [--update] [filter]`. Without --update it
// prints one line per case (ok / DIFF / NEW) and exits 1 on a difference; with --update it rewrites
// expected.json from what the build does now (read the diff before committing it).
import { caseName, listCases, readExpected, runCase, writeExpected } from './corpus-lib.js';

const args = process.argv.slice(2);
const update = args.includes('--update');
const filter = args.find((a) => !a.startsWith('--'));
let bad = 0;
for (const dir of listCases()) {
  const name = caseName(dir);
  if (filter && !name.includes(filter)) continue;
  const got = runCase(dir);
  const want = readExpected(dir);
  const same = want !== undefined && JSON.stringify(want) === JSON.stringify(got);
  if (update && !same) writeExpected(dir, got);
  const mark = same ? 'ok  ' : want === undefined ? 'NEW ' : update ? 'UPD ' : 'DIFF';
  if (!same && !update) bad++;
  process.stdout.write(
    `${mark} ${name} → ${got.status}${got.word ? ' ' + got.word : ''}${got.pages ? ` ${got.pages} page(s)` : ''}\n`,
  );
  if (!same && !update && want)
    process.stdout.write(`     want ${JSON.stringify(want)}\n     got  ${JSON.stringify(got)}\n`);
}
process.exitCode = bad ? 1 : 0;
