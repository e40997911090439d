// ir/read/structure.ts — reading, the top-level `structure` key (docs/reference.md, "structure"):
// the schema (compiled on first use, it is recursive), then every element's type against the
// standard structure types of ISO 32000-1 §14.8.4 or the role map, the role map itself (a custom
// name onto a standard type; a standard type is never remapped, PDF/A-1 6.8.3.4, -2 6.7.3.4), language
// tags (RFC 3066 as PDF/A reads them, 6.8.4 / 6.7.4), element ids once each, and the depth.
// Which items the elements name is resolved later (passes/cross-refusals/structure.ts).
import type { ValidateFunction } from 'ajv';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { MAX_STRUCTURE_DEPTH, structureSchema } from '../schema/structure.js';
import { STANDARD_STRUCTURE_TYPES, type StandardStructureType, type StructElementSpec, type StructItemRef, type StructureSpec } from '../structure-types.js';
import { ajv, check } from './common.js';

type Raw = Record<string, unknown>;

let validate: ValidateFunction | undefined;

const STANDARD: ReadonlySet<string> = new Set(STANDARD_STRUCTURE_TYPES);

/** A language identifier as PDF/A checks it (19005-2 6.7.4): empty, or RFC 3066 subtags. */
const LANG = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

function lang(v: unknown, p: JsonPointer): string | undefined {
  if (v === undefined) return undefined;
  const s = v as string;
  if (s !== '' && !LANG.test(s)) refuse('structureLang', p, { key: p, value: s });
  return s;
}

export function readStructure(raw: unknown): StructureSpec | undefined {
  if (raw === undefined) return undefined;
  validate ??= ajv.compile(structureSchema);
  check(validate, raw, '/structure');
  const r = raw as Raw;
  const roleMap = new Map<string, StandardStructureType>();
  for (const [name, target] of Object.entries((r.role_map ?? {}) as Record<string, string>)) {
    const p = at('/structure', 'role_map', name);
    if (STANDARD.has(name)) refuse('roleMapStandard', p, { type: name, at: p });
    if (!STANDARD.has(target)) refuse('roleMapTarget', p, { type: name, target, at: p });
    roleMap.set(name, target as StandardStructureType);
  }
  const ids = new Map<string, JsonPointer>();
  const element = (e: Raw, p: JsonPointer, depth: number): StructElementSpec => {
    if (depth > MAX_STRUCTURE_DEPTH) refuse('structureTooDeep', p, { at: p, limit: MAX_STRUCTURE_DEPTH });
    const type = e.type as string;
    const standard = STANDARD.has(type) ? (type as StandardStructureType) : roleMap.get(type);
    if (!standard) refuse('structureTypeUnknown', at(p, 'type'), { type, at: at(p, 'type') });
    const id = e.id as string | undefined;
    if (id !== undefined) {
      const earlier = ids.get(id);
      if (earlier !== undefined) refuse('structureIdTwice', at(p, 'id'), { id, at: at(p, 'id'), earlier });
      ids.set(id, at(p, 'id'));
    }
    const str = (k: string) => e[k] as string | undefined;
    return {
      at: p, type, standard, id,
      alt: str('alt'), actualText: str('actual_text'), expansion: str('expansion'), title: str('title'),
      lang: lang(e.lang, at(p, 'lang')),
      children: (e.children as unknown[]).map((c, i): StructElementSpec | StructItemRef =>
        typeof c === 'string' ? { at: at(p, 'children', i), item: c } : element(c as Raw, at(p, 'children', i), depth + 1)),
    };
  };
  return {
    at: '/structure',
    lang: lang(r.lang, '/structure/lang'),
    roleMap,
    elements: (r.elements as Raw[]).map((e, i) => element(e, at('/structure', 'elements', i), 1)),
  };
}
