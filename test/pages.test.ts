// test/pages.test.ts — pages rules (array and object form) and page_sizes, judged by pdftotext and pdfinfo.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfToText } from './support/pdf-tools.js';

let row = 0;
/** Each item on its own line, top to bottom in the order written, so pdftotext reads them in order. */
const text = (content: string, pages: unknown) => {
  const ury = 780 - 30 * (row++ % 20);
  return {
    type: 'text',
    rect: { llx: 50, lly: ury - 25, urx: 500, ury },
    content: [content],
    font: 'Body',
    font_size: 10,
    pages,
  };
};

function pagesText(items: unknown[], extra: Record<string, unknown> = {}) {
  const out = render({ description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items, ...extra }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return {
    out,
    pages: pdfToText(out.pdf)
      .split('\f')
      .slice(0, out.pages)
      .map((p) => p.replace(/\s+/g, ' ').trim()),
  };
}

describe('pages rules', () => {
  it('the object form selects among the pages the document has, and creates none', () => {
    const { out, pages } = pagesText([
      text('body', [1, 2, 3, 4, 5, 6]),
      text('odd', { every: 2 }),
      text('after-first', { from: 2 }),
      text('two-to-four-but-three', { from: 2, to: 4, but: [3] }),
      text('past-the-end', { from: 9 }),
    ]);
    expect(out.pages).toBe(6);
    expect(pages).toEqual([
      'body odd',
      'body after-first two-to-four-but-three',
      'body odd after-first',
      'body after-first two-to-four-but-three',
      'body odd after-first',
      'body after-first',
    ]);
  });

  it('refuses an unknown key in the object form by name, and a backwards range', () => {
    const a = render({
      description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: { form: 2 } }] },
      now: NOW,
    });
    expect(a).toMatchObject({ ok: false, status: 400, word: 'description', path: '/items/0/pages/form' });
    expect(a.ok || a.sentence).toBe(
      'the key "form" is not part of a pages rule at /items/0/pages; a pages rule takes every, from, to and but.',
    );
    const b = render({
      description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: { from: 4, to: 2 } }] },
      now: NOW,
    });
    expect(b).toMatchObject({ ok: false, status: 400, path: '/items/0/pages/to' });
    const c = render({
      description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: { every: 0 } }] },
      now: NOW,
    });
    expect(c).toMatchObject({ ok: false, status: 400, path: '/items/0/pages/every' });
    const d = render({
      description: { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: 'all' }] },
      now: NOW,
    });
    expect(d).toMatchObject({ ok: false, status: 400, path: '/items/0/pages' });
  });
});

describe('page_sizes', () => {
  it('gives a numbered page its own sheet; the last entry for a page wins; past the end changes nothing', () => {
    const { out } = pagesText([text('x', [1, 2, 3])], {
      page: { width: 300, height: 400 },
      page_sizes: [
        { page: 2, width: 500, height: 200 },
        { page: 3, width: 100, height: 100 },
        { page: 3, width: 250, height: 250 },
        { page: 9, width: 10, height: 10 },
      ],
    });
    expect(out.pages).toBe(3);
    const sizes = [1, 2, 3].map((n) => pdfInfoPage(out.pdf, n));
    expect(sizes).toEqual(['300 x 400 pts', '500 x 200 pts', '250 x 250 pts']);
  });
});

function pdfInfoPage(pdf: Uint8Array, n: number): string {
  const info = pdfInfo(pdf, ['-f', String(n), '-l', String(n)]);
  return info[`Page ${String(n).padStart(4)} size`] ?? info['Page size'];
}
