// test/placement.test.ts — the placement keys once refused as not drawn yet: a table's transform,
// rotate and layer applied to each page's part; layer on imported pages and links (/OC on the
// annotation, PDF 1.5); clip on image items; relative_to from and onto shapes without a rect.
// Judged by MuPDF's pixels, poppler's word boxes and qpdf's reading of the objects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { makePng } from './support/images.js';
import { pagePixels, pdfObjects, pdfWords, qpdfUncompressed, renderedClean } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
const WHITE = [255, 255, 255];
const RED = [255, 0, 0];

const ok = renderedClean;
const doc = (d: Record<string, unknown>, parts?: Record<string, Uint8Array>) =>
  ok(render({ description: { page: { width: 200, height: 200 }, fonts: FONTS, ...d }, parts, now: NOW }));

/** Ten red rows 20 points tall in a box 160 points tall: eight on page 1, two at the top of page 2's box. */
const table = (extra: Record<string, unknown> = {}) => ({
  type: 'table',
  id: 't',
  pages: [1],
  rect: { llx: 20, lly: 20, urx: 180, ury: 180 },
  font: 'Body',
  font_size: 8,
  padding: 0,
  columns: [{ fraction: 1 }],
  row_height: 20,
  fill: [1, 0, 0],
  rows: Array.from({ length: 10 }, (_, i) => [`row ${i + 1}`]),
  ...extra,
});

describe('table: transform, rotate and layer on every part', () => {
  it("rotate turns each page's part about the centre of that page's box", () => {
    const plain = doc({ items: [table()] });
    expect(plain.pages).toBe(2);
    const p2 = pagePixels(plain.pdf, 2);
    expect(p2(100, 170)).toEqual(RED);
    expect(p2(100, 40)).toEqual(WHITE);
    const turned = doc({ items: [table({ rotate: 180 })] });
    expect(turned.pages).toBe(2);
    const t2 = pagePixels(turned.pdf, 2);
    expect(t2(100, 170)).toEqual(WHITE);
    expect(t2(100, 30)).toEqual(RED);
    // Page 1's part fills its box: turned about the same centre it covers the same box.
    expect(pagePixels(turned.pdf, 1)(100, 100)).toEqual(RED);
    // Each part is its own q … Q with its own matrix: the rows of page 2 are upside down there.
    const words = pdfWords(turned.pdf, ['-f', '2', '-l', '2']).map((w) => w.text);
    expect(words.join(' ')).toMatch(/row/);
    expect(qpdfUncompressed(turned.pdf).match(/^-1 0 0 -1 200 200 cm$/gm)?.length).toBe(2);
  });

  it('transform moves every part, in page space', () => {
    const moved = doc({ items: [table({ transform: [1, 0, 0, 1, 0, -100] })] });
    const p2 = pagePixels(moved.pdf, 2);
    expect(p2(100, 170)).toEqual(WHITE);
    expect(p2(100, 70)).toEqual(RED);
  });

  it('layer makes every part marked content of the layer: a hidden layer hides the whole table', () => {
    const hidden = doc({ layers: [{ name: 'off', visible: false }], items: [table({ layer: 'off' })] });
    expect(pagePixels(hidden.pdf, 1)(100, 100)).toEqual(WHITE);
    expect(pagePixels(hidden.pdf, 2)(100, 170)).toEqual(WHITE);
    expect(qpdfUncompressed(hidden.pdf).match(/^\/OC \/\w+ BDC$/gm)?.length).toBe(2);
    expect(hidden.remarks).toEqual([]); // the layer is drawn with: no "never drawn with" remark
  });

  it('an item hung from a turned table hangs from the unturned edge (docs/reference.md, "table")', () => {
    const total = {
      type: 'text',
      rect: { llx: 20, lly: 0, urx: 180, ury: 12 },
      content: ['Total'],
      font: 'Body',
      font_size: 8,
      relative_to: { id: 't', edge: 'bottom', offset: 5 },
    };
    const out = doc({ items: [table({ rotate: 180 }), total] });
    const w = pdfWords(out.pdf, ['-f', '2', '-l', '2']).find((x) => x.text === 'Total')!;
    // Page 2's part ends two rows below the box top (180 - 40 = 140); the rect's top sits 5 below it.
    expect(200 - w.yMin).toBeLessThan(135);
    expect(200 - w.yMin).toBeGreaterThan(120);
  });

  it('refuses a transform past what a PDF number holds, on a table as on any item', () => {
    for (const item of [
      table({ transform: [1e300, 0, 0, 1, 0, 0] }),
      { type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0], transform: [1, 0, 0, 1, -3e9, 0] },
    ]) {
      const out = render({ description: { fonts: FONTS, items: [item] }, now: NOW });
      expect(out).toMatchObject({ ok: false, status: 400, word: 'drawing', path: '/items/0/transform' });
      expect(out.ok || out.sentence).toMatch(
        /^the coordinate \/items\/0\/transform evaluates to [-\de+]+ on page 1, beyond the ±2147483647 points a PDF number may hold\.$/,
      );
    }
  });

  it('refuses transform together with rotate on a table, naming both', () => {
    const out = render({
      description: { fonts: FONTS, items: [table({ rotate: 90, transform: [1, 0, 0, 1, 0, 0] })] },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/items/0/rotate' });
    expect(out.ok || out.sentence).toMatch(/transform.*rotate/);
  });
});

/** A one-page PDF filled red, to import. */
function redPdf(): Uint8Array {
  return ok(
    render({
      description: {
        page: { width: 100, height: 100 },
        items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, fill: [1, 0, 0] }],
      },
      now: NOW,
    }),
  ).pdf;
}

