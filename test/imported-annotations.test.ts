// test/imported-annotations.test.ts — annotations of supplied pages carried into the document
// (docs/reference.md, "imported_page"): links (URI, GoTo onto the page where the target is drawn,
// named destinations), notes with their pop-ups, markup with appearances turned with the page;
// form fields, links to pages not drawn and actions not carried are left out and named in a remark;
// under an archive claim only what the standard allows. Judged by qpdf's objects and MuPDF's pixels.
import fc from 'fast-check';
import { PDFArray, PDFDocument, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOW } from './support/fixtures.js';
import { pagePixels, pdfObjects, qpdfCheck } from './support/pdf-tools.js';
import { preflightAvailable, preflightCodes } from './support/preflight.js';
import { TAGGING_LICENCE } from './support/standards.js';

function ok(out: Outcome) {
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  const q = qpdfCheck(out.pdf);
  expect(q.code, q.out).toBe(0);
  return out;
}

/** Three 200 × 200 pages; page 1 carries one annotation of each sort the rules treat differently. */
async function annotated(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pages = [doc.addPage([200, 200]), doc.addPage([200, 200]), doc.addPage([200, 200])];
  const c = doc.context;
  const reg = (o: Record<string, unknown>) => c.register(c.obj(o as never));
  // A red square drawn by its appearance in the lower left quarter of the page.
  const ap = c.register(
    c.stream('1 0 0 rg 0 0 100 100 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 100] } as never),
  );
  // A check box, on: its appearance (a blue square) is drawn flat; the off state draws nothing.
  const on = c.register(
    c.stream('0 0 1 rg 0 0 10 10 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10] } as never),
  );
  const off = c.register(c.stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10] } as never));
  const note = reg({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [150, 150, 170, 170],
    F: 4,
    Contents: PDFString.of('a note'),
  });
  const popup = reg({ Type: 'Annot', Subtype: 'Popup', Rect: [100, 100, 190, 140], F: 4, Parent: note });
  (c.lookup(note) as unknown as { set(k: PDFName, v: PDFRef): void }).set(PDFName.of('Popup'), popup);
  const annots: PDFRef[] = [
    reg({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [10, 180, 60, 190],
      F: 4,
      A: { S: 'URI', URI: PDFString.of('https://example.com/') },
    }),
    reg({ Type: 'Annot', Subtype: 'Link', Rect: [70, 180, 120, 190], F: 4, Dest: [pages[1].ref, 'XYZ', 0, 100, null] }),
    reg({ Type: 'Annot', Subtype: 'Link', Rect: [130, 180, 190, 190], F: 4, Dest: [pages[2].ref, 'Fit'] }),
    reg({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [10, 165, 60, 175],
      F: 4,
      A: { S: 'GoTo', D: PDFString.of('second') },
    }),
    reg({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [70, 165, 120, 175],
      F: 4,
      A: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') },
    }),
    reg({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: PDFString.of('name'), Rect: [10, 120, 90, 140], F: 4 }),
    reg({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Btn',
      T: PDFString.of('tick'),
      Rect: [150, 10, 170, 30],
      F: 4,
      AS: 'On',
      AP: { N: { On: on, Off: off } },
    }),
    reg({ Type: 'Annot', Subtype: 'Square', Rect: [0, 0, 100, 100], F: 4, AP: { N: ap } }),
    note,
    popup,
  ];
  pages[0].node.set(PDFName.of('Annots'), c.obj(annots));
  const names = c.obj({ Names: [PDFString.of('second'), c.obj([pages[1].ref, PDFName.of('Fit')])] } as never);
  doc.catalog.set(PDFName.of('Names'), c.obj({ Dests: names } as never));
  return doc.save({ useObjectStreams: false });
}

const place = (page: number, pages: number[], extra: Record<string, unknown> = {}) => ({
  type: 'imported_page',
  part: 'src',
  page,
  pages,
  rect: { llx: 0, lly: 0, urx: 400, ury: 400 },
  ...extra,
});

