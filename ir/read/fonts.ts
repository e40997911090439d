// ir/read/fonts.ts — reading, font declarations: `fonts` (bytes inline as base64, a supplied part,
// or a face of the service's library), `standard_fonts`, `type1_fonts`, `type3_fonts` (glyph shapes
// read here, in glyph space), `simple_fonts`, `font_variants`, `font_chains`. Names are resolved
// later, in passes/names.ts.
import type { ValidateFunction } from 'ajv';
import type {
  Box4, FontChainDecl, FontSource, FontVariantDecl, GlyphSegment, GlyphShape, GlyphStroke, KeepRule, MissingRule,
  SimpleFontDecl, Type1FontDecl, Type3FontDecl, Type3GlyphDecl,
} from '../font-types.js';
import { refusal } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { glyphShapeSchemas } from '../schema/fonts.js';
import type { FontDecl, StandardFontDecl } from '../types.js';
import { ajv, check, fail, readColour } from './common.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Raw = Record<string, unknown>;

/** Decodes strict base64 (white space allowed between groups); anything else is refused naming the key. */
export function readBase64(s: string, p: JsonPointer): Uint8Array {
  const data = s.replace(/\s+/g, '');
  if (data.length % 4 === 1 || !BASE64.test(data)) fail(refusal('base64Invalid', p, p));
  const buf = Buffer.from(data, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** One source among the keys given (`data`, `part`, `library`…): exactly one is accepted. */
function readSource(raw: Raw, p: JsonPointer, name: string, keys: { data: string; part: string; library?: string }): FontSource | undefined {
  const given = (Object.values(keys) as string[]).filter((k) => typeof raw[k] === 'string');
  if (given.length > 1) fail(refusal('fontTwoSources', at(p, given[1]), at(p, given[0]), at(p, given[1])));
  if (given.length === 0) return undefined;
  const k = given[0];
  if (k === keys.part) return { kind: 'part', at: at(p, k), part: raw[k] as string };
  if (k === keys.library) return { kind: 'library', at: at(p, k), face: raw[k] as string };
  return { kind: 'data', at: at(p, k), bytes: readBase64(raw[k] as string, at(p, k)) };
}

function readMissing(raw: unknown, p: JsonPointer): MissingRule {
  if (raw === undefined || raw === 'refuse') return { kind: 'refuse' };
  const r = (raw as { replace: string }).replace;
  if ([...r].length !== 1) fail(refusal('replacementNotOneCharacter', at(p, 'replace'), at(p, 'replace')));
  return { kind: 'replace', at: at(p, 'replace'), with: r };
}

function readKeep(raw: unknown, p: JsonPointer): KeepRule {
  if (raw === undefined || raw === 'drawn') return { kind: 'drawn' };
  if (raw === 'all') return { kind: 'all' };
  return { kind: 'characters', at: at(p, 'characters'), characters: (raw as { characters: string }).characters };
}

export function readFontDecl(raw: Raw, p: JsonPointer): FontDecl {
  const name = raw.name as string;
  const source = readSource(raw, p, name, { data: 'data', part: 'part', library: 'library' });
  if (!source) fail(refusal('fontNoSource', p, name, p));
  return { at: p, name, source, keep: readKeep(raw.keep, at(p, 'keep')), missing: readMissing(raw.missing, at(p, 'missing')) };
}

export function readStandardFontDecl(raw: Raw, p: JsonPointer): StandardFontDecl {
  return { at: p, name: raw.name as string, face: raw.face as string };
}

export function readType1FontDecl(raw: Raw, p: JsonPointer): Type1FontDecl {
  const name = raw.name as string;
  const source = readSource(raw, p, name, { data: 'data', part: 'part' });
  if (!source) fail(refusal('fontNoSource', p, name, p));
  const afm = readSource(raw, p, name, { data: 'afm_data', part: 'afm_part' });
  return { at: p, name, source, afm };
}

const validateShape: Record<string, ValidateFunction> = Object.fromEntries(
  Object.entries(glyphShapeSchemas).map(([k, s]) => [k, ajv.compile(s)]),
);

const CAPS: Record<string, number> = { butt: 0, round: 1, square: 2 };
const JOINS: Record<string, number> = { miter: 0, round: 1, bevel: 2 };

function readStroke(raw: Raw | undefined): GlyphStroke | undefined {
  if (!raw) return undefined;
  const dash = raw.dash as { pattern: number[]; phase?: number } | undefined;
  return {
    width: (raw.width as number | undefined) ?? 1,
    colour: raw.color ? readColour(raw.color as number[]) : { space: 'gray', c: [0] },
    cap: raw.cap !== undefined ? CAPS[raw.cap as string] : undefined,
    join: raw.join !== undefined ? JOINS[raw.join as string] : undefined,
    dash: dash ? { array: dash.pattern, phase: dash.phase ?? 0 } : undefined,
    miterLimit: raw.miter_limit as number | undefined,
  };
}

const pt = (v: unknown) => v as [number, number];

function readSegments(raw: Raw[], p: JsonPointer): GlyphSegment[] {
  return raw.map((s, i) => {
    const sp = at(p, i);
    const keys = ['move', 'line', 'curve', 'close'].filter((k) => s[k] !== undefined);
    if (keys.length !== 1) fail(refusal('segmentShape', sp, sp));
    if (i === 0 && keys[0] !== 'move') fail(refusal('segmentShape', sp, sp));
    const k = keys[0];
    if (k === 'curve') {
      const c = s.curve as [number, number][];
      return { k: 'curve', c1: c[0], c2: c[1], p: c[2] };
    }
    if (k === 'close') return { k: 'close' };
    return { k: k as 'move' | 'line', p: pt(s[k]) };
  });
}

/**
 * Keys of the path/rect/line items a glyph shape does not draw in this build (the spec: "a glyph
 * reaches the colour spaces, gradients, graphics states and layers the request declares"; those
 * arrive with the graphics declarations), refused by name rather than dropped.
 */
const GLYPH_KEYS_NOT_YET = ['graphics_state', 'layer', 'transform', 'rotate', 'clip', 'relative_to'];

/** A glyph's shape: path, rect or line. Text (or any other item kind) inside a glyph is refused. */
function readGlyphShape(raw: Raw, p: JsonPointer): GlyphShape {
  const type = raw.type as string;
  if (type === 'text' || type === 'flow' || type === 'text_path') fail(refusal('type3GlyphText', at(p, 'type'), at(p, 'type'), type));
  const validate = Object.hasOwn(validateShape, type) ? validateShape[type] : undefined;
  if (!validate) fail(refusal('type3GlyphShapeKind', at(p, 'type'), at(p, 'type'), type));
  check(validate, raw, p);
  for (const key of GLYPH_KEYS_NOT_YET) {
    if (raw[key] !== undefined && raw[key] !== null) fail(refusal('keyNotYet', at(p, key), key, at(p, key)));
  }
  const fill = raw.fill ? readColour(raw.fill as number[]) : undefined;
  const stroke = readStroke(raw.stroke as Raw | undefined);
  if (type === 'rect') {
    const r = raw.rect as { llx: number; lly: number; urx: number; ury: number };
    return { kind: 'rect', at: p, x: Math.min(r.llx, r.urx), y: Math.min(r.lly, r.ury), w: Math.abs(r.urx - r.llx), h: Math.abs(r.ury - r.lly), fill, stroke };
  }
  if (type === 'line') return { kind: 'line', at: p, from: pt(raw.from), to: pt(raw.to), stroke: stroke ?? readStroke({})! };
  return { kind: 'path', at: p, segments: readSegments(raw.segments as Raw[], at(p, 'segments')), evenOdd: raw.fill_rule === 'even_odd', fill, stroke };
}

function box4(raw: unknown): Box4 {
  const b = raw as { llx: number; lly: number; urx: number; ury: number };
  return [Math.min(b.llx, b.urx), Math.min(b.lly, b.ury), Math.max(b.llx, b.urx), Math.max(b.lly, b.ury)];
}

export function readType3FontDecl(raw: Raw, p: JsonPointer): Type3FontDecl {
  const glyphs: Type3GlyphDecl[] = (raw.glyphs as Raw[]).map((g, i) => {
    const gp = at(p, 'glyphs', i);
    const character = g.character as string;
    if ([...character].length !== 1) fail(refusal('type3CharacterNotOne', at(gp, 'character'), at(gp, 'character')));
    return {
      at: gp,
      character,
      width: g.width as number,
      box: g.box ? box4(g.box) : undefined,
      shapes: (g.items as Raw[]).map((s, j) => readGlyphShape(s, at(gp, 'items', j))),
    };
  });
  const m = raw.matrix as number[];
  if (m[0] * m[3] - m[1] * m[2] === 0) fail(refusal('type3MatrixSingular', at(p, 'matrix'), at(p, 'matrix')));
  return { at: p, name: raw.name as string, matrix: [m[0], m[1], m[2], m[3], m[4], m[5]], box: box4(raw.box), glyphs };
}

export function readSimpleFontDecl(raw: Raw, p: JsonPointer): SimpleFontDecl {
  return { at: p, name: raw.name as string, font: { at: at(p, 'font'), name: raw.font as string }, text: raw.text as string };
}

export function readFontVariantDecl(raw: Raw, p: JsonPointer): FontVariantDecl {
  const switches: FontVariantDecl['switches'] = {};
  for (const k of ['ligatures', 'small_caps', 'oldstyle_figures', 'kerning'] as const) {
    if (typeof raw[k] === 'boolean') switches[k] = raw[k] as boolean;
  }
  return { at: p, name: raw.name as string, font: { at: at(p, 'font'), name: raw.font as string }, switches };
}

export function readFontChainDecl(raw: Raw, p: JsonPointer): FontChainDecl {
  return {
    at: p,
    name: raw.name as string,
    fonts: (raw.fonts as string[]).map((n, i) => ({ at: at(p, 'fonts', i), name: n })),
    missing: readMissing(raw.missing, at(p, 'missing')),
  };
}
