// test/render.test.ts — the library end to end: a good text+rect document judged by qpdf, poppler and
// MuPDF, and the refusals of the walking skeleton, each with status, word, pointer and sentence.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { helloDescription, NOTO_SANS, NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { mutoolDraw, pdfFonts, pdfInfo, pdfToText, pdfWords, pixelAt, qpdfCheck } from './support/pdf-tools.js';

function ok(description: unknown, parts?: Record<string, Uint8Array>) {
  const out = render({ description, parts, now: NOW });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.word} ${out.path}: ${out.sentence}`);
  return out;
}

function refused(description: unknown, parts?: Record<string, Uint8Array>) {
  const out = render({ description, parts, now: NOW });
  if (out.ok) throw new Error('expected a refusal, got a PDF');
  return out;
}

describe('a good document', () => {
  const out = ok(JSON.stringify(helloDescription()));

  it('passes qpdf --check and MuPDF draws it without complaint', () => {
    const q = qpdfCheck(out.pdf);
    expect(q.out).toContain('No syntax or stream encoding errors');
    expect(q.code).toBe(0);
    expect(mutoolDraw(out.pdf)).toEqual({ code: 0, err: '' });
  });

  it('gives its words back to pdftotext, ligatures as their letters', () => {
    expect(pdfToText(out.pdf).replace(/\s+/g, ' ').trim()).toBe('Hello quire, the office of difficult AVATAR Ty.');
  });

  it('embeds the font as a subset with ToUnicode', () => {
    const fonts = pdfFonts(out.pdf);
    expect(fonts).toHaveLength(1);
    expect(fonts[0].name).toMatch(/^[A-Z]{6}\+NotoSans-Regular$/);
    expect(fonts[0].type).toBe('CID TrueType');
    expect(fonts[0].encoding).toBe('Identity-H');
    expect(fonts[0]).toMatchObject({ emb: true, sub: true, uni: true });
  });

  it('is one A4 page', () => {
    expect(out.pages).toBe(1);
    const info = pdfInfo(out.pdf);
    expect(info.Pages).toBe('1');
    expect(info['Page size']).toMatch(/^595\.27\d? x 841\.89 pts/);
  });

  it('sets lines left-aligned at llx, broken inside the rect, 1.2 × size apart from one leading below the top', () => {
    const words = pdfWords(out.pdf);
    const lines = new Map<number, typeof words>();
    for (const w of words) {
      const key = Math.round(w.yMax);
      lines.set(key, [...(lines.get(key) ?? []), w]);
    }
    const rows = [...lines.values()].sort((a, b) => a[0].yMax - b[0].yMax);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(Math.min(...row.map((w) => w.xMin))).toBeCloseTo(72, 0);
      expect(Math.max(...row.map((w) => w.xMax))).toBeLessThanOrEqual(300.5);
    }
    // pdftotext's yMax is the baseline plus the descent; successive lines are one leading apart.
    for (let i = 1; i < rows.length; i++) expect(rows[i][0].yMax - rows[i - 1][0].yMax).toBeCloseTo(16.8, 1);
    // First baseline at ury − leading = 680 − 16.8 from the bottom, i.e. 841.89 − 663.2 from the top.
    const descent = 0.293 * 14;
    expect(rows[0][0].yMax - descent).toBeCloseTo(841.89 - 663.2, 0);
  });

  it('fills the rect with its colour', () => {
    expect(pixelAt(out.pdf, 125, 725)).toEqual([255, 0, 0]);
    expect(pixelAt(out.pdf, 40, 725)).toEqual([255, 255, 255]);
  });

  it('is the same bytes for the same input, whether read from text, bytes or a parsed value', () => {
    const text = JSON.stringify(helloDescription());
    const a = render({ description: text, now: NOW });
    const b = render({ description: Buffer.from(text), now: NOW });
    const c = render({ description: helloDescription(), now: new Date(0) });
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (a.ok && b.ok && c.ok) {
      expect(Buffer.from(b.pdf).equals(Buffer.from(a.pdf))).toBe(true);
      expect(Buffer.from(c.pdf).equals(Buffer.from(a.pdf))).toBe(true);
    }
  });
});

describe('pages made by what is drawn on them', () => {
  it('creates the pages items name, and an empty list lands on every page', () => {
    const out = ok({
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 72, lly: 700, urx: 500, ury: 800 },
          content: ['third page'],
          font: 'Body',
          font_size: 12,
          pages: [3],
        },
        {
          type: 'text',
          rect: { llx: 72, lly: 20, urx: 500, ury: 60 },
          content: ['footer'],
          font: 'Body',
          font_size: 10,
          pages: [],
        },
      ],
    });
    expect(out.pages).toBe(3);
    const pages = pdfToText(out.pdf)
      .split('\f')
      .map((p) => p.replace(/\s+/g, ' ').trim());
    expect(pages.slice(0, 3)).toEqual(['footer', 'footer', 'third page footer']);
  });

  it('takes the sheet size from page and evaluates coordinate expressions per page', () => {
    const out = ok({
      page: { width: 300, height: 200 },
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'rect',
          rect: { llx: '{page_width} / 2', lly: 0, urx: '{urx}', ury: '{page_height} / 2' },
          fill: [0, 0, 1],
          pages: [1],
        },
        {
          type: 'text',
          rect: { llx: '10 * {current_page}', lly: 0, urx: 290, ury: 190 },
          content: ['p'],
          font: 'Body',
          font_size: 10,
          pages: [1, 2],
        },
      ],
    });
    expect(pdfInfo(out.pdf)['Page size']).toBe('300 x 200 pts');
    expect(pixelAt(out.pdf, 225, 50)).toEqual([0, 0, 255]);
    expect(pixelAt(out.pdf, 75, 50)).toEqual([255, 255, 255]);
    const words = pdfWords(out.pdf);
    expect(words.map((w) => [w.page, Math.round(w.xMin)])).toEqual([
      [1, 10],
      [2, 20],
    ]);
  });

  it('draws a rotated rect about its centre', () => {
    const out = ok({
      page: { width: 200, height: 200 },
      items: [{ type: 'rect', rect: { llx: 50, lly: 90, urx: 150, ury: 110 }, fill: [0], rotate: 90 }],
    });
    expect(pixelAt(out.pdf, 100, 140)).toEqual([0, 0, 0]); // the long side now runs up through the centre
    expect(pixelAt(out.pdf, 60, 100)).toEqual([255, 255, 255]);
  });

  it('reads a font sent as a part', () => {
    const d = helloDescription({ fonts: [{ name: 'Body', part: 'body.ttf' }] });
    const out = ok(d, { 'body.ttf': NOTO_SANS });
    expect(pdfFonts(out.pdf)[0].emb).toBe(true);
  });

  it('remarks a declared font that nothing draws with, and still writes the PDF', () => {
    const out = ok({
      fonts: [{ name: 'Spare', data: NOTO_SANS_B64 }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    });
    expect(out.remarks).toEqual([
      { code: 'unused-resource', text: 'the font Spare is never drawn with', path: '/fonts/0' },
    ]);
  });
});

describe('refusals', () => {
  const base = () => helloDescription();
  const cases: [string, unknown, { status: number; word: string; path: string; sentence: RegExp }][] = [
    ['not JSON', '{"items": [', { status: 400, word: 'description', path: '', sentence: /does not read as JSON/ }],
    [
      'a key written twice',
      '{"items": [], "page": {"width": 1, "width": 2}}',
      {
        status: 400,
        word: 'description',
        path: '/page/width',
        sentence: /"width" is written twice in the object at \/page\./,
      },
    ],
    ['items missing', {}, { status: 400, word: 'description', path: '/items', sentence: /"items" is required/ }],
    [
      'an undeclared font',
      {
        items: [{ type: 'text', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, content: ['x'], font: 'Nope', font_size: 9 }],
      },
      {
        status: 400,
        word: 'description',
        path: '/items/0/font',
        sentence: /the font "Nope" named by \/items\/0\/font is nowhere declared/,
      },
    ],
    [
      'a coordinate that does not parse',
      { items: [{ type: 'rect', rect: { llx: '1 +', lly: 0, urx: 9, ury: 9 } }] },
      {
        status: 400,
        word: 'description',
        path: '/items/0/rect/llx',
        sentence: /the coordinate \/items\/0\/rect\/llx does not parse/,
      },
    ],
    [
      'an unknown variable',
      { items: [{ type: 'rect', rect: { llx: '{page_heigth}', lly: 0, urx: 9, ury: 9 } }] },
      { status: 400, word: 'description', path: '/items/0/rect/llx', sentence: /unknown variable/ },
    ],
    [
      'nesting 101 deep',
      { items: [{ type: 'rect', rect: { llx: '('.repeat(101) + '1' + ')'.repeat(101), lly: 0, urx: 9, ury: 9 } }] },
      { status: 400, word: 'description', path: '/items/0/rect/llx', sentence: /deeper than 100/ },
    ],
    [
      'division by zero',
      { items: [{ type: 'rect', rect: { llx: '1 / 0', lly: 0, urx: 9, ury: 9 }, fill: [0] }] },
      { status: 400, word: 'drawing', path: '/items/0/rect/llx', sentence: /evaluates to Infinity on page 1/ },
    ],
    [
      'transform with rotate',
      { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, transform: [1, 0, 0, 1, 0, 0], rotate: 5 }] },
      {
        status: 400,
        word: 'description',
        path: '/items/0/rotate',
        sentence: /\/items\/0\/transform cannot be given together with \/items\/0\/rotate/,
      },
    ],
    [
      'a colour of two numbers',
      { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, fill: [0, 1] }] },
      { status: 400, word: 'description', path: '/items/0/fill', sentence: /must be a colour value/ },
    ],
    [
      'a wrong type',
      {
        items: [
          { type: 'text', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, content: ['x'], font: 'B', font_size: 'big' },
        ],
      },
      {
        status: 400,
        word: 'description',
        path: '/items/0/font_size',
        sentence: /\/items\/0\/font_size must be a number/,
      },
    ],
    [
      'a page 0',
      { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, pages: [0] }] },
      { status: 400, word: 'description', path: '/items/0/pages/0', sentence: /must be at least 1/ },
    ],
    [
      'an unknown item type',
      { items: [{ type: 'blob' }] },
      { status: 400, word: 'description', path: '/items/0/type', sentence: /"blob" .* is not an item type/ },
    ],
    // A form field's transform is drawn (issue 26), save what a reader would lose when it redraws the field.
    [
      'a transform an editable field would lose',
      {
        items: [
          {
            type: 'text_field',
            name: 'f',
            pages: [1],
            rect: { llx: 0, lly: 0, urx: 100, ury: 20 },
            transform: [1, 0, 0.2, 1, 0, 0],
          },
        ],
      },
      {
        status: 400,
        word: 'description',
        path: '/items/0/transform',
        sentence:
          /\/items\/0\/transform is refused on a text field that is not read_only: .* keep no matrix but a quarter turn/,
      },
    ],
    [
      'a structure without elements',
      { items: [], structure: { children: [] } },
      { status: 400, word: 'description', path: '/structure/elements', sentence: /elements/ },
    ],
    [
      'a font name declared twice',
      {
        fonts: [
          { name: 'A', data: NOTO_SANS_B64 },
          { name: 'A', data: NOTO_SANS_B64 },
        ],
        items: [],
      },
      {
        status: 400,
        word: 'description',
        path: '/fonts/1/name',
        sentence: /"A" at \/fonts\/1\/name is already declared at \/fonts\/0\/name/,
      },
    ],
    [
      'a font that is not a font',
      { fonts: [{ name: 'A', data: 'AAAA' }], items: [] },
      { status: 400, word: 'description', path: '/fonts/0/data', sentence: /not a TrueType or OpenType font/ },
    ],
    [
      'bad base64',
      { fonts: [{ name: 'A', data: '!!!' }], items: [] },
      { status: 400, word: 'description', path: '/fonts/0/data', sentence: /not valid base64/ },
    ],
    [
      'a missing part',
      { fonts: [{ name: 'A', part: 'a.ttf' }], items: [] },
      { status: 400, word: 'description', path: '/fonts/0/part', sentence: /the part "a.ttf" .* was not sent/ },
    ],
    [
      'a character the font lacks',
      {
        ...base(),
        items: [
          {
            type: 'text',
            rect: { llx: 0, lly: 0, urx: 500, ury: 500 },
            content: ['snow \u2603'],
            font: 'Body',
            font_size: 9,
          },
        ],
      },
      {
        status: 400,
        word: 'drawing',
        path: '/items/0/content/0',
        sentence: /the font "Body" has no glyph for the character "☃" \(U\+2603\)/,
      },
    ],
    [
      'text in a standard font without a licence',
      {
        standard_fonts: [{ name: 'H', face: 'helvetica' }],
        items: [{ type: 'text', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, content: ['x'], font: 'H', font_size: 9 }],
      },
      {
        status: 402,
        word: 'needs_a_licence',
        path: '/items/0/font',
        sentence: /standard font "H" \(helvetica\).*a licence key carries/,
      },
    ],
    [
      'more pages than the ceiling',
      { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, pages: [10_001] }] },
      {
        status: 413,
        word: 'too_many_pages',
        path: '/items/0/pages',
        sentence: /needs 10001 pages, more than the ceiling of 10000/,
      },
    ],
  ];
  it.each(cases)('%s', (_name, description, expected) => {
    const out = refused(typeof description === 'string' ? description : JSON.stringify(description));
    expect({ status: out.status, word: out.word, path: out.path }).toEqual({
      status: expected.status,
      word: expected.word,
      path: expected.path,
    });
    expect(out.sentence).toMatch(expected.sentence);
    // One sentence: no full stop before the end.
    expect(out.sentence.slice(0, -1)).not.toMatch(/\.\s/);
  });

  it('accepts nesting exactly 100 deep', () => {
    const out = render({
      description: {
        items: [{ type: 'rect', rect: { llx: '('.repeat(100) + '1' + ')'.repeat(100), lly: 0, urx: 9, ury: 9 } }],
      },
      now: NOW,
    });
    expect(out.ok).toBe(true);
  });
});
