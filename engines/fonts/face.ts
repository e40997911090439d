// engines/fonts/face.ts — a font face as the pipeline sees it: parsed once per distinct file per
// process (keyed by the SHA-256 of its bytes), with shaping and a bounded word cache. The names pass
// loads faces, layout shapes with them, emit subsets them. fontkit objects are fill-once caches and
// are never mutated here (docs: ../shared/notes/fast-layout.md §1, the four rules).

import { createHash } from 'node:crypto';
import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';
import { pushAll } from '../../ir/bounded.js';
import type { FontMetrics, Shaped, TextFont } from '../../ir/text-font.js';
import { quadraticAsCubic } from '../geometry/shapes.js';
import { compositeFault } from './composites.js';
import { layoutDefault } from './mark-skip.js';
import { pairShape } from './pair-shape.js';
import { primePost } from './post-header.js';
import { unpackWebFont, WebFontError, webFontKind } from './web-font.js';

/** Distinct font files kept parsed per process; a request naming a new one evicts the oldest. */
export const FACE_CACHE_SIZE = 64;
/**
 * …and their files' bytes together (decision, issue 20: a process's memory is bounded by the server,
 * not by the fonts past requests sent): 64 CJK fonts of 20 MB, each parsed (ten times its file,
 * font-memory.ts), would hold gigabytes. The oldest go first; the face just loaded is always kept.
 */
export const FACE_CACHE_BYTES = 64 << 20;
/** Shaped words kept per face (fast-layout §1 rule 3: bound every cache). */
export const WORD_CACHE_SIZE = 20_000;
/**
 * …and characters of words kept per face, all feature sets together (issue 20): a word may be up to
 * SHAPE_CHUNK characters, so 20 000 by count alone could hold 80 M characters' glyphs in one face;
 * past this bound the face's words (every feature set) are let go.
 */
export const WORD_CACHE_CHARS = 1 << 20;
let wordCacheChars = WORD_CACHE_CHARS;
/** Sets the bound above (tests: shaping a million characters takes seconds); returns the one before. */
export function setWordCacheChars(chars: number): number {
  const was = wordCacheChars;
  wordCacheChars = chars;
  return was;
}
/**
 * Words a face shapes through fontkit before plain Latin takes the pair path (pair-shape.ts): both give
 * the same glyphs and advances, and a cold process with a page of text is faster without the pairs
 * (bench/README.md, "Start-up, fifth wave").
 */
export const PAIR_PATH_AFTER = 200;

/** Outline technology of the face: glyf (TrueType), CFF (embedded bare as CIDFontType0C), CFF2 (variable; refused). */
export type OutlineKind = 'truetype' | 'cff' | 'cff2';

/** OpenType features switched on (true) or off (false) over the font's defaults (font_variants). */
export type FeatureSet = Readonly<Record<string, boolean>>;

/** Whether a font is drawn in colour layers (COLR v0, passes/layout/colour-layers.ts). */
export function isColourFace(face: unknown): boolean {
  return face instanceof Face && face.font.directory?.tables?.COLR !== undefined;
}

/** One layer of a colour glyph (COLR v0): the glyph drawn and its CPAL colour (undefined: the text's). */
export interface ColourLayer {
  gid: number;
  rgb?: readonly [number, number, number];
}

interface ColrV0 {
  version: number;
  baseGlyphRecord?: { gid: number; firstLayerIndex: number; numLayers: number }[];
  layerRecords?: { gid: number; paletteIndex: number }[];
}
interface Cpal {
  numPaletteEntries: number;
  colorRecords: { red: number; green: number; blue: number; alpha: number }[];
  colorRecordIndices: number[];
}

/** Every base glyph's layers in palette 0 (an empty map for a font without COLR). */
function colourLayersOf(font: Font): Map<number, ColourLayer[]> {
  const out = new Map<number, ColourLayer[]>();
  const colr = (font as unknown as { COLR?: ColrV0 }).COLR;
  const cpal = (font as unknown as { CPAL?: Cpal }).CPAL;
  if (!colr || !cpal) return out;
  const first = cpal.colorRecordIndices[0] ?? 0;
  for (const b of colr.baseGlyphRecord ?? []) {
    const layers: ColourLayer[] = [];
    for (let i = b.firstLayerIndex; i < b.firstLayerIndex + b.numLayers; i++) {
      const l = colr.layerRecords![i];
      const c = l.paletteIndex === 0xffff ? undefined : cpal.colorRecords[first + l.paletteIndex];
      layers.push({ gid: l.gid, ...(c ? { rgb: [c.red, c.green, c.blue] as const } : {}) });
    }
    out.set(b.gid, layers);
  }
  return out;
}