describe('annotations of imported pages', () => {
  it('carries links, notes, pop-ups and markup, transformed by the placement; leaves out the rest with a remark', async () => {
    const src = await annotated();
    const out = ok(
      render({
        description: { page: { width: 400, height: 400 }, items: [place(1, [1]), place(2, [2])] },
        parts: { src },
        now: NOW,
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    const annots = o.deref(o.deref(kids[0])['/Annots']).map((r: string) => ({ ref: r, ...o.deref(r) }));
    // URI, GoTo page 2, named "second", square, note, pop-up: six of nine.
    expect(annots.map((a: Record<string, string>) => a['/Subtype'])).toEqual([
      '/Link',
      '/Link',
      '/Link',
      '/Square',
      '/Text',
      '/Popup',
    ]);
    // Doubled by the placement (200-point page in a 400-point rect).
    expect(annots[0]['/Rect']).toEqual([20, 360, 120, 380]);
    expect(o.deref(annots[0]['/A'])['/URI']).toBe('u:https://example.com/');
    // The GoTo lands on document page 2, where page 2 of the part is drawn, its point carried through the matrix.
    expect(annots[1]['/Dest']).toEqual([kids[1], '/XYZ', 0, 200, null]);
    expect(o.deref(annots[2]['/A'])['/D']).toEqual([kids[1], '/Fit']);
    // The page is ours, the pop-up and its parent point at each other anew.
    for (const a of annots) expect(a['/P']).toBeUndefined();
    expect(annots[4]['/Popup']).toBe(annots[5].ref);
    expect(annots[5]['/Parent']).toBe(annots[4].ref);
    expect(out.remarks.map((r) => r.text)).toEqual([
      'page 1 of the part "src" has 4 annotations that are not carried into the document: 1 links to pages the document does not draw, 1 actions not carried (JavaScript, Launch, form actions, chains…), 1 form fields with no appearance shown, 1 form fields, drawn flat as they show',
    ]);
    expect(out.remarks[0].path).toBe('/items/0/part');
    // The square's appearance is drawn by MuPDF in the doubled rect.
    const px = pagePixels(out.pdf, 1);
    expect(px(150, 150)).toEqual([255, 0, 0]);
    expect(px(250, 250)).toEqual([255, 255, 255]);
    // The check box drawn flat, doubled with the page: 300…340 × 20…60.
    expect(px(320, 40)).toEqual([0, 0, 255]);
    expect(px(350, 40)).toEqual([255, 255, 255]);
  });

  it('turns the appearance with a page turned a quarter', async () => {
    const src = await annotated();
    const out = ok(
      render({
        description: {
          page: { width: 400, height: 400 },
          items: [{ ...place(1, [1]), rotate: 90, rect: { llx: 0, lly: 0, urx: 200, ury: 200 } }],
        },
        parts: { src },
        now: NOW,
      }),
    );
    // Turned counter-clockwise, the lower left quarter goes to the lower right.
    const px = pagePixels(out.pdf, 1);
    expect(px(150, 50)).toEqual([255, 0, 0]);
    expect(px(50, 50)).toEqual([255, 255, 255]);
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    const square = o
      .deref(o.deref(kids[0])['/Annots'])
      .map((r: string) => o.deref(r))
      .find((a: Record<string, string>) => a['/Subtype'] === '/Square');
    expect(square['/Rect']).toEqual([100, 0, 200, 100]);
    // A quarter turn keeps boxes upright: no /QuadPoints added to the links.
    expect(
      o
        .deref(o.deref(kids[0])['/Annots'])
        .map((r: string) => o.deref(r))
        .filter((a: Record<string, unknown>) => a['/QuadPoints']),
    ).toEqual([]);
  });

  it('a link turned 30° gets /QuadPoints of its turned area', async () => {
    const src = await annotated();
    const out = ok(
      render({
        description: { page: { width: 400, height: 400 }, items: [place(1, [1], { rotate: 30 })] },
        parts: { src },
        now: NOW,
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    const link = o.deref(o.deref(o.deref(kids[0])['/Annots'])[0]);
    const q: number[] = link['/QuadPoints'];
    expect(q).toHaveLength(8);
    const [x0, y0, x1, y1] = link['/Rect'];
    for (let i = 0; i < 8; i += 2) {
      expect(q[i]).toBeGreaterThanOrEqual(x0 - 0.01);
      expect(q[i]).toBeLessThanOrEqual(x1 + 0.01);
      expect(q[i + 1]).toBeGreaterThanOrEqual(y0 - 0.01);
      expect(q[i + 1]).toBeLessThanOrEqual(y1 + 0.01);
    }
    // The lower edge of the link rises at 30°.
    expect((Math.atan2(q[3] - q[1], q[2] - q[0]) * 180) / Math.PI).toBeCloseTo(30, 1);
  });

  it('a template carries its annotations onto every page it lies under, on the layer of nothing', async () => {
    const src = await annotated();
    const out = ok(
      render({
        description: {
          page: { width: 200, height: 200 },
          templates: { part: 'src', first: 1, middle: 1, last: 1 },
          items: [{ type: 'rect', pages: [1, 2], rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }],
        },
        parts: { src },
        now: NOW,
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    // Page 2 of the part is never drawn: its links are left out; the rest is carried on both pages.
    for (const k of kids) expect(o.deref(o.deref(k)['/Annots']).length).toBe(4);
    expect(out.remarks).toHaveLength(1);
    expect(out.remarks[0].path).toBe('/templates/part');
    expect(out.remarks[0].text).toMatch(/has 6 annotations .* 3 links to pages the document does not draw/);
  });

  it('an imported page on a layer puts its annotations on that layer (/OC)', async () => {
    const src = await annotated();
    const out = ok(
      render({
        description: {
          page: { width: 400, height: 400 },
          layers: [{ name: 'L' }],
          items: [place(1, [1], { layer: 'L' })],
        },
        parts: { src },
        now: NOW,
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    for (const r of o.deref(o.deref(kids[0])['/Annots'])) expect(o.deref(o.deref(r)['/OC'])['/Type']).toBe('/OCG');
  });

  it('under an archive claim keeps only what the standard allows: printed, with an appearance of /N alone', async () => {
    const src = await annotated();
    const doc = await PDFDocument.load(src);
    // Take the print flag off the square: PDF/A wants every annotation printed.
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const square = doc.context.lookup(annots.get(7)) as unknown as { set(k: PDFName, v: unknown): void };
    square.set(PDFName.of('F'), doc.context.obj(0));
    const out = ok(
      render({
        description: { archive: 'pdfa2b', page: { width: 400, height: 400 }, items: [place(1, [1])] },
        parts: { src: await doc.save() },
        now: NOW,
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    const kinds = o.deref(o.deref(kids[0])['/Annots']).map((r: string) => o.deref(r)['/Subtype']);
    // The note has no appearance: PDF/A wants one; its pop-up goes with it.
    expect(kinds).toEqual(['/Link']);
    expect(out.remarks[0].text).toMatch(/2 annotations the archive claim does not allow/);
    expect(out.remarks[0].text).toMatch(/1 pop-ups of annotations not carried/);
  });
});

describe('carried annotations under PDF/A-1b, judged by PDFBox Preflight', () => {
  it.skipIf(!preflightAvailable())(
    'a printed note (NoZoom, NoRotate) with its appearance, a square and links pass; a note without those flags is left out',
    async () => {
      const doc = await PDFDocument.create();
      const pages = [doc.addPage([200, 200]), doc.addPage([200, 200])];
      const c = doc.context;
      const reg = (o: Record<string, unknown>) => c.register(c.obj(o as never));
      const form = (ops: string, w: number) =>
        c.register(c.stream(ops, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, w, w] } as never));
      const note = (F: number, x: number) =>
        reg({
          Type: 'Annot',
          Subtype: 'Text',
          Rect: [x, 150, x + 20, 170],
          F,
          Contents: PDFString.of('a note'),
          AP: { N: form('0 0 1 rg 0 0 20 20 re f', 20) },
        });
      pages[0].node.set(
        PDFName.of('Annots'),
        c.obj([
          reg({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [10, 180, 60, 190],
            F: 4,
            A: { S: 'URI', URI: PDFString.of('https://example.com/') },
          }),
          reg({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [70, 180, 120, 190],
            F: 4,
            Dest: [pages[1].ref, 'XYZ', 0, 100, null],
          }),
          reg({
            Type: 'Annot',
            Subtype: 'Square',
            Rect: [0, 0, 100, 100],
            F: 4,
            AP: { N: form('1 0 0 rg 0 0 100 100 re f', 100) },
          }),
          note(4 | 8 | 16, 150),
          note(4, 120),
        ]),
      );
      const out = ok(
        render({
          description: {
            archive: 'pdfa1b',
            page: { width: 400, height: 400 },
            items: [{ ...place(1, [1]), rotate: 30 }, place(2, [2])],
          },
          parts: { src: await doc.save() },
          now: NOW,
        }),
      );
      const o = pdfObjects(out.pdf);
      const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
      expect(o.deref(o.deref(kids[0])['/Annots']).map((r: string) => o.deref(r)['/Subtype'])).toEqual([
        '/Link',
        '/Link',
        '/Square',
        '/Text',
      ]);
      expect(out.remarks.map((r) => r.text)).toEqual([
        'page 1 of the part "src" has 1 annotations that are not carried into the document: 1 annotations the archive claim does not allow',
      ]);
      expect(preflightCodes([out.pdf])).toEqual([[]]);
    },
    60_000,
  );
});

describe('carried annotations under an accessibility claim', () => {
  it("none is carried: PDF/UA wants each in the structure, and the part's is not carried; the remark names them", async () => {
    const src = await annotated();
    const out = ok(
      render({
        description: {
          accessible: 'pdfua1',
          metadata: { title: 'Imported' },
          page: { width: 400, height: 400 },
          structure: {
            lang: 'en',
            elements: [
              { type: 'Document', children: [{ type: 'Figure', alt: 'a page of the part', children: ['p'] }] },
            ],
          },
          items: [{ ...place(1, [1]), id: 'p' }],
        },
        parts: { src },
        now: NOW,
        service: { licence: TAGGING_LICENCE },
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    expect(o.deref(kids[0])['/Annots']).toBeUndefined();
    // The link, the square and the note would be carried otherwise; the rest keep their own reasons.
    expect(out.remarks.map((r) => r.text)).toContain(
      'page 1 of the part "src" has 10 annotations that are not carried into the document: 3 annotations the claim would need tagged, 3 links to pages the document does not draw, 1 actions not carried (JavaScript, Launch, form actions, chains…), 1 form fields with no appearance shown, 1 form fields, drawn flat as they show, 1 pop-ups of annotations not carried',
    );
  });
});

describe('annotations left out whole', () => {
  it("one on a layer of the part, one reaching into the part's pages; one listed twice is carried once", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const c = doc.context;
    const ocg = c.register(c.obj({ Type: 'OCG', Name: PDFString.of('part layer') } as never));
    const layered = c.register(
      c.obj({ Type: 'Annot', Subtype: 'Text', Rect: [10, 10, 30, 30], F: 4, OC: ocg } as never),
    );
    const plain = c.register(c.obj({ Type: 'Annot', Subtype: 'Text', Rect: [50, 10, 70, 30], F: 4 } as never));
    // A URI action that also names the page (an odd key): copied, it would drag the page tree along.
    const tangled = c.register(
      c.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [90, 10, 110, 30],
        F: 4,
        A: { S: 'URI', URI: PDFString.of('https://example.com/'), X: page.ref },
      } as never),
    );
    page.node.set(PDFName.of('Annots'), c.obj([layered, plain, plain, tangled]));
    const out = ok(
      render({
        description: {
          page: { width: 200, height: 200 },
          items: [place(1, [1], { rect: { llx: 0, lly: 0, urx: 200, ury: 200 } })],
        },
        parts: { src: await doc.save() },
        now: NOW,
      }),
    );
    const o = pdfObjects(out.pdf);
    const kids = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'];
    expect(o.deref(o.deref(kids[0])['/Annots']).map((r: string) => o.deref(r)['/Rect'])).toEqual([[50, 10, 70, 30]]);
    expect(out.remarks.map((r) => r.text)).toEqual([
      'page 1 of the part "src" has 2 annotations that are not carried into the document: 1 annotations on layers of the part, 1 annotations whose objects reach into the part\'s pages',
    ]);
  });
});

describe('annotations of a hostile supplied PDF', () => {
  /** A PDF value of any shape (names, numbers, strings, arrays, dictionaries, references to pages). */
  const leaf = fc.oneof(
    fc.double({ noNaN: false }),
    fc.integer(),
    fc.constantFrom('Link', 'Widget', 'Popup', 'Text', 'Square', 'GoTo', 'URI', 'XYZ', 'FitR', 'On', 'N'),
    fc.boolean(),
    fc.constant(null),
    fc.constant('PAGE0'),
    fc.constant('PAGE1'),
    fc.constant('STREAM'),
    fc.constant('STR'),
  );
  const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('v'), { maxLength: 6 }),
      fc.dictionary(
        fc.constantFrom(
          'Rect',
          'QuadPoints',
          'A',
          'S',
          'D',
          'Dest',
          'AP',
          'N',
          'AS',
          'Popup',
          'Parent',
          'IRT',
          'F',
          'InkList',
          'L',
          'Vertices',
          'RD',
          'Next',
          'Subtype',
          'BBox',
          'Matrix',
        ),
        tie('v'),
        { maxKeys: 6 },
      ),
    ),
  })).v;
  const annot = fc
    .record(
      {
        Subtype: fc.constantFrom('Link', 'Widget', 'Popup', 'Text', 'Square', 'Ink', 'Line', 'Movie', 'Foo'),
        Rect: fc.oneof(
          fc.array(fc.double({ min: -500, max: 500, noNaN: true }), { minLength: 4, maxLength: 4 }),
          value,
        ),
      },
      { requiredKeys: ['Subtype'] },
    )
    .chain((base) =>
      fc
        .dictionary(
          fc.constantFrom(
            'A',
            'Dest',
            'AP',
            'AS',
            'Popup',
            'Parent',
            'IRT',
            'F',
            'InkList',
            'L',
            'Vertices',
            'RD',
            'QuadPoints',
            'AA',
            'CA',
          ),
          value,
          { maxKeys: 5 },
        )
        .map((rest) => ({ ...rest, ...base })),
    );

  it('carries what it can and never fails: 200 for every set of annotations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(annot, { maxLength: 6 }),
        fc.constantFrom(0, 90, 33),
        fc.boolean(),
        async (annots, rotate, archive) => {
          const doc = await PDFDocument.create();
          const pages = [doc.addPage([200, 200]), doc.addPage([200, 200])];
          const c = doc.context;
          const stream = c.register(
            c.stream('0 g 0 0 5 5 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 5, 5] } as never),
          );
          const conv = (v: unknown): unknown => {
            if (v === 'PAGE0') return pages[0].ref;
            if (v === 'PAGE1') return pages[1].ref;
            if (v === 'STREAM') return stream;
            if (v === 'STR') return PDFString.of('second');
            if (typeof v === 'string') return PDFName.of(v);
            if (typeof v === 'number' && !Number.isFinite(v)) return 0;
            if (Array.isArray(v)) return c.obj(v.map(conv) as never);
            if (v && typeof v === 'object')
              return c.obj(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, conv(x)])) as never);
            return v;
          };
          const refs = annots.map((a) => c.register(conv(a) as never));
          pages[0].node.set(PDFName.of('Annots'), c.obj(refs));
          const src = await doc.save({ useObjectStreams: false });
          const out = render({
            description: {
              ...(archive ? { archive: 'pdfa2b' } : {}),
              page: { width: 400, height: 400 },
              items: [
                {
                  type: 'imported_page',
                  part: 'src',
                  page: 1,
                  pages: [1],
                  rotate,
                  rect: { llx: 0, lly: 0, urx: 400, ury: 400 },
                },
                {
                  type: 'imported_page',
                  part: 'src',
                  page: 2,
                  pages: [2],
                  rect: { llx: 0, lly: 0, urx: 400, ury: 400 },
                },
              ],
            },
            parts: { src },
            now: NOW,
          });
          if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
          const q = qpdfCheck(out.pdf);
          expect(q.code, q.out).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
