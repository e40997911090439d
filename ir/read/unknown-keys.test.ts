// ir/read/unknown-keys.test.ts — the unknown-key remarks: typos named with the key meant, keys of
// maps and the keys the schema requires left alone, the close-key rule on its own.
import { describe, expect, it } from 'vitest';
import { closestKey, UNKNOWN_KEY_REMARKS_MAX, unknownKeyRemarks } from './unknown-keys.js';

const box = { llx: 0, lly: 0, urx: 10, ury: 10 };
const texts = (d: unknown): string[] => unknownKeyRemarks(d).map((r) => `${r.path} ${r.text}`);

describe('unknown keys', () => {
  it('names a typo, where it sits, what it belongs to and the key meant', () => {
    expect(
      texts({
        pgae: { width: 100 },
        fonts: [{ name: 'F', library: 'noto_sans', libary: 'x' }],
        items: [
          { type: 'text', rect: box, content: ['x'], font: 'F', font_sise: 3, colour: [0] },
          { type: 'rect', rect: { ...box, ulx: 1 }, fill: [0], comment: 'mine' },
        ],
      }),
    ).toEqual([
      '/pgae `pgae` at / is not a key of the description; did you mean `page`?',
      '/fonts/0/libary `libary` at /fonts/0 is not a key of an entry of `fonts`; did you mean `library`?',
      '/items/0/font_sise `font_sise` at /items/0 is not a key of a text item; did you mean `font_size`?',
      '/items/0/colour `colour` at /items/0 is not a key of a text item; did you mean `color`?',
      '/items/1/rect/ulx `ulx` at /items/1/rect is not a key of `rect`; did you mean `llx`?',
      '/items/1/comment `comment` at /items/1 is not a key of a rect item; it is ignored',
    ]);
  });

  it('leaves names (keys of maps), $schema and keys another branch of a shape knows', () => {
    expect(
      texts({
        $schema: 'https://quire.dev/schema/description.schema.json',
        color_spaces: {
          gold: { type: 'separation', ink: 'Gold', alternate: 'DeviceCMYK', full: [0, 0.2, 0.8, 0.1] },
          srgb: { type: 'icc', components: 3, profile: 'p' },
        },
        items: [{ type: 'rect', rect: box, fill: [0] }],
      }),
    ).toEqual([]);
  });

  it('counts a key another kind of the same union has as unknown for this kind', () => {
    // `ink` belongs to a separation space, not to an ICC one
    expect(texts({ color_spaces: { s: { type: 'icc', components: 3, profile: 'p', ink: 'x' } }, items: [] })).toEqual([
      '/color_spaces/s/ink `ink` at /color_spaces/s is not a key of `s`; it is ignored',
    ]);
  });

  it(`stops at ${UNKNOWN_KEY_REMARKS_MAX} remarks`, () => {
    const items = Array.from({ length: 50 }, () => ({ type: 'rect', rect: box, fil: [0] }));
    expect(unknownKeyRemarks({ items })).toHaveLength(UNKNOWN_KEY_REMARKS_MAX);
  });

  it('finds a close key by edits, a swap counting one, and none past the limit', () => {
    const keys = ['page', 'pages', 'font_size', 'color', 'items'];
    expect(closestKey('pgae', keys)).toBe('page');
    expect(closestKey('Font-Size', keys)).toBe('font_size');
    expect(closestKey('colour', keys)).toBe('color');
    expect(closestKey('itemz', keys)).toBe('items');
    expect(closestKey('zzzz', keys)).toBeUndefined();
    expect(closestKey('background', keys)).toBeUndefined();
  });
});
