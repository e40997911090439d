// test/mutation.property.test.ts — valid descriptions (every 200 case of the golden corpus and the
// examples) mutated at random — keys dropped, values set to odd ones (huge and tiny numbers, lone
// surrogates, controls, joiners, expressions too deep), types swapped keeping the value, keys
// duplicated at any depth, nesting deepened (50 levels, or past the reader's 1000) — are answered with a PDF or a clean 4xx refusal from the closed list, never a
// 500, a throw or a hang.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { listCases, readExpected } from '../tools/corpus-lib.js';
import { NOW } from './support/fixtures.js';

/** Cases per run (issue 3: at least 2 000). */
const RUNS = 2000;

interface Seed {
  json: unknown;
  parts: Map<string, Uint8Array>;
}

function loadParts(dir: string): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array>();
  const p = join(dir, 'parts');
  if (existsSync(p)) for (const n of readdirSync(p)) parts.set(n, readFileSync(join(p, n)));
  return parts;
}

const seeds: Seed[] = [
  ...listCases()
    .filter((d) => readExpected(d)?.status === 200)
    .map((d) => ({ json: JSON.parse(readFileSync(join(d, 'request.json'), 'utf8')), parts: loadParts(d) })),
  {
    json: JSON.parse(readFileSync(join(import.meta.dirname, '../examples/hello.json'), 'utf8')),
    parts: loadParts(join(import.meta.dirname, '../examples')),
  },
];

type Path = (string | number)[];

/** Every path to a value inside the JSON, root excluded. */
function paths(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([...prefix, i]);
      paths(x, [...prefix, i], out);
    });
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push([...prefix, k]);
      paths(x, [...prefix, k], out);
    }
  return out;
}

const odd = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1e308,
    -1e308,
    1e21,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    0.1 + 0.2,
    '',
    ' ',
    '{page_width} / 0',
    '((((1',
    `${'('.repeat(101)}1${')'.repeat(101)}`,
    '\u0000',
    '\u{1F600}',
    'é\u0301',
    '\uFEFF',
    '‮rtl',
    '\uD800',
    '\uDFFF\uD800',
    '\u200B\u200D',
    'ﬃ',
    'İ',
    [],
    {},
    [[[]]],
    { type: 'text' },
    { every: 2, odd: 1 },
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.double({ min: -2, max: 2 }), { maxLength: 5 }),
);

type Kind = 'drop' | 'set' | 'retype' | 'deepen' | 'deepen_past_limit' | 'duplicate';
type Mutation = { kind: Kind; pick: number; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Kind>('drop', 'set', 'set', 'retype', 'deepen', 'deepen_past_limit', 'duplicate', 'duplicate'),
  pick: fc.nat(),
  value: odd,
});

/** The same value under another JSON type: a number as text, text as its length, an array as an object, an object as an array. */
function retype(v: unknown): unknown {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v.length;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (Array.isArray(v)) return Object.fromEntries(v.map((x, i) => [String(i), x]));
  if (v && typeof v === 'object') return Object.values(v);
  return v === null ? {} : null;
}

/** Marks the value a duplicate key is spliced in at (replaced in the text). */
const TWICE = '\u0001twice\u0001';

/** Applies one mutation; the result is JSON text (a duplicated key exists only as text). */
function apply(text: string, m: Mutation): string {
  const copy = JSON.parse(text) as Record<string, unknown>;
  const all = paths(copy);
  if (all.length === 0) return JSON.stringify(copy);
  const path = all[m.pick % all.length];
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  if (m.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (m.kind === 'set') {
    parent[key] = m.value;
  } else if (m.kind === 'retype') {
    parent[key] = retype(parent[key]);
  } else if (m.kind === 'deepen' || m.kind === 'deepen_past_limit') {
    // 50 levels, or past the reader's limit of 1000 (docs/reference.md, "Reading a description")
    let v: unknown = parent[key];
    const depth = m.kind === 'deepen' ? 50 : 1001;
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
    parent[key] = v;
  } else if (!Array.isArray(parent)) {
    // A key written twice, at any depth: the value a second time under the same key.
    const value = JSON.stringify(parent[key]);
    parent[key] = TWICE;
    const name = JSON.stringify(String(key));
    return JSON.stringify(copy).replace(`${name}:${JSON.stringify(TWICE)}`, () => `${name}:${value},${name}:${value}`);
  }
  return JSON.stringify(copy);
}

describe('mutated valid descriptions', () => {
  it('has seeds', () => expect(seeds.length).toBeGreaterThan(1));

  it(`answer a PDF or a 4xx refusal from the closed list (${RUNS} cases)`, () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (s, muts) => {
        let text = JSON.stringify(seeds[s].json);
        for (const m of muts) {
          // a text with a key written twice is refused as it stands: later mutations start from it unread
          try {
            text = apply(text, m);
          } catch {
            break;
          }
          if (m.kind === 'duplicate') break;
        }
        const out = render({ description: text, parts: seeds[s].parts, now: NOW });
        seen.add(
          out.ok
            ? 'pdf'
            : /is written twice/.test(out.sentence)
              ? 'duplicate'
              : /nesting deeper than/.test(out.sentence)
                ? 'too deep'
                : out.word,
        );
        if (out.ok) {
          expect(Buffer.from(out.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
          return;
        }
        expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
        expect(out.status, out.sentence).toBeLessThan(500);
        expect(REFUSAL_WORDS).toContain(out.word);
        expect(out.sentence).toMatch(/^[^\n]+$/);
      }),
      { numRuns: RUNS },
    );
    // the mutations reach what they are for: PDFs and refusals alike, duplicates and depth among them
    for (const what of ['pdf', 'description', 'duplicate', 'too deep']) expect([...seen]).toContain(what);
  });
});
