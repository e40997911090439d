// test/forms.property.test.ts — form fields built at random (every kind, names with and without
// dots and clashes, values that fit or not, options, buttons on pages in and out of the document,
// odd colours, sizes, rotations, archive claims) are answered with a PDF qpdf accepts or a clean 4xx
// from the closed list: never a 500, a throw or a hang.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck } from './support/pdf-tools.js';

const RUNS = 200;

const odd = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  'Off',
  '((1',
  {},
  [],
  '\u{1F600}',
  'a..b',
  '.x',
);
const mostly = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid, weight: 99 }, { arbitrary: odd, weight: 1 });
/** A valid choice mostly; a refused one now and then. */
const rarely = (valid: fc.Arbitrary<unknown>, refused: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: refused, weight: 1 });
const coord = mostly(
  fc.oneof(fc.double({ min: -50, max: 500, noNaN: true }), fc.constantFrom('{page_width} / 2', '{current_page} * 10')),
);
const rect = fc.record({ llx: coord, lly: coord, urx: coord, ury: coord });
const name = mostly(
  fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 6 }).map((x) => x.replace(/\./g, '_')), weight: 8 },
    { arbitrary: fc.constantFrom('a', 'a.b', 'x.y.z', 'Zürich'), weight: 1 },
  ),
);
const text = mostly(
  rarely(
    fc.oneof(
      fc.string({ maxLength: 12 }).map((x) => x.replace(/[\n\r\u2028\u2029]/g, ' ')),
      fc.constantFrom('Hello', 'Grüße', 'שלום', ''),
    ),
    fc.constant('two\nlines'),
  ),
);
const colour = mostly(
  rarely(
    fc.constantFrom([0], [0.5], [1, 0, 0], [0.2, 0.4, 0.9]),
    fc.oneof(fc.constant([0, 0, 0, 1]), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 })),
  ),
);
const common = {
  name,
  rect,
  pages: mostly(fc.oneof(fc.constant([1]), fc.constant([1, 2]), fc.constant({ from: 1 }))),
  tooltip: text,
  read_only: fc.boolean(),
  required: fc.boolean(),
  no_export: fc.boolean(),
  font_size: mostly(fc.oneof(fc.constant(0), fc.double({ min: 1, max: 40, noNaN: true }))),
  color: colour,
  background: colour,
  border: mostly(
    fc.record({
      color: colour,
      width: fc.double({ min: 0, max: 5, noNaN: true }),
      style: fc.constantFrom('solid', 'dashed', 'beveled', 'inset', 'underline'),
    }),
  ),
  rotate: mostly(rarely(fc.constantFrom(0, 90, 180, 270), fc.constant(45))),
};
/** Keys of the kinds that show text (a check box's `font` is refused: its mark is a path). */
const textKeys = {
  font: mostly(rarely(fc.constantFrom('noto_serif', 'Body', 'source_code_pro'), fc.constant('missing'))),
  align: mostly(fc.constantFrom('left', 'center', 'right')),
};
const req = { requiredKeys: ['name', 'rect'] as ('name' | 'rect')[] };
const field = fc.oneof(
  fc.record(
    {
      type: fc.constant('text_field'),
      ...common,
      ...textKeys,
      value: text,
      default_value: text,
      multiline: fc.boolean(),
      max_length: mostly(fc.integer({ min: 8, max: 20 })),
      comb: rarely(fc.constant(false), fc.constant(true)),
      password: rarely(fc.constant(false), fc.constant(true)),
    },
    { requiredKeys: ['type', 'name', 'rect'] },
  ),
  fc.record(
    {
      type: fc.constant('check_box'),
      ...common,
      checked: fc.boolean(),
      export_value: text,
      style: mostly(fc.constantFrom('check', 'cross', 'circle', 'square', 'diamond', 'star')),
    },
    { requiredKeys: ['type', ...req.requiredKeys] },
  ),
  fc.record(
    {
      type: fc.constant('radio_group'),
      ...common,
      rect: fc.constant(undefined),
      buttons: fc.array(
        fc.record(
          {
            rect,
            value: mostly(fc.constantFrom('a', 'b', 'c')),
            page: mostly(rarely(fc.integer({ min: 1, max: 2 }), fc.constant(4))),
          },
          { requiredKeys: ['rect', 'value'] },
        ),
        { minLength: 1, maxLength: 3 },
      ),
      value: mostly(rarely(fc.constantFrom('a', 'b'), fc.constant('z'))),
      radios_in_unison: fc.boolean(),
      no_toggle_to_off: fc.boolean(),
    },
    { requiredKeys: ['type', 'name', 'buttons'] },
  ),
  fc.record(
    {
      type: fc.constant('choice_field'),
      ...common,
      ...textKeys,
      options: fc.uniqueArray(
        fc.oneof(fc.constantFrom('a', 'b', 'c', 'Grüße'), fc.record({ value: fc.constantFrom('a', 'd'), label: text })),
        { maxLength: 5, selector: (o) => (typeof o === 'string' ? o : o.value) },
      ),
      combo: fc.boolean(),
      editable: rarely(fc.constant(false), fc.constant(true)),
      multiple: rarely(fc.constant(false), fc.constant(true)),
      sort: fc.boolean(),
      value: mostly(
        rarely(
          fc.constantFrom('a', 'b', 'c'),
          fc.oneof(fc.constant('mine'), fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 })),
        ),
      ),
    },
    { requiredKeys: ['type', 'name', 'rect', 'options'] },
  ),
  fc.record(
    {
      type: fc.constant('push_button'),
      ...common,
      ...textKeys,
      caption: text,
      uri: rarely(fc.constant(undefined), fc.constantFrom('https://example.com', 'javascript:x')),
      page: rarely(fc.constant(1), fc.constant(4)),
    },
    { requiredKeys: ['type', 'name', 'rect'] },
  ),
  fc.record(
    {
      type: fc.constant('signature_field'),
      ...common,
      color: fc.constant(undefined),
      font_size: rarely(fc.constant(undefined), fc.constant(10)),
    },
    { requiredKeys: ['type', 'name', 'rect'] },
  ),
);

describe('form fields at random', () => {
  it('answer with a PDF qpdf accepts or a clean refusal', () => {
    let made = 0;
    fc.assert(
      fc.property(
        fc.array(field, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(undefined, undefined, undefined, 'pdfa2b'),
        (items, archive) => {
          const description = {
            fonts: [{ name: 'Body', library: 'noto_sans' }],
            items: items.map((i) => JSON.parse(JSON.stringify(i))),
            ...(archive ? { archive } : {}),
          };
          const out = render({ description, now: NOW });
          if (out.ok) {
            made++;
            expect(qpdfCheck(out.pdf).code).toBe(0);
            return;
          }
          expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
          expect(out.status, out.sentence).toBeLessThan(500);
          expect(REFUSAL_WORDS).toContain(out.word);
        },
      ),
      { numRuns: RUNS },
    );
    // Enough random forms reach the PDF for the property to say something.
    expect(made).toBeGreaterThan(RUNS / 10);
  });
});
