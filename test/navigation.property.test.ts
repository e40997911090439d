// test/navigation.property.test.ts — navigation and page settings built at random (bookmark trees,
// targets of every shape, pages in and out of the document, odd views, beads, reader settings, per-page
// entries) are answered with a PDF qpdf accepts or a clean 4xx refusal from the closed list: never a
// 500, a throw or a hang.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck } from './support/pdf-tools.js';

const RUNS = 300;

const odd = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  'iv',
  '{page_height} / 0',
  '((1',
  {},
  [],
  '\u{1F600}',
);
/** Mostly a valid value, now and then an odd one: enough requests must reach the PDF. */
const mostly = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ arbitrary: valid, weight: 79 }, { arbitrary: odd, weight: 1 });
const page = mostly(
  fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 30 },
    { arbitrary: fc.integer({ min: 4, max: 9 }), weight: 1 },
  ),
);
const coord = mostly(
  fc.oneof(
    fc.double({ min: -1000, max: 1000, noNaN: true }),
    fc.constantFrom('{page_height}', '{page_width} / 2', '{current_page} * 10'),
  ),
);
const view = mostly(
  fc.oneof(
    fc.constantFrom('fit', 'fit_width', 'xyz', 'fit_bbox'),
    fc.record(
      { fit: fc.constant('xyz'), left: coord, top: coord, zoom: fc.double({ min: 0, max: 10, noNaN: true }) },
      { requiredKeys: ['fit'] },
    ),
    fc.record({ fit: fc.constant('fit_rect'), left: coord, top: coord, right: coord, bottom: coord }),
    fc.record({ fit: fc.constantFrom('fit_width', 'fit_bbox_width'), top: coord }, { requiredKeys: ['fit'] }),
  ),
);
const destName = fc.constantFrom('a', 'b', 'a', 'b', 'a', 'b', 'missing');
const action: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  action: mostly(
    fc.oneof(
      fc.record({ type: fc.constant('go_to'), page, view }),
      fc.record({ type: fc.constant('go_to'), destination: destName }),
      fc.record({
        type: fc.constant('go_to_remote'),
        file: fc.constantFrom('x.pdf', 'ü.pdf'),
        page: fc.integer({ min: 1, max: 50 }),
        new_window: fc.boolean(),
      }),
      fc.record({
        type: fc.constant('uri'),
        uri: fc.oneof(fc.webUrl(), fc.string({ unit: 'grapheme' })),
        next: fc.array(tie('action'), { maxLength: 2 }),
      }),
      fc.record(
        { type: fc.constant('thread'), article: fc.integer({ min: 1, max: 2 }), bead: fc.integer({ min: 1, max: 2 }) },
        { requiredKeys: ['type', 'article'] },
      ),
      fc.record({
        type: fc.constantFrom('named', 'named', 'named', 'javascript'),
        name: fc.constantFrom('next_page', 'last_page', 'first_page', 'prev_page'),
      }),
    ),
  ),
})).action;
/** One target mostly; now and then none or two (a refused combination). */
const target = fc.oneof(
  { arbitrary: fc.record({ page, view }, { requiredKeys: ['page'] }), weight: 3 },
  { arbitrary: fc.record({ destination: destName }), weight: 2 },
  { arbitrary: fc.record({ uri: fc.webUrl() }), weight: 2 },
  { arbitrary: fc.record({ action }), weight: 3 },
  { arbitrary: fc.record({ page, uri: fc.webUrl() }), weight: 1 },
  { arbitrary: fc.constant({}), weight: 1 },
  { arbitrary: fc.record({ page }), weight: 6 },
);
const bookmark: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  b: fc
    .tuple(
      target,
      fc.record(
        {
          title: mostly(fc.string({ unit: 'grapheme' })),
          open: fc.boolean(),
          bold: fc.boolean(),
          italic: fc.boolean(),
          color: mostly(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 })),
          children: fc.array(tie('b'), { maxLength: 3, depthIdentifier: 'bookmarks' }),
        },
        { requiredKeys: ['title'] },
      ),
    )
    .map(([t, b]) => ({ ...t, ...b })),
})).b;
const rect = fc.record({ llx: coord, lly: coord, urx: coord, ury: coord });
const link = fc
  .tuple(
    target,
    fc.record(
      {
        type: fc.constant('link'),
        rect,
        pages: fc.constantFrom([1], [2], [], [1, 3]),
        rotate: fc.double({ min: -360, max: 360, noNaN: true }),
        border: fc.record(
          {
            width: fc.double({ min: 0, max: 5, noNaN: true }),
            dash: fc.array(fc.double({ min: 0.5, max: 5, noNaN: true }), { minLength: 1, maxLength: 3 }),
            color: fc.constantFrom([0], [1, 0, 0], [0, 0, 0, 1]),
          },
          { requiredKeys: [] },
        ),
        highlight: mostly(fc.constantFrom('none', 'invert', 'outline', 'push')),
      },
      { requiredKeys: ['type', 'rect'] },
    ),
  )
  .map(([t, l]) => ({ ...t, ...l }));
