// test/text-path.test.ts — the text_path item: letters set along a circle and a wave extract in
// order (pdftotext in content order), sit on the path within half a point (each letter's baseline
// centre from MuPDF's structured text; each one-letter word's box from pdftotext -bbox), show ink,
// are one text object each; long text follows `overlong`; refusals name the key; random
// descriptions get a PDF or a clean 4xx.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { mutoolChars, pdfToText, pdfWords, qpdfCheck, qpdfUncompressed, renderPage } from './support/pdf-tools.js';
import { NOTO_HEBREW_B64 } from './support/rtl-fonts.js';

const PAGE = 400;
const K = 0.5522847498307936;
const CX = 200,
  CY = 200,
  R = 100;
/** A circle drawn counter-clockwise from its rightmost point, as four Béziers. */
const CIRCLE = [
  { move: [CX + R, CY] },
  {
    curve: [
      [CX + R, CY + K * R],
      [CX + K * R, CY + R],
      [CX, CY + R],
    ],
  },
  {
    curve: [
      [CX - K * R, CY + R],
      [CX - R, CY + K * R],
      [CX - R, CY],
    ],
  },
  {
    curve: [
      [CX - R, CY - K * R],
      [CX - K * R, CY - R],
      [CX, CY - R],
    ],
  },
  {
    curve: [
      [CX + K * R, CY - R],
      [CX + R, CY - K * R],
      [CX + R, CY],
    ],
  },
];
/** A wave across the page: four S-curves, 80 points a crest. */
const WAVE = [
  { move: [20, 200] },
  ...[0, 1, 2, 3].map((i) => ({
    curve: [
      [20 + 90 * i + 30, 260],
      [20 + 90 * i + 60, 140],
      [20 + 90 * (i + 1), 200],
    ],
  })),
];

type Seg = { move?: number[]; curve?: number[][]; line?: number[] };

