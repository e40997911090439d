// test/flow-columns.test.ts — issue 23: a `{columns}` section in a story (docs/reference.md, "flow",
// columns), judged with poppler (pdftotext -bbox): every word once, column by column in reading
// order; the section continues into the next page; its last columns are balanced within one line;
// the story goes on under it at full width; a column break moves to the next column; widows and
// orphans hold per column.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfStructText, pdfWords, renderedClean, type Word } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const RECT = { llx: 56, lly: 100, urx: 539, ury: 780 };
const GAP = 10;
const COL = (539 - 56 - 2 * GAP) / 3;
const LEADING = 12; // 1.2 × 10

/** Paragraph i of prefix `x`: words `xI.J`, 5 to 60 of them. */
const para = (x: string, i: number) => Array.from({ length: 5 + ((i * 37) % 56) }, (_, j) => `${x}${i}.${j}`).join(' ');

function renderStory(content: unknown[], extra: Record<string, unknown> = {}) {
  return renderedClean(
    render({
      description: {
        fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
        items: [{ type: 'flow', font: 'Body', font_size: 10, rect: RECT, continuation: RECT, content, ...extra }],
      },
      now: NOW,
    }),
  );
}

const colOf = (w: Word) => Math.floor((w.xMin - RECT.llx + 1) / (COL + GAP));
const inSection = (w: Word) => w.text.startsWith('s');
/** Section words in reading order: page, column, line, x. */
const sectionOrder = (words: Word[]) =>
  words.filter(inSection).sort((a, b) => a.page - b.page || colOf(a) - colOf(b) || a.yMin - b.yMin || a.xMin - b.xMin);
/** Full-width words in reading order: page, line, x. */
const fullOrder = (words: Word[]) =>
  words.filter((w) => !inSection(w)).sort((a, b) => a.page - b.page || a.yMin - b.yMin || a.xMin - b.xMin);

/** The bottom (yMax) of each column of the section on `page`. */
function columnBottoms(words: Word[], page: number): number[] {
  const out: number[] = [];
  for (const w of words.filter((x) => inSection(x) && x.page === page)) {
    const c = colOf(w);
    out[c] = Math.max(out[c] ?? 0, w.yMax);
  }
  return out;
}

