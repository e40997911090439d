// engines/text/word-index.ts — text engine: the words of a font's word cache (atoms.ts `wordsOf`) found
// by a hash taken while a paragraph is scanned, without cutting each word out of the paragraph first.
// `Map.get(text.slice(i, j))` made a fresh string per word and hashed it again: for report-100's
// ~45 000 words a render that was most of cutting paragraphs into atoms (bench/README.md, "report-100
// in the seventh wave"). An index answers only with what the word cache itself measured (an entry is
// added after `measureIn` returned it), so a hit is the same measure the cache would give. Bounded
// like the cache (fast-layout §1 rule 3).

import type { Measured } from './atoms.js';
import { type FaceWord, faceWordsEvicted, setBeforeEviction } from './face-words.js';

/** Entries an index holds at most; past it, it starts again empty. */
export const WORD_INDEX_SIZE = 1 << 15;

/** The hash a word's characters fold into, one at a time (FNV-1a over UTF-16 units). */
export const HASH_SEED = 0x811c9dc5 | 0;
export function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** The hash of the word `wordEnd` last scanned (left beside its answer: no object per word). */
export let wordHash = 0;

/**
 * Where the word starting at `i` (not a space) ends in `text`: the first space after it, or `n`; its
 * hash, taken as it is scanned, is left in `wordHash` for `WordIndex.find` and `add`.
 */
export function wordEnd(text: string, i: number, n: number): number {
  let h = hashStep(HASH_SEED, text.charCodeAt(i));
  let j = i + 1;
  let c: number;
  while (j < n && (c = text.charCodeAt(j)) !== 32) {
    h = hashStep(h, c);
    j++;
  }
  wordHash = h;
  return j;
}

/** Open addressing over parallel arrays; an empty key marks a free slot (no word is empty). */
export class WordIndex {
  private hashes = new Int32Array(256);
  private keys: string[] = new Array<string>(256).fill('');
  private values: (Measured | undefined)[] = new Array<Measured | undefined>(256).fill(undefined);
  private mask = 255;
  private count = 0;

  /** The measure of `text` [i, j), whose hash is `h`, if the index holds it. */
  find(text: string, i: number, j: number, h: number): Measured | undefined {
    const keys = this.keys,
      hashes = this.hashes,
      mask = this.mask,
      len = j - i;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const k = keys[s];
      if (k.length === 0) return undefined;
      if (hashes[s] === h && k.length === len) {
        let q = 0;
        while (q < len && k.charCodeAt(q) === text.charCodeAt(i + q)) q++;
        if (q === len) return this.values[s];
      }
    }
  }

  /** Adds `word` (hash `h`) and its measure; the caller found it missing. */
  add(word: string, h: number, m: Measured): void {
    if ((this.count + 1) * 2 > this.keys.length) {
      if (this.keys.length * 2 <= WORD_INDEX_SIZE * 2) this.grow();
      else this.clear();
    }
    this.put(word, h, m);
  }

  /**
   * Makes room for `n` more words at once (a caller about to look up many, such as a long table),
   * so the index is not grown step by step; bounded like `add`.
   */
  reserve(n: number): void {
    let size = this.keys.length;
    while ((this.count + n) * 2 > size && size * 2 <= WORD_INDEX_SIZE * 2) size *= 2;
    if (size === this.keys.length) return;
    const { keys, hashes, values } = this;
    this.reset(size);
    for (let s = 0; s < keys.length; s++) if (keys[s].length !== 0) this.put(keys[s], hashes[s], values[s]!);
  }

  private put(word: string, h: number, m: Measured): void {
    const mask = this.mask;
    let s = h & mask;
    while (this.keys[s].length !== 0) s = (s + 1) & mask;
    this.keys[s] = word;
    this.hashes[s] = h;
    this.values[s] = m;
    this.count++;
  }

  private grow(): void {
    const { keys, hashes, values } = this;
    const size = keys.length * 2;
    this.reset(size);
    for (let s = 0; s < keys.length; s++) if (keys[s].length !== 0) this.put(keys[s], hashes[s], values[s]!);
  }

  private clear(): void {
    this.reset(this.keys.length);
  }

  private reset(size: number): void {
    this.hashes = new Int32Array(size);
    this.keys = new Array<string>(size).fill('');
    this.values = new Array<Measured | undefined>(size).fill(undefined);
    this.mask = size - 1;
    this.count = 0;
  }
}

