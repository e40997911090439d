// test/table.test.ts — the table item and pagination by overflow: every row exactly once and in
// order across the pages it creates, header rows repeated, spans, split rows, rows too tall for any
// box, a table starting mid-page, relative_to, the page ceiling while pages are created. Judged by
// pdftotext (words and their boxes), qpdf and the refusal's status, word, pointer and sentence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText, pdfWords, qpdfCheck } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];

function ok(out: Outcome) {
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out;
}
const run = (items: unknown[], extra: Record<string, unknown> = {}, client?: Record<string, unknown>) =>
  render({ description: { fonts: FONTS, items, ...extra }, now: NOW, ...(client ?? {}) });

function table(extra: Record<string, unknown>) {
  return {
    type: 'table',
    rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
    font: 'Body',
    font_size: 10,
    columns: [100, { fraction: 1 }],
    ...extra,
  };
}

describe('table-10k (bench/scenarios/table-10k.json)', () => {
  it('lays 10 000 rows over 200 pages: header and "Page N of 200" on every page, every row once and in order, the total under the last row', () => {
    const d = JSON.parse(readFileSync(join(import.meta.dirname, '../bench/scenarios/table-10k.json'), 'utf8'));
    const out = ok(render({ description: d, now: NOW }));
    expect(out.pages).toBe(200);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    const pages = pdfToText(out.pdf, ['-layout']).split('\f').slice(0, 200);
    const ids: string[] = [];
    pages.forEach((p, i) => {
      const lines = p.split('\n').filter((l) => l.trim());
      expect(lines[0].trim().split(/\s+/), `header on page ${i + 1}`).toEqual(['ID', 'Name', 'Date', 'Qty', 'Amount']);
      expect(lines[lines.length - 1].trim(), `footer on page ${i + 1}`).toBe(`Page ${i + 1} of 200`);
      for (const l of lines) {
        const m = /^\s*(R\d{5})\s+(.+?)\s+(\d{4}-\d\d-\d\d)\s+(\d+)\s+([\d,.]+)\s*$/.exec(l);
        if (m) ids.push(m[1]);
      }
    });
    // Every row exactly once, in order, none cut (each matched whole, five columns), none lost.
    expect(ids.length).toBe(10_000);
    ids.forEach((id, i) => {
      if (id !== `R${String(i + 1).padStart(5, '0')}`) throw new Error(`row ${i + 1} is ${id}`);
    });
    const rows = d.items[0].rows.slice(1) as string[][];
    const firstLine = pages[0].split('\n')[1].trim().split(/\s+/);
    expect(firstLine).toEqual([rows[0][0], ...rows[0][1].split(' '), ...rows[0].slice(2)]);
    // The total hangs under the last row, on the last page.
    const words = pdfWords(out.pdf, ['-f', '200', '-l', '200']);
    const last = words.find((w) => w.text === 'R10000')!;
    const total = words.find((w) => w.text === 'Total:')!;
    expect(total.yMin).toBeGreaterThan(last.yMax);
    expect(total.yMin - last.yMax).toBeLessThan(8);
  }, 60_000);
});

/** Words of each page as pdftotext reads them (reading order), whitespace folded. */
function pageWords(pdf: Uint8Array, pages: number): string[][] {
  return pdfToText(pdf)
    .split('\f')
    .slice(0, pages)
    .map((p) => p.split(/\s+/).filter(Boolean));
}

const LOREM =
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu';

