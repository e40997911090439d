// ir/read.ts — the front of the pipeline: description bytes (or an already parsed value) → ReadIr.
// Strict JSON (duplicate keys refused), the ajv schema, then the shapes the passes work on:
// coordinates parsed once into expression nodes, colours typed, font bytes decoded. Every refusal
// here names the key and its JSON pointer; nothing after a refusal runs.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { RefusalError } from './diagnostics.js';
import { parseCoordinate } from './grammar/coordinate.js';
import { readJson } from './json-reader.js';
import { refusal } from './messages.js';
import { at, lastKey, type JsonPointer } from './pointer.js';
import { descriptionSchema, rectItemSchema, textItemSchema } from './schema/description.js';
import type { Colour, Coord, FontDecl, Item, PagesRule, ReadIr, RectSpec, TextItem, TextRun } from './types.js';
import { checkDrawnByThisBuild, ITEM_KINDS } from './unsupported.js';

/** Sheet size when a description names none (spec: top-level keys, `page`): A4 in points. */
export const DEFAULT_PAGE = { width: 595.276, height: 841.89 } as const;
/** Default leading as a multiple of font_size (spec: text item, `leading`). */
export const DEFAULT_LEADING_FACTOR = 1.2;

const ajv = new Ajv({ allErrors: false, strict: false });
const validateDescription = ajv.compile(descriptionSchema);
const itemValidators: Record<string, ValidateFunction> = {
  text: ajv.compile(textItemSchema),
  rect: ajv.compile(rectItemSchema),
};

function fail(r: ReturnType<typeof refusal>): never {
  throw new RefusalError(r);
}

/** Reads a description into the first IR stage, or throws a RefusalError. */
export function readDescription(description: unknown): ReadIr {
  const value = parseDescription(description);
  check(validateDescription, value, '');
  const d = value as Record<string, unknown>;
  checkDrawnByThisBuild(d);
  const items = (d.items as unknown[]).map((raw, i) => readItem(raw as Record<string, unknown>, i));
  const page = (d.page ?? {}) as { width?: number; height?: number };
  return {
    stage: 'read',
    page: { width: page.width ?? DEFAULT_PAGE.width, height: page.height ?? DEFAULT_PAGE.height },
    fonts: ((d.fonts ?? []) as Record<string, unknown>[]).map((f, i) => readFontDecl(f, at('', 'fonts', i))),
    standardFonts: ((d.standard_fonts ?? []) as { name: string; face: string }[]).map((f, i) => ({ at: at('', 'standard_fonts', i), name: f.name, face: f.face })),
    items,
  };
}

function parseDescription(description: unknown): unknown {
  if (typeof description === 'string' || description instanceof Uint8Array) {
    const r = readJson(description);
    if (r.ok) return r.value;
    if (r.kind === 'duplicate') fail(refusal('duplicateKey', r.pointer, r.key, r.pointer || '/'));
    fail(refusal('jsonUnreadable', '', r.detail));
  }
  return description;
}

function check(validate: ValidateFunction, value: unknown, base: JsonPointer): void {
  if (validate(value)) return;
  fail(schemaRefusal(validate.errors ?? [], base));
}

/** Turns the first ajv error into one sentence naming the key and its pointer. */
export function schemaRefusal(errors: ErrorObject[], base: JsonPointer): ReturnType<typeof refusal> {
  // Inside anyOf, ajv reports the branches' errors before the anyOf itself; the anyOf says it best.
  const e = errors.find((x) => x.keyword === 'anyOf') ?? errors[0];
  const path = base + e.instancePath;
  const name = path || 'the description';
  switch (e.keyword) {
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      return refusal('schemaRequired', at(path, missing), missing, path || '/');
    }
    case 'type': {
      const t = (e.params as { type: string | string[] }).type;
      const types = (Array.isArray(t) ? t : String(t).split(',')).map(article);
      return refusal('schemaType', path, name, types.join(' or '));
    }
    case 'enum':
      return refusal('schemaEnum', path, name, (e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', '));
    case 'minimum': return refusal('schemaRange', path, name, `at least ${(e.params as { limit: number }).limit}`);
    case 'maximum': return refusal('schemaRange', path, name, `at most ${(e.params as { limit: number }).limit}`);
    case 'exclusiveMinimum': return refusal('schemaRange', path, name, `greater than ${(e.params as { limit: number }).limit}`);
    case 'exclusiveMaximum': return refusal('schemaRange', path, name, `less than ${(e.params as { limit: number }).limit}`);
    case 'minItems': return refusal('schemaRange', path, name, `an array of at least ${(e.params as { limit: number }).limit} entries`);
    case 'maxItems': return refusal('schemaRange', path, name, `an array of at most ${(e.params as { limit: number }).limit} entries`);
    case 'minLength': return refusal('schemaRange', path, name, 'a string that is not empty');
    case 'anyOf': {
      const key = lastKey(path);
      if (key === 'color' || key === 'fill') return refusal('schemaType', path, name, 'a colour value: an array of 1, 3 or 4 numbers from 0 to 1');
      if (/\/content\/\d+$/.test(path)) return refusal('schemaType', path, name, 'a string, an object with text or an object with date');
      return refusal('schemaOther', path, name, 'has none of the accepted shapes');
    }
    default:
      return refusal('schemaOther', path, name, e.message ?? 'is not valid');
  }
}

