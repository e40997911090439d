// test/scripts-breaking.test.ts — line breaking and justification per script, judged by poppler:
// Thai and Khmer lines end only where `Intl.Segmenter` (ICU's dictionaries) puts a word boundary,
// Chinese and Japanese break between characters but never before `、。」` and the like, their
// justified lines end within half a point of the measure (`pdftotext -bbox-layout`), a hard hyphen
// or a slash is no opportunity unless `break_after` names it (spec: text, `break_after`), a
// right-to-left paragraph is set flush left by default with `start`/`end` following its direction,
// and `%Z` spells zone abbreviations. Fonts: Debian's fonts-noto-core and fonts-droid-fallback.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfLayoutLines, pdfToText, pdfWords } from './support/pdf-tools.js';
import { NOTO_HEBREW_B64 } from './support/rtl-fonts.js';

const font = (p: string) => readFileSync(p).toString('base64');
const NOTO = '/usr/share/fonts/truetype/noto';
const FONTS = [
  { name: 'Body', data: NOTO_SANS_B64 },
  { name: 'Hebrew', data: NOTO_HEBREW_B64 },
  { name: 'Thai', data: font(`${NOTO}/NotoSansThai-Regular.ttf`) },
  { name: 'Khmer', data: font(`${NOTO}/NotoSansKhmer-Regular.ttf`) },
  { name: 'CJK', data: font('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf') },
];
const PAGE_H = 841.89;
const rect = (llx: number, lly: number, urx: number, ury: number) => ({ llx, lly, urx, ury });

