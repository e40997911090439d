// ir/read/unknown-keys.ts — reading, after the schema: keys the description format does not know.
// The spec ignores unknown keys (a newer description still renders on an older service); a key
// that is ignored silently is most often a typo, so each one gets a warning remark naming it, where
// it sits and, when a known key is close, the key it probably meant. The known keys are read from
// the shipped JSON Schema (schema/description.schema.json, generated from ir/schema/), walked beside
// the value: each object's properties, an item's by its `type`, through $ref, anyOf/oneOf/allOf.
import schema from '../../schema/description.schema.json' with { type: 'json' };
import type { Remark } from '../diagnostics.js';
import { remark } from '../messages.js';
import { at } from '../pointer.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema fragments are walked generically, every key optional
type S = Record<string, any>;

const ROOT = schema as S;

/** Keys any object may carry without a remark: the editor's schema link (`"$schema"`). */
const ALWAYS_KNOWN = new Set(['$schema']);

/** At most this many remarks of the kind per description (a generated description may repeat one typo 10 000 times). */
export const UNKNOWN_KEY_REMARKS_MAX = 20;

function resolve(s: S | undefined): S | undefined {
  let x = s;
  for (let i = 0; x?.$ref && i < 16; i++) x = ROOT.definitions?.[String(x.$ref).replace('#/definitions/', '')];
  return x;
}

/**
 * The schema and the branches of its anyOf/oneOf/allOf, flattened, $refs resolved; of an if/then/else
 * the side the value takes when the `if` tests constant values (`type: "icc"`), else both sides.
 */
function branches(s: S | undefined, value: unknown, out: S[] = []): S[] {
  const r = resolve(s);
  if (!r || out.includes(r)) return out;
  out.push(r);
  for (const k of ['anyOf', 'oneOf', 'allOf']) for (const b of (r[k] as S[] | undefined) ?? []) branches(b, value, out);
  if (r.if) {
    const holds = ifHolds(r.if as S, value);
    if (holds !== false && r.then) branches(r.then, value, out);
    if (holds !== true && r.else) branches(r.else, value, out);
  }
  return out;
}

/** Whether an `if` of constant properties holds for the value; undefined when it tests anything else. */
function ifHolds(cond: S, value: unknown): boolean | undefined {
  const props = cond.properties as Record<string, S> | undefined;
  if (!props || Object.keys(cond).some((k) => k !== 'properties' && k !== 'required')) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  for (const [k, c] of Object.entries(props)) {
    if (!('const' in c) || Object.keys(c).length !== 1) return undefined;
    if (v[k] !== c.const) return false;
  }
  return true;
}

/** The branches an object takes: those whose `type` const matches its own `type`, when any do. */
function taken(bs: S[], value: Record<string, unknown>): S[] {
  if (typeof value.type !== 'string') return bs;
  const typed = bs.filter((b) => resolve(b.properties?.type)?.const !== undefined);
  const match = typed.filter((b) => resolve(b.properties.type)?.const === value.type);
  return match.length ? bs.filter((b) => !typed.includes(b) || match.includes(b)) : bs;
}

/** Damerau–Levenshtein distance (adjacent swaps count one), enough to tell `pgae` from `page`. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** How keys compare: case, hyphens and British spelling aside (`Font-Size`, `colour` ≈ `font_size`, `color`). */
const norm = (k: string): string =>
  k
    .toLowerCase()
    .replace(/[-\s]/g, '_')
    .replace(/colour/g, 'color');

/** The known key closest to an unknown one, when close enough to be the key meant. */
export function closestKey(key: string, known: Iterable<string>): string | undefined {
  const k = norm(key);
  // one edit for a short key, two for a longer one; a key equal but for spelling counts one
  const limit = k.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of known) {
    const d = Math.max(1, distance(k, norm(c)));
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return bestD <= limit ? best : undefined;
}

interface Walk {
  remarks: Remark[];
  count: number;
  /**
   * The tokens of the pointer to the value being walked (built into a pointer only for a remark),
   * all strings: a list of one kind of element from the first push, so the walk's compiled code
   * is not thrown away when a later description pushes a key where the last pushed an index.
   */
  path: string[];
}

