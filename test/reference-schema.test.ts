// test/reference-schema.test.ts — docs/reference.md checked against the shipped schema
// (schema/description.schema.json): every property the schema names is written in the reference as
// `key` (in a table or the text), and every key of the reference's key tables (first column under a
// `key` header) is a property of the schema. Exceptions are listed below, each with its reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const reference = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8');
const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'description.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** Every name under a `properties` map anywhere in the schema (a walk over subschemas, not values). */
function schemaProperties(s: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(s)) {
    for (const x of s) schemaProperties(x, out);
    return out;
  }
  if (!s || typeof s !== 'object') return out;
  for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
    if ((k === 'properties' || k === 'definitions') && v && typeof v === 'object') {
      for (const [name, sub] of Object.entries(v)) {
        if (k === 'properties') out.add(name);
        schemaProperties(sub, out);
      }
    } else if (['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', 'not'].includes(k))
      schemaProperties(v, out);
  }
  return out;
}

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/g;
/** Every identifier written inside a `code span` of the reference. */
const spans = [...reference.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
const written = new Set(spans.flatMap((s) => s.match(IDENT) ?? []));

/** First-column keys of the tables headed `| key |`. */
function tableKeys(): { key: string; line: number }[] {
  const lines = reference.split('\n');
  const out: { key: string; line: number }[] = [];
  let inKeyTable = false;
  lines.forEach((l, i) => {
    if (!l.startsWith('|')) {
      inKeyTable = false;
      return;
    }
    const first = l.split('|')[1].trim();
    if (/^key$/i.test(first)) {
      inKeyTable = true;
      return;
    }
    if (!inKeyTable || /^-+$/.test(first)) return;
    for (const m of first.matchAll(/`([^`]+)`/g))
      for (const part of m[1].split(/[.\s,]+/))
        if (/^[a-z_][a-z0-9_]*$/.test(part)) out.push({ key: part, line: i + 1 });
  });
  return out;
}

/** Schema properties the reference need not spell (name: reason). None today. */
const UNWRITTEN_OK: Record<string, string> = {};

/** Keys of the reference's key tables that are not properties of the description (name: reason). None today. */
const NOT_IN_SCHEMA: Record<string, string> = {};

/** First-column keys of the table under "## Top level". */
function topLevelTableKeys(): Set<string> {
  const section = reference.split(/^## Top level$/m)[1].split(/^## /m)[0];
  return new Set(
    [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([a-z0-9_]+)`/g)].map((k) => k[1])),
  );
}

describe('docs/reference.md against the schema', () => {
  const props = schemaProperties(schema);
  it('names every property of the schema', () => {
    const missing = [...props].filter((p) => !written.has(p) && !Object.hasOwn(UNWRITTEN_OK, p)).sort();
    expect(missing, 'write these keys into docs/reference.md (or list them with a reason)').toEqual([]);
  });
  it('lists every top-level key of the schema in the Top level table, and only those', () => {
    const top = Object.keys(schema.properties as object).sort();
    expect([...topLevelTableKeys()].sort()).toEqual(top);
  });
  it('lists in its key tables only keys the schema has', () => {
    expect(tableKeys().length).toBeGreaterThan(100);
    const unknown = tableKeys().filter(({ key }) => !props.has(key) && !Object.hasOwn(NOT_IN_SCHEMA, key));
    expect(
      unknown.map(({ key, line }) => `${key} (line ${line})`),
      'a table key the schema lacks: fix the docs or the schema',
    ).toEqual([]);
  });
});