describe('rows across pages', () => {
  it('moves a row that does not fit whole to the next box (rows kept together by default), repeating the header', () => {
    const rows = [['Key', 'Value'], ...Array.from({ length: 60 }, (_, i) => [`k${i + 1}`, `v${i + 1}`])];
    const out = ok(
      run([table({ rect: { llx: 50, lly: 500, urx: 545, ury: 800 }, header_rows: 1, row_height: 20, rows })]),
    );
    // 300 points: the header and 14 rows of 20 points a box.
    expect(out.pages).toBe(5);
    const pages = pageWords(out.pdf, out.pages);
    pages.forEach((w) => expect(w.slice(0, 2)).toEqual(['Key', 'Value']));
    const body = pages.flatMap((w) => w.slice(2));
    expect(body).toEqual(rows.slice(1).flat());
    expect(pages[0].length).toBe(2 + 14 * 2);
  });

  it('items on every page, and object-form rules, reach the pages the overflow created', () => {
    const rows = Array.from({ length: 60 }, (_, i) => [`k${i + 1}`, 'v']);
    const note = (content: string, pages: unknown) => ({
      type: 'text',
      pages,
      rect: { llx: 50, lly: 20, urx: 545, ury: 40 + (content === 'odd' ? 20 : 0) },
      content: [content],
      font: 'Body',
      font_size: 8,
    });
    const out = ok(
      run([
        table({ rect: { llx: 50, lly: 500, urx: 545, ury: 800 }, row_height: 20, rows }),
        note('every', []),
        note('odd', { every: 2 }),
      ]),
    );
    expect(out.pages).toBe(4);
    const pages = pageWords(out.pdf, 4);
    expect(pages.map((w) => w.filter((x) => x === 'every' || x === 'odd'))).toEqual([
      ['odd', 'every'],
      ['every'],
      ['odd', 'every'],
      ['every'],
    ]);
  });

  it('splits a row allowed to split between lines; every word lands once, in order', () => {
    const long = Array.from({ length: 12 }, () => LOREM).join(' ');
    const rows = [['Head', 'Text'], ['a', 'short'], { cells: ['b', long], split: true }, ['c', 'after']];
    const out = ok(run([table({ rect: { llx: 50, lly: 600, urx: 300, ury: 800 }, header_rows: 1, rows })]));
    expect(out.pages).toBeGreaterThan(2);
    const all = pageWords(out.pdf, out.pages)
      .flat()
      .filter((w) => w !== 'Head' && w !== 'Text');
    expect(all).toEqual(['a', 'short', 'b', ...long.split(' '), 'c', 'after']);
  });

  it('splits a kept-together row taller than any box between lines (documented rule), losing nothing', () => {
    const long = Array.from({ length: 20 }, () => LOREM).join(' ');
    const out = ok(run([table({ rect: { llx: 50, lly: 600, urx: 300, ury: 800 }, rows: [['x', long]] })]));
    expect(out.pages).toBeGreaterThan(2);
    expect(pageWords(out.pdf, out.pages).flat()).toEqual(['x', ...long.split(' ')]);
  });

  it('refuses a row too tall for any box that cannot be split, naming the row', () => {
    const out = run([
      table({
        rect: { llx: 50, lly: 600, urx: 300, ury: 800 },
        rows: [
          ['a', 'b'],
          ['qr', { code: { type: 'qr_code', data: 'hello', height: 400 } }],
        ],
      }),
    ]);
    expect(out).toMatchObject({ ok: false, status: 400, word: 'drawing', path: '/items/0/rows/1' });
    expect(out.ok || out.sentence).toMatch(
      /^the row \/items\/0\/rows\/1 needs 404 points, more than the 200 points a box of the table holds, and cannot be split: it holds a code\.$/,
    );
    const spanned = run([
      table({
        rect: { llx: 50, lly: 700, urx: 300, ury: 800 },
        rows: [[{ text: 'a', row_span: 2 }, 'b'], [{ text: 'c', font_size: 120 }]],
      }),
    ]);
    expect(spanned).toMatchObject({ ok: false, status: 400, word: 'drawing', path: '/items/0/rows/0' });
    expect(spanned.ok || spanned.sentence).toMatch(/cannot be split: its rows are held together by a row span\.$/);
  });

  it('starts mid-page and continues at the top of the continuation box', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`r${i + 1}`, 'x']);
    const out = ok(
      run([
        {
          type: 'text',
          pages: [1],
          rect: { llx: 50, lly: 420, urx: 545, ury: 800 },
          content: ['Introduction'],
          font: 'Body',
          font_size: 12,
        },
        table({
          pages: [1],
          rect: { llx: 50, lly: 100, urx: 545, ury: 400 },
          continuation: { llx: 50, lly: 100, urx: 545, ury: 800 },
          row_height: 20,
          rows,
        }),
      ]),
    );
    expect(out.pages).toBe(2);
    const w1 = pdfWords(out.pdf, ['-f', '1', '-l', '1']);
    const w2 = pdfWords(out.pdf, ['-f', '2', '-l', '2']);
    const r1 = w1.find((w) => w.text === 'r1')!;
    expect(841.89 - r1.yMax).toBeLessThan(400); // below the table's top edge on page 1
    expect(841.89 - r1.yMin).toBeGreaterThan(380);
    expect(w1.filter((w) => /^r\d+$/.test(w.text)).length).toBe(15); // 300 points of 20-point rows
    const r16 = w2.find((w) => w.text === 'r16')!;
    expect(841.89 - r16.yMax).toBeGreaterThan(780); // top of the continuation box
  });

  it('gives up a first box that holds no body row: the table starts in the continuation box', () => {
    const out = ok(
      run([
        table({
          pages: [1],
          rect: { llx: 50, lly: 100, urx: 545, ury: 130 },
          continuation: { llx: 50, lly: 100, urx: 545, ury: 800 },
          header_rows: 1,
          row_height: 20,
          rows: [
            ['Head', 'er'],
            ['body', 'row'],
          ],
        }),
      ]),
    );
    expect(out.pages).toBe(2);
    const pages = pageWords(out.pdf, 2);
    expect(pages[0]).toEqual([]);
    expect(pages[1]).toEqual(['Head', 'er', 'body', 'row']);
  });

  it('refuses header and footer rows taller than the boxes, naming the table', () => {
    const out = run([
      table({
        rect: { llx: 50, lly: 700, urx: 545, ury: 730 },
        header_rows: 1,
        footer_rows: 1,
        row_height: 20,
        rows: [
          ['h', 'h'],
          ['b', 'b'],
          ['f', 'f'],
        ],
      }),
    ]);
    expect(out).toMatchObject({ ok: false, status: 400, word: 'drawing', path: '/items/0' });
    expect(out.ok || out.sentence).toBe(
      'the header and footer rows of the table at /items/0 need 40 points, more than the 30 points of its rect.',
    );
  });

  it('stops a runaway table at the page ceiling with 413, naming the ceiling', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`r${i}`, 'x']);
    const t0 = performance.now();
    const out = run(
      [table({ row_height: 100, rows })],
      {},
      { service: { clients: { default: { page_ceiling: 20 } } } },
    );
    expect(out).toMatchObject({ ok: false, status: 413, word: 'too_many_pages', path: '/items/0' });
    expect(out.ok || out.sentence).toBe('the table at /items/0 runs past page 20, the ceiling of 20 pages.');
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe('columns, spans, styles', () => {
  it('spans columns and rows: a spanning cell is laid across the columns and down the rows it holds', () => {
    const out = ok(
      run([
        {
          type: 'table',
          rect: { llx: 100, lly: 500, urx: 400, ury: 800 },
          font: 'Body',
          font_size: 10,
          padding: { top: 0, bottom: 0, left: 0, right: 5 },
          columns: [100, 100, 100],
          row_height: 20,
          rows: [
            [{ text: 'wide', col_span: 2, align: 'right' }, 'c3'],
            [{ text: 'tall', row_span: 2, valign: 'bottom' }, 'b2', 'b3'],
            ['d2', 'd3'],
          ],
        },
      ]),
    );
    const w = pdfWords(out.pdf);
    const at = (t: string) => w.find((x) => x.text === t)!;
    expect(at('wide').xMax).toBeCloseTo(295, 0); // right edge of the two columns (300) less the padding
    expect(at('c3').xMin).toBeCloseTo(300, 0);
    // 'tall' sits at the bottom of the two 20-point rows it spans (the first row is 780 to 800): its descent at 740.
    expect(841.89 - at('tall').yMax).toBeCloseTo(740, 0);
    expect(at('d2').xMin).toBeCloseTo(200, 0);
  });

  it('reads back every cell of rows joined into one run, whether their letters are one unit each (one string), beyond Latin-1, or clusters and ligatures', () => {
    // a row of plain cells holds its texts as one string (ir/draw-ops.ts GlyphTexts); a row with a
    // cell whose glyph stands for two units (a ligature, a letter and its accent) keeps one per glyph
    const rows = [
      ['Alpha 12', 'Beta gamma', 'x'],
      ['Żółw €5', 'Ωmega', 'y'],
      ['office fifty', 'plain', 'z'],
      ['cafe\u0301', 'n\u0303o', 'w'],
    ];
    const out = ok(run([table({ columns: [150, 150, { fraction: 1 }], rows })]));
    expect(pageWords(out.pdf, 1)[0].map((w) => w.normalize('NFC'))).toEqual(
      rows.flatMap((r) => r.flatMap((c) => c.normalize('NFC').split(' '))),
    );
  });

  it('sizes auto and fraction columns: auto takes its widest content, fractions share the rest', () => {
    const out = ok(
      run([
        {
          type: 'table',
          rect: { llx: 0, lly: 500, urx: 400, ury: 800 },
          font: 'Body',
          font_size: 10,
          padding: { top: 0, bottom: 0, left: 0, right: 6 },
          columns: ['auto', { fraction: 1 }, { fraction: 3 }],
          rows: [
            ['a', 'b', 'c'],
            ['widest-word-here', 'x', 'y'],
          ],
        },
      ]),
    );
    const w = pdfWords(out.pdf);
    const auto = w.find((x) => x.text === 'widest-word-here')!;
    const b = w.find((x) => x.text === 'b')!;
    const c = w.find((x) => x.text === 'c')!;
    expect(b.xMin).toBeCloseTo(auto.xMax + 6, 0);
    expect(c.xMin - b.xMin).toBeCloseTo((400 - auto.xMax - 6) / 4, 0);
  });

  it('fills stripes, rows and cells and draws borders as given (pixels)', async () => {
    const { pagePixels } = await import('./support/pdf-tools.js');
    const out = ok(
      run([
        {
          type: 'table',
          rect: { llx: 100, lly: 600, urx: 300, ury: 800 },
          font: 'Body',
          font_size: 10,
          columns: [100, 100],
          row_height: 20,
          stripes: [
            [1, 0, 0],
            [0, 0, 1],
          ],
          border: { width: 2, color: [0, 1, 0] },
          rows: [
            ['a', 'b'],
            ['c', { text: 'd', fill: [1, 1, 0] }],
            ['e', 'f'],
          ],
        },
      ]),
    );
    const px = pagePixels(out.pdf, 1);
    expect(px(190, 790)).toEqual([255, 0, 0]); // first body row: first stripe
    expect(px(150, 770)).toEqual([0, 0, 255]); // second: second stripe
    expect(px(290, 770)).toEqual([255, 255, 0]); // a cell's own fill over the stripe
    expect(px(200, 785)).toEqual([0, 255, 0]); // the border between the columns
  });
});

