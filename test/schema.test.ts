// test/schema.test.ts — the shipped JSON Schema (schema/description.schema.json): it equals a fresh
// generation from the reader's own ajv schemas (tools/schema-build.ts), compiles under ajv's strict
// mode, accepts every corpus request that renders and every example, and refuses what the reader
// refuses by schema. The raw description types (ir/description.generated.ts) equal a fresh generation
// from that schema (tools/description-types-build.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { listCases } from '../tools/corpus-lib.js';
import { descriptionTypesText } from '../tools/description-types-build.js';
import { descriptionSchemaText } from '../tools/schema-build.js';
import { CASES as GRAPHICS } from './refusal-cases/graphics.js';
import { CASES as READING } from './refusal-cases/reading.js';
import { CASES as RULES } from './refusal-cases/rules.js';

const ROOT = join(import.meta.dirname, '..');
const FILE = join(ROOT, 'schema', 'description.schema.json');
const shipped = readFileSync(FILE, 'utf8');
const schema = JSON.parse(shipped) as Record<string, unknown>;

describe('schema/description.schema.json', () => {
  it('equals a fresh generation (if not: run `npm run schema` and commit the file)', () => {
    expect(shipped === descriptionSchemaText(), 'schema/description.schema.json is stale: run `npm run schema`').toBe(
      true,
    );
  });

  it('ir/description.generated.ts equals a fresh generation (if not: run `npm run schema` and commit the file)', async () => {
    const committed = readFileSync(join(ROOT, 'ir', 'description.generated.ts'), 'utf8');
    expect(
      committed === (await descriptionTypesText()),
      'ir/description.generated.ts is stale: run `npm run schema`',
    ).toBe(true);
  }, 60_000);

  // Strict mode: no unknown keyword, no keyword without its type, no loose tuple. Two allowances:
  // union types (`["number", "string"]`: a coordinate) and strictRequired, which flags a `required`
  // inside `then` whose key is declared by the parent's `properties` — legal JSON Schema, and how an
  // action's kind states what it needs.
  const validate = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true }).compile(
    schema,
  );

  it('covers every item kind that has a reader, as a union on type', () => {
    const defs = schema.definitions as Record<string, { oneOf: { properties: { type: { const: string } } }[] }>;
    const kinds = defs.item.oneOf.map((k) => k.properties.type.const);
    for (const k of [
      'text',
      'flow',
      'table',
      'rect',
      'line',
      'path',
      'ellipse',
      'polygon',
      'image',
      'drawing',
      'imported_page',
      'code128',
      'ean13',
      'qr_code',
      'data_matrix',
      'pdf417',
      'link',
    ])
      expect(kinds).toContain(k);
  });

  const good = listCases().filter((dir) => JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')).status === 200);
  it.each(good.map((d) => [d.slice(ROOT.length + 1), d]))('accepts %s', (_name, dir) => {
    const ok = validate(JSON.parse(readFileSync(join(dir, 'request.json'), 'utf8')));
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
  });

  const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
  it.each(examples)('accepts examples/%s', (f) => {
    const ok = validate(JSON.parse(readFileSync(join(ROOT, 'examples', f), 'utf8')));
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
  });

  // what the reader refuses by its schema, the shipped schema refuses too
  const bySchema = [...RULES, ...READING, ...GRAPHICS].filter(
    (c) => /^schema|^pagesRuleUnknownKey$/.test(c.key) && !(c.description as { raw?: string }).raw,
  );
  it.each(bySchema.map((c) => [`${c.key} at ${c.pointer}${c.what ? ` (${c.what})` : ''}`, c.description]))(
    'refuses, as the reader does, %s',
    (_what, d) => {
      expect(validate(d)).toBe(false);
    },
  );

  it('a description pointing at the schema with "$schema" validates and renders', () => {
    const d = { $schema: schema.$id, items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }] };
    expect(validate(d)).toBe(true);
    expect(render({ description: JSON.stringify(d) }).ok).toBe(true);
  });

  it.each([
    ['an unknown item type', { items: [{ type: 'banner' }] }],
    ['a colour of two numbers', { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, fill: [0, 0] }] }],
    ['an opacity past 1', { items: [], graphics_states: [{ name: 's', state: { fill_alpha: 2 } }] }],
    [
      'an unknown key in a pages rule',
      { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: { every: 2, odd: true } }] },
    ],
    [
      'a shading with two kinds',
      {
        items: [],
        shadings: [
          { name: 'g', shading: { axial: { from: [0, 0], to: [1, 1] }, radial: { from: [0, 0, 1], to: [1, 1, 1] } } },
        ],
      },
    ],
    [
      'a stitching sub-function of no shape',
      {
        items: [],
        graphics_states: [
          { name: 's', state: { transfer: { every: { stitching: { functions: [{}], bounds: [], encode: [0, 1] } } } } },
        ],
      },
    ],
  ])('refuses %s', (_what, d) => {
    expect(validate(d)).toBe(false);
  });
});
