// test/relative-renumber.test.ts — relative_to (items hung from an edge of a named item, its refusals)
// and renumber (page labels written as the catalog's /PageLabels, read back by qpdf; page references
// in the renumbered numbering).
import { describe, expect, it } from 'vitest';
import type { RefusalError } from '../ir/diagnostics.js';
import { labelledNumbering, pageLabels, plainNumbering, resolvePageRef } from '../ir/page-refs.js';
import type { RenumberEntry } from '../ir/types.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfWords, qpdfCheck, qpdfJson } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
const run = (items: unknown[], extra: Record<string, unknown> = {}) =>
  render({ description: { fonts: FONTS, items, ...extra }, now: NOW });
const text = (content: string, extra: Record<string, unknown>) => ({
  type: 'text',
  rect: { llx: 50, lly: 0, urx: 500, ury: 20 },
  content: [content],
  font: 'Body',
  font_size: 10,
  ...extra,
});

describe('relative_to', () => {
  it('hangs an item under the last part of a table that spilled onto page 3, and above a rect', () => {
    const rows = Array.from({ length: 70 }, (_, i) => [`r${i + 1}`]);
    const out = render({
      description: {
        fonts: FONTS,
        items: [
          {
            type: 'table',
            id: 't',
            pages: [1],
            rect: { llx: 50, lly: 400, urx: 300, ury: 800 },
            font: 'Body',
            font_size: 10,
            padding: 0,
            columns: [{ fraction: 1 }],
            row_height: 15,
            rows,
          },
          text('Total', { relative_to: { id: 't', edge: 'bottom', offset: 5 } }),
          text('First', { relative_to: { id: 't', edge: 'bottom', part: 1 } }),
          { type: 'rect', id: 'box', pages: [2], rect: { llx: 50, lly: 100, urx: 100, ury: 150 }, fill: [0.5] },
          text('Above', { relative_to: { id: 'box', edge: 'top', offset: 10 } }),
        ],
      },
      now: NOW,
    });
    if (!out.ok) throw new Error(out.sentence);
    // 400 points of 15-point rows: 26 a box; 70 rows → 3 pages, 18 rows on the last.
    expect(out.pages).toBe(3);
    const p3 = pdfWords(out.pdf, ['-f', '3', '-l', '3']);
    const total = p3.find((w) => w.text === 'Total')!;
    const last = p3.find((w) => w.text === 'r70')!;
    expect(total).toBeDefined();
    // The table's last part ends 18 rows below 800; the text's rect top hangs 5 points below it.
    const bottom = 800 - 18 * 15;
    expect(841.89 - total.yMin).toBeLessThan(bottom - 5);
    expect(841.89 - total.yMin).toBeGreaterThan(bottom - 20);
    expect(total.yMin).toBeGreaterThan(last.yMax);
    const p1 = pdfWords(out.pdf, ['-f', '1', '-l', '1']);
    expect(p1.some((w) => w.text === 'First')).toBe(true);
    const p2 = pdfWords(out.pdf, ['-f', '2', '-l', '2']);
    const above = p2.find((w) => w.text === 'Above')!;
    expect(841.89 - above.yMax).toBeGreaterThan(160 - 1); // its rect's bottom sits 10 above the rect's top (150)
  });

  const cases: [string, unknown[], string, string][] = [
    [
      'an unknown id',
      [text('a', { relative_to: { id: 'nope', edge: 'top' } })],
      '/items/0/relative_to/id',
      'relative_to at /items/0/relative_to names the id "nope", which no item carries.',
    ],
    [
      'a cycle',
      [
        text('a', { id: 'a', relative_to: { id: 'b', edge: 'top' } }),
        text('b', { id: 'b', relative_to: { id: 'a', edge: 'top' } }),
      ],
      '/items/0/relative_to',
      'relative_to at /items/0/relative_to goes round in a circle: "a" → "b" → "a".',
    ],
    [
      'an id given twice',
      [text('a', { id: 'x', pages: [1] }), text('b', { id: 'x', pages: [1] })],
      '/items/1/id',
      'the id "x" at /items/1/id is already given at /items/0/id.',
    ],
    [
      'pages beside relative_to',
      [text('a', { id: 'a', pages: [1] }), text('b', { pages: [2], relative_to: { id: 'a', edge: 'top' } })],
      '/items/1/pages',
      '/items/1/pages cannot be given together with /items/1/relative_to; an item hung with relative_to lands on the page of the part it hangs from.',
    ],
    [
      'a table hung from an item on every page',
      [
        text('a', { id: 'a' }),
        {
          type: 'table',
          rect: { llx: 50, lly: 100, urx: 500, ury: 200 },
          font: 'Body',
          font_size: 10,
          columns: [{ fraction: 1 }],
          rows: [['b']],
          relative_to: { id: 'a', edge: 'top' },
        },
      ],
      '/items/1/relative_to/id',
      'relative_to at /items/1/relative_to hangs an item that continues over pages (a table or a flowing story) from "a", which lands on every page (or on pages a rule selects); such an item starts on one page: hang it from a table, a story or an item with a list of pages.',
    ],
    [
      'a part the item does not have',
      [text('a', { id: 'a', pages: [1, 2] }), text('b', { relative_to: { id: 'a', edge: 'top', part: 3 } })],
      '/items/1/relative_to/part',
      'relative_to at /items/1/relative_to names part 3 of "a", which is laid in 2 parts.',
    ],
  ];
  it.each(cases)('refuses %s, naming it', (_, items, path, sentence) => {
    const out = run(items);
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path });
    expect(out.ok || out.sentence).toBe(sentence);
  });
});

