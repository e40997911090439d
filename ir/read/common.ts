// ir/read/common.ts — reading, shared helpers: how every area's reader turns checked JSON into IR
// pieces (coordinates, rects, colours, pages rules) and how an ajv error becomes one sentence.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type * as D from '../description.generated.js';
import type { FeatureSwitches } from '../font-types.js';
import { parseCoordinate } from '../grammar/coordinate.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer, lastKey } from '../pointer.js';
import { ajv } from '../schema/ajv.js';
import { pageListSchema, pageSelectSchema } from '../schema/common.js';
import type { Colour, Coord, ItemBase, PagesRule, RectSpec, RelativeTo } from '../types.js';

export { ajv };

/**
 * A validator compiled on its first call: schemas of areas a request may never use (shapes,
 * gradients, graphics states…) cost nothing at start-up, which a fresh render worker pays.
 */
export function lazyValidator<T = unknown>(schema: object): ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  ajv.declare(schema); // precompiled by the build step all the same (ir/schema/precompile.ts)
  const f = ((data: unknown) => {
    compiled ??= ajv.compile<T>(schema);
    const ok = compiled(data);
    f.errors = compiled.errors;
    return ok;
  }) as ValidateFunction<T>;
  f.schema = schema; // what tools/schema.ts reads to ship the schema (schema/description.schema.json)
  return f;
}

/**
 * Which shape of a checked union a value took, told by one key's value (present and truthy, or of
 * `type`): an object may carry another shape's key as well, unknown to the shape it matched, so the
 * key's presence alone does not tell.
 */
export function holds<T extends object, K extends string>(
  o: T,
  key: K,
  type?: 'string',
): o is Extract<T, { [P in K]: unknown }> {
  const v: unknown = Reflect.get(o, key);
  return type ? typeof v === type : Boolean(v);
}

/**
 * Runs a compiled schema; the first error becomes a refusal at `base` + its instance path. A value
 * that passes has the type the validator states, or the caller names (`check<D.TextItem>(…)`: the
 * raw types of ir/description.generated.ts are generated from these very schemas).
 */
export function check<T = unknown>(
  validate: ValidateFunction<T> | ValidateFunction,
  value: unknown,
  base: JsonPointer,
): asserts value is T {
  if (validate(value)) return;
  refuseSchema(validate.errors ?? [], base);
}

