// test/support/schema-arbitrary.ts — fast-check arbitraries read from the shipped JSON Schema, so a
// property test varies every key the schema gives an item (or a cell, or a run) without a hand-kept
// list: a key the schema gains is generated from the next run on. Only keys whose values the schema
// states closed are generated here — enums, booleans, and numbers with both bounds; keys that name
// other things (fonts, layers, ids), carry objects, or take free text are the caller's to set.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';

type Node = Record<string, unknown>;

export const SCHEMA = JSON.parse(
  readFileSync(new URL('../../schema/description.schema.json', import.meta.url), 'utf8'),
) as Node & { definitions: Record<string, Node> };

/** A node with its `$ref` followed (the schema's refs are all `#/definitions/<name>`). */
export function resolve(node: Node): Node {
  const ref = node.$ref;
  if (typeof ref === 'string') return resolve(SCHEMA.definitions[ref.replace('#/definitions/', '')]);
  return node;
}

/** The schema of one item kind (the `oneOf` branch whose `type` is that kind). */
export function itemSchema(kind: string): Node {
  const branches = (SCHEMA.definitions.item as { oneOf: Node[] }).oneOf;
  const found = branches.find((b) => (b.properties as Record<string, Node>).type.const === kind);
  if (!found) throw new Error(`the schema has no item kind ${kind}`);
  return found;
}

/** Item kinds the schema lists. */
export function itemKinds(): string[] {
  return (SCHEMA.definitions.item as { oneOf: Node[] }).oneOf.map(
    (b) => (b.properties as Record<string, Node>).type.const as string,
  );
}

/**
 * Numbers are drawn mostly near the low bound (where documents live) and sometimes at the bounds
 * themselves (where they break): `spread` says how far above the low bound "near" reaches.
 */
function boundedNumber(node: Node, spread: number): fc.Arbitrary<number> | undefined {
  const lo = (node.minimum ?? node.exclusiveMinimum) as number | undefined;
  const hi = node.maximum as number | undefined;
  if (lo === undefined || hi === undefined) return undefined;
  const low = node.exclusiveMinimum !== undefined ? lo + 1 : lo;
  const near = Math.min(hi, low + spread);
  return fc.oneof(
    { arbitrary: fc.integer({ min: Math.ceil(low), max: Math.floor(near) }), weight: 8 },
    { arbitrary: fc.constantFrom(low, hi), weight: 1 },
  );
}

/** An arbitrary for a value the schema states closed, or undefined when it is open. */
export function closedValue(raw: Node, spread = 24): fc.Arbitrary<unknown> | undefined {
  const node = resolve(raw);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  if (node.type === 'boolean') return fc.boolean();
  if (node.type === 'number' || node.type === 'integer') return boundedNumber(node, spread);
  // A union: the first closed branch (e.g. first_baseline's keywords beside its object form).
  for (const branch of (node.anyOf ?? node.oneOf ?? []) as Node[]) {
    const arb = closedValue(branch, spread);
    if (arb) return arb;
  }
  return undefined;
}

/**
 * A record of the optional keys of `node` (an object schema) whose values are closed, each present or
 * absent, minus `skip`; `overrides` narrows a key's values where the caller cannot judge the rest.
 * Returns the keys it generates as well, so a test can print what it covered.
 */
export function closedKeys(
  raw: Node,
  skip: readonly string[],
  spread = 24,
  overrides: Readonly<Record<string, fc.Arbitrary<unknown>>> = {},
): { keys: string[]; arb: fc.Arbitrary<Record<string, unknown>> } {
  const node = resolve(raw);
  const required = new Set((node.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
    if (required.has(key) || skip.includes(key)) continue;
    const arb = key in overrides ? overrides[key] : closedValue(value, spread);
    if (arb) model[key] = arb;
  }
  const keys = Object.keys(model);
  return { keys, arb: fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>> };
}

/** The object branch of a union node (a cell is a string or an object; a run likewise). */
export function objectBranch(raw: Node): Node {
  const node = resolve(raw);
  const branches = (node.anyOf ?? node.oneOf ?? [node]) as Node[];
  const found = branches.map(resolve).find((b) => b.type === 'object');
  if (!found) throw new Error('no object branch');
  return found;
}