describe('cells holding codes', () => {
  it('draws a code in a cell, fitted to its width inside the padding; it decodes back', async () => {
    const { decodePage } = await import('./support/decode-codes.js');
    const out = ok(
      run([
        table({
          columns: [150, 150],
          rect: { llx: 50, lly: 300, urx: 350, ury: 800 },
          rows: [['Ticket', { code: { type: 'qr_code', data: 'quire-table-cell' }, padding: 10 }]],
        }),
      ]),
    );
    const found = await decodePage(out.pdf, 150);
    expect(found.map((r) => r.text)).toContain('quire-table-cell');
  });
});

describe('refusals', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'a cell holding two things',
      { rows: [[{ text: 'a', flow: 'b' }, 'c']] },
      '/items/0/rows/0/0/flow',
      'the cell /items/0/rows/0/0 holds both text and flow; a table cell holds one thing.',
    ],
    [
      'a row that does not fill the columns',
      { rows: [['a']] },
      '/items/0/rows/0',
      'the row /items/0/rows/0 fills 1 columns, but the table has 2.',
    ],
    [
      'a row past the columns',
      { rows: [['a', 'b', 'c']] },
      '/items/0/rows/0',
      'the row /items/0/rows/0 fills 3 columns, but the table has 2.',
    ],
    [
      'a row span past the last row',
      { rows: [[{ text: 'a', row_span: 3 }, 'b'], ['c']] },
      '/items/0/rows/0/0/row_span',
      'the cell /items/0/rows/0/0 spans 3 rows, past the last row of the table.',
    ],
    [
      'a row span out of the header',
      { header_rows: 1, rows: [[{ text: 'a', row_span: 2 }, 'b'], ['c']] },
      '/items/0/rows/0/0/row_span',
      'the cell /items/0/rows/0/0 spans 2 rows, past the end of the header rows.',
    ],
    [
      'more header and footer rows than rows',
      { header_rows: 2, footer_rows: 1, rows: [['a', 'b']] },
      '/items/0/header_rows',
      'header_rows = 2 and footer_rows = 1 at /items/0 leave no room in a table of 1 rows.',
    ],
    [
      'a text cell with no font',
      { font: undefined, rows: [['a', 'b']] },
      '/items/0/rows/0/0',
      'the cell /items/0/rows/0/0 holds text but no font is given for it: give font on the cell, its row, its column or the table.',
    ],
    [
      'columns wider than the rect',
      { columns: [400, 200], rows: [['a', 'b']] },
      '/items/0/rect',
      'the columns of the table at /items/0 need 600 points, more than the 495 points of its rect.',
    ],
    [
      'a table on two pages',
      { pages: [1, 2], rows: [['a', 'b']] },
      '/items/0/pages',
      'a table starts on one page and continues by overflowing its boxes: /items/0/pages must be a list of one page number (an empty list, every page, is not one page).',
    ],
    [
      '{total_pages} in a table box',
      { rect: { llx: 50, lly: 100, urx: 545, ury: '{total_pages} * 100' }, rows: [['a', 'b']] },
      '/items/0/rect/ury',
      "the coordinate /items/0/rect/ury uses {total_pages}, which is not known while pages are being created; a table's rect cannot depend on it.",
    ],
    [
      'an image cell naming a part not sent',
      { rows: [[{ image: 'logo' }, 'b']] },
      '/items/0/rows/0/0/image',
      'the part "logo" named by /items/0/rows/0/0/image was not sent with the request.',
    ],
    [
      'a drawing cell naming no declared drawing',
      { rows: [[{ drawing: 'seal' }, 'b']] },
      '/items/0/rows/0/0/drawing',
      'the drawing "seal" named by /items/0/rows/0/0/drawing is nowhere declared.',
    ],
    [
      'fit on a text cell',
      { rows: [[{ text: 'a', fit: 'cover' }, 'b']] },
      '/items/0/rows/0/0/fit',
      'the key fit at /items/0/rows/0/0/fit sizes a picture or a drawing in its cell, but the cell /items/0/rows/0/0 holds text.',
    ],
    [
      'height on an empty cell',
      { rows: [[{ height: 20 }, 'b']] },
      '/items/0/rows/0/0/height',
      'the key height at /items/0/rows/0/0/height sizes a picture or a drawing in its cell, but the cell /items/0/rows/0/0 holds nothing.',
    ],
    [
      'a cell hyphenation language without patterns',
      { hyphenate: 'xx', rows: [['a', 'b']] },
      '/items/0/hyphenate',
      'the hyphenation language "xx" at /items/0/hyphenate has no patterns in this build.',
    ],
    [
      'an unknown placeholder in a cell',
      { rows: [['{page}', 'b']] },
      '/items/0/rows/0/0',
      'the placeholder {page} in /items/0/rows/0/0 is not known; write {current_page}, {total_pages} or {page_of:ID} (an id without spaces or braces), and {{ or }} for a brace.',
    ],
    [
      'an undeclared cell font',
      { rows: [[{ text: 'a', font: 'Nope' }, 'b']] },
      '/items/0/rows/0/0/font',
      'the font "Nope" named by /items/0/rows/0/0/font is nowhere declared.',
    ],
  ];
  it.each(cases)('refuses %s', (_, extra, path, sentence) => {
    const out = run([table(extra)]);
    expect(out).toMatchObject({ ok: false, status: 400, path });
    expect(out.ok || out.sentence).toBe(sentence);
  });
});

