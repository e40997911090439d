// test/names.test.ts — names declared twice (docs/reference.md, "Names"): twice in one kind is refused
// naming both places, except tilings, which keep the last (spec); the six font keys are one kind;
// across kinds a name may repeat, since the key that calls for a name says which kind it is.
import { type PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';

const box = { llx: 0, lly: 0, urx: 10, ury: 10 };
const rect = (extra: Record<string, unknown> = {}) => ({ type: 'rect', rect: box, fill: [0], ...extra });
const att = {
  file_name: 'a.txt',
  description: 'd',
  media_type: 'text/plain',
  relationship: 'data',
  modified: '2026-01-01',
};
const axial = { axial: { from: [0, 0], to: [10, 0], start: [0], end: [1] } };
const cell = (w: number) => ({
  name: 'X',
  box: { x: 0, y: 0, width: w, height: w },
  step: [w, w],
  items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, fill: [0] }],
});

describe('a name declared twice in one kind is refused, naming both places', () => {
  it.each([
    [
      'fonts and standard_fonts (one kind: fonts)',
      { fonts: [{ name: 'X', data: NOTO_SANS_B64 }], standard_fonts: [{ name: 'X', face: 'helvetica' }], items: [] },
      '/standard_fonts/0/name',
      '/fonts/0/name',
    ],
    [
      'standard_fonts and font_chains',
      {
        standard_fonts: [
          { name: 'X', face: 'helvetica' },
          { name: 'H', face: 'courier' },
        ],
        font_chains: [{ name: 'X', fonts: ['H'] }],
        items: [],
      },
      '/font_chains/0/name',
      '/standard_fonts/0/name',
    ],
    ['layers', { layers: [{ name: 'X' }, { name: 'X' }], items: [] }, '/layers/1/name', '/layers/0/name'],
    [
      'graphics_states',
      {
        graphics_states: [
          { name: 'X', state: {} },
          { name: 'X', state: {} },
        ],
        items: [],
      },
      '/graphics_states/1/name',
      '/graphics_states/0/name',
    ],
    [
      'shadings',
      {
        shadings: [
          { name: 'X', shading: axial },
          { name: 'X', shading: axial },
        ],
        items: [],
      },
      '/shadings/1/name',
      '/shadings/0/name',
    ],
    [
      'drawings',
      {
        drawings: [
          { name: 'X', box, items: [] },
          { name: 'X', box, items: [] },
        ],
        items: [],
      },
      '/drawings/1/name',
      '/drawings/0/name',
    ],
    ['images', { images: [{ name: 'X' }, { name: 'X' }], items: [] }, '/images/1/name', '/images/0/name'],
    [
      'attachments',
      {
        attachments: [
          { name: 'X', ...att },
          { name: 'X', ...att },
        ],
        items: [],
      },
      '/attachments/1/name',
      '/attachments/0/name',
    ],
    [
      'destinations',
      {
        destinations: [
          { name: 'X', page: 1 },
          { name: 'X', page: 1 },
        ],
        items: [rect()],
      },
      '/destinations/1/name',
      '/destinations/0/name',
    ],
  ])('%s', (_what, d, pointer, earlier) => {
    const out = render({ description: d, parts: { X: new Uint8Array([65]) }, now: NOW });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: pointer });
    expect(out.ok || out.sentence).toBe(`the name "X" at ${pointer} is already declared at ${earlier}.`);
  });

  it('a colour space named gray, rgb or cmyk is refused: those names are the device spaces wherever a space is named', () => {
    const out = render({
      description: {
        color_spaces: { cmyk: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
        items: [],
      },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/color_spaces/cmyk' });
    expect(out.ok || out.sentence).toContain('"cmyk"');
  });
});

/** The /BBox of every tiling pattern written. */
async function tilingBoxes(pdf: Uint8Array): Promise<number[][]> {
  const doc = await PDFDocument.load(pdf);
  const out: number[][] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : (obj as { dict?: PDFDict }).dict;
    if (!(dict instanceof PDFDict) || dict.get(PDFName.of('PatternType'))?.toString() !== '1') continue;
    const b = dict.get(PDFName.of('BBox')) as PDFArray;
    out.push(b.asArray().map((n) => (n as PDFNumber).asNumber()));
  }
  return out;
}

describe('tilings keep the last of a name (spec)', () => {
  it('the second declaration is the one drawn', async () => {
    const out = render({
      description: { tilings: [cell(3), cell(7)], items: [rect({ fill: { pattern: 'X' } })] },
      now: NOW,
    });
    if (!out.ok) throw new Error(out.sentence);
    expect(await tilingBoxes(out.pdf)).toEqual([[0, 0, 7, 7]]);
  });
});

describe('a name may repeat across kinds: the key that calls for it says which kind', () => {
  it('a font, layer, graphics state, gradient, tiling, drawing and colour space all named X draw together', async () => {
    const d = {
      standard_fonts: [{ name: 'X', face: 'helvetica' }],
      layers: [{ name: 'X' }],
      graphics_states: [{ name: 'X', state: { fill_alpha: 0.5 } }],
      shadings: [{ name: 'X', shading: axial }],
      tilings: [cell(4)],
      drawings: [{ name: 'X', box, items: [rect()] }],
      color_spaces: { X: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
      items: [
        rect({ fill: { shading: 'X' }, graphics_state: 'X', layer: 'X' }),
        rect({ fill: { pattern: 'X' } }),
        rect({ fill: { space: 'X', tints: [1] } }),
        { type: 'drawing', drawing: 'X' },
      ],
    };
    const out = render({ description: d, now: NOW });
    if (!out.ok) throw new Error(out.sentence);
    // only the font is left undrawn, and the remark names its kind
    expect(out.remarks.map((r) => r.text)).toEqual(['the font X is never drawn with']);
    expect(await tilingBoxes(out.pdf)).toEqual([[0, 0, 4, 4]]);
  });
});
