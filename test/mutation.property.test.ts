// test/mutation.property.test.ts — valid descriptions (every 200 case of the golden corpus and the
// examples) mutated at random — keys dropped, types swapped, values huge or odd, keys duplicated,
// nesting deepened — are answered with a PDF or a clean 4xx refusal from the closed list, never a
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

interface Seed { json: unknown; parts: Map<string, Uint8Array> }

function loadParts(dir: string): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array>();
  const p = join(dir, 'parts');
  if (existsSync(p)) for (const n of readdirSync(p)) parts.set(n, readFileSync(join(p, n)));
  return parts;
}

const seeds: Seed[] = [
  ...listCases().filter((d) => readExpected(d)?.status === 200).map((d) => ({ json: JSON.parse(readFileSync(join(d, 'request.json'), 'utf8')), parts: loadParts(d) })),
  { json: JSON.parse(readFileSync(join(import.meta.dirname, '../examples/hello.json'), 'utf8')), parts: loadParts(join(import.meta.dirname, '../examples')) },
];

type Path = (string | number)[];

/** Every path to a value inside the JSON, root excluded. */
function paths(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v)) v.forEach((x, i) => { out.push([...prefix, i]); paths(x, [...prefix, i], out); });
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.push([...prefix, k]); paths(x, [...prefix, k], out); }
  return out;
}

const odd = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, '', ' ', '{page_width} / 0', '((((1', '\u0000', '\u{1F600}', 'é\u0301', '\uFEFF', '‮rtl', [], {}, [[[]]], { type: 'text' }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.double({ min: -2, max: 2 }), { maxLength: 5 }),
);

type Mutation = { kind: 'drop' | 'set' | 'deepen' | 'duplicate'; pick: number; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('drop', 'set', 'set', 'deepen', 'duplicate'),
  pick: fc.nat(),
  value: odd,
});

function apply(json: unknown, m: Mutation): string {
  const copy = structuredClone(json) as Record<string, unknown>;
  const all = paths(copy);
  if (all.length === 0) return JSON.stringify(copy);
  const path = all[m.pick % all.length];
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  if (m.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(key as number, 1); else delete parent[key];
  } else if (m.kind === 'set') {
    parent[key] = m.value;
  } else if (m.kind === 'deepen') {
    let v: unknown = parent[key];
    for (let i = 0; i < 50; i++) v = [v];
    parent[key] = v;
  } else {
    // A key written twice: splice a second copy of the first key into the object's text.
    const text = JSON.stringify(copy);
    return text.replace(/^\{"([^"]+)":/, (all, k: string) => `{"${k}":0,"${k}":`);
  }
  return JSON.stringify(copy);
}

describe('mutated valid descriptions', () => {
  it('has seeds', () => expect(seeds.length).toBeGreaterThan(1));

  it(`answer a PDF or a 4xx refusal from the closed list (${RUNS} cases)`, () => {
    fc.assert(fc.property(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (s, muts) => {
      let text = JSON.stringify(seeds[s].json);
      for (const m of muts) text = apply(JSON.parse(text.replace(/^\{"([^"]+)":0,"\1":/, '{"$1":')), m);
      const out = render({ description: text, parts: seeds[s].parts, now: NOW });
      if (out.ok) {
        expect(Buffer.from(out.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
        return;
      }
      expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
      expect(out.status, out.sentence).toBeLessThan(500);
      expect(REFUSAL_WORDS).toContain(out.word);
      expect(out.sentence).toMatch(/^[^\n]+$/);
    }), { numRuns: RUNS });
  });
});