/** Why a font's colour layers cannot be drawn (COLR v1, no CPAL, a layer partly transparent), or undefined. */
function colourLayersFault(font: Font): string | undefined {
  const colr = (font as unknown as { COLR?: ColrV0 }).COLR;
  const cpal = (font as unknown as { CPAL?: Cpal }).CPAL;
  if (!colr) return 'its colour layers table (COLR) cannot be read';
  if (colr.version !== 0)
    return `its glyphs are drawn in COLR version ${colr.version} colour layers (gradients, transforms), which this build cannot draw; send a font with COLR version 0 layers or plain outlines`;
  if (!cpal?.colorRecords?.length) return 'it has colour layers (COLR) without their palette (CPAL)';
  const first = cpal.colorRecordIndices[0] ?? 0;
  for (const l of colr.layerRecords ?? []) {
    if (l.paletteIndex === 0xffff) continue;
    if (l.paletteIndex >= cpal.numPaletteEntries) return 'a colour layer (COLR) names a palette entry CPAL lacks';
    if (cpal.colorRecords[first + l.paletteIndex].alpha < 255)
      return 'its colour layers are partly transparent (CPAL alpha below 255), which this build cannot draw yet; send a font with opaque colour layers';
  }
  return undefined;
}

export class Face implements TextFont {
  readonly kind = 'cid' as const;
  readonly key: string;
  readonly font: Font;
  readonly bytes: Uint8Array;
  readonly outlines: OutlineKind;
  readonly unitsPerEm: number;
  /** Word caches, one per feature set ('' = the font's defaults). */
  private readonly words = new Map<string, Map<string, Shaped>>();
  /** Characters of the words kept in `words`, all feature sets (WORD_CACHE_CHARS). */
  private wordChars = 0;
  /** Texts this face has had fontkit shape; the pair path waits for PAIR_PATH_AFTER of them. */
  private shapedByFontkit = 0;

  /** The named instance or axis values a variable font was set at (instance.ts), for its PostScript name. */
  readonly instanceLabel?: string;

  constructor(bytes: Uint8Array, key: string, font: Font, instanceLabel?: string) {
    this.instanceLabel = instanceLabel;
    this.bytes = bytes;
    this.key = key;
    this.font = font;
    this.unitsPerEm = font.unitsPerEm;
    const tables = font.directory.tables;
    this.outlines = tables['CFF '] ? 'cff' : tables.CFF2 ? 'cff2' : 'truetype';
  }

  private metricsCache?: FontMetrics;

  /** Vertical metrics from hhea/OS/2/post, with the usual fall-backs where a table leaves one out. */
  get metrics(): FontMetrics {
    if (this.metricsCache) return this.metricsCache;
    const f = this.font;
    const os2 = f['OS/2'] as { yStrikeoutPosition?: number; yStrikeoutSize?: number } | undefined;
    const upm = this.unitsPerEm;
    const ascender = f.ascent || Math.round(upm * 0.8);
    const capHeight = f.capHeight || Math.round(ascender * 0.9);
    const xHeight = f.xHeight || Math.round(capHeight * 0.7);
    this.metricsCache = {
      ascender,
      descender: f.descent || -Math.round(upm * 0.2),
      capHeight,
      xHeight,
      underlinePosition: f.underlinePosition || -Math.round(upm * 0.1),
      underlineThickness: f.underlineThickness || Math.round(upm * 0.05),
      strikeoutPosition: os2?.yStrikeoutPosition || Math.round(xHeight / 2),
      strikeoutThickness: os2?.yStrikeoutSize || f.underlineThickness || Math.round(upm * 0.05),
    };
    return this.metricsCache;
  }

  /** The name the font gives itself (PostScript name), for remarks and BaseFont. */
  get ownName(): string {
    const own = this.font.postscriptName || this.font.fullName || this.font.familyName || 'unnamed';
    return this.instanceLabel ? `${own}-${this.instanceLabel}` : own;
  }

