// engines/text/word-index.test.ts — the word index answers a word of a paragraph, found by position
// and hash, with the measure added for that very word: never a word sharing its hash or a prefix.
import { describe, expect, it } from 'vitest';
import type { Measured } from './atoms.js';
import {
  clearFaceWords,
  type FaceWord,
  faceWord,
  keepFaceWord,
  makeFaceWord,
  NO_STORE,
  setFaceWordsBudget,
  wordBytes,
} from './face-words.js';
import { FaceIndex, faceIndex, HASH_SEED, hashStep, WORD_INDEX_SIZE, WordIndex } from './word-index.js';

const measured = (perPoint: number): Measured => ({ segs: [], perPoint, glyphs: 0, spaces: 0, placed: 0 });
const hashOf = (s: string) => {
  let h = HASH_SEED;
  for (let i = 0; i < s.length; i++) h = hashStep(h, s.charCodeAt(i));
  return h;
};

describe('word index', () => {
  it('finds a word inside a paragraph by its position and hash, and only that word', () => {
    const index = new WordIndex();
    const words = ['lorem', 'ipsum', 'dolor', 'lore', 'loremx', 'Lorem'];
    words.forEach((w, i) => index.add(w, hashOf(w), measured(i)));
    const text = 'xx lorem ipsum loremx lore Lorem dolo';
    const at = (w: string, from = 0) => text.indexOf(w, from);
    expect(index.find(text, at('lorem'), at('lorem') + 5, hashOf('lorem'))?.perPoint).toBe(0);
    expect(index.find(text, at('loremx'), at('loremx') + 6, hashOf('loremx'))?.perPoint).toBe(4);
    expect(index.find(text, at('lore '), at('lore ') + 4, hashOf('lore'))?.perPoint).toBe(3);
    expect(index.find(text, at('Lorem'), at('Lorem') + 5, hashOf('Lorem'))?.perPoint).toBe(5);
    expect(index.find(text, at('dolo'), at('dolo') + 4, hashOf('dolo'))).toBeUndefined();
  });

  it('tells apart words given the same hash', () => {
    const index = new WordIndex();
    index.add('abc', 7, measured(1));
    index.add('abd', 7, measured(2));
    index.add('ab', 7, measured(3));
    expect(index.find('abd abc ab', 0, 3, 7)?.perPoint).toBe(2);
    expect(index.find('abd abc ab', 4, 7, 7)?.perPoint).toBe(1);
    expect(index.find('abd abc ab', 8, 10, 7)?.perPoint).toBe(3);
    expect(index.find('abe', 0, 3, 7)).toBeUndefined();
  });

  it('stays bounded: past its size it starts again, and still answers what it holds', () => {
    const index = new WordIndex();
    const n = WORD_INDEX_SIZE + 10;
    for (let i = 0; i < n; i++) index.add(`w${i}`, hashOf(`w${i}`), measured(i));
    const last = `w${n - 1}`;
    expect(index.find(last, 0, last.length, hashOf(last))?.perPoint).toBe(n - 1);
    expect(index.find('w0', 0, 2, hashOf('w0'))).toBeUndefined();
    expect((index as unknown as { keys: string[] }).keys.length).toBeLessThanOrEqual(2 * WORD_INDEX_SIZE);
  });
});

