// ir/schema/precompile.ts — build step, run by tsup.config.ts after each build: compiles every schema
// the readers give ir/schema/ajv.ts (at load, or declared for first use) into standalone validation
// code (ajv's standalone mode), one module per schema named by its content key (dist/ajv/<key>.cjs: a
// process loads only the validators it uses; the table's alone is 1 MB of code). ir/schema/ajv.ts
// answers `compile` from them, so a fresh process does not compile schemas.
//   QUIRE_AJV_RUNTIME=1 tsx ir/schema/precompile.ts OUT-DIR
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Standalone code of every schema, one CommonJS module each (exporting `validate`), by content key. */
export function precompiledModules(): Map<string, string> {
  const gen = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  for (const s of ajv.registered()) gen.addSchema(s);
  const keys: string[] = [];
  for (const s of [...seenSchemas, ...FIRST_USE]) {
    const key = schemaKey(s);
    if (keys.includes(key)) continue;
    gen.addSchema(s as object, key);
    keys.push(key);
  }
  const out = new Map<string, string>();
  for (const key of keys)
    out.set(key, `// written by ir/schema/precompile.ts at build time\n${standaloneCode(gen, { validate: key })}`);
  return out;
}

const dir = process.argv[2];
if (dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [key, code] of precompiledModules()) writeFileSync(join(dir, `${key}.cjs`), code);
}
