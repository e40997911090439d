// engines/text/word-index.ts — text engine: the words of a font's word cache (atoms.ts `wordsOf`) found
// by a hash taken while a paragraph is scanned, without cutting each word out of the paragraph first.
// `Map.get(text.slice(i, j))` made a fresh string per word and hashed it again: for report-100's
// ~45 000 words a render that was most of cutting paragraphs into atoms (bench/README.md, "report-100
// in the seventh wave"). An index answers only with what the word cache itself measured (an entry is
// added after `measureIn` returned it), so a hit is the same measure the cache would give. Bounded
// like the cache (fast-layout §1 rule 3).

import type { Measured } from './atoms.js';

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