describe('layer on imported pages and links', () => {
  it('an imported page on a hidden layer is not shown; on a visible one it is, inside /OC … BDC', () => {
    const items = (layer: string) => [
      { type: 'imported_page', part: 'p', rect: { llx: 50, lly: 50, urx: 150, ury: 150 }, layer },
    ];
    const layers = [{ name: 'on' }, { name: 'off', visible: false }];
    const shown = doc({ layers, items: items('on') }, { p: redPdf() });
    expect(pagePixels(shown.pdf, 1)(100, 100)).toEqual(RED);
    expect(qpdfUncompressed(shown.pdf)).toMatch(/\/OC \/\w+ BDC\n[\s\S]*?Do\nQ\nEMC/);
    const hidden = doc({ layers, items: items('off') }, { p: redPdf() });
    expect(pagePixels(hidden.pdf, 1)(100, 100)).toEqual(WHITE);
  });

  it("a link on a layer names the layer's group in /OC", () => {
    const out = doc({
      layers: [{ name: 'nav' }],
      items: [
        {
          type: 'link',
          pages: [1],
          rect: { llx: 10, lly: 10, urx: 90, ury: 30 },
          uri: 'https://example.com/',
          layer: 'nav',
        },
      ],
    });
    const o = pdfObjects(out.pdf);
    const page = o.deref(o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'][0]);
    const annot = o.deref(page['/Annots'][0]);
    const ocg = o.deref(annot['/OC']);
    expect(ocg['/Type']).toBe('/OCG');
    expect(ocg['/Name']).toBe('u:nav');
    expect(out.remarks.filter((r) => /layer/.test(r.text))).toEqual([]); // drawn with, by the link
  });

  it('refuses layers in a document declared older than PDF 1.5', () => {
    const out = render({
      description: {
        version: '1.4',
        layers: [{ name: 'L' }],
        items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0], layer: 'L' }],
      },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/version' });
    expect(out.ok || out.sentence).toMatch(
      /^\/version = "1\.4" is older than PDF 1\.5, which a layer \(optional content\) at \/layers\/0 needs\.$/,
    );
  });

  it('refuses a link on a layer in a document declared older than PDF 1.5', () => {
    const out = render({
      description: {
        version: '1.4',
        layers: [{ name: 'nav' }],
        items: [
          {
            type: 'link',
            pages: [1],
            rect: { llx: 10, lly: 10, urx: 90, ury: 30 },
            uri: 'https://example.com/',
            layer: 'nav',
          },
        ],
      },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/version' });
    expect(out.ok || out.sentence).toBe(
      '/version = "1.4" is older than PDF 1.5, which layer on a link at /items/0/layer needs.',
    );
  });
});

describe('clip on image items', () => {
  const png = makePng({ width: 4, height: 4, type: 2, depth: 8, pixel: () => [255, 0, 0] });
  const image = (clip: unknown) => ({
    type: 'image',
    image: 'red.png',
    rect: { llx: 0, lly: 0, urx: 200, ury: 200 },
    clip,
  });
  it('the picture is seen through the clip, in page coordinates', () => {
    const out = doc(
      {
        items: [
          image({
            segments: [{ move: [0, 0] }, { line: [100, 0] }, { line: [100, 200] }, { line: [0, 200] }, { close: true }],
          }),
        ],
      },
      { 'red.png': png },
    );
    const px = pagePixels(out.pdf, 1);
    expect(px(50, 100)).toEqual(RED);
    expect(px(150, 100)).toEqual(WHITE);
  });

  it('even_odd leaves the inner square of two out; the clip turns with the item', () => {
    const square = (a: number, b: number) => [
      { move: [a, a] },
      { line: [b, a] },
      { line: [b, b] },
      { line: [a, b] },
      { close: true },
    ];
    const out = doc(
      { items: [image({ segments: [...square(20, 180), ...square(80, 120)], rule: 'even_odd' })] },
      { 'red.png': png },
    );
    const px = pagePixels(out.pdf, 1);
    expect(px(50, 50)).toEqual(RED);
    expect(px(100, 100)).toEqual(WHITE);
    expect(px(10, 10)).toEqual(WHITE);
    const turned = doc(
      {
        items: [
          {
            ...image({
              segments: [
                { move: [0, 0] },
                { line: [100, 0] },
                { line: [100, 200] },
                { line: [0, 200] },
                { close: true },
              ],
            }),
            rotate: 180,
          },
        ],
      },
      { 'red.png': png },
    );
    const tp = pagePixels(turned.pdf, 1);
    expect(tp(50, 100)).toEqual(WHITE);
    expect(tp(150, 100)).toEqual(RED);
  });

  it('refuses a clip with no segments, naming it', () => {
    const out = render({ description: { items: [image({ segments: [] })] }, parts: { 'red.png': png }, now: NOW });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description' });
    expect(out.ok || out.path).toMatch(/^\/items\/0\/clip/);
  });
});

describe('relative_to and shapes without a rect', () => {
  it('hangs a text under a line (the box its points span) and a path under a rect', () => {
    const out = doc({
      items: [
        {
          type: 'line',
          id: 'rule',
          pages: [1],
          from: [20, 150],
          to: [180, 140],
          stroke: { width: 2, color: [1, 0, 0] },
        },
        {
          type: 'text',
          rect: { llx: 20, lly: 0, urx: 180, ury: 14 },
          content: ['Under'],
          font: 'Body',
          font_size: 10,
          relative_to: { id: 'rule', edge: 'bottom', offset: 4 },
        },
        { type: 'rect', id: 'box', pages: [1], rect: { llx: 20, lly: 20, urx: 60, ury: 60 }, fill: [0, 0, 1] },
        // A path drawn at y 0…10 hung 10 above the rect's top: it moves up to 70…80.
        {
          type: 'path',
          segments: [{ move: [100, 0] }, { line: [140, 0] }, { line: [140, 10] }, { line: [100, 10] }, { close: true }],
          fill: [1, 0, 0],
          relative_to: { id: 'box', edge: 'top', offset: 10 },
        },
      ],
    });
    const w = pdfWords(out.pdf).find((x) => x.text === 'Under')!;
    // The line spans y 140…150: the text's rect top sits at 136.
    expect(200 - w.yMin).toBeLessThanOrEqual(136.5);
    expect(200 - w.yMin).toBeGreaterThan(120);
    const px = pagePixels(out.pdf, 1);
    expect(px(120, 75)).toEqual(RED);
    expect(px(120, 5)).toEqual(WHITE);
  });

  it('hangs a polygon from a drawing placed without a rect (its declared box), and a drawing from a table', () => {
    const out = doc({
      drawings: [
        {
          name: 'mark',
          box: { llx: 0, lly: 150, urx: 40, ury: 190 },
          items: [{ type: 'rect', rect: { llx: 0, lly: 150, urx: 40, ury: 190 }, fill: [0, 0, 1] }],
        },
      ],
      items: [
        { type: 'drawing', id: 'd', pages: [1], drawing: 'mark' },
        {
          type: 'polygon',
          points: [
            [100, 0],
            [140, 0],
            [140, 20],
          ],
          fill: [1, 0, 0],
          relative_to: { id: 'd', edge: 'bottom', offset: 10 },
        },
        table({ rect: { llx: 20, lly: 20, urx: 180, ury: 60 }, rows: [['a']], pages: [2], id: 'small' }),
        { type: 'drawing', drawing: 'mark', relative_to: { id: 'small', edge: 'bottom', offset: 0 } },
      ],
    });
    const p1 = pagePixels(out.pdf, 1);
    // The drawing's box bottom is 150: the polygon's top (20) goes to 140, its bottom to 120.
    expect(p1(138, 125)).toEqual(RED);
    expect(p1(138, 5)).toEqual(WHITE);
    // On page 2 the table's one row ends at 40: the drawing's box (40 tall) hangs from 40 down to 0.
    const p2 = pagePixels(out.pdf, 2);
    expect(p2(10, 20)).toEqual([0, 0, 255]);
    expect(p2(10, 170)).toEqual(WHITE);
  });

  it('hangs a text_path: its letters move with its path', () => {
    const out = doc({
      items: [
        { type: 'rect', id: 'box', pages: [1], rect: { llx: 20, lly: 60, urx: 180, ury: 100 }, fill: [0.8] },
        {
          type: 'text_path',
          segments: [{ move: [20, 0] }, { line: [180, 0] }],
          content: ['HUNG'],
          font: 'Body',
          font_size: 12,
          relative_to: { id: 'box', edge: 'top', offset: 10 },
        },
      ],
    });
    const letters = pdfWords(out.pdf).filter((w) => /^[HUNG]+$/.test(w.text));
    expect(letters.length).toBeGreaterThan(0);
    // The path (y 0) moves to 10 above the rect's top: the baseline at 110, letters above it.
    for (const w of letters) {
      expect(200 - w.yMax).toBeGreaterThan(105);
      expect(200 - w.yMax).toBeLessThan(115);
    }
  });

  it('still refuses {total_pages} in the points of a shape something hangs from', () => {
    const out = render({
      description: {
        fonts: FONTS,
        items: [
          { type: 'line', id: 'l', pages: [1], from: [0, '{total_pages}'], to: [10, 10] },
          {
            type: 'text',
            rect: { llx: 0, lly: 0, urx: 100, ury: 10 },
            content: ['x'],
            font: 'Body',
            font_size: 8,
            relative_to: { id: 'l', edge: 'bottom' },
          },
        ],
      },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/items/0/from/1' });
  });
});

describe('placement keys on arbitrary descriptions', () => {
  const n = fc.oneof(
    fc.double({ min: -400, max: 600, noNaN: true }),
    fc.integer({ min: -5, max: 300 }),
    fc.constantFrom('{total_pages}', '{current_page} * 10', 1e12),
  );
  const pt = fc.tuple(n, n);
  const ids = fc.constantFrom('a', 'b', 'c', 'd');
  const rel = fc.option(
    fc.record(
      {
        id: ids,
        edge: fc.constantFrom('top', 'bottom'),
        offset: fc.integer({ min: -50, max: 50 }),
        part: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      },
      { requiredKeys: ['id', 'edge'] },
    ),
    { nil: undefined },
  );
  const common = {
    id: fc.option(ids, { nil: undefined }),
    pages: fc.option(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }), { nil: undefined }),
    relative_to: rel,
    rotate: fc.option(fc.integer({ min: -360, max: 360 }), { nil: undefined }),
    layer: fc.option(fc.constantFrom('L', 'nope'), { nil: undefined }),
  };
  const item = fc.oneof(
    fc.record({ type: fc.constant('line'), from: pt, to: pt, ...common }, { requiredKeys: ['type', 'from', 'to'] }),
    fc.record(
      {
        type: fc.constant('polygon'),
        points: fc.array(pt, { minLength: 2, maxLength: 4 }),
        fill: fc.constant([1, 0, 0]),
        ...common,
      },
      { requiredKeys: ['type', 'points'] },
    ),
    fc.record(
      {
        type: fc.constant('rect'),
        rect: fc.record({ llx: n, lly: n, urx: n, ury: n }),
        fill: fc.constant([0]),
        ...common,
      },
      { requiredKeys: ['type', 'rect'] },
    ),
    fc
      .record(
        {
          type: fc.constant('table'),
          ...common,
          transform: fc.option(fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 6, maxLength: 6 }), {
            nil: undefined,
          }),
        },
        { requiredKeys: ['type'] },
      )
      .map((t) => ({
        ...t,
        rect: { llx: 20, lly: 20, urx: 180, ury: 180 },
        font: 'Body',
        font_size: 8,
        columns: [{ fraction: 1 }],
        row_height: 30,
        rows: Array.from({ length: 7 }, (_, i) => [`r${i}`]),
      })),
  );
  it('answers a PDF or a clean 4xx, never a crash', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), (items) => {
        const out = render({
          description: { page: { width: 200, height: 200 }, fonts: FONTS, layers: [{ name: 'L' }], items },
          now: NOW,
        });
        if (out.ok) {
          expect(out.pages).toBeGreaterThanOrEqual(1);
          return;
        }
        expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
        expect(out.status, out.sentence).toBeLessThan(500);
        expect(REFUSAL_WORDS).toContain(out.word);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
