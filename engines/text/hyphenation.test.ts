// engines/text/hyphenation.test.ts — TeX patterns insert soft hyphens where a word may divide.
import { describe, expect, it } from 'vitest';
import { hasPatterns } from '../../ir/hyphenation-languages.js';
import { hyphenate } from './hyphenation.js';

const shown = (s: string) => s.replace(/\u00AD/g, '-');

describe('hyphenation', () => {
  it('divides English and German words by their patterns', () => {
    expect(shown(hyphenate('A certain king had a beautiful garden', 'en'))).toBe(
      'A cer-tain king had a beau-ti-ful gar-den',
    );
    expect(shown(hyphenate('Donaudampfschifffahrt', 'de'))).toBe('Do-nau-dampf-schiff-fahrt');
  });

  it('leaves short words whole and knows which languages it has', () => {
    expect(hyphenate('into', 'en-us')).toBe('into');
    expect(hasPatterns('EN-GB')).toBe(true);
    expect(hasPatterns('xx')).toBe(false);
    expect(() => hyphenate('word', 'xx')).toThrow(/no hyphenation patterns/);
  });
});
