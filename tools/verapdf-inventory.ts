// tools/verapdf-inventory.ts — writes verifier/coverage/verapdf-rules.tsv, the rule inventory of
// veraPDF's validation profiles (../shared/standards/verapdf-profiles/, CC BY 4.0, © veraPDF
// Consortium): one line per profile and rule, with the object it applies to. The coverage test
// (verifier/coverage.test.ts) reads the profiles when they are present and this copy otherwise, and
// fails while the copy differs from the profiles.
//   npx tsx tools/verapdf-inventory.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inventoryTsv, PROFILE_DIR, parseProfiles } from '../verifier/coverage.js';

const out = join(import.meta.dirname, '../verifier/coverage/verapdf-rules.tsv');
const tsv = inventoryTsv(parseProfiles(PROFILE_DIR));
if (process.argv.includes('--check')) {
  const same = readFileSync(out, 'utf8') === tsv;
  console.log(same ? 'inventory up to date' : 'inventory differs from the profiles');
  process.exit(same ? 0 : 1);
}
writeFileSync(out, tsv);
console.log(`wrote ${out}`);
