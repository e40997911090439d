// test/supplied.test.ts — supplied PDFs: templates under the first, middle and last pages and an
// imported page keep their own fonts and vectors (pdffonts, MuPDF pixels, pdftotext); the unpack
// limit stops a decompression bomb quickly in bounded memory; encrypted and unreadable parts are
// refused naming them; the words of an imported page need a licence past 10 000 or when uncountable.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pagePixels, pdfFonts, pdfObjects, pdfToText, qpdfCheck } from './support/pdf-tools.js';

const FONTS = [{ name: 'Body', data: NOTO_SANS_B64 }];
function ok(out: Outcome) {
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out;
}

/** A three-page PDF of our own making: on each page a coloured square at the lower left and a line of text. */
function sourcePdf(): Uint8Array {
  const colours = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  return ok(
    render({
      description: {
        fonts: FONTS,
        items: colours.flatMap((fill, i) => [
          { type: 'rect', pages: [i + 1], rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, fill },
          {
            type: 'text',
            pages: [i + 1],
            rect: { llx: 100, lly: 700, urx: 500, ury: 760 },
            content: [`Template page ${i + 1}`],
            font: 'Body',
            font_size: 20,
          },
        ]),
      },
      now: NOW,
    }),
  ).pdf;
}

describe('templates', () => {
  it('lays the first, middle and last template pages under the pages, keeping their fonts and vectors', () => {
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          templates: { part: 'letterhead', first: 1, middle: 2, last: 3 },
          items: [
            {
              type: 'text',
              pages: [1, 2, 3, 4],
              rect: { llx: 100, lly: 400, urx: 500, ury: 450 },
              content: ['Body text'],
              font: 'Body',
              font_size: 12,
            },
          ],
        },
        parts: { letterhead: sourcePdf() },
        now: NOW,
      }),
    );
    expect(out.pages).toBe(4);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    const expected = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 255, 0],
      [0, 0, 255],
    ];
    expected.forEach((rgb, i) => {
      const px = pagePixels(out.pdf, i + 1);
      expect(px(50, 50), `page ${i + 1}`).toEqual(rgb);
      expect(px(300, 300)).toEqual([255, 255, 255]);
    });
    const text = pdfToText(out.pdf).split('\f');
    expect(text[0]).toContain('Template page 1');
    expect(text[1]).toContain('Template page 2');
    expect(text[2]).toContain('Template page 2');
    expect(text[3]).toContain('Template page 3');
    // The template's own embedded subset of Noto Sans travels with it, beside the document's own.
    expect(pdfFonts(out.pdf).filter((f) => f.name.endsWith('+NotoSans-Regular') && f.emb).length).toBe(2);
  });

  it('a one-page document takes the first template page; null lays nothing on those pages', () => {
    const one = ok(
      render({
        description: {
          templates: { part: 't', first: 3 },
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }],
        },
        parts: { t: sourcePdf() },
        now: NOW,
      }),
    );
    expect(pagePixels(one.pdf, 1)(50, 50)).toEqual([0, 0, 255]);
    const none = ok(
      render({
        description: {
          templates: { part: 't', first: null, last: 2 },
          items: [{ type: 'rect', pages: [1, 2], rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }],
        },
        parts: { t: sourcePdf() },
        now: NOW,
      }),
    );
    expect(pagePixels(none.pdf, 1)(50, 50)).toEqual([255, 255, 255]);
    expect(pagePixels(none.pdf, 2)(50, 50)).toEqual([0, 255, 0]);
  });
});

