// test/scripts-extraction.test.ts — what a reader extracts is what was sent, in every script (issue 16):
// glyphs shared by clusters of different text (Arabic forms, Indic matras and conjuncts, ligatures
// of different source text) read back right through /ActualText spans where the font's ToUnicode
// cannot say it. Fonts from Debian's fonts-noto-core (tools/install-test-deps.sh); judged by poppler's
// pdftotext in a text item, a flow, a table cell and under accessible: "pdfua1".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText, qpdfCheck } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const noto = (file: string) => readFileSync(`/usr/share/fonts/truetype/noto/${file}`).toString('base64');

const SCRIPTS: { name: string; file?: string; text: string }[] = [
  // "fi" shaped as a ligature and the ligature character itself share one glyph.
  { name: 'Latin', text: 'office ﬁle, the final figure of the ﬁrst affine' },
  { name: 'Arabic', file: 'NotoNaskhArabic-Regular.ttf', text: 'نص بالعالم نص لا سلام عليكم' },
  { name: 'Hebrew', file: 'NotoSansHebrew-Regular.ttf', text: 'שָׁלוֹם עוֹלָם ספר טוב' },
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

/** pdftotext's reading, one string per non-empty line, whitespace folded (U+202B/202C wrap right-to-left lines). */
function lines(pdf: Uint8Array): string[] {
  return pdfToText(pdf)
    .replace(/[\u202b\u202c]/g, '')
    .split(/\n|\f/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe.each(SCRIPTS)('$name extracts as sent', ({ name, file, text }) => {
  const fonts = [{ name: 'F', data: file ? noto(file) : NOTO_SANS_B64 }];

  it('in a text item, a flow and a table cell (pdftotext)', () => {
    const pdf = renderOk({ fonts, items: items(text, 'F') });
    expect(lines(pdf)).toEqual([text, text, text, text]);
  });

  it('under accessible: "pdfua1" and archive "pdfa2u", with zero findings', () => {
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
    expect(lines(pdf)).toEqual([text, text, text, text]);
  });
});
