// test/integrity.property.test.ts — issue 17's differential guard: generated descriptions (fast-check;
// the item kinds that carry words — text, flow, text_path — with the keys that move them: rect,
// font_size, align, rotate, transform, page size) are rendered and read back with poppler's
// `pdftotext`: an item that produced no off-page remark has every word extracted exactly once, so no
// word is lost without the answer saying so. The count of descriptions run is printed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText } from './support/pdf-tools.js';

const RUNS = 500;
const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'be', 'do'];

const token = (i: number, n: number): string =>
  `${SYLLABLES[n % SYLLABLES.length]}${SYLLABLES[(n >> 3) % SYLLABLES.length]}q${i}`;

const itemArb = fc.record({
  kind: fc.constantFrom('text', 'flow', 'text_path'),
  // Mostly on the sheet, sometimes hanging off an edge. Never exactly on the edge: poppler drops a
  // letter turned (rotate 90/180/270) so that it ends exactly on the sheet's edge (its x + w < 0 by
  // its own rounding) though it is drawn whole and MuPDF extracts it; that is the extractor's quirk,
  // not a letter lost.
  llx: fc
    .oneof({ arbitrary: fc.integer({ min: 1, max: 120 }), weight: 3 }, fc.integer({ min: -200, max: 400 }))
    .filter((v) => v !== 0),
  lly: fc
    .oneof({ arbitrary: fc.integer({ min: 120, max: 300 }), weight: 3 }, fc.integer({ min: -150, max: 400 }))
    .filter((v) => v !== 0),
  width: fc.integer({ min: 80, max: 320 }),
  height: fc.integer({ min: 20, max: 220 }),
  size: fc.integer({ min: 6, max: 18 }),
  words: fc.integer({ min: 1, max: 25 }),
  seed: fc.integer({ min: 0, max: 1 << 12 }),
  align: fc.constantFrom('left', 'right', 'center', 'justify'),
  rotate: fc.constantFrom(0, 0, 0, 0, 0, 90, 180, 270),
  shift: fc.option(fc.tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 })), {
    nil: undefined,
  }),
});
type Item = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;
const descArb = fc.record({
  width: fc.integer({ min: 350, max: 600 }),
  height: fc.integer({ min: 350, max: 600 }),
  item: itemArb,
});

function describeOne(g: { width: number; height: number; item: Item }) {
  const it = g.item;
  const content = Array.from({ length: it.words }, (_, i) => token(i, it.seed + i)).join(' ');
  const rect = { llx: it.llx, lly: it.lly, urx: it.llx + it.width, ury: it.lly + it.height };
  const common = {
    font: 'Body',
    font_size: it.size,
    ...(it.rotate ? { rotate: it.rotate } : {}),
    ...(it.shift && !it.rotate ? { transform: [1, 0, 0, 1, it.shift[0], it.shift[1]] } : {}),
  };
  const item =
    it.kind === 'flow'
      ? { type: 'flow', rect, content, align: it.align, ...common }
      : it.kind === 'text'
        ? { type: 'text', rect, content: [content], align: it.align, ...common }
        : {
            type: 'text_path',
            segments: [{ move: [it.llx, it.lly] }, { line: [it.llx + it.width, it.lly] }],
            content: [content],
            overlong: 'extend',
            ...common,
          };
  return { description: { page: { width: g.width, height: g.height }, fonts: FONTS, items: [item] }, content };
}

describe('differential: no word lost without a remark', () => {
  it(`${RUNS} generated descriptions: every word of an item without an off-page remark is extracted exactly once`, () => {
    let count = 0;
    let remarked = 0;
    fc.assert(
      fc.property(descArb, (g) => {
        const { description, content } = describeOne(g);
        const out = render({ description, now: NOW });
        if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
        count++;
        const off = out.remarks.filter((r) => r.code === 'off-page' && r.path === '/items/0');
        const found = pdfToText(out.pdf).split(/\s+/).filter(Boolean);
        const seen = new Map<string, number>();
        for (const w of found) seen.set(w, (seen.get(w) ?? 0) + 1);
        const wrong = content.split(' ').filter((w) => seen.get(w) !== 1);
        if (off.length) {
          // the remark counts at least the words an extractor loses
          remarked++;
          const said = Number(/: (\d+) words/.exec(off[0].text)![1]);
          expect(said, off[0].text).toBeGreaterThanOrEqual(content.split(' ').filter((w) => !seen.has(w)).length);
          return;
        }
        expect(wrong, JSON.stringify(description.items[0])).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    console.log(`integrity property: ${count} generated descriptions rendered, ${remarked} with an off-page remark`);
    expect(count).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);
});
