// test/codes.test.ts — the five code kinds drawn as vector rectangles and read back by ZXing from
// MuPDF's pixels, at two sizes and rotated; data a symbology cannot carry is refused naming `data`;
// human-readable text under the linear codes extracts and leaves the symbol decodable.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { decodePage } from './support/decode-codes.js';
import { NOW } from './support/fixtures.js';
import { pdfFonts, pdfToText, pdfWords, qpdfCheck, renderPage } from './support/pdf-tools.js';

const FORMAT: Record<string, string> = {
  code128: 'Code128',
  ean13: 'EAN13',
  qr_code: 'QRCode',
  data_matrix: 'DataMatrix',
  pdf417: 'PDF417',
};
const DATA: Record<string, string> = {
  code128: 'QUIRE-2026/11',
  ean13: '5901234123457',
  qr_code: 'https://example.com/quire?x=1',
  data_matrix: 'quire 42',
  pdf417: 'quire pdf417 data',
};
const SIZE: Record<string, [number, number]> = {
  code128: [220, 60],
  ean13: [190, 70],
  qr_code: [100, 100],
  data_matrix: [80, 80],
  pdf417: [260, 80],
};

function pdfWith(item: Record<string, unknown>) {
  const out = render({ description: { page: { width: 400, height: 400 }, items: [item] }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

describe('codes', () => {
  for (const kind of Object.keys(FORMAT)) {
    for (const [label, scale, rotate] of [
      ['small', 1, 0],
      ['large', 1.5, 0],
      ['rotated', 1, 90],
    ] as const) {
      it(`${kind} (${label}) decodes back to its data`, async () => {
        const [w, h] = SIZE[kind];
        const rect = { llx: 40, lly: 120, urx: 40 + w * scale, ury: 120 + h * scale };
        const pdf = pdfWith({ type: kind, rect, data: DATA[kind], rotate });
        expect(qpdfCheck(pdf).code).toBe(0);
        const found = await decodePage(pdf, 200);
        expect(found.map((r) => [r.format, r.text])).toContainEqual([FORMAT[kind], DATA[kind]]);
      });
    }
  }

  it('is drawn as vectors: no image on the page, and no text', () => {
    const pdf = pdfWith({ type: 'qr_code', rect: { llx: 10, lly: 10, urx: 110, ury: 110 }, data: 'x' });
    expect(Buffer.from(pdf).includes('/Image')).toBe(false);
    expect(pdfToText(pdf).trim()).toBe('');
  });

  it('paints a background behind the symbol and its quiet zone when asked', async () => {
    const pdf = pdfWith({
      type: 'qr_code',
      rect: { llx: 40, lly: 40, urx: 240, ury: 240 },
      data: 'on yellow',
      background: [1, 1, 0.6],
      color: [0, 0, 0.4],
    });
    expect((await decodePage(pdf, 150)).map((r) => r.text)).toContain('on yellow');
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    [
      'an EAN-13 with letters',
      { type: 'ean13', data: '59012341234A' },
      /the data at \/items\/0\/data cannot be carried by ean13: ean-13 must contain only digits/,
    ],
    ['an EAN-13 with a wrong check digit', { type: 'ean13', data: '5901234123458' }, /incorrect ean-13 check digit/],
    [
      'a QR payload over capacity',
      { type: 'qr_code', data: 'x'.repeat(8000) },
      /cannot be carried by qr_code: the input data is too long/,
    ],
    ['empty data', { type: 'code128', data: '' }, /\/items\/0\/data must be a string that is not empty/],
    [
      'an unknown error-correction level',
      { type: 'qr_code', data: 'x', error_correction: 'Z' },
      /\/items\/0\/error_correction must be one of "L", "M", "Q", "H"/,
    ],
  ];
  it.each(refusals)('refuses %s', (_n, item, sentence) => {
    const out = render({
      description: { items: [{ rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, ...item }] },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description' });
    if (!out.ok) {
      expect(out.sentence).toMatch(sentence);
      expect(out.path).toMatch(/^\/items\/0\/(data|error_correction)$/);
    }
  });

  describe('human-readable text under the linear codes', () => {
    for (const kind of ['code128', 'ean13']) {
      for (const [label, scale, rotate] of [
        ['small', 1, 0],
        ['large', 1.5, 0],
        ['rotated', 1, 90],
      ] as const) {
        it(`${kind} (${label}) with text still decodes, and its text extracts`, async () => {
          const [w, h] = SIZE[kind];
          const rect = { llx: 40, lly: 120, urx: 40 + w * scale, ury: 120 + h * scale };
          const pdf = pdfWith({ type: kind, rect, data: DATA[kind], rotate, text: true });
          expect(qpdfCheck(pdf).code).toBe(0);
          const found = await decodePage(pdf, 200);
          expect(found.map((r) => [r.format, r.text])).toContainEqual([FORMAT[kind], DATA[kind]]);
          expect(pdfToText(pdf).replace(/\s+/g, '')).toBe(DATA[kind]);
        });
      }
    }

    it('sets an EAN-13 as the standard does: first digit left of the bars, two groups of six under them, the check digit computed', () => {
      const rect = { llx: 40, lly: 100, urx: 230, ury: 170 };
      const pdf = pdfWith({ type: 'ean13', rect, data: '590123412345', text: true });
      const words = pdfWords(pdf);
      expect(words.map((w) => w.text)).toEqual(['5', '901234', '123457']);
      // 95 modules + 11 + 7 of quiet zone across 190 points: a module is 190/113 points; the bars start after 11.
      const m = 190 / 113,
        bars = 40 + 11 * m;
      expect((words[0].xMin + words[0].xMax) / 2).toBeLessThan(bars);
      expect(words[1].xMin).toBeGreaterThan(bars + 3 * m - 0.5);
      expect(words[1].xMax).toBeLessThan(bars + 45 * m + 0.5);
      expect(words[2].xMin).toBeGreaterThan(bars + 50 * m - 0.5);
      expect(words[2].xMax).toBeLessThan(bars + 92 * m + 0.5);
      // Guard bars reach lower than the others: at the height of the digits, ink at the start guard, none at a data bar.
      const r = renderPage(pdf, 288);
      const digitsMid = 400 - (words[1].yMin + words[1].yMax) / 2;
      const ink = (x: number, y: number) => r.at(x, y)[0] < 128;
      expect(ink(bars + 0.5 * m, digitsMid + 1)).toBe(true);
      // The first data bar of this symbol starts at module 6.
      expect(ink(bars + 6.5 * m, 165)).toBe(true);
      expect(ink(bars + 6.5 * m, digitsMid + 1)).toBe(false);
    });

    it('centres Code 128 data under its bars and shortens them to make room', () => {
      const rect = { llx: 40, lly: 100, urx: 260, ury: 160 };
      const pdf = pdfWith({ type: 'code128', rect, data: 'QUIRE-2026/11', text: true });
      const [word] = pdfWords(pdf);
      expect(word.text).toBe('QUIRE-2026/11');
      expect(Math.abs((word.xMin + word.xMax) / 2 - 150)).toBeLessThan(1);
      expect(400 - word.yMax).toBeGreaterThanOrEqual(99); // the text sits inside the rect
      // A short text leaves the first bar's column clear in the text band, where the bars used to reach.
      const short = pdfWith({ type: 'code128', rect, data: 'AB', text: true });
      const r = renderPage(short, 288);
      let first = 40;
      while (first < 260 && r.at(first, 158)[0] >= 128) first += 0.125;
      expect(first).toBeLessThan(100);
      expect(r.at(first + 0.1, 100.5)[0]).toBeGreaterThan(128);
      expect(r.at(first + 0.1, 130)[0]).toBeLessThan(128);
    });

    it('uses a library face by default, a declared font, size and colour when told', () => {
      const byDefault = pdfWith({
        type: 'code128',
        rect: { llx: 40, lly: 100, urx: 260, ury: 160 },
        data: 'ABC',
        text: true,
      });
      expect(pdfFonts(byDefault).map((f) => f.name)).toEqual([
        expect.stringMatching(/^[A-Z]{6}\+SourceCodePro-Regular$/),
      ]);
      const out = render({
        description: {
          page: { width: 400, height: 400 },
          fonts: [{ name: 'Serif', library: 'noto_serif' }],
          items: [
            {
              type: 'ean13',
              rect: { llx: 40, lly: 100, urx: 230, ury: 170 },
              data: '5901234123457',
              text: { font: 'Serif', font_size: 9, color: [1, 0, 0] },
            },
          ],
        },
        now: NOW,
      });
      if (!out.ok) throw new Error(out.sentence);
      expect(pdfFonts(out.pdf).map((f) => f.name)).toEqual([expect.stringMatching(/\+NotoSerif-Regular$/)]);
      expect(Buffer.from(out.pdf).length).toBeGreaterThan(0);
      expect(pdfToText(out.pdf).replace(/\s+/g, '')).toBe('5901234123457');
    });

    const textRefusals: [string, Record<string, unknown>, number, string, RegExp][] = [
      [
        'an undeclared font',
        { type: 'code128', data: 'x', text: { font: 'Nope' } },
        400,
        '/items/0/text/font',
        /the font "Nope"/,
      ],
      [
        'a standard font without a licence',
        { type: 'code128', data: 'x', text: { font: 'H' } },
        402,
        '/items/0/text/font',
        /"H"/,
      ],
      [
        'a character the font lacks',
        { type: 'code128', data: 'A\u0001B', text: true },
        400,
        '/items/0/text',
        /U\+0001/,
      ],
      [
        'a text that is not a boolean or an object',
        { type: 'code128', data: 'x', text: 'yes' },
        400,
        '/items/0/text',
        /\/items\/0\/text/,
      ],
      [
        'a size of 0',
        { type: 'ean13', data: '5901234123457', text: { font_size: 0 } },
        400,
        '/items/0/text',
        /\/items\/0\/text/,
      ],
    ];
    it.each(textRefusals)('refuses %s, naming the key', (_n, item, status, path, sentence) => {
      const out = render({
        description: {
          standard_fonts: [{ name: 'H', face: 'helvetica' }],
          items: [{ rect: { llx: 0, lly: 0, urx: 200, ury: 100 }, ...item }],
        },
        now: NOW,
      });
      expect(out).toMatchObject({ ok: false, status, path });
      if (!out.ok) expect(out.sentence).toMatch(sentence);
    });

    it("draws a code's text inside a drawing, in the library's code face, and it extracts where the drawing is placed", () => {
      const out = render({
        description: {
          page: { width: 400, height: 500 },
          drawings: [
            {
              name: 'd',
              box: { llx: 0, lly: 0, urx: 200, ury: 100 },
              items: [{ type: 'code128', rect: { llx: 0, lly: 0, urx: 200, ury: 100 }, data: 'QUIRE-26', text: true }],
            },
          ],
          items: [{ type: 'drawing', drawing: 'd', rect: { llx: 100, lly: 300, urx: 300, ury: 400 } }],
        },
        now: NOW,
      });
      if (!out.ok) throw new Error(out.sentence);
      const word = pdfWords(out.pdf).find((w) => w.text === 'QUIRE-26');
      expect(word).toBeDefined();
      // placed at x 100..300, y 300..400 (poppler's y runs down the 500-point page)
      expect(word!.xMin).toBeGreaterThan(100);
      expect(word!.xMax).toBeLessThan(300);
      expect(500 - word!.yMax).toBeGreaterThanOrEqual(299);
    });
  });
});