/** Refuses with the first ajv error, as one sentence naming the key and its pointer. */
export function refuseSchema(errors: ErrorObject[], base: JsonPointer): never {
  // Inside anyOf, ajv reports the branches' errors before the anyOf itself; the anyOf says it best,
  // unless a branch got as far as a key whose value is not one of its words (a halftone's `spot`, a
  // cell code's `type`): that key is named, deeper down.
  const any = errors.find((x) => x.keyword === 'anyOf');
  const deepEnum = any && errors.find((x) => x.keyword === 'enum' && x.instancePath.startsWith(`${any.instancePath}/`));
  // A story's `{contents}` block (ir/schema/story-contents.ts): its own key at fault is named.
  const deepContents =
    any && errors.find((x) => x.keyword !== 'anyOf' && x.instancePath.startsWith(`${any.instancePath}/contents/`));
  const e = deepEnum ?? deepContents ?? any ?? errors[0];
  const path = base + e.instancePath;
  const name = path || 'the description';
  switch (e.keyword) {
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      return refuse('schemaRequired', at(path, missing), { key: missing, at: path || '/' });
    }
    case 'type': {
      const t = (e.params as { type: string | string[] }).type;
      const types = (Array.isArray(t) ? t : String(t).split(',')).map(article);
      return refuse('schemaType', path, { key: name, expected: types.join(' or ') });
    }
    case 'enum':
      return refuse('schemaEnum', path, {
        key: name,
        allowed: (e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', '),
      });
    case 'minimum':
      return refuse('schemaRange', path, { key: name, expected: `at least ${(e.params as { limit: number }).limit}` });
    case 'maximum':
      return refuse('schemaRange', path, { key: name, expected: `at most ${(e.params as { limit: number }).limit}` });
    case 'exclusiveMinimum':
      return refuse('schemaRange', path, {
        key: name,
        expected: `greater than ${(e.params as { limit: number }).limit}`,
      });
    case 'exclusiveMaximum':
      return refuse('schemaRange', path, { key: name, expected: `less than ${(e.params as { limit: number }).limit}` });
    case 'minItems':
      return refuse('schemaRange', path, {
        key: name,
        expected: `an array of at least ${(e.params as { limit: number }).limit} entries`,
      });
    case 'maxItems':
      return refuse('schemaRange', path, {
        key: name,
        expected: `an array of at most ${(e.params as { limit: number }).limit} entries`,
      });
    case 'minLength':
      return refuse('schemaRange', path, { key: name, expected: 'a string that is not empty' });
    case 'maxLength':
      return refuse('schemaRange', path, {
        key: name,
        expected: `a string of at most ${(e.params as { limit: number }).limit} characters`,
      });
    case 'anyOf': {
      const key = lastKey(path);
      if (key === 'color' || key === 'fill' || key === 'start' || key === 'end')
        return refuse('schemaType', path, {
          key: name,
          expected: 'a colour value: an array of 1, 3 or 4 numbers from 0 to 1, {space, tints}, {pattern} or {shading}',
        });
      if (key === 'transfer')
        return refuse('schemaType', path, {
          key: name,
          expected: 'page, {every: <function>} or {per_ink: [four functions]}',
        });
      if (key === 'halftone')
        return refuse('schemaType', path, {
          key: name,
          expected:
            '{every: <screen>} or {per_ink: {inks, default}}, a screen having frequency, angle and one of the 21 spot functions',
        });
      if (key === 'function' || key === 'tint' || /\/(functions|per_ink)\/\d+$/.test(path))
        return refuse('schemaType', path, {
          key: name,
          expected: 'a function: one of {exponential}, {stitching}, {sampled}, {calculation} with its required keys',
        });
      if (/\/content\/\d+$/.test(path))
        return refuse('schemaType', path, {
          key: name,
          expected: 'a string, an object with text or an object with date',
        });
      return refuse('schemaOther', path, { key: name, problem: 'has none of the accepted shapes' });
    }
    default:
      return refuse('schemaOther', path, { key: name, problem: e.message ?? 'is not valid' });
  }
}

