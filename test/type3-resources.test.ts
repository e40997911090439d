// test/type3-resources.test.ts — Type 3 glyphs drawn with the page content writer: a glyph reaches
// the request's gradients, tilings, graphics states, layers and declared colour spaces through the
// font's own /Resources, judged by MuPDF's pixels, qpdf and Ghostscript; a d1 glyph sets its shapes'
// colours aside; what only a glyph draws with is not remarked as unused.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { RenderSuccess } from '../src/types.js';
import { NOW } from './support/fixtures.js';
import { gsRender, inkIn, mutoolDraw, pdfToText, qpdfCheck, qpdfJson, renderPage } from './support/pdf-tools.js';

const licence = {
  holder: 'Acme',
  features: ['fonts_without_outlines'],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
} as const;

/** A 1000-unit glyph whose one rect (100..900 each way) carries `extra` (fill, graphics_state, layer…). */
const glyph = (character: string, extra: Record<string, unknown>, box = false) => ({
  character,
  width: 1000,
  ...(box ? { box: { llx: 0, lly: 0, urx: 1000, ury: 1000 } } : {}),
  items: [{ type: 'rect', rect: { llx: 100, lly: 100, urx: 900, ury: 900 }, ...extra }],
});

const description = {
  page: { width: 700, height: 200 },
  shadings: [
    {
      name: 'grad',
      shading: { axial: { from: [0, 0], to: [1000, 0], start: [1, 0, 0], end: [0, 0, 1], extend: [true, true] } },
    },
  ],
  tilings: [
    {
      name: 'check',
      box: { x: 0, y: 0, width: 20, height: 20 },
      step: [20, 20],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
  ],
  graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
  layers: [{ name: 'off', visible: false }],
  color_spaces: { gold: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
  type3_fonts: [
    {
      name: 'G',
      matrix: [0.001, 0, 0, 0.001, 0, 0],
      box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
      glyphs: [
        glyph('g', { fill: { shading: 'grad' } }),
        glyph('h', { fill: { pattern: 'check' } }),
        glyph('i', { fill: [0], graphics_state: 'half' }),
        glyph('j', { fill: [0], layer: 'off' }),
        glyph('k', { fill: { space: 'gold', tints: [1] } }),
        // d1: takes the text's colour (red); its own gradient is set aside, its graphics state is not.
        glyph('l', { fill: { shading: 'grad' }, graphics_state: 'half' }, true),
      ],
    },
  ],
  // 100 pt: the first baseline is one leading (120 pt) below the top, so glyph rects span y 90..170.
  items: [
    {
      type: 'text',
      rect: { llx: 0, lly: 0, urx: 700, ury: 200 },
      content: ['ghijkl'],
      font: 'G',
      font_size: 100,
      color: [1, 0, 0],
    },
  ],
};

/** The middle of the n-th letter's rect. */
const centre = (n: number) => ({ llx: 100 * n + 30, lly: 110, urx: 100 * n + 70, ury: 150 });

describe('Type 3 glyphs reach the declared graphics resources', () => {
  const out = render({ description, now: NOW, service: { licence: licence as never } }) as RenderSuccess;

  it('renders: qpdf, Ghostscript and MuPDF without a warning, the text extracts', () => {
    expect(out.ok, JSON.stringify(out)).toBe(true);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    expect(gsRender(out.pdf)).toEqual({ code: 0, out: '' });
    expect(mutoolDraw(out.pdf)).toEqual({ code: 0, err: '' });
    expect(pdfToText(out.pdf)).toMatch(/ghijkl/);
  });

  it('pixels: gradient, tiling, graphics state, hidden layer, separation, and a d1 glyph in the text colour', () => {
    const grad = inkIn(out.pdf, centre(0));
    expect(grad.share).toBeGreaterThan(0.95);
    expect(grad.mean[1]).toBeLessThan(80); // between red and blue, never green
    expect(grad.mean[0] + grad.mean[2]).toBeGreaterThan(150);
    // In glyph space (the pattern's parent is the glyph procedure): red at the glyph's left, blue at its right.
    const left = inkIn(out.pdf, { llx: 12, lly: 110, urx: 20, ury: 150 }),
      right = inkIn(out.pdf, { llx: 80, lly: 110, urx: 88, ury: 150 });
    expect(left.mean[0]).toBeGreaterThan(left.mean[2] + 100);
    expect(right.mean[2]).toBeGreaterThan(right.mean[0] + 100);
    const tiles = inkIn(out.pdf, centre(1));
    expect(tiles.share).toBeGreaterThan(0.1); // black cells and white gaps
    expect(tiles.share).toBeLessThan(0.9);
    const half = inkIn(out.pdf, centre(2), 36);
    expect(half.share).toBeGreaterThan(0.95);
    for (const c of half.mean) expect(Math.abs(c - 128)).toBeLessThan(20); // black at half opacity
    expect(inkIn(out.pdf, centre(3)).share).toBe(0); // in a hidden layer
    const gold = inkIn(out.pdf, centre(4));
    expect(gold.share).toBeGreaterThan(0.95);
    expect(gold.mean[0]).toBeGreaterThan(200);
    expect(gold.mean[1]).toBeGreaterThan(200);
    expect(gold.mean[2]).toBeLessThan(80);
    const d1 = inkIn(out.pdf, centre(5), 36);
    expect(d1.share).toBeGreaterThan(0.95);
    expect(d1.mean[0]).toBeGreaterThan(230); // red at half opacity: light red, not the gradient's blue
    expect(Math.abs(d1.mean[1] - 128)).toBeLessThan(20);
    expect(Math.abs(d1.mean[2] - 128)).toBeLessThan(20);
  });

  it('poppler (pdftoppm) paints the same (its gradient laid in page space): gradient, grey, nothing, gold, light red', () => {
    const r = renderPage(out.pdf, 72, 1, 'pdftoppm');
    const near = (got: number[], want: number[]) =>
      got.forEach((v, i) => expect(Math.abs(v - want[i]), `${got} vs ${want}`).toBeLessThanOrEqual(24));
    const g = r.at(50, 130);
    expect(g[1]).toBeLessThan(80);
    expect(g[0] + g[2]).toBeGreaterThan(150);
    near(r.at(250, 130), [128, 128, 128]);
    near(r.at(350, 130), [255, 255, 255]);
    near(r.at(450, 130), [255, 255, 0]);
    near(r.at(550, 130), [255, 128, 128]);
  });

  it('the font carries its own /Resources, and nothing a glyph draws with is remarked as unused', () => {
    const json = qpdfJson(out.pdf) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] };
    const objects = json.qpdf[1];
    const font = Object.values(objects).find((o) => o.value?.['/Subtype'] === '/Type3')!.value!;
    const res = (
      typeof font['/Resources'] === 'string' ? objects[`obj:${font['/Resources']}`].value : font['/Resources']
    ) as Record<string, unknown>;
    expect(Object.keys(res).sort()).toEqual(['/ColorSpace', '/ExtGState', '/Pattern', '/Properties']);
    expect(out.remarks).toEqual([]);
  });

  it('a declaration only an unused glyph would draw with is still not remarked: every declared Type 3 font is written', () => {
    const d = { ...description, items: [{ ...description.items[0], content: ['g'] }] };
    const r = render({ description: d, now: NOW, service: { licence: licence as never } }) as RenderSuccess;
    expect(r.remarks).toEqual([]);
  });

  it('a d1 glyph’s colours are set aside: a gradient named only there is drawn with by nothing', () => {
    const d = {
      ...description,
      shadings: [
        ...description.shadings,
        { name: 'only_d1', shading: { axial: { from: [0, 0], to: [1, 0], start: [0, 1, 0], end: [0, 1, 0] } } },
      ],
      type3_fonts: [
        {
          ...description.type3_fonts[0],
          glyphs: [glyph('a', { fill: { shading: 'only_d1' } }, true), ...description.type3_fonts[0].glyphs],
        },
      ],
    };
    const r = render({ description: d, now: NOW, service: { licence: licence as never } }) as RenderSuccess;
    expect(r.remarks.map((m) => m.text)).toEqual(['the gradient only_d1 is never drawn with']);
  });
});
