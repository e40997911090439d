// test/scaled.property.test.ts — issue 20, point 2: a description whose lists are made 10 000 times
// longer (paragraphs of a flow, lines of a text, rows of a table, items, the description of an ICC
// profile) is answered with a PDF or a clean 4xx from the closed list, never a 500 or a crash —
// no step may spread an input-sized list into a call or recurse as deep as the input. Two runs per
// list only: each one is large.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { iccWithDescription } from './support/hostile.js';

const SCALE = 10_000;
const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
const RECT = { llx: 50, lly: 50, urx: 545, ury: 792 };
const word = fc.stringMatching(/^[a-zA-Z]{1,8}$/);

type Case = [Record<string, unknown>, Record<string, Uint8Array>];
const text = (type: string, content: unknown): Case => [
  { fonts: FONTS, items: [{ type, rect: RECT, font: 'Body', font_size: 10, content }] },
  {},
];

/** Each list of a small description, made SCALE times longer. */
const SCALED: Record<string, fc.Arbitrary<Case>> = {
  paragraphs: word.map((w) => text('flow', `${w}\n`.repeat(SCALE))),
  lines: word.map((w) => text('text', [`${w}\n`.repeat(SCALE)])),
  'table rows': fc.tuple(word, word).map(
    ([a, b]): Case => [
      {
        fonts: FONTS,
        items: [
          {
            type: 'table',
            rect: RECT,
            font: 'Body',
            font_size: 10,
            columns: [100, 100],
            rows: Array.from({ length: SCALE }, () => [a, b]),
          },
        ],
      },
      {},
    ],
  ),
  items: word.map(
    (w): Case => [
      {
        fonts: FONTS,
        items: Array.from({ length: SCALE }, (_, i) => ({
          type: 'text',
          rect: { llx: 50, lly: 50 + (i % 700), urx: 545, ury: 62 + (i % 700) },
          font: 'Body',
          font_size: 10,
          content: [w],
        })),
      },
      {},
    ],
  ),
  'ICC description': fc
    .integer({ min: 20, max: 300 })
    .map((n): Case => [{ output_intent: { profile: 'p' }, items: [] }, { p: iccWithDescription(n * SCALE) }]),
};

describe('every list ×10 000 (issue 20)', () => {
  for (const [list, arbitrary] of Object.entries(SCALED)) {
    it(`${list}: a PDF or a 4xx, never a 500`, { timeout: 300_000 }, () => {
      fc.assert(
        fc.property(arbitrary, ([description, parts]) => {
          const out = render({ description, parts, now: NOW });
          if (out.ok) return;
          expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
          expect(out.status, out.sentence).toBeLessThan(500);
          expect(REFUSAL_WORDS).toContain(out.word);
        }),
        { numRuns: 2, seed: 20 },
      );
    });
  }
});
