// test/fonts.property.test.ts — bad font input never crashes render(): font files with bytes
// flipped or cut (TrueType, CFF OpenType, PFB Type 1), and arbitrary values under every font key,
// are answered with a PDF or a clean 4xx refusal, never a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOTO_SANS, NOW } from './support/fixtures.js';
import { NIMBUS_SANS_OTF, NIMBUS_SANS_PFB } from './support/font-fixtures.js';

const licence = {
  holder: 'Acme',
  features: ['fonts_without_outlines'],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
} as never;

function clean(out: Outcome): void {
  if (out.ok) return;
  expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
  expect(out.status, out.sentence).toBeLessThan(500);
  expect(REFUSAL_WORDS).toContain(out.word);
}

/** Where an OpenType file's `CFF ` table lies: [offset, length]. */
function cffTable(file: Uint8Array): [number, number] {
  const b = Buffer.from(file);
  for (let i = 0; i < b.readUInt16BE(4); i++) {
    const r = 12 + i * 16;
    if (b.toString('latin1', r, r + 4) === 'CFF ') return [b.readUInt32BE(r + 8), b.readUInt32BE(r + 12)];
  }
  throw new Error('no CFF table');
}

/** A font file with a few bytes overwritten (within `range` when given: [offset, length]) and possibly cut short. */
const damaged = (file: Uint8Array, range: [number, number] = [0, file.length]) =>
  fc
    .record({
      flips: fc.array(fc.tuple(fc.nat({ max: range[1] - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 8 }),
      cut: fc.option(fc.nat({ max: file.length }), { nil: undefined }),
    })
    .map(({ flips, cut }) => {
      const b = Buffer.from(file);
      for (const [i, v] of flips) b[range[0] + i] = v;
      return b.subarray(0, cut ?? b.length).toString('base64');
    });

const text = {
  type: 'text',
  rect: { llx: 10, lly: 10, urx: 500, ury: 800 },
  content: ['Hamburgefonstiv AVATAR office 0123'],
  font: 'F',
  font_size: 12,
};

describe('damaged font files', () => {
  it('CFF under a simple font (name-keyed Type1C), bytes of the CFF table damaged: a PDF or a clean refusal', () => {
    fc.assert(
      fc.property(damaged(NIMBUS_SANS_OTF, cffTable(NIMBUS_SANS_OTF)), (data) => {
        clean(
          render({
            description: {
              fonts: [{ name: 'B', data }],
              simple_fonts: [{ name: 'F', font: 'B', text: 'Hamburgefonstiv AVATR0123' }],
              items: [text],
            },
            now: NOW,
            service: { licence },
          }),
        );
      }),
      { numRuns: Number(process.env.FONT_FUZZ_RUNS ?? 25) },
    );
  });
  for (const [kind, file, key] of [
    ['TrueType', NOTO_SANS, 'fonts'],
    ['CFF', NIMBUS_SANS_OTF, 'fonts'],
    ['Type 1', NIMBUS_SANS_PFB, 'type1_fonts'],
  ] as const) {
    it(`${kind}: a PDF or a clean refusal`, () => {
      fc.assert(
        fc.property(damaged(file), (data) => {
          clean(
            render({ description: { [key]: [{ name: 'F', data }], items: [text] }, now: NOW, service: { licence } }),
          );
        }),
        { numRuns: Number(process.env.FONT_FUZZ_RUNS ?? 25) },
      );
    });
  }
});

const value = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.string({ maxLength: 3 })), { maxLength: 7 }),
  fc.dictionary(
    fc.constantFrom('llx', 'lly', 'urx', 'ury', 'replace', 'characters', 'move', 'line', 'close'),
    fc.oneof(fc.integer(), fc.string({ maxLength: 2 }), fc.array(fc.integer(), { maxLength: 3 })),
  ),
);
const fill = fc.oneof(
  value,
  fc.constantFrom(
    { shading: 'g' },
    { pattern: 't' },
    { space: 'sep', tints: [1] },
    { shading: 'nope' },
    { space: 'sep', tints: [1, 2] },
  ),
);
const shape = fc.record(
  {
    type: fc.constantFrom('rect', 'line', 'path', 'text', 'image'),
    rect: value,
    from: value,
    to: value,
    segments: fc.oneof(value, fc.array(value, { maxLength: 3 })),
    fill,
    stroke: value,
    graphics_state: fc.oneof(fc.constantFrom('half', 'nope'), value),
    layer: fc.oneof(fc.constantFrom('off', 'nope'), value),
    transform: value,
    rotate: value,
    relative_to: value,
    pages: value,
  },
  { requiredKeys: ['type'] },
);
/** Graphics declarations a glyph's shapes may name. */
const GRAPHICS = {
  graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
  layers: [{ name: 'off', visible: false }],
  shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [1000, 0], start: [1, 0, 0], end: [0, 0, 1] } } }],
  tilings: [
    {
      name: 't',
      box: { x: 0, y: 0, width: 20, height: 20 },
      step: [20, 20],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
    },
  ],
  color_spaces: { sep: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
};
const glyph = fc.record(
  {
    character: fc.oneof(fc.constantFrom('a', 'b', 'ab', ''), value),
    width: value,
    box: value,
    items: fc.oneof(fc.array(shape, { maxLength: 3 }), value),
  },
  { requiredKeys: [] },
);

