// test/table-cells.test.ts — what a table cell holds, drawn: text laid by the text engine exactly as a
// text item with the same keys lays it (breaks, justification, hyphenation, decorations), placeholders
// in a footer cell resolved per page, pictures and drawings fitted into the content box, and the rows
// holding them kept whole. Judged by pdftotext word boxes, pixels and the refusal's sentence.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { makePng } from './support/images.js';
import { pagePixels, pdfToText, pdfWords, qpdfCheck, type Word } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
function ok(out: Outcome) {
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out;
}
const TEXT =
  'The quick brown fox jumps over the lazy dog; meanwhile extraordinary circumstances demand unconventional responsibilities from everybody involved in typesetting.';

/** Words with positions relative to the first word: x from its left edge, y from its top. */
function relative(words: Word[]): [string, number, number][] {
  const w0 = words[0];
  return words.map((w) => [w.text, w.xMin - w0.xMin, w.yMin - w0.yMin]);
}

/** Same words at the same relative places, to a quarter of a point (TJ rounding differs with the origin). */
function expectSamePlaces(a: [string, number, number][], b: [string, number, number][]): void {
  expect(a.map((w) => w[0])).toEqual(b.map((w) => w[0]));
  a.forEach((w, i) => {
    expect(Math.abs(w[1] - b[i][1]), `x of ${w[0]}`).toBeLessThan(0.25);
    expect(Math.abs(w[2] - b[i][2]), `y of ${w[0]}`).toBeLessThan(0.25);
  });
}