  /**
   * Whether OS/2 fsType (OpenType spec, OS/2 table) forbids what we do with the font: embedding at
   * all (usage bits 0–3 = 2, restricted licence; a less restrictive bit set beside it wins, as the
   * spec says), subsetting (bit 8) when it is subset, or embedding outlines (bit 9, bitmaps only).
   */
  embeddingForbidden(keepAll = false): boolean {
    const raw = this.font['OS/2']?.fsType as unknown;
    if (raw == null) return false;
    let fs = 0;
    if (typeof raw === 'number') fs = raw;
    else {
      const b = raw as Record<string, boolean>;
      fs =
        (b.noEmbedding ? 0x2 : 0) |
        (b.viewOnly ? 0x4 : 0) |
        (b.editable ? 0x8 : 0) |
        (b.noSubsetting ? 0x100 : 0) |
        (b.bitmapOnly ? 0x200 : 0);
    }
    const restricted = (fs & 0x2) !== 0 && (fs & 0xc) === 0;
    return restricted || (!keepAll && (fs & 0x100) !== 0) || (fs & 0x200) !== 0;
  }

  /**
   * A base glyph's colour layers (COLR version 0, ISO/IEC 14496-22 §5.7.11), bottom first: each layer
   * glyph with its colour from CPAL palette 0 as [r, g, b] 0–255, or undefined for entry 0xFFFF (the
   * text's own colour). Undefined for a glyph without a base glyph record (and for fonts without COLR).
   */
  colourLayers(gid: number): readonly ColourLayer[] | undefined {
    if (this.layers === undefined) this.layers = colourLayersOf(this.font);
    return this.layers.get(gid);
  }
  private layers?: Map<number, ColourLayer[]>;

  /**
   * A glyph's outline as path segments in font units (y up): moveto, lineto, curveto (quadratic
   * TrueType curves raised to cubic), closepath — for a colour glyph's upper layers, drawn as paths.
   * Read from the outline table itself: fontkit's glyph for a COLR base glyph has no path of its own.
   */
  outlineOf(gid: number): { k: 'm' | 'l' | 'c' | 'h'; v: number[] }[] {
    const out: { k: 'm' | 'l' | 'c' | 'h'; v: number[] }[] = [];
    let x = 0;
    let y = 0;
    // fontkit caches one glyph object per id, the COLR one once shaping asked for it: the outline
    // glyph is made past that cache, which is then put back as it was.
    const cache = (this.font as unknown as { _glyphs: Record<number, unknown> })._glyphs;
    const cached = cache[gid];
    delete cache[gid];
    let commands: ReturnType<Face['font']['_getBaseGlyph']>['path']['commands'];
    try {
      commands = this.font._getBaseGlyph(gid).path.commands;
    } finally {
      if (cached === undefined) delete cache[gid];
      else cache[gid] = cached;
    }
    for (const { command, args } of commands) {
      if (command === 'moveTo' || command === 'lineTo') out.push({ k: command === 'moveTo' ? 'm' : 'l', v: args });
      else if (command === 'bezierCurveTo') out.push({ k: 'c', v: args });
      else if (command === 'quadraticCurveTo') {
        const [qx, qy, ex, ey] = args;
        out.push({ k: 'c', v: quadraticAsCubic(x, y, qx, qy, ex, ey) });
      } else if (command === 'closePath') out.push({ k: 'h', v: [] });
      if (args.length >= 2) [x, y] = args.slice(-2);
    }
    return out;
  }

  /** Whether any colour layer is drawn in a palette colour (RGB), not only in the text's own colour. */
  get paletteColours(): boolean {
    if (this.layers === undefined) this.layers = colourLayersOf(this.font);
    for (const ls of this.layers.values()) if (ls.some((l) => l.rgb)) return true;
    return false;
  }

  /** OpenType features the font has (GSUB/GPOS feature tags), for font_variants to check against. */
  get features(): ReadonlySet<string> {
    return (this.featureSet ??= new Set(this.font.availableFeatures));
  }
  private featureSet?: Set<string>;

  covers(cp: number): boolean {
    return this.font.hasGlyphForCodePoint(cp);
  }

