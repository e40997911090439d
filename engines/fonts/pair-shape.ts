// engines/fonts/pair-shape.ts — layout's shaping, the fast path for plain Latin text (moved here from
// the table adapter so every text item, flow and table cell takes it). A long document or a
// 10 000-row table shapes tens of thousands of distinct short words — ids, dates, amounts — most of
// them once; through fontkit each costs ~10–20 µs (../shared/notes/fast-layout.md §1). Here a word
// is shaped from per-face caches of single glyphs and of glyph pairs (kerning) that fontkit itself
// filled; whenever a pair does not shape as the same two glyphs (a ligature, a contextual
// substitution) or a character is outside plain Latin, the caller falls back to full shaping — so
// glyphs and advances are exactly fontkit's (checked against it by pair-shape.test.ts).
import type { Font } from 'fontkit';
import type { Shaped } from '../../ir/text-font.js';
import { layoutDefault, plainUnit } from './mark-skip.js';

/** Longer texts are rare and would fill the pair cache with little gain: they go to fontkit. */
const MAX_LENGTH = 200;

interface PairCache {
  glyph: Map<number, { gid: number; adv: number } | null>;
  pair: Map<number, number | null>;
  /** ASCII pairs (both units below 128), the common case, by `a * 128 + b`: NaN not asked yet, NO_PAIR for null. */
  ascii: Float64Array;
  /** ASCII units' glyphs, by unit: undefined not asked yet. */
  asciiGlyph: ({ gid: number; adv: number } | null | undefined)[];
}
const caches = new WeakMap<Font, PairCache>();
/** An ASCII pair that does not shape as its two glyphs alone (null in `pair`). */
const NO_PAIR = Number.NEGATIVE_INFINITY;

function single(font: Font, c: PairCache, cp: number): { gid: number; adv: number } | null {
  if (cp < 128) {
    const a = c.asciiGlyph[cp];
    if (a !== undefined) return a;
    return (c.asciiGlyph[cp] = singleOf(font, c, cp));
  }
  return singleOf(font, c, cp);
}

function singleOf(font: Font, c: PairCache, cp: number): { gid: number; adv: number } | null {
  let g = c.glyph.get(cp);
  if (g !== undefined) return g;
  g = null;
  if (font.hasGlyphForCodePoint(cp)) {
    const run = layoutDefault(font, String.fromCharCode(cp));
    if (run.glyphs.length === 1) g = { gid: run.glyphs[0].id, adv: run.positions[0].xAdvance };
  }
  c.glyph.set(cp, g);
  return g;
}

/** The first glyph's advance in the pair as fontkit shapes it (kerning included), or null when the pair is not the two glyphs alone. */
function pairAdvance(font: Font, c: PairCache, a: number, b: number, ga: number, gb: number): number | null {
  if (a < 128 && b < 128) {
    const k = a * 128 + b;
    const v = c.ascii[k];
    if (!Number.isNaN(v)) return v === NO_PAIR ? null : v;
    const w = pairOf(font, c, a, b, ga, gb);
    c.ascii[k] = w ?? NO_PAIR;
    return w;
  }
  return pairOf(font, c, a, b, ga, gb);
}

function pairOf(font: Font, c: PairCache, a: number, b: number, ga: number, gb: number): number | null {
  const key = a * 65536 + b;
  let v = c.pair.get(key);
  if (v !== undefined) return v;
  const run = layoutDefault(font, String.fromCharCode(a, b));
  v = run.glyphs.length === 2 && run.glyphs[0].id === ga && run.glyphs[1].id === gb ? run.positions[0].xAdvance : null;
  c.pair.set(key, v);
  return v;
}

/** `text` shaped as fontkit shapes it with the font's default features, or undefined when this path cannot tell. */
export function pairShape(font: Font, text: string): Shaped | undefined {
  const n = text.length;
  if (n === 0 || n > MAX_LENGTH) return undefined;
  let c = caches.get(font);
  if (!c) {
    c = {
      glyph: new Map(),
      pair: new Map(),
      ascii: new Float64Array(128 * 128).fill(Number.NaN),
      asciiGlyph: new Array(128).fill(undefined),
    };
    caches.set(font, c);
  }
  const glyphs = new Array<number>(n);
  const advances = new Array<number>(n);
  const texts = new Array<string>(n);
  let width = 0;
  let prev: { gid: number; adv: number } | null = null;
  for (let i = 0; i < n; i++) {
    const cp = text.charCodeAt(i);
    if (!plainUnit(cp)) return undefined;
    const g = single(font, c, cp);
    if (!g) return undefined;
    if (prev) {
      const a = pairAdvance(font, c, text.charCodeAt(i - 1), cp, prev.gid, g.gid);
      if (a === null) return undefined;
      advances[i - 1] = a;
      width += a;
    }
    glyphs[i] = g.gid;
    texts[i] = text[i];
    prev = g;
  }
  advances[n - 1] = prev!.adv;
  width += prev!.adv;
  return { glyphs, advances, text: texts, width, missing: [] };
}
