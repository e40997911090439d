// test/report-checks.test.ts — the checks of test/support/report-checks.ts proven on small PDFs: a
// story in issue 23's keys, and PDFs laid out by hand with today's items (text lines and tables placed on
// explicit pages) that tell that story correctly — or break exactly one rule each, so every check is
// seen to fail. Also keeps test/fixtures/report-40.json equal to its generator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { coinedWord, type Json, report40 } from './support/report-40.js';
import { checkReport, type PdfLine, readingOrder } from './support/report-checks.js';

const H = 300; // page height of the small story
/** Line i of the story: five made-up words, all distinct. */
const line = (i: number) => [0, 1, 2, 3, 4].map((j) => coinedWord(i * 5 + j)).join(' ');
const P1 = [0, 1, 2, 3, 4].map(line);
const P2 = [5, 6, 7, 8, 9].map(line);
const P3 = [10, 11, 12].map(line);
const P4 = [13, 14, 15, 16, 17].map((i) => line(i).split(' ').slice(0, 3).join(' ')); // narrow: a column's lines
const NOTE_WORDS = [900, 901, 902, 903, 904, 905].map(coinedWord);
const NOTE = `${NOTE_WORDS.join(' ')}.`;
const TABLE = [
  ['Name', 'Value'],
  [coinedWord(910), '41.5'],
  [coinedWord(911), '77.25'],
];

/** The story in the sketch's keys: what the checks read. */
const story: Json = {
  page: { width: 320, height: H },
  fonts: [{ name: 'Body', library: 'noto_serif' }],
  items: [
    { type: 'text', pages: [1], rect: { llx: 20, lly: 200, urx: 300, ury: 240 }, content: ['Small report'] },
    {
      type: 'flow',
      pages: [2],
      rect: { llx: 20, lly: 30, urx: 300, ury: 280 },
      continuation: { llx: 20, lly: 30, urx: 300, ury: 280 },
      font: 'Body',
      font_size: 9,
      content: [
        { contents: { levels: 2, leader: '.', title: 'Contents' } },
        { break: 'page' },
        { heading: 1, id: 'a', text: 'First part' },
        P1.join(' '),
        { text: [`${P2[0]}`, { footnote: NOTE }, ` ${P2.slice(1).join(' ')}`] },
        { heading: 2, id: 'b', text: 'Second part' },
        `${P3.join(' ')} See page {page_of:a}.`,
        { table: { columns: [100, 60], header_rows: 1, rows: TABLE } },
        { columns: { count: 2, gap: 18 }, content: [P4.join(' ')] },
      ],
    },
    { type: 'text', rect: { llx: 20, lly: 8, urx: 300, ury: 20 }, font_size: 7, content: ['Page {current_page}'] },
  ],
};

type Line = string | unknown[];
interface Block {
  page: number;
  top: number;
  lines: Line[];
  left?: number;
  width?: number;
  size?: number;
}

/** A PDF of text lines placed by hand (and tables), with the story's footer on every page. */
function laidOut(blocks: Block[], tables: { page: number; top: number; rows: string[][] }[] = []): Uint8Array {
  const items: Json[] = blocks
    .filter((b) => b.lines.length)
    .map((b) => ({
      type: 'text',
      pages: [b.page],
      rect: {
        llx: b.left ?? 20,
        lly: H - b.top - 13 * b.lines.length - 6,
        urx: (b.left ?? 20) + (b.width ?? 280),
        ury: H - b.top,
      },
      font_size: b.size ?? 9,
      leading: (b.size ?? 9) > 9 ? (b.size ?? 9) * 1.3 : 13,
      content: b.lines.flatMap((l, i) => [...(i ? ['\n'] : []), ...(Array.isArray(l) ? l : [l])]),
    }));
  for (const t of tables)
    items.push({
      type: 'table',
      pages: [t.page],
      rect: { llx: 20, lly: 20, urx: 180, ury: H - t.top },
      columns: [100, 60],
      font_size: 9,
      rows: t.rows,
    });
  items.push({
    type: 'text',
    rect: { llx: 20, lly: 8, urx: 300, ury: 20 },
    font_size: 7,
    content: ['Page {current_page}'],
  });
  const out = render({
    description: {
      page: { width: 320, height: H },
      fonts: [{ name: 'Body', library: 'noto_serif' }],
      items: items.map((i) => ({ font: 'Body', ...i })),
    },
    now: new Date(0),
  });
  if (!out.ok) throw new Error(out.sentence);
  return out.pdf;
}

