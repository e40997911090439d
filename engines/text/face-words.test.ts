// engines/text/face-words.test.ts — a kept word's compact form (face-words.ts `makeFaceWord`): the
// shaping `shapedOf` gives back equals the one kept, element for element, after the word was packed
// again (a second chance at eviction, another face's word of its text) and past many chunks; a shaping
// that does not pack keeps its own object.
import { afterEach, describe, expect, it } from 'vitest';
import type { Shaped } from '../../ir/text-font.js';
import {
  clearFaceWords,
  faceWord,
  keepFaceWord,
  makeFaceWord,
  NO_STORE,
  packableShaping,
  setFaceWordsBudget,
  shapedOf,
  wordBytes,
} from './face-words.js';

function shaping(text: string, seed: number): Shaped {
  const glyphs = [...text].map((c, g) => (c.charCodeAt(0) * 7 + seed + g) & 0xffff);
  const advances = [...text].map((_, g) => ((seed * 31 + g * 17) % 900) - 50);
  return { glyphs, advances, text: [...text], width: advances.reduce((a, b) => a + b, 0), missing: [] };
}

function keep(text: string, id: number, seed: number): Shaped {
  const sh = shaping(text, seed);
  keepFaceWord(text, makeFaceWord(sh, sh.width / 1000, sh.glyphs.length, 0, wordBytes(text, sh.glyphs.length), id));
  return sh;
}

afterEach(() => {
  setFaceWordsBudget(24 * 1024 * 1024);
  clearFaceWords();
});

describe('kept words, packed', () => {
  it('gives back each shaping equal to the one kept, through second chances, faces and chunks', () => {
    clearFaceWords();
    const kept = new Map<string, Shaped>();
    // ~40 000 words of ~12 glyphs: past several chunks of packed glyphs
    for (let i = 0; i < 40_000; i++) {
      const text = `w${i}-${(i * 7.31).toFixed(2)}`;
      kept.set(`1 ${text}`, keep(text, 1, i));
    }
    // another face's words of some texts (the texts' entries move to the end, packed again)
    for (let i = 0; i < 40_000; i += 97) {
      const text = `w${i}-${(i * 7.31).toFixed(2)}`;
      kept.set(`2 ${text}`, keep(text, 2, i + 1));
    }
    // some used, then a budget that evicts: the used get a second chance (packed again), the rest go
    for (let i = 0; i < 40_000; i += 3) faceWord(1, `w${i}-${(i * 7.31).toFixed(2)}`);
    setFaceWordsBudget(8 * 1024 * 1024);
    let found = 0;
    for (const [key, sh] of kept) {
      const [id, text] = [Number(key.slice(0, 1)), key.slice(2)];
      const w = faceWord(id, text);
      if (w === undefined) continue;
      found++;
      expect(w.shaped).toBeUndefined();
      expect(shapedOf(w)).toEqual(sh);
    }
    expect(found).toBeGreaterThan(5_000);
    expect(found).toBeLessThan(kept.size);
  });

  it('keeps a shaping that does not pack as it is', () => {
    clearFaceWords();
    const ligature: Shaped = { glyphs: [5], advances: [600], text: ['fi'], width: 600, missing: [] };
    const fraction: Shaped = { glyphs: [5], advances: [600.5], text: ['f'], width: 600.5, missing: [] };
    expect(packableShaping(ligature)).toBe(false);
    expect(packableShaping(fraction)).toBe(false);
    for (const [text, sh] of [
      ['fi', ligature],
      ['f', fraction],
    ] as const) {
      const w = makeFaceWord(sh, 0.6, 1, 0, wordBytes(text, 1), 3);
      expect(w.shaped).toBe(sh);
      expect(w.store).toBe(NO_STORE);
      expect(shapedOf(w)).toBe(sh);
    }
    expect(packableShaping(shaping('plain', 1))).toBe(true);
  });
});
