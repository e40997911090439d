// test/flow-footnotes.test.ts — issue 23, footnotes: a `{footnote}` run in a story's paragraph sets a
// raised number in the text and its note at the foot of the same box (docs/reference.md, "flow",
// footnotes). Read back by poppler: `pdftotext -f N -l N` for the page of a mark and of its note,
// `-bbox` for the mark's height, `pdfinfo -struct-text` and our verifier for the tagging.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfStructText, pdfToText, pdfWords } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const RECT = { llx: 56, lly: 100, urx: 300, ury: 400 };
const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

function story(content: unknown[], extra: Record<string, unknown> = {}, flow: Record<string, unknown> = {}) {
  const r = render({
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      metadata: { title: 'Notes' },
      items: [
        { type: 'flow', id: 'story', font: 'Body', font_size: 10, rect: RECT, continuation: RECT, content, ...flow },
      ],
      ...extra,
    },
    now: NOW,
    service: { licence: TAGGING_LICENCE },
  });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.path}: ${r.sentence}`);
  return r;
}

const page = (pdf: Uint8Array, n: number) => pdfToText(pdf, ['-f', String(n), '-l', String(n)]).replace(/\s+/g, ' ');
const pages = (pdf: Uint8Array) => Number(pdfInfo(pdf).Pages);

describe('footnotes in a story (issue 23)', () => {
  it('sets the mark raised in its line and the note at the foot of the same page, numbered in order', () => {
    const r = story([
      { text: ['First claim', { footnote: 'Note one says so.' }, ' and more.'] },
      words(30, 'w'),
      { text: ['Second claim', { footnote: [{ text: 'Note two ' }, 'in runs.'] }, '.'] },
    ]);
    expect(pages(r.pdf)).toBe(1);
    const text = page(r.pdf, 1);
    expect(text).toContain('1 Note one says so.');
    expect(text).toContain('2 Note two in runs.');
    // the notes come after the text they annotate, in their order, each once
    expect(text.indexOf('Second claim')).toBeLessThan(text.indexOf('1 Note one'));
    expect(text.indexOf('1 Note one')).toBeLessThan(text.indexOf('2 Note two'));
    expect(text.split('Note one').length).toBe(2);
    // the mark: a smaller number whose baseline is above its line's (poppler: y grows downwards)
    const ws = pdfWords(r.pdf);
    const claim = ws.find((w) => w.text.startsWith('claim'))!;
    const mark = ws.find((w) => w.text === '1' && Math.abs(w.xMin - claim.xMax) < 2);
    expect(mark).toBeDefined();
    // poppler's box bottom is the descent under the baseline: a raised, smaller glyph's is well above
    // its word's (the baseline rises 3.5 pt; the descent is 0.6 × its word's)
    expect(mark!.yMax).toBeLessThan(claim.yMax - 3);
    expect(mark!.yMax - mark!.yMin).toBeLessThan(claim.yMax - claim.yMin);
    // the note sits below everything else in the box
    const note = ws.find((w) => w.text === 'Note' && w.page === 1)!;
    expect(Math.max(...ws.filter((w) => /^w\d+$/.test(w.text)).map((w) => w.yMax))).toBeLessThan(note.yMin);
  });

  it('moves a line whose note does not fit to the next page, keeping mark and note together', () => {
    // 52 × 5 words fill the box but for two lines: the marked line fits there alone, not with its note.
    const marked = (note: boolean) =>
      story(
        [
          words(52 * 5, 'f'),
          { text: ['Marked', ...(note ? [{ footnote: words(12, 'n') }] : []), ` ${words(20, 'm')}`] },
        ],
        {},
        { widows: 1, orphans: 1 },
      );
    expect(page(marked(false).pdf, 1)).toContain('Marked');
    const r = marked(true);
    expect(page(r.pdf, 1)).not.toContain('Marked');
    expect(page(r.pdf, 1)).not.toContain('n0');
    expect(page(r.pdf, 2)).toContain('Marked');
    expect(page(r.pdf, 2)).toContain('1 n0 n1');
    expect(pdfToText(r.pdf).split('n11').length).toBe(2);
  });

  it('continues a note too long for the room at the foot of the next page, the mark staying', () => {
    const r = story([words(60, 'f'), { text: ['Long', { footnote: words(500, 'n') }, ' after'] }, words(40, 'g')]);
    expect(pages(r.pdf)).toBeGreaterThan(1);
    const p1 = page(r.pdf, 1);
    const p2 = page(r.pdf, 2);
    expect(p1).toContain('Long');
    expect(p1).toContain('1 n0 n1');
    expect(p1).not.toContain('n499');
    expect(p2).toContain('n499');
    // every word of the note once, in order, across the two pages
    const all = pdfToText(r.pdf).replace(/\s+/g, ' ');
    const at = (w: string) => all.indexOf(` ${w} `);
    for (let i = 1; i < 500; i++) expect(at(`n${i}`)).toBeGreaterThan(at(`n${i - 1}`));
  });

  it('in a columns section sets the note at the foot of the box, full width under both columns, in styles.footnote', () => {
    const r = story(
      [
        {
          columns: { count: 2, gap: 12 },
          content: [words(40, 'a'), { text: ['Col', { footnote: words(30, 'n') }, ` ${words(40, 'b')}`] }],
        },
      ],
      {},
      { styles: { footnote: { font_size: 6 } } },
    );
    const ws = pdfWords(r.pdf).filter((w) => w.page === 1);
    const note = ws.filter((w) => /^n\d+$/.test(w.text));
    const text = ws.filter((w) => /^[ab]\d+$/.test(w.text));
    // below every line of both columns, and across the gutter (wider than one column)
    expect(Math.min(...note.map((w) => w.yMin))).toBeGreaterThan(Math.max(...text.map((w) => w.yMax)));
    expect(Math.max(...note.map((w) => w.xMax)) - RECT.llx).toBeGreaterThan((RECT.urx - RECT.llx) / 2 + 12);
    // set at 6 pt: its words' boxes are lower than the 10 pt text's
    expect(note[0].yMax - note[0].yMin).toBeLessThan(0.75 * (text[0].yMax - text[0].yMin));
    // two columns in use
    expect(new Set(text.map((w) => Math.round(w.xMin) < (RECT.llx + RECT.urx) / 2)).size).toBe(2);
  });

  it('in a flow without continuation sets the note at the foot of its one rect', () => {
    const r = render({
      description: {
        fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
        items: [
          {
            type: 'flow',
            font: 'Body',
            font_size: 10,
            rect: RECT,
            content: [{ text: ['One box', { footnote: 'Its note.' }, '.'] }],
          },
        ],
      },
      now: NOW,
    });
    if (!r.ok) throw new Error(r.sentence);
    const ws = pdfWords(r.pdf);
    const note = ws.find((w) => w.text === 'note.')!;
    // poppler measures from the top of an A4 page: the rect's bottom is 842 − 100 points down
    expect(note.yMax).toBeGreaterThan(842 - RECT.lly - 12);
    expect(note.yMax).toBeLessThanOrEqual(842 - RECT.lly + 0.5);
  });

  it('tags the mark as a Reference and the note as a Note with an ID, with zero findings under pdfua1 + pdfa2a', () => {
    const r = story([{ text: ['Claim', { footnote: 'The note.' }, ' goes on.'] }, words(20, 'w')], {
      accessible: 'pdfua1',
      archive: 'pdfa2a',
      structure: { lang: 'en', elements: [{ type: 'Document', children: ['story'] }] },
    });
    expect(r.findings).toEqual([]);
    const tree = pdfStructText(r.pdf);
    const types = tree
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^[A-Z][A-Za-z0-9]*( <[^>]*>)?( \((block|inline)\))?$/.test(l))
      .map((l) => l.split(' ')[0]);
    expect(types).toEqual(['Document', 'P', 'Reference', 'Note', 'P']);
    expect(tree).toContain('The note.');
    expect(tree).toContain('Note <story-note-1>');
    // pdftotext reads the note text exactly once
    expect(pdfToText(r.pdf).split('The note.').length).toBe(2);
  });

  it('gives a note another /ID when a structure element already has its id (each id once in the /IDTree)', () => {
    const r = story([{ text: ['Claim', { footnote: 'The note.' }, ' goes on.'] }, words(20, 'w')], {
      accessible: 'pdfua1',
      archive: 'pdfa2a',
      structure: { lang: 'en', elements: [{ type: 'Document', id: 'story-note-1', children: ['story'] }] },
    });
    expect(r.findings).toEqual([]);
    const tree = pdfStructText(r.pdf);
    expect(tree).toContain('Document <story-note-1>');
    expect(tree).toContain('Note <story-note-1-2>');
  });

  it('draws the paragraph after a note that continues once, on the page the note goes on (found by test/story.property)', () => {
    const short = { llx: 40, lly: 770, urx: 100, ury: 800 };
    const r = story(
      [{ text: ['w0x', { footnote: words(20, 'n') }, '.'] }, 'afterword'],
      {},
      {
        rect: short,
        continuation: short,
      },
    );
    const all = pdfToText(r.pdf).split(/\s+/);
    expect(all.filter((w) => w === 'afterword').length).toBe(1);
    for (let i = 0; i < 20; i++) expect(all.filter((w) => w === `n${i}`).length, `n${i}`).toBe(1);
  });
});