  /** The glyph the character map gives a code point (0 when none). */
  glyphOf(cp: number): number {
    return this.font.glyphForCodePoint(cp)?.id ?? 0;
  }

  /** Advance of one glyph, font units, unshaped (what the W array states). */
  advanceOf(gid: number): number {
    const table = (this.advances ??= readAdvances(this.bytes, this.font.numGlyphs));
    return table && gid < table.length ? table[gid] : this.font.getGlyph(gid).advanceWidth;
  }
  /** Advances by glyph id, read once from hmtx (a typed array read is ~7× a fontkit glyph lookup). */
  private advances?: Uint16Array | null;

  /**
   * Shapes a piece of text with the font's default features (kerning, ligatures). Clusters are taken
   * from how many code points each output glyph consumed, applied to *this* input string, so the
   * glyph→text map never depends on what an earlier request shaped (fontkit caches Glyph objects by id).
   */
  shape(text: string): Shaped {
    return this.shapeWith(text, undefined, '');
  }

  /**
   * Shapes with OpenType features switched on or off (`cacheKey` names the feature set; each set
   * has its own bounded word cache).
   */
  shapeWith(text: string, features: FeatureSet | undefined, cacheKey: string): Shaped {
    let words = this.words.get(cacheKey);
    if (!words) {
      words = new Map();
      this.words.set(cacheKey, words);
    }
    const hit = words.get(text);
    if (hit) return hit;
    // Plain Latin under the default features comes from the pair caches (pair-shape.ts) for a few
    // map lookups: not worth a place in the word cache, which keeps what fontkit had to shape. Not
    // for a face's first words: filling the caches takes a fontkit call per letter and per pair, ~4×
    // the calls of shaping the words themselves, which a one-page document never earns back.
    const fast =
      features === undefined && this.shapedByFontkit >= PAIR_PATH_AFTER ? pairShape(this.font, text) : undefined;
    if (fast) return fast;
    this.shapedByFontkit++;
    const shaped = this.shapeUncached(text, features);
    if (text.length > SHAPE_CHUNK) return shaped; // a huge word is not kept: it would hold the cache's memory
    if (words.size >= WORD_CACHE_SIZE) words.clear();
    this.wordChars += text.length;
    if (this.wordChars > wordCacheChars) {
      this.words.clear();
      this.words.set(cacheKey, words);
      words.clear();
      this.wordChars = text.length;
    }
    words.set(text, shaped);
    return shaped;
  }

  /**
   * `frac` switched on: a slash between digits shaped as U+2044 FRACTION SLASH, the one place
   * fontkit applies numr/dnom/frac (it keeps frac a local feature, where HarfBuzz applies a
   * requested frac to the whole run). Same length, so clusters still read the text as sent ("1/2").
   */
  private fractionSlashes(text: string): string {
    return this.font.hasGlyphForCodePoint(0x2044) ? text.replace(/(?<=\d)\/(?=\d)/g, '\u2044') : text;
  }

  /**
   * A text longer than SHAPE_CHUNK is shaped a piece at a time, cut where no cluster continues
   * (never inside a surrogate pair, before a mark or next to a joiner), and the pieces joined:
   * fontkit holds some hundreds of bytes per glyph while it shapes, so one 2 MB word took 1.3 GB
   * (issue 20). A ligature or kern across a cut is lost; no real word is that long.
   */
  private shapeUncached(text: string, features: FeatureSet | undefined): Shaped {
    if (text.length <= SHAPE_CHUNK) return this.shapeOnce(text, features).shaped;
    const pieces: { shaped: Shaped; rtl: boolean }[] = [];
    for (let i = 0; i < text.length; ) {
      let j = Math.min(text.length, i + SHAPE_CHUNK);
      while (j < text.length && j > i + 1 && continuesCluster(text, j)) j--;
      pieces.push(this.shapeOnce(text.slice(i, j), features));
      i = j;
    }
    // A right-to-left piece comes back in visual order: the pieces go in reverse.
    if (pieces[0].rtl) pieces.reverse();
    const out: Shaped = { glyphs: [], advances: [], text: [], width: 0, missing: [] };
    for (const { shaped } of pieces) {
      pushAll(out.glyphs, shaped.glyphs);
      pushAll(out.advances, shaped.advances);
      pushAll(out.text, shaped.text);
      pushAll(out.missing, shaped.missing);
      out.width += shaped.width;
    }
    return out;
  }