function pdf(items: Record<string, unknown>[]): Uint8Array {
  const out = render({
    description: { fonts: FONTS, items: items.map((it) => ({ font: 'Body', font_size: 11, ...it })) },
    now: NOW,
  });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

/** The non-empty lines pdftotext reads, trimmed. */
const textLines = (doc: Uint8Array) =>
  pdfToText(doc)
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** Word boundaries (UTF-16 offsets) `Intl.Segmenter` reports in `text`. */
function segmenterBoundaries(text: string): Set<number> {
  const seg = new Intl.Segmenter('th', { granularity: 'word' });
  return new Set([...seg.segment(text)].map((s) => s.index).concat(text.length));
}

/**
 * What was sent comes back cut into lines (spaces at a line end hang and are not drawn), and every
 * line ends at a boundary the segmenter reports.
 */
function expectWordBreaks(got: string[], text: string): void {
  const bounds = segmenterBoundaries(text);
  let at = 0;
  for (const line of got) {
    expect(text.startsWith(line, at), `"${line}" at ${at}`).toBe(true);
    at += line.length;
    expect(bounds.has(at), `break after "${line}"`).toBe(true);
    while (text[at] === ' ') at++;
  }
  expect(at).toBe(text.length);
}

// Words whose every glyph stands for its own text (the extraction of shared glyphs is issue 16's other part).
const THAI = 'ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างประโยคเท่านั้น การตัดบรรทัดจึงต้องใช้พจนานุกรมเพื่อหาขอบเขตของทุกประโยค';
const KHMER = 'ភាសាខ្មែរគឺជាភាសាផ្លូវការរបស់កម្ពុជា បានរាប់លាននាក់ទៅផ្សារ ភាសាខ្មែរគឺជាភាសាផ្លូវការរបស់កម្ពុជា';

describe('scripts written without spaces between words', () => {
  for (const [name, text] of [
    ['Thai', THAI],
    ['Khmer', KHMER],
  ] as const) {
    it(`${name}: lines fill a 150-point box and end only at the word boundaries Intl.Segmenter reports`, () => {
      const doc = pdf([{ type: 'text', rect: rect(72, 500, 222, 800), content: [text], font: name, font_size: 12 }]);
      const got = textLines(doc);
      expect(got.length).toBeGreaterThan(2);
      expectWordBreaks(got, text);
      // Every line stays inside the box.
      for (const l of pdfLayoutLines(doc)) expect(l.xMax).toBeLessThanOrEqual(222 + 0.5);
    });
  }

  it('Thai justified: lines without spaces are spaced out between clusters to the measure', () => {
    const doc = pdf([
      { type: 'text', rect: rect(72, 500, 222, 800), content: [THAI], font: 'Thai', font_size: 12, align: 'justify' },
    ]);
    const ls = pdfLayoutLines(doc);
    expect(ls.length).toBeGreaterThan(2);
    for (const l of ls.slice(0, -1)) expect(Math.abs(l.xMax - 222), `line ends at ${l.xMax}`).toBeLessThan(0.5);
    expectWordBreaks(textLines(doc), THAI);
  });
});

const CHINESE =
  '中文排版不使用空格分隔词语，因此换行可以发生在任意两个汉字之间。但是，标点符号如逗号和句号不能出现在行首，而开引号「不能出现在行尾」。这是一段用于测试两端对齐的文字，它应当填满每一行。';
const JAPANESE =
  '日本語の文章は、単語の間に空白を入れずに書かれます。行頭に句読点「、」や「。」が来てはいけません。ちょっとした小書きの仮名も行頭禁則の対象です。両端揃えの行は版面の幅いっぱいに広がります。';
/** UAX #14's line-start prohibitions (classes CL, CP, EX, IS, NS and CJ as strict breaking resolves it). */
const NO_LINE_START = /^[、。，．：；！？）」』】〕〉》ー・ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〜]/;
/** And its line-end ones (class OP). */
const NO_LINE_END = /[（「『【〔〈《]$/;

describe('Chinese and Japanese', () => {
  for (const [name, text] of [
    ['Chinese', CHINESE],
    ['Japanese', JAPANESE],
  ] as const) {
    for (const width of [150, 163, 181]) {
      it(`${name} in ${width} points: breaks between characters, never before 、。」 nor after 「, and justified lines end within 0.5 pt of the measure`, () => {
        const llx = 72,
          urx = 72 + width;
        const doc = pdf([
          {
            type: 'text',
            rect: rect(llx, 400, urx, 800),
            content: [text],
            font: 'CJK',
            font_size: 11,
            align: 'justify',
          },
        ]);
        const got = textLines(doc);
        expect(got.length).toBeGreaterThan(3);
        expect(got.join('')).toBe(text);
        for (const line of got) {
          expect(line, 'line start').not.toMatch(NO_LINE_START);
          expect(line, 'line end').not.toMatch(NO_LINE_END);
        }
        const ls = pdfLayoutLines(doc).filter((l) => l.yMax > PAGE_H - 800 && l.yMin < PAGE_H - 400);
        expect(ls.length).toBe(got.length);
        for (const l of ls) expect(l.xMin).toBeCloseTo(llx, 0);
        for (const l of ls.slice(0, -1)) expect(Math.abs(l.xMax - urx), `line ends at ${l.xMax}`).toBeLessThan(0.5);
        // The last line is set at its natural width.
        expect(ls.at(-1)!.xMax).toBeLessThan(urx - 5);
      });
    }
  }
});

describe('space-separated scripts: break_after absent breaks at spaces and soft hyphens only', () => {
  const text = 'see the well-known/path-to-thing and/or the long-winded-but-well-meant/self-evident\u00adly so';

  it('a hard hyphen and a slash are no opportunity by default', () => {
    const doc = pdf([{ type: 'text', rect: rect(72, 600, 152, 800), content: [text] }]);
    const got = textLines(doc);
    expect(got.length).toBeGreaterThan(3);
    // Every line ends at a space of the source, or at the soft hyphen (shown as a hyphen there).
    for (const line of got.slice(0, -1)) {
      const word = line.split(' ').at(-1)!;
      if (word.endsWith('\u00ad') || word.endsWith('-')) continue; // the soft hyphen, shown
      expect(text.includes(`${word} `) || text.endsWith(word), `line ends "${word}"`).toBe(true);
    }
    expect(got).toContain('well-known/path-to-thing');
    // The over-wide word runs past the box rather than breaking at its hyphens.
    expect(got.join(' ')).toContain('long-winded-but-well-meant/self-evident');
  });

  it('a description that wants them names them in break_after', () => {
    const doc = pdf([{ type: 'text', rect: rect(72, 600, 152, 800), content: [text], break_after: ' -/' }]);
    // poppler joins a line ending in a hyphen to the next in plain text: read its lines' words instead.
    const ends = pdfLayoutLines(doc).map((l) => l.words.at(-1)!.text);
    expect(ends.filter((w) => w.endsWith('-') || w.endsWith('/')).length).toBeGreaterThan(1);
    for (const l of pdfLayoutLines(doc)) expect(l.xMax).toBeLessThanOrEqual(152 + 0.5);
  });
});

describe('alignment of right-to-left paragraphs', () => {
  const hebrew = 'שלום עולם';
  const edges = (align: string | undefined, font: string, content: string) => {
    const doc = pdf([
      { type: 'text', rect: rect(72, 700, 372, 780), content: [content], font, ...(align ? { align } : {}) },
    ]);
    const ws = pdfWords(doc);
    return { left: Math.min(...ws.map((w) => w.xMin)), right: Math.max(...ws.map((w) => w.xMax)) };
  };

  it('absent: flush left, as the spec states for every paragraph', () => {
    expect(edges(undefined, 'Hebrew', hebrew).left).toBeCloseTo(72, 0);
  });
  it('start: the paragraph’s own start (right for Hebrew, left for English)', () => {
    expect(edges('start', 'Hebrew', hebrew).right).toBeCloseTo(372, 0);
    expect(edges('start', 'Body', 'hello world').left).toBeCloseTo(72, 0);
  });
  it('end: the other side (left for Hebrew, right for English)', () => {
    expect(edges('end', 'Hebrew', hebrew).left).toBeCloseTo(72, 0);
    expect(edges('end', 'Body', 'hello world').right).toBeCloseTo(372, 0);
  });
  it('left and right stay absolute', () => {
    expect(edges('right', 'Hebrew', hebrew).right).toBeCloseTo(372, 0);
    expect(edges('left', 'Hebrew', hebrew).left).toBeCloseTo(72, 0);
  });
});

describe('%Z in date runs', () => {
  it('spells zone abbreviations as strftime does (CET, not GMT+1), the offset where there is none', () => {
    const run = (zone: string) => ({ date: '%H:%M %Z', zone });
    const doc = pdf([
      {
        type: 'text',
        rect: rect(72, 600, 500, 800),
        content: [
          run('Europe/Berlin'),
          '\n',
          run('America/New_York'),
          '\n',
          run('UTC'),
          '\n',
          run('America/Sao_Paulo'),
        ],
      },
    ]);
    // NOW is 2026-11-22T12:00:00Z: winter in the north.
    expect(textLines(doc)).toEqual(['13:00 CET', '07:00 EST', '12:00 UTC', '09:00 -03']);
  });
});
