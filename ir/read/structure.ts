// ir/read/structure.ts — reading, the top-level `structure` key (docs/reference.md, "structure"):
// the schema (compiled on first use, it is recursive), then every element's type against the
// standard structure types of ISO 32000-1 §14.8.4 or the role map, the role map itself (a custom
// name onto a standard type; a standard type is never remapped, PDF/A-1 6.8.3.4, -2 6.7.3.4), language
// tags (RFC 3066 as PDF/A reads them, 6.8.4 / 6.7.4), element ids once each, and the depth.
// Which items the elements name is resolved later (passes/structure/resolve.ts).
import type { ValidateFunction } from 'ajv';
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { MAX_STRUCTURE_DEPTH, structureSchema } from '../schema/structure.js';
import {
  PDF2_STRUCTURE_TYPES,
  STANDARD_STRUCTURE_TYPES,
  type StandardStructureType,
  type StructElementSpec,
  type StructItemRef,
  type StructureSpec,
} from '../structure-types.js';
import { ajv, check } from './common.js';

let validate: ValidateFunction<D.Structure> | undefined;

// PDF 2.0's own types are read as standard; whether the claim lets them be written is decided later.
const STANDARD: ReadonlySet<string> = new Set([...STANDARD_STRUCTURE_TYPES, ...PDF2_STRUCTURE_TYPES]);

/** A language identifier as PDF/A checks it (19005-2 6.7.4): empty, or RFC 3066 subtags. */
const LANG = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

function lang(s: string | undefined, p: JsonPointer): string | undefined {
  if (s === undefined) return undefined;
  if (s !== '' && !LANG.test(s)) refuse('structureLang', p, { key: p, value: s });
  return s;
}

export function readStructure(raw: unknown): StructureSpec | undefined {
  if (raw === undefined) return undefined;
  validate ??= ajv.compile<D.Structure>(structureSchema);
  check(validate, raw, '/structure');
  const r = raw;
  const roleMap = new Map<string, StandardStructureType>();
  for (const [name, target] of Object.entries(r.role_map ?? {})) {
    const p = at('/structure', 'role_map', name);
    if (STANDARD.has(name)) refuse('roleMapStandard', p, { type: name, at: p });
    if (!STANDARD.has(target)) refuse('roleMapTarget', p, { type: name, target, at: p });
    roleMap.set(name, target as StandardStructureType);
  }
  const ids = new Map<string, JsonPointer>();
  const element = (e: D.StructureElement, p: JsonPointer, depth: number): StructElementSpec => {
    if (depth > MAX_STRUCTURE_DEPTH) refuse('structureTooDeep', p, { at: p, limit: MAX_STRUCTURE_DEPTH });
    const type = e.type;
    const standard = STANDARD.has(type) ? (type as StandardStructureType) : roleMap.get(type);
    if (!standard) refuse('structureTypeUnknown', at(p, 'type'), { type, at: at(p, 'type') });
    const id = e.id;
    if (id !== undefined) {
      const earlier = ids.get(id);
      if (earlier !== undefined) refuse('structureIdTwice', at(p, 'id'), { id, at: at(p, 'id'), earlier });
      ids.set(id, at(p, 'id'));
    }
    return {
      at: p,
      type,
      standard,
      id,
      alt: e.alt,
      actualText: e.actual_text,
      expansion: e.expansion,
      title: e.title,
      lang: lang(e.lang, at(p, 'lang')),
      children: e.children.map((c, i): StructElementSpec | StructItemRef =>
        typeof c === 'string' ? { at: at(p, 'children', i), item: c } : element(c, at(p, 'children', i), depth + 1),
      ),
    };
  };
  return {
    at: '/structure',
    lang: lang(r.lang, '/structure/lang'),
    roleMap,
    elements: r.elements.map((e, i) => element(e, at('/structure', 'elements', i), 1)),
  };
}
