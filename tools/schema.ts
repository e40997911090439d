// tools/schema.ts — writes schema/description.schema.json, the shipped JSON Schema of a description
// (built by tools/schema-build.ts from the reader's own ajv schemas). Run `npm run schema` after any
// change to ir/schema/* or an item reader; test/schema.test.ts fails while the file is stale.
//   npx tsx tools/schema.ts [--check]
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { descriptionSchemaText } from './schema-build.js';

export const SCHEMA_FILE = join(import.meta.dirname, '..', 'schema', 'description.schema.json');

const text = descriptionSchemaText();
if (process.argv.includes('--check')) {
  const same = existsSync(SCHEMA_FILE) && readFileSync(SCHEMA_FILE, 'utf8') === text;
  process.stdout.write(same ? 'schema/description.schema.json is up to date\n' : 'schema/description.schema.json is stale: run npm run schema\n');
  process.exit(same ? 0 : 1);
}
mkdirSync(dirname(SCHEMA_FILE), { recursive: true });
writeFileSync(SCHEMA_FILE, text);
process.stdout.write(`wrote ${SCHEMA_FILE} (${text.length} bytes)\n`);
