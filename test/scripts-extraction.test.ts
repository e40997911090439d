// test/scripts-extraction.test.ts — what a reader extracts is what was sent, in every script (issue 16):
// a glyph shared by clusters of different text (Arabic forms and rasm, Indic matras and conjuncts,
// Bengali two-part vowels, Thai and Khmer vowels drawn apart from their letters, a ligature drawn for
// "fi" and for "ﬁ", small capitals) reads back right at every use. Fonts from Debian's
// fonts-noto-core, fonts-droid-fallback and fonts-nanum (tools/install-test-deps.sh). Judged by
// poppler's pdftotext, MuPDF's `mutool draw -F txt` and pdf.js, in a text item, a flow, a table cell, a story (heading and paragraph blocks, issue 23)
// and under accessible: "pdfua1" with archive "pdfa2u" (zero findings); along a text_path, in form
// field appearances and in a code's human-readable text. Every script is one page of one document
// per mode (a few renders in all). Compared in NFC (a two-part vowel reads back as its canonical
// decomposition), whitespace folded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText, qpdfCheck } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const fontFile = (path: string) => readFileSync(path).toString('base64');
const NOTO = '/usr/share/fonts/truetype/noto/';

interface Script {
  name: string;
  /** The font declaration the script is set in (`fonts` entry), or a variant of Noto Sans. */
  font: string;
  rtl?: boolean;
  text: string;
}

const FONTS: Record<string, string> = {
  latin: NOTO_SANS_B64,
  arabic: fontFile(`${NOTO}NotoNaskhArabic-Regular.ttf`),
  hebrew: fontFile(`${NOTO}NotoSansHebrew-Regular.ttf`),
  devanagari: fontFile(`${NOTO}NotoSansDevanagari-Regular.ttf`),
  bengali: fontFile(`${NOTO}NotoSansBengali-Regular.ttf`),
  tamil: fontFile(`${NOTO}NotoSansTamil-Regular.ttf`),
  thai: fontFile(`${NOTO}NotoSansThai-Regular.ttf`),
  khmer: fontFile(`${NOTO}NotoSansKhmer-Regular.ttf`),
  cjk: fontFile('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'),
  korean: fontFile('/usr/share/fonts/truetype/nanum/NanumGothic.ttf'),
};

const SCRIPTS: Script[] = [
  // "fi" shaped as a ligature and the ligature character itself share one glyph.
  { name: 'Latin', font: 'latin', text: 'office ﬁle, the final figure of the ﬁrst affine' },
  // Small capitals: a lowercase letter drawn with a capital-shaped glyph of its own.
  { name: 'Latin small caps', font: 'smallcaps', text: 'Small Capitals for Quire 2026' },
  { name: 'Greek', font: 'latin', text: 'Καλημέρα κόσμε, ἀρχὴ Ἀθῆναι ΐ' },
  { name: 'Cyrillic', font: 'latin', text: 'Съешь же ещё этих мягких булок, Її й' },
  // Initial beh and noon share one dotless form in Naskh: the "بالعالم نص" read "نالعالم نص".
  { name: 'Arabic', font: 'arabic', rtl: true, text: 'نص بالعالم نص تبنى سلام عليكم' },
  { name: 'Hebrew', font: 'hebrew', rtl: true, text: 'שָׁלוֹם עוֹלָם ספר טוב' },
  { name: 'Devanagari', font: 'devanagari', text: 'नमस्ते दुनिया, किताब पढ़िए। हिन्दी कक्षा' },
  { name: 'Bengali', font: 'bengali', text: 'আমার সোনার বাংলা, কোথায় যাও? বোন' },
  { name: 'Tamil', font: 'tamil', text: 'வணக்கம் உலகம், தமிழ் கொண்டு போ' },
  // Sara am with a tone mark (น้ำ) is drawn as nikhahit, tone, sara aa: the pieces stand apart.
  { name: 'Thai', font: 'thai', text: 'สวัสดีชาวโลก ภาษาไทย น้ำ ผู้ใหญ่' },
  // A coeng subscript (ស្ត) and a two-part vowel drawn around its letter (លោក).
  { name: 'Khmer', font: 'khmer', text: 'សួស្តី ពិភពលោក ភាសាខ្មែរ' },
  { name: 'Chinese', font: 'cjk', text: '你好，世界。中文排版测试' },
  { name: 'Japanese', font: 'cjk', text: 'こんにちは世界、日本語のテキスト。カタカナ' },
  { name: 'Korean', font: 'korean', text: '안녕하세요 세계, 한국어 텍스트' },
];

