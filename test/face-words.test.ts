// test/face-words.test.ts — words kept across renders by face (engines/text/face-words.ts): a render's
// bytes never depend on what was rendered before it (A, then B, then A; a variant of the same face
// after its plain words were kept; a first render against a warm one), and the words kept stay within
// their byte budget, evicting those not used lately.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaceWords, FACE_WORDS_BYTES, faceWordsHeld, setFaceWordsBudget } from '../engines/text/face-words.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';

/** A table of `words`, three to a row, in `font` (Body: Noto Sans; SC: its small capitals and oldstyle figures). */
function table(font: string, words: string[]) {
  const rows: string[][] = [];
  for (let i = 0; i < words.length; i += 3) rows.push([words[i], words[i + 1] ?? '', words[i + 2] ?? '']);
  return {
    fonts: [{ name: 'Body', library: 'noto_sans' }],
    font_variants: [{ name: 'SC', font: 'Body', small_caps: true, oldstyle_figures: true }],
    items: [
      {
        type: 'table',
        rect: { llx: 50, lly: 50, urx: 545, ury: 790 },
        columns: [150, 150, 150],
        font,
        font_size: 9,
        rows,
      },
    ],
  };
}

function sha(description: unknown): string {
  const out = render({ description, now: NOW });
  if (!out.ok) throw new Error(out.sentence);
  return createHash('sha256').update(out.pdf).digest('hex');
}

const WORDS = Array.from({ length: 90 }, (_, i) =>
  `Item ${i} Total ${(i * 7.31).toFixed(2)} AV Wa To`.split(' '),
).flat();

afterEach(() => {
  setFaceWordsBudget(FACE_WORDS_BYTES);
  clearFaceWords();
});

describe('words kept across renders', () => {
  it('gives a render the same bytes whatever was rendered before it: A, B, A, and B first', () => {
    clearFaceWords();
    const a1 = sha(table('Body', WORDS));
    expect(faceWordsHeld().texts).toBeGreaterThan(50);
    const b1 = sha(table('SC', WORDS)); // the same texts in a variant: kept apart from the plain face's
    const a2 = sha(table('Body', WORDS));
    clearFaceWords();
    const b0 = sha(table('SC', WORDS));
    expect(a2).toBe(a1);
    expect(b1).toBe(b0);
    expect(b0).not.toBe(a1);
  });

  it('keeps no more than its budget, texts evicted, and the output unchanged', () => {
    const words = Array.from({ length: 600 }, (_, i) => `W${i}q${(i * 13) % 97}`);
    clearFaceWords();
    const full = sha(table('Body', words));
    expect(faceWordsHeld().texts).toBeGreaterThanOrEqual(600);
    const budget = 20_000;
    setFaceWordsBudget(budget);
    expect(faceWordsHeld().bytes).toBeLessThanOrEqual(budget);
    clearFaceWords();
    const small = sha(table('Body', words));
    const held = faceWordsHeld();
    expect(held.bytes).toBeLessThanOrEqual(budget);
    expect(held.texts).toBeGreaterThan(0);
    expect(held.texts).toBeLessThan(600);
    expect(small).toBe(full);
  });
});
