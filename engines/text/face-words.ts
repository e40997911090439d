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

/**
 * A word shaped in one face: its shaping and what atoms.ts's `Measured` derives from it. A word whose
 * shaping packs (`packableShaping`: one UTF-16 unit a glyph, whole advances, 16-bit glyph ids — most
 * words) keeps it in a shared chunk of int32s (`store` at `at`: its glyph count, then per glyph
 * `gid | unit << 16` and its advance, the form table-cell-text.ts's kept packing copies), not as a
 * `Shaped` object with three arrays of its own: table-10k's ~21 000 words held 10.7 MB that way, long-
 * lived objects the scavenger copied and promoted in a process's first render. `shapedOf` gives the
 * shaping back, equal element for element. Any other word keeps its `shaped`.
 */
export interface FaceWord {
  /** The shaping of a word that does not pack; undefined for one kept in `store`. */
  shaped: Shaped | undefined;
  /** The chunk a packed word is kept in (NO_STORE for one that keeps `shaped`), and where in it. */
  store: Int32Array;
  at: number;
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

/** The store of a word that keeps its `Shaped` (no chunk). */
export const NO_STORE = new Int32Array(0);

/**
 * Int32s in a chunk of packed words (128 KiB). A chunk is let go by the collector once no word kept
 * in it is: words are packed in the order they are kept, which is the order eviction walks them, and
 * a word given a second chance (moved to the end) is packed again in the newest chunk, so the chunks
 * eviction has walked past hold only words let go (see `repack`).
 */
const CHUNK = 1 << 15;
/** A word of more glyphs keeps its `Shaped` (a chunk holds many words; no real word is near). */
const CHUNK_WORD_GLYPHS = 1024;
let chunk = NO_STORE;
let chunkUsed = 0;

/**
 * Whether every glyph of a shaping packs into int32s (a kept word here, table-cell-text.ts's packings):
 * one UTF-16 unit a glyph (no surrogate half), an advance a whole number within 31 bits (not −0 when
 * `exact`: a kept word is given back to the bit), a glyph id within 16 bits.
 */
export function glyphsPack(sh: Shaped, exact: boolean): boolean {
  const texts = sh.text,
    advances = sh.advances,
    gids = sh.glyphs;
  for (let g = 0; g < gids.length; g++) {
    const t = texts[g];
    if (t.length !== 1) return false;
    const u = t.charCodeAt(0);
    if (u >= 0xd800 && u <= 0xdfff) return false;
    const adv = advances[g];
    if (!Number.isInteger(adv) || adv < -0x40000000 || adv > 0x3fffffff || (exact && Object.is(adv, -0))) return false;
    const gid = gids[g];
    if (!(gid >= 0 && gid <= 0xffff && Number.isInteger(gid))) return false;
  }
  return true;
}

/**
 * Whether a shaping packs as a kept word: its glyphs pack exactly (`glyphsPack`), and its width is the
 * sum of its advances (so `shapedOf` gives it back to the bit).
 */
export function packableShaping(sh: Shaped): boolean {
  if (!glyphsPack(sh, true) || sh.missing.length !== 0 || Object.is(sh.width, -0)) return false;
  let width = 0;
  for (let g = 0; g < sh.advances.length; g++) width += sh.advances[g];
  return width === sh.width;
}

/** A kept word of shaping `sh` (packed into the chunks when it packs). */
export function makeFaceWord(
  sh: Shaped,
  perPoint: number,
  glyphs: number,
  spaces: number,
  bytes: number,
  id: number,
): FaceWord {
  const w: FaceWord = {
    shaped: sh,
    store: NO_STORE,
    at: 0,
    perPoint,
    glyphs,
    spaces,
    bytes,
    id,
    next: undefined,
    used: false,
    packed: 0,
  };
  const count = sh.glyphs.length;
  if (count <= CHUNK_WORD_GLYPHS && packableShaping(sh)) {
    const at = room(1 + 2 * count);
    const c = chunk,
      gids = sh.glyphs,
      advances = sh.advances,
      texts = sh.text;
    c[at] = count;
    for (let g = 0, s = at + 1; g < count; g++, s += 2) {
      c[s] = gids[g] | (texts[g].charCodeAt(0) << 16);
      c[s + 1] = advances[g];
    }
    w.shaped = undefined;
    w.store = c;
    w.at = at;
  }
  return w;
}

/** Where `need` int32s start in the newest chunk (a new one when it is full). */
function room(need: number): number {
  if (chunkUsed + need > chunk.length) {
    chunk = new Int32Array(CHUNK);
    chunkUsed = 0;
  }
  const at = chunkUsed;
  chunkUsed += need;
  return at;
}

/** Packs a kept word's glyphs again in the newest chunk (it moved to the end of the eviction order). */
function repack(w: FaceWord): void {
  if (w.shaped !== undefined) return;
  const from = w.store,
    f = w.at;
  const need = 1 + 2 * from[f];
  const at = room(need);
  const c = chunk;
  for (let q = 0; q < need; q++) c[at + q] = from[f + q];
  w.store = c;
  w.at = at;
}

/** A kept word's shaping: its own, or made from its packed glyphs (equal element for element). */
export function shapedOf(w: FaceWord): Shaped {
  if (w.shaped !== undefined) return w.shaped;
  const s = w.store,
    at = w.at,
    count = s[at];
  const glyphs: number[] = [];
  const advances: number[] = [];
  const text: string[] = [];
  let width = 0;
  for (let g = 0, q = at + 1; g < count; g++, q += 2) {
    const c = s[q];
    glyphs.push(c & 0xffff);
    text.push(String.fromCharCode(c >>> 16));
    const adv = s[q + 1];
    advances.push(adv);
    width += adv;
  }
  return { glyphs, advances, text, width, missing: [] };
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
  return ids.get(face) ?? faceWordIdMet(face);
}

/**
 * `faceWordId` where a face is first met in a render (a table telling its font before its cells,
 * table-cell-text.ts `tell`): the face given its id here, `faceWordId` — optimised for the words of
 * render 1 — then finds it and never runs its first-meeting path (no type feedback for it: a deopt
 * in render 2 when a render's face was new).
 */
export function faceWordIdMet(face: TextFont): number {
  let id = ids.get(face);
  if (id === undefined) {
    if (face instanceof FontChain) id = 0;
    else if (face instanceof StyledFont) {
      // The same declaration shapes the same in every render.
      const m = face.missing;
      const sig = `${faceWordIdMet(face.base)}/${face.cacheKey}/${m.kind === 'replace' ? m.with : ''}`;
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
    // another face's word of the same text (never this face's: it would have been found); its
    // glyphs packed again with the new word's, at the end of the eviction order with it
    for (let o: FaceWord | undefined = first; o !== undefined; o = o.next) repack(o);
    w.next = first;
  }
  words.set(text, w);
  held += w.bytes;
  evict();
}

/**
 * Called before eviction reads `used`: the indexes of kept words (word-index.ts FaceIndex) keep the
 * marks of words a table found in a typed array, told to the words only when they are needed here.
 */
let beforeEviction: () => void = () => {};
export function setBeforeEviction(tell: () => void): void {
  beforeEviction = tell;
}

function evict(): void {
  if (held > budget && words.size) beforeEviction();
  while (held > budget && words.size) {
    const [text, first] = words.entries().next().value!;
    words.delete(text);
    let used = false;
    for (let w: FaceWord | undefined = first; w !== undefined; w = w.next) {
      used ||= w.used;
      w.used = false;
    }
    if (used) {
      words.set(text, first); // a second chance, at the end
      for (let w: FaceWord | undefined = first; w !== undefined; w = w.next) repack(w);
    } else {
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
  chunk = NO_STORE;
  chunkUsed = 0;
}