  private shapeOnce(text: string, features: FeatureSet | undefined): { shaped: Shaped; rtl: boolean } {
    const missing: number[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (!this.font.hasGlyphForCodePoint(cp)) missing.push(cp);
    }
    if (text.length === 0) return { shaped: { glyphs: [], advances: [], text: [], width: 0, missing }, rtl: false };
    // A copy: fontkit writes its default features into the object it is given.
    const run = features
      ? this.font.layout(features.frac ? this.fractionSlashes(text) : text, { ...features })
      : layoutDefault(this.font, text);
    const cps = Array.from(text);
    const glyphs: number[] = [];
    const advances: number[] = [];
    const texts: string[] = [];
    let width = 0;
    // A right-to-left script comes back in visual order: its clusters are read from the last glyph.
    const rtl = run.direction === 'rtl';
    const pieces = clusterTexts(
      run.glyphs.map((g) => g.codePoints),
      cps,
      rtl,
    );
    for (let i = 0; i < run.glyphs.length; i++) {
      glyphs.push(run.glyphs[i].id);
      const adv = run.positions[i].xAdvance;
      advances.push(adv);
      texts.push(pieces[i]);
      width += adv;
    }
    return { shaped: { glyphs, advances, text: texts, width, missing }, rtl };
  }
}

/**
 * Each glyph's text, walking the glyphs in logical order (from the last for a right-to-left run).
 * Where every glyph stands for the next code points of the text in turn (Latin, ligatures, Arabic
 * forms), it gets them. Where shaping reordered or split characters (an Indic pre-base matra drawn
 * before its consonant, a Bengali two-part vowel), the glyphs are grouped into clusters: the
 * shortest run of glyphs whose code points are, as a multiset, the (canonically decomposed) code
 * points of the next stretch of text; the cluster's text goes with its first glyph in logical order
 * and the others get '' ("continues the cluster"). What matches nothing is one cluster to the end.
 * Correct per-cluster text is what lets the emit pass write an exact /ActualText where a glyph's
 * ToUnicode entry disagrees (passes/dedupe/actual-text.ts).
 */
export function clusterTexts(glyphCps: readonly (readonly number[])[], cps: readonly string[], rtl: boolean): string[] {
  const n = glyphCps.length;
  const out: string[] = new Array(n).fill('');
  const at = (k: number) => (rtl ? n - 1 - k : k);
  let ci = 0;
  let sequential = true;
  for (let k = 0; k < n && sequential; k++) {
    const g = glyphCps[at(k)];
    for (let j = 0; j < g.length; j++) if (cps[ci + j]?.codePointAt(0) !== g[j]) sequential = false;
    out[at(k)] = cps.slice(ci, ci + g.length).join('');
    ci += g.length;
  }
  if (sequential) {
    // Whatever the walk left over (a shaper that dropped code points) belongs to the last glyph.
    if (ci < cps.length && n) out[rtl ? 0 : n - 1] += cps.slice(ci).join('');
    return out;
  }
  out.fill('');
  const key = (a: number[]) => a.sort((x, y) => x - y).join(',');
  ci = 0;
  let k = 0;
  while (k < n) {
    const have: number[] = [];
    let matched = -1;
    let j = k;
    for (; j < n && matched < 0; j++) {
      pushAll(have, glyphCps[at(j)]);
      const want = key([...have]);
      // The text stretches [ci, e) whose decomposition is as long as the glyphs' code points.
      let len = 0;
      for (let e = ci + 1; e <= cps.length && len <= have.length; e++) {
        const d = Array.from(cps[e - 1].normalize('NFD'), (c) => c.codePointAt(0)!);
        len += d.length;
        if (len === have.length) {
          const got = Array.from(cps.slice(ci, e).join('').normalize('NFD'), (c) => c.codePointAt(0)!);
          if (key(got) === want) matched = e;
          break;
        }
      }
    }
    if (j === n) matched = cps.length; // the last cluster takes whatever text is left
    out[at(k)] = cps.slice(ci, matched).join('');
    ci = matched;
    k = j;
  }
  return out;
}

/** Longest text (UTF-16 units) fontkit is handed at once (see Face.shapeUncached). */
export const SHAPE_CHUNK = 4096;

