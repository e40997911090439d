// test/arrows.test.ts — arrowheads on lines and open paths: each head drawn in the stroke colour at
// the end it is asked for, pointing along the path (pixels from MuPDF); a closed head's line cut back
// so its end does not show past the tip; dashes leave the head solid; refusals name `arrows`; the
// shapes' strokes (dash, cap, join) stay as written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck, qpdfUncompressed, renderPage } from './support/pdf-tools.js';

function pdfOf(items: Record<string, unknown>[]) {
  const out = render({ description: { page: { width: 300, height: 200 }, items }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

const dark = (p: [number, number, number]) => p[0] < 100 && p[1] < 100 && p[2] < 100;
const red = (p: [number, number, number]) => p[0] > 180 && p[1] < 80 && p[2] < 80;

describe('arrowheads', () => {
  it('draws a closed head at the end of a line, in the stroke colour, and none at the start', () => {
    const pdf = pdfOf([
      {
        type: 'line',
        from: [50, 100],
        to: [250, 100],
        stroke: { width: 2, color: [1, 0, 0] },
        arrows: { end: 'closed' },
      },
    ]);
    expect(qpdfCheck(pdf).code).toBe(0);
    const r = renderPage(pdf, 144);
    // Head 12 points long (6 widths), 4.8 points each side at its base: ink off the line near the end, none at the start.
    expect(red(r.at(240, 103.5))).toBe(true);
    expect(red(r.at(240, 96.5))).toBe(true);
    expect(red(r.at(60, 103.5))).toBe(false);
    // Past the tip: nothing (the line is cut back under the head, so its butt end cannot show).
    expect(red(r.at(251.5, 100))).toBe(false);
    const content = qpdfUncompressed(pdf);
    expect(content).toMatch(/238 100 l/); // the line ends at the head's base
  });

  it('draws open heads at both ends of a curved path, pointing along it, solid under a dash', () => {
    const pdf = pdfOf([
      {
        type: 'path',
        segments: [
          { move: [40, 60] },
          {
            curve: [
              [100, 180],
              [200, 180],
              [260, 60],
            ],
          },
        ],
        stroke: { width: 1.5, dash: { pattern: [4, 3] } },
        arrows: { start: 'open', end: 'open', size: 8 },
      },
    ]);
    const content = qpdfUncompressed(pdf);
    // Two heads, each stroked with no dash and a miter join.
    expect(content.match(/0 j\n10 M\n/g)!.length).toBe(2);
    const r = renderPage(pdf, 144);
    // The end tangent points down-right (from (200,180) to (260,60)): a wing stands up-left of the tip... and to its right.
    const wings = [
      [260 - 12 * 0.447 - 4.8 * 0.894, 60 + 12 * 0.894 - 4.8 * 0.447],
      [260 - 12 * 0.447 + 4.8 * 0.894, 60 + 12 * 0.894 + 4.8 * 0.447],
    ];
    for (const [x, y] of wings) {
      let seen = false;
      for (let dx = -1; dx <= 1 && !seen; dx += 0.5)
        for (let dy = -1; dy <= 1 && !seen; dy += 0.5) if (dark(r.at(x + dx, y + dy))) seen = true;
      expect(seen, `wing near ${x.toFixed(1)}, ${y.toFixed(1)}`).toBe(true);
    }
  });

  it('keeps dashes, caps and joins on every shape that strokes', () => {
    const stroke = { width: 3, dash: { pattern: [6, 2], phase: 1 }, cap: 'round', join: 'bevel', miter_limit: 4 };
    const pdf = pdfOf([
      { type: 'line', from: [10, 10], to: [100, 10], stroke },
      { type: 'path', segments: [{ move: [10, 30] }, { line: [60, 60] }, { line: [110, 30] }], stroke },
      {
        type: 'polygon',
        points: [
          [150, 10],
          [200, 60],
          [250, 10],
        ],
        stroke,
      },
      { type: 'ellipse', rect: { llx: 150, lly: 100, urx: 250, ury: 180 }, stroke },
    ]);
    const content = qpdfUncompressed(pdf);
    expect(content.match(/3 w\n\[6 2\] 1 d\n1 J\n2 j\n4 M\n/g)!.length).toBe(4);
  });

  const refusals: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'arrows on a closed path',
      {
        type: 'path',
        segments: [{ move: [0, 0] }, { line: [10, 0] }, { line: [10, 10] }, { close: true }],
        stroke: {},
        arrows: { end: 'closed' },
      },
      '/items/0/arrows',
      /^\/items\/0\/arrows asks for arrowheads, but the path closes at \/items\/0\/segments\/3\/close; arrowheads go on the ends of a line or an open path\.$/,
    ],
    [
      'arrows on a path without a stroke',
      { type: 'path', segments: [{ move: [0, 0] }, { line: [10, 0] }], fill: [0], arrows: { start: 'open' } },
      '/items/0/arrows',
      /^\/items\/0\/arrows asks for arrowheads, which are drawn in the stroke; give the path a stroke \(\/items\/0\/stroke\)\.$/,
    ],
    [
      'an unknown head',
      { type: 'line', from: [0, 0], to: [10, 0], arrows: { end: 'barbed' } },
      '/items/0/arrows/end',
      /must be one of "none", "open", "closed"/,
    ],
    [
      'a head of no size',
      { type: 'line', from: [0, 0], to: [10, 0], arrows: { end: 'open', size: 0 } },
      '/items/0/arrows/size',
      /must be greater than 0/,
    ],
  ];
  it.each(refusals)('refuses %s, naming arrows', (_n, item, path, sentence) => {
    const out = render({ description: { items: [item] }, now: NOW });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path });
    if (!out.ok) expect(out.sentence).toMatch(sentence);
  });

  it('answers random arrowed lines and paths, and codes with text, with a PDF or a clean 4xx', () => {
    const n = fc.oneof(fc.double({ min: -300, max: 600, noNaN: true }), fc.constantFrom('{page_width}', '1 / 0', 'q'));
    const pt = fc.tuple(n, n);
    const seg = fc.oneof(
      pt.map((p) => ({ line: p })),
      fc.tuple(pt, pt, pt).map((c) => ({ curve: c })),
      fc.constant({ close: true }),
      pt.map((p) => ({ move: p })),
    );
    const style = fc.constantFrom('none', 'open', 'closed', 'bent', undefined);
    const arrows = fc.oneof(
      fc.record({
        start: style,
        end: style,
        size: fc.oneof(fc.double({ min: -1, max: 120, noNaN: true }), fc.constant(undefined)),
      }),
      fc.constant('yes'),
    );
    const stroke = fc.oneof(
      fc.record({
        width: fc.double({ min: 0, max: 20, noNaN: true }),
        dash: fc.constantFrom(undefined, { pattern: [2, 1] }, { pattern: [0] }),
      }),
      fc.constant(undefined),
    );
    const item = fc.oneof(
      fc.record({ type: fc.constant('line'), from: pt, to: pt, stroke, arrows }),
      fc.record({
        type: fc.constant('path'),
        segments: fc.tuple(pt, fc.array(seg, { maxLength: 5 })).map(([m, r]) => [{ move: m }, ...r]),
        stroke,
        arrows,
      }),
      fc.record({
        type: fc.constantFrom('code128', 'ean13'),
        rect: fc.record({ llx: n, lly: n, urx: n, ury: n }),
        data: fc.oneof(fc.constantFrom('5901234123457', '590123412345', 'ABC-1'), fc.string({ maxLength: 12 })),
        text: fc.oneof(
          fc.boolean(),
          fc.record({
            font: fc.constantFrom('S', 'Nope', undefined),
            font_size: fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.constant(undefined)),
          }),
        ),
        quiet_zone: fc.boolean(),
        rotate: fc.double({ min: -360, max: 360, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 3 }), (items) => {
        const out = render({
          description: JSON.stringify({ fonts: [{ name: 'S', library: 'noto_sans' }], items }),
          now: NOW,
        });
        if (out.ok) return;
        expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
        expect(out.status, out.sentence).toBeLessThan(500);
        expect(REFUSAL_WORDS).toContain(out.word);
      }),
      { numRuns: 150 },
    );
  });
});
