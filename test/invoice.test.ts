// test/invoice.test.ts — Factur-X / ZUGFeRD (issue 7, "Done when"): an EN 16931 invoice under pdfa3b
// passes qpdf --check, pdfdetach lists factur-x.xml with the bytes sent, the file is associated with
// the document, and the XMP carries the Factur-X schema with its PDF/A extension description. Every
// refusal of the invoice key.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { helloDescription } from './support/fixtures.js';
import {
  deref,
  pdfDetachList,
  pdfDetachSave,
  pdfMeta,
  preflight,
  qpdfAttachments,
  qpdfCheck,
  qpdfObjects,
} from './support/pdf-tools.js';
import { expectRefusal, FACTUR_X_XML, ok } from './support/standards.js';

const INVOICE = {
  xml: 'invoice.xml',
  profile: 'EN 16931',
  relationship: 'alternative',
  issued: '2026-11-22T10:00:00+01:00',
};

function invoiceDoc(extra: Record<string, unknown> = {}, invoice: Record<string, unknown> = {}) {
  return helloDescription({
    archive: 'pdfa3b',
    metadata: {
      title: 'Rechnung RE-2026-0471',
      author: 'Papierhaus Lindner GmbH',
      created: '2026-11-22T12:00:00+01:00',
    },
    invoice: { ...INVOICE, ...invoice },
    ...extra,
  });
}

const parts = (xml: Uint8Array | string = FACTUR_X_XML) => ({
  'invoice.xml': typeof xml === 'string' ? new TextEncoder().encode(xml) : xml,
});