const mark = (l: string, n = '1'): unknown[] => [l, { text: n, font_size: 5 }];

/** The good layout, with knobs that break one rule each. */
function good(o: Partial<Record<string, unknown>> = {}): Uint8Array {
  const p1 = (o.p1 as string[]) ?? [P1[0], `${P1[1].slice(0, -3)}-`, `${P1[1].slice(-3)} ${P1[2]}`, P1[3], P1[4]];
  const p2a = (o.p2a as Line[]) ?? [mark(P2[0]), P2[1], P2[2]];
  const p2b = (o.p2b as Line[]) ?? [P2[3], P2[4]];
  const contents = (o.contents as string[]) ?? [
    'First part ........................ 3',
    'Second part ...................... 4',
  ];
  // page 4 flows down from the end of the second paragraph
  const top4 = 20 + (p2b.length ? 13 * p2b.length + 6 : 0);
  const blocks: Block[] = [
    { page: 1, top: 60, lines: ['Small report'] },
    { page: 2, top: 20, lines: ['Contents'], size: 14 },
    { page: 2, top: 50, lines: contents },
    { page: 3, top: 20, lines: ['First part'], size: 14 },
    { page: 3, top: 45, lines: p1 },
    { page: 3, top: 45 + 13 * 5 + 6, lines: p2a },
    ...(o.noteSplit
      ? [
          { page: 3, top: 250, lines: [`1 ${NOTE_WORDS.slice(0, 3).join(' ')}`], size: 7 },
          { page: 4, top: 250, lines: [`${NOTE_WORDS.slice(3).join(' ')}.`], size: 7 },
        ]
      : [{ page: (o.notePage as number) ?? 3, top: 250, lines: [`1 ${NOTE}`], size: 7 }]),
    { page: 4, top: 20, lines: p2b },
    ...((o.headingAtFoot as Block[]) ?? [{ page: 4, top: top4, lines: ['Second part'], size: 12 }]),
    { page: 4, top: top4 + 23, lines: [P3[0], P3[1], `${P3[2]} See page ${(o.ref as string) ?? '3'}.`] },
    ...((o.columns as Block[]) ?? [
      { page: 4, top: top4 + 138, lines: [P4[0], P4[1], P4[2]], width: 131 },
      { page: 4, top: top4 + 138, lines: [P4[3], P4[4]], left: 169, width: 131 },
    ]),
  ];
  return laidOut(blocks, [{ page: 4, top: top4 + 73, rows: (o.table as string[][]) ?? TABLE }]);
}

const problems = (pdf: Uint8Array) => checkReport(pdf, story).problems;

