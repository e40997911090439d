// test/integrity.test.ts — issue 17, "nothing silently lost": every answer is the document asked for,
// a refusal, or says what fell away. Text, flows, table cells, text_path and codes that leave the page
// give a warning remark naming the item, the page and how much fell outside; judged against what
// poppler (`pdftotext`, `pdfinfo`) and MuPDF's pixels find in the file.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfToText, qpdfCheck } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];

function ok(out: Outcome) {
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  const q = qpdfCheck(out.pdf);
  expect(q.code, q.out).toBe(0);
  return out;
}
const doc = (d: Record<string, unknown>, parts?: Record<string, Uint8Array>) =>
  ok(render({ description: { page: { width: 300, height: 300 }, fonts: FONTS, ...d }, parts, now: NOW }));

const words = (n: number, stem = 'w') => Array.from({ length: n }, (_, i) => `${stem}${i}`);
const extracted = (pdf: Uint8Array) => pdfToText(pdf).split(/\s+/).filter(Boolean);
const offRemarks = (out: { remarks: { code: string; text: string; path: string }[] }) =>
  out.remarks.filter((r) => r.code === 'off-page' || r.code === 'past-box');

describe('remarks for text that falls off the page', () => {
  it('a flow of 6 000 words in a box on one page: the remark counts the words pdftotext does not find', () => {
    const all = words(6000);
    const out = doc({
      page: { width: 595.276, height: 841.89 },
      items: [
        {
          type: 'flow',
          rect: { llx: 50, lly: 50, urx: 545, ury: 790 },
          font: 'Body',
          font_size: 10,
          content: all.join(' '),
        },
      ],
    });
    expect(pdfInfo(out.pdf).Pages).toBe('1');
    const found = new Set(extracted(out.pdf));
    const lost = all.filter((w) => !found.has(w)).length;
    expect(lost).toBeGreaterThan(4000);
    const r = offRemarks(out);
    expect(r).toHaveLength(1);
    expect(r[0].path).toBe('/items/0');
    expect(r[0].text).toContain('/items/0');
    expect(r[0].text).toContain('page 1');
    const said = Number(/: (\d+) words/.exec(r[0].text)![1]);
    // poppler keeps a letter that still touches the sheet; the remark counts a word with any letter off it
    expect(said).toBeGreaterThanOrEqual(lost);
    expect(said).toBeLessThanOrEqual(lost + 20);
  });

  it('text that fits gives no remark, and every word is extracted', () => {
    const all = words(40);
    const out = doc({
      items: [
        {
          type: 'flow',
          rect: { llx: 10, lly: 10, urx: 290, ury: 290 },
          font: 'Body',
          font_size: 10,
          content: all.join(' '),
        },
        {
          type: 'text',
          rect: { llx: 10, lly: 10, urx: 290, ury: 40 },
          font: 'Body',
          font_size: 10,
          content: ['alpha beta'],
        },
      ],
    });
    expect(offRemarks(out)).toEqual([]);
    expect(extracted(out.pdf)).toEqual(expect.arrayContaining([...all, 'alpha', 'beta']));
  });

  it('a text item whose lines run below the sheet, and one rotated off its side', () => {
    const out = doc({
      items: [
        {
          type: 'text',
          rect: { llx: 10, lly: 5, urx: 120, ury: 40 },
          font: 'Body',
          font_size: 12,
          content: [words(30, 'below').join(' ')],
        },
        {
          type: 'text',
          rect: { llx: 200, lly: 150, urx: 290, ury: 170 },
          font: 'Body',
          font_size: 10,
          content: ['turned away'],
          transform: [1, 0, 0, 1, 200, 0],
        },
      ],
    });
    const found = new Set(extracted(out.pdf));
    const r = offRemarks(out);
    expect(r.map((x) => x.path)).toEqual(['/items/0', '/items/1']);
    const lostBelow = words(30, 'below').filter((w) => !found.has(w)).length;
    expect(lostBelow).toBeGreaterThan(0);
    expect(Number(/: (\d+) words/.exec(r[0].text)![1])).toBeGreaterThanOrEqual(lostBelow);
    expect(found.has('turned')).toBe(false);
    expect(r[1].text).toContain('2 words on 1 lines');
  });

  it('table cells past the sheet are remarked with the cell pointer', () => {
    const out = doc({
      items: [
        {
          type: 'table',
          pages: [1],
          rect: { llx: 250, lly: 20, urx: 400, ury: 280 },
          font: 'Body',
          font_size: 10,
          columns: [{ fraction: 0.5 }, { fraction: 0.5 }],
          rows: [['inside', 'outside']],
        },
      ],
    });
    const found = new Set(extracted(out.pdf));
    expect(found.has('outside')).toBe(false);
    const r = offRemarks(out);
    expect(r.length).toBeGreaterThan(0);
    expect(r.every((x) => x.path.startsWith('/items/0'))).toBe(true);
    expect(r.some((x) => x.text.includes('1 words'))).toBe(true);
  });

  it('a text_path past the edge, and a code whose bars leave the sheet', () => {
    const out = doc({
      items: [
        {
          type: 'text_path',
          segments: [{ move: [250, 100] }, { line: [450, 100] }],
          font: 'Body',
          font_size: 12,
          content: ['on the edge of nowhere'],
        },
        { type: 'code128', rect: { llx: 250, lly: 200, urx: 350, ury: 250 }, data: 'ABC123' },
      ],
    });
    const r = offRemarks(out);
    expect(r.map((x) => x.path)).toEqual(expect.arrayContaining(['/items/0', '/items/1']));
    const bars = r.find((x) => x.path === '/items/1')!;
    expect(bars.text).toMatch(/reach [\d.]+ points past/);
  });

  it('fit_size at its floor that still does not hold the rect is remarked', () => {
    const out = doc({
      items: [
        {
          type: 'flow',
          rect: { llx: 10, lly: 200, urx: 150, ury: 260 },
          font: 'Body',
          font_size: 12,
          fit_size: { floor: 8 },
          content: words(80).join(' '),
        },
      ],
    });
    const r = out.remarks.filter((x) => x.code === 'past-box');
    expect(r).toHaveLength(1);
    expect(r[0].text).toContain('floor of 8 points');
    expect(Number(/: (\d+) lines run past/.exec(r[0].text)![1])).toBeGreaterThan(0);
  });
});