/** A child schema to walk a key's value with, and the owner its remarks name. */
interface Child {
  schema: S;
  owner: string;
}

/**
 * What the walk needs of a schema for one kind of value, worked out once (issue 20: the walk was a
 * fifth of a warm invoice's render time): an array's item schema; an object's known keys, the schema
 * of each key's value, whether it is a map (open) and the schema of a map's values.
 */
interface Shape {
  items?: S;
  known: Set<string>;
  children: Map<string, Child>;
  open: boolean;
  extra?: S;
  /** Whether the shape lists properties at all (else an unknown key gets no remark). */
  listed: boolean;
  /** The known key nearest each unknown key met, once worked out. */
  near: Map<string, string | undefined>;
}

/** Shapes by schema, then by what the value shows of the keys the schema branches on. */
const shapes = new WeakMap<S, Map<string, Shape | null>>();
/** Kinds of value kept per schema (a description may send any `type` string; these stay bounded). */
const SHAPES_PER_SCHEMA = 64;
/** The keys an `if` of a schema (or of its branches) tests, and `type`: what a value's shape depends on. */
const deciding = new WeakMap<S, string[]>();

function decidingKeys(s: S | undefined): string[] {
  if (!s) return [];
  let keys = deciding.get(s);
  if (keys) return keys;
  const found = new Set<string>(['type']);
  const seen = new Set<S>();
  const visit = (x: S | undefined): void => {
    const r = resolve(x);
    if (!r || seen.has(r)) return;
    seen.add(r);
    for (const k of ['anyOf', 'oneOf', 'allOf']) for (const b of (r[k] as S[] | undefined) ?? []) visit(b);
    if (r.if) {
      for (const k of Object.keys((r.if as S).properties ?? {})) found.add(k);
      visit(r.then);
      visit(r.else);
    }
  };
  visit(s);
  keys = [...found];
  deciding.set(s, keys);
  return keys;
}

/** A value's signature for the keys its shape depends on (primitives by value, anything else by kind). */
function signature(value: object, keys: string[]): string {
  if (Array.isArray(value)) return '[]';
  const v = value as Record<string, unknown>;
  let sig = '';
  for (const k of keys) {
    const x = v[k];
    sig += x === null || typeof x === 'object' ? '\u0000o' : `\u0000${typeof x}:${String(x)}`;
  }
  return sig;
}

/** A schema's shapes by kind of value, and the keys its kinds are told by: one lookup per value walked. */
interface Kinds {
  keys: string[];
  /** Shapes by signature (`signature`). */
  byKind: Map<string, Shape | null>;
  /** When `type` is the only deciding key: shapes of values whose `type` is a string, by that string (no signature built). */
  byType: Map<string, Shape | null> | undefined;
}
const kindsBySchema = new WeakMap<S, Kinds>();

function kindsOf(s: S): Kinds {
  let k = kindsBySchema.get(s);
  if (!k) {
    let byKind = shapes.get(s);
    if (!byKind) {
      byKind = new Map();
      shapes.set(s, byKind);
    }
    const keys = decidingKeys(s);
    k = { keys, byKind, byType: keys.length === 1 && keys[0] === 'type' ? new Map() : undefined };
    kindsBySchema.set(s, k);
  }
  return k;
}

function shapeOf(s: S, value: object): Shape | null {
  const kinds = kindsOf(s);
  if (kinds.byType !== undefined && !Array.isArray(value)) {
    const t = (value as Record<string, unknown>).type;
    if (typeof t === 'string') {
      let shape = kinds.byType.get(t);
      if (shape !== undefined) return shape;
      shape = shapeBySignature(s, kinds, value);
      if (kinds.byType.size < SHAPES_PER_SCHEMA) kinds.byType.set(t, shape);
      return shape;
    }
  }
  return shapeBySignature(s, kinds, value);
}

function shapeBySignature(s: S, kinds: Kinds, value: object): Shape | null {
  const sig = Array.isArray(value) ? '[]' : signature(value, kinds.keys);
  let shape = kinds.byKind.get(sig);
  if (shape !== undefined) return shape;
  shape = buildShape(s, value);
  if (kinds.byKind.size < SHAPES_PER_SCHEMA) kinds.byKind.set(sig, shape);
  return shape;
}

