// test/codes.test.ts — the five code kinds drawn as vector rectangles and read back by ZXing from
// MuPDF's pixels, at two sizes and rotated; data a symbology cannot carry is refused naming `data`.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { decodePage } from './support/decode-codes.js';
import { pdfToText, qpdfCheck } from './support/pdf-tools.js';
import { NOW } from './support/fixtures.js';

const FORMAT: Record<string, string> = { code128: 'Code128', ean13: 'EAN13', qr_code: 'QRCode', data_matrix: 'DataMatrix', pdf417: 'PDF417' };
const DATA: Record<string, string> = { code128: 'QUIRE-2026/11', ean13: '5901234123457', qr_code: 'https://example.com/quire?x=1', data_matrix: 'quire 42', pdf417: 'quire pdf417 data' };
const SIZE: Record<string, [number, number]> = { code128: [220, 60], ean13: [190, 70], qr_code: [100, 100], data_matrix: [80, 80], pdf417: [260, 80] };

function pdfWith(item: Record<string, unknown>) {
  const out = render({ description: { page: { width: 400, height: 400 }, items: [item] }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

describe('codes', () => {
  for (const kind of Object.keys(FORMAT)) {
    for (const [label, scale, rotate] of [['small', 1, 0], ['large', 1.5, 0], ['rotated', 1, 90]] as const) {
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
    const pdf = pdfWith({ type: 'qr_code', rect: { llx: 40, lly: 40, urx: 240, ury: 240 }, data: 'on yellow', background: [1, 1, 0.6], color: [0, 0, 0.4] });
    expect((await decodePage(pdf, 150)).map((r) => r.text)).toContain('on yellow');
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['an EAN-13 with letters', { type: 'ean13', data: '59012341234A' }, /the data at \/items\/0\/data cannot be carried by ean13: ean-13 must contain only digits/],
    ['an EAN-13 with a wrong check digit', { type: 'ean13', data: '5901234123458' }, /incorrect ean-13 check digit/],
    ['a QR payload over capacity', { type: 'qr_code', data: 'x'.repeat(8000) }, /cannot be carried by qr_code: the input data is too long/],
    ['empty data', { type: 'code128', data: '' }, /\/items\/0\/data must be a string that is not empty/],
    ['an unknown error-correction level', { type: 'qr_code', data: 'x', error_correction: 'Z' }, /\/items\/0\/error_correction must be one of "L", "M", "Q", "H"/],
  ];
  it.each(refusals)('refuses %s', (_n, item, sentence) => {
    const out = render({ description: { items: [{ rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, ...item }] }, now: NOW });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description' });
    if (!out.ok) {
      expect(out.sentence).toMatch(sentence);
      expect(out.path).toMatch(/^\/items\/0\/(data|error_correction)$/);
    }
  });
});