describe('renumber', () => {
  const six = [1, 2, 3, 4, 5, 6].map((p) =>
    text(`page ${p}`, { pages: [p], rect: { llx: 50, lly: 700, urx: 500, ury: 750 } }),
  );

  it('writes page labels that qpdf reads back: styles, prefix, start; pages before the first entry count 1, 2…', () => {
    const out = run(six, {
      renumber: [
        { page: 3, style: 'lower_roman' },
        { page: 5, style: 'upper_letters', prefix: 'App-', start: 3 },
        { page: 9, style: 'decimal' },
      ],
    });
    if (!out.ok) throw new Error(out.sentence);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    expect(qpdfJson(out.pdf, ['pagelabels']).pagelabels).toEqual([
      { index: 0, label: { '/S': '/D', '/St': 1 } },
      { index: 2, label: { '/S': '/r', '/St': 1 } },
      { index: 4, label: { '/P': 'u:App-', '/S': '/A', '/St': 3 } },
    ]);
  });

  it('labels pages in every style', () => {
    const entries: RenumberEntry[] = [
      { at: '', page: 1, style: 'upper_roman', prefix: '', start: 4 },
      { at: '', page: 3, style: 'lower_letters', prefix: '', start: 26 },
      { at: '', page: 5, style: 'none', prefix: 'Cover', start: 1 },
      { at: '', page: 6, style: 'decimal', prefix: 'p. ', start: 1 },
    ];
    expect(pageLabels(7, entries)).toEqual(['IV', 'V', 'z', 'aa', 'Cover', 'p. 1', 'p. 2']);
  });

  it('finds page references in the renumbered numbering, and refuses a missing one naming it as written', () => {
    const n = labelledNumbering(6, [
      { at: '', page: 1, style: 'lower_roman', prefix: '', start: 1 },
      { at: '', page: 3, style: 'decimal', prefix: '', start: 1 },
    ]);
    expect(n.find('ii')).toBe(2);
    expect(n.find(1)).toBe(3); // "page 1" is the first page of the main matter
    expect(n.find(4)).toBe(6);
    expect(n.find(5)).toBeUndefined();
    expect(n.label(2)).toBe('ii');
    expect(resolvePageRef(n, 'i', '/bookmarks/0/page')).toBe(1);
    try {
      resolvePageRef(n, 5, '/bookmarks/0/page');
      expect.unreachable();
    } catch (e) {
      expect((e as RefusalError).refusal).toEqual({
        key: 'pageMissing',
        status: 400,
        word: 'description',
        path: '/bookmarks/0/page',
        sentence: 'the page 5 named by /bookmarks/0/page is not in the document, which has 6 pages.',
      });
    }
    try {
      resolvePageRef(n, 'vii', '/links/0/page');
      expect.unreachable();
    } catch (e) {
      expect((e as RefusalError).refusal.sentence).toBe(
        'the page vii named by /links/0/page is not in the document, which has 6 pages.',
      );
    }
    expect(plainNumbering(3).find(3)).toBe(3);
  });

  it('navigation names pages in the renumbered numbering: destinations land there, a missing label is refused as written', async () => {
    const { pdfDests } = await import('./support/pdf-tools.js');
    const renumber = [
      { page: 1, style: 'lower_roman' },
      { page: 3, style: 'decimal' },
    ];
    const out = run(six, {
      renumber,
      destinations: [
        { name: 'preface', page: 'ii' },
        { name: 'main', page: 1 },
        { name: 'four', page: 4 },
      ],
    });
    if (!out.ok) throw new Error(out.sentence);
    const dests = pdfDests(out.pdf);
    expect(dests.get('preface')).toMatch(/^2 /);
    expect(dests.get('main')).toMatch(/^3 /);
    expect(dests.get('four')).toMatch(/^6 /);
    const missing = run(six, { renumber, destinations: [{ name: 'x', page: 'vii' }] });
    expect(missing).toMatchObject({ ok: false, status: 400, word: 'description', path: '/destinations/0/page' });
    expect(missing.ok || missing.sentence).toBe(
      'the page vii named by /destinations/0/page is not in the document, which has 6 pages.',
    );
    const five = run(six, { renumber, destinations: [{ name: 'x', page: 5 }] });
    expect(five.ok || five.sentence).toBe(
      'the page 5 named by /destinations/0/page is not in the document, which has 6 pages.',
    );
  });

  it('refuses a renumber entry that is not well formed, naming the key', () => {
    const out = run(six, { renumber: [{ page: 1, style: 'klingon' }] });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/renumber/0/style' });
    const zero = run(six, { renumber: [{ page: 0 }] });
    expect(zero).toMatchObject({ ok: false, status: 400, path: '/renumber/0/page' });
  });
});
