// test/integrity.test.ts — issue 17, "nothing silently lost": every answer is the document asked for,
// a refusal, or says what fell away. Text, flows, table cells, text_path and codes that leave the page
// give a warning remark naming the item, the page and how much fell outside; judged against what
// poppler (`pdftotext`, `pdfinfo`) and MuPDF's pixels find in the file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GlyphRowsOp, rowRuns } from '../ir/draw-ops.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfToText, pdfWords, renderedClean, renderRgb, rgbAt } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
const SRGB = new Uint8Array(readFileSync('/usr/share/color/icc/ghostscript/srgb.icc'));

const ok = renderedClean;
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

  it('two lines on one baseline (leading 0) off the sheet count as the words they hold', () => {
    // The line's trailing space is not drawn: the pen's jump back to the line start ends the word.
    const out = doc({
      items: [
        {
          type: 'text',
          rect: { llx: 1, lly: 290, urx: 81, ury: 330 },
          font: 'Body',
          font_size: 6,
          content: [
            { font_size: 10, text: 'vomia0z zimia1z ' },
            { font_size: 1, leading: 0, text: 'bemia2z domia3z' },
          ],
        },
      ],
    });
    expect(offRemarks(out).map((x) => x.text)).toEqual([
      'the text of /items/0 runs off page 1: 4 words on 1 lines fall outside the sheet',
    ]);
  });

  it('a row whose cells share a baseline (written as one run) is counted per cell, word by word', () => {
    // Found by the generated guard: an untagged table joins a row's cells on one baseline into one
    // run, and the remark once counted the second cell's words under the first, as one long word.
    const out = doc({
      items: [
        {
          type: 'table',
          pages: [1],
          rect: { llx: 150, lly: 20, urx: 450, ury: 280 },
          font: 'Body',
          font_size: 10,
          columns: [150, 150],
          rows: [['in1 out1', 'out2 out3 out4']],
        },
      ],
    });
    const found = new Set(extracted(out.pdf));
    expect(['out2', 'out3', 'out4'].filter((w) => found.has(w))).toEqual([]);
    const second = offRemarks(out).filter((x) => x.path === '/items/0/rows/0/1');
    expect(second.map((x) => x.text)).toEqual([
      'the text of /items/0/rows/0/1 runs off page 1: 3 words on 1 lines fall outside the sheet',
    ]);
  });

  it('a turned table row whose second cell leaves the sheet is remarked (the joined run’s reach covers every cell)', () => {
    // Found by test/integrity.property.test.ts: a row's cells joined into one run kept the first cell's
    // reach, so the off-page check trusted a box that ended before the second cell and said nothing.
    const out = render({
      description: {
        page: { width: 350, height: 350 },
        fonts: FONTS,
        items: [
          {
            type: 'table',
            rect: { llx: 1, lly: -1, urx: 53, ury: 19 },
            rotate: 270,
            font: 'Body',
            font_size: 6,
            columns: [32, 20],
            rows: [[{ text: 'kakab0z' }, { text: 'mikab1z' }]],
          },
        ],
      },
      now: NOW,
    });
    if (!out.ok) throw new Error(out.sentence);
    const text = pdfToText(out.pdf, ['-raw']);
    expect(text).toContain('kakab0z');
    expect(text).not.toContain('mikab1z');
    expect(out.remarks.filter((r) => r.code === 'off-page').map((r) => r.path)).toEqual(['/items/0/rows/0/1']);
  });

  it("a table run's reach (the box the off-page check trusts without walking it) holds every letter's box", () => {
    // passes/layout/table.ts gives a one-line cell's run, and a row's joined run, the reach of its
    // letters from stated widths; the check walks a run only when that box is not on the page.
    type Run = {
      op: string;
      glyphs: Uint16Array;
      adjust: Int32Array;
      size: number;
      font: string;
      reach?: [number, number];
    };
    const laid: Run[] = [];
    const faces = new Map<string, { unitsPerEm: number; advanceOf(g: number): number }>();
    const texts = ['AVAVAV To', 'Ty.,;: WAVE', 'iiii llll', 'R00001', '69,024.34', 'Wo Yo Vo', 'x', ''];
    const rows = Array.from({ length: 24 }, (_, r) =>
      texts.map((_, c) => texts[(r * 3 + c) % texts.length]).slice(0, 4),
    );
    const out = render({
      description: {
        fonts: FONTS,
        items: [
          {
            type: 'table',
            rect: { llx: 20, lly: 20, urx: 580, ury: 820 },
            font: 'Body',
            font_size: 13,
            columns: [90, 140, 120, 150],
            column_align: ['left', 'right', 'center', 'right'],
            rows,
          },
        ],
      },
      now: NOW,
      trace: (id, ir) => {
        if (id !== 'layout') return;
        const l = ir as {
          fonts: Map<string, { face: { unitsPerEm: number; advanceOf(g: number): number } }>;
          pages: { ops: Run[] }[];
        };
        for (const [name, f] of l.fonts) faces.set(name, f.face);
        // a table part's plain rows are one rows op: each row's run as readers see it (ir/draw-ops.ts rowRun)
        for (const p of l.pages)
          for (const op of p.ops)
            if (op.op === 'glyphs') laid.push(op);
            else if (op.op === 'rows') laid.push(...rowRuns(op as unknown as GlyphRowsOp));
      },
    });
    expect(out.ok).toBe(true);
    const reached = laid.filter((op) => op.reach);
    expect(reached.length).toBeGreaterThan(20);
    for (const op of reached) {
      // as passes/layout/off-page.ts walks a run: each letter's advance from the face, then TJ's adjustment
      const face = faces.get(op.font)!;
      const scale = op.size / face.unitsPerEm;
      let pen = 0,
        lo = 0,
        hi = 0;
      for (let i = 0; i < op.glyphs.length; i++) {
        const end = pen + face.advanceOf(op.glyphs[i]) * scale;
        pen = end - (op.adjust[i] * op.size) / 1000;
        lo = Math.min(lo, end, pen);
        hi = Math.max(hi, end, pen);
      }
      expect(op.reach![0]).toBeLessThanOrEqual(lo);
      expect(op.reach![1]).toBeGreaterThanOrEqual(hi);
      // and not much wider: a glyph's stated width is within half a thousandth of an em of its advance
      expect(op.reach![1] - hi).toBeLessThan(((op.glyphs.length + 2) * op.size) / 1000);
    }
  });

  it("a flow line's reach (line-draw.ts) holds every letter's box: justified, kerned, right-aligned, hyphenated", () => {
    type Run = {
      op: string;
      glyphs: Uint16Array;
      adjust: Int32Array;
      size: number;
      font: string;
      reach?: [number, number];
    };
    const laid: Run[] = [];
    const faces = new Map<string, { unitsPerEm: number; advanceOf(g: number): number }>();
    const words = 'AVAVAV To Ty.,;: WAVE iiii llll Wo Yo Vo extraordinarily incomprehensibilities a'.split(' ');
    const content = Array.from({ length: 6 }, (_, p) =>
      Array.from({ length: 40 }, (_, i) => words[(i * 7 + p) % words.length]).join(' '),
    ).join('\n');
    const item = (align: string, urx: number, extra: object) => ({
      type: 'flow',
      rect: { llx: 20, lly: 20, urx, ury: 820 },
      font: 'Body',
      font_size: 11,
      align,
      content,
      ...extra,
    });
    const out = render({
      description: {
        fonts: FONTS,
        items: [
          item('justify', 300, {}),
          item('right', 580, {}),
          item('justify', 200, { hyphenate: 'en-US' }),
          item('center', 400, { fit_size: { floor: 6 } }),
        ],
      },
      now: NOW,
      trace: (id, ir) => {
        if (id !== 'layout') return;
        const l = ir as {
          fonts: Map<string, { face: { unitsPerEm: number; advanceOf(g: number): number } }>;
          pages: { ops: Run[] }[];
        };
        for (const [name, f] of l.fonts) faces.set(name, f.face);
        for (const p of l.pages) for (const op of p.ops) if (op.op === 'glyphs') laid.push(op);
      },
    });
    if (!out.ok) throw new Error(out.sentence);
    const reached = laid.filter((op) => op.reach);
    expect(reached.length).toBeGreaterThan(100);
    for (const op of reached) {
      // as passes/layout/off-page.ts walks a run: each letter's advance from the face, then TJ's adjustment
      const face = faces.get(op.font)!;
      const scale = op.size / face.unitsPerEm;
      let pen = 0,
        lo = 0,
        hi = 0;
      for (let i = 0; i < op.glyphs.length; i++) {
        const end = pen + face.advanceOf(op.glyphs[i]) * scale;
        pen = end - (op.adjust[i] * op.size) / 1000;
        lo = Math.min(lo, end, pen);
        hi = Math.max(hi, end, pen);
      }
      expect(op.reach![0]).toBeLessThanOrEqual(lo);
      expect(op.reach![1]).toBeGreaterThanOrEqual(hi);
      expect(op.reach![1] - hi).toBeLessThan(((op.glyphs.length + 2) * op.size) / 1000);
    }
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

describe('pages and relative_to on every page', () => {
  it('a table with pages: [] is refused with a sentence, never a silent page 1; pages absent starts on page 1', () => {
    const table = {
      type: 'table',
      rect: { llx: 20, lly: 20, urx: 280, ury: 280 },
      font: 'Body',
      font_size: 10,
      columns: [{ fraction: 1 }],
      rows: [['only row']],
    };
    const out = render({ description: { fonts: FONTS, items: [{ ...table, pages: [] }] }, now: NOW });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect({ status: out.status, word: out.word, path: out.path }).toEqual({
      status: 400,
      word: 'description',
      path: '/items/0/pages',
    });
    expect(out.sentence).toContain('every page');
    const plain = doc({
      items: [table, { type: 'rect', pages: [2], rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, fill: [0] }],
    });
    expect(pdfInfo(plain.pdf).Pages).toBe('2');
    expect(
      pdfWords(plain.pdf)
        .filter((w) => w.text === 'only')
        .map((w) => w.page),
    ).toEqual([1]);
  });

  it('a caption hung under a heading on every page sits under that page’s heading, on every page', () => {
    const heading = (extra: Record<string, unknown>) => ({
      type: 'text',
      id: 'h',
      font: 'Body',
      font_size: 12,
      content: ['Heading {current_page}'],
      placeholders: true,
      ...extra,
    });
    const out = doc({
      page_sizes: [{ page: 2, width: 300, height: 400 }],
      items: [
        // on a page 400 tall the heading sits 100 points lower down from the top than on a 300 one
        heading({ rect: { llx: 20, lly: '{page_height} - 60', urx: 280, ury: '{page_height} - 40' } }),
        {
          type: 'text',
          rect: { llx: 20, lly: 0, urx: 280, ury: 14 },
          font: 'Body',
          font_size: 10,
          content: ['Caption'],
          relative_to: { id: 'h', edge: 'bottom', offset: 30 },
        },
        { type: 'rect', pages: [3], rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, fill: [0] },
      ],
    });
    expect(pdfInfo(out.pdf).Pages).toBe('3');
    const ws = pdfWords(out.pdf);
    const captions = ws.filter((w) => w.text === 'Caption');
    expect(captions.map((w) => w.page)).toEqual([1, 2, 3]);
    for (const c of captions) {
      const h = ws.find((w) => w.text === 'Heading' && w.page === c.page)!;
      // poppler measures from the top: the caption's box top is 30 points + the line's drop below the heading's rect bottom (60 from the top)
      expect(c.yMin - h.yMin).toBeGreaterThan(30);
      expect(c.yMin - h.yMin).toBeLessThan(60);
      expect(c.yMin).toBeLessThan(100);
    }
    expect(out.remarks.filter((r) => r.code === 'off-page')).toEqual([]);
  });

  it('relative_to part names one page of an item on every page; a table hung from it is refused', () => {
    const base = [
      {
        type: 'text',
        id: 'h',
        rect: { llx: 20, lly: 240, urx: 280, ury: 260 },
        font: 'Body',
        font_size: 12,
        content: ['Head'],
      },
      { type: 'rect', pages: [3], rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, fill: [0] },
    ];
    const caption = {
      type: 'text',
      rect: { llx: 20, lly: 0, urx: 280, ury: 14 },
      font: 'Body',
      font_size: 10,
      content: ['Second'],
      relative_to: { id: 'h', edge: 'bottom', offset: 10, part: 2 },
    };
    const out = doc({ items: [...base, caption] });
    expect(
      pdfWords(out.pdf)
        .filter((w) => w.text === 'Second')
        .map((w) => w.page),
    ).toEqual([2]);
    const t = render({
      description: {
        fonts: FONTS,
        items: [
          ...base,
          {
            type: 'table',
            rect: { llx: 20, lly: 20, urx: 280, ury: 200 },
            font: 'Body',
            font_size: 10,
            columns: [{ fraction: 1 }],
            rows: [['x']],
            relative_to: { id: 'h', edge: 'bottom' },
          },
        ],
      },
      now: NOW,
    });
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.path).toBe('/items/2/relative_to/id');
  });
});

describe('page_spaces name pages the document has', () => {
  const spaces = (page: number) => ({
    color_spaces: { srgb: { type: 'icc', components: 3, profile: 'srgb' } },
    page_spaces: [{ page, rgb: 'srgb' }],
    items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [1, 0, 0] }],
  });
  it('an entry for page 2 of a one-page document is refused, naming it; page 1 renders', () => {
    const parts = { srgb: SRGB };
    const bad = render({ description: spaces(2), parts, now: NOW });
    expect(bad).toMatchObject({ ok: false, status: 400, word: 'description', path: '/page_spaces/0/page' });
    if (!bad.ok)
      expect(bad.sentence).toBe('the page 2 named by /page_spaces/0/page is not in the document, which has 1 pages.');
    const good = doc(spaces(1), parts);
    expect(pdfInfo(good.pdf).Pages).toBe('1');
  });
});