describe('row groups: keep_with_next (issue 23)', () => {
  /** Ten 20-point rows `rowN` in a 100-point box (five a box); `keeps` lists the rows that keep with the next. */
  const pagesOf = (keeps: number[], boxHeight = 100) => {
    const rect = { llx: 50, lly: 700, urx: 545, ury: 700 + boxHeight };
    const rows = Array.from({ length: 10 }, (_, i) => {
      const cells = [`row${i}`, 'x'];
      return keeps.includes(i) ? { cells, height: 20, keep_with_next: true } : { cells, height: 20 };
    });
    const out = ok(run([table({ rect, continuation: rect, rows })]));
    const words = pdfWords(out.pdf);
    return Array.from({ length: 10 }, (_, i) => words.find((w) => w.text === `row${i}`)!.page);
  };
  it('a row keeping with the next moves with it to the next box; a chain of keeps moves as one group', () => {
    expect(pagesOf([])).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    // row4 would end page 1 and row5 open page 2: kept together, both open page 2
    expect(pagesOf([4])).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 2, 3]);
    // rows 2–5 chained: the group of four moves whole
    expect(pagesOf([2, 3, 4])).toEqual([1, 1, 2, 2, 2, 2, 2, 3, 3, 3]);
  });
  it('a group taller than a whole box gives way rather than refusing the table', () => {
    // every row keeps with the next: ten rows cannot share a five-row box, so the keep gives way where it must
    const pages = pagesOf([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pages.filter((p) => p === 1).length).toBeGreaterThan(0);
    expect(new Set(pages).size).toBeGreaterThan(1);
  });
});