describe('imported_page', () => {
  it('places a page in a rect (meet, turned 90°), its fonts and vectors carried over', () => {
    const out = ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            { type: 'imported_page', part: 'src', page: 2, rect: { llx: 100, lly: 100, urx: 397.638, ury: 520.945 } },
            {
              type: 'imported_page',
              part: 'src',
              page: 1,
              rect: { llx: 300, lly: 550, urx: 500, ury: 800 },
              rotate: 90,
              fit: 'stretch',
            },
          ],
        },
        parts: { src: sourcePdf() },
        now: NOW,
      }),
    );
    // Page 2 at half size: its green square is 50 points at the rect's lower left.
    const px = pagePixels(out.pdf, 1);
    expect(px(125, 125)).toEqual([0, 255, 0]);
    expect(px(160, 160)).toEqual([255, 255, 255]);
    // Page 1 turned counter-clockwise: its red square (lower left) lands at the lower right of the rect.
    expect(px(490, 560)).toEqual([255, 0, 0]);
    expect(px(310, 560)).toEqual([255, 255, 255]);
    expect(pdfToText(out.pdf)).toContain('Template page 2');
    expect(pdfFonts(out.pdf).some((f) => f.name.endsWith('+NotoSans-Regular') && f.emb && f.uni)).toBe(true);
  });

  it("carries a comment over, into the page's /Annots (test/imported-annotations.test.ts has the rules)", async () => {
    const doc = await PDFDocument.load(sourcePdf());
    const page = doc.getPage(0);
    const annot = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [10, 10, 20, 20],
      Contents: doc.context.obj('note') as never,
    });
    page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
    const out = ok(
      render({
        description: { items: [{ type: 'imported_page', part: 'a', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
        parts: { a: await doc.save() },
        now: NOW,
      }),
    );
    expect(out.remarks).toEqual([]);
    const o = pdfObjects(out.pdf);
    const first = o.deref(o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'][0]);
    expect(o.deref(first['/Annots']).map((r: string) => o.deref(r)['/Contents'])).toEqual(['/note']); // carried as written (a name, as the fixture wrote it)
  });

  it('reads a file written with object streams (pdf-lib)', async () => {
    const doc = await PDFDocument.load(sourcePdf());
    const bytes = await doc.save({ useObjectStreams: true });
    const out = ok(
      render({
        description: {
          items: [{ type: 'imported_page', part: 'a', page: 3, rect: { llx: 0, lly: 0, urx: 595.276, ury: 841.89 } }],
        },
        parts: { a: bytes },
        now: NOW,
      }),
    );
    expect(pagePixels(out.pdf, 1)(50, 50)).toEqual([0, 0, 255]);
  });
});

