// test/drawings-content.test.ts — text, pictures, codes' text and tables inside a declared drawing or a
// tiling cell (issue 26): a letterhead drawn once and placed on 50 pages extracts on every page
// (pdftotext) and embeds its font and picture once (pdffonts, pdfimages -list); a tiling of a word
// paints it (MuPDF's pixels); zero findings from our verifier under pdfa2b and pdfua1; what a drawing
// cannot hold (links, fields, page placeholders, a table past its rect) is refused by name.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { makePng } from './support/images.js';
import { pdfFonts, pdfImagesList, pdfStructText, pdfToText, qpdfCheck, renderPage } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const LOGO = makePng({ width: 8, height: 8, type: 2, depth: 8, pixel: (x) => (x < 4 ? [200, 0, 0] : [0, 0, 200]) });
const parts = { 'logo.png': LOGO };

const letterhead = {
  name: 'letterhead',
  box: { llx: 0, lly: 0, urx: 595, ury: 100 },
  items: [
    { type: 'image', image: 'logo.png', rect: { llx: 40, lly: 30, urx: 80, ury: 70 } },
    {
      type: 'text',
      rect: { llx: 100, lly: 40, urx: 560, ury: 90 },
      content: ['Acme Widgets Ltd'],
      font: 'Body',
      font_size: 18,
    },
    {
      type: 'flow',
      rect: { llx: 100, lly: 0, urx: 560, ury: 40 },
      content: '1 High Street, Springfield',
      font: 'Body',
      font_size: 9,
    },
  ],
};

/** A 50-page letter: the letterhead placed at the top of every page, and a body line per page. */
function letter(extra: Record<string, unknown> = {}) {
  return {
    page: { width: 595, height: 842 },
    fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
    drawings: [letterhead],
    items: [
      { type: 'drawing', drawing: 'letterhead', rect: { llx: 0, lly: 742, urx: 595, ury: 842 }, pages: [] },
      ...Array.from({ length: 50 }, (_, i) => ({
        type: 'text',
        pages: [i + 1],
        rect: { llx: 72, lly: 600, urx: 520, ury: 700 },
        content: [`Body of page ${i + 1}`],
        font: 'Body',
        font_size: 11,
      })),
    ],
    ...extra,
  };
}

function ok(description: unknown, extra: object = {}) {
  const r = render({ description, parts, now: NOW, ...extra });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.word} ${r.path}: ${r.sentence}`);
  return r;
}

describe('a letterhead drawing with text and a picture', () => {
  it('placed on 50 pages: its text extracts on every page, its font and picture are embedded once', () => {
    const { pdf } = ok(letter());
    expect(qpdfCheck(pdf).code).toBe(0);
    for (const n of [1, 2, 25, 50]) {
      const text = pdfToText(pdf, ['-f', String(n), '-l', String(n)]);
      expect(text).toContain('Acme Widgets Ltd');
      expect(text).toContain('1 High Street, Springfield');
      expect(text).toContain(`Body of page ${n}`);
    }
    const all = pdfToText(pdf);
    expect(all.match(/Acme Widgets Ltd/g)).toHaveLength(50);
    const fonts = pdfFonts(pdf);
    expect(fonts).toHaveLength(1);
    expect(fonts[0].emb).toBe(true);
    const images = pdfImagesList(pdf);
    expect(images).toHaveLength(50);
    expect(new Set(images.map((i) => i.object)).size).toBe(1);
  });
});

describe('a tiling cell holding a word', () => {
  it('paints the word in every cell (MuPDF pixels), in the font embedded once', () => {
    const description = {
      page: { width: 400, height: 400 },
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      tilings: [
        {
          name: 'draft',
          box: { x: 0, y: 0, width: 100, height: 100 },
          step: [100, 100],
          items: [
            {
              type: 'text',
              rect: { llx: 0, lly: 0, urx: 100, ury: 100 },
              content: ['DRAFT'],
              font: 'Body',
              font_size: 24,
              color: [1, 0, 0],
            },
          ],
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 400, ury: 400 }, fill: { pattern: 'draft' } }],
    };
    const { pdf } = ok(description);
    expect(qpdfCheck(pdf).code).toBe(0);
    expect(pdfFonts(pdf)).toHaveLength(1);
    const r = renderPage(pdf, 72);
    // Each 100-point cell has red ink in its upper half (the word's first line), none in its lowest tenth.
    for (const cx of [0, 100, 200, 300])
      for (const cy of [0, 100, 200, 300]) {
        let red = 0;
        let low = 0;
        for (let x = cx; x < cx + 100; x += 1)
          for (let y = cy; y < cy + 100; y += 1) {
            const [R, G, B] = r.at(x + 0.5, y + 0.5);
            const isRed = R > 180 && G < 90 && B < 90;
            if (isRed && y >= cy + 50) red++;
            if (isRed && y < cy + 10) low++;
          }
        expect(red, `cell at ${cx},${cy}`).toBeGreaterThan(150);
        expect(low, `cell at ${cx},${cy}`).toBe(0);
      }
  });
});

describe('codes and tables inside a drawing', () => {
  it("a code's human-readable text and a table's cells extract where the drawing is placed", () => {
    const description = {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      drawings: [
        {
          name: 'stamp',
          box: { llx: 0, lly: 0, urx: 300, ury: 200 },
          items: [
            {
              type: 'code128',
              rect: { llx: 10, lly: 120, urx: 290, ury: 190 },
              data: 'INV-2026-0042',
              text: { font: 'Body', font_size: 10 },
            },
            {
              type: 'table',
              rect: { llx: 10, lly: 10, urx: 290, ury: 110 },
              font: 'Body',
              font_size: 10,
              columns: [{ fraction: 1 }, 80],
              rows: [
                ['Received', 'Stamped'],
                ['Checked by', 'A. Clerk'],
              ],
            },
          ],
        },
      ],
      items: [{ type: 'drawing', drawing: 'stamp', rect: { llx: 100, lly: 400, urx: 400, ury: 600 } }],
    };
    const { pdf } = ok(description);
    expect(qpdfCheck(pdf).code).toBe(0);
    const text = pdfToText(pdf);
    expect(text).toContain('INV-2026-0042');
    expect(text).toMatch(/Checked by\s+A\. Clerk/);
    expect(pdfFonts(pdf)).toHaveLength(1);
  });
});

describe('under archive and accessibility claims', () => {
  it('pdfa2b: the letterhead on every page keeps zero findings from our verifier', () => {
    const r = ok(letter({ archive: 'pdfa2b', metadata: { title: 'Letter' } }));
    expect(qpdfCheck(r.pdf).code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(pdfToText(r.pdf, ['-f', '50', '-l', '50'])).toContain('Acme Widgets Ltd');
  });

  it('pdfua1 and pdfa2a (tagging): the placed letterhead is page furniture, zero findings', () => {
    const d = taggedReport({ accessible: 'pdfua1', archive: 'pdfa2a', drawings: [letterhead] }) as {
      items: unknown[];
    };
    d.items.push({ type: 'drawing', drawing: 'letterhead', rect: { llx: 0, lly: 742, urx: 595, ury: 842 }, pages: [] });
    const r = ok(d, { service: { licence: TAGGING_LICENCE } });
    expect(qpdfCheck(r.pdf).code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(pdfToText(r.pdf)).toContain('Acme Widgets Ltd');
    // An artifact: the letterhead's words are not in the structure tree's text.
    expect(pdfStructText(r.pdf)).not.toContain('Acme');
  });
});