describe('an uncoloured tiling whose cell shapes state no colour', () => {
  it('paints its shapes in the colour of what fills with it, nothing between them (MuPDF pixels)', () => {
    const out = doc({
      page: { width: 200, height: 200 },
      tilings: [
        {
          name: 'dots',
          colored: false,
          box: { x: 0, y: 0, width: 20, height: 20 },
          step: [20, 20],
          items: [
            { type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } },
            { type: 'ellipse', rect: { llx: 12, lly: 12, urx: 18, ury: 18 } },
          ],
        },
      ],
      items: [
        { type: 'rect', rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, fill: { pattern: 'dots', color: [0, 1, 0] } },
        { type: 'rect', rect: { llx: 100, lly: 0, urx: 200, ury: 100 }, fill: { pattern: 'dots' } },
      ],
    });
    const r = renderRgb(out.pdf);
    expect(rgbAt(r, 5, 5)).toEqual([0, 255, 0]);
    expect(rgbAt(r, 15, 15)).toEqual([0, 255, 0]);
    expect(rgbAt(r, 15, 5)).toEqual([255, 255, 255]); // between the shapes
    expect(rgbAt(r, 105, 5)).toEqual([0, 0, 0]); // no color: black
  });
});

describe('an imported page with fit: none', () => {
  const red = doc({
    page: { width: 200, height: 200 },
    items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 200, ury: 200 }, fill: [1, 0, 0] }],
  }).pdf;
  const place = (extra: Record<string, unknown>) =>
    doc(
      {
        page: { width: 300, height: 300 },
        items: [
          { type: 'imported_page', part: 'red', rect: { llx: 50, lly: 50, urx: 100, ury: 100 }, fit: 'none', ...extra },
        ],
      },
      { red },
    );
  it('is clipped to its rect, as an image under fit: none is (MuPDF pixels)', () => {
    const r = renderRgb(place({}).pdf);
    expect(rgbAt(r, 75, 75)).toEqual([255, 0, 0]);
    expect(rgbAt(r, 150, 150)).toEqual([255, 255, 255]); // the page's own size reaches here; its rect does not
    expect(rgbAt(r, 60, 120)).toEqual([255, 255, 255]);
  });
  it('under a transform the clip turns with the page', () => {
    const r = renderRgb(place({ transform: [1, 0, 0, 1, 100, 0] }).pdf);
    expect(rgbAt(r, 175, 75)).toEqual([255, 0, 0]);
    expect(rgbAt(r, 75, 75)).toEqual([255, 255, 255]);
    expect(rgbAt(r, 175, 150)).toEqual([255, 255, 255]);
  });
});
