// test/typesetting.test.ts — the text and flow items judged by poppler: word positions from
// `pdftotext -bbox` (alignment, justification, tabs, hanging lists), baselines and sizes read back
// from the content (fit_size, fill_leading), extraction (soft hyphens, right-to-left text,
// placeholders, dates), and the refusals of the typesetting keys.

import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS, NOTO_SANS_B64, NOW } from './support/fixtures.js';
import {
  mutoolDraw,
  pdfLayoutLines,
  pdfToText,
  pdfWords,
  pixelAt,
  qdfText,
  qpdfCheck,
  rendererComplaints,
  shownText,
  type Word,
} from './support/pdf-tools.js';
import { NOTO_ARABIC_B64, NOTO_HEBREW_B64 } from './support/rtl-fonts.js';

const PAGE_H = 841.89;
const face = fontkit.create(Buffer.from(NOTO_SANS));
/** Advance width of a string in Noto Sans at `size`, as fontkit shapes it. */
const widthOf = (s: string, size: number) => (face.layout(s).advanceWidth * size) / face.unitsPerEm;

function doc(items: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    fonts: [
      { name: 'Body', data: NOTO_SANS_B64 },
      { name: 'Hebrew', data: NOTO_HEBREW_B64 },
      { name: 'Arabic', data: NOTO_ARABIC_B64 },
    ],
    items: items.map((it) => ({ font: 'Body', font_size: 11, ...it })),
    ...extra,
  };
}

/** Every document this file renders, judged at the end by Ghostscript and MuPDF. */
const RENDERED: { name: string; pdf: Uint8Array }[] = [];

