// test/render.property.test.ts — bad input never crashes render(): descriptions built from the
// format's own keys with arbitrary values (wrong types, odd unicode, huge numbers, expressions)
// are answered with a PDF or a clean 4xx refusal from the closed list, never a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';

const value = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double(),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('{page_width} / 2', '{current_page} * 10', '1 / 0', '((1)', '{nope}', '-{ury}', ''),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.double({ min: 0, max: 1 }), { maxLength: 5 }),
);
const coord = fc.oneof(
  fc.integer({ min: -2000, max: 2000 }),
  fc.constantFrom('{page_width} - 10', '{ury} / 2', '{total_pages} * 5', '1 / 0', '2 *'),
  value,
);
const rect = fc.record({ llx: coord, lly: coord, urx: coord, ury: coord }, { requiredKeys: [] });
const text = fc.record(
  {
    type: fc.constant('text'),
    rect,
    font: fc.constantFrom('Body', 'Missing', 'H'),
    font_size: fc.oneof(fc.double({ min: 0.5, max: 80, noNaN: true }), value),
    content: fc.oneof(
      fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.record({ text: fc.string() }), value), {
        maxLength: 4,
      }),
      value,
    ),
    pages: fc.oneof(fc.array(fc.integer({ min: -1, max: 5 }), { maxLength: 3 }), value),
    rotate: fc.oneof(fc.double({ noNaN: true }), value),
    leading: value,
    color: value,
  },
  { requiredKeys: ['type'] },
);
const box = fc.record(
  {
    type: fc.constant('rect'),
    rect,
    fill: value,
    transform: fc.oneof(fc.array(fc.double(), { minLength: 6, maxLength: 6 }), value),
    pages: value,
  },
  { requiredKeys: ['type'] },
);
const description = fc.record(
  {
    items: fc.oneof(fc.array(fc.oneof(text, box, fc.record({ type: fc.string() })), { maxLength: 5 }), value),
    fonts: fc.constant([{ name: 'Body', data: NOTO_SANS_B64 }]),
    standard_fonts: fc.oneof(fc.constant([{ name: 'H', face: 'helvetica' }]), value),
    page: fc.oneof(fc.record({ width: fc.double(), height: fc.double() }, { requiredKeys: [] }), value),
  },
  { requiredKeys: ['fonts'] },
);

describe('render on arbitrary descriptions', () => {
  it('answers a PDF or a 4xx refusal with a word from the closed list, never a 500', () => {
    fc.assert(
      fc.property(description, (d) => {
        const out = render({ description: JSON.stringify(d), now: NOW });
        if (out.ok) {
          expect(out.pages).toBeGreaterThanOrEqual(1);
          return;
        }
        expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
        expect(out.status, out.sentence).toBeLessThan(500);
        expect(REFUSAL_WORDS).toContain(out.word);
        expect(out.sentence.length).toBeGreaterThan(10);
      }),
      { numRuns: 400 },
    );
  });
});
