// tools/verifier-coverage.ts — how every rule of veraPDF's profiles is accounted for, per flavour:
// bound (the table rule id → fact codes of verifier/coverage.ts), listed in the part's COVERAGE.md
// (manual / open), or missing (what verifier/coverage.test.ts fails on).
//   npx tsx tools/verifier-coverage.ts [--missing] [--table pdfa2b]
import { parseArgs } from 'node:util';
import { coverage, profileRules, ruleTable } from '../verifier/coverage.js';
import { flavourOf } from '../verifier/model.js';

const { values } = parseArgs({ options: { missing: { type: 'boolean' }, table: { type: 'string' } } });
if (values.table) {
  const f = flavourOf(values.table);
  if (!f) throw new Error(`unknown standard ${values.table}`);
  const ids = new Set(
    profileRules()
      .filter((r) => r.flavour === f.name)
      .map((r) => r.id),
  );
  for (const [id, codes] of ruleTable(f)) console.log(`${ids.has(id) ? ' ' : '*'} ${id}\t${codes.join(', ')}`);
  console.log('(* an id the profile does not have: the corpus numbering)');
} else {
  for (const c of coverage()) {
    const open = c.listed.filter((l) => l.status === 'open').length;
    console.log(
      `${c.flavour.padEnd(7)} rules ${c.rules}  bound ${c.bound.length}  listed ${c.listed.length} (open ${open}, manual ${c.listed.length - open})  missing ${c.missing.length}`,
    );
    if (values.missing) for (const m of c.missing) console.log(`   ${m.id} [${m.object}]`);
  }
}
