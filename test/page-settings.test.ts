// test/page-settings.test.ts — issue 9, per page: page_boxes (pdfinfo -box), page_turns (/Rotate,
// pdfinfo's page rotation), page_shows (/Trans, /Dur) and page_tab_orders (/Tabs), read back by
// poppler and qpdf; a page named twice takes its last entry whole; refusals.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfInfo, pdfObjects, qpdfCheck } from './support/pdf-tools.js';

const rect = (pages: number[]) => ({
  type: 'rect',
  rect: { llx: 10, lly: 10, urx: 50, ury: 50 },
  fill: [0, 0, 1],
  pages,
});

function ok(description: Record<string, unknown>) {
  const out = render({ description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], ...description }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  expect(qpdfCheck(out.pdf).code).toBe(0);
  return out;
}

function pageDicts(pdf: Uint8Array): Record<string, unknown>[] {
  const o = pdfObjects(pdf);
  return (o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'] as string[]).map(o.deref);
}

const box = (llx: number, lly: number, urx: number, ury: number) => ({ llx, lly, urx, ury });

describe('page_boxes', () => {
  it('writes every box pdfinfo -box shows; the last entry for a page wins whole; a page past the end is accepted', () => {
    const out = ok({
      items: [rect([1, 2])],
      page_boxes: [
        {
          page: 1,
          crop: box(10, 10, 500, 800),
          bleed: box(5, 5, 505, 805),
          trim: box(20, 20, 490, 790),
          art: box(50, 60, 400, 700),
        },
        { page: 2, crop: box(0, 0, 100, 100), trim: box(1, 1, 99, 99) },
        // Page 2 named again: only its art box survives (the whole entry is replaced).
        { page: 2, art: box(300, 400, 30, 40) },
        { page: 9, crop: box(0, 0, 1, 1) },
      ],
    });
    expect(out.pages).toBe(2);
    const p1 = pdfInfo(out.pdf, ['-box', '-f', '1', '-l', '1']);
    expect(p1['Page    1 CropBox'].split(/\s+/).map(Number)).toEqual([10, 10, 500, 800]);
    expect(p1['Page    1 BleedBox'].split(/\s+/).map(Number)).toEqual([5, 5, 505, 805]);
    expect(p1['Page    1 TrimBox'].split(/\s+/).map(Number)).toEqual([20, 20, 490, 790]);
    expect(p1['Page    1 ArtBox'].split(/\s+/).map(Number)).toEqual([50, 60, 400, 700]);
    const [d1, d2] = pageDicts(out.pdf);
    expect(d1['/CropBox']).toEqual([10, 10, 500, 800]);
    // A box given the wrong way round is the box its corners span.
    expect(d2['/ArtBox']).toEqual([30, 40, 300, 400]);
    expect(d2['/CropBox']).toBeUndefined();
    expect(d2['/TrimBox']).toBeUndefined();
  });

  it('writes no box that was not given (readers fall back to the media box)', () => {
    const [d] = pageDicts(ok({ items: [rect([1])] }).pdf);
    expect(Object.keys(d).filter((k) => k.endsWith('Box'))).toEqual(['/MediaBox']);
  });
});

describe('page_turns, page_shows, page_tab_orders', () => {
  const out = ok({
    items: [rect([1, 2, 3])],
    page_turns: [
      { page: 2, rotation: 90 },
      { page: 3, rotation: 180 },
      { page: 3, rotation: 270 },
    ],
    page_shows: [
      { page: 1, style: 'split', dimension: 'vertical', motion: 'outward', duration: 2, display_duration: 5 },
      { page: 2, style: 'fly', direction: 'none', scale: 0.5, opaque: true, motion: 'inward' },
      { page: 3, display_duration: 3 },
    ],
    page_tab_orders: [
      { page: 1, order: 'structure' },
      { page: 2, order: 'row' },
      { page: 3, order: 'column' },
    ],
  });
  const pages = pageDicts(out.pdf);

  it('turns pages: /Rotate, as pdfinfo reads it', () => {
    expect(pages.map((p) => p['/Rotate'])).toEqual([undefined, 90, 270]);
    expect(pdfInfo(out.pdf, ['-f', '3', '-l', '3'])['Page    3 rot']).toBe('270');
  });

  it('writes transitions as /Trans and display durations as /Dur', () => {
    expect(pages[0]['/Trans']).toEqual({ '/Type': '/Trans', '/S': '/Split', '/D': 2, '/Dm': '/V', '/M': '/O' });
    expect(pages[0]['/Dur']).toBe(5);
    expect(pages[1]['/Trans']).toEqual({
      '/Type': '/Trans',
      '/S': '/Fly',
      '/M': '/I',
      '/Di': '/None',
      '/SS': 0.5,
      '/B': true,
    });
    expect(pages[1]['/Dur']).toBeUndefined();
    // display_duration alone: the page advances by itself, no transition is written.
    expect(pages[2]['/Trans']).toBeUndefined();
    expect(pages[2]['/Dur']).toBe(3);
  });

  it('writes the tab order as /Tabs', () => {
    expect(pages.map((p) => p['/Tabs'])).toEqual(['/S', '/R', '/C']);
  });
});

describe('refusals', () => {
  const refused = (d: Record<string, unknown>) => {
    const out = render({ description: { items: [rect([1, 2])], ...d }, now: NOW });
    if (out.ok) throw new Error('rendered');
    return out;
  };

  it('refuses a turn, show or tab order for a page the document lacks, naming the page', () => {
    expect(refused({ page_turns: [{ page: 3, rotation: 90 }] })).toMatchObject({
      status: 400,
      word: 'description',
      path: '/page_turns/0/page',
      sentence: 'the page 3 named by /page_turns/0/page is not in the document, which has 2 pages.',
    });
    expect(refused({ page_shows: [{ page: 1 }, { page: 4, style: 'fade' }] })).toMatchObject({
      status: 400,
      path: '/page_shows/1/page',
    });
    expect(refused({ page_tab_orders: [{ page: 5, order: 'row' }] })).toMatchObject({
      status: 400,
      path: '/page_tab_orders/0/page',
    });
  });

  it('refuses a rotation other than 0, 90, 180, 270', () => {
    expect(refused({ page_turns: [{ page: 1, rotation: 45 }] })).toMatchObject({
      status: 400,
      word: 'description',
      path: '/page_turns/0/rotation',
      sentence: '/page_turns/0/rotation must be one of 0, 90, 180, 270.',
    });
    expect(refused({ page_turns: [{ page: 1, rotation: 360 }] })).toMatchObject({
      status: 400,
      path: '/page_turns/0/rotation',
    });
  });

  it('refuses a transition key its style does not take, and a direction it does not allow', () => {
    expect(refused({ page_shows: [{ page: 1, style: 'wipe', motion: 'inward' }] })).toMatchObject({
      status: 400,
      path: '/page_shows/0/motion',
      sentence: '/page_shows/0/motion does not apply when /page_shows/0/style is "wipe"; it takes direction.',
    });
    expect(refused({ page_shows: [{ page: 1, dimension: 'horizontal' }] })).toMatchObject({
      status: 400,
      path: '/page_shows/0/dimension',
      sentence: expect.stringContaining('is "replace"; it takes only duration and display_duration'),
    });
    expect(refused({ page_shows: [{ page: 1, style: 'glitter', direction: 90 }] })).toMatchObject({
      status: 400,
      path: '/page_shows/0/direction',
      sentence: '/page_shows/0/direction must be one of 0, 270, 315.',
    });
  });

  it('refuses a box missing a side', () => {
    expect(refused({ page_boxes: [{ page: 1, trim: { llx: 0, lly: 0, urx: 1 } }] })).toMatchObject({
      status: 400,
      path: '/page_boxes/0/trim/ury',
    });
  });
});
