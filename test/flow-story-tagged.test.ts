// test/flow-story-tagged.test.ts — issue 23: a story (a flow with continuation and blocks) named in
// `structure` and claimed as PDF/UA-1 and PDF/A-2a: each paragraph a P, each heading its Hn, each
// table block a Table with its rows and cells, in reading order across pages, a paragraph split
// between pages one element. Judged by our verifier (zero findings) and poppler's reading of the
// tree (`pdfinfo -struct-text`).
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfStructText, pdfWords } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const RECT = { llx: 56, lly: 100, urx: 300, ury: 780 };

/** Paragraph i: its words `pI.J`, 20 to 79 of them. */
function paragraph(i: number): string {
  const n = 20 + ((i * 37) % 60);
  return Array.from({ length: n }, (_, j) => `p${i}.${j}`).join(' ');
}

/** 8 sections (a heading, three paragraphs), a table block in the third. */
function content(): unknown[] {
  const out: unknown[] = [];
  let p = 0;
  for (let h = 0; h < 8; h++) {
    out.push({ heading: (h % 2) + 1, text: `Head${h}` });
    for (let k = 0; k < 3; k++) out.push(paragraph(p++));
    if (h === 2) {
      const rows = [['Key', 'Value'], ...Array.from({ length: 60 }, (_, i) => [`k${i}`, `v${i}`])];
      out.push({ table: { columns: [80, { fraction: 1 }], header_rows: 1, rows } });
    }
  }
  return out;
}

function tagged(extra: Record<string, unknown> = {}) {
  const r = render({
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      metadata: { title: 'A flowing report' },
      items: [
        {
          type: 'flow',
          id: 'story',
          font: 'Body',
          font_size: 10,
          rect: RECT,
          continuation: RECT,
          styles: { h1: { font_size: 16, space_before: 12 }, h2: { font_size: 13, space_before: 8 } },
          content: content(),
        },
        {
          type: 'text',
          pages: [],
          font: 'Body',
          font_size: 8,
          rect: { llx: 56, lly: 40, urx: 300, ury: 60 },
          content: ['Page {current_page}'],
        },
      ],
      structure: { lang: 'en-GB', elements: [{ type: 'Document', children: [{ type: 'Sect', children: ['story'] }] }] },
      ...extra,
    },
    now: NOW,
    service: { licence: TAGGING_LICENCE },
  });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.word} ${r.path}: ${r.sentence}`);
  return r;
}

/** The struct tree as poppler reads it: each element's type and the texts of its marked content, in order. */
function tree(pdf: Uint8Array): { type: string; text: string }[] {
  const out: { type: string; text: string }[] = [];
  for (const raw of pdfStructText(pdf).split('\n')) {
    const l = raw.trim();
    if (!l || l.startsWith('Object ') || l.startsWith('/')) continue;
    if (l.startsWith('"')) out[out.length - 1].text += l.slice(1, -1);
    else out.push({ type: l.replace(/ \(block\)$/, '').replace(/:$/, ''), text: '' });
  }
  return out;
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

describe('a tagged story (issue 23)', () => {
  it('under pdfua1 and pdfa2a: zero findings; P, Hn and Table elements in reading order across pages', () => {
    const r = tagged({ accessible: 'pdfua1', archive: 'pdfa2a' });
    expect(r.findings).toEqual([]);
    expect(Number(pdfInfo(r.pdf).Pages)).toBeGreaterThan(2);
    // The expected tree, block by block: a paragraph's element holds its whole text (once, even when
    // it is split between pages); the table's header row is tagged once (its repeats are furniture).
    const expected: { type: string; text: string }[] = [
      { type: 'Document', text: '' },
      { type: 'Sect', text: '' },
    ];
    for (const b of content() as any[]) {
      if (typeof b === 'string') expected.push({ type: 'P', text: squeeze(b) });
      else if (b.heading) expected.push({ type: `H${b.heading}`, text: b.text });
      else {
        const rows: string[][] = b.table.rows;
        expected.push({ type: 'Table', text: '' }, { type: 'THead', text: '' });
        rows.forEach((row, i) => {
          if (i === 1) expected.push({ type: 'TBody', text: '' });
          expected.push({ type: 'TR', text: '' }, ...row.map((c) => ({ type: i === 0 ? 'TH' : 'TD', text: c })));
        });
      }
    }
    expect(tree(r.pdf).map((e) => ({ ...e, text: squeeze(e.text) }))).toEqual(expected);
    // The case the tree must survive happens: some paragraph and the table each span two pages.
    const words = pdfWords(r.pdf);
    const pagesOf = (re: RegExp) => new Set(words.filter((w) => re.test(w.text)).map((w) => w.page));
    expect(Array.from({ length: 24 }).some((_, i) => pagesOf(new RegExp(`^p${i}\\.`)).size > 1)).toBe(true);
    expect(pagesOf(/^Key$/).size).toBeGreaterThan(1);
  });

  it("named in a P, every piece of the story (paragraphs, heading, table cells) is that P's own, in order", () => {
    const r = render({
      description: {
        fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
        metadata: { title: 'Inline' },
        accessible: 'pdfua1',
        items: [
          {
            type: 'flow',
            id: 'story',
            font: 'Body',
            font_size: 10,
            rect: RECT,
            content: [
              'one two',
              { heading: 1, text: 'Title' },
              { table: { columns: [50, 50], rows: [['a', 'b']] } },
              'three',
            ],
          },
        ],
        structure: { lang: 'en', elements: [{ type: 'Document', children: [{ type: 'P', children: ['story'] }] }] },
      },
      now: NOW,
      service: { licence: TAGGING_LICENCE },
    });
    if (!r.ok) throw new Error(r.sentence);
    expect(r.findings).toEqual([]);
    expect(tree(r.pdf).map((e) => ({ ...e, text: squeeze(e.text) }))).toEqual([
      { type: 'Document', text: '' },
      { type: 'P', text: 'onetwoTitleabthree' },
    ]);
  });

  it('named in an L, a story with a heading or a table block is refused (its blocks are no list items)', () => {
    const r = render({
      description: {
        fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
        items: [
          {
            type: 'flow',
            id: 'story',
            font: 'Body',
            font_size: 10,
            rect: RECT,
            content: [{ heading: 1, text: 'T' }, 'x'],
          },
        ],
        structure: { elements: [{ type: 'L', children: ['story'] }] },
      },
      now: NOW,
      service: { licence: TAGGING_LICENCE },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect({ status: r.status, word: r.word, path: r.path }).toEqual({
      status: 400,
      word: 'description',
      path: '/structure/elements/0/children/0',
    });
    expect(r.sentence).toContain('a story with headings or table blocks is not a list');
  });
});
