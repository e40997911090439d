// ir/read/unknown-keys.ts — reading, after the schema: keys the description format does not know.
// The spec ignores unknown keys (a newer description still renders on an older service); a key
// that is ignored silently is most often a typo, so each one gets a warning remark naming it, where
// it sits and, when a known key is close, the key it probably meant. The known keys are read from
// the shipped JSON Schema (schema/description.schema.json, generated from ir/schema/), walked beside
// the value: each object's properties, an item's by its `type`, through $ref, anyOf/oneOf/allOf.
import schema from '../../schema/description.schema.json' with { type: 'json' };
import type { Remark } from '../diagnostics.js';
import { remark } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';

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
}

/**
 * The schema of an array's entries under `s` (its branches' `items`), or null when none is given.
 * An array takes no `if` side, so this depends on `s` alone and is worked out once per schema: a
 * 10 000-row table walked its rows' branches, and made their anyOf, 10 000 times.
 */
const entrySchemas = new WeakMap<S, S | null>();
function entrySchema(s: S, value: unknown[]): S | null {
  let e = entrySchemas.get(s);
  if (e === undefined) {
    const items = branches(s, value)
      .map((b) => b.items)
      .filter((x): x is S => x !== undefined && !Array.isArray(x));
    e = items.length === 0 ? null : items.length === 1 ? items[0] : { anyOf: items };
    entrySchemas.set(s, e);
  }
  return e;
}

/** What an object under a schema may hold: the branches it takes, and from them its known keys. */
interface Shape {
  mine: S[];
  /** A map (fonts by name, role_map…) or a closed shape (ajv has refused its unknown keys): no remark here. */
  open: boolean;
  props: S[];
  known: Set<string>;
  extra: S | undefined;
  /** The schema of each known key's value (undefined: none given), made once. */
  subs: Map<string, S | undefined>;
}

function shapeFrom(bs: S[], obj: Record<string, unknown>): Shape | undefined {
  if (!bs.length) return undefined;
  const mine = taken(bs, obj);
  return {
    mine,
    open: mine.some((b) => b.additionalProperties !== undefined || b.patternProperties !== undefined),
    props: mine.filter((b) => b.properties),
    // a key a shape requires is known even where the schema leaves its value to the reader (a cell code's `data`)
    known: new Set<string>(mine.flatMap((b) => [...Object.keys(b.properties ?? {}), ...(b.required ?? [])])),
    extra: mine.map((b) => b.additionalProperties).find((x) => x && typeof x === 'object'),
    subs: new Map(),
  };
}

/**
 * Shapes by schema and the object's `type`: a schema none of whose branches has an `if` takes the
 * same branches for every object, so an item's many branches are flattened once per item kind
 * rather than once per item (the invoice's 136 items spent a quarter of its render here). A
 * schema with an `if` depends on the object's values and is worked out each time (null).
 */
const shapes = new WeakMap<S, Map<string, Shape | undefined> | null>();

function shapeOf(s: S | undefined, obj: Record<string, unknown>): Shape | undefined {
  if (!s) return undefined;
  let byType = shapes.get(s);
  if (byType === undefined) {
    byType = branches(s, obj).some((b) => b.if) ? null : new Map();
    shapes.set(s, byType);
  }
  if (byType === null) return shapeFrom(branches(s, obj), obj);
  const key = typeof obj.type === 'string' ? `t${obj.type}` : '-';
  if (byType.has(key)) return byType.get(key);
  const shape = shapeFrom(branches(s, obj), obj);
  byType.set(key, shape);
  return shape;
}

function subSchema(shape: Shape, key: string): S | undefined {
  if (shape.subs.has(key)) return shape.subs.get(key);
  const sub = shape.props.filter((b) => b.properties[key]).map((b) => b.properties[key] as S);
  const one = sub.length === 0 ? undefined : sub.length === 1 ? sub[0] : { anyOf: sub };
  shape.subs.set(key, one);
  return one;
}

function walk(value: unknown, s: S | undefined, p: JsonPointer, owner: string, w: Walk): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const entry = s && entrySchema(s, value);
    if (!entry) return;
    const entryOwner = owner.startsWith('`') ? `an entry of ${owner}` : owner;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      // a string or number entry has no keys: no pointer is made for it
      if (v !== null && typeof v === 'object') walk(v, entry, at(p, i), entryOwner, w);
    }
    return;
  }
  const obj = value as Record<string, unknown>;
  const shape = shapeOf(s, obj);
  if (!shape) return;
  const { open, props, known } = shape;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (known.has(key)) {
      const sub = subSchema(shape, key);
      // a string or number has no keys: no pointer is made for it
      if (sub && v !== null && typeof v === 'object') walk(v, sub, at(p, key), `\`${key}\``, w);
    } else if (open) {
      if (shape.extra && v !== null && typeof v === 'object') walk(v, shape.extra, at(p, key), `\`${key}\``, w);
    } else if (props.length && !ALWAYS_KNOWN.has(key) && w.count++ < UNKNOWN_KEY_REMARKS_MAX) {
      const self = typeof obj.type === 'string' && /\/items\/\d+$/.test(p) ? `a ${obj.type} item` : owner;
      const near = closestKey(key, known);
      const where = p || '/';
      w.remarks.push(
        near
          ? remark('unknownKeyNear', at(p, key), { key, at: where, owner: self, near })
          : remark('unknownKey', at(p, key), { key, at: where, owner: self }),
      );
    }
  }
}

/** A remark for each key of the (schema-checked) description the format does not know. */
export function unknownKeyRemarks(description: unknown): Remark[] {
  const w: Walk = { remarks: [], count: 0 };
  walk(description, ROOT, '', 'the description', w);
  return w.remarks;
}
