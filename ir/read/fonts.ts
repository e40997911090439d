// ir/read/fonts.ts — reading, font declarations: `fonts` (bytes inline as base64, a supplied part,
// or a face of the service's library), `standard_fonts`, `type1_fonts`, `type3_fonts` (glyph shapes
// read here by the item readers, in glyph space), `simple_fonts`, `font_variants`, `font_chains`.
// Names are resolved later, in passes/names.ts.

import type * as D from '../description.generated.js';
import type {
  Box4,
  FontChainDecl,
  FontSource,
  FontVariantDecl,
  KeepRule,
  MissingRule,
  SimpleFontDecl,
  Type1FontDecl,
  Type3FontDecl,
  Type3GlyphDecl,
  VariationSetting,
} from '../font-types.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import type { Colour, FontDecl, Item, PathItem, RectItem, StandardFontDecl } from '../types.js';
import { readFeatures } from './common.js';
import { readItem } from './items.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded files kept per process, keyed by their base64 text (fast-layout §1 rule 3: bound every cache). */
export const BASE64_CACHE_SIZE = 32;
/** Characters of base64 text the cache holds at most, all entries together (with their bytes, some 56 MB). */
const BASE64_CACHE_CHARS = 32 << 20;
/** Each entry holds the text it was keyed under, so moving a hit to the end finds it by identity. */
const decoded = new Map<string, { text: string; bytes: Uint8Array }>();
let decodedChars = 0;

/**
 * Decodes strict base64 (white space allowed between groups); anything else is refused naming the
 * key. A text seen before (the same font sent again) gives the same bytes object without decoding
 * or checking it again: a Map finds a long string by length and content, far cheaper than decoding
 * it, and the bytes are only ever read (a font's cache in passes/fonts/face.ts is keyed on them).
 * The text is compared once (the lookup); the entry is moved to the end under the text it was kept
 * with, which the Map finds by identity (comparing a fresh 550 KB text again costs ~50 µs a font).
 */
export function readBase64(s: string, p: JsonPointer): Uint8Array {
  const hit = decoded.get(s);
  if (hit) {
    decoded.delete(hit.text);
    decoded.set(hit.text, hit); // most recently used last
    return hit.bytes;
  }
  const bytes = decodeStrict(s, p);
  if (s.length <= BASE64_CACHE_CHARS / 4) {
    while (decoded.size >= BASE64_CACHE_SIZE || decodedChars + s.length > BASE64_CACHE_CHARS) {
      const oldest = decoded.keys().next().value!;
      decodedChars -= oldest.length;
      decoded.delete(oldest);
    }
    decoded.set(s, { text: s, bytes });
    decodedChars += s.length;
  }
  return bytes;
}