describe('face index (kept words by face, for table cells)', () => {
  const kept = (perPoint: number): FaceWord => ({
    shaped: { glyphs: [1], advances: [perPoint], text: ['x'], width: perPoint, missing: [] },
    store: NO_STORE,
    at: 0,
    perPoint,
    glyphs: 1,
    spaces: 0,
    bytes: 1,
    id: 1,
    next: undefined,
    used: false,
    packed: 0,
  });

  it('finds a word by position and hash, tells apart words of one hash, and answers its entry', () => {
    const index = new FaceIndex();
    const a = index.add('abc', 7, kept(1));
    const b = index.add('abd', 7, kept(2));
    index.add('ab', 7, kept(3));
    expect(index.find('x abd', 2, 5, 7)).toBe(b);
    expect(index.find('abc', 0, 3, 7)).toBe(a);
    expect(index.perPointOf(index.find('ab ', 0, 2, 7))).toBe(3);
    expect(index.find('abe', 0, 3, 7)).toBe(-1);
  });

  it('keeps its records and a table’s numbers as it grows; long and short words, one tag of hash; bounded', () => {
    const index = new FaceIndex();
    const word = (i: number) => (i % 3 === 0 ? `a-rather-long-word-${i}` : `w${i}`);
    const slot = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      const s = index.add(word(i), hashOf(word(i)), kept(i));
      slot.set(i, s);
      if (i < 300) index.keep(s, 1000 + i, 9); // numbered before the table grew past 256 and 512 slots
    }
    for (let i = 0; i < 2000; i++) {
      const w = word(i);
      const s = index.find(`x ${w} y`, 2, 2 + w.length, hashOf(w));
      expect(s).toBe(slot.get(i));
      expect(index.perPointOf(s)).toBe(i);
      if (i < 300) expect([index.stampOf(s), index.localOf(s)]).toEqual([9, 1000 + i]);
    }
    // hashes equal in their high half (the slot's tag) but not in full, and one equal in full
    const same = new FaceIndex();
    const a = same.add('abc', 0x12340001, kept(1));
    const b = same.add('abd', 0x12340002, kept(2));
    expect(same.find('abd', 0, 3, 0x12340002)).toBe(b);
    expect(same.find('abc', 0, 3, 0x12340001)).toBe(a);
    expect(same.find('abc', 0, 3, 0x12340002)).toBe(-1);
    // past WORD_INDEX_SIZE words it starts again empty
    const full = new FaceIndex();
    for (let i = 0; i <= WORD_INDEX_SIZE; i++) full.add(`w${i}`, hashOf(`w${i}`), kept(i));
    expect(full.find('w0', 0, 2, hashOf('w0'))).toBe(-1);
    const last = `w${WORD_INDEX_SIZE}`;
    expect(full.perPointOf(full.find(last, 0, last.length, hashOf(last)))).toBe(WORD_INDEX_SIZE);
  });

  it('lets go of a table’s stamps and marks their words used; is emptied once face-words lets a word go', () => {
    clearFaceWords();
    const index = faceIndex(987_654);
    const w = kept(1);
    const s = index.add('abc', hashOf('abc'), w);
    index.keep(s, 3, 5);
    expect(index.stampOf(s)).toBe(5);
    expect(index.localOf(s)).toBe(3);
    index.releaseTable();
    expect(index.stampOf(s)).toBe(0);
    // marked in the index, told to the word when face-words is about to evict
    expect(w.used).toBe(false);
    index.tellUsed();
    expect(w.used).toBe(true);
    expect(faceIndex(987_654).find('abc', 0, 3, hashOf('abc'))).toBe(s);
    clearFaceWords(); // a word let go: the index holds none of what it held
    expect(faceIndex(987_654).find('abc', 0, 3, hashOf('abc'))).toBe(-1);
  });

  it('gives the words a table found a second chance when face-words evicts (the marks told first)', () => {
    clearFaceWords();
    const id = 424_242;
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    for (const t of words) {
      const sh = { glyphs: [1, 2], advances: [500, 500], text: ['w', 'x'], width: 1000, missing: [] };
      keepFaceWord(t, makeFaceWord(sh, 1, 2, 0, wordBytes(t, 2), id));
    }
    const index = faceIndex(id);
    // a table finds the first ten (the oldest: eviction comes to them first)
    for (let i = 0; i < 10; i++) {
      const t = words[i];
      const s = index.add(t, hashOf(t), faceWord(id, t)!);
      faceWord(id, t)!.used = false; // found only by the table, not looked up
      index.keep(s, i, 9);
    }
    index.releaseTable();
    const was = setFaceWordsBudget(20 * wordBytes('word10', 2));
    try {
      for (let i = 0; i < 10; i++) expect(faceWord(id, words[i])).toBeDefined();
      expect(faceWord(id, words[10])).toBeUndefined();
    } finally {
      setFaceWordsBudget(was);
    }
  });

  it("empties every face's index once a word is let go, not only the face asked for next (an index holds its words alive)", () => {
    clearFaceWords();
    const a = faceIndex(111_111);
    const b = faceIndex(222_222);
    a.add('abc', hashOf('abc'), kept(1));
    const s = b.add('xyz', hashOf('xyz'), kept(2));
    expect(b.words[s]).toBeDefined();
    clearFaceWords(); // a word let go
    faceIndex(111_111); // only face a is asked for again
    expect(b.find('xyz', 0, 3, hashOf('xyz'))).toBe(-1);
    expect(b.words.every((w) => w === undefined)).toBe(true);
  });
});
