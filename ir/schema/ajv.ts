// ir/schema/ajv.ts — the one ajv every schema of the description is compiled with. A built tree
// (dist/) carries the validators precompiled by ajv's standalone mode (ir/schema/precompile.ts, run by
// tsup.config.ts after each build, writes dist/ajv/<key>.cjs): `compile` answers those by the
// schema's content key, loading only the ones used, so a fresh process neither loads ajv's compiler nor compiles (most of a CLI
// process's start-up before: bench/README.md). A schema not there — sources run by tsx or vitest, a
// schema changed since the build — is compiled by a real Ajv, made on first need: the same code either
// way, so the same errors and refusals.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv as AjvInstance, AnySchema, AnySchemaObject, ValidateFunction } from 'ajv';

/** The options the validators are compiled with (at run time and by the standalone build step). */
export const AJV_OPTIONS = { allErrors: false, strict: false } as const;

/** The folder the build step writes beside the bundle, named relative to this module once bundled. */
export const PRECOMPILED_DIR = 'ajv';

const requireHere = createRequire(import.meta.url);

/** The key a schema's standalone validator is exported under: its content, hashed. */
export function schemaKey(schema: AnySchema): string {
  return `v${createHash('sha1').update(JSON.stringify(schema)).digest('hex')}`;
}

const precompiledDir = (() => {
  if (process.env.QUIRE_AJV_RUNTIME) return undefined; // the build step itself, and a check of both paths
  const dir = fileURLToPath(new URL(`./${PRECOMPILED_DIR}/`, import.meta.url));
  return existsSync(dir) ? dir : undefined; // sources run unbundled: every schema is compiled at run time
})();

/** The precompiled validator of a schema, or undefined (none built, or the schema changed since). */
function precompiled<T>(schema: AnySchema): ValidateFunction<T> | undefined {
  if (!precompiledDir) return undefined;
  const file = join(precompiledDir, `${schemaKey(schema)}.cjs`);
  if (!existsSync(file)) return undefined;
  return (requireHere(file) as { validate: ValidateFunction<T> }).validate;
}

const registered: AnySchemaObject[] = [];
/** Every schema handed to `compile` or `declare` (what the build step precompiles). */
export const seenSchemas = new Set<AnySchema>();
let real: AjvInstance | undefined;

/** The real Ajv, with the `$id` schemas registered so far (made when a schema is not precompiled). */
export function runtimeAjv(): AjvInstance {
  if (!real) {
    const { Ajv } = requireHere('ajv') as typeof import('ajv');
    real = new Ajv(AJV_OPTIONS);
    for (const s of registered) real.addSchema(s);
  }
  return real;
}

/** The shared ajv: `compile`, `addSchema` (a schema other schemas refer to by `$id`), `getSchema`. */
export const ajv = {
  compile<T = unknown>(schema: AnySchema): ValidateFunction<T> {
    seenSchemas.add(schema);
    const pre = precompiled<T>(schema);
    if (pre) {
      pre.schema ??= schema; // what tools/schema-build.ts reads, as a compiled validator carries it
      return pre;
    }
    return runtimeAjv().compile<T>(schema);
  },
  /** Notes a schema compiled on first use (lazyValidator), so the build step precompiles it too. */
  declare(schema: AnySchema): void {
    seenSchemas.add(schema);
  },
  addSchema(schema: AnySchemaObject): void {
    registered.push(schema);
    real?.addSchema(schema);
  },
  getSchema(id: string) {
    return runtimeAjv().getSchema(id);
  },
  /** The `$id` schemas registered (the build step adds them to the Ajv it generates code with). */
  registered: (): readonly AnySchemaObject[] => registered,
};