/** One index per word cache: it lives as long as the cache it points into. */
const indexes = new WeakMap<Map<string, Measured>, WordIndex>();

/** The index of a font's word cache (`wordsOf(font)`). */
export function wordIndex(words: Map<string, Measured>): WordIndex {
  let index = indexes.get(words);
  if (!index) {
    index = new WordIndex();
    indexes.set(words, index);
  }
  return index;
}

/** Int32s a FaceIndex slot's record takes, and where its fields are in it. */
export const REC = 12;
/**
 * Records' int32s an index holds at most (1.5 MB), and past which it grows to that at once rather
 * than by doubling (96 KiB: 2 048 words): the doublings of table-10k's index freed ~1.5 MB of blocks a
 * render that glibc's malloc kept resident; one large block, zeroed by the kernel, costs only the
 * pages written.
 */
const REC_MOST = WORD_INDEX_SIZE * REC;
const REC_JUMP = 2048 * REC;
export const REC_HASH = 0,
  REC_LENGTH = 1,
  REC_STAMP = 2,
  REC_LOCAL = 3,
  /** A copy of where the word's glyphs are packed (FaceWord.packed, as last seen: see `notePacked`). */
  REC_PACKED = 6,
  /** The word's UTF-16 units, two an int32 (low half first), for a word of at most INLINE_UNITS. */
  REC_UNITS = 7;
/** Words of at most this many units are told apart by the units in their record, not their string. */
export const INLINE_UNITS = 2 * (REC - REC_UNITS);
/** Float64s a record takes in `FaceIndex.recF`, and where its width per point is (int32s 4–5). */
export const REC_F = REC / 2;
export const REC_F_PER_POINT = 2;

/**
 * A face's words as kept across renders (face-words.ts), found by the hash taken while a cell is
 * scanned: a table's one-line cells (table-cell-text.ts `measureTableCell`) look every word up here
 * without cutting it out or hashing it again, and without the render's word cache (whose index is
 * made anew each render: a long table's ~21 000 distinct words were missed, cut out, looked up by
 * string and indexed again on every render). It answers only with words face-words.ts keeps, so a
 * hit is what shaping gives; it is emptied whenever face-words.ts lets a word go (so it holds
 * nothing the budget no longer counts). Bounded like the render's index.
 *
 * For the table being measured it also numbers each word it handed out (REC_LOCAL, valid while the
 * slot's stamp is the table's: table-cell-text.ts `OneLineWords` keeps the table's words by those
 * numbers, no render object per word), and marks them used for face-words' clock when the table is
 * measured (`releaseTable`).
 */
export class FaceIndex {
  /**
   * Per slot of the hash table one int32: the high half of the word's hash and its record's number + 1
   * in the low half (0 for a free slot; at most 32 768 records). A probe reads only this (256 KiB at
   * most: it stays in cache) and the record of a word whose hash's high half matches.
   */
  private slots = new Int32Array(256);
  /**
   * Per word, in the order added, REC int32s (see REC_…): its hash, its length, the table's stamp
   * and number (`keep`), its width per point as a float64 over two (`recF`), where it is packed and,
   * for a short word, its units. One record, not an array per field, and in the order words were
   * first met (a long table meets them in the same order each render, so its records are read one
   * after the other): table-10k's ~21 000 words found each render were mostly cache misses — the
   * probe, the key string, the width, the stamp and the entry each one of their own.
   */
  rec = new Int32Array(256 * REC);
  /** `rec`'s bytes as float64s: record s's width per point is `recF[s * REC_F + REC_F_PER_POINT]`. */
  recF = new Float64Array(this.rec.buffer);
  /** Each record's word (read for a word longer than INLINE_UNITS, and to rebuild). */
  private keys: string[] = objectArray();
  /** The kept word of each record (face-words.ts FaceWord). */
  words: (FaceWord | undefined)[] = objectArray();
  private touched = new Int32Array(256);
  private touchedCount = 0;
  private mask = 255;
  private count = 0;