function article(t: string): string {
  const word = t === 'integer' ? 'a whole number' : t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`;
  return word;
}

const validatePageList = ajv.compile<D.PageList>(pageListSchema);
const validatePageSelect = ajv.compile<D.PageSelect>(pageSelectSchema);

/** A pages rule: a list of page numbers, or `{every, from, to, but}` (unknown keys refused by name). */
export function readPages(raw: unknown, p: JsonPointer): PagesRule {
  if (raw === undefined || raw === null) return { at: p, list: [] };
  if (Array.isArray(raw)) {
    check(validatePageList, raw, p);
    return raw.length ? { at: p, list: raw } : { at: p, list: raw, emptyWritten: true };
  }
  if (!validatePageSelect(raw)) {
    const e = validatePageSelect.errors![0];
    if (e.keyword === 'additionalProperties') {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      refuse('pagesRuleUnknownKey', at(p, key), { key, at: p });
    }
    refuseSchema([e], p);
  }
  const r = raw;
  if (r.to !== undefined && r.from !== undefined && r.to < r.from)
    refuse('pagesRuleBackwards', at(p, 'to'), { toKey: at(p, 'to'), to: r.to, fromKey: at(p, 'from'), from: r.from });
  return { at: p, list: [], select: { every: r.every ?? 1, from: r.from ?? 1, to: r.to, but: r.but ?? [] } };
}

export function readRect(r: D.CoordinateRect, p: JsonPointer): RectSpec {
  return {
    at: p,
    llx: readCoord(r.llx, at(p, 'llx')),
    lly: readCoord(r.lly, at(p, 'lly')),
    urx: readCoord(r.urx, at(p, 'urx')),
    ury: readCoord(r.ury, at(p, 'ury')),
  };
}

/** A coordinate value: a number, or a quoted expression parsed now and evaluated after pagination. */
export function readCoord(raw: number | string, p: JsonPointer): Coord {
  if (typeof raw === 'number') return { at: p, expr: { k: 'num', v: raw } };
  const r = parseCoordinate(raw);
  if (r.ok) return { at: p, expr: r.expr };
  if (r.kind === 'depth') refuse('coordinateDepth', p, { coordinate: p, limit: r.detail });
  if (r.kind === 'variable') refuse('coordinateUnknownVariable', p, { coordinate: p, variable: r.detail });
  refuse('coordinateSyntax', p, { coordinate: p, detail: r.detail });
}

/** A colour value as read: device numbers, `{space, tints}`, `{pattern, color?}` or `{shading}`. `p` points at it. */
export function readColour(raw: D.Colour, p: JsonPointer = ''): Colour {
  if (!Array.isArray(raw)) {
    if (holds(raw, 'pattern', 'string'))
      return {
        space: 'pattern',
        name: raw.pattern,
        at: at(p, 'pattern'),
        under: raw.color === undefined ? undefined : readColour(raw.color, at(p, 'color')),
      };
    if (holds(raw, 'shading', 'string')) return { space: 'shading', name: raw.shading, at: at(p, 'shading') };
    return { space: 'declared', name: raw.space, at: at(p, 'space'), c: raw.tints };
  }
  const c = raw;
  if (c.length === 1) return { space: 'gray', c: [c[0]] };
  if (c.length === 3) return { space: 'rgb', c: [c[0], c[1], c[2]] };
  return { space: 'cmyk', c: [c[0], c[1], c[2], c[3]] };
}

/**
 * Refuses a matrix `[a b c d e f]` with no inverse as content streams write it (three decimals,
 * engines/pdf/number.ts): an all-zero `transform` draws nothing and readers that invert the CTM
 * (hit-testing, patterns, text selection) fail on it (issue 20).
 */
export function refuseSingular(m: readonly number[] | undefined, p: JsonPointer): void {
  if (!m) return;
  const w = (v: number) => Number(v.toFixed(3));
  if (w(m[0]) * w(m[3]) - w(m[1]) * w(m[2]) === 0) refuse('matrixSingular', p, { key: p });
}

/** The keys every item may carry (spec: "Keys common to items"), read once for every kind. */
export function readItemBase(raw: D.Item, p: JsonPointer, index: number): ItemBase {
  return {
    at: p,
    index,
    pages: readPages(raw.pages, at(p, 'pages')),
    id: raw.id,
    transform: raw.transform,
    rotate: raw.rotate,
    transformAt: raw.transform !== undefined ? at(p, 'transform') : undefined,
    rotateAt: raw.rotate !== undefined ? at(p, 'rotate') : undefined,
    layer: typeof raw.layer === 'string' ? { at: at(p, 'layer'), name: raw.layer } : undefined,
    graphicsState:
      typeof raw.graphics_state === 'string' ? { at: at(p, 'graphics_state'), name: raw.graphics_state } : undefined,
    relativeTo: readRelativeTo(raw.relative_to, at(p, 'relative_to')),
  };
}

/** `relative_to` (spec common keys): `id`, `edge`, `offset` (default 0), `part` (default the last part laid). */
function readRelativeTo(r: D.RelativeTo | undefined, p: JsonPointer): RelativeTo | undefined {
  if (r === undefined || r === null) return undefined;
  return { at: p, id: r.id, edge: r.edge, offset: r.offset ?? 0, part: r.part };
}

/** `features` of a fonts entry, a variant or a run; an empty object is no switch at all. */
export function readFeatures(raw: Record<string, boolean> | undefined, p: JsonPointer): FeatureSwitches | undefined {
  if (raw === undefined || Object.keys(raw).length === 0) return undefined;
  return { at: at(p, 'features'), tags: raw };
}
