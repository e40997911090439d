// tools/verifier-pairs.ts — which bound rules have a generated breaking and keeping file (issue 18):
// the counts, and with --unpaired the rules without (what verifier/coverage/unpaired.txt lists).
//   npx tsx tools/verifier-pairs.ts [--unpaired] [--write]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { auditPairs } from '../test/support/pair-audit.js';
import { PAIRS } from '../test/support/rule-pairs.js';

const { values } = parseArgs({ options: { unpaired: { type: 'boolean' }, write: { type: 'boolean' } } });
const a = auditPairs(PAIRS.map((p) => p.rule));
const bySpec = new Map<string, [number, number]>();
for (const r of a.bound) {
  const spec = r.split(' ')[0];
  const c = bySpec.get(spec) ?? [0, 0];
  c[0]++;
  if (a.paired.includes(r)) c[1]++;
  bySpec.set(spec, c);
}
for (const [spec, [bound, paired]] of bySpec)
  console.log(`${spec.padEnd(12)} bound ${bound}  paired ${paired}  unpaired ${bound - paired}`);
console.log(
  `all          bound ${a.bound.length}  paired ${a.paired.length}  unpaired ${a.unpaired.length}  (table rows ${PAIRS.length})`,
);
if (values.unpaired) for (const r of a.unpaired) console.log(`  ${r}`);
if (values.write) {
  const head =
    '# Bound rules without a generated breaking and keeping file (verifier/rules-pairs.test.ts): the list only\n# shrinks. Regenerate with `npx tsx tools/verifier-pairs.ts --write` after adding pairs; each line is the\n# rule, a tab, and why no lean test can generate its files (kept from the list as it was).\n';
  const file = join(import.meta.dirname, '../verifier/coverage/unpaired.txt');
  const reasons = new Map(
    (existsSync(file) ? readFileSync(file, 'utf8') : '')
      .split('\n')
      .filter((l) => l.includes('\t') && !l.startsWith('#'))
      .map((l) => [l.split('\t')[0].trim(), l.slice(l.indexOf('\t') + 1)] as const),
  );
  writeFileSync(file, head + a.unpaired.map((r) => `${r}\t${reasons.get(r) ?? 'no reason given yet'}\n`).join(''));
}
