// tools/schema.ts — writes schema/description.schema.json, the shipped JSON Schema of a description
// (built by tools/schema-build.ts from the reader's own ajv schemas), and ir/description.generated.ts,
// the raw description types the readers take (tools/description-types-build.ts, from that same
// schema). Run `npm run schema` after any change to ir/schema/* or an item reader; test/schema.test.ts
// fails while either file is stale.
//   npx tsx tools/schema.ts [--check]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { descriptionTypesText } from './description-types-build.js';
import { descriptionSchemaText } from './schema-build.js';

const ROOT = join(import.meta.dirname, '..');
export const SCHEMA_FILE = join(ROOT, 'schema', 'description.schema.json');
export const TYPES_FILE = join(ROOT, 'ir', 'description.generated.ts');

const outputs: [string, string][] = [
  [SCHEMA_FILE, descriptionSchemaText()],
  [TYPES_FILE, await descriptionTypesText()],
];
if (process.argv.includes('--check')) {
  let stale = 0;
  for (const [file, text] of outputs) {
    const name = file.slice(ROOT.length + 1);
    const same = existsSync(file) && readFileSync(file, 'utf8') === text;
    if (!same) stale++;
    process.stdout.write(same ? `${name} is up to date\n` : `${name} is stale: run npm run schema\n`);
  }
  process.exit(stale ? 1 : 0);
}
for (const [file, text] of outputs) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  process.stdout.write(`wrote ${file} (${text.length} bytes)\n`);
}
