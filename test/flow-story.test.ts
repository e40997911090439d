// test/flow-story.test.ts — issue 23: a flow that continues past its rect into continuation boxes,
// creating pages as a table does, judged with poppler (pdftotext -bbox): every word once, in order;
// no paragraph leaves a single line at a box's top or bottom; headings kept with what follows;
// blocks, styles and breaks (docs/reference.md, "flow").
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfFonts, pdfInfo, pdfWords, renderedClean, type Word } from './support/pdf-tools.js';

const RECT = { llx: 56, lly: 100, urx: 300, ury: 780 };

/** Paragraph i: its words `pI.J`, 5 to 60 of them (a mix of short and long paragraphs). */
function paragraph(i: number): string {
  const n = 5 + ((i * 37) % 56);
  return Array.from({ length: n }, (_, j) => `p${i}.${j}`).join(' ');
}

function renderFlow(flow: Record<string, unknown>, extra: unknown[] = []) {
  return renderedClean(
    render({
      description: {
        fonts: [
          { name: 'Body', data: NOTO_SANS_B64 },
          { name: 'Head', library: 'noto_serif' },
        ],
        items: [{ type: 'flow', font: 'Body', font_size: 10, rect: RECT, ...flow }, ...extra],
      },
      now: NOW,
    }),
  );
}

/** Lines of each page (words grouped by baseline), top to bottom. */
function pageLines(words: Word[]): Map<number, Word[][]> {
  const out = new Map<number, Word[][]>();
  for (const w of words) {
    let lines = out.get(w.page);
    if (!lines) out.set(w.page, (lines = []));
    const line = lines.find((l) => Math.abs(l[0].yMax - w.yMax) < 1);
    if (line) line.push(w);
    else lines.push([w]);
  }
  for (const lines of out.values()) lines.sort((a, b) => a[0].yMax - b[0].yMax);
  return out;
}

const paraOf = (w: Word) => /^p(\d+)\./.exec(w.text)?.[1];

/** For every paragraph split between pages: the number of its lines on each page it touches. */
function splitCounts(words: Word[]): number[][] {
  const byPara = new Map<string, Map<number, number>>();
  for (const lines of pageLines(words.filter((w) => paraOf(w))).values()) {
    for (const line of lines) {
      const p = paraOf(line[0])!;
      const page = line[0].page;
      let m = byPara.get(p);
      if (!m) byPara.set(p, (m = new Map()));
      m.set(page, (m.get(page) ?? 0) + 1);
    }
  }
  return [...byPara.values()].filter((m) => m.size > 1).map((m) => [...m.values()]);
}

