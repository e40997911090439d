// test/font-variations.test.ts — variable fonts set at a named instance or axis values, and OpenType
// features switched by tag (issue 16): Debian's Inter (fonts-inter-variable, a gvar TrueType) and Noto
// Sans (fonts-noto-core: tnum, frac, zero, onum…). Judged by pdffonts, pdftotext word boxes and
// MuPDF's pixels: a heavier instance is wider and darker, a named instance draws as its coordinates,
// the default instance as the variable file itself; tabular figures are wider than proportional ones.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { inkIn, pdfFonts, pdfToText, pdfWords, renderedClean, renderRgb } from './support/pdf-tools.js';

const b64 = (p: string) => readFileSync(p).toString('base64');
const INTER = b64('/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf');
const NOTO = b64('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf');

const BOX = { llx: 20, lly: 20, urx: 580, ury: 820 };

function draw(font: Record<string, unknown>, content: string, extra: Record<string, unknown> = {}) {
  return render({
    description: {
      fonts: [{ name: 'F', ...font }],
      items: [{ type: 'text', rect: BOX, content: [content], font: extra.use ?? 'F', font_size: 36 }],
      ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'use')),
    },
    now: NOW,
  });
}

/** Width of the word `w` as pdftotext finds it, points. */
function wordWidth(pdf: Uint8Array, w: string): number {
  const word = pdfWords(pdf).find((x) => x.text === w);
  if (!word) throw new Error(`no word ${w} in ${pdfToText(pdf)}`);
  return word.xMax - word.xMin;
}

function pixels(pdf: Uint8Array): Buffer {
  const r = renderRgb(pdf, 72);
  return r.data.subarray(r.offset);
}

describe('variable fonts', () => {
  const WORD = 'Hamburgefonstiv';
  const at = (v: Record<string, unknown>) => renderedClean(draw({ data: INTER, ...v }, WORD)).pdf;
  const regular = at({ variations: { wght: 400 } });
  const black = at({ variations: { wght: 900 } });

  it('wght 900 is embedded as its own static instance, wider and darker than wght 400', () => {
    const fonts = [pdfFonts(regular)[0], pdfFonts(black)[0]];
    expect(fonts[0]).toMatchObject({ type: 'CID TrueType', emb: true, sub: true });
    expect(fonts[0].name).toMatch(/^[A-Z]{6}\+Inter-wght400$/);
    expect(fonts[1].name).toMatch(/^[A-Z]{6}\+Inter-wght900$/);
    expect(pdfToText(black).trim()).toBe(WORD);
    expect(wordWidth(black, WORD)).toBeGreaterThan(wordWidth(regular, WORD) * 1.08);
    const ink = (pdf: Uint8Array) => inkIn(pdf, { llx: 20, lly: 760, urx: 580, ury: 820 }).share;
    // MuPDF draws from the embedded program: default outlines at the instance's widths would keep wght 400's ink.
    expect(ink(black)).toBeGreaterThan(ink(regular) * 1.4);
  });

  it('a named instance draws as its coordinates; the default instance as the variable file itself', () => {
    expect(pixels(at({ instance: 'Bold' })).equals(pixels(at({ variations: { wght: 700 } })))).toBe(true);
    expect(pdfFonts(at({ instance: 'Semi Bold' }))[0].name).toMatch(/\+Inter-SemiBold$/);
    expect(pixels(regular).equals(pixels(at({})))).toBe(true);
    // variations over an instance: the instance's other axes, this one's value
    expect(pixels(at({ instance: 'Thin', variations: { wght: 900 } })).equals(pixels(black))).toBe(true);
  });
});