function decodeStrict(s: string, p: JsonPointer): Uint8Array {
  // Fast path: no white space, so the text is checked as it stands (no copy; encoding the bytes back
  // to compare made a second string of the text's size, a font's 0.5 MB left to the collector)
  const plain = BASE64.test(s);
  const data = plain ? s : s.replace(/\s+/g, '');
  if (data.length % 4 === 1 || (!plain && !BASE64.test(data))) refuse('base64Invalid', p, { key: p });
  const buf = Buffer.from(data, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** One source among the keys given (`data`, `part`, `library`…): exactly one is accepted. */
type SourceKey = 'data' | 'part' | 'library' | 'afm_data' | 'afm_part';

function readSource(
  raw: { [K in SourceKey]?: string },
  p: JsonPointer,
  keys: { data: SourceKey; part: SourceKey; library?: SourceKey },
): FontSource | undefined {
  const given = Object.values(keys).flatMap((k) => {
    const v = raw[k];
    return typeof v === 'string' ? [{ k, v }] : [];
  });
  if (given.length > 1)
    refuse('fontTwoSources', at(p, given[1].k), { key: at(p, given[0].k), other: at(p, given[1].k) });
  if (given.length === 0) return undefined;
  const { k, v } = given[0];
  if (k === keys.part) return { kind: 'part', at: at(p, k), part: v };
  if (k === keys.library) return { kind: 'library', at: at(p, k), face: v };
  return { kind: 'data', at: at(p, k), bytes: readBase64(v, at(p, k)) };
}

function readMissing(raw: D.FontChainDeclaration['missing'], p: JsonPointer): MissingRule {
  if (raw === undefined || raw === 'refuse') return { kind: 'refuse' };
  const r = raw.replace;
  if ([...r].length !== 1) refuse('replacementNotOneCharacter', at(p, 'replace'), { key: at(p, 'replace') });
  return { kind: 'replace', at: at(p, 'replace'), with: r };
}

function readKeep(raw: D.FontDeclaration['keep'], p: JsonPointer): KeepRule {
  if (raw === undefined || raw === 'drawn') return { kind: 'drawn' };
  if (raw === 'all') return { kind: 'all' };
  return { kind: 'characters', at: at(p, 'characters'), characters: raw.characters };
}

export function readFontDecl(raw: D.FontDeclaration, p: JsonPointer): FontDecl {
  const name = raw.name;
  const source = readSource(raw, p, { data: 'data', part: 'part', library: 'library' });
  if (!source) refuse('fontNoSource', p, { font: name, at: p });
  return {
    at: p,
    name,
    source,
    keep: readKeep(raw.keep, at(p, 'keep')),
    missing: readMissing(raw.missing, at(p, 'missing')),
    variation: readVariation(raw, p),
    features: readFeatures(raw.features, p),
  };
}

function readVariation(raw: D.FontDeclaration, p: JsonPointer): VariationSetting | undefined {
  if (raw.instance === undefined && raw.variations === undefined) return undefined;
  return {
    instance: raw.instance === undefined ? undefined : { at: at(p, 'instance'), name: raw.instance },
    axes: raw.variations === undefined ? undefined : { at: at(p, 'variations'), values: raw.variations },
  };
}

export function readStandardFontDecl(raw: D.StandardFontDeclaration, p: JsonPointer): StandardFontDecl {
  return { at: p, name: raw.name, face: raw.face };
}

export function readType1FontDecl(raw: D.Type1FontDeclaration, p: JsonPointer): Type1FontDecl {
  const name = raw.name;
  const source = readSource(raw, p, { data: 'data', part: 'part' });
  if (!source) refuse('fontNoSource', p, { font: name, at: p });
  const afm = readSource(raw, p, { data: 'afm_data', part: 'afm_part' });
  return { at: p, name, source, afm };
}

/** The item kinds a glyph is drawn with (spec type3_fonts: "Shapes in drawing order: path, rect, line"). */
const GLYPH_KINDS: ReadonlySet<string> = new Set(['path', 'rect', 'line']);

/** Common keys that place an item among pages and other items, which a glyph (drawn wherever its character is set) has none of. */
const GLYPH_KEYS_MEANINGLESS: ['relative_to' | 'pages', string][] = [
  ['relative_to', 'item to hang from'],
  ['pages', 'pages of its own'],
];

/** Black, the ink of a glyph shape that states neither fill nor stroke. */
const GLYPH_INK: Colour = { space: 'gray', c: [0] };

/**
 * A glyph's shape: a path, rect or line item read by the item readers (so graphics_state, layer,
 * transform, rotate, and fills in declared spaces, gradients and tilings read as on a page). Text
 * (or any other item kind) inside a glyph is refused.
 */
function readGlyphItem(raw: D.Item, p: JsonPointer, index: number): Item {
  // any kind's word may stand here until readItem checks it; only shapes are drawn in a glyph
  const type: string = raw.type;
  if (type === 'text' || type === 'flow' || type === 'text_path')
    refuse('type3GlyphText', at(p, 'type'), { at: at(p, 'type'), type });
  if (!GLYPH_KINDS.has(type)) refuse('type3GlyphShapeKind', at(p, 'type'), { at: at(p, 'type'), type });
  for (const [key, what] of GLYPH_KEYS_MEANINGLESS) {
    const v = raw[key];
    if (v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
      refuse('type3GlyphKeyMeaningless', at(p, key), { key: at(p, key), property: what });
  }
  const item = readItem(raw, index, p) as RectItem | PathItem;
  if (item.type !== 'line' && item.fill === undefined && item.stroke === undefined) return { ...item, fill: GLYPH_INK };
  return item;
}

function box4(b: D.Type3FontDeclaration['box']): Box4 {
  return [Math.min(b.llx, b.urx), Math.min(b.lly, b.ury), Math.max(b.llx, b.urx), Math.max(b.lly, b.ury)];
}

export function readType3FontDecl(raw: D.Type3FontDeclaration, p: JsonPointer): Type3FontDecl {
  const glyphs: Type3GlyphDecl[] = raw.glyphs.map((g, i) => {
    const gp = at(p, 'glyphs', i);
    const character = g.character;
    if ([...character].length !== 1) refuse('type3CharacterNotOne', at(gp, 'character'), { key: at(gp, 'character') });
    return {
      at: gp,
      character,
      width: g.width,
      box: g.box ? box4(g.box) : undefined,
      items: g.items.map((s, j) => readGlyphItem(s, at(gp, 'items', j), j)),
    };
  });
  const m = raw.matrix;
  if (m[0] * m[3] - m[1] * m[2] === 0) refuse('type3MatrixSingular', at(p, 'matrix'), { key: at(p, 'matrix') });
  return { at: p, name: raw.name, matrix: [m[0], m[1], m[2], m[3], m[4], m[5]], box: box4(raw.box), glyphs };
}

export function readSimpleFontDecl(raw: D.SimpleFontDeclaration, p: JsonPointer): SimpleFontDecl {
  return { at: p, name: raw.name, font: { at: at(p, 'font'), name: raw.font }, text: raw.text };
}

export function readFontVariantDecl(raw: D.FontVariantDeclaration, p: JsonPointer): FontVariantDecl {
  const switches: FontVariantDecl['switches'] = {};
  for (const k of ['ligatures', 'small_caps', 'oldstyle_figures', 'kerning'] as const) {
    const v = raw[k];
    if (typeof v === 'boolean') switches[k] = v;
  }
  return {
    at: p,
    name: raw.name,
    font: { at: at(p, 'font'), name: raw.font },
    switches,
    features: readFeatures(raw.features, p),
  };
}

export function readFontChainDecl(raw: D.FontChainDeclaration, p: JsonPointer): FontChainDecl {
  return {
    at: p,
    name: raw.name,
    fonts: raw.fonts.map((n, i) => ({ at: at(p, 'fonts', i), name: n })),
    missing: readMissing(raw.missing, at(p, 'missing')),
  };
}