describe('flow continuation (issue 23)', () => {
  const paras = Array.from({ length: 60 }, (_, i) => paragraph(i));
  const expected = paras.join(' ').split(' ');

  it('continues into new pages: every word once, in order; a footer on every page follows it', () => {
    const out = renderFlow({ content: paras.join('\n'), continuation: RECT, space_after: 4 }, [
      { type: 'text', font: 'Body', font_size: 8, rect: { llx: 56, lly: 40, urx: 300, ury: 60 }, content: ['FOOTER'] },
    ]);
    const pages = Number(pdfInfo(out.pdf).Pages);
    expect(pages).toBeGreaterThan(2);
    const words = pdfWords(out.pdf);
    expect(words.filter((w) => paraOf(w)).map((w) => w.text)).toEqual(expected);
    expect(words.filter((w) => w.text === 'FOOTER').map((w) => w.page)).toEqual(
      Array.from({ length: pages }, (_, i) => i + 1),
    );
    // Lines stay inside the boxes (poppler's y is from the top of an 842-point page).
    for (const w of words.filter((x) => paraOf(x))) expect(842 - w.yMax).toBeGreaterThan(RECT.lly - 4);
    // Widows and orphans (2 by default): no split paragraph leaves one line on a page.
    const splits = splitCounts(words);
    expect(splits.length).toBeGreaterThan(0);
    for (const counts of splits) for (const c of counts) expect(c).toBeGreaterThanOrEqual(2);
  });

  it('widows and orphans at 1 let single lines stand at a box edge, and the text is still whole', () => {
    const out = renderFlow({ content: paras.join('\n'), continuation: RECT, widows: 1, orphans: 1 });
    const words = pdfWords(out.pdf);
    expect(words.map((w) => w.text)).toEqual(expected);
    // The same text breaks differently: here some paragraph does leave a single line at an edge.
    expect(splitCounts(words).some((counts) => counts.includes(1))).toBe(true);
  });

  it('fills an array of continuation boxes in order on each later page', () => {
    const left = { llx: 56, lly: 100, urx: 280, ury: 780 };
    const right = { llx: 310, lly: 100, urx: 534, ury: 780 };
    const out = renderFlow({ rect: left, content: paras.join('\n'), continuation: [left, right] });
    const words = pdfWords(out.pdf, ['-f', '2', '-l', '2']).filter((w) => paraOf(w));
    // Page 2: the left box first, then the right one, in reading order of the story.
    const xs = words.map((w) => w.xMin < 300);
    const firstRight = xs.indexOf(false);
    expect(firstRight).toBeGreaterThan(0);
    expect(xs.slice(firstRight).every((l) => !l)).toBe(true);
    expect(pdfWords(out.pdf).map((w) => w.text)).toEqual(expected);
  });
});

describe('flow blocks (issue 23)', () => {
  const STYLES = {
    h1: { font: 'Head', font_size: 18, space_before: 18, space_after: 8 },
    h2: { font: 'Head', font_size: 13, space_before: 12, space_after: 6 },
    small: { font_size: 7 },
  };
  /** 30 sections: a heading, then 1 to 4 paragraphs; a page break before section 10, a small paragraph in section 5. */
  function blocks(): unknown[] {
    const out: unknown[] = [];
    let p = 0;
    for (let h = 0; h < 30; h++) {
      if (h === 10) out.push({ break: 'page' });
      out.push({ heading: (h % 3) + 1 === 1 ? 1 : 2, id: `s${h}`, text: `H${h} heading` });
      for (let k = 0; k <= h % 4; k++) {
        const text = paragraph(p++);
        out.push(h === 5 && k === 0 ? { text, style: 'small' } : k === 1 ? { text, keep_together: true } : text);
      }
    }
    return out;
  }

  it('sets headings in their style, never last on a page, every word once and in order', () => {
    const content = blocks();
    const out = renderFlow({ content, continuation: RECT, styles: STYLES, space_after: 4 });
    const words = pdfWords(out.pdf);
    const expected = content.flatMap((b) =>
      typeof b === 'string' ? b.split(' ') : 'text' in (b as object) ? (b as { text: string }).text.split(' ') : [],
    );
    expect(words.map((w) => w.text)).toEqual(expected);
    expect(pdfFonts(out.pdf).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/NotoSans/), expect.stringMatching(/NotoSerif/)]),
    );
    // A heading is never the last line of a page; it is taller than the body text.
    for (const lines of pageLines(words).values()) expect(lines.at(-1)![0].text).toMatch(/^p\d/);
    const h = words.find((w) => w.text === 'H0')!;
    const body = words.find((w) => w.text === 'p0.0')!;
    expect(h.yMax - h.yMin).toBeGreaterThan(1.5 * (body.yMax - body.yMin));
    // The page break: section 10's heading opens a page.
    const h10 = words.find((w) => w.text === 'H10')!;
    expect(pageLines(words).get(h10.page)![0][0].text).toBe('H10');
    // keep_together paragraphs (the second of a section) are on one page each.
    const splits = splitCounts(words);
    for (const counts of splits) for (const c of counts) expect(c).toBeGreaterThanOrEqual(2);
  });

  it('an array content without continuation is one box, as a one-box flow', () => {
    const out = renderFlow({ content: ['first paragraph', { heading: 1, text: 'Title' }, 'second'], styles: STYLES });
    expect(Number(pdfInfo(out.pdf).Pages)).toBe(1);
    expect(pdfWords(out.pdf).map((w) => w.text)).toEqual(['first', 'paragraph', 'Title', 'second']);
  });
});

