// engines/fonts/composites.test.ts — composite glyphs a reader cannot resolve (issue 20): a cycle,
// nesting past MAX_COMPOSITE_DEPTH, expansion past MAX_COMPOSITE_LEAVES; the fonts as shipped pass.
import { describe, expect, it } from 'vitest';
import { NOTO_SANS } from '../../test/support/fixtures.js';
import { compositeChain, selfCompositeFont } from '../../test/support/hostile.js';
import { compositeFault, MAX_COMPOSITE_DEPTH, MAX_COMPOSITE_LEAVES } from './composites.js';

describe('compositeFault', () => {
  it('passes a shipped font and finds a glyph built from itself', () => {
    expect(compositeFault(NOTO_SANS)).toBeUndefined();
    expect(compositeFault(selfCompositeFont())).toBe('its composite glyph 171 is built from itself');
  });

  it(`refuses composites nested deeper than ${MAX_COMPOSITE_DEPTH} levels, not ${MAX_COMPOSITE_DEPTH}`, () => {
    expect(compositeFault(compositeChain(MAX_COMPOSITE_DEPTH, 1).font)).toBeUndefined();
    expect(compositeFault(compositeChain(MAX_COMPOSITE_DEPTH + 1, 1).font)).toMatch(
      new RegExp(`nest deeper than ${MAX_COMPOSITE_DEPTH} levels`),
    );
  });

  it(`refuses a glyph expanding to more than ${MAX_COMPOSITE_LEAVES} outlines within the depth`, () => {
    // Two components each naming the next, 13 deep: 2^13 = 8192 outlines from one glyph.
    const { font, chain } = compositeChain(13, 2);
    expect(compositeFault(font)).toMatch(new RegExp(`composite glyph ${chain[0]} expands to \\d+ outlines`));
    expect(compositeFault(compositeChain(11, 2).font)).toBeUndefined(); // 2^11 = 2048
  });
});
