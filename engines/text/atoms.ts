// engines/text/atoms.ts — the pieces a paragraph is cut into and measured by: a run's style, a span
// of text in it, the atoms (words, spaces, tabs) line breaking and justification work on, and text
// shaped in a style (cached per font for one render; a character no font has is refused).

import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { OutlineSpec } from '../../ir/text-types.js';
import type { Colour, FontResource } from '../../ir/types.js';
import { type ShapedSegment, shapeText } from '../fonts/shaper.js';
import { type FaceWord, faceWord, faceWordId, keepFaceWord, makeFaceWord, shapedOf, wordBytes } from './face-words.js';

/** Everything that decides how a stretch of text looks. Spans sharing a style share the object. */
export interface RunStyle {
  font: FontResource;
  size: number;
  leading: number;
  colour: Colour;
  underline: boolean;
  strikethrough: boolean;
  overline: boolean;
  outline?: OutlineSpec;
  /** Points the glyphs sit above the line's baseline (a footnote's mark: engines/text/story-notes.ts). */
  rise?: number;
}

/** A stretch of text in one style; `at` is the run it came from (named by refusals). */
export interface Span {
  text: string;
  style: RunStyle;
  at: JsonPointer;
}

export const TEXT = 0,
  SPACE = 1,
  TAB = 2;

export interface Atom {
  /** Range in the paragraph text (UTF-16 units). */
  start: number;
  end: number;
  kind: typeof TEXT | typeof SPACE | typeof TAB;
  style: RunStyle;
  span: Span;
  /** Shaped without soft hyphens. */
  segs: ShapedSegment[];
  /** Points; a tab's width is set when its line is filled. */
  width: number;
  /** Glyphs in `segs`, and how many of them stand for a space (what a justified line stretches). */
  glyphs: number;
  spaces: number;
  /** Break opportunity at the atom's end: 0 none, 1 allowed, 2 required. */
  brk: 0 | 1 | 2;
  /** Ends in a soft hyphen at an opportunity: a hyphen shows if the line breaks here. */
  shy: boolean;
}

/** A text shaped in one requested font: its segments and its width per point of size. */
export interface Measured {
  segs: ShapedSegment[];
  perPoint: number;
  /** Glyphs in `segs`, and how many stand for a space: drawing a line sizes its arrays from them. */
  glyphs: number;
  spaces: number;
  /**
   * Where the word's glyphs are packed for placing a table's cells (table-cell-text.ts `PackedWords`,
   * a tag naming the packing and the place in it); 0 until the layout pass first places the word.
   */
  placed: number;
}

/** Glyphs in shaped segments, and how many of them stand for a space. */
export function glyphCounts(segs: ShapedSegment[]): { glyphs: number; spaces: number } {
  let glyphs = 0,
    spaces = 0;
  for (const seg of segs) {
    glyphs += seg.shaped.glyphs.length;
    for (const t of seg.shaped.text) if (t === ' ') spaces++;
  }
  return { glyphs, spaces };
}

/**
 * Shaped words per requested font, for the length of one render (font resources are made per
 * render): a long document asks for the same few thousand words tens of thousands of times, and a
 * hit costs one Map lookup and no allocation. Bounded like every cache (fast-layout §1 rule 3). A
 * miss looks in the words kept across renders by face (face-words.ts) before it shapes.
 */
export const measuredCache = new WeakMap<FontResource, Map<string, Measured>>();

export const MEASURED_CACHE_SIZE = 50_000;

/** Shapes `text` in a style; a character no font has is refused naming the run (docs: missing glyph). */
export function shapeIn(
  style: RunStyle,
  text: string,
  at: JsonPointer,
): { segs: ShapedSegment[]; width: number; glyphs: number; spaces: number } {
  const m = measure(style.font, text, at);
  return { segs: m.segs, width: m.perPoint * style.size, glyphs: m.glyphs, spaces: m.spaces };
}

export function measure(font: FontResource, text: string, at: JsonPointer): Measured {
  return measureIn(wordsOf(font), font, text, at);
}

/** The words measured in `font` this render: a caller measuring many words in one font looks it up once. */
export function wordsOf(font: FontResource): Map<string, Measured> {
  let cache = measuredCache.get(font);
  if (!cache) {
    cache = new Map();
    measuredCache.set(font, cache);
  }
  return cache;
}

/** `measure` with the font's word cache (`wordsOf(font)`) at hand. */
export function measureIn(cache: Map<string, Measured>, font: FontResource, text: string, at: JsonPointer): Measured {
  let m = cache.get(text);
  if (m) return m;
  m = measureAfresh(font, text, at);
  if (cache.size >= MEASURED_CACHE_SIZE) cache.clear();
  cache.set(text, m);
  return m;
}

/**
 * `text` measured in `font` without the render's word cache: from the words kept by face, else
 * shaped (and kept there). For a caller keeping its own index of what it measured this render (a
 * table's one-line cells: table-cell-text.ts), so the cache's map is not filled with them again.
 */
export function measureAfresh(font: FontResource, text: string, at: JsonPointer): Measured {
  let m: Measured;
  afreshWord = undefined;
  if (text.length === 0) m = { segs: [], perPoint: 0, glyphs: 0, spaces: 0, placed: 0 };
  else {
    // Shaped in an earlier render (or earlier in this one, in another resource of the same face)?
    const id = faceWordId(font.face);
    const kept = id === 0 ? undefined : faceWord(id, text);
    if (kept !== undefined) {
      afreshWord = kept;
      m = {
        segs: [{ font, start: 0, shaped: shapedOf(kept) }],
        perPoint: kept.perPoint,
        glyphs: kept.glyphs,
        spaces: kept.spaces,
        placed: 0,
      };
    } else {
      const segs = shapeText(font, text);
      let perPoint = 0;
      for (const seg of segs) {
        if (seg.shaped.missing.length) refuseMissing(font.name, seg, at);
        perPoint += seg.shaped.width / seg.font.face.unitsPerEm;
      }
      const { glyphs, spaces } = glyphCounts(segs);
      m = { segs, perPoint, glyphs, spaces, placed: 0 };
      // Not a chain: one segment in this font (shaper.ts), the same for every resource of this face.
      if (id !== 0) {
        const bytes = wordBytes(text, glyphs);
        const w = makeFaceWord(segs[0].shaped, perPoint, glyphs, spaces, bytes, id);
        afreshWord = w;
        keepFaceWord(text, w);
      }
    }
  }
  return m;
}

/**
 * The word kept by face that the last `measureAfresh` answered from or kept (undefined when none):
 * its measure's one segment is that word's shaping (table-cell-text.ts indexes the word by it).
 */
export let afreshWord: FaceWord | undefined;

/** Names the font the text asked for (a chain, not the member that came last), as the fonts reference says. */
export function refuseMissing(fontName: string, seg: ShapedSegment, at: JsonPointer): never {
  const cp = seg.shaped.missing[0];
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  const shown = cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? `U+${hex}` : JSON.stringify(String.fromCodePoint(cp));
  refuse('glyphMissing', at, { font: fontName, character: shown, codepoint: hex, at });
}

export const hyphenWidths = new WeakMap<RunStyle, number>();

/** Width of the hyphen a soft hyphen shows at a line end, in a style. */
export function hyphenWidth(style: RunStyle, at: JsonPointer): number {
  let w = hyphenWidths.get(style);
  if (w === undefined) {
    w = shapeIn(style, '-', at).width;
    hyphenWidths.set(style, w);
  }
  return w;
}