describe('tables in a story (issue 23)', () => {
  it('a table takes the room the previous block left, continues with its header, and the story goes on under it', () => {
    const rows = [['Key', 'Value'], ...Array.from({ length: 90 }, (_, i) => [`k${i}`, `v${i}`])];
    const content = [
      { heading: 1, text: 'Tables' },
      paragraph(1),
      { table: { columns: [80, { fraction: 1 }], header_rows: 1, font_size: 9, rows } },
      paragraph(2),
    ];
    const out = renderFlow({ content, continuation: RECT, space_before: 6 });
    const words = pdfWords(out.pdf);
    const text = words.map((w) => w.text).filter((t) => t !== 'Key' && t !== 'Value');
    expect(text).toEqual(['Tables', ...paragraph(1).split(' '), ...rows.slice(1).flat(), ...paragraph(2).split(' ')]);
    const pages = Number(pdfInfo(out.pdf).Pages);
    expect(pages).toBeGreaterThan(1);
    // The header row opens the table's box on every page it reaches.
    expect(words.filter((w) => w.text === 'Key').map((w) => w.page)).toEqual(
      Array.from({ length: pages }, (_, i) => i + 1),
    );
    // On page 1 the table starts below the paragraph: its header is under the paragraph's last word.
    const lastOfP1 = words.find((w) => w.text === paragraph(1).split(' ').at(-1))!;
    const key1 = words.find((w) => w.text === 'Key' && w.page === 1)!;
    expect(key1.yMin).toBeGreaterThan(lastOfP1.yMax);
    // The paragraph after the table starts under its last row.
    const lastRow = words.find((w) => w.text === 'v89')!;
    const after = words.find((w) => w.text === 'p2.0')!;
    expect(after.page).toBe(lastRow.page);
    expect(after.yMin).toBeGreaterThan(lastRow.yMax);
  });

  it("a table block turns with its story: under rotate 180 it stands above the story's paragraph, as its rows did below", () => {
    const story = (rotate?: number) =>
      pdfWords(
        renderFlow({
          ...(rotate === undefined ? {} : { rotate }),
          continuation: RECT,
          content: ['Alphaword leads the story.', { table: { columns: [120], rows: [['Betaword']] } }],
        }).pdf,
      );
    const y = (ws: Word[], t: string) => ws.find((w) => w.text === t)!.yMin;
    const plain = story();
    // poppler's y grows downwards: the table's row is under the paragraph
    expect(y(plain, 'Betaword')).toBeGreaterThan(y(plain, 'Alphaword'));
    const turned = story(180);
    // turned half about the story's box: both move, and the row is now above the paragraph, as far from it
    expect(y(turned, 'Betaword')).toBeLessThan(y(turned, 'Alphaword'));
    const gap = (ws: Word[]) => Math.abs(y(ws, 'Betaword') - y(ws, 'Alphaword'));
    expect(Math.abs(gap(turned) - gap(plain))).toBeLessThan(3);
  });

  it('a story that is one table, its row split over boxes too short for it, counts the pages its table reaches (found by test/story.property)', () => {
    const short = { llx: 40, lly: 783, urx: 100, ury: 800 };
    const out = renderFlow({
      font_size: 9,
      rect: short,
      continuation: short,
      content: [{ table: { columns: [60, { fraction: 1 }], rows: [{ cells: ['a', 'b c d'] }] } }],
    });
    expect(out.pages).toBeGreaterThan(1);
    const words = pdfWords(out.pdf).map((w) => w.text);
    for (const w of ['a', 'b', 'c', 'd']) expect(words.filter((x) => x === w).length, w).toBe(1);
  });
});
