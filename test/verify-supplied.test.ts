// test/verify-supplied.test.ts — supplied PDFs that break the standard a request claims or checks
// (issue 7: "deliberately broken supplied templates (transparency under 1b, an unembedded font) give
// the expected findings"). The broken PDFs are built here with pdf-lib's object model. Decision
// (docs/reference.md "check"): a supplied page is carried as it came; what it breaks is reported as
// findings in x-svc-findings / x-svc-finding, the answer stays 200 and checking never changes the PDF.
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { answerOutcome } from '../src/answer.js';
import { render } from '../src/library.js';
import { helloDescription, NOW } from './support/fixtures.js';
import { qpdfCheck, qpdfObjects } from './support/pdf-tools.js';

type Breakage = 'alpha' | 'smask' | 'unembedded';

/** A one-page PDF that breaks PDF/A-1 in one way: translucent paint, a soft-masked image, or text in a font it does not carry. */
async function brokenPdf(kind: Breakage): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  const ctx = doc.context;
  const resources: Record<string, unknown> = {};
  let content = '0 0 1 rg 10 10 100 100 re f';
  if (kind === 'alpha') {
    resources.ExtGState = { G0: ctx.register(ctx.obj({ Type: 'ExtGState', ca: 0.5, CA: 0.4 })) };
    content = `q /G0 gs ${content} Q`;
  } else if (kind === 'smask') {
    const mask = ctx.register(
      ctx.stream(new Uint8Array([0, 128, 255, 64]), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 2,
        Height: 2,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const image = ctx.register(
      ctx.stream(new Uint8Array(12).fill(200), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 2,
        Height: 2,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        SMask: mask,
      }),
    );
    resources.XObject = { Im0: image };
    content = 'q 100 0 0 100 50 50 cm /Im0 Do Q';
  } else {
    resources.Font = {
      F0: ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' })),
    };
    content = 'BT /F0 12 Tf 20 200 Td (Unembedded) Tj ET';
  }
  page.node.set(PDFName.of('Resources'), ctx.obj(resources as never));
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(content)) as PDFRef);
  return doc.save({ useObjectStreams: false });
}

/** The rule ids each breakage is expected to give under PDF/A-1b (veraPDF's spelling). */
const EXPECTED: Record<Breakage, string[]> = {
  alpha: ['ISO_19005_1 6.4-t05', 'ISO_19005_1 6.4-t06'],
  smask: ['ISO_19005_1 6.4-t02'],
  unembedded: ['ISO_19005_1 6.3.4-t01'],
};

const IMPORTED = (rest: unknown[]) => [
  ...rest,
  { type: 'imported_page', part: 'bad.pdf', rect: { llx: 300, lly: 50, urx: 500, ury: 250 } },
];

const parts: Partial<Record<Breakage, Uint8Array>> = {};
beforeAll(async () => {
  for (const k of ['alpha', 'smask', 'unembedded'] as const) parts[k] = await brokenPdf(k);
});

function renderOk(description: Record<string, unknown>, part: Uint8Array) {
  const out = render({ description, parts: { 'bad.pdf': part }, now: NOW });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.word} ${out.path}: ${out.sentence}`);
  return out;
}

describe('a supplied PDF that breaks the claimed or checked standard', () => {
  const helloItems = helloDescription().items as unknown[];
  const shapes = {
    'template under archive pdfa1b': () => helloDescription({ archive: 'pdfa1b', templates: { part: 'bad.pdf' } }),
    'imported_page under archive pdfa1b': () => helloDescription({ archive: 'pdfa1b', items: IMPORTED(helloItems) }),
    'template under check pdfa1b': () => helloDescription({ check: ['pdfa1b'], templates: { part: 'bad.pdf' } }),
    'imported_page under check pdfa1b': () => helloDescription({ check: ['pdfa1b'], items: IMPORTED(helloItems) }),
  };

  for (const kind of ['alpha', 'smask', 'unembedded'] as const) {
    it.each(Object.keys(shapes))(`${kind}: %s answers 200 with the expected findings in the headers`, (shape) => {
      const out = renderOk(shapes[shape as keyof typeof shapes](), parts[kind]!);
      const ids = out.findings.map(findingId);
      for (const id of EXPECTED[kind]) expect(ids).toContain(id);
      const answer = answerOutcome(out, 'test');
      expect(answer.status).toBe(200);
      expect(answer.headers.find(([k]) => k === 'x-svc-findings')?.[1]).toBe(String(out.findings.length));
      const carried = answer.headers.filter(([k]) => k === 'x-svc-finding').map(([, v]) => decodeURIComponent(v));
      // every expected rule id is among the headers carried (the cap is ten headers and 1000 bytes)
      for (const id of EXPECTED[kind]) expect(carried.some((v) => v.startsWith(`${id} `))).toBe(true);
      expect(qpdfCheck(out.pdf).code).toBe(0);
    });
  }

  it.each(['alpha', 'smask', 'unembedded'] as const)(
    '%s: checking never changes the PDF, and under the claim the page is carried as it came',
    (kind) => {
      const part = parts[kind]!;
      const plain = renderOk(helloDescription({ templates: { part: 'bad.pdf' } }), part);
      const checked = renderOk(helloDescription({ templates: { part: 'bad.pdf' }, check: ['pdfa1b', 'pdfa2b'] }), part);
      expect(plain.findings).toEqual([]);
      expect(Buffer.compare(plain.pdf, checked.pdf)).toBe(0);
      const claimed = renderOk(helloDescription({ archive: 'pdfa1b', templates: { part: 'bad.pdf' } }), part);
      const claimedChecked = renderOk(
        helloDescription({ archive: 'pdfa1b', templates: { part: 'bad.pdf' }, check: ['pdfa2b'] }),
        part,
      );
      expect(Buffer.compare(claimed.pdf, claimedChecked.pdf)).toBe(0);
      // what breaks the claim is still in the file: the translucent state, the soft mask, the bare font
      const dicts = Object.values(qpdfObjects(claimed.pdf).objects).filter(
        (o): o is Record<string, unknown> => !!o && typeof o === 'object',
      );
      if (kind === 'alpha') expect(dicts.some((d) => d['/ca'] === 0.5 && d['/CA'] === 0.4)).toBe(true);
      if (kind === 'smask')
        expect(dicts.some((d) => d['/Subtype'] === '/Image' && d['/SMask'] !== undefined)).toBe(true);
      if (kind === 'unembedded')
        expect(dicts.some((d) => d['/BaseFont'] === '/Helvetica' && d['/FontDescriptor'] === undefined)).toBe(true);
    },
  );

  it('the same template that keeps the rules gives no finding of its own', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 300]);
    page.node.set(
      PDFName.of('Contents'),
      doc.context.register(doc.context.stream('0 0 1 rg 10 10 100 100 re f')) as PDFRef,
    );
    const clean = renderOk(
      helloDescription({ archive: 'pdfa1b', templates: { part: 'bad.pdf' } }),
      await doc.save({ useObjectStreams: false }),
    );
    expect(clean.findings.map(findingId)).toEqual([]);
  });
});
