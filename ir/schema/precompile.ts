// ir/schema/precompile.ts — build step, run by tsup.config.ts after each build: compiles every schema
// the readers give ir/schema/ajv.ts (at load, or declared for first use) into standalone validation
// code (ajv's standalone mode) and writes it to dist/ajv-validators.cjs, one export per schema under its
// content key. ir/schema/ajv.ts answers `compile` from it, so a fresh process does not compile schemas.
//   QUIRE_AJV_RUNTIME=1 tsx ir/schema/precompile.ts OUT.cjs
import { writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import * as standalone from 'ajv/dist/standalone/index.js';
import '../read.js';
import { AJV_OPTIONS, ajv, schemaKey, seenSchemas } from './ajv.js';
import { linkItemSchema, navigationSchemas } from './navigation.js';
import { structureSchema } from './structure.js';

// ajv/dist/standalone is CommonJS: its function is the module itself (`default` under Node's ESM)
const standaloneCode = ((standalone as { default?: unknown }).default ?? standalone) as (
  ajv: Ajv,
  refs: Record<string, string>,
) => string;

/** The schemas the readers compile on first use with `??=` (ir/read/navigation.ts, structure.ts), as they build them. */
const FIRST_USE = [{ type: 'object', properties: navigationSchemas }, linkItemSchema, structureSchema];

export function precompiledCode(): string {
  const gen = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  for (const s of ajv.registered()) gen.addSchema(s);
  const exports: Record<string, string> = {};
  for (const s of [...seenSchemas, ...FIRST_USE]) {
    const key = schemaKey(s);
    if (exports[key]) continue;
    gen.addSchema(s as object, key);
    exports[key] = key;
  }
  return `// written by ir/schema/precompile.ts at build time: ${Object.keys(exports).length} validators\n${standaloneCode(gen, exports)}`;
}

const out = process.argv[2];
if (out) writeFileSync(out, precompiledCode());
