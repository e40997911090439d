// test/page-refs.test.ts — issue 23: `{page_of:ID}` prints the page of an item, story block or
// heading (docs/reference.md, "flow", cross-references), in story paragraphs, text items, one-box
// flows and table cells; a story printing one is laid again until its numbers settle. Judged with
// poppler: `pdftotext -f N -l N` finds the heading on the page the reference prints.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText, renderedClean } from './support/pdf-tools.js';

const RECT = { llx: 56, lly: 100, urx: 300, ury: 780 };

function paragraph(i: number): string {
  const n = 20 + ((i * 37) % 41);
  return Array.from({ length: n }, (_, j) => `w${i}x${j}`).join(' ');
}

function renderDoc(content: unknown[], extra: unknown[] = []) {
  return render({
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'flow', font: 'Body', font_size: 10, rect: RECT, continuation: RECT, content, bookmarks: true },
        ...extra,
      ],
    },
    now: NOW,
  });
}

/** The first page whose text (of `all`, pages split at form feeds) holds `word`. */
function pageOfWord(all: string, word: string): number {
  return all.split('\f').findIndex((t) => t.includes(word)) + 1;
}

describe('page_of (issue 23)', () => {
  // Many paragraphs before the far heading: it lands on page 10 or later, so the first laying's
  // guess (page 1, one digit) is wrong and the story is laid again.
  const content: unknown[] = [
    { heading: 1, id: 'start', text: 'Opening' },
    'The closing is on page {page_of:closing}, the middle on page {page_of:middle}, the badge on {page_of:badge}; {{braces}} stay.',
    ...Array.from({ length: 40 }, (_, i) => paragraph(i)),
    { heading: 2, id: 'middle', text: 'Middlehead' },
    ...Array.from({ length: 40 }, (_, i) => paragraph(i + 40)),
    { text: 'Closinghead', heading: 1, id: 'closing' },
    { text: 'Last words, back on page {page_of:start}.', id: 'last' },
  ];
  const extra = [
    {
      type: 'text',
      id: 'badge',
      font: 'Body',
      font_size: 9,
      rect: { llx: 320, lly: 700, urx: 560, ury: 720 },
      pages: [3],
      content: ['Badgeword'],
    },
    {
      type: 'text',
      font: 'Body',
      font_size: 9,
      rect: { llx: 320, lly: 60, urx: 560, ury: 80 },
      pages: [],
      content: ['Footref closing={page_of:closing}'],
    },
    {
      type: 'flow',
      font: 'Body',
      font_size: 9,
      rect: { llx: 320, lly: 600, urx: 560, ury: 640 },
      pages: [2],
      content: 'Flowref last={page_of:last}',
    },
    {
      type: 'table',
      font: 'Body',
      font_size: 9,
      pages: [1],
      rect: { llx: 320, lly: 400, urx: 560, ury: 500 },
      columns: [120, 120],
      rows: [['Cellref', 'middle={page_of:middle}']],
    },
  ];

  it('prints the page each id lands on, in stories, text items, one-box flows and table cells', () => {
    const out = renderedClean(renderDoc(content, extra));
    const all = pdfToText(out.pdf);
    const pages = (all.match(/\f/g) ?? []).length;
    const closing = pageOfWord(all, 'Closinghead');
    const middle = pageOfWord(all, 'Middlehead');
    // pdftotext -f N -l N finds each heading on the page its reference prints.
    expect(pdfToText(out.pdf, ['-f', `${closing}`, '-l', `${closing}`])).toContain('Closinghead');
    expect(pdfToText(out.pdf, ['-f', `${middle}`, '-l', `${middle}`])).toContain('Middlehead');
    expect(closing).toBeGreaterThanOrEqual(10);
    expect(middle).toBeGreaterThan(1);
    expect(middle).toBeLessThan(closing);
    const first = pdfToText(out.pdf, ['-f', '1', '-l', '1']).replace(/\s+/g, ' ');
    expect(first).toContain(
      `The closing is on page ${closing}, the middle on page ${middle}, the badge on 3; {braces} stay.`,
    );
    expect(first).toContain(`middle=${middle}`);
    expect(pdfToText(out.pdf, ['-f', `${closing}`, '-l', `${closing}`])).toContain('back on page 1.');
    expect(pdfToText(out.pdf, ['-f', '2', '-l', '2'])).toContain(`last=${closing}`);
    // The text item on every page prints the same number on each.
    expect((all.match(new RegExp(`Footref closing=${closing}\\b`, 'g')) ?? []).length).toBe(pages);
    expect(all).not.toContain('page_of');

    // bookmarks: true: one outline entry per heading, nested by level, aimed at the heading's page and top.
    const dir = mkdtempSync(join(tmpdir(), 'quire-refs-'));
    try {
      const file = join(dir, 'doc.pdf');
      writeFileSync(file, out.pdf);
      type Entry = { title: string; destpageposfrom1: number; dest: unknown[]; kids: Entry[] };
      const q = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=outlines', file], { encoding: 'utf8' }));
      const outline = q.outlines as Entry[];
      expect(outline.map((o) => o.title)).toEqual(['Opening', 'Closinghead']);
      expect(outline[0].kids.map((o) => o.title)).toEqual(['Middlehead']);
      expect(outline[0].destpageposfrom1).toBe(1);
      expect(outline[0].kids[0].destpageposfrom1).toBe(middle);
      expect(outline[1].destpageposfrom1).toBe(closing);
      // [page /XYZ left top zoom]: the top at the heading's first line, inside the box
      expect(outline[1].dest[1]).toBe('/XYZ');
      const top = outline[1].dest[3] as number;
      expect(top).toBeGreaterThan(RECT.lly);
      expect(top).toBeLessThanOrEqual(RECT.ury);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an id nothing gives, naming it', () => {
    const out = renderDoc(['See {page_of:nowhere}.']);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.status).toBe(400);
    expect(out.path).toBe('/items/0/content/0');
    expect(out.sentence).toContain('page_of:nowhere');
  });

  it('refuses a story block id that repeats an item id', () => {
    const out = renderDoc(
      [{ text: 'Twin', id: 'twin' }],
      [{ type: 'rect', id: 'twin', rect: { llx: 0, lly: 0, urx: 9, ury: 9 } }],
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.path).toBe('/items/0/content/0/id');
  });
});
