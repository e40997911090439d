// engines/text/plain-breaks.test.ts — the one-line cell's character table (table-cell-text.ts
// plainBreaks) says what line-break.ts's two expressions say (breaksOnlyAfterSpaces), on dates,
// amounts, words and random strings over the characters that decide it.
import { describe, expect, it } from 'vitest';
import { breaksOnlyAfterSpaces } from './line-break.js';
import { plainBreaks } from './table-cell-text.js';

describe('plainBreaks', () => {
  it('agrees with breaksOnlyAfterSpaces', () => {
    const fixed = [
      '',
      'R00001',
      '2024-01-01',
      '69,024.34',
      'Veniam Odio',
      '1-2-3',
      '1--2',
      '-1',
      '1-',
      'a-1',
      '1-a',
      "it's",
      'x\ty',
      'é',
      'a/b',
      '(1)',
      '1 - 2',
    ];
    for (const t of fixed) expect(plainBreaks(t), JSON.stringify(t)).toBe(breaksOnlyAfterSpaces(t));
    const alphabet = [
      'a',
      'Z',
      '0',
      '9',
      ' ',
      '-',
      '.',
      ',',
      ';',
      ':',
      "'",
      '"',
      '\t',
      '/',
      'é',
      '(',
      '\u00a0',
      '!',
      '?',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 4000; k++) {
      let t = '';
      const n = Math.floor(next() * 8);
      for (let i = 0; i < n; i++) t += alphabet[Math.floor(next() * (next() < 0.8 ? 6 : alphabet.length))];
      expect(plainBreaks(t), JSON.stringify(t)).toBe(breaksOnlyAfterSpaces(t));
    }
  });
});
