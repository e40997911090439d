// engines/text/face-words.ts — words measured across renders, by the face they are shaped in. The
// per-render word cache (atoms.ts `measuredCache`) is keyed by the render's font resource, so a warm
// process shaped a long table's ~21 000 distinct ids, dates and amounts again on every render. What a
// word measures depends only on how its font shapes (the face's content, the variant's features and
// missing-character rule), never on the render: that much is kept here, for every font that is not a
// chain (a chain's segments name the render's member resources), and the render's cache wraps it in
// that render's resource. Bounded by an estimate of the bytes held (FACE_WORDS_BYTES), the words not
// used lately evicted first; what is found here is exactly what shaping would give, so no
// output depends on what was rendered before (test/face-words.test.ts renders A, B, A and compares).

import type { Shaped, TextFont } from '../../ir/text-font.js';
import { FontChain } from '../fonts/chain.js';
import { StyledFont } from '../fonts/styled-font.js';

/** A word shaped in one face: its shaping and what atoms.ts's `Measured` derives from it. */
export interface FaceWord {
  shaped: Shaped;
  perPoint: number;
  glyphs: number;
  spaces: number;
  /** Bytes this entry is charged (wordBytes). */
  bytes: number;
  /** The shaping id of the face (faceWordId); the same text in another face is `next`. */
  id: number;
  next: FaceWord | undefined;
  /** Found since the text last came up for eviction (it then gets a second chance: the clock algorithm). */
  used: boolean;
  /**
   * Where the word's glyphs are packed for placing a table's cells (table-cell-text.ts `keptPacking`,
   * a tag naming the packing and the place in it), kept across renders; 0 until first placed.
   */
  packed: number;
}

/**
 * Bytes of shaped words kept across renders, for every face together (estimated: wordBytes). About
 * 500 bytes a short word: table-10k's 21 000 distinct words take ~11 MB.
 */
export const FACE_WORDS_BYTES = 24 * 1024 * 1024;

/**
 * Charged per word besides its glyphs: the entry, the shaping's object and its arrays' headers.
 * Calibrated on the heap: a 40 000-invoice soak (every render bringing new words) levels off once
 * the cache is full, ~33 MB above a soak of identical invoices, when 240 and 24 bytes put it at
 * 24 MiB — so both are a third higher, and the budget is what the heap holds (bench/README.md,
 * "Soak, seventh wave").
 */
const WORD_BYTES = 320;
/** Charged per glyph: a slot in each of the glyph, advance and text arrays (see WORD_BYTES). */
const GLYPH_BYTES = 32;

/** What a word costs the budget: its entry, its text (two bytes a UTF-16 unit) and its glyphs. */
export function wordBytes(text: string, glyphs: number): number {
  return WORD_BYTES + 2 * text.length + GLYPH_BYTES * glyphs;
}

/**
 * Words by text (the string the render's cache just hashed: no key is built), each entry the text's
 * words in every face, in the order kept (a Map keeps insertion order). A word found is marked used
 * rather than moved (moving 21 000 entries a render reallocated the Map's table): eviction takes the
 * oldest text not used since it last came up, moving a used one to the end (least recently used,
 * approximately: the clock algorithm).
 */
const words = new Map<string, FaceWord>();
let held = 0;
/** Times a word was let go (evicted or cleared): an index of kept words (word-index.ts FaceIndex) holding one is emptied. */
let evicted = 0;

/** How many times words were let go so far (word-index.ts: an index built before holds none that is gone). */
export function faceWordsEvicted(): number {
  return evicted;
}
let budget = FACE_WORDS_BYTES;

/** A face's shaping id: a number per face object; a variant (made per render) by its base face, features and missing rule. */
const ids = new WeakMap<TextFont, number>();
const variantIds = new Map<string, number>();
/** Distinct variants named (a bound like every cache's: past it, ids are handed out afresh). */
const VARIANT_IDS = 4096;
let nextId = 1;

/** The shaping id words in `face` are kept under, or 0 for a font chain (not kept here). */
export function faceWordId(face: TextFont): number {
  let id = ids.get(face);
  if (id === undefined) {
    if (face instanceof FontChain) id = 0;
    else if (face instanceof StyledFont) {
      // The same declaration shapes the same in every render.
      const m = face.missing;
      const sig = `${faceWordId(face.base)}/${face.cacheKey}/${m.kind === 'replace' ? m.with : ''}`;
      id = variantIds.get(sig);
      if (id === undefined) {
        if (variantIds.size >= VARIANT_IDS) variantIds.clear();
        id = nextId++;
        variantIds.set(sig, id);
      }
    } else id = nextId++;
    ids.set(face, id);
  }
  return id;
}

/** The word `text` kept in the face of shaping id `id` (marked used), or undefined. */
export function faceWord(id: number, text: string): FaceWord | undefined {
  for (let w = words.get(text); w !== undefined; w = w.next)
    if (w.id === id) {
      w.used = true;
      return w;
    }
  return undefined;
}

/** Keeps a word shaped without a missing character; evicts texts past the budget (see `words`). */
export function keepFaceWord(text: string, w: FaceWord): void {
  if (w.bytes > budget) return;
  const first = words.get(text);
  if (first !== undefined) {
    words.delete(text);
    // another face's word of the same text (never this face's: it would have been found)
    w.next = first;
  }
  words.set(text, w);
  held += w.bytes;
  evict();
}

function evict(): void {
  while (held > budget && words.size) {
    const [text, first] = words.entries().next().value!;
    words.delete(text);
    let used = false;
    for (let w: FaceWord | undefined = first; w !== undefined; w = w.next) {
      used ||= w.used;
      w.used = false;
    }
    if (used)
      words.set(text, first); // a second chance, at the end
    else {
      for (let w: FaceWord | undefined = first; w !== undefined; w = w.next) held -= w.bytes;
      evicted++;
    }
  }
}

/** How many texts are kept and the bytes they are charged (for tests and bench/). */
export function faceWordsHeld(): { texts: number; bytes: number; budget: number } {
  return { texts: words.size, bytes: held, budget };
}

/** Sets the budget (tests: a small one, to see eviction), evicting to it; returns the one before. */
export function setFaceWordsBudget(bytes: number): number {
  const before = budget;
  budget = bytes;
  evict();
  return before;
}

/** Forgets every word (tests: a first render in a fresh process, without a new process). */
export function clearFaceWords(): void {
  words.clear();
  held = 0;
  evicted++;
}