/** The path sampled densely straight from its Bézier formulas (independent of the service's flattening). */
function samples(segs: Seg[]): [number, number][] {
  const pts: [number, number][] = [];
  let cur = [0, 0];
  for (const s of segs) {
    if (s.move) {
      cur = s.move;
      pts.push([cur[0], cur[1]]);
      continue;
    }
    if (s.line) {
      for (let t = 1; t <= 200; t++)
        pts.push([cur[0] + ((s.line[0] - cur[0]) * t) / 200, cur[1] + ((s.line[1] - cur[1]) * t) / 200]);
      cur = s.line;
      continue;
    }
    const [c1, c2, p] = s.curve!;
    for (let i = 1; i <= 4000; i++) {
      const t = i / 4000,
        u = 1 - t;
      pts.push([
        u * u * u * cur[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p[0],
        u * u * u * cur[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p[1],
      ]);
    }
    cur = p;
  }
  return pts;
}

function distance(pts: [number, number][], x: number, y: number): number {
  let best = Infinity;
  for (const [px, py] of pts) best = Math.min(best, Math.hypot(px - x, py - y));
  return best;
}

function pdfOf(items: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const out = render({
    description: { page: { width: PAGE, height: PAGE }, fonts: [{ name: 'S', library: 'noto_sans' }], items, ...extra },
    now: NOW,
  });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

function refusalOf(item: Record<string, unknown>) {
  const out = render({
    description: { page: { width: PAGE, height: PAGE }, fonts: [{ name: 'S', library: 'noto_sans' }], items: [item] },
    now: NOW,
  });
  if (out.ok) throw new Error('rendered');
  return out;
}

const ON_CIRCLE = 'Around the circle we go, office fine';
const ON_WAVE = 'Riding the waves of difficult text';

const cases = [
  // side right reads the circle clockwise: the letters stand outside it, upright over the top.
  {
    name: 'circle',
    segs: CIRCLE,
    text: ON_CIRCLE,
    extra: { side: 'right', align: 'center', start: 1.5 * Math.PI * R },
  },
  { name: 'wave', segs: WAVE, text: ON_WAVE, extra: {} },
];

describe('text_path', () => {
  for (const c of cases) {
    describe(`on a ${c.name}`, () => {
      const pdf = pdfOf([
        { type: 'text_path', segments: c.segs, content: [c.text], font: 'S', font_size: 14, ...c.extra },
      ]);
      const path = samples(c.segs as Seg[]);
      const letters = [...c.text.replace(/ /g, '')];

      it('is a sound file whose letters extract in order (pdftotext, content order)', () => {
        expect(qpdfCheck(pdf).code).toBe(0);
        // -raw reads in content-stream order; turned letters each on their own line or grouped in words.
        expect(pdfToText(pdf, ['-raw']).replace(/\s+/g, '')).toBe(c.text.replace(/\s+/g, ''));
        // The layout-analysing mode finds every letter too (its order follows its own reading of rotated words).
        expect([...pdfToText(pdf).replace(/\s+/g, '')].sort()).toEqual([...letters].sort());
      });

      it("puts every letter's baseline centre on the path within half a point (MuPDF structured text)", () => {
        const all = mutoolChars(pdf).filter((ch) => ch.c.trim() !== '');
        expect(all.map((ch) => ch.c).join('')).toBe(c.text.replace(/ /g, ''));
        // MuPDF gives a ligature's first letter the glyph's whole advance and the rest none: those are not letters of their own.
        const chars = all.filter((ch) => ch.quad[4] !== ch.quad[6] || ch.quad[5] !== ch.quad[7]);
        expect(chars.length).toBeGreaterThan(all.length - 4);
        for (const ch of chars) {
          // The quad's bottom edge (ll → lr) runs along the advance: the baseline centre is the origin plus half of it.
          const [, , , , llx, lly, lrx, lry] = ch.quad;
          const bx = ch.x + (lrx - llx) / 2,
            by = PAGE - (ch.y + (lry - lly) / 2);
          expect(distance(path, bx, by), `letter ${ch.c} at ${bx.toFixed(1)}, ${by.toFixed(1)}`).toBeLessThanOrEqual(
            0.5,
          );
        }
      });

      it('puts the box of every one-letter word pdftotext -bbox reports where a letter on the path would have it, within half a point', () => {
        // How poppler boxes a turned letter (TextOutputDev): it files the letter under the quarter
        // turn q nearest its direction; the box runs from the origin along q over the advance's
        // projection on q, and across q from descent to ascent (the font descriptor's, Noto Sans 1069
        // and -293 per thousand) of the size. So its centre C is P + n(h - (w/2)(T·n)), where P is
        // the letter's baseline centre, T the direction there, n the normal of q, w the advance and
        // h = (ascent + descent)/2 × size. For each box we find the point of the path whose P, T
        // give the nearest such C (w from the box's extent along q): within half a point.
        const h = ((1069 - 293) / 2000) * 14;
        const single = pdfWords(pdf).filter((w) => [...w.text].length === 1 && w.text.trim() !== '');
        expect(single.length).toBeGreaterThanOrEqual(4); // poppler joins nearly level neighbours into words; MuPDF checks those letters above
        for (const w of single) {
          const cx = (w.xMin + w.xMax) / 2,
            cy = PAGE - (w.yMin + w.yMax) / 2;
          let best = Infinity;
          for (let i = 1; i < path.length; i++) {
            const [x0, y0] = path[i - 1],
              [x1, y1] = path[i];
            const len = Math.hypot(x1 - x0, y1 - y0);
            if (len === 0) continue;
            const tx = (x1 - x0) / len,
              ty = (y1 - y0) / len;
            const side = c.extra.side === 'right' ? -1 : 1; // side right reads the path backwards
            const dx = tx * side,
              dy = ty * side;
            const [qx, qy] = Math.abs(dx) >= Math.abs(dy) ? [Math.sign(dx), 0] : [0, Math.sign(dy)];
            const [nx, ny] = [-qy, qx];
            const extent = qx !== 0 ? w.xMax - w.xMin : w.yMax - w.yMin;
            const adv = extent / Math.abs(dx * qx + dy * qy);
            const k = h - (adv / 2) * (dx * nx + dy * ny);
            best = Math.min(best, Math.hypot(x0 + nx * k - cx, y0 + ny * k - cy));
          }
          expect(best, `word ${w.text} at ${cx.toFixed(1)}, ${cy.toFixed(1)}`).toBeLessThanOrEqual(0.5);
        }
      });

      it('writes one text object per letter, each turned by its own text matrix', () => {
        const content = qpdfUncompressed(pdf);
        expect(content.match(/^BT$/gm)!.length).toBe([...c.text].length - ligatures(c.text)); // spaces are letters too: they part words when extracted
        expect(content.match(/ Tm$/gm)!.filter((l) => !l.startsWith('1 0 0 1')).length).toBeGreaterThan(
          letters.length / 2,
        );
      });

      it('shows ink along the path', () => {
        const raster = renderPage(pdf, 72);
        let inked = 0;
        for (const ch of mutoolChars(pdf).filter((x) => /[a-z]/i.test(x.c))) {
          const [ulx, uly, , , , , lrx, lry] = ch.quad;
          let dark = false;
          for (let i = 0; i <= 8 && !dark; i++)
            for (let j = 0; j <= 8 && !dark; j++) {
              const px = ulx + ((lrx - ulx) * i) / 8,
                py = uly + ((lry - uly) * j) / 8;
              if (raster.at(px, PAGE - py)[0] < 128) dark = true;
            }
          if (dark) inked++;
        }
        expect(inked).toBe(letters.filter((l) => /[a-z]/i.test(l)).length);
      });
    });
  }

  it('keeps a ligature one letter and extracts it as its letters', () => {
    const pdf = pdfOf([{ type: 'text_path', segments: WAVE, content: ['office'], font: 'S', font_size: 20 }]);
    expect(pdfToText(pdf, ['-raw']).replace(/\s+/g, '')).toBe('office');
    expect(qpdfUncompressed(pdf).match(/^BT$/gm)!.length).toBe(4); // o, ffi, c, e
  });

  it('sets styled runs in their own fonts, sizes and colours', () => {
    const pdf = pdfOf(
      [
        {
          type: 'text_path',
          segments: WAVE,
          content: ['plain ', { text: 'BOLD', font: 'B', font_size: 18, color: [1, 0, 0] }],
          font: 'S',
          font_size: 12,
        },
      ],
      {
        fonts: [
          { name: 'S', library: 'noto_sans' },
          { name: 'B', library: 'noto_sans_bold' },
        ],
      },
    );
    expect(pdfToText(pdf, ['-raw']).replace(/\s+/g, '')).toBe('plainBOLD');
    const content = qpdfUncompressed(pdf);
    expect(content).toMatch(/\/F2 18 Tf/);
    expect(content).toMatch(/1 0 0 rg/);
  });

  it('draws through font chains and variants as a text item does', () => {
    const pdf = pdfOf(
      [
        {
          type: 'text_path',
          segments: WAVE,
          content: ['fine שלום', { text: ' office', font: 'NoLig' }],
          font: 'Chain',
          font_size: 14,
        },
      ],
      {
        fonts: [
          { name: 'S', library: 'noto_sans' },
          { name: 'Hebrew', data: NOTO_HEBREW_B64 },
        ],
        font_chains: [{ name: 'Chain', fonts: ['S', 'Hebrew'] }],
        font_variants: [{ name: 'NoLig', font: 'S', ligatures: false }],
      },
    );
    const content = qpdfUncompressed(pdf);
    // Two font objects (Noto Sans and its Hebrew fallback); the variant shares Noto Sans's.
    expect(new Set(content.match(/\/F\d+ [\d.]+ Tf/g)!.map((t) => t.split(' ')[0])).size).toBe(2);
    // "fi" is one letter in the chain's Noto Sans (a ligature), "ffi" six letters' worth of glyphs without ligatures.
    const bt = content.match(/^BT$/gm)!.length;
    expect(bt).toBe([...'fine שלום office'].length - 1);
    expect(pdfToText(pdf, ['-raw']).replace(/\s+/g, '')).toContain('office');
  });

  it('anchors by align and start, and reads the path backwards with side right', () => {
    const line = [{ move: [50, 100] }, { line: [350, 100] }];
    const xOf = (extra: Record<string, unknown>) => {
      const chars = mutoolChars(
        pdfOf([{ type: 'text_path', segments: line, content: ['AB'], font: 'S', font_size: 20, ...extra }]),
      );
      return chars.map((ch) => ch.x);
    };
    expect(xOf({})[0]).toBeCloseTo(50, 1);
    expect(xOf({ start: 100 })[0]).toBeCloseTo(150, 1);
    const centred = xOf({ align: 'center' });
    const end = xOf({ align: 'end' });
    expect((centred[0] + end[0]) / 2).toBeLessThan(end[0]);
    // side right: from (350, 100) leftwards, upside down: the first letter's origin is at the right end.
    expect(xOf({ side: 'right' })[0]).toBeCloseTo(350, 1);
  });

  it('sets right-to-left stretches in visual order along the path', () => {
    const line = [{ move: [20, 100] }, { line: [380, 100] }];
    const pdf = pdfOf(
      [
        {
          type: 'text_path',
          segments: line,
          content: ['Say ', { text: 'שלום עולם', font: 'Hebrew' }, ' twice'],
          font: 'S',
          font_size: 16,
        },
      ],
      {
        fonts: [
          { name: 'S', library: 'noto_sans' },
          { name: 'Hebrew', data: NOTO_HEBREW_B64 },
        ],
      },
    );
    const chars = mutoolChars(pdf).filter((ch) => ch.c.trim() !== '');
    // Content order is the order along the path: left to right, the Hebrew words reversed and in swapped order.
    for (let i = 1; i < chars.length; i++) expect(chars[i].x).toBeGreaterThan(chars[i - 1].x);
    expect(chars.map((ch) => ch.c).join('')).toBe(
      'Say' + [...'עולם'].reverse().join('') + [...'שלום'].reverse().join('') + 'twice',
    );
  });

  it('lifts the baseline off the path by offset', () => {
    const line = [{ move: [50, 100] }, { line: [350, 100] }];
    const pdf = pdfOf([{ type: 'text_path', segments: line, content: ['A'], font: 'S', font_size: 20, offset: 10 }]);
    expect(PAGE - mutoolChars(pdf)[0].y).toBeCloseTo(110, 1);
  });

  describe('text longer than its path', () => {
    const short = [{ move: [50, 100] }, { line: [110, 100] }];
    it('is refused by default, naming the content and both lengths', () => {
      const out = refusalOf({
        type: 'text_path',
        segments: short,
        content: ['much too long for this'],
        font: 'S',
        font_size: 14,
      });
      expect(out).toMatchObject({ status: 400, word: 'drawing', path: '/items/0/content' });
      expect(out.sentence).toMatch(
        /^the text of \/items\/0 is [\d.]+ points long, but its path leaves it 60\.00 points on page 1; .*overlong/,
      );
    });
    it('shrinks to the path with overlong: shrink', () => {
      const pdf = pdfOf([
        {
          type: 'text_path',
          segments: short,
          content: ['much too long for this'],
          font: 'S',
          font_size: 14,
          overlong: 'shrink',
        },
      ]);
      const chars = mutoolChars(pdf);
      expect(chars.map((ch) => ch.c).join('')).toBe('much too long for this');
      const last = chars[chars.length - 1];
      expect(Math.max(last.quad[6], last.quad[2])).toBeLessThanOrEqual(110.05);
      expect(chars[0].x).toBeGreaterThanOrEqual(49.95);
    });
    it('carries on along the end tangent with overlong: extend', () => {
      const pdf = pdfOf([
        {
          type: 'text_path',
          segments: short,
          content: ['much too long for this'],
          font: 'S',
          font_size: 14,
          overlong: 'extend',
        },
      ]);
      const chars = mutoolChars(pdf);
      expect(chars[chars.length - 1].x).toBeGreaterThan(150);
      for (const ch of chars) expect(PAGE - ch.y).toBeCloseTo(100, 3);
    });
  });

  const refusals: [string, Record<string, unknown>, string, RegExp, string?][] = [
    [
      'a second move',
      { segments: [{ move: [0, 0] }, { line: [10, 0] }, { move: [20, 0] }, { line: [30, 0] }] },
      '/items/0/segments/2/move',
      /^the segments at \/items\/0\/segments move a second time at \/items\/0\/segments\/2\/move; a text_path follows one unbroken path/,
    ],
    [
      'an underline on a run',
      { content: [{ text: 'x', underline: true }] },
      '/items/0/content/0/underline',
      /^\/items\/0\/content\/0\/underline asks for underline, which a text_path does not draw/,
    ],
    [
      'a path of no length',
      { segments: [{ move: [10, 10] }, { line: [10, 10] }] },
      '/items/0/segments',
      /^the path at \/items\/0\/segments has no length on page 1, so the text of \/items\/0\/content has nothing to follow\.$/,
      'drawing',
    ],
    [
      'an unknown align',
      { align: 'middle' },
      '/items/0/align',
      /^\/items\/0\/align must be one of "start", "center", "end"/,
    ],
    [
      'an unknown overlong',
      { overlong: 'clip' },
      '/items/0/overlong',
      /^\/items\/0\/overlong must be one of "refuse", "shrink", "extend"/,
    ],
    ['a negative start', { start: -5 }, '/items/0/start', /^\/items\/0\/start must be at least 0/],
    ['no segments', { segments: undefined }, '/items/0/segments', /segments/],
    // relative_to is honoured (test/placement.test.ts): an id no item carries is refused by name.
    [
      'relative_to naming no item',
      { relative_to: { id: 'x', edge: 'top' } },
      '/items/0/relative_to/id',
      /^relative_to at \/items\/0\/relative_to names the id "x", which no item carries\.$/,
    ],
    ['an undeclared font', { font: 'Nope' }, '/items/0/font', /the font "Nope"/],
    [
      'letters beyond what a PDF number holds',
      { start: 1e12, overlong: 'extend' },
      '/items/0',
      /^the letters of \/items\/0 reach [\d.e+]+ on page 1, beyond the ±2147483647 points a PDF number may hold; bring start, offset, letter_spacing or font_size back\.$/,
      'drawing',
    ],
  ];
  it.each(refusals)('refuses %s, naming the key', (_n, patch, path, sentence, word = 'description') => {
    const out = refusalOf({ type: 'text_path', segments: WAVE, content: ['abc'], font: 'S', font_size: 12, ...patch });
    expect(out.status).toBe(400);
    expect(out.word).toBe(word);
    expect(out.path).toBe(path);
    expect(out.sentence).toMatch(sentence);
  });

  it('answers random text_path descriptions with a PDF or a clean 4xx', () => {
    const num = fc.oneof(
      fc.double({ min: -500, max: 900, noNaN: true }),
      fc.integer({ min: -10, max: 500 }),
      fc.constantFrom('{page_width} / 2', '1 / 0', 'x'),
    );
    const pt = fc.tuple(num, num);
    const seg = fc.oneof(
      pt.map((p) => ({ line: p })),
      fc.tuple(pt, pt, pt).map((c) => ({ curve: c })),
      fc.constant({ close: true }),
      pt.map((p) => ({ move: p })),
      fc.constant({}),
    );
    const item = fc.record(
      {
        type: fc.constant('text_path'),
        segments: fc.oneof(
          fc.tuple(pt, fc.array(seg, { maxLength: 6 })).map(([m, rest]) => [{ move: m }, ...rest]),
          fc.array(seg, { maxLength: 3 }),
        ),
        content: fc.array(
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.record(
              { text: fc.string({ maxLength: 10 }), font_size: fc.double({ min: 0.1, max: 60, noNaN: true }) },
              { requiredKeys: ['text'] },
            ),
          ),
          { maxLength: 3 },
        ),
        font: fc.constantFrom('S', 'Nope'),
        font_size: fc.oneof(fc.double({ min: 0.1, max: 80, noNaN: true }), fc.constant(0)),
        start: fc.oneof(fc.double({ min: -10, max: 2000, noNaN: true }), fc.constant('x')),
        align: fc.constantFrom('start', 'center', 'end', 'middle'),
        side: fc.constantFrom('left', 'right'),
        offset: fc.double({ min: -50, max: 50, noNaN: true }),
        letter_spacing: fc.double({ min: -5, max: 20, noNaN: true }),
        overlong: fc.constantFrom('refuse', 'shrink', 'extend', 'nope'),
        rotate: fc.double({ min: -360, max: 360, noNaN: true }),
      },
      { requiredKeys: ['type', 'segments', 'content', 'font', 'font_size'] },
    );
    fc.assert(
      fc.property(item, (it) => {
        const out = render({
          description: JSON.stringify({
            page: { width: PAGE, height: PAGE },
            fonts: [{ name: 'S', library: 'noto_sans' }],
            items: [it],
          }),
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

/** Letters a ligature folds into the one before it (Noto Sans: ffi and fi). */
function ligatures(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/ffi|fi/g)) n += m[0].length - 1;
  return n;
}