  /** The record of `text` [i, j), whose hash is `h`, or −1. */
  find(text: string, i: number, j: number, h: number): number {
    const slots = this.slots,
      rec = this.rec,
      mask = this.mask,
      len = j - i;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const e = slots[s];
      if (e === 0) return -1;
      if ((e ^ h) >>> 16 !== 0) continue;
      const n = e & 0xffff;
      const r = (n - 1) * REC;
      if (rec[r + REC_HASH] !== h || rec[r + REC_LENGTH] !== len) continue;
      let q = 0;
      if (len <= INLINE_UNITS) {
        // the units in the record (the line its width is read from), not the word's string
        const u = r + REC_UNITS;
        while (q < len && ((rec[u + (q >> 1)] >>> ((q & 1) << 4)) & 0xffff) === text.charCodeAt(i + q)) q++;
      } else {
        const k = this.keys[n - 1];
        while (q < len && k.charCodeAt(q) === text.charCodeAt(i + q)) q++;
      }
      if (q === len) return n - 1;
    }
  }

  /** Record s's word's width per point (its FaceWord's). */
  perPointOf(s: number): number {
    return this.recF[s * REC_F + REC_F_PER_POINT];
  }
  /** The stamp record s was numbered under (`keep`), 0 when none. */
  stampOf(s: number): number {
    return this.rec[s * REC + REC_STAMP];
  }
  /** The number `keep` gave record s's word (valid while its stamp is the table's). */
  localOf(s: number): number {
    return this.rec[s * REC + REC_LOCAL];
  }

  /**
   * Where record s's word is packed for placing (`packed`, its FaceWord's `packed` now), kept in the
   * record when it still holds `w` (the index may have been emptied since).
   */
  notePacked(s: number, w: FaceWord, packed: number): void {
    if (s < this.count && this.words[s] === w) this.rec[s * REC + REC_PACKED] = packed;
  }

  /** Adds `word` (hash `h`, not held) and its kept entry; returns its record. */
  add(word: string, h: number, w: FaceWord): number {
    if ((this.count + 1) * 2 > this.mask + 1) {
      if (this.mask + 1 <= WORD_INDEX_SIZE) this.rehash(2 * (this.mask + 1));
      else this.empty();
    }
    return this.put(word, h, w);
  }

  /** Numbers record s's word `n` for the table of stamp `stamp` (the record not yet stamped so). */
  keep(s: number, n: number, stamp: number): void {
    if (this.touchedCount === this.touched.length) {
      const t = new Int32Array(this.touched.length * 2);
      t.set(this.touched);
      this.touched = t;
    }
    this.touched[this.touchedCount++] = s;
    this.rec[s * REC + REC_LOCAL] = n;
    this.rec[s * REC + REC_STAMP] = stamp;
  }

  /**
   * Per record, 1 when its word was found by a table since the words were last told (`tellUsed`):
   * face-words.ts's `used`, kept here until eviction reads it, so a table's end writes one byte a
   * word rather than reading every word's object (a cache miss each: ~21 000 a render for table-10k).
   */
  private usedMarks = new Uint8Array(256);
  /** Whether any mark is set (`tellUsed` has something to tell). */
  private marked = false;

  /** The table just measured: its stamps let go, its words marked used (told to face-words.ts before it evicts). */
  releaseTable(): void {
    if (this.touchedCount === 0) return;
    unstampTouched(this.touched, this.touchedCount, this.rec, this.usedMarks);
    this.marked = true;
    this.touchedCount = 0;
  }

  /** The words marked used since last told are told (face-words.ts `used`), as `releaseTable` once set it itself. */
  tellUsed(): void {
    if (!this.marked) return;
    const marks = this.usedMarks,
      words = this.words;
    for (let s = 0; s < this.count; s++)
      if (marks[s] !== 0) {
        marks[s] = 0;
        const w = words[s];
        if (w !== undefined) w.used = true;
      }
    this.marked = false;
  }

  /** Empties the index (face-words.ts let a word go, or it is full); a table's stamps are let go (its numbers stay its own). */
  empty(): void {
    this.releaseTable();
    this.tellUsed();
    this.usedMarks = new Uint8Array(256);
    this.slots = new Int32Array(256);
    this.mask = 255;
    this.rec = new Int32Array(256 * REC);
    this.recF = new Float64Array(this.rec.buffer);
    this.keys = objectArray();
    this.words = objectArray();
    this.count = 0;
  }

  private put(word: string, h: number, w: FaceWord): number {
    const n = this.count;
    if ((n + 1) * REC > this.rec.length) {
      const grown = new Int32Array(this.rec.length >= REC_JUMP ? REC_MOST : 2 * this.rec.length);
      grown.set(this.rec);
      this.rec = grown;
      this.recF = new Float64Array(grown.buffer);
    }
    if (n >= this.usedMarks.length) {
      const marks = new Uint8Array(2 * this.usedMarks.length);
      marks.set(this.usedMarks);
      this.usedMarks = marks;
    }
    const rec = this.rec;
    const r = n * REC;
    rec[r + REC_HASH] = h;
    rec[r + REC_LENGTH] = word.length;
    rec[r + REC_PACKED] = w.packed;
    if (word.length <= INLINE_UNITS)
      for (let q = 0; q < word.length; q += 2)
        rec[r + REC_UNITS + (q >> 1)] = word.charCodeAt(q) | ((q + 1 < word.length ? word.charCodeAt(q + 1) : 0) << 16);
    this.recF[n * REC_F + REC_F_PER_POINT] = w.perPoint;
    this.keys.push(word);
    this.words.push(w);
    this.count = n + 1;
    this.place(h, n);
    return n;
  }

  /** Puts record n (hash h) in the hash table. */
  private place(h: number, n: number): void {
    const slots = this.slots,
      mask = this.mask;
    let s = h & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = (h & 0xffff0000) | (n + 1);
  }

  /** The hash table rebuilt at `size` slots; the records (and the table's numbers in them) stay where they are. */
  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let n = 0; n < this.count; n++) this.place(this.rec[n * REC + REC_HASH], n);
  }
}