/** A small PDF whose one stream, Flate inside Flate, unpacks to `gib` GiB of zeros. */
function bombPdf(gib: number): Uint8Array {
  // Byte-aligned deflate blocks of 1 MiB of zeros, repeated: the inner stream stands for gigabytes in a few megabytes.
  const block = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const inner = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: gib * 1024 }, () => block),
    Buffer.from([0x03, 0x00, 0, 0, 0, 0]),
  ]);
  const outer = deflateSync(inner, { level: 9 });
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>\nendobj\n4 0 obj\n<< /Length ${outer.length} /Filter [/FlateDecode /FlateDecode] >>\nstream\n`;
  const tail = '\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), outer, Buffer.from(tail, 'latin1')]);
}

describe('the trailer /ID', () => {
  it("differs when only an imported page's own bytes differ (page content only names its form)", () => {
    const one = (colour: number[]) =>
      ok(
        render({
          description: {
            items: [{ type: 'imported_page', part: 'src', page: 1, rect: { llx: 0, lly: 0, urx: 300, ury: 300 } }],
          },
          parts: {
            src: ok(
              render({
                description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, fill: colour }] },
                now: NOW,
              }),
            ).pdf,
          },
          now: NOW,
        }),
      ).pdf;
    const id = (pdf: Uint8Array) => pdfObjects(pdf).get('trailer')['/ID'][0];
    expect(id(one([1, 0, 0]))).not.toBe(id(one([0, 0, 1])));
    expect(id(one([1, 0, 0]))).toBe(id(one([1, 0, 0])));
  });
});

describe('supplied_pdfs', () => {
  it('refuses a decompression bomb quickly, in bounded memory, naming the part and the limit', () => {
    const bomb = bombPdf(4);
    expect(bomb.length).toBeLessThan(200_000);
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const out = render({
      description: {
        items: [{ type: 'imported_page', part: 'bomb.pdf', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }],
      },
      parts: { 'bomb.pdf': bomb },
      now: NOW,
    });
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/items/0/part' });
    expect(out.ok || out.sentence).toBe(
      'a stream of the part "bomb.pdf" named by /items/0/part unpacks to more than 67108864 bytes, the unpack limit of supplied_pdfs.',
    );
    const lower = render({
      description: { supplied_pdfs: { unpack_limit: 1000 }, templates: { part: 'b' }, items: [] },
      parts: { b: bomb },
      now: NOW,
    });
    expect(lower).toMatchObject({ ok: false, status: 400, path: '/templates/part' });
    expect(lower.ok || lower.sentence).toMatch(/more than 1000 bytes/);
  });

  it('refuses an encrypted PDF and a part that is not a PDF, naming the part', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-enc-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), sourcePdf());
      execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', join(dir, 'a.pdf'), join(dir, 'e.pdf')]);
      const enc = render({
        description: { items: [{ type: 'imported_page', part: 'e', rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] },
        parts: { e: readFileSync(join(dir, 'e.pdf')) },
        now: NOW,
      });
      expect(enc).toMatchObject({ ok: false, status: 400, word: 'description', path: '/items/0/part' });
      expect(enc.ok || enc.sentence).toBe(
        'the part "e" named by /items/0/part is an encrypted PDF; send it decrypted.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const junk = render({
      description: { templates: { part: 'j' }, items: [] },
      parts: { j: Buffer.from('hello, not a pdf') },
      now: NOW,
    });
    expect(junk).toMatchObject({ ok: false, status: 400, word: 'description', path: '/templates/part' });
    expect(junk.ok || junk.sentence).toBe(
      'the part "j" named by /templates/part is not a PDF that can be read: it does not start with a PDF header.',
    );
    const missing = render({
      description: { items: [{ type: 'imported_page', part: 'nope', rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] },
      now: NOW,
    });
    expect(missing).toMatchObject({ ok: false, status: 400, path: '/items/0/part' });
    const page = render({
      description: { items: [{ type: 'imported_page', part: 's', page: 9, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] },
      parts: { s: sourcePdf() },
      now: NOW,
    });
    expect(page).toMatchObject({ ok: false, status: 400, path: '/items/0/page' });
    expect(page.ok || page.sentence).toBe('/items/0/page names page 9 of the part "s", which has 3 pages.');
  });
});

describe('imported page words', () => {
  const wordsPdf = (n: number) =>
    ok(
      render({
        description: {
          fonts: FONTS,
          items: [
            {
              type: 'text',
              rect: { llx: 10, lly: 10, urx: 585, ury: 830 },
              content: [Array.from({ length: n }, (_, i) => `w${i}`).join(' ')],
              font: 'Body',
              font_size: 2,
            },
          ],
        },
        now: NOW,
      }),
    ).pdf;
  const importing = (part: Uint8Array, service?: unknown) =>
    render({
      description: { items: [{ type: 'imported_page', part: 'p', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
      parts: { p: part },
      now: NOW,
      service: service as never,
    });

  it('imports a page of 10 000 words, and needs a licence past that', () => {
    expect(importing(wordsPdf(10_000)).ok).toBe(true);
    const out = importing(wordsPdf(10_001));
    expect(out).toMatchObject({ ok: false, status: 402, word: 'needs_a_licence', path: '/items/0/part' });
    expect(out.ok || out.sentence).toBe(
      'page 1 of the part "p" named by /items/0/part shows more than 10 000 words of its own; a licence key carries large imported pages.',
    );
  });

  it('needs a licence when the words cannot be counted (a composite font without ToUnicode)', async () => {
    const doc = await PDFDocument.load(wordsPdf(3));
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (obj instanceof Object && 'has' in obj && (obj as { has(n: PDFName): boolean }).has(PDFName.of('ToUnicode')))
        (obj as unknown as { delete(n: PDFName): void }).delete(PDFName.of('ToUnicode'));
    }
    const out = importing(await doc.save());
    expect(out).toMatchObject({ ok: false, status: 402, word: 'needs_a_licence', path: '/items/0/part' });
    expect(out.ok || out.sentence).toBe(
      'the words of page 1 of the part "p" named by /items/0/part cannot be counted (a composite font without a ToUnicode map); a licence key carries imported pages whose words cannot be counted.',
    );
  });
});
