// test/scripts-extraction.test.ts — what a reader extracts is what was sent, in every script (issue 16):
// a glyph shared by clusters of different text (Arabic forms and rasm, Indic matras and conjuncts,
// Bengali two-part vowels, a ligature drawn for "fi" and for "ﬁ") reads back right at every use.
// Fonts from Debian's fonts-noto-core (tools/install-test-deps.sh). Judged by poppler's pdftotext,
// MuPDF's `mutool draw -F txt` and pdf.js, in a text item, a flow, a table cell and under
// accessible: "pdfua1" with archive "pdfa2u" (zero findings). Compared in NFC (a two-part vowel reads
// back as its canonical decomposition), whitespace folded.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { mutoolText, pdfToText, qpdfCheck } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const noto = (file: string) => readFileSync(`/usr/share/fonts/truetype/noto/${file}`).toString('base64');

const SCRIPTS: { name: string; file?: string; rtl?: boolean; text: string }[] = [
  // "fi" shaped as a ligature and the ligature character itself share one glyph.
  { name: 'Latin', text: 'office ﬁle, the final figure of the ﬁrst affine' },
  // Initial beh and noon share one dotless form in Naskh: the "بالعالم نص" read "نالعالم نص".
  { name: 'Arabic', file: 'NotoNaskhArabic-Regular.ttf', rtl: true, text: 'نص بالعالم نص تبنى سلام عليكم' },
  { name: 'Hebrew', file: 'NotoSansHebrew-Regular.ttf', rtl: true, text: 'שָׁלוֹם עוֹלָם ספר טוב' },
  { name: 'Devanagari', file: 'NotoSansDevanagari-Regular.ttf', text: 'नमस्ते दुनिया, किताब पढ़िए। हिन्दी कक्षा' },
  { name: 'Bengali', file: 'NotoSansBengali-Regular.ttf', text: 'আমার সোনার বাংলা, কোথায় যাও? বোন' },
  { name: 'Tamil', file: 'NotoSansTamil-Regular.ttf', text: 'வணக்கம் உலகம், தமிழ் கொண்டு போ' },
];

const rect = { llx: 72, lly: 100, urx: 520, ury: 780 };

function items(text: string, font: string): Record<string, unknown>[] {
  return [
    { type: 'text', id: 't', rect: { ...rect, lly: 700 }, content: [text], font, font_size: 12 },
    { type: 'flow', id: 'f', rect: { ...rect, ury: 680, lly: 560 }, content: `${text}\n${text}`, font, font_size: 12 },
    {
      type: 'table',
      id: 'c',
      rect: { ...rect, ury: 540, lly: 300 },
      font,
      font_size: 12,
      columns: [440],
      rows: [[text]],
    },
  ];
}

function renderOk(description: Record<string, unknown>): Uint8Array {
  const out = render({ description, now: NOW, service: { licence: TAGGING_LICENCE } });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.path}: ${out.sentence}`);
  expect(out.findings ?? []).toEqual([]);
  expect(qpdfCheck(out.pdf).code).toBe(0);
  return out.pdf;
}

/** Non-empty lines, NFC, whitespace folded (pdftotext wraps right-to-left lines in U+202B … U+202C). */
function lines(s: string): string[] {
  return s
    .normalize('NFC')
    .replace(/[\u202a-\u202c]/g, '')
    .split(/\n|\f/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** pdf.js's text content of page 1, items joined, NFKC (pdf.js spells U+FB01 as "fi", as MuPDF does), with no whitespace (pdf.js guesses spaces from gaps). */
async function pdfJsText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  try {
    const tc = await (await doc.getPage(1)).getTextContent();
    return tc.items
      .map((i) => ('str' in i ? i.str : ''))
      .join('')
      .normalize('NFKC')
      .replace(/\s+/g, '');
  } finally {
    await doc.destroy();
  }
}

function expectRead(pdf: Uint8Array, text: string, rtl: boolean | undefined) {
  const four = [text, text, text, text];
  expect(lines(pdfToText(pdf)), 'pdftotext').toEqual(four);
  // MuPDF 1.21 gives glyphs in the order they stand on the line (no bidi reordering of its own):
  // a right-to-left line reads back as the source's code points reversed.
  // It also spells a ligature character as its letters (U+FB01 as "fi"): compared in NFKC.
  const mupdf = (rtl ? four.map((t) => [...t].reverse().join('')) : four).map((t) => t.normalize('NFKC'));
  expect(
    lines(mutoolText(pdf)).map((t) => t.normalize('NFKC')),
    'mutool draw -F txt',
  ).toEqual(mupdf);
}

describe.each(SCRIPTS)('$name extracts as sent', ({ name, file, rtl, text }) => {
  const fonts = [{ name: 'F', data: file ? noto(file) : NOTO_SANS_B64 }];
  const bare = text.normalize('NFKC').replace(/\s+/g, '');

  it('in a text item, a flow and a table cell (pdftotext, mutool, pdf.js)', async () => {
    const pdf = renderOk({ fonts, items: items(text, 'F') });
    expectRead(pdf, text, rtl);
    expect(await pdfJsText(pdf), 'pdf.js').toBe(bare.repeat(4));
  });

  it('along a text_path (pdftotext)', () => {
    const pdf = renderOk({
      fonts,
      items: [
        {
          type: 'text_path',
          segments: [{ move: [40, 400] }, { line: [560, 400] }],
          content: [text],
          font: 'F',
          font_size: 12,
        },
      ],
    });
    expect(lines(pdfToText(pdf)).join(' ')).toBe(text.normalize('NFC'));
  });

  it('under accessible: "pdfua1" and archive "pdfa2u", with zero findings', async () => {
    const pdf = renderOk({
      fonts,
      accessible: 'pdfua1',
      archive: 'pdfa2u',
      metadata: { title: `${name} extraction` },
      structure: {
        lang: 'und',
        elements: [
          {
            type: 'Document',
            children: [
              { type: 'P', children: ['t'] },
              { type: 'P', children: ['f'] },
              { type: 'Table', children: ['c'] },
            ],
          },
        ],
      },
      items: items(text, 'F'),
    });
    expectRead(pdf, text, rtl);
    expect(await pdfJsText(pdf), 'pdf.js').toBe(bare.repeat(4));
  });
});