const MARK = /^\p{M}/u;

/** Whether cutting `text` before index `j` would split a cluster. */
function continuesCluster(text: string, j: number): boolean {
  const c = text.charCodeAt(j);
  // A low surrogate, a joiner or variation selector, or anything after a zero-width joiner.
  if ((c >= 0xdc00 && c <= 0xdfff) || c === 0x200c || c === 0x200d || (c >= 0xfe00 && c <= 0xfe0f)) return true;
  if (text.charCodeAt(j - 1) === 0x200d) return true;
  return MARK.test(text.slice(j, j + 2));
}

const faces = new Map<string, Face>();
/** Bytes of the files of the faces kept (FACE_CACHE_BYTES). */
let facesBytes = 0;

/** Faces kept per process and their files' bytes together (for tests). */
export function facesHeld(): { faces: number; bytes: number } {
  return { faces: faces.size, bytes: facesBytes };
}
/** Faces by the bytes object they were loaded from (held weakly: a request's own part bytes go with it). */
const byBytes = new WeakMap<Uint8Array, Face>();

export type LoadFaceResult = { ok: true; face: Face } | { ok: false; detail: string };

/** Loads (or finds in the process cache) the face in these bytes. Never throws. */
export function loadFace(bytes: Uint8Array): LoadFaceResult {
  // The same bytes object again (a base64 text decoded before, ir/read/fonts.ts; a library face):
  // no hashing. A face evicted from `faces` is not found here either.
  const known = byBytes.get(bytes);
  if (known && faces.get(known.key) === known) {
    faces.delete(known.key);
    faces.set(known.key, known);
    return { ok: true, face: known };
  }
  const key = createHash('sha256').update(bytes).digest('hex');
  const hit = faces.get(key);
  if (hit) {
    faces.delete(key);
    faces.set(key, hit); // most recently used last
    byBytes.set(bytes, hit);
    return { ok: true, face: hit };
  }
  const parsed = parseFace(bytes);
  if (!parsed.ok) return parsed;
  return remember(new Face(parsed.sfnt, key, parsed.font), bytes);
}

/** Keeps a face in the process cache (the oldest evicted) and by the bytes object it came from. */
function remember(face: Face, bytes?: Uint8Array): LoadFaceResult {
  const old = faces.get(face.key);
  if (old) {
    faces.delete(face.key);
    facesBytes -= old.bytes.length;
  }
  faces.set(face.key, face);
  facesBytes += face.bytes.length;
  for (const [k, f] of faces) {
    if ((faces.size <= FACE_CACHE_SIZE && facesBytes <= FACE_CACHE_BYTES) || f === face) break;
    faces.delete(k);
    facesBytes -= f.bytes.length;
  }
  if (bytes) byBytes.set(bytes, face);
  return { ok: true, face };
}

/** A face already made under `key` (an instance of a variable font, instance.ts), or undefined. */
export function cachedFace(key: string): Face | undefined {
  const hit = faces.get(key);
  if (hit) {
    faces.delete(key);
    faces.set(key, hit);
  }
  return hit;
}

/** Makes a face from sfnt bytes made here (an instance of a variable font) and caches it under `key`. */
export function faceFromSfnt(sfnt: Uint8Array, key: string, label: string): LoadFaceResult {
  const parsed = parseFace(sfnt);
  if (!parsed.ok) return parsed;
  return remember(new Face(parsed.sfnt, key, parsed.font, label));
}

/** Tables that hold glyphs as pictures (colour or monochrome bitmaps), by the words a refusal names them in. */
const BITMAP_TABLES: [string, string][] = [
  ['CBDT', 'colour bitmaps (CBDT/CBLC)'],
  ['sbix', 'colour bitmaps (sbix)'],
  ['EBDT', 'bitmaps (EBDT/EBLC)'],
  ['SVG ', 'SVG pictures (SVG table)'],
];

type Parsed = { ok: true; font: Font; sfnt: Uint8Array } | { ok: false; detail: string };

/**
 * Reads a font file (sfnt, or WOFF/WOFF2 unpacked to sfnt first) and checks what every later step
 * needs, so that a font the pipeline cannot use is refused here, once, in words (never a library's
 * internal error). Never throws.
 */
