// test/graphics.test.ts — the imaging model end to end, judged by MuPDF's pixels and qpdf: gradients
// of every kind and function shape, tilings (repeat period, shapes lining up, uncoloured cells taking
// the fill colour), soft masks, blend modes, strokes, the item wrapper (rotate, graphics state,
// layer, clip on text), layers, declared colour spaces and page spaces, and one object per declaration.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { qpdfCheck, qpdfRawObjects, qpdfUncompressed, renderRgb, rgbAt } from './support/pdf-tools.js';

const SRGB = new Uint8Array(readFileSync('/usr/share/color/icc/ghostscript/srgb.icc'));
const CMYK_ICC = new Uint8Array(readFileSync('/usr/share/color/icc/ghostscript/default_cmyk.icc'));

function pdfOf(d: Record<string, unknown>, parts?: Record<string, Uint8Array>) {
  const out = render({ description: { page: { width: 200, height: 200 }, ...d }, parts, now: NOW });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.path}: ${out.sentence}`);
  const q = qpdfCheck(out.pdf);
  expect(q.code, q.out).toBe(0);
  return out;
}

const page = { type: 'rect', rect: { llx: 0, lly: 0, urx: 200, ury: 200 } };
const near = (got: number[], want: number[], tol = 8) => {
  got.forEach((v, i) => expect(Math.abs(v - want[i]), `${got} vs ${want}`).toBeLessThanOrEqual(tol));
};
const filled = (fill: unknown, extra: Record<string, unknown> = {}) => ({ ...page, fill, ...extra });

describe('gradients', () => {
  it('axial: the midpoint is half of each end', () => {
    const { pdf } = pdfOf({
      shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [200, 0], start: [1, 0, 0], end: [0, 0, 1] } } }],
      items: [filled({ shading: 'g' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 100, 100), [128, 0, 128]);
    near(rgbAt(r, 1, 100), [255, 0, 0], 4);
    near(rgbAt(r, 199, 100), [0, 0, 255], 4);
  });

  it('radial: the centre takes the start colour, the rim the end', () => {
    const { pdf } = pdfOf({
      shadings: [
        {
          name: 'g',
          shading: {
            radial: {
              from: [100, 100, 0],
              to: [100, 100, 80],
              start: [1, 1, 0],
              end: [0, 0, 1],
              extend: [false, true],
            },
          },
        },
      ],
      items: [filled({ shading: 'g' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 100, 100), [255, 255, 0], 6);
    near(rgbAt(r, 140, 100), [128, 128, 128], 10);
    near(rgbAt(r, 2, 2), [0, 0, 255], 4); // extended past the end circle
  });

  it('grey and light ends write DeviceRGB; ink ends DeviceCMYK', () => {
    const { pdf } = pdfOf({
      shadings: [
        { name: 'g', shading: { axial: { from: [0, 0], to: [200, 0], start: [1], end: [0, 0, 1] } } },
        { name: 'k', shading: { axial: { from: [0, 0], to: [200, 0], start: [0, 0, 0, 0], end: [0, 0, 0, 1] } } },
      ],
      items: [
        filled({ shading: 'g' }, { rect: { llx: 0, lly: 0, urx: 200, ury: 100 } }),
        filled({ shading: 'k' }, { rect: { llx: 0, lly: 100, urx: 200, ury: 200 } }),
      ],
    });
    const shadings = Object.values(qpdfRawObjects(pdf))
      .map((o) => o.value)
      .filter((v) => v && '/ShadingType' in v);
    expect(shadings.map((s) => s!['/ColorSpace']).sort()).toEqual(['/DeviceCMYK', '/DeviceRGB']);
    const r = renderRgb(pdf);
    near(rgbAt(r, 100, 50), [128, 128, 255], 8);
    near(rgbAt(r, 100, 150), [128, 128, 128], 10);
  });

  it('space and function: sampled, stitching and exponential functions', () => {
    const sampled = {
      sampled: { domain: [0, 1], range: [0, 1, 0, 1, 0, 1], size: [2], samples: [255, 0, 0, 0, 0, 255] },
    };
    const stitching = {
      stitching: {
        functions: [
          { exponential: { low: [1, 0, 0], high: [0, 1, 0] } },
          { exponential: { low: [0, 1, 0], high: [0, 0, 1] } },
        ],
        bounds: [0.5],
        encode: [0, 1, 0, 1],
      },
    };
    const squared = { exponential: { low: [0], high: [1], exponent: 2 } };
    const { pdf } = pdfOf({
      shadings: [
        { name: 's', shading: { axial: { from: [0, 0], to: [200, 0], space: 'rgb', function: sampled } } },
        { name: 't', shading: { axial: { from: [0, 0], to: [200, 0], space: 'rgb', function: stitching } } },
        { name: 'e', shading: { axial: { from: [0, 0], to: [200, 0], space: 'gray', function: squared } } },
      ],
      items: [
        filled({ shading: 's' }, { rect: { llx: 0, lly: 0, urx: 200, ury: 60 } }),
        filled({ shading: 't' }, { rect: { llx: 0, lly: 70, urx: 200, ury: 130 } }),
        filled({ shading: 'e' }, { rect: { llx: 0, lly: 140, urx: 200, ury: 200 } }),
      ],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 100, 30), [128, 0, 128]);
    near(rgbAt(r, 100, 100), [0, 255, 0], 10);
    near(rgbAt(r, 100, 170), [64, 64, 64], 6); // 0.5² = 0.25
  });

  it('function_based: a two-input calculation paints its placed rectangle and nothing outside', () => {
    const fn = { calculation: { program: '{ 0 }', domain: [0, 1, 0, 1], range: [0, 1, 0, 1, 0, 1] } };
    const { pdf } = pdfOf({
      shadings: [
        {
          name: 'f',
          shading: {
            function_based: {
              domain: [
                [0, 1],
                [0, 1],
              ],
              matrix: [100, 0, 0, 100, 0, 0],
              space: 'rgb',
              function: fn,
            },
          },
        },
      ],
      items: [filled({ shading: 'f' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 90, 10), [230, 26, 0], 8); // r = x, g = y, b = 0
    near(rgbAt(r, 10, 90), [26, 230, 0], 8);
    expect(rgbAt(r, 150, 150)).toEqual([255, 255, 255]);
  });

  it('mesh: each corner takes its colour; the data is packed with the stated bits and decode', () => {
    const c = (x: number, y: number, color: number[]) => ({ at: [x, y], color });
    const { pdf } = pdfOf({
      shadings: [
        {
          name: 'm',
          shading: { mesh: { triangles: [[c(0, 0, [1, 0, 0]), c(200, 0, [0, 1, 0]), c(0, 200, [0, 0, 1])]] } },
        },
      ],
      items: [filled({ shading: 'm' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 2, 2), [255, 0, 0], 12);
    near(rgbAt(r, 196, 1), [0, 255, 0], 14);
    near(rgbAt(r, 1, 196), [0, 0, 255], 14);
    const sh = Object.values(qpdfRawObjects(pdf)).find((o) => o.stream?.dict['/ShadingType'] === 4)!.stream!.dict;
    expect(sh).toMatchObject({
      '/BitsPerCoordinate': 32,
      '/BitsPerComponent': 16,
      '/BitsPerFlag': 8,
      '/Decode': [0, 200, 0, 200, 0, 1, 0, 1, 0, 1],
    });
  });

  it('lattice mesh: corners of a 2 × 2 lattice', () => {
    const c = (x: number, y: number, color: number[]) => ({ at: [x, y], color });
    const { pdf } = pdfOf({
      shadings: [
        {
          name: 'l',
          shading: {
            lattice_mesh: {
              rows: [
                [c(0, 0, [1, 0, 0]), c(200, 0, [0, 1, 0])],
                [c(0, 200, [0, 0, 1]), c(200, 200, [1, 1, 1])],
              ],
            },
          },
        },
      ],
      items: [filled({ shading: 'l' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 2, 2), [255, 0, 0], 12);
    near(rgbAt(r, 198, 198), [255, 255, 255], 12);
    expect(
      Object.values(qpdfRawObjects(pdf)).find((o) => o.stream?.dict['/ShadingType'] === 5)!.stream!.dict[
        '/VerticesPerRow'
      ],
    ).toBe(2);
  });

  const boundary = [
    [0, 0],
    [0, 66],
    [0, 133],
    [0, 200],
    [66, 200],
    [133, 200],
    [200, 200],
    [200, 133],
    [200, 66],
    [200, 0],
    [133, 0],
    [66, 0],
  ];
  const colours = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 1, 0],
  ];
  it('coons patch: the corner colours sit at points 1, 4, 7 and 10', () => {
    const { pdf } = pdfOf({
      shadings: [{ name: 'p', shading: { coons_patch_mesh: { patches: [{ points: boundary, colors: colours }] } } }],
      items: [filled({ shading: 'p' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 2, 2), [255, 0, 0], 14);
    near(rgbAt(r, 2, 197), [0, 255, 0], 14);
    near(rgbAt(r, 197, 197), [0, 0, 255], 14);
    near(rgbAt(r, 197, 2), [255, 255, 0], 14);
  });

  it('tensor patch: 16 points, a corner keeps its colour; tints under a declared space', () => {
    const points = [...boundary, [66, 66], [66, 133], [133, 133], [133, 66]];
    const { pdf } = pdfOf({
      color_spaces: { gold: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
      shadings: [
        {
          name: 'p',
          shading: { tensor_patch_mesh: { space: 'gold', patches: [{ points, tints: [[1], [0], [0], [0]] }] } },
        },
      ],
      items: [filled({ shading: 'p' })],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 2, 2), [255, 255, 0], 16);
    near(rgbAt(r, 197, 197), [255, 255, 255], 16);
  });
});

describe('tilings', () => {
  const cell = {
    name: 'check',
    box: { x: 0, y: 0, width: 20, height: 20 },
    step: [20, 20],
    items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
  };
  it('repeats at its step, laid in page coordinates so two shapes line up', () => {
    const { pdf } = pdfOf({
      tilings: [cell],
      items: [
        filled({ pattern: 'check' }, { rect: { llx: 0, lly: 0, urx: 97, ury: 100 } }),
        filled({ pattern: 'check' }, { rect: { llx: 97, lly: 0, urx: 200, ury: 100 } }),
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 5, 5)).toEqual([0, 0, 0]);
    expect(rgbAt(r, 15, 15)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 45, 65)).toEqual([0, 0, 0]); // one period of 20 later, across and up
    expect(rgbAt(r, 105, 5)).toEqual([0, 0, 0]); // in the second shape, same phase as the first
    expect(rgbAt(r, 115, 5)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 5, 150)).toEqual([255, 255, 255]); // outside both shapes
    const patterns = Object.values(qpdfRawObjects(pdf)).filter((o) => o.stream?.dict['/PatternType'] === 1);
    expect(patterns).toHaveLength(1);
    expect(patterns[0].stream!.dict).toMatchObject({
      '/PaintType': 1,
      '/TilingType': 1,
      '/XStep': 20,
      '/YStep': 20,
      '/BBox': [0, 0, 20, 20],
    });
  });

  it('an uncoloured cell takes the colour of the fill; spacing picks the tiling type; the last of two names wins', () => {
    const { pdf } = pdfOf({
      tilings: [
        {
          ...cell,
          colored: false,
          spacing: 'constant_and_fast',
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [1, 0, 0] }],
        },
        { ...cell, name: 'other' },
      ],
      items: [
        filled({ pattern: 'check', color: [0, 0, 1] }, { rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }),
        filled({ pattern: 'check' }, { rect: { llx: 100, lly: 0, urx: 200, ury: 100 } }),
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 5, 5)).toEqual([0, 0, 255]);
    expect(rgbAt(r, 105, 5)).toEqual([0, 0, 0]); // default colour: black
    const p = Object.values(qpdfRawObjects(pdf)).find((o) => o.stream?.dict['/PatternType'] === 1)!;
    expect(p.stream!.dict).toMatchObject({ '/PaintType': 2, '/TilingType': 3 });
    const twice = render({
      description: { tilings: [cell, { ...cell, step: [30, 30] }], items: [filled({ pattern: 'check' })] },
      now: NOW,
    });
    expect(
      twice.ok &&
        Object.values(qpdfRawObjects(twice.pdf)).find((o) => o.stream?.dict['/PatternType'] === 1)!.stream!.dict[
          '/XStep'
        ],
    ).toBe(30);
  });
});

describe('graphics states', () => {
  it('a luminosity soft mask lets the page through where the mask drawing is dark', () => {
    const { pdf } = pdfOf({
      drawings: [
        {
          name: 'm',
          box: { llx: 0, lly: 0, urx: 200, ury: 200 },
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 100, ury: 200 }, fill: [1] }],
        },
      ],
      graphics_states: [
        { name: 'masked', state: { mask: { drawing: 'm' } } },
        { name: 'alpha', state: { mask: { drawing: 'm', read: 'alpha' } } },
      ],
      items: [
        filled([1, 0, 0], { graphics_state: 'masked', rect: { llx: 0, lly: 0, urx: 200, ury: 100 } }),
        filled([0, 0, 1], { graphics_state: 'alpha', rect: { llx: 0, lly: 100, urx: 200, ury: 200 } }),
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 50, 50)).toEqual([255, 0, 0]);
    expect(rgbAt(r, 150, 50)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 50, 150)).toEqual([0, 0, 255]);
    expect(rgbAt(r, 150, 150)).toEqual([255, 255, 255]);
    const smasks = Object.values(qpdfRawObjects(pdf))
      .map((o) => o.value?.['/SMask'] as Record<string, unknown> | undefined)
      .filter(Boolean);
    expect(smasks.map((s) => s!['/S']).sort()).toEqual(['/Alpha', '/Luminosity']);
  });

  it('blend modes: multiply and difference mix each channel', () => {
    const { pdf } = pdfOf({
      graphics_states: [
        { name: 'mul', state: { blend_mode: 'multiply' } },
        { name: 'diff', state: { blend_mode: 'difference' } },
      ],
      items: [
        filled([1, 1, 0], { rect: { llx: 0, lly: 0, urx: 120, ury: 200 } }),
        filled([0, 1, 1], { rect: { llx: 80, lly: 0, urx: 200, ury: 100 }, graphics_state: 'mul' }),
        filled([0, 1, 1], { rect: { llx: 80, lly: 100, urx: 200, ury: 200 }, graphics_state: 'diff' }),
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 100, 50)).toEqual([0, 255, 0]);
    expect(rgbAt(r, 100, 150)).toEqual([255, 0, 255]);
    expect(rgbAt(r, 160, 50)).toEqual([0, 255, 255]);
  });

  it('fill_alpha lets half the page through', () => {
    const { pdf } = pdfOf({
      graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
      items: [filled([0], { graphics_state: 'half' })],
    });
    near(rgbAt(renderRgb(pdf), 100, 100), [128, 128, 128], 2);
  });

  it('writes every key of a state as ISO 32000 spells it, once however many items and pages apply it', () => {
    const state = {
      fill_alpha: 0.4,
      stroke_alpha: 0.6,
      blend_mode: 'color_dodge',
      alpha_is_shape: true,
      text_knockout: false,
      stroke_overprint: true,
      overprint_mode: 'keep_zero',
      rendering_intent: 'perceptual',
      black_point_compensation: 'on',
      stroke_adjustment: true,
      flatness: 2,
      smoothness: 0.1,
      transfer: {
        per_ink: [
          { exponential: { low: [0], high: [1] } },
          { exponential: { low: [0], high: [1], exponent: 2 } },
          { sampled: { domain: [0, 1], range: [0, 1], size: [2], samples: [0, 255] } },
          { calculation: { program: '{ 1 exch sub }', domain: [0, 1], range: [0, 1] } },
        ],
      },
      halftone: {
        per_ink: {
          inks: [
            { colorant: 'Cyan', screen: { frequency: 60, angle: 15, spot: 'ellipse_a' } },
            { colorant: 'Gold', screen: { frequency: 80, angle: 45, spot: 'inverted_ellipse_c', accurate: true } },
          ],
          default: { frequency: 60, angle: 45, spot: 'round' },
        },
      },
    };
    const { pdf } = pdfOf({
      graphics_states: [
        { name: 'all', state },
        {
          name: 'page',
          state: {
            transfer: 'page',
            overprint: true,
            halftone: { every: { frequency: 100, angle: 0, spot: 'diamond' } },
          },
        },
      ],
      items: [
        filled([0.5], { graphics_state: 'all', pages: [1, 2] }),
        filled([0.2], { graphics_state: 'all', pages: [2] }),
        filled([0.2], { graphics_state: 'page', pages: [2] }),
      ],
    });
    const objs = Object.values(qpdfRawObjects(pdf))
      .map((o) => o.value)
      .filter((v) => v?.['/Type'] === '/ExtGState');
    expect(objs).toHaveLength(2);
    const all = objs.find((o) => o!['/BM'])!;
    expect(all).toMatchObject({
      '/ca': 0.4,
      '/CA': 0.6,
      '/BM': '/ColorDodge',
      '/AIS': true,
      '/TK': false,
      '/OP': true,
      '/op': false,
      '/OPM': 1,
      '/RI': '/Perceptual',
      '/UseBlackPtComp': '/ON',
      '/SA': true,
      '/FL': 2,
      '/SM': 0.1,
    });
    expect(all['/TR2']).toHaveLength(4);
    const other = objs.find((o) => !o!['/BM'])!;
    expect(other).toMatchObject({ '/TR2': '/Default', '/OP': true, '/op': true });
    const ht = Object.values(qpdfRawObjects(pdf))
      .map((o) => o.value)
      .filter((v) => v?.['/Type'] === '/Halftone');
    expect(ht.find((h) => h!['/HalftoneType'] === 5)).toMatchObject({
      '/Cyan': { '/SpotFunction': '/EllipseA', '/Frequency': 60, '/Angle': 15 },
      '/Gold': { '/SpotFunction': '/InvertedEllipseC', '/AccurateScreens': true },
      '/Default': { '/SpotFunction': '/Round' },
    });
    expect(ht.find((h) => h!['/HalftoneType'] === 1)).toMatchObject({ '/SpotFunction': '/Diamond', '/Frequency': 100 });
  });

  it('halftone_origin writes HTO and announces PDF 2.0 when no version is stated', () => {
    const { pdf } = pdfOf({
      graphics_states: [{ name: 'o', state: { halftone_origin: [10, 20] } }],
      items: [filled([0], { graphics_state: 'o' })],
    });
    expect(Buffer.from(pdf.subarray(0, 8)).toString()).toBe('%PDF-2.0');
    expect(Object.values(qpdfRawObjects(pdf)).find((o) => o.value?.['/Type'] === '/ExtGState')!.value!['/HTO']).toEqual(
      [10, 20],
    );
    const stated = pdfOf({
      version: '2.0',
      graphics_states: [{ name: 'o', state: { halftone_origin: [1, 2] } }],
      items: [filled([0], { graphics_state: 'o' })],
    });
    expect(Buffer.from(stated.pdf.subarray(0, 8)).toString()).toBe('%PDF-2.0');
  });

  it('the 21 spot functions are each written by their PDF name', () => {
    const spots = [
      'simple_dot',
      'inverted_simple_dot',
      'double_dot',
      'inverted_double_dot',
      'cosine_dot',
      'double',
      'inverted_double',
      'round',
      'line',
      'line_x',
      'line_y',
      'ellipse',
      'ellipse_a',
      'inverted_ellipse_a',
      'ellipse_b',
      'ellipse_c',
      'inverted_ellipse_c',
      'square',
      'cross',
      'rhomboid',
      'diamond',
    ];
    const { pdf } = pdfOf({
      graphics_states: spots.map((spot) => ({
        name: spot,
        state: { halftone: { every: { frequency: 50, angle: 0, spot } } },
      })),
      items: spots.map((s) => filled([0], { graphics_state: s })),
    });
    const names = Object.values(qpdfRawObjects(pdf))
      .map((o) => o.value?.['/SpotFunction'])
      .filter(Boolean)
      .sort();
    expect(names).toEqual([
      '/CosineDot',
      '/Cross',
      '/Diamond',
      '/Double',
      '/DoubleDot',
      '/Ellipse',
      '/EllipseA',
      '/EllipseB',
      '/EllipseC',
      '/InvertedDouble',
      '/InvertedDoubleDot',
      '/InvertedEllipseA',
      '/InvertedEllipseC',
      '/InvertedSimpleDot',
      '/Line',
      '/LineX',
      '/LineY',
      '/Rhomboid',
      '/Round',
      '/SimpleDot',
      '/Square',
    ]);
  });
});

describe('shapes and the item wrapper', () => {
  it('strokes a line with width and round caps; rotate turns a rect about its centre', () => {
    const { pdf } = pdfOf({
      items: [
        { type: 'line', from: [20, 30], to: [180, 30], stroke: { width: 10, cap: 'round', color: [0, 0, 1] } },
        { type: 'rect', rect: { llx: 50, lly: 140, urx: 150, ury: 160 }, fill: [1, 0, 0], rotate: 90 },
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 100, 33)).toEqual([0, 0, 255]);
    expect(rgbAt(r, 100, 40)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 17, 30)).toEqual([0, 0, 255]); // the round cap reaches past the end
    expect(rgbAt(r, 100, 190)).toEqual([255, 0, 0]); // rotated: now 100 tall
    expect(rgbAt(r, 60, 150)).toEqual([255, 255, 255]);
  });

  it('path with curves and even-odd fill; polygon; ellipse; dashed stroke', () => {
    const ring = [
      { move: [10, 10] },
      { line: [190, 10] },
      { line: [190, 190] },
      { line: [10, 190] },
      { close: true },
      { move: [60, 60] },
      { line: [140, 60] },
      { line: [140, 140] },
      { line: [60, 140] },
      { close: true },
    ];
    const { pdf } = pdfOf({
      items: [
        { type: 'path', segments: ring, fill: [0, 1, 0], fill_rule: 'even_odd' },
        {
          type: 'ellipse',
          rect: { llx: 80, lly: 80, urx: 120, ury: 120 },
          fill: [1, 0, 0],
          stroke: { width: 1, dash: { pattern: [3, 3] } },
        },
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 30, 30)).toEqual([0, 255, 0]);
    expect(rgbAt(r, 70, 70)).toEqual([255, 255, 255]); // the hole
    expect(rgbAt(r, 100, 100)).toEqual([255, 0, 0]);
    expect(rgbAt(r, 81, 81)).toEqual([255, 255, 255]); // outside the ellipse, inside its rect
    expect(qpdfUncompressed(pdf)).toMatch(/\[3 3\] 0 d/);
  });

  it('places a declared drawing, stretched onto its rect, written once as a form', () => {
    const { pdf } = pdfOf({
      drawings: [
        {
          name: 'sq',
          box: { llx: 0, lly: 0, urx: 10, ury: 10 },
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 5, ury: 10 }, fill: [0, 0, 1] }],
        },
      ],
      items: [
        { type: 'drawing', drawing: 'sq', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } },
        { type: 'drawing', drawing: 'sq', rect: { llx: 100, lly: 100, urx: 200, ury: 200 }, pages: [1, 2] },
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 40, 50)).toEqual([0, 0, 255]);
    expect(rgbAt(r, 60, 50)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 140, 150)).toEqual([0, 0, 255]);
    expect(Object.values(qpdfRawObjects(pdf)).filter((o) => o.stream?.dict['/Subtype'] === '/Form')).toHaveLength(1);
  });

  it('wraps a text item in q, its matrix, gs, layer and clip; the clip hides what falls outside', () => {
    const text = {
      type: 'text',
      rect: { llx: 0, lly: 0, urx: 200, ury: 200 },
      content: ['HHHH'],
      font: 'Body',
      font_size: 90,
      leading: 100,
    };
    const base = {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      layers: [{ name: 'ink' }],
      graphics_states: [{ name: 'g', state: { stroke_alpha: 1 } }],
    };
    const clipped = pdfOf({
      ...base,
      items: [
        {
          ...text,
          layer: 'ink',
          graphics_state: 'g',
          transform: [1, 0, 0, 1, 0, 0],
          clip: {
            segments: [{ move: [0, 0] }, { line: [40, 0] }, { line: [40, 200] }, { line: [0, 200] }, { close: true }],
          },
        },
      ],
    }).pdf;
    const open = pdfOf({ ...base, items: [{ ...text, layer: 'ink', graphics_state: 'g' }] }).pdf;
    const dark = (pdf: Uint8Array, x0: number) => {
      const r = renderRgb(pdf);
      let n = 0;
      for (let x = x0; x < 200; x += 2) for (let y = 0; y < 200; y += 2) if (rgbAt(r, x, y)[0] < 100) n++;
      return n;
    };
    expect(dark(open, 45)).toBeGreaterThan(50);
    expect(dark(clipped, 45)).toBe(0);
    expect(dark(clipped, 0)).toBeGreaterThan(10);
    expect(qpdfUncompressed(clipped)).toMatch(
      /q\n1 0 0 1 0 0 cm\n\/GS1 gs\n\/OC \/OC1 BDC\n0 0 m\n[\s\S]*?W n\nBT\n[\s\S]*?ET\nEMC\nQ/,
    );
  });

  it('wraps codes too: a code under a hidden layer is not drawn, one under a graphics state is half seen', () => {
    const { pdf } = pdfOf({
      layers: [{ name: 'off', visible: false }],
      graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
      items: [
        {
          type: 'code128',
          rect: { llx: 0, lly: 0, urx: 200, ury: 90 },
          data: 'QUIRE',
          quiet_zone: false,
          background: [0],
          layer: 'off',
        },
        {
          type: 'qr_code',
          rect: { llx: 0, lly: 100, urx: 200, ury: 200 },
          data: 'x',
          quiet_zone: false,
          background: [0],
          graphics_state: 'half',
        },
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 100, 45)).toEqual([255, 255, 255]);
    near(rgbAt(r, 100, 150), [128, 128, 128], 2);
  });

  it('a drawing placed without rect sits at its own coordinates; its items keep their own layer and state in the form', () => {
    const { pdf } = pdfOf({
      layers: [{ name: 'L' }],
      graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
      drawings: [
        {
          name: 'd',
          box: { llx: 50, lly: 50, urx: 150, ury: 150 },
          items: [
            {
              type: 'rect',
              rect: { llx: '{llx}', lly: '{lly}', urx: '{urx}', ury: '{ury}' },
              fill: [0],
              layer: 'L',
              graphics_state: 'half',
            },
          ],
        },
      ],
      items: [{ type: 'drawing', drawing: 'd' }],
    });
    const r = renderRgb(pdf);
    near(rgbAt(r, 100, 100), [128, 128, 128], 2);
    expect(rgbAt(r, 40, 40)).toEqual([255, 255, 255]);
    const form = Object.values(qpdfRawObjects(pdf)).find((o) => o.stream?.dict['/Subtype'] === '/Form')!.stream!.dict;
    expect(Object.keys(form['/Resources'] as object).sort()).toEqual(['/ExtGState', '/Properties']);
  });

  it('a tiling matrix maps the cell into the page; undistorted spacing is type 2', () => {
    const { pdf } = pdfOf({
      tilings: [
        {
          name: 'big',
          box: { x: 0, y: 0, width: 10, height: 10 },
          step: [10, 10],
          spacing: 'undistorted',
          matrix: [4, 0, 0, 4, 0, 0],
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 5, ury: 5 }, fill: [1, 0, 0] }],
        },
      ],
      items: [filled({ pattern: 'big' })],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 15, 15)).toEqual([255, 0, 0]);
    expect(rgbAt(r, 25, 25)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 55, 55)).toEqual([255, 0, 0]);
    expect(
      Object.values(qpdfRawObjects(pdf)).find((o) => o.stream?.dict['/PatternType'] === 1)!.stream!.dict,
    ).toMatchObject({ '/TilingType': 2, '/Matrix': [4, 0, 0, 4, 0, 0] });
  });
});

describe('layers', () => {
  it('writes one optional content group per layer, the panel order, hidden, locked and print states', () => {
    const { pdf } = pdfOf({
      layers: [
        { name: 'a', label: 'Artwork', order: 2 },
        { name: 'b', visible: false, locked: true },
        { name: 'c', printable: false, order: 0 },
      ],
      items: [
        filled([1, 0, 0], { layer: 'a', rect: { llx: 0, lly: 0, urx: 100, ury: 200 } }),
        filled([0, 0, 1], { layer: 'b', rect: { llx: 100, lly: 0, urx: 200, ury: 200 } }),
        filled([0], { layer: 'c', rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }),
      ],
    });
    const r = renderRgb(pdf);
    expect(rgbAt(r, 50, 100)).toEqual([255, 0, 0]);
    expect(rgbAt(r, 150, 100)).toEqual([255, 255, 255]); // hidden by default
    const objs = qpdfRawObjects(pdf);
    const ocgs = Object.entries(objs).filter(([, o]) => o.value?.['/Type'] === '/OCG');
    expect(ocgs).toHaveLength(3);
    const id = (label: string) =>
      ocgs.find(([, o]) => String(o.value!['/Name']).includes(label))![0].replace('obj:', '');
    const catalog = Object.values(objs).find((o) => o.value?.['/Type'] === '/Catalog')!.value!;
    const d = (catalog['/OCProperties'] as Record<string, Record<string, unknown>>)['/D'];
    expect(d['/Order']).toEqual([id('c'), id('b'), id('Artwork')]);
    expect(d['/OFF']).toEqual([id('b')]);
    expect(d['/Locked']).toEqual([id('b')]);
    expect(objs[`obj:${id('c')}`].value!['/Usage']).toMatchObject({ '/Print': { '/PrintState': '/OFF' } });
  });
});

describe('colour spaces', () => {
  it('icc, separation and device_n colours paint where a colour is stated', () => {
    const { pdf } = pdfOf(
      {
        color_spaces: {
          srgb: { type: 'icc', components: 3, profile: 'srgb.icc' },
          gold: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] },
          duo: {
            type: 'device_n',
            inks: ['Cyan', 'Magenta'],
            alternate: 'cmyk',
            tint: { calculation: { program: '{ 0 0 }', domain: [0, 1, 0, 1], range: [0, 1, 0, 1, 0, 1, 0, 1] } },
          },
        },
        items: [
          filled({ space: 'srgb', tints: [1, 0, 0] }, { rect: { llx: 0, lly: 0, urx: 60, ury: 200 } }),
          filled({ space: 'gold', tints: [0.5] }, { rect: { llx: 70, lly: 0, urx: 130, ury: 200 } }),
          {
            type: 'line',
            from: [140, 100],
            to: [200, 100],
            stroke: { width: 40, color: { space: 'duo', tints: [1, 0] } },
          },
        ],
      },
      { 'srgb.icc': SRGB },
    );
    const r = renderRgb(pdf);
    near(rgbAt(r, 30, 100), [255, 0, 0], 10);
    near(rgbAt(r, 100, 100), [255, 255, 128], 6);
    near(rgbAt(r, 170, 100), [0, 255, 255], 6);
    const objs = Object.values(qpdfRawObjects(pdf));
    expect(objs.filter((o) => Array.isArray(o.value) && (o.value as unknown[])[0] === '/Separation')).toHaveLength(1);
    expect(objs.find((o) => o.stream?.dict['/N'] === 3)!.stream!.dict['/Alternate']).toBe('/DeviceRGB');
  });

  it('a device_n spot ink takes its declared separation as its Colorants entry; under PDF/A-2 one without is refused', () => {
    const spaces = (withGold: boolean) => ({
      ...(withGold ? { gold: { type: 'separation', ink: 'Gold', alternate: 'rgb', full: [1, 0.8, 0] } } : {}),
      duo: {
        type: 'device_n',
        inks: ['Cyan', 'Gold'],
        alternate: 'rgb',
        tint: { calculation: { program: '{ pop 1 exch sub dup 1 }', domain: [0, 1, 0, 1], range: [0, 1, 0, 1, 0, 1] } },
      },
    });
    const d = (withGold: boolean) => ({
      archive: 'pdfa2b',
      color_spaces: spaces(withGold),
      items: [
        {
          type: 'line',
          from: [140, 100],
          to: [200, 100],
          stroke: { width: 40, color: { space: 'duo', tints: [1, 0] } },
        },
      ],
    });
    const r = render({ description: d(true), now: NOW });
    if (!r.ok) throw new Error(r.sentence);
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    const objs = Object.values(qpdfRawObjects(r.pdf));
    const devn = objs.find((o) => Array.isArray(o.value) && (o.value as unknown[])[0] === '/DeviceN')!
      .value as unknown as unknown[];
    expect(devn[4]).toMatchObject({ '/Colorants': { '/Gold': expect.stringMatching(/^\d+ 0 R$/) } });
    const refused = render({ description: d(false), now: NOW });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect({ status: refused.status, word: refused.word, path: refused.path }).toEqual({
      status: 400,
      word: 'description',
      path: '/color_spaces/duo/inks/1',
    });
    expect(refused.sentence).toContain('"Gold"');
    expect(refused.sentence).toContain('/archive = "pdfa2b"');
  });

  it('page_spaces write Default spaces and the page group on the page named (the last entry wins)', () => {
    const { pdf } = pdfOf(
      {
        color_spaces: {
          srgb: { type: 'icc', components: 3, profile: 'p' },
          press: { type: 'icc', components: 4, profile: 'c' },
        },
        page_spaces: [
          { page: 1, rgb: 'press' },
          { page: 1, rgb: 'srgb', cmyk: 'press', group: { space: 'srgb', isolated: true } },
        ],
        items: [filled([0.2, 0.4, 0.6], { pages: [1, 2] })],
      },
      { p: SRGB, c: CMYK_ICC },
    );
    const objs = qpdfRawObjects(pdf);
    const pages = Object.values(objs)
      .filter((o) => o.value?.['/Type'] === '/Page')
      .map((o) => o.value!);
    const withGroup = pages.filter((p) => p['/Group']);
    expect(withGroup).toHaveLength(1);
    expect(withGroup[0]['/Group']).toMatchObject({ '/S': '/Transparency', '/I': true });
    const cs = (withGroup[0]['/Resources'] as Record<string, Record<string, string>>)['/ColorSpace'];
    expect(Object.keys(cs).sort()).toEqual(['/DefaultCMYK', '/DefaultRGB']);
    const n = (ref: string) => objs[`obj:${(objs[`obj:${ref}`].value as unknown as string[])[1]}`].stream!.dict['/N'];
    expect(n(cs['/DefaultRGB'])).toBe(3);
    expect(n(cs['/DefaultCMYK'])).toBe(4);
  });
});

describe('one object per declaration, and remarks for what nothing drew with', () => {
  it('counts ExtGState, Pattern and XObject objects over many items and pages', () => {
    const items = [];
    for (let i = 0; i < 12; i++)
      items.push(
        filled(i % 2 ? { shading: 'g' } : { pattern: 't' }, {
          graphics_state: i % 3 ? 'a' : 'b',
          pages: [1 + (i % 3)],
        }),
        { type: 'drawing', drawing: 'd', pages: [1 + (i % 3)] },
      );
    const out = pdfOf({
      graphics_states: [
        { name: 'a', state: { fill_alpha: 0.5 } },
        { name: 'b', state: { fill_alpha: 0.5 } },
        { name: 'unused', state: { stroke_alpha: 0.1 } },
      ],
      shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [1, 0], start: [0], end: [1] } } }],
      tilings: [
        {
          name: 't',
          box: { x: 0, y: 0, width: 5, height: 5 },
          step: [5, 5],
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 2, ury: 2 }, fill: [0] }],
        },
      ],
      drawings: [
        { name: 'd', box: { llx: 0, lly: 0, urx: 5, ury: 5 }, items: [{ type: 'line', from: [0, 0], to: [5, 5] }] },
      ],
      layers: [{ name: 'never' }],
      color_spaces: { spot: { type: 'separation', ink: 'Spot', alternate: 'gray', full: [0] } },
      items,
    });
    const objs = Object.values(qpdfRawObjects(out.pdf));
    expect(objs.filter((o) => o.value?.['/Type'] === '/ExtGState')).toHaveLength(3); // a, b and the unused one, still written
    expect(objs.filter((o) => o.value?.['/PatternType'] === 2 || o.stream?.dict['/PatternType'] === 1)).toHaveLength(2);
    expect(objs.filter((o) => o.stream?.dict['/Subtype'] === '/Form')).toHaveLength(1);
    expect(out.remarks.map((r) => r.text).sort()).toEqual([
      'the colour space spot is never drawn with',
      'the graphics state unused is never drawn with',
      'the layer never is never drawn with',
    ]);
  });
});