describe('report checks on hand-laid PDFs', () => {
  it('find nothing wrong in a PDF that tells the story right', () => {
    const r = checkReport(good(), story);
    expect(r.problems).toEqual([]);
    expect(Object.fromEntries(r.facts.headingPages)).toEqual({ 'First part': 3, 'Second part': 4 });
    expect(Object.fromEntries(r.facts.contentsEntries)).toEqual({ 'First part': [3], 'Second part': [4] });
  });

  it('catch a dropped, a repeated and a misplaced word', () => {
    const dropped = [P1[0], P1[1].replace(/ \S+$/, ''), P1[2], P1[3], P1[4]];
    expect(problems(good({ p1: dropped })).join('\n')).toMatch(/^words: expected "\S+" of/m);
    const repeated = [P1[0], P1[1], P1[1], P1[2], P1[3], P1[4]];
    expect(problems(good({ p1: repeated })).join('\n')).toMatch(/^words: /m);
    const swapped = [P1[0], P1[2], P1[1], P1[3], P1[4]];
    expect(problems(good({ p1: swapped })).join('\n')).toMatch(/^words: /m);
  });

  it('catch a contents entry that names the wrong page', () => {
    const p = problems(good({ contents: ['First part ........ 3', 'Second part ........ 3'] }));
    expect(p).toEqual([
      'contents: "Second part" is listed on page 3 but is on page 4.',
      expect.stringMatching(/pdftotext -f 3 -l 3 has no line "Second part"/),
    ]);
  });

  it('catch a contents entry missing', () => {
    expect(problems(good({ contents: ['First part ........ 3'] }))).toEqual([
      'contents: the heading "Second part" has 0 contents entries, not one.',
    ]);
  });

  it('catch a single line of a paragraph at the top of a page (widow)', () => {
    const p = problems(good({ p2a: [mark(P2[0]), P2[1], P2[2], P2[3]], p2b: [P2[4]] }));
    expect(p).toEqual([expect.stringMatching(/^keeps: page 4 starts with 1 line of the paragraph/)]);
  });

  it('catch a single line of a paragraph at the foot of a page (orphan)', () => {
    const p = problems(good({ p2a: [mark(P2[0])], p2b: [P2[1], P2[2], P2[3], P2[4]] }));
    expect(p).toEqual([expect.stringMatching(/^keeps: page 3 ends with 1 line of the paragraph/)]);
  });

  it('catch a heading as the last line of a page', () => {
    // the whole second paragraph on page 3, the heading under it; page 4 opens with the third paragraph
    const p = problems(
      good({
        p2a: [mark(P2[0]), P2[1], P2[2], P2[3], P2[4]],
        p2b: [],
        headingAtFoot: [{ page: 3, top: 45 + 13 * 10 + 14, lines: ['Second part'], size: 12 }],
        contents: ['First part ........ 3', 'Second part ........ 3'],
      }),
    );
    expect(p).toEqual(['keeps: the heading "Second part" is the last line of page 3 (or of a column there).']);
  });

  it('catch a footnote away from the page of its mark', () => {
    expect(problems(good({ notePage: 4 }))).toEqual([
      expect.stringMatching(/^notes: the mark of ".*" is on page 3, its note on page 4\.$/),
    ]);
  });

  it('accept a footnote that continues at the foot of the next page', () => {
    expect(problems(good({ noteSplit: true }))).toEqual([]);
  });

  it('catch a cross-reference printing the wrong page', () => {
    expect(problems(good({ ref: '4' }))).toEqual([
      expect.stringMatching(/^refs: \{page_of:a\} prints 4 in ".*" but a is on page 3\.$/),
    ]);
  });

  it('read two columns column by column, and catch them set row by row', () => {
    const rowWise: Block[] = [
      { page: 4, top: 190, lines: [P4[0], P4[2], P4[4]], width: 131 },
      { page: 4, top: 190, lines: [P4[1], P4[3]], left: 169, width: 131 },
    ];
    expect(problems(good({ columns: rowWise })).join('\n')).toMatch(/^words: expected/m);
  });

  it('catch a table cell missing', () => {
    expect(problems(good({ table: [TABLE[0], TABLE[1], [TABLE[2][0], '']] })).join('\n')).toMatch(
      /^words: the table opening "Name Value" is not whole/m,
    );
  });
});

describe('reading order', () => {
  const l = (xMin: number, yMin: number, xMax: number, text: string): PdfLine => ({
    page: 1,
    xMin,
    yMin,
    xMax,
    yMax: yMin + 12,
    words: [{ text, xMin, yMin, xMax, yMax: yMin + 12 }],
  });
  it('reads a heading, two columns (the left one a line longer), then a short line at a heading distance', () => {
    const lines = [
      l(20, 10, 300, 'head'),
      l(20, 40, 150, 'a1'),
      l(170, 40, 300, 'b1'),
      l(20, 55, 150, 'a2'),
      l(170, 55, 300, 'b2'),
      l(20, 70, 150, 'a3'),
      l(20, 100, 90, 'next'),
      l(20, 115, 300, 'full'),
    ];
    expect(readingOrder(lines).map((x) => x.words[0].text)).toEqual([
      'head',
      'a1',
      'a2',
      'a3',
      'b1',
      'b2',
      'next',
      'full',
    ]);
  });
});

describe('the 40-page report description', () => {
  it('is what its generator writes (test/fixtures/report-40.json)', () => {
    const file = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'report-40.json'), 'utf8'));
    expect(file).toEqual(report40());
  });
});