describe('cell text through the text engine', () => {
  it("lays a cell's text exactly as a text item with the same keys: breaks, justification, hyphenation", () => {
    const keys = { font: 'Body', font_size: 10, align: 'justify', hyphenate: 'en' };
    // The cell's content box: 200 points wide (padding 0) at x 300; the text item's rect the same width at x 50.
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            { type: 'text', rect: { llx: 50, lly: 400, urx: 250, ury: 800 }, content: [TEXT], ...keys },
            {
              type: 'table',
              rect: { llx: 300, lly: 400, urx: 500, ury: 800 },
              columns: [200],
              padding: 0,
              rows: [[TEXT]],
              ...keys,
            },
          ],
        },
        now: NOW,
      }),
    );
    const words = pdfWords(out.pdf);
    const item = words.filter((w) => w.xMin < 275);
    const cell = words.filter((w) => w.xMin >= 275);
    expect(item.length).toBeGreaterThan(15);
    // Same words on the same lines at the same places (a soft hyphen shows as the same break).
    expectSamePlaces(relative(cell), relative(item));
    // Justified: the inner lines reach the right edge of the box in both.
    const firstLine = (ws: Word[]) => ws.filter((w) => Math.abs(w.yMin - ws[0].yMin) < 1);
    expect(Math.max(...firstLine(cell).map((w) => w.xMax))).toBeCloseTo(500, 0);
    expect(pdfToText(out.pdf)).toMatch(/[a-z]\u00ad\n[a-z]/); // hyphenated somewhere (en patterns), in both
  });

  it("takes runs as a text item's content: styled runs (size, colour, font) and dates, placed as in the text item", () => {
    const content = [
      'Issued ',
      { date: '%F' },
      ' by ',
      { text: 'Quire', font_size: 14, color: [1, 0, 0] },
      ' in ',
      { text: 'Other', font: 'Alt' },
      ' with a longer tail of words that wraps',
    ];
    const out = ok(
      render({
        description: {
          fonts: [...FONTS, { name: 'Alt', data: NOTO_SANS_B64 }],
          items: [
            { type: 'text', rect: { llx: 50, lly: 400, urx: 200, ury: 800 }, content, font: 'Body', font_size: 10 },
            {
              type: 'table',
              rect: { llx: 300, lly: 400, urx: 450, ury: 800 },
              columns: [150],
              padding: 0,
              font: 'Body',
              font_size: 10,
              rows: [[{ text: content }]],
            },
          ],
        },
        now: NOW,
      }),
    );
    const words = pdfWords(out.pdf);
    const item = words.filter((w) => w.xMin < 275);
    const cell = words.filter((w) => w.xMin >= 275);
    expect(cell.map((w) => w.text)).toContain('2026-11-22');
    expectSamePlaces(relative(cell), relative(item));
    const red = pagePixels(out.pdf, 1, 144);
    const q = cell.find((w) => w.text === 'Quire')!;
    const [r, g] = red(q.xMin + 2.5, (841.89 - q.yMax + 841.89 - q.yMin) / 2);
    expect(r).toBeGreaterThan(g);
    const refused = render({
      description: {
        fonts: FONTS,
        items: [
          {
            type: 'table',
            rect: { llx: 50, lly: 400, urx: 200, ury: 800 },
            columns: [150],
            font: 'Body',
            font_size: 10,
            rows: [[{ text: [{ text: 'x', font: 'Nope' }] }]],
          },
        ],
      },
      now: NOW,
    });
    expect(refused).toMatchObject({ ok: false, status: 400, path: '/items/0/rows/0/0/text/0/font' });
  });

  it('breaks at spaces and soft hyphens only by default; at a hyphen or a slash when break_after names them', () => {
    const table = (extra: Record<string, unknown>) =>
      ok(
        render({
          description: {
            fonts: FONTS,
            items: [
              {
                type: 'table',
                rect: { llx: 50, lly: 400, urx: 130, ury: 800 },
                font: 'Body',
                font_size: 10,
                columns: [80],
                padding: 0,
                rows: [['well-known/unusual-things']],
                ...extra,
              },
            ],
          },
          now: NOW,
        }),
      );
    // The spec's default: no opportunity inside the "word"; it runs past the cell on one line.
    const whole = pdfWords(table({}).pdf);
    expect(whole.map((w) => w.text)).toEqual(['well-known/unusual-things']);
    const words = pdfWords(table({ break_after: ' -/' }).pdf);
    expect(words.length).toBeGreaterThan(1); // broken inside the "word", at its hyphens or slash
    for (const w of words) expect(w.xMax).toBeLessThanOrEqual(130.5);
  });

  it("underlines a cell's text when the cell says so (a decoration under the letters, in pixels)", () => {
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            {
              type: 'table',
              rect: { llx: 50, lly: 700, urx: 350, ury: 800 },
              font: 'Body',
              font_size: 20,
              color: [1, 0, 0],
              columns: [300],
              padding: 0,
              rows: [[{ text: 'mmmmmmmm', underline: true }], ['mmmmmmmm']],
            },
          ],
        },
        now: NOW,
      }),
    );
    const w = pdfWords(out.pdf);
    const px = pagePixels(out.pdf, 1, 144);
    const [a, b] = w;
    // Just under the baseline (the words' boxes end at the descender): red under the first, white under the second.
    const under = (x: Word) => px((x.xMin + x.xMax) / 2, 841.89 - x.yMax + 3.5);
    const first = under(a),
      second = under(b);
    expect(first[0]).toBeGreaterThan(200);
    expect(first[1]).toBeLessThan(100);
    expect(second).toEqual([255, 255, 255]);
  });

  it('resolves {current_page} and {total_pages} in a footer cell on every page', () => {
    const rows = [
      ['Key', 'Value'],
      ...Array.from({ length: 80 }, (_, i) => [`k${i + 1}`, 'v']),
      [{ text: 'Page {current_page} of {total_pages}', col_span: 2 }],
    ];
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            {
              type: 'table',
              rect: { llx: 50, lly: 400, urx: 545, ury: 800 },
              font: 'Body',
              font_size: 10,
              columns: [100, { fraction: 1 }],
              header_rows: 1,
              footer_rows: 1,
              row_height: 20,
              rows,
            },
          ],
        },
        now: NOW,
      }),
    );
    expect(out.pages).toBeGreaterThan(3);
    const pages = pdfToText(out.pdf).split('\f').slice(0, out.pages);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${out.pages}`));
    expect(qpdfCheck(out.pdf).code).toBe(0);
  });
});

describe('pictures and drawings in cells', () => {
  // 40 × 20 pixels: red, a blue right half — so anchoring and proportions show in pixels.
  const png = makePng({ width: 40, height: 20, type: 2, depth: 8, pixel: (x) => (x < 20 ? [255, 0, 0] : [0, 0, 255]) });
  const base = {
    type: 'table',
    rect: { llx: 100, lly: 500, urx: 300, ury: 800 },
    font: 'Body',
    font_size: 10,
    columns: [100, 100],
    padding: 0,
  };

  it("fits an image into the cell (contain by default: its proportions kept, the row as tall as the picture at the cell's width)", () => {
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            {
              ...base,
              rows: [
                ['logo', { image: 'pic' }],
                ['after', 'x'],
              ],
            },
          ],
        },
        parts: { pic: png },
        now: NOW,
      }),
    );
    const px = pagePixels(out.pdf, 1);
    // 100 points wide → 50 tall: the cell spans x 200–300, y 750–800.
    expect(px(210, 775)).toEqual([255, 0, 0]);
    expect(px(290, 775)).toEqual([0, 0, 255]);
    expect(px(250, 745)).toEqual([255, 255, 255]);
    // The next row starts under the picture.
    const after = pdfWords(out.pdf).find((w) => w.text === 'after')!;
    expect(841.89 - after.yMax).toBeLessThan(750);
    expect(841.89 - after.yMax).toBeGreaterThan(735);
  });

  it("anchors a contained picture by the cell's align and valign in a taller row, and fills it under fit: fill", () => {
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            {
              ...base,
              row_height: 100,
              rows: [
                [
                  { image: 'pic', align: 'right', valign: 'bottom' },
                  { image: 'pic', fit: 'fill' },
                ],
              ],
            },
          ],
        },
        parts: { pic: png },
        now: NOW,
      }),
    );
    const px = pagePixels(out.pdf, 1);
    // First cell (100–200 × 700–800): 100 × 50, at the bottom.
    expect(px(150, 760)).toEqual([255, 255, 255]);
    expect(px(120, 720)).toEqual([255, 0, 0]);
    // Second cell stretched over the whole 100 × 100.
    expect(px(220, 790)).toEqual([255, 0, 0]);
    expect(px(280, 710)).toEqual([0, 0, 255]);
  });

  it('places a declared drawing as its form, contained in the cell, with `height` setting the row', () => {
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          drawings: [
            {
              name: 'seal',
              box: { llx: 0, lly: 0, urx: 10, ury: 10 },
              items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0, 0.5, 0] }],
            },
          ],
          items: [
            {
              ...base,
              rows: [
                ['seal', { drawing: 'seal', height: 40 }],
                ['after', 'x'],
              ],
            },
          ],
        },
        now: NOW,
      }),
    );
    const px = pagePixels(out.pdf, 1);
    // 40 points tall row, the 10 × 10 box contained: a 40 × 40 square at the cell's top left (align left, valign top).
    const [r, g, b] = px(220, 780);
    expect([r, b]).toEqual([0, 0]);
    expect(Math.abs(g - 128)).toBeLessThanOrEqual(1);
    expect(px(250, 780)).toEqual([255, 255, 255]);
    const after = pdfWords(out.pdf).find((w) => w.text === 'after')!;
    expect(841.89 - after.yMax).toBeLessThan(760);
    expect(841.89 - after.yMax).toBeGreaterThan(745);
  });

  it('keeps a row holding a picture whole, and refuses one taller than any box, naming the row', () => {
    const out = render({
      description: {
        fonts: FONTS,
        items: [
          { ...base, rect: { llx: 100, lly: 700, urx: 300, ury: 800 }, rows: [['a', { image: 'pic', height: 150 }]] },
        ],
      },
      parts: { pic: png },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'drawing', path: '/items/0/rows/0' });
    expect(out.ok || out.sentence).toBe(
      'the row /items/0/rows/0 needs 150 points, more than the 100 points a box of the table holds, and cannot be split: it holds an image.',
    );
  });
});