describe('a Factur-X invoice, EN 16931, under pdfa3b', () => {
  const pdf = ok(invoiceDoc(), parts()).pdf;

  it('comes out with zero findings from our own verifier', () => {
    expect(ok(invoiceDoc(), parts()).findings).toEqual([]);
  });

  it('passes qpdf --check and declares PDF 1.7', () => {
    const q = qpdfCheck(pdf);
    expect(q.out).toContain('No syntax or stream encoding errors');
    expect(q.code).toBe(0);
    expect(Buffer.from(pdf.subarray(0, 8)).toString()).toBe('%PDF-1.7');
  });

  it('pdfdetach lists factur-x.xml and gives back the XML byte for byte', () => {
    expect(pdfDetachList(pdf)).toEqual(['factur-x.xml']);
    expect(pdfDetachSave(pdf, 1).equals(Buffer.from(FACTUR_X_XML))).toBe(true);
  });

  it('carries the relationship and issued date as sent, text/xml, with the MD5 checksum', () => {
    const list = qpdfAttachments(pdf);
    expect(list).toContain('preferred name: factur-x.xml');
    expect(list).toContain("modification date: D:20261122100000+01'00'");
    expect(list).toContain('mime type: text/xml');
    expect(list).toContain(`checksum: ${createHash('md5').update(FACTUR_X_XML).digest('hex')}`);
  });

  it('associates the file with the document (catalog /AF, /AFRelationship)', () => {
    const { objects, trailer } = qpdfObjects(pdf);
    const catalog = deref(objects, trailer['/Root']);
    const af = deref(objects, catalog['/AF']);
    expect(af).toHaveLength(1);
    expect(objects[af[0]]).toMatchObject({
      '/Type': '/Filespec',
      '/F': 'u:factur-x.xml',
      '/UF': 'u:factur-x.xml',
      '/AFRelationship': '/Alternative',
    });
  });

  it('carries the Factur-X schema in XMP, described as a PDF/A extension schema', () => {
    const meta = pdfMeta(pdf);
    expect(meta).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(meta).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(meta).toContain('<fx:Version>1.0</fx:Version>');
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(meta).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    expect(meta).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    for (const p of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'])
      expect(meta).toContain(`<pdfaProperty:name>${p}</pdfaProperty:name>`);
    expect(meta).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
  });

  it('PDFBox Preflight (a PDF/A-1b validator) objects only to what PDF/A-3 allows: its XMP and extension schema read clean', () => {
    const [verdict] = preflight([pdf]);
    const codes = verdict.replace(/^FAIL\t/, '').split(',');
    // 1.4.7 / 1.2.9: embedded files; 7.11.2: pdfaid:part is not 1; 3.1.11: CIDSet, required by PDF/A-1 only.
    expect(codes.filter((c) => !['1.4.7', '1.2.9', '7.11.2', '3.1.11'].includes(c))).toEqual([]);
    expect(codes).toContain('7.11.2'); // the control: Preflight did read the packet
  });

  it('writes the version as sent, and other profiles when the XML says them', () => {
    const basic = new TextDecoder()
      .decode(FACTUR_X_XML)
      .replace(
        '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>',
        '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic</ram:ID>',
      );
    const meta = pdfMeta(ok(invoiceDoc({}, { profile: 'BASIC', version: '1.0.07' }), parts(basic)).pdf);
    expect(meta).toContain('<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>');
    expect(meta).toContain('<fx:Version>1.0.07</fx:Version>');
  });

  it('sits beside other attachments, each associated with the document', () => {
    const pdf2 = ok(
      invoiceDoc({
        attachments: [
          {
            name: 'note.txt',
            file_name: 'note.txt',
            description: 'A note',
            media_type: 'text/plain',
            relationship: 'supplement',
            modified: '2026-11-20',
          },
        ],
      }),
      { ...parts(), 'note.txt': new TextEncoder().encode('hi') },
    ).pdf;
    expect(pdfDetachList(pdf2).sort()).toEqual(['factur-x.xml', 'note.txt']);
    const { objects, trailer } = qpdfObjects(pdf2);
    expect(deref(objects, deref(objects, trailer['/Root'])['/AF'])).toHaveLength(2);
  });
});

describe('invoice refusals', () => {
  it('needs archive = pdfa3b', () => {
    const noArchive = helloDescription({ invoice: INVOICE });
    expectRefusal(noArchive, parts(), 400, 'description', '/invoice', '/invoice', 'pdfa3b', 'no archive');
    expectRefusal(invoiceDoc({ archive: 'pdfa4' }), parts(), 400, 'description', '/invoice', 'pdfa3b', '"pdfa4"');
    expectRefusal(invoiceDoc({ archive: 'pdfa2b' }), parts(), 400, 'description', '/invoice', 'pdfa3b', '"pdfa2b"');
  });

  it('refuses a missing part and XML that is not a well-formed CII invoice of the stated profile', () => {
    expectRefusal(invoiceDoc(), {}, 400, 'description', '/invoice/xml', '"invoice.xml"');
    expectRefusal(
      invoiceDoc(),
      parts('<rsm:CrossIndustryInvoice><oops></rsm:CrossIndustryInvoice>'),
      400,
      'description',
      '/invoice/xml',
      'not well-formed',
      'line 1',
    );
    expectRefusal(
      invoiceDoc(),
      parts('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      400,
      'description',
      '/invoice/xml',
      '"Invoice"',
      'CrossIndustryInvoice',
    );
    expectRefusal(
      invoiceDoc(),
      parts('<rsm:CrossIndustryInvoice xmlns:rsm="urn:example"/>'),
      400,
      'description',
      '/invoice/xml',
      'urn:example',
    );
    expectRefusal(
      invoiceDoc(),
      parts('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>'),
      400,
      'description',
      '/invoice/xml',
      'GuidelineSpecifiedDocumentContextParameter',
    );
    expectRefusal(
      invoiceDoc({}, { profile: 'MINIMUM' }),
      parts(),
      400,
      'description',
      '/invoice/profile',
      '"MINIMUM"',
      'urn:cen.eu:en16931:2017',
      '"EN 16931"',
    );
    expectRefusal(
      invoiceDoc({}, { profile: 'XRECHNUNG' }),
      parts(),
      400,
      'description',
      '/invoice/profile',
      '/invoice/profile',
    );
    expectRefusal(
      invoiceDoc({}, { relationship: 'owner' }),
      parts(),
      400,
      'description',
      '/invoice/relationship',
      'source',
    );
    expectRefusal(invoiceDoc({}, { issued: 'yesterday' }), parts(), 400, 'description', '/invoice/issued', 'yesterday');
    expectRefusal(
      helloDescription({
        archive: 'pdfa3b',
        invoice: { xml: 'invoice.xml', profile: 'EN 16931', issued: '2026-11-22' },
      }),
      parts(),
      400,
      'description',
      '/invoice/relationship',
      'relationship',
    );
  });

  it("refuses an attachment that takes the invoice's file name or part", () => {
    const att = (name: string, file_name: string) => ({
      attachments: [
        { name, file_name, description: 'd', media_type: 'text/xml', relationship: 'data', modified: '2026-11-20' },
      ],
    });
    expectRefusal(
      invoiceDoc(att('other.xml', 'factur-x.xml')),
      { ...parts(), 'other.xml': FACTUR_X_XML },
      400,
      'description',
      '/attachments/0/file_name',
      'factur-x.xml',
    );
    expectRefusal(
      invoiceDoc(att('invoice.xml', 'copy.xml')),
      parts(),
      400,
      'description',
      '/attachments/0/name',
      '"invoice.xml"',
      '/invoice/xml',
    );
  });
});

describe('over the wire', () => {
  it('POST /render with the XML as a part answers the same bytes as the library', async () => {
    const { startServer, silentLogger } = await import('../src/server.js');
    const { FormData, request } = await import('undici');
    const { render } = await import('../src/library.js');
    const srv = await startServer({ port: 0, host: '127.0.0.1', logger: silentLogger(), processMetrics: false });
    try {
      const description = JSON.stringify(invoiceDoc());
      const form = new FormData();
      form.append('json_data', description);
      form.append('invoice.xml', new Blob([FACTUR_X_XML]), 'invoice.xml');
      const res = await request(`${srv.url}/render`, { method: 'POST', body: form });
      const body = new Uint8Array(await res.body.arrayBuffer());
      expect(res.statusCode).toBe(200);
      // No date of rendering enters the file, so any clock gives the same bytes.
      const lib = render({ description, parts: parts() });
      expect(lib.ok && Buffer.from(lib.pdf).equals(Buffer.from(body))).toBe(true);
      expect(pdfDetachList(body)).toEqual(['factur-x.xml']);
    } finally {
      await srv.close();
    }
  });
});

describe('damaged parts are refused cleanly', () => {
  it('any invoice XML bytes give a PDF or a 400 naming the invoice, never a crash', async () => {
    const fc = (await import('fast-check')).default;
    const { render } = await import('../src/library.js');
    const { NOW } = await import('./support/fixtures.js');
    const text = new TextDecoder().decode(FACTUR_X_XML);
    const damaged = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc
        .tuple(fc.nat(text.length), fc.nat(40), fc.string({ maxLength: 8 }))
        .map(([at, cut, put]) => new TextEncoder().encode(text.slice(0, at) + put + text.slice(at + cut))),
    );
    const d = { ...invoiceDoc(), fonts: [], items: [] };
    fc.assert(
      fc.property(damaged, (xml) => {
        const out = render({ description: d, parts: { 'invoice.xml': xml }, now: NOW });
        if (!out.ok) {
          expect(out.status).toBe(400);
          expect(out.path).toMatch(/^\/invoice/);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  });

  it('any output-intent profile bytes give a PDF or a 400 naming the profile', async () => {
    const fc = (await import('fast-check')).default;
    const { render } = await import('../src/library.js');
    const { NOW } = await import('./support/fixtures.js');
    const { srgbProfile } = await import('../engines/pdf/srgb.js');
    const good = srgbProfile();
    const damaged = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.array(fc.tuple(fc.nat(good.length - 1), fc.nat(255)), { maxLength: 12 }).map((edits) => {
        const b = Uint8Array.from(good);
        for (const [i, v] of edits) b[i] = v;
        return b;
      }),
    );
    fc.assert(
      fc.property(damaged, (icc) => {
        const out = render({
          description: { archive: 'pdfa2b', output_intent: { profile: 'p.icc' }, items: [] },
          parts: { 'p.icc': icc },
          now: NOW,
        });
        if (!out.ok) {
          expect(out.status).toBe(400);
          expect(out.path).toMatch(/^\/(output_intent|archive)/);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  });
});