describe('columns in a story (issue 23)', () => {
  const section = Array.from({ length: 30 }, (_, i) => para('s', i));
  const content = [para('a', 1), { columns: { count: 3, gap: GAP }, content: section }, para('b', 2)];

  it('fills columns in order across pages, balances the last ones, and goes on below at full width', () => {
    const out = renderStory(content);
    const pages = Number(pdfInfo(out.pdf).Pages);
    expect(pages).toBeGreaterThan(1);
    const words = pdfWords(out.pdf, ['-bbox-layout']);
    // Every word once, the section column by column.
    expect(sectionOrder(words).map((w) => w.text)).toEqual(section.join(' ').split(' '));
    expect(fullOrder(words).map((w) => w.text)).toEqual([...para('a', 1).split(' '), ...para('b', 2).split(' ')]);
    // Section words sit inside their column.
    for (const w of words.filter(inSection)) {
      const left = RECT.llx + colOf(w) * (COL + GAP);
      expect(w.xMin).toBeGreaterThanOrEqual(left - 0.5);
      expect(w.xMax).toBeLessThanOrEqual(left + COL + 0.5);
    }
    // Page 1: the section starts under the first paragraph, all three columns at one top.
    const firstA = words.filter((w) => w.text.startsWith('a')).at(-1)!;
    const tops = [0, 1, 2].map((c) =>
      Math.min(...words.filter((w) => inSection(w) && w.page === 1 && colOf(w) === c).map((w) => w.yMin)),
    );
    expect(tops[0]).toBeGreaterThan(firstA.yMax);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(0.5);
    // The last page of the section: three columns, balanced within one line.
    const last = words.filter(inSection).at(-1)!.page;
    const bottoms = columnBottoms(words, last);
    expect(bottoms.filter((b) => b !== undefined)).toHaveLength(3);
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(LEADING + 0.5);
    // The story goes on below the lowest column, from the rect's left edge and wider than a column.
    const b = words.filter((w) => w.text.startsWith('b'));
    expect(b[0].page).toBe(last);
    expect(b[0].yMin).toBeGreaterThan(Math.max(...bottoms));
    expect(b[0].xMin).toBeCloseTo(RECT.llx, 0);
    const firstLine = b.filter((w) => Math.abs(w.yMin - b[0].yMin) < 1);
    expect(firstLine.at(-1)!.xMax - RECT.llx).toBeGreaterThan(COL + GAP);
  });

  it('keeps widows and orphans per column: no split paragraph leaves a single line in a column', () => {
    const words = pdfWords(renderStory(content).pdf);
    const lines = new Map<string, Set<number>>(); // paragraph@page/column → its line tops
    for (const w of words.filter(inSection)) {
      const key = `${/^s(\d+)\./.exec(w.text)![1]}@${w.page}/${colOf(w)}`;
      if (!lines.has(key)) lines.set(key, new Set());
      lines.get(key)!.add(Math.round(w.yMin));
    }
    const perPara = new Map<string, number[]>();
    for (const [key, tops] of lines) {
      const p = key.split('@')[0];
      perPara.set(p, [...(perPara.get(p) ?? []), tops.size]);
    }
    const split = [...perPara.values()].filter((c) => c.length > 1);
    expect(split.length).toBeGreaterThan(0);
    for (const counts of split) for (const c of counts) expect(c).toBeGreaterThanOrEqual(2);
  });

  it('a column break moves to the next column; a short section stays on its page, balanced', () => {
    const out = renderStory([
      'y before',
      { columns: { count: 2, gap: 20 }, content: ['s1 s2 s3', { break: 'column' }, 's4 s5'] },
      'z after',
    ]);
    expect(Number(pdfInfo(out.pdf).Pages)).toBe(1);
    const words = pdfWords(out.pdf);
    const at = (t: string) => words.find((w) => w.text === t)!;
    const col2 = RECT.llx + (RECT.urx - RECT.llx - 20) / 2 + 20;
    expect(at('s4').xMin).toBeCloseTo(col2, 0);
    expect(at('s4').yMin).toBeCloseTo(at('s1').yMin, 1);
    expect(at('s1').yMin).toBeGreaterThan(at('y').yMax);
    expect(at('z').yMin).toBeGreaterThan(at('s1').yMax);
    expect(at('z').xMin).toBeCloseTo(RECT.llx, 0);
  });

  it('without continuation the section is balanced in its one box', () => {
    const out = renderedClean(
      render({
        description: {
          fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
          items: [
            {
              type: 'flow',
              font: 'Body',
              font_size: 10,
              rect: RECT,
              content: [{ columns: { count: 2 }, content: [para('s', 3), para('s', 4)] }],
            },
          ],
        },
        now: NOW,
      }),
    );
    const words = pdfWords(out.pdf);
    const mid = RECT.llx + (RECT.urx - RECT.llx) / 2;
    const left = words.filter((w) => w.xMin < mid);
    const right = words.filter((w) => w.xMin >= mid);
    expect(left.length).toBeGreaterThan(0);
    expect(right.length).toBeGreaterThan(0);
    const bl = Math.max(...left.map((w) => w.yMax));
    const br = Math.max(...right.map((w) => w.yMax));
    expect(Math.abs(bl - br)).toBeLessThanOrEqual(LEADING + 0.5);
    expect(words.length).toBe(para('s', 3).split(' ').length + para('s', 4).split(' ').length);
  });

  it('tagged (pdfua1, pdfa2a): zero findings, the structure text in column order', () => {
    const d = taggedReport({ accessible: 'pdfua1', archive: 'pdfa2a' }) as { items: Record<string, unknown>[] };
    const flow = d.items.find((i) => i.id === 'intro')!;
    const paras = [para('s', 5), para('s', 6), para('s', 7)];
    flow.content = ['Lead paragraph.', { columns: { count: 2, gap: 12 }, content: paras }];
    flow.font_size = 6;
    const r = render({ description: d, now: NOW, service: { licence: TAGGING_LICENCE } });
    if (!r.ok) throw new Error(r.sentence);
    expect(r.findings).toEqual([]);
    const struct = pdfStructText(r.pdf);
    const at = paras.map((p) => struct.indexOf(p.split(' ')[0]));
    expect(at.every((i) => i > struct.indexOf('Lead'))).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The words of the two columns are both present (the section was set in two columns).
    const words = pdfWords(r.pdf).filter(inSection);
    expect(new Set(words.map((w) => Math.round(w.xMin) < 72 + (520 - 72) / 2)).size).toBe(2);
  });

  it('a heading in a section is kept with what follows: never the last line of a column', () => {
    const blocks: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      blocks.push({ heading: 2, text: `sH${i}` });
      blocks.push(para('s', i));
    }
    const out = renderStory([{ columns: { count: 3, gap: GAP }, content: blocks }], {
      styles: { h2: { font_size: 14, space_before: 8, space_after: 4 } },
    });
    const words = pdfWords(out.pdf).filter(inSection);
    const columns = new Map<string, Word[]>();
    for (const w of words) {
      const key = `${w.page}/${colOf(w)}`;
      columns.set(key, [...(columns.get(key) ?? []), w]);
    }
    expect(columns.size).toBeGreaterThan(3);
    let headings = 0;
    for (const ws of columns.values()) {
      const lowest = ws.reduce((a, b) => (b.yMax > a.yMax ? b : a));
      expect(lowest.text).toMatch(/^s\d/);
      headings += ws.filter((w) => w.text.startsWith('sH')).length;
    }
    expect(headings).toBe(30);
  });

  it('a page break in a section ends its columns there and the section goes on at the next page', () => {
    const out = renderStory([
      'y intro',
      {
        columns: { count: 2 },
        content: ['s1 s2 s3', 's4 s5', { break: 'page' }, 's6 s7', { text: 's8 s9', break_before: 'column' }],
      },
      'z outro',
    ]);
    expect(Number(pdfInfo(out.pdf).Pages)).toBe(2);
    const words = pdfWords(out.pdf);
    const at = (t: string) => words.find((w) => w.text === t)!;
    // Page 1: two one-line paragraphs balanced one to a column, side by side.
    expect(at('s4').page).toBe(1);
    expect(at('s4').yMin).toBeCloseTo(at('s1').yMin, 1);
    expect(at('s4').xMin).toBeGreaterThan(at('s3').xMax);
    // Page 2: the section from the top, the column break, then the story below at full width.
    expect([at('s6').page, at('s8').page, at('z').page]).toEqual([2, 2, 2]);
    expect(at('s8').yMin).toBeCloseTo(at('s6').yMin, 1);
    expect(at('s8').xMin).toBeGreaterThan(at('s7').xMax);
    expect(at('z').yMin).toBeGreaterThan(at('s6').yMax);
  });
});