function parseFace(bytes: Uint8Array): Parsed {
  let sfnt = bytes;
  let font: Font;
  try {
    if (webFontKind(bytes)) sfnt = unpackWebFont(bytes);
    if (sfnt.length < 12) return { ok: false, detail: 'it is too short to hold a font' };
    const sig = String.fromCharCode(sfnt[0], sfnt[1], sfnt[2], sfnt[3]);
    if (sig === 'ttcf') return { ok: false, detail: 'it is a font collection; send one face' };
    if (sig !== '\0\x01\0\0' && sig !== 'OTTO' && sig !== 'true')
      return {
        ok: false,
        detail:
          sig.startsWith('%!') || sfnt[0] === 0x80
            ? 'it is a Type 1 program; declare it under type1_fonts'
            : 'it does not start as a font file does',
      };
    font = fontkit.create(Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength));
    if (font.fonts) return { ok: false, detail: 'it is a font collection; send one face' };
    primePost(font);
    if (!font.unitsPerEm || !font.numGlyphs) return { ok: false, detail: 'it has no glyphs' };
    const tables = font.directory?.tables ?? {};
    if (!tables.cmap) return { ok: false, detail: 'it has no character map' };
    if (!tables.glyf && !tables['CFF '] && !tables.CFF2) {
      const pictures = BITMAP_TABLES.find(([tag]) => tables[tag]);
      return {
        ok: false,
        detail: pictures
          ? `its glyphs are ${pictures[1]} without outlines, and a PDF font draws outlines; send a font with outlines`
          : 'it has no glyph outlines (neither a glyf nor a CFF table)',
      };
    }
    if (tables.glyf && !tables.loca) return { ok: false, detail: 'it has a glyf table without its loca table' };
    if (!tables.hmtx || !tables.hhea)
      return { ok: false, detail: 'it has no horizontal metrics (hhea and hmtx tables)' };
    // COLR version 0 layers are drawn (passes/layout/colour-layers.ts); the rest is refused in words.
    if (tables.COLR) {
      const fault = colourLayersFault(font);
      if (fault) return { ok: false, detail: fault };
    }
    // Touch what every later step reads (tables decode lazily), so a damaged table is refused here, once.
    void [
      font.bbox.maxX,
      font.italicAngle,
      font.ascent,
      font.descent,
      font.capHeight,
      font.xHeight,
      font.underlinePosition,
      font.postscriptName,
      font['OS/2']?.fsType,
      font.post?.isFixedPitch,
    ];
    // fontkit reads a layout table's lists with the counts the table states: a damaged or shifted
    // GSUB/GPOS can make it allocate until the process dies, which no catch sees. Its header is
    // checked first.
    for (const tag of ['GSUB', 'GPOS'] as const) {
      const fault = layoutHeaderFault(sfnt, tag);
      if (fault) return { ok: false, detail: fault };
    }
    // A composite glyph built from itself, or nested past what a reader follows (engines/fonts/composites.ts).
    const composite = tables.glyf ? compositeFault(sfnt) : undefined;
    if (composite) return { ok: false, detail: composite };
    void font.availableFeatures;
    layoutDefault(font, 'Aa0 ');
    font.getGlyph(0).advanceWidth;
  } catch (e) {
    return { ok: false, detail: describeFault(e) };
  }
  freshCodePoints(font);
  return { ok: true, font, sfnt };
}

/**
 * Whether a GSUB or GPOS table's header reads as OpenType says (version 1.0 or 1.1; its script,
 * feature and lookup lists, and a 1.1 variations offset, inside the table; each list's count
 * fitting in what follows it). Undefined when it does, or when the font has no such table.
 */