describe('OpenType features by tag', () => {
  it('tnum on a fonts entry sets tabular figures (Inter: "1111" wider), pnum proportional ones (Noto Sans: narrower)', () => {
    const inter = renderedClean(draw({ data: INTER }, '1111 x')).pdf;
    const tnum = renderedClean(draw({ data: INTER, features: { tnum: true } }, '1111 x')).pdf;
    expect(pdfToText(tnum).trim()).toBe('1111 x');
    expect(wordWidth(tnum, '1111')).toBeGreaterThan(wordWidth(inter, '1111') + 5);
    const noto = renderedClean(draw({ data: NOTO }, '1111 x')).pdf;
    const pnum = renderedClean(draw({ data: NOTO, features: { pnum: true } }, '1111 x')).pdf;
    expect(wordWidth(pnum, '1111')).toBeLessThan(wordWidth(noto, '1111') - 5);
  });

  it('frac on a variant draws 1/2 as a fraction (other glyphs, narrower) that still extracts as typed', () => {
    const plain = renderedClean(draw({ data: NOTO }, '1/2 x')).pdf;
    const frac = renderedClean(
      draw({ data: NOTO }, '1/2 x', { font_variants: [{ name: 'V', font: 'F', features: { frac: true } }], use: 'V' }),
    ).pdf;
    expect(pdfToText(frac).trim()).toBe('1/2 x');
    expect(wordWidth(frac, '1/2')).toBeLessThan(wordWidth(plain, '1/2') - 1);
    expect(pixels(frac).equals(pixels(plain))).toBe(false);
  });

  it("a variant keeps its font's features and may switch one back off", () => {
    const pnum = renderedClean(draw({ data: NOTO, features: { pnum: true } }, '1111 x')).pdf;
    const inherit = renderedClean(
      draw({ data: NOTO, features: { pnum: true } }, '1111 x', {
        font_variants: [{ name: 'V', font: 'F', small_caps: true }],
        use: 'V',
      }),
    ).pdf;
    const off = renderedClean(
      draw({ data: NOTO, features: { pnum: true } }, '1111 x', {
        font_variants: [{ name: 'V', font: 'F', features: { pnum: false } }],
        use: 'V',
      }),
    ).pdf;
    const plain = renderedClean(draw({ data: NOTO }, '1111 x')).pdf;
    expect(wordWidth(inherit, '1111')).toBeCloseTo(wordWidth(pnum, '1111'), 1);
    expect(wordWidth(pnum, '1111')).toBeLessThan(wordWidth(plain, '1111') - 5);
    expect(wordWidth(off, '1111')).toBeCloseTo(wordWidth(plain, '1111'), 1);
  });
});

describe('OpenType features on a run', () => {
  /** A text item (or a one-cell table) of three runs: plain figures, the run with `features`, plain again. */
  function runs(features: Record<string, boolean>, font: Record<string, unknown> = {}, table = false) {
    const content = ['1111 ', { text: '1111', features }, ' 1111'];
    const item = table
      ? { type: 'table', rect: BOX, columns: [500], font: 'F', font_size: 36, rows: [[{ text: content }]] }
      : { type: 'text', rect: BOX, content, font: 'F', font_size: 36 };
    return render({ description: { fonts: [{ name: 'F', data: NOTO, ...font }], items: [item] }, now: NOW });
  }
  const widths = (pdf: Uint8Array) => pdfWords(pdf).map((w) => w.xMax - w.xMin);

  it('pnum on a run sets that run alone proportional (Noto Sans: narrower); the text extracts once, as typed', () => {
    for (const table of [false, true]) {
      const pdf = renderedClean(runs({ pnum: true }, {}, table)).pdf;
      expect(pdfToText(pdf).trim()).toBe('1111 1111 1111');
      const [a, b, c] = widths(pdf);
      expect(a).toBeCloseTo(c, 1);
      expect(b).toBeLessThan(a - 5);
    }
  });

  it("a run's features win over its font's per tag; the font's other features hold", () => {
    // The font sets pnum; the run switches it back off: only the run's figures are tabular (wider).
    const [a, b, c] = widths(renderedClean(runs({ pnum: false }, { features: { pnum: true } })).pdf);
    expect(a).toBeCloseTo(c, 1);
    expect(b).toBeGreaterThan(a + 5);
    // The font's pnum holds under a run switching another feature (zero: slashed zero, same widths).
    const [d, e] = widths(renderedClean(runs({ zero: true }, { features: { pnum: true } })).pdf);
    expect(e).toBeCloseTo(d, 1);
  });

  it('a feature the font lacks, or a run in a chain, is refused naming the run', () => {
    const lacks = runs({ ss19: true });
    expect(lacks).toMatchObject({ ok: false, status: 400, path: '/items/0/content/1/features/ss19' });
    const chained = render({
      description: {
        fonts: [{ name: 'F', data: NOTO }],
        font_chains: [{ name: 'C', fonts: ['F'] }],
        items: [
          { type: 'text', rect: BOX, content: [{ text: '1', features: { pnum: true } }], font: 'C', font_size: 9 },
        ],
      },
      now: NOW,
    });
    expect(chained).toMatchObject({ ok: false, status: 400, path: '/items/0/font' });
    if (!chained.ok) expect(chained.sentence).toContain('a run with features takes');
  });
});