function buildShape(s: S, value: object): Shape | null {
  const bs = branches(s, value);
  if (!bs.length) return null;
  if (Array.isArray(value)) {
    const items = bs.map((b) => b.items).filter((x): x is S => x !== undefined && !Array.isArray(x));
    return {
      items: items.length === 0 ? undefined : items.length === 1 ? items[0] : { anyOf: items },
      known: new Set(),
      children: new Map(),
      open: false,
      listed: false,
      near: new Map(),
    };
  }
  const mine = taken(bs, value as Record<string, unknown>);
  // a map (fonts by name, role_map…) or a closed shape (ajv has refused its unknown keys): no remark here
  const open = mine.some((b) => b.additionalProperties !== undefined || b.patternProperties !== undefined);
  const props = mine.filter((b) => b.properties);
  // a key a shape requires is known even where the schema leaves its value to the reader (a cell code's `data`)
  const known = new Set<string>(mine.flatMap((b) => [...Object.keys(b.properties ?? {}), ...(b.required ?? [])]));
  const children = new Map<string, Child>();
  for (const key of known) {
    const sub = props.filter((b) => b.properties[key]).map((b) => b.properties[key] as S);
    if (sub.length) children.set(key, { schema: sub.length === 1 ? sub[0] : { anyOf: sub }, owner: `\`${key}\`` });
  }
  const extra = open ? mine.map((b) => b.additionalProperties).find((x) => x && typeof x === 'object') : undefined;
  return { known, children, open, extra, listed: props.length > 0, near: new Map() };
}

function walk(value: unknown, s: S | undefined, owner: string, w: Walk): void {
  if (value === null || typeof value !== 'object' || s === undefined) return;
  const shape = shapeOf(s, value);
  if (!shape) return;
  const path = w.path;
  if (Array.isArray(value)) {
    if (!shape.items) return;
    let entryOwner: string | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v === null || typeof v !== 'object') continue; // a string or number holds no key (a table's 50 000 cells)
      if (Array.isArray(v) && !holdsObject(v)) continue; // nor does a list of them (a table's 10 000 rows)
      entryOwner ??= owner.startsWith('`') ? `an entry of ${owner}` : owner;
      path.push(String(i));
      walk(v, shape.items, entryOwner, w);
      path.pop();
    }
    return;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (shape.known.has(key)) {
      const child = shape.children.get(key);
      if (child) {
        path.push(key);
        walk(obj[key], child.schema, child.owner, w);
        path.pop();
      }
    } else if (shape.open) {
      if (shape.extra) {
        path.push(key);
        walk(obj[key], shape.extra, `\`${key}\``, w);
        path.pop();
      }
    } else if (shape.listed && !ALWAYS_KNOWN.has(key) && w.count++ < UNKNOWN_KEY_REMARKS_MAX) {
      let near = shape.near.get(key);
      if (near === undefined && !shape.near.has(key)) {
        near = closestKey(key, shape.known);
        if (shape.near.size < SHAPES_PER_SCHEMA) shape.near.set(key, near);
      }
      const p = at('', ...path);
      const last = path[path.length - 1];
      const self =
        typeof obj.type === 'string' && path[path.length - 2] === 'items' && /^\d+$/.test(String(last))
          ? `a ${obj.type} item`
          : owner;
      const where = p || '/';
      w.remarks.push(
        near
          ? remark('unknownKeyNear', at(p, key), { key, at: where, owner: self, near })
          : remark('unknownKey', at(p, key), { key, at: where, owner: self }),
      );
    }
  }
}

/** Whether a list holds an object or list (a list of strings and numbers holds no key to walk). */
function holdsObject(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (v !== null && typeof v === 'object') return true;
  }
  return false;
}

/** A remark for each key of the (schema-checked) description the format does not know. */
export function unknownKeyRemarks(description: unknown): Remark[] {
  const w: Walk = { remarks: [], count: 0, path: [] };
  walk(description, ROOT, 'the description', w);
  return w.remarks;
}
