// test/reference-not-yet.test.ts — docs/reference.md cannot go stale about what this build refuses
// as not drawn yet (issue 17): every statement of the reference saying a key is refused as "not drawn
// (by this build) yet" or "not supported" names its keys, and each key it names is one this build
// refuses so: listed in ir/unsupported.ts (for the item kind whose section the statement stands in),
// refused with keyNotYet/valueNotYet by name in the source, or met by such a refusal case. And the
// other way: every key ir/unsupported.ts refuses is named in the reference's "Not drawn yet".
// (test/reference-schema.test.ts checks the keys of the tables against the schema.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ITEM_KINDS, NOT_YET } from '../ir/unsupported.js';
import { CASES as forms } from './refusal-cases/forms.js';
import { CASES as graphics } from './refusal-cases/graphics.js';
import { CASES as items } from './refusal-cases/items.js';
import { CASES as licences } from './refusal-cases/licences.js';
import { CASES as names } from './refusal-cases/names.js';
import { CASES as navigation } from './refusal-cases/navigation.js';
import { CASES as pagination } from './refusal-cases/pagination.js';
import { CASES as reading } from './refusal-cases/reading.js';
import { CASES as rules } from './refusal-cases/rules.js';
import { CASES as standards } from './refusal-cases/standards.js';
import { CASES as structure } from './refusal-cases/structure.js';
import type { RefusalCase } from './refusal-cases/support.js';
import { CASES as typesetting } from './refusal-cases/typesetting.js';

const ROOT = join(import.meta.dirname, '..');
const reference = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8');
const schema = readFileSync(join(ROOT, 'schema', 'description.schema.json'), 'utf8');
/** Every property name of the shipped schema (a key written as `"name": {` under some properties map). */
const SCHEMA_KEYS = new Set([...schema.matchAll(/"([a-z][a-z0-9_]*)": \{/g)].map((m) => m[1]));

/** A statement that something is refused as not drawn or not supported yet. */
const NOT_YET_SAYS =
  /not (?:drawn|supported)(?: by this build)? yet|not drawn by this build|refused (?:earlier )?as not supported/i;
const NOT_YET_KEYS: ReadonlySet<string> = new Set(['keyNotYet', 'valueNotYet']);

interface Statement {
  line: number;
  text: string;
  /** The item kinds the section it stands in is about (none: a general section). */
  kinds: string[];
}

/** Table rows one by one; paragraphs and list items cut into sentences; each with its section's item kinds. */
function statements(md: string): Statement[] {
  const out: Statement[] = [];
  let kinds: string[] = [];
  let block: { line: number; text: string } | undefined;
  const flush = (): void => {
    if (!block) return;
    for (const s of block.text.split(/(?<=[.:])\s+(?=[A-Z*`])/)) out.push({ line: block.line, text: s, kinds });
    block = undefined;
  };
  md.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (/^#{1,6} /.test(line)) {
      flush();
      const words = line.match(/[a-z0-9_]+/g) ?? [];
      kinds = words.filter((w) => (ITEM_KINDS as readonly string[]).includes(w));
      return;
    }
    if (line.startsWith('|')) {
      flush();
      out.push({ line: i + 1, text: line, kinds });
      return;
    }
    if (line === '' || line.startsWith('- ')) flush();
    if (line === '') return;
    if (block) block.text += ` ${line}`;
    else block = { line: i + 1, text: line };
  });
  flush();
  return out;
}

/** Identifiers written in code spans. */
const named = (text: string): string[] =>
  [...text.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1].match(/[a-z][a-z0-9_]*/g) ?? []);

/** Keys the source refuses by name as not supported yet: `refuse('keyNotYet', …, { key: 'text', … })`. */
function refusedInSource(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) {
        const src = readFileSync(p, 'utf8');
        for (const m of src.matchAll(/refuse\(\s*'(?:keyNotYet|valueNotYet)'[^;]*?key: '([a-z_]+)'/g)) found.add(m[1]);
      }
    }
  };
  for (const d of ['ir', 'passes', 'engines']) walk(join(ROOT, d));
  return found;
}

/** What the not-yet refusal cases meet: the keys of their pointers and the string values there. */
function refusalCaseWords(): Set<string> {
  const all: RefusalCase[] = [
    ...forms,
    ...graphics,
    ...items,
    ...licences,
    ...names,
    ...navigation,
    ...pagination,
    ...reading,
    ...rules,
    ...standards,
    ...structure,
    ...typesetting,
  ];
  const words = new Set<string>();
  for (const c of all.filter((x) => NOT_YET_KEYS.has(x.key))) {
    let v: unknown = c.description;
    for (const seg of c.pointer.split('/').slice(1)) {
      if (!/^\d+$/.test(seg)) words.add(seg);
      v = v && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
    }
    if (typeof v === 'string') words.add(v);
  }
  return words;
}

describe('docs/reference.md: what is refused as not drawn yet', () => {
  const fromSource = refusedInSource();
  const fromCases = refusalCaseWords();
  const itemKeys = (kinds: string[]): Set<string> =>
    new Set((kinds.length ? kinds : Object.keys(NOT_YET.items)).flatMap((k) => NOT_YET.items[k] ?? []));
  // A sentence that only points to the section ("see Not drawn yet") is checked there.
  const claims = statements(reference).filter((s) => NOT_YET_SAYS.test(s.text) && !s.text.includes('(#not-drawn-yet)'));

  it('ir/unsupported.ts is empty, and the reference calls nothing not drawn yet (issue 26)', () => {
    // Every key the spec documents is drawn: a statement that one is refused as "not yet" would be
    // stale, and a later build that cannot draw something lists it in ir/unsupported.ts first.
    expect([...NOT_YET.topLevel, ...Object.values(NOT_YET.items).flat()]).toEqual([]);
    expect(reference.includes('## Not drawn yet')).toBe(false);
    expect(claims.map((s) => `line ${s.line}: ${s.text}`)).toEqual([]);
  });

  it.each(claims.map((s) => [s.line, s]))('line %i names keys this build refuses as not yet', (_line, s) => {
    const backed = new Set([...NOT_YET.topLevel, ...itemKeys(s.kinds), ...fromSource, ...fromCases]);
    const isKey = (w: string): boolean => SCHEMA_KEYS.has(w) || backed.has(w);
    // A table row speaks of the key in its first cell (when that is a key); a sentence of every key it names.
    const first = s.text.startsWith('|') ? named(s.text.split('|')[1]).filter(isKey) : [];
    const keys = first.length ? first : named(s.text).filter(isKey);
    expect(keys, `line ${s.line} says something is not drawn yet but names no key: ${s.text}`).not.toEqual([]);
    const stale = keys.filter((k) => SCHEMA_KEYS.has(k) && !backed.has(k) && k !== 'description');
    expect(stale, `line ${s.line} calls keys not drawn yet that this build draws: ${s.text}`).toEqual([]);
  });
});