function layoutHeaderFault(sfnt: Uint8Array, tag: 'GSUB' | 'GPOS'): string | undefined {
  const v = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  if (sfnt.length < 12) return undefined;
  const n = v.getUint16(4);
  for (let i = 0; i < n && 12 + i * 16 + 16 <= sfnt.length; i++) {
    const r = 12 + i * 16;
    if (String.fromCharCode(sfnt[r], sfnt[r + 1], sfnt[r + 2], sfnt[r + 3]) !== tag) continue;
    const off = v.getUint32(r + 8);
    const len = v.getUint32(r + 12);
    const bad = `its ${tag} table is damaged (its header does not read as OpenType says)`;
    if (off + len > sfnt.length || len < 10) return bad;
    const major = v.getUint16(off);
    const minor = v.getUint16(off + 2);
    if (major !== 1 || minor > 1) return bad;
    const lists = [v.getUint16(off + 4), v.getUint16(off + 6), v.getUint16(off + 8)];
    for (const o of lists) {
      if (o === 0) continue;
      if (o + 2 > len) return bad;
      // script and feature records are 6 bytes, lookup offsets 2
      const count = v.getUint16(off + o);
      const size = o === lists[2] ? 2 : 6;
      if (o + 2 + count * size > len) return bad;
    }
    if (minor === 1 && len >= 14) {
      const variations = v.getUint32(off + 10);
      if (variations !== 0 && variations >= len) return bad;
    }
    return undefined;
  }
  return undefined;
}

/** Every glyph's advance from the hmtx table (OpenType: hhea.numberOfHMetrics, then the last advance repeats); null when the tables do not read. */
function readAdvances(bytes: Uint8Array, numGlyphs: number): Uint16Array | null {
  try {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = v.getUint16(4);
    let hhea = -1,
      hmtx = -1,
      hmtxLen = 0;
    for (let i = 0; i < n; i++) {
      const r = 12 + i * 16;
      const tag = String.fromCharCode(bytes[r], bytes[r + 1], bytes[r + 2], bytes[r + 3]);
      if (tag === 'hhea') hhea = v.getUint32(r + 8);
      if (tag === 'hmtx') {
        hmtx = v.getUint32(r + 8);
        hmtxLen = v.getUint32(r + 12);
      }
    }
    if (hhea < 0 || hmtx < 0) return null;
    const metrics = v.getUint16(hhea + 34);
    if (metrics === 0 || metrics * 4 > hmtxLen || hmtx + hmtxLen > bytes.length) return null;
    const out = new Uint16Array(numGlyphs);
    for (let g = 0; g < numGlyphs; g++) out[g] = v.getUint16(hmtx + Math.min(g, metrics - 1) * 4);
    return out;
  } catch {
    return null;
  }
}

/**
 * fontkit caches one Glyph object per glyph id with the code points of whoever asked first
 * (`getGlyph(id, chars)`), and its shaper both seeds from and returns those objects; so after a
 * subsetter, a width lookup or a presentation form (U+FB01 ﬁ) reached a glyph first, shaping reads
 * wrong clusters (fast-layout.md §1, rule 1). This wraps `getGlyph` on this font instance: when the
 * cached glyph carries other code points than asked for, the caller gets a view of it with the right
 * ones (a new object whose prototype is the cached glyph; the cached object itself is never changed).
 */
function freshCodePoints(font: Font): void {
  const original = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const g = original(id, codePoints);
    // Asked with none (a piece a multiple substitution added, as Thai sara am's tail after its
    // nikhahit): the cached glyph may still carry the code points of an earlier use (that sara aa),
    // which would claim text this glyph does not stand for here.
    if (!g || sameCodePoints(g.codePoints, codePoints)) return g;
    return Object.create(g, { codePoints: { value: codePoints, enumerable: true } }) as typeof g;
  };
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What a fault met while reading a font says to a client: the reader's own sentence where it is one
 * (a WebFontError, a fontkit format message), else what the fault means, never a JavaScript error's
 * text (a TypeError or RangeError from a damaged table's offsets says nothing a client can act on).
 */
export function describeFault(e: unknown): string {
  if (e instanceof WebFontError) return e.message;
  if (e instanceof RangeError) return 'a table runs past the end of the file or past its own bounds';
  if (!(e instanceof Error) || e.constructor !== Error)
    return 'a table is damaged (its data does not read as its format says)';
  const s = (e.message.split('\n')[0] || '').replace(/\.$/, '').slice(0, 200).toLowerCase();
  if (!s || JS_ERROR_TEXT.test(s)) return 'a table is damaged (its data does not read as its format says)';
  return s;
}

/** Words that betray an internal error rather than describe the font (the property test's list). */
export const JS_ERROR_TEXT =
  /cannot read|undefined|null|typeerror|rangeerror|is not a function|is not iterable|not defined|\bat .+:\d+/i;
