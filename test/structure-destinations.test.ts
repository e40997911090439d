// test/structure-destinations.test.ts — `structure_element` on a destination (issue 26): a named
// destination leading to an element of the structure tree, written as a PDF 2.0 structure destination
// (/SD) with the page destination (/D) beside it. Judged by qpdf's JSON (the /SD array names the
// element, /D the page), pdf.js (the destination a bookmark names opens on the element's page), our
// verifier (zero findings, the tree intact) and the licence gate (402 without the feature).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Licence } from '../src/licence/licence.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck, qpdfJson } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const LICENCE: Licence = { ...TAGGING_LICENCE, features: ['tagging', 'structure_destinations'] };

/** The tagged report on two pages, its "Highlights" heading (id `highlights`) on page 2. */
function report(destination: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const d = taggedReport({
    destinations: [{ name: 'to-highlights', ...destination }],
    bookmarks: [{ title: 'Highlights', destination: 'to-highlights' }],
    ...extra,
  }) as { items: { id?: string; pages?: number[] }[]; structure: any };
  for (const it of d.items) if (it.id === 'h-list' || it.id === 'points') it.pages = [2];
  d.structure.elements[0].children[1].children[1].id = 'highlights';
  return d;
}

function ok(description: unknown, licence = LICENCE) {
  const r = render({ description, now: NOW, service: { licence } });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.word} ${r.path}: ${r.sentence}`);
  return r;
}

/** The /Dests entry of `name`, with qpdf's object table. */
function destEntry(pdf: Uint8Array, name: string) {
  const json = qpdfJson(pdf) as any;
  const objects = json.qpdf[1] as Record<string, any>;
  const val = (ref: any) => (typeof ref === 'string' && / R$/.test(ref) ? objects[`obj:${ref}`].value : ref);
  const root = val(json.qpdf[1].trailer.value['/Root']);
  const tree = val(val(root['/Names'])['/Dests']);
  const names: any[] = tree['/Names'] ?? tree['/Kids'].flatMap((k: string) => val(k)['/Names']);
  const i = names.indexOf(`u:${name}`);
  return { entry: val(names[i + 1]), val, root };
}

async function pdfJsPageOf(pdf: Uint8Array, name: string): Promise<number> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  const dest = await doc.getDestination(name);
  const outline = await doc.getOutline();
  expect(outline[0].dest).toBe(name);
  const page = (await doc.getPageIndex(dest![0] as never)) + 1;
  await doc.destroy();
  return page;
}

describe('a destination leading to a structure element', () => {
  it('is written as /SD naming the element, with /D on its first page; pdf.js opens it there', async () => {
    const r = ok(report({ structure_element: 'highlights' }));
    expect(qpdfCheck(r.pdf).code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(Buffer.from(r.pdf.subarray(0, 8)).toString('latin1')).toBe('%PDF-2.0');
    const { entry, val, root } = destEntry(r.pdf, 'to-highlights');
    const elem = val(entry['/SD'][0]);
    expect(elem['/Type']).toBe('/StructElem');
    expect(elem['/S']).toBe('/H2');
    expect(elem['/ID']).toBe('u:highlights');
    expect(entry['/SD'][1]).toBe('/Fit');
    const pages = val(val(root['/Pages'])['/Kids']) as string[];
    expect(entry['/D'][0]).toBe(pages[1]);
    expect(await pdfJsPageOf(r.pdf, 'to-highlights')).toBe(2);
  });

  it('with a page and a view: /D is that page and view, /SD the element with the same view', async () => {
    const r = ok(report({ structure_element: 'highlights', page: 1, view: { left: 0, top: 600 } }));
    const { entry } = destEntry(r.pdf, 'to-highlights');
    expect(entry['/D'].slice(1)).toEqual(['/XYZ', 0, 600, null]);
    expect(entry['/SD'].slice(1)).toEqual(['/XYZ', 0, 600, null]);
    expect(await pdfJsPageOf(r.pdf, 'to-highlights')).toBe(1);
  });

  it('without the structure_destinations feature: 402, before anything else', () => {
    const r = render({
      description: report({ structure_element: 'highlights' }),
      now: NOW,
      service: { licence: TAGGING_LICENCE },
    });
    expect(r).toMatchObject({ ok: false, status: 402, path: '/destinations/0/structure_element' });
  });

  it.each([
    [{ structure_element: 'nowhere' }, {}, '/destinations/0/structure_element', 'no element of structure'],
    [{ structure_element: 'highlights' }, { version: '1.7' }, '/destinations/0/structure_element', '1.7'],
    [{ structure_element: 'highlights' }, { accessible: 'pdfua1' }, '/destinations/0/structure_element', 'pdfua1'],
    [{ structure_element: 'highlights' }, { archive: 'pdfa2a' }, '/destinations/0/structure_element', 'pdfa2a'],
  ])('refuses %j with %j, naming the key', (dest, extra, path, says) => {
    const r = render({ description: report(dest, extra), now: NOW, service: { licence: LICENCE } });
    expect(r).toMatchObject({ ok: false, status: 400, word: 'description', path });
    if (!r.ok) expect(r.sentence).toContain(says);
  });
});