const fonts = Object.entries(FONTS).map(([name, data]) => ({ name, data }));
const font_variants = [{ name: 'smallcaps', font: 'latin', small_caps: true }];
const rect = { llx: 72, lly: 100, urx: 520, ury: 780 };

/** Page k + 1 holds script k: its text in a text item, a flow (two paragraphs) and two table cells (head and body). */
function scriptItems(): Record<string, unknown>[] {
  return SCRIPTS.flatMap(({ text, font }, k) => {
    const pages = [k + 1];
    return [
      { type: 'text', id: `t${k}`, pages, rect: { ...rect, lly: 700 }, content: [text], font, font_size: 12 },
      {
        type: 'flow',
        id: `f${k}`,
        pages,
        rect: { ...rect, ury: 680, lly: 560 },
        content: `${text}\n${text}`,
        font,
        font_size: 12,
      },
      {
        type: 'table',
        id: `c${k}`,
        pages,
        rect: { ...rect, ury: 540, lly: 300 },
        font,
        font_size: 12,
        columns: [440],
        // The text in a header cell and in a data cell under it: under pdfua1 a data cell needs a
        // header it can be connected to (7.5), and a table its body beside its head (7.2).
        header_rows: 1,
        rows: [[text], [text]],
      },
      // A story (issue 23): a heading and a paragraph as blocks, laid in pagination with continuation.
      {
        type: 'flow',
        id: `s${k}`,
        pages,
        rect: { ...rect, ury: 280, lly: 100 },
        continuation: { ...rect, ury: 280, lly: 100 },
        content: [{ heading: 1, text }, text],
        font,
        font_size: 12,
      },
    ];
  });
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
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Each page's text by pdftotext (pages end in a form feed). */
function popplerPages(pdf: Uint8Array): string[][] {
  return pdfToText(pdf).split('\f').slice(0, SCRIPTS.length).map(lines);
}

/** Each page's text by MuPDF, one `mutool draw -F txt` over the file (pages end in a form feed). */
function mupdfPages(pdf: Uint8Array, pages = SCRIPTS.length): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-mupdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const out = spawnSync('mutool', ['draw', '-q', '-F', 'txt', '-o', join(dir, 'p%d.txt'), join(dir, 'in.pdf')], {
      encoding: 'utf8',
    });
    expect(out.status).toBe(0);
    return Array.from({ length: pages }, (_, k) => lines(readFileSync(join(dir, `p${k + 1}.txt`), 'utf8')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdf.js's text content of each page, items joined, NFKC (pdf.js spells U+FB01 as "fi", as MuPDF does), with no whitespace (pdf.js guesses spaces from gaps). */
async function pdfJsPages(pdf: Uint8Array, pages: number): Promise<string[]> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  try {
    const out: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const tc = await (await doc.getPage(p)).getTextContent();
      out.push(
        tc.items
          .map((i) => ('str' in i ? i.str : ''))
          .join('')
          .normalize('NFKC')
          .replace(/\s+/g, ''),
      );
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** What MuPDF 1.21 gives: glyphs in the order they stand on the line (it does no bidi reordering of its own), ligature characters spelt as their letters. */
function mupdfExpected(text: string, rtl: boolean | undefined): string {
  return (rtl ? [...text].reverse().join('') : text).normalize('NFKC');
}

const bare = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

describe.each([
  ['in a text item, a flow and a table cell', {}],
  [
    'under accessible: "pdfua1" and archive "pdfa2u", with zero findings',
    {
      accessible: 'pdfua1',
      archive: 'pdfa2u',
      metadata: { title: 'Script extraction' },
      structure: {
        lang: 'und',
        elements: [
          {
            type: 'Document',
            children: SCRIPTS.flatMap((_, k) => [
              { type: 'P', children: [`t${k}`] },
              { type: 'P', children: [`f${k}`] },
              { type: 'Table', children: [`c${k}`] },
              { type: 'Sect', children: [`s${k}`] },
            ]),
          },
        ],
      },
    },
  ],
] as const)('every script %s', (_mode, extra) => {
  let pdf: Uint8Array;
  let poppler: string[][];
  let mupdf: string[][];
  let pdfjs: string[];
  beforeAll(async () => {
    pdf = renderOk({ fonts, font_variants, ...extra, items: scriptItems() });
    poppler = popplerPages(pdf);
    mupdf = mupdfPages(pdf);
    pdfjs = await pdfJsPages(pdf, SCRIPTS.length);
  });
  it.each(SCRIPTS.map((s, k) => [s.name, s, k] as const))('%s', (_name, { text, rtl }, k) => {
    // text item, two flow paragraphs, the header cell and the data cell, the story's heading and paragraph
    const seven = Array.from({ length: 7 }, () => text.normalize('NFC'));
    expect(poppler[k], 'pdftotext').toEqual(seven);
    expect(
      mupdf[k].map((t) => t.normalize('NFKC')),
      'mutool draw -F txt',
    ).toEqual(seven.map((t) => mupdfExpected(t, rtl)));
    expect(pdfjs[k], 'pdf.js').toBe(bare(text).repeat(7));
  });
});

describe('every script along a text_path (pdftotext, pdf.js)', () => {
  let poppler: string[][];
  let pdfjs: string[];
  beforeAll(async () => {
    const pdf = renderOk({
      fonts,
      font_variants,
      items: SCRIPTS.map(({ text, font }, k) => ({
        type: 'text_path',
        pages: [k + 1],
        segments: [{ move: [40, 400] }, { line: [560, 400] }],
        content: [text],
        font,
        font_size: 12,
      })),
    });
    poppler = popplerPages(pdf);
    pdfjs = await pdfJsPages(pdf, SCRIPTS.length);
  });
  it.each(SCRIPTS.map((s, k) => [s.name, s, k] as const))('%s', (_name, { text }, k) => {
    expect(poppler[k].join(' ')).toBe(text.normalize('NFC'));
    expect(pdfjs[k], 'pdf.js').toBe(bare(text));
  });
});

describe('every script in a form field appearance (MuPDF draws the widgets)', () => {
  let mupdf: string[][];
  beforeAll(() => {
    const pdf = renderOk({
      fonts,
      font_variants,
      items: SCRIPTS.map(({ text, font }, k) => ({
        type: 'text_field',
        name: `field${k}`,
        pages: [k + 1],
        rect: { llx: 40, lly: 700, urx: 560, ury: 730 },
        value: text,
        read_only: true,
        font,
        font_size: 12,
      })),
    });
    mupdf = mupdfPages(pdf);
  });
  it.each(SCRIPTS.map((s, k) => [s.name, s, k] as const))('%s', (_name, { text, rtl }, k) => {
    expect(mupdf[k].map((t) => t.normalize('NFKC'))).toEqual([mupdfExpected(text.normalize('NFC'), rtl)]);
  });
});

describe("a code's human-readable text", () => {
  it('extracts as its data in a font whose glyphs are shared (pdftotext, mutool)', () => {
    const data = 'OFFICE-2026/fi';
    const pdf = renderOk({
      fonts,
      items: [
        // The same font draws "ﬁ" elsewhere first: the caption's "fi" must still read as "fi".
        {
          type: 'text',
          rect: { llx: 40, lly: 760, urx: 560, ury: 790 },
          content: ['ﬁle'],
          font: 'latin',
          font_size: 12,
        },
        {
          type: 'code128',
          rect: { llx: 40, lly: 600, urx: 400, ury: 700 },
          data,
          text: { font: 'latin' },
        },
      ],
    });
    expect(lines(pdfToText(pdf))).toEqual(['ﬁle', data]);
    expect(mupdfPages(pdf, 1)[0]).toEqual(['file', data]);
  });
});
