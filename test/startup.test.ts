// test/startup.test.ts — what makes a fresh process start fast must not change an answer: the
// validators precompiled at build time (ir/schema/precompile.ts → dist/ajv/<key>.cjs) give the
// errors the run-time compiled ones give, and every schema the readers use is among them.
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { runtimeAjv, schemaKey, seenSchemas } from '../ir/schema/ajv.js';
import { descriptionSchema } from '../ir/schema/description.js';
import { precompiledModules } from '../ir/schema/precompile.js';
import { helloDescription } from './support/fixtures.js';

function load(modules: Map<string, string>): Record<string, ValidateFunction> {
  const out: Record<string, ValidateFunction> = {};
  for (const [key, code] of modules) {
    const module = { exports: {} as { validate: ValidateFunction } };
    new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
    out[key] = module.exports.validate;
  }
  return out;
}

describe('precompiled validators', () => {
  const pre = load(precompiledModules());

  it('cover every schema the readers compile or declare', () => {
    const missing = [...seenSchemas].filter((s) => !pre[schemaKey(s)]);
    expect(missing).toEqual([]);
    expect(Object.keys(pre).length).toBeGreaterThan(20);
  });

  it('give the errors of the run-time compiled validator', () => {
    const fresh = runtimeAjv().compile(descriptionSchema);
    const fast = pre[schemaKey(descriptionSchema)];
    const hello = helloDescription() as Record<string, unknown>;
    const cases: unknown[] = [
      hello,
      { ...hello, page: { width: 'wide' } },
      { ...hello, items: 'none' },
      { ...hello, fonts: [{ name: 3 }] },
      { ...hello, archive: 'pdfa9z' },
      [],
      null,
    ];
    for (const c of cases) {
      expect(fast(c)).toBe(fresh(c));
      expect(fast.errors ?? null).toEqual(fresh.errors ?? null);
    }
    expect(cases.filter((c) => !fast(c)).length).toBeGreaterThan(3);
  });
});