function ok(items: Record<string, unknown>[], extra?: Record<string, unknown>) {
  const out = render({ description: doc(items, extra), now: NOW });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.word} ${out.path}: ${out.sentence}`);
  RENDERED.push({ name: expect.getState().currentTestName ?? '?', pdf: out.pdf });
  return out;
}

function refused(items: Record<string, unknown>[], extra?: Record<string, unknown>) {
  const out = render({ description: doc(items, extra), now: NOW });
  if (out.ok) throw new Error('expected a refusal, got a PDF');
  return out;
}

/** Words grouped into lines (same baseline), top line first. */
function lines(words: Word[]): Word[][] {
  const m = new Map<number, Word[]>();
  for (const w of words) {
    const k = Math.round(w.yMax * 2);
    m.set(k, [...(m.get(k) ?? []), w]);
  }
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([, ws]) => ws.sort((a, b) => a.xMin - b.xMin));
}

const PROSE =
  'The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly and a wizard’s job is to vex chumps quickly in fog.';
const rect = (llx: number, lly: number, urx: number, ury: number) => ({ llx, lly, urx, ury });

describe('alignment', () => {
  it('ends right-aligned lines at urx, centres centred lines, fills justified lines but the last', () => {
    const out = ok([
      { type: 'text', rect: rect(72, 600, 272, 780), content: [PROSE], align: 'right' },
      { type: 'text', rect: rect(300, 600, 500, 780), content: [PROSE], align: 'center' },
      { type: 'flow', rect: rect(72, 300, 272, 500), content: PROSE + '\n' + PROSE, align: 'justify' },
    ]);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    expect(mutoolDraw(out.pdf)).toEqual({ code: 0, err: '' });
    const words = pdfWords(out.pdf);
    const right = lines(words.filter((w) => w.xMin >= 70 && w.xMax <= 280 && w.yMax < PAGE_H - 590));
    expect(right.length).toBeGreaterThan(2);
    for (const l of right) expect(l.at(-1)!.xMax).toBeCloseTo(272, 1);
    const centre = lines(words.filter((w) => w.xMin >= 295));
    expect(centre.length).toBeGreaterThan(2);
    for (const l of centre) expect((l[0].xMin + l.at(-1)!.xMax) / 2).toBeCloseTo(400, 1);
    const just = lines(words.filter((w) => w.yMax > PAGE_H - 500));
    // Two paragraphs: the last line of each is flush left and short, every other line fills the measure.
    const lastOf = new Set([just.findIndex((l) => l.at(-1)!.text === 'fog.'), just.length - 1]);
    expect(lastOf.size).toBe(2);
    just.forEach((l, i) => {
      expect(l[0].xMin).toBeCloseTo(72, 1);
      if (lastOf.has(i)) expect(l.at(-1)!.xMax).toBeLessThan(262);
      else expect(l.at(-1)!.xMax).toBeCloseTo(272, 1);
    });
  });

  it('poppler’s own line grouping (-bbox-layout) agrees: right lines end at urx, centred ones centre, justified ones fill the measure', () => {
    const out = ok([
      { type: 'text', rect: rect(72, 600, 272, 780), content: [PROSE], align: 'right' },
      { type: 'text', rect: rect(300, 600, 500, 780), content: [PROSE], align: 'center' },
      { type: 'flow', rect: rect(72, 300, 272, 500), content: PROSE, align: 'justify' },
    ]);
    const ls = pdfLayoutLines(out.pdf);
    const right = ls.filter((l) => l.xMax <= 280 && l.yMax < PAGE_H - 590);
    const centre = ls.filter((l) => l.xMin >= 295);
    const just = ls.filter((l) => l.yMin > PAGE_H - 500);
    expect([right.length, centre.length, just.length].every((n) => n > 2)).toBe(true);
    for (const l of right) expect(l.xMax).toBeCloseTo(272, 1);
    for (const l of centre) expect((l.xMin + l.xMax) / 2).toBeCloseTo(400, 1);
    just.forEach((l, i) => {
      expect(l.xMin).toBeCloseTo(72, 1);
      if (i < just.length - 1) expect(l.xMax).toBeCloseTo(272, 1);
      else expect(l.xMax).toBeLessThan(262);
    });
    // The words of each line are the words of the text, in order.
    expect(just.flatMap((l) => l.words.map((w) => w.text)).join(' ')).toBe(PROSE);
  });

  it("a flow's CR LF and lone CR end paragraphs as LF does (passes/layout/flow.ts)", () => {
    const pdf = (content: string) => {
      const out = render({
        description: doc([{ type: 'flow', rect: rect(72, 300, 272, 500), content, space_after: 6 }]),
        now: NOW,
      });
      if (!out.ok) throw new Error(out.sentence);
      return Buffer.from(out.pdf);
    };
    const lf = pdf('alpha beta\ngamma\n\ndelta');
    expect(pdf('alpha beta\r\ngamma\r\rdelta').equals(lf)).toBe(true);
    expect(pdf('alpha beta\ngamma\ndelta').equals(lf)).toBe(false);
    expect(
      pdfToText(lf, ['-raw'])
        .split('\n')
        .filter((l) => l.trim()),
    ).toEqual(['alpha beta', 'gamma', 'delta']);
  });

  it('justifies by total fit: its loosest word gap is tighter than first fit would leave', () => {
    const text =
      "Typesetting is the composition of text by means of arranging physical type or its digital equivalents. Stored letters and other symbols are retrieved and ordered according to a language's orthography for visual display. Typesetting requires one or more fonts.";
    const out = ok([
      { type: 'flow', rect: rect(50, 500, 250, 800), content: text, font_size: 10, align: 'justify' },
      { type: 'flow', rect: rect(300, 500, 500, 800), content: text, font_size: 10 },
    ]);
    const ws = pdfWords(out.pdf);
    const gapsOf = (l: Word[]) => l.slice(1).map((w, i) => w.xMin - l[i].xMax);
    const just = lines(ws.filter((w) => w.xMin < 260)).slice(0, -1);
    const loosestTotalFit = Math.max(...just.flatMap(gapsOf));
    // First fit is what a left-aligned paragraph shows; justified, its gaps would open by the line's slack.
    const ragged = lines(ws.filter((w) => w.xMin >= 295)).slice(0, -1);
    const loosestFirstFit = Math.max(
      ...ragged.map((l) => Math.max(...gapsOf(l)) + (500 - l.at(-1)!.xMax) / (l.length - 1)),
    );
    expect(loosestTotalFit).toBeLessThan(loosestFirstFit - 0.5);
    for (const l of just) expect(l.at(-1)!.xMax).toBeCloseTo(250, 1);
  });

  it('keeps the source text when justified: extraction gives the words with single spaces', () => {
    const out = ok([{ type: 'flow', rect: rect(72, 300, 272, 500), content: PROSE, align: 'justify' }]);
    expect(pdfToText(out.pdf).replace(/\s+/g, ' ').trim()).toBe(PROSE);
  });

  it('last_align sets the last line of each paragraph', () => {
    const out = ok([
      { type: 'flow', rect: rect(72, 300, 272, 500), content: PROSE, align: 'justify', last_align: 'right' },
    ]);
    const ls = lines(pdfWords(out.pdf));
    expect(ls.at(-1)!.at(-1)!.xMax).toBeCloseTo(272, 1);
    expect(ls.at(-1)![0].xMin).toBeGreaterThan(80);
  });
});

describe('tabs, leaders and lists', () => {
  it('sends tabs to ruler stops: right-aligned ends at the stop, decimal points line up at theirs', () => {
    const out = ok([
      {
        type: 'flow',
        rect: rect(72, 500, 500, 700),
        font_size: 10,
        content: 'Apples\t3\t1.50\nBananas\t12\t12.50\nCherries\t125\t123.50',
        tabs: { method: 'ruler', ruler: [150, 250], alignments: ['right', 'decimal'] },
      },
    ]);
    const ls = lines(pdfWords(out.pdf));
    expect(ls).toHaveLength(3);
    for (const l of ls) {
      expect(l[0].xMin).toBeCloseTo(72, 1);
      expect(l[1].xMax).toBeCloseTo(72 + 150, 1);
      // The decimal point sits on the stop: the word ends ".50" after it.
      expect(l[2].xMax - widthOf('.50', 10)).toBeCloseTo(72 + 250, 1);
    }
  });

  it('relative tabs advance by the tab size (default 7.5 % of the line) and typewriter tabs to its multiples', () => {
    const out = ok([
      { type: 'flow', rect: rect(100, 700, 500, 780), content: 'a\tb' },
      {
        type: 'flow',
        rect: rect(100, 600, 500, 680),
        content: 'a\tb',
        tabs: { method: 'typewriter', size: { points: 50 } },
      },
    ]);
    const ls = lines(pdfWords(out.pdf));
    expect(ls[0][1].xMin).toBeCloseTo(100 + widthOf('a', 11) + 0.075 * 400, 1);
    expect(ls[1][1].xMin).toBeCloseTo(100 + 50, 1);
  });

  it('fills a tab gap with the leader character', () => {
    const out = ok([
      {
        type: 'flow',
        rect: rect(72, 700, 372, 780),
        content: 'Chapter\t12',
        leader: '.',
        tabs: { method: 'ruler', ruler: [300], alignments: ['right'] },
      },
    ]);
    const text = pdfToText(out.pdf).trim();
    expect(text).toMatch(/^Chapter ?\.{20,} ?12$/);
    const ls = lines(pdfWords(out.pdf));
    expect(ls[0].at(-1)!.xMax).toBeCloseTo(372, 1);
  });

  it('hangs a list: markers at `marker`, the body and its following lines at `body`', () => {
    const out = ok([
      {
        type: 'flow',
        rect: rect(72, 400, 272, 780),
        content: `•\t${PROSE}\n•\tShort item.`,
        hanging_list: { marker: 5, body: 20 },
      },
    ]);
    const ls = lines(pdfWords(out.pdf));
    expect(ls.length).toBeGreaterThan(3);
    const bullets = ls.filter((l) => l[0].text === '•');
    expect(bullets).toHaveLength(2);
    for (const l of ls) {
      if (l[0].text === '•') {
        expect(l[0].xMin).toBeCloseTo(77, 1);
        expect(l[1].xMin).toBeCloseTo(92, 1);
      } else expect(l[0].xMin).toBeCloseTo(92, 1);
    }
  });

  it('indents: left and right narrow the measure, a negative first-line indent hangs', () => {
    const out = ok([
      {
        type: 'flow',
        rect: rect(72, 400, 372, 780),
        content: PROSE,
        align: 'justify',
        left_indent: 30,
        right_indent: 20,
        first_line_indent: -15,
      },
    ]);
    const ls = lines(pdfWords(out.pdf));
    expect(ls[0][0].xMin).toBeCloseTo(87, 1);
    for (const l of ls.slice(1)) expect(l[0].xMin).toBeCloseTo(102, 1);
    for (const l of ls.slice(0, -1)) expect(l.at(-1)!.xMax).toBeCloseTo(352, 1);
  });
});

describe('vertical placement', () => {
  it('places the first baseline by first_baseline and adds space between paragraphs', () => {
    const out = ok([
      { type: 'flow', rect: rect(72, 600, 372, 700), content: 'A\nB', space_before: 6, space_after: 4 },
      { type: 'flow', rect: rect(72, 400, 372, 500), content: 'A', first_baseline: 'cap_height' },
      { type: 'flow', rect: rect(72, 200, 372, 300), content: 'A', first_baseline: { points: 30 } },
    ]);
    const t = shownText(out.pdf);
    expect(t[0].y).toBeCloseTo(700 - 13.2, 2);
    expect(t[1].y).toBeCloseTo(700 - 13.2 - 13.2 - 10, 2);
    expect(t[2].y).toBeCloseTo(500 - (face.capHeight * 11) / face.unitsPerEm, 2);
    expect(t[3].y).toBeCloseTo(270, 2);
  });

  it('fill_leading puts the last baseline on the floor (last_baseline room kept), and its limit caps the leading', () => {
    const content = 'One\nTwo\nThree\nFour';
    const out = ok([
      { type: 'flow', rect: rect(72, 500, 372, 780), content, fill_leading: { limit: 100 } },
      {
        type: 'flow',
        rect: rect(72, 100, 200, 400),
        content,
        fill_leading: { limit: 100 },
        last_baseline: 'descender',
      },
      { type: 'flow', rect: rect(300, 100, 500, 400), content, fill_leading: { limit: 20 } },
    ]);
    const t = shownText(out.pdf);
    const first = t.slice(0, 4).map((s) => s.y);
    expect(first[0]).toBeCloseTo(780 - 13.2, 2);
    expect(first[3]).toBeCloseTo(500, 2);
    expect(first[1] - first[2]).toBeCloseTo(first[2] - first[3], 2);
    const second = t.slice(4, 8).map((s) => s.y);
    expect(second[3]).toBeCloseTo(100 + (-face.descent * 11) / face.unitsPerEm, 2);
    const third = t.slice(8, 12).map((s) => s.y);
    expect(third[0] - third[1]).toBeCloseTo(20, 2);
    expect(third[3]).toBeCloseTo(400 - 13.2 - 60, 2);
  });

  it('fit_size takes the largest size, stepping down by half a point, at which the text holds the rect', () => {
    const box = rect(72, 600, 272, 700);
    const out = ok([{ type: 'flow', rect: box, content: PROSE + ' ' + PROSE, font_size: 20, fit_size: { floor: 4 } }]);
    const sizes = new Set(shownText(out.pdf).map((s) => s.size));
    expect(sizes.size).toBe(1);
    const size = [...sizes][0];
    expect(size).toBeLessThan(20);
    expect((20 - size) * 2).toBeCloseTo(Math.round((20 - size) * 2), 6);
    // Set without fit_size: at that size the last baseline is inside the rect, half a point larger it is not.
    const at = (s: number) =>
      shownText(ok([{ type: 'flow', rect: box, content: PROSE + ' ' + PROSE, font_size: s }]).pdf).at(-1)!.y;
    expect(at(size)).toBeGreaterThanOrEqual(600 - 1e-6);
    expect(at(size + 0.5)).toBeLessThan(600);
  });

  it('fit_size with nothing holding sets the text at the floor, running past', () => {
    const out = ok([
      { type: 'flow', rect: rect(72, 690, 272, 700), content: PROSE, font_size: 20, fit_size: { floor: 8 } },
    ]);
    expect(new Set(shownText(out.pdf).map((s) => s.size))).toEqual(new Set([8]));
  });
});

describe('breaking', () => {
  it('breaks at spaces and soft hyphens only by default (spec: break_after); a hyphen breaks when break_after names it', () => {
    const item = {
      type: 'text',
      rect: rect(72, 600, 72 + widthOf('well-known-', 11) + 2, 780),
      content: ['well-known-hyphenated-word'],
    };
    const byDefault = ok([item]);
    expect(lines(pdfWords(byDefault.pdf)).map((l) => l.map((w) => w.text).join(' '))).toEqual([
      'well-known-hyphenated-word',
    ]);
    const named = ok([{ ...item, break_after: ' -' }]);
    expect(lines(pdfWords(named.pdf)).map((l) => l.map((w) => w.text).join(' '))).toEqual([
      'well-known-',
      'hyphenated-',
      'word',
    ]);
  });

  it('breaks only after the break_after characters when given', () => {
    const w = widthOf('alpha beta/', 11) + 1;
    const out = ok([
      { type: 'text', rect: rect(72, 600, 72 + w, 780), content: ['alpha beta/gamma delta'], break_after: '/' },
    ]);
    expect(
      pdfToText(out.pdf)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ).toEqual(['alpha beta/', 'gamma delta']);
  });

  it('overlong: overflow runs the word past the edge, break cuts it inside the rect', () => {
    const word = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
    const over = ok([{ type: 'text', rect: rect(72, 600, 172, 780), content: [word] }]);
    expect(pdfWords(over.pdf)[0].xMax).toBeGreaterThan(200);
    const cut = ok([{ type: 'text', rect: rect(72, 600, 172, 780), content: [word], overlong: 'break' }]);
    const ws = pdfWords(cut.pdf);
    expect(ws.length).toBeGreaterThan(2);
    for (const w of ws) expect(w.xMax).toBeLessThanOrEqual(172.01);
    expect(ws.map((w) => w.text).join('')).toBe(word);
  });

  it('shows a hyphen only where a line breaks at a soft hyphen, extracted as U+00AD', () => {
    const w = widthOf('An extra-', 11) + 1;
    const out = ok([
      { type: 'text', rect: rect(72, 700, 72 + w, 780), content: ['An extra\u00adordinary'] },
      { type: 'text', rect: rect(72, 600, 500, 680), content: ['Not broken: extra\u00adordinary'] },
    ]);
    const text = pdfToText(out.pdf);
    expect(text).toContain('An extra\u00ad\nordinary');
    // Where the line does not break at it, the soft hyphen stays invisible.
    expect(text).toContain('Not broken: extraordinary');
    expect(qdfText(out.pdf)).toContain('/ActualText');
  });

  it('hyphenates with TeX patterns when asked (hyphenate: "en-us")', () => {
    const text =
      'Internationalization considerations notwithstanding, comprehensive documentation facilitates understanding.';
    const out = ok([
      { type: 'flow', rect: rect(72, 400, 200, 780), content: text, align: 'justify', hyphenate: 'en-us' },
    ]);
    const got = pdfToText(out.pdf);
    expect(got).toMatch(/\u00ad\n/);
    expect(
      got
        .replace(/\u00ad\n/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe(text);
  });
});

describe('right-to-left text', () => {
  it('sets Hebrew and Arabic in visual order and pdftotext reads them back in logical order', () => {
    const hebrew = 'שלום עולם';
    const arabic = 'مرحبا بالعالم';
    const out = ok([
      { type: 'text', rect: rect(72, 700, 372, 780), content: [hebrew], font: 'Hebrew' },
      { type: 'text', rect: rect(72, 600, 372, 680), content: [arabic], font: 'Arabic' },
    ]);
    expect(mutoolDraw(out.pdf)).toEqual({ code: 0, err: '' });
    // pdftotext wraps a right-to-left line in U+202B … U+202C.
    const got = pdfToText(out.pdf)
      .replace(/[\u202b\u202c]/g, '')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(got).toEqual([hebrew, arabic]);
    // A right-to-left paragraph with no align is set flush left, as the spec's default `left` says
    // for every paragraph (issue 16; `align: "start"` sets it at its own start, the right edge).
    const ws = pdfWords(out.pdf);
    expect(Math.min(...ws.map((w) => w.xMin))).toBeCloseTo(72, 0);
  });

  it('mixes directions in one paragraph: the Hebrew words reversed between the English ones', () => {
    const out = ok([
      {
        type: 'text',
        rect: rect(72, 700, 500, 780),
        content: ['Say ', { text: 'שלום עולם', font: 'Hebrew' }, ' twice'],
      },
    ]);
    const ws = lines(pdfWords(out.pdf))[0];
    // -bbox gives each word's glyphs as drawn, left to right: a Hebrew word reads backwards there.
    expect(ws.map((w) => w.text)).toEqual([
      'Say',
      [...'עולם'].reverse().join(''),
      [...'שלום'].reverse().join(''),
      'twice',
    ]);
    expect(
      pdfToText(out.pdf)
        .replace(/[\u202b\u202c]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toMatch(/^Say שלום עולם ?twice$/);
  });
});

describe('runs, decorations, outline, shadow', () => {
  it('styles runs on their own: size, colour, font; resolves placeholders and dates', () => {
    const out = ok([
      {
        type: 'text',
        rect: rect(72, 700, 500, 780),
        content: [
          'Plain ',
          { text: 'big', font_size: 20, color: [1, 0, 0] },
          ' {{literal}} page {current_page} of {total_pages}, ',
          { date: '%Y-%m-%d %H:%M %z %a %b', zone: 'America/New_York' },
        ],
      },
      { type: 'rect', pages: [3], rect: rect(0, 0, 1, 1), fill: [1] },
    ]);
    const pages = pdfToText(out.pdf)
      .split('\f')
      .map((s) => s.replace(/\s+/g, ' ').trim());
    expect(pages[0]).toBe('Plain big {literal} page 1 of 3, 2026-11-22 07:00 -0500 Sun Nov');
    expect(pages[2]).toContain('page 3 of 3');
    const sizes = shownText(out.pdf).filter((s) => s.size === 20);
    expect(sizes.length).toBe(3);
  });

  it("draws underline, strike-through and overline at the font's positions, in the run's colour", () => {
    const out = ok([
      {
        type: 'text',
        rect: rect(72, 700, 500, 780),
        font_size: 40,
        content: [
          { text: 'Under', underline: true, color: [0, 0, 1] },
          ' ',
          { text: 'Strike', strikethrough: true },
          ' ',
          { text: 'Over', overline: true },
        ],
      },
    ]);
    const base = 780 - 48;
    const k = 40 / face.unitsPerEm;
    const ul = base + face.underlinePosition * k - (face.underlineThickness * k) / 2;
    expect(pixelAt(out.pdf, 80, ul, 144)).toEqual([0, 0, 255]);
    const so = base + ((face['OS/2'] as unknown as { yStrikeoutPosition: number }).yStrikeoutPosition - 10) * k;
    const strikeX = 72 + widthOf('Under ', 40) + 2;
    expect(pixelAt(out.pdf, strikeX, so, 144)).toEqual([0, 0, 0]);
    const ol = base + face.ascent * k - (face.underlineThickness * k) / 2;
    const overX = 72 + widthOf('Under Strike ', 40) + 2;
    expect(pixelAt(out.pdf, overX, ol, 144)).toEqual([0, 0, 0]);
    // Between the runs, over the gap, no line.
    expect(pixelAt(out.pdf, 72 + widthOf('Under', 40) + 3, ul, 144)).toEqual([255, 255, 255]);
  });

  it('outlines letters hollow unless filled, and draws the shadow first as its own text object', () => {
    const out = ok([
      {
        type: 'text',
        rect: rect(72, 700, 500, 780),
        font_size: 60,
        content: ['O'],
        outline: { width: 2, color: [1, 0, 0] },
      },
      {
        type: 'text',
        rect: rect(72, 500, 500, 580),
        font_size: 60,
        content: ['O'],
        color: [0, 0, 1],
        shadow: { dx: 3, dy: -3, color: [0.5] },
      },
    ]);
    const q = qdfText(out.pdf);
    expect(q).toMatch(/2 w\n1 0 0 RG\n1 Tr/);
    expect(mutoolDraw(out.pdf)).toEqual({ code: 0, err: '' });
    // Hollow: the middle of the O's stroke is red, its counter and the inside of the stroke band white.
    const shown = shownText(out.pdf);
    const o = shown[0];
    expect(pixelAt(out.pdf, o.x + widthOf('O', 60) / 2, o.y + 22, 144)).toEqual([255, 255, 255]);
    // Shadow: two text objects for the second item, the grey one first.
    const objects = q
      .split('BT\n')
      .slice(1)
      .map((s) => s.slice(0, s.indexOf('ET')));
    expect(objects).toHaveLength(3);
    expect(objects[1]).toMatch(/0\.5 g/);
    expect(objects[2]).toMatch(/0 0 1 rg/);
    expect(shown[1].x - shown[2].x).toBeCloseTo(3, 3);
    expect(shown[1].y - shown[2].y).toBeCloseTo(-3, 3);
  });
});

describe('refusals', () => {
  const base = { type: 'flow', rect: rect(72, 600, 300, 700), content: 'x' };
  const cases: [string, Record<string, unknown>, number, string, string, RegExp][] = [
    [
      'an unknown placeholder',
      { type: 'text', rect: rect(0, 0, 9, 9), content: ['page {page}'] },
      400,
      'description',
      '/items/0/content/0',
      /placeholder \{page\}.*\{current_page\}/,
    ],
    [
      'an unsupported date directive',
      { type: 'text', rect: rect(0, 0, 9, 9), content: [{ date: '%Q' }] },
      400,
      'description',
      '/items/0/content/0/date',
      /%Q, which is not a supported directive/,
    ],
    [
      'an unknown zone',
      { type: 'text', rect: rect(0, 0, 9, 9), content: [{ date: '%Y', zone: 'Mars/Olympus' }] },
      400,
      'description',
      '/items/0/content/0/zone',
      /"Mars\/Olympus".*not an IANA time zone/,
    ],
    [
      'a hyphenation language without patterns',
      { ...base, hyphenate: 'xx' },
      400,
      'description',
      '/items/0/hyphenate',
      /"xx".*no patterns/,
    ],
    [
      'a leader of two characters',
      { ...base, leader: '..' },
      400,
      'description',
      '/items/0/leader',
      /leader must be one character/,
    ],
    [
      'a ruler out of order',
      { ...base, tabs: { ruler: [50, 40] } },
      400,
      'description',
      '/items/0/tabs/ruler',
      /ruler must list its tab stops in increasing order/,
    ],
    [
      'a fit_size floor above the size',
      { ...base, fit_size: { floor: 20 } },
      400,
      'description',
      '/items/0/fit_size/floor',
      /floor = 20 is above font_size = 11/,
    ],
    [
      'hanging_list with left_indent',
      { ...base, hanging_list: { marker: 0, body: 9 }, left_indent: 3 },
      400,
      'description',
      '/items/0/left_indent',
      /hanging_list cannot be given together with \/items\/0\/left_indent/,
    ],
    [
      'hanging_list with first_line_indent',
      { ...base, hanging_list: { marker: 0, body: 9 }, first_line_indent: 3 },
      400,
      'description',
      '/items/0/first_line_indent',
      /hanging_list cannot be given together/,
    ],
    [
      'hanging_list with tabs.method',
      { ...base, hanging_list: { marker: 0, body: 9 }, tabs: { method: 'relative' } },
      400,
      'description',
      '/items/0/tabs/method',
      /hanging_list cannot be given together with \/items\/0\/tabs\/method/,
    ],
    [
      'hanging_list with tabs.ruler',
      { ...base, hanging_list: { marker: 0, body: 9 }, tabs: { ruler: [9] } },
      400,
      'description',
      '/items/0/tabs/ruler',
      /hanging_list cannot be given together with \/items\/0\/tabs\/ruler/,
    ],
    [
      'fill_leading with leading',
      { ...base, fill_leading: { limit: 30 }, leading: 14 },
      400,
      'description',
      '/items/0/leading',
      /fill_leading cannot be given together with \/items\/0\/leading/,
    ],
    [
      'an align that is not one',
      { ...base, align: 'middle' },
      400,
      'description',
      '/items/0/align',
      /align must be one of/,
    ],
    [
      'outline without width',
      { ...base, outline: { color: [0] } },
      400,
      'description',
      '/items/0/outline/width',
      /"width" is required/,
    ],
    [
      'a shadow without colour',
      { ...base, shadow: { dx: 1, dy: 1 } },
      400,
      'description',
      '/items/0/shadow/color',
      /"color" is required/,
    ],
    [
      'a run font nowhere declared',
      { type: 'text', rect: rect(0, 0, 9, 9), content: [{ text: 'x', font: 'Nope' }] },
      400,
      'description',
      '/items/0/content/0/font',
      /font "Nope".*nowhere declared/,
    ],
    [
      'a clip segment that is not one',
      { type: 'text', rect: rect(0, 0, 9, 9), content: ['x'], clip: { segments: [1] } },
      400,
      'description',
      '/items/0/clip/segments/0',
      /\/items\/0\/clip\/segments\/0 must be an object/,
    ],
    [
      'a character no font has',
      { type: 'text', rect: rect(0, 0, 9, 9), content: [{ text: 'x\u4e00', color: [0] }] },
      400,
      'drawing',
      '/items/0/content/0',
      /no glyph for the character "一" \(U\+4E00\)/,
    ],
  ];
  it.each(cases)('%s', (_name, item, status, word, path, sentence) => {
    const out = refused([item]);
    expect({ status: out.status, word: out.word, path: out.path }).toEqual({ status, word, path });
    expect(out.sentence).toMatch(sentence);
  });

  it('a run in a standard font needs the licence like a block in one', () => {
    const out = render({
      description: doc([{ type: 'text', rect: rect(0, 0, 9, 9), content: [{ text: 'x', font: 'Helv' }] }], {
        standard_fonts: [{ name: 'Helv', face: 'helvetica' }],
      }),
      now: NOW,
      client: undefined,
      service: { clients: { default: { page_ceiling: 10, features: [] }, clients: {} } },
    } as never);
    expect(out.ok).toBe(false);
    if (!out.ok)
      expect({ status: out.status, word: out.word, path: out.path }).toEqual({
        status: 402,
        word: 'needs_a_licence',
        path: '/items/0/content/0/font',
      });
  });
});

// Last in the file (vitest runs a file's tests in order): every document above, through both renderers.
describe('every typesetting document', () => {
  it('renders in Ghostscript and MuPDF without a warning, and qpdf finds nothing', () => {
    expect(RENDERED.length).toBeGreaterThan(25);
    expect(rendererComplaints(RENDERED)).toEqual([]);
  }, 120_000);
});