const description = fc.record(
  {
    items: fc.array(
      fc.oneof(link, fc.constant({ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, pages: [3] })),
      { maxLength: 4 },
    ),
    bookmarks: fc.array(bookmark, { maxLength: 3 }),
    destinations: fc.constantFrom(
      [
        { name: 'a', page: 1 },
        { name: 'b', page: 2 },
      ],
      [
        { name: 'a', page: 1 },
        { name: 'b', page: 2 },
      ],
      [
        { name: 'a', page: 3, view: 'fit_bbox' },
        { name: 'b', page: 2 },
      ],
      [
        { name: 'a', page: 1 },
        { name: 'b', page: 2, view: { fit: 'fit_width', top: 300 } },
      ],
      [
        { name: 'a', page: 1 },
        { name: 'b', page: 1 },
        { name: 'a', page: 2 },
      ],
      [
        { name: 'a', structure_element: 's' },
        { name: 'b', page: 1 },
      ],
      [
        { name: 'b', page: 'ii' },
        { name: 'a', page: 1 },
      ],
    ),
    articles: fc.array(
      fc.record({ title: fc.string(), beads: fc.array(fc.record({ page, rect }), { minLength: 1, maxLength: 3 }) }),
      { maxLength: 2 },
    ),
    reader: fc.record(
      {
        page_layout: mostly(fc.constantFrom('single_page', 'two_page_left')),
        page_mode: fc.constantFrom('outlines', 'full_screen'),
        fit_window: fc.boolean(),
        copies: fc.integer({ min: 1, max: 5 }),
        open_on: target,
        print_pages: fc.array(fc.record({ from: page, to: page }), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    page_boxes: fc.array(
      fc.record({
        page: fc.integer({ min: 1, max: 9 }),
        crop: fc.record({ llx: fc.integer(), lly: fc.integer(), urx: fc.integer(), ury: fc.integer() }),
      }),
      { maxLength: 2 },
    ),
    page_turns: fc.array(fc.record({ page, rotation: mostly(fc.constantFrom(0, 90, 180, 270)) }), { maxLength: 2 }),
    page_shows: fc.array(
      fc.oneof(
        fc.record({
          page,
          style: fc.constantFrom('wipe', 'glitter', 'fly'),
          direction: fc.constantFrom(0, 270, 0, 270, 315, 'none'),
        }),
        fc.record(
          {
            page,
            style: fc.constantFrom('split', 'replace', 'fade'),
            display_duration: fc.double({ min: 0, max: 10, noNaN: true }),
          },
          { requiredKeys: ['page'] },
        ),
      ),
      { maxLength: 2 },
    ),
    page_tab_orders: fc.array(fc.record({ page, order: mostly(fc.constantFrom('row', 'column', 'structure')) }), {
      maxLength: 2,
    }),
  },
  { requiredKeys: ['items'] },
);

describe('navigation at random', () => {
  it('is answered with a valid PDF or a clean refusal', () => {
    let rendered = 0;
    fc.assert(
      fc.property(description, (d) => {
        const out = render({ description: d, now: NOW });
        if (out.ok) {
          rendered++;
          // qpdf on a sample only: the tool costs more than the render.
          if (rendered % 10 === 1) expect(qpdfCheck(out.pdf).code).toBe(0);
          return;
        }
        expect([400, 402, 413]).toContain(out.status);
        expect(REFUSAL_WORDS).toContain(out.word);
        expect(out.sentence.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS, seed: 9 },
    );
    // The generator must reach the drawing path, not only refusals.
    expect(rendered).toBeGreaterThan(RUNS / 10);
  });
});