describe('arbitrary values under the font keys', () => {
  it('a PDF or a clean refusal', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            fonts: fc.oneof(
              fc.constant([{ name: 'F', library: 'noto_sans' }]),
              fc.array(
                fc.record(
                  { name: fc.constantFrom('F', 'G'), library: value, keep: value, missing: value },
                  { requiredKeys: [] },
                ),
                { maxLength: 2 },
              ),
            ),
            standard_fonts: fc.oneof(
              fc.constant([]),
              fc.array(
                fc.record({
                  name: fc.constantFrom('S', 'F'),
                  face: fc.oneof(fc.constantFrom('helvetica', 'symbol'), value),
                }),
                { maxLength: 1 },
              ),
            ),
            type3_fonts: fc.array(
              fc.record(
                {
                  name: fc.constantFrom('T', 'F'),
                  matrix: fc.oneof(fc.constant([0.001, 0, 0, 0.001, 0, 0]), value),
                  box: fc.oneof(fc.constant({ llx: 0, lly: 0, urx: 1000, ury: 1000 }), value),
                  glyphs: fc.oneof(fc.array(glyph, { maxLength: 3 }), value),
                },
                { requiredKeys: ['name'] },
              ),
              { maxLength: 1 },
            ),
            simple_fonts: fc.array(
              fc.record({ name: fc.constantFrom('Si'), font: fc.constantFrom('F', 'T', 'X'), text: value }),
              { maxLength: 1 },
            ),
            font_variants: fc.array(
              fc.record(
                {
                  name: fc.constantFrom('V'),
                  font: fc.constantFrom('F', 'S', 'T'),
                  ligatures: value,
                  small_caps: value,
                  kerning: value,
                  oldstyle_figures: value,
                },
                { requiredKeys: ['name', 'font'] },
              ),
              { maxLength: 1 },
            ),
            font_chains: fc.array(
              fc.record(
                {
                  name: fc.constantFrom('C'),
                  fonts: fc.oneof(
                    fc.array(fc.constantFrom('F', 'S', 'T', 'V', 'Si', 'C', 'X'), { maxLength: 3 }),
                    value,
                  ),
                  missing: value,
                },
                { requiredKeys: ['name'] },
              ),
              { maxLength: 1 },
            ),
            items: fc.array(
              fc.record({
                type: fc.constant('text'),
                rect: fc.constant({ llx: 0, lly: 0, urx: 300, ury: 300 }),
                font: fc.constantFrom('F', 'S', 'T', 'V', 'Si', 'C'),
                font_size: fc.constant(10),
                content: fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 2 }),
              }),
              { maxLength: 2 },
            ),
          },
          { requiredKeys: ['items'] },
        ),
        (d) => {
          clean(render({ description: JSON.stringify({ ...GRAPHICS, ...d }), now: NOW, service: { licence } }));
        },
      ),
      { numRuns: 300 },
    );
  });
});