/**
 * An empty array whose elements are objects from the start: an array literal `[]` starts holding
 * small integers and changes its shape at its first object, which code optimised before meets as a
 * deopt.
 */
export function objectArray<T>(): T[] {
  const a = [undefined] as unknown as T[];
  a.length = 0;
  return a;
}

/** A stamp for each font a table's cells are measured in, in turn (never 0: a free stamp). */
let lastStamp = 0;
export function nextStamp(): number {
  lastStamp = lastStamp === 0x7fffffff ? 1 : lastStamp + 1;
  return lastStamp;
}

/** Faces indexed at most (a bound like every cache's: past it, every index is dropped). */
const FACE_INDEXES = 64;
const faceIndexes = new Map<number, FaceIndex>();
/** face-words.ts's eviction count when the indexes were last emptied for it. */
let evictionsSeen = -1;

// face-words.ts reads `used` only when it evicts: every index tells it its marks first
setBeforeEviction(() => {
  for (const index of faceIndexes.values()) index.tellUsed();
});

/** The index of the words kept in the face of shaping id `id` (face-words.ts faceWordId, not 0), emptied if a word was let go since. */
export function faceIndex(id: number): FaceIndex {
  const g = faceWordsEvicted();
  if (g !== evictionsSeen) {
    // a word was let go: any index may hold it, and an index holds its words alive, so every index is
    // emptied now — not only this face's when it is next asked for, which may be never (up to 64
    // faces' stale words kept outside the word cache's budget)
    for (const index of faceIndexes.values()) index.empty();
    evictionsSeen = g;
  }
  let index = faceIndexes.get(id);
  if (index === undefined) {
    if (faceIndexes.size >= FACE_INDEXES) {
      // the indexes let go tell their marks first (what face-words evicts does not depend on them)
      for (const old of faceIndexes.values()) old.tellUsed();
      faceIndexes.clear();
    }
    index = new FaceIndex();
    faceIndexes.set(id, index);
  }
  return index;
}

/**
 * The records a table touched let go of its stamp and marked used: a function holding only the loop
 * (`releaseTable`, once a table, was optimised on the stack inside it before the code after it ran,
 * and thrown out in the next render for want of type feedback there).
 */
function unstampTouched(touched: Int32Array, count: number, rec: Int32Array, marks: Uint8Array): void {
  for (let i = 0; i < count; i++) {
    const s = touched[i];
    rec[s * REC + REC_STAMP] = 0;
    // found this table: a second chance when eviction comes to it (face-words.ts `used`), marked here, after the scan
    marks[s] = 1;
  }
}