function article(t: string): string {
  const word = t === 'integer' ? 'a whole number' : t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`;
  return word;
}

function readItem(raw: Record<string, unknown>, index: number): Item {
  const p = at('', 'items', index);
  const type = raw.type as string;
  const validate = itemValidators[type];
  if (!validate) {
    if ((ITEM_KINDS as readonly string[]).includes(type)) fail(refusal('itemKindNotYet', at(p, 'type'), type, at(p, 'type')));
    fail(refusal('itemKindUnknown', at(p, 'type'), type, at(p, 'type')));
  }
  check(validate, raw, p);
  const base = {
    at: p,
    index,
    pages: readPages(raw.pages, at(p, 'pages')),
    id: raw.id as string | undefined,
    transform: raw.transform as number[] | undefined,
    rotate: raw.rotate as number | undefined,
    transformAt: raw.transform !== undefined ? at(p, 'transform') : undefined,
    rotateAt: raw.rotate !== undefined ? at(p, 'rotate') : undefined,
  };
  if (type === 'rect') {
    return { ...base, type: 'rect', rect: readRect(raw.rect, at(p, 'rect')), fill: raw.fill === undefined ? undefined : readColour(raw.fill as number[]) };
  }
  const fontSize = raw.font_size as number;
  const text: TextItem = {
    ...base,
    type: 'text',
    rect: readRect(raw.rect, at(p, 'rect')),
    runs: (raw.content as unknown[]).map((r, i) => readRun(r, at(p, 'content', i))),
    font: { at: at(p, 'font'), name: raw.font as string },
    fontSize,
    leading: (raw.leading as number | undefined) ?? DEFAULT_LEADING_FACTOR * fontSize,
    color: raw.color === undefined ? { space: 'gray', c: [0] } : readColour(raw.color as number[]),
  };
  return text;
}

function readRun(raw: unknown, p: JsonPointer): TextRun {
  if (typeof raw === 'string') return { at: p, text: raw };
  return { at: p, text: (raw as { text: string }).text };
}

function readPages(raw: unknown, p: JsonPointer): PagesRule {
  return { at: p, list: (raw as number[] | undefined) ?? [] };
}

function readRect(raw: unknown, p: JsonPointer): RectSpec {
  const r = raw as Record<'llx' | 'lly' | 'urx' | 'ury', number | string>;
  return { at: p, llx: readCoord(r.llx, at(p, 'llx')), lly: readCoord(r.lly, at(p, 'lly')), urx: readCoord(r.urx, at(p, 'urx')), ury: readCoord(r.ury, at(p, 'ury')) };
}

/** A coordinate value: a number, or a quoted expression parsed now and evaluated after pagination. */
export function readCoord(raw: number | string, p: JsonPointer): Coord {
  if (typeof raw === 'number') return { at: p, expr: { k: 'num', v: raw } };
  const r = parseCoordinate(raw);
  if (r.ok) return { at: p, expr: r.expr };
  if (r.kind === 'depth') fail(refusal('coordinateDepth', p, p, r.detail));
  if (r.kind === 'variable') fail(refusal('coordinateUnknownVariable', p, p, r.detail));
  fail(refusal('coordinateSyntax', p, p, r.detail));
}

export function readColour(c: number[]): Colour {
  if (c.length === 1) return { space: 'gray', c: [c[0]] };
  if (c.length === 3) return { space: 'rgb', c: [c[0], c[1], c[2]] };
  return { space: 'cmyk', c: [c[0], c[1], c[2], c[3]] };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function readFontDecl(raw: Record<string, unknown>, p: JsonPointer): FontDecl {
  const name = raw.name as string;
  const hasData = typeof raw.data === 'string';
  const hasPart = typeof raw.part === 'string';
  if (hasData && hasPart) fail(refusal('fontTwoSources', at(p, 'part'), at(p, 'data'), at(p, 'part')));
  if (!hasData && !hasPart) fail(refusal('fontNoSource', p, name, p));
  if (hasPart) return { at: p, name, source: { kind: 'part', at: at(p, 'part'), part: raw.part as string } };
  const data = (raw.data as string).replace(/\s+/g, '');
  if (data.length % 4 === 1 || !BASE64.test(data)) fail(refusal('base64Invalid', at(p, 'data'), at(p, 'data')));
  const buf = Buffer.from(data, 'base64');
  return { at: p, name, source: { kind: 'data', at: at(p, 'data'), bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) } };
}
