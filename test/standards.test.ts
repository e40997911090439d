// test/standards.test.ts — archive claims, version, metadata, output intent and compression (issue 7),
// judged by tools nobody here wrote: Apache PDFBox Preflight (PDF/A-1b), qpdf (--check, --json),
// poppler (pdfinfo, pdfinfo -meta). Every refusal of the area with status, word, pointer and sentence.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { srgbProfile } from '../engines/pdf/srgb.js';
import { readStandards } from '../ir/read/standards.js';
import { checkStandards } from '../passes/cross-refusals/standards.js';
import { render } from '../src/library.js';
import { CORPUS_NOW, listCases } from '../tools/corpus-lib.js';
import { helloDescription, NOW } from './support/fixtures.js';
import { deref, pdfInfo, pdfMeta, preflight, qpdfCheck, qpdfObjects } from './support/pdf-tools.js';
import { claimed, expectRefusal, ghostscriptProfile, ok, TAGGING_LICENCE } from './support/standards.js';

const FULL_METADATA = {
  title: 'Annual report (draft) & <notes>',
  author: 'Jörg Müller',
  subject: 'Accounts "2026"',
  keywords: 'archive, report',
  creator: 'Ledger 7',
  producer: 'quire tests',
  created: '2026-11-22T12:00:00+01:00',
  modified: '2026-11-23T08:30:15Z',
  trapped: false,
};

function catalogOf(pdf: Uint8Array) {
  const { objects, trailer, version } = qpdfObjects(pdf);
  return { objects, trailer, version, catalog: deref(objects, trailer['/Root']) };
}

describe('archive pdfa1b', () => {
  const docs = {
    full: ok(claimed('pdfa1b', { metadata: FULL_METADATA })).pdf,
    bare: ok(claimed('pdfa1b')).pdf,
    dateOnly: ok(claimed('pdfa1b', { metadata: { title: 'T', created: '2026-11-22' } })).pdf,
    noOffset: ok(claimed('pdfa1b', { metadata: { created: '2026-11-22T09:15:00' } })).pdf,
    schemas: ok(
      claimed('pdfa1b', {
        metadata: {
          title: 'With a schema',
          schemas: [
            {
              namespace: 'http://ns.example.com/case/1.0/',
              prefix: 'case',
              description: 'Case file',
              properties: { number: 'C-17', pages: 3, ratio: 0.75, sealed: true, parties: ['A', 'B'] },
            },
          ],
        },
        page_metadata: [
          {
            page: 1,
            facts: {
              title: 'Cover page',
              schemas: [{ namespace: 'http://ns.example.com/page/1.0/', prefix: 'pg', properties: { role: 'cover' } }],
            },
          },
        ],
      }),
    ).pdf,
    suppliedProfile: ok(
      claimed('pdfa1b', {
        output_intent: { profile: 'srgb.icc', identifier: 'sRGB', info: 'the same sRGB, supplied' },
      }),
      { 'srgb.icc': srgbProfile() },
    ).pdf,
    cmyk: ok(
      helloDescription({
        archive: 'pdfa1b',
        output_intent: {
          profile: 'swop.icc',
          identifier: 'CGATS TR 001',
          registry: 'http://www.color.org',
          condition: 'SWOP',
        },
        items: [
          { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [0, 1, 1, 0] },
          { type: 'rect', rect: { llx: 50, lly: 600, urx: 200, ury: 650 }, fill: [0.5] },
        ],
      }),
      { 'swop.icc': ghostscriptProfile('default_cmyk.icc') },
    ).pdf,
    compressed: ok(claimed('pdfa1b', { compression: 9 })).pdf,
  };

  it('passes Apache PDFBox Preflight, every variant (and the same page unclaimed does not)', () => {
    const names = Object.keys(docs);
    const verdicts = preflight([...Object.values(docs), ok(helloDescription()).pdf]);
    expect(Object.fromEntries(names.map((n, i) => [n, verdicts[i]]))).toEqual(
      Object.fromEntries(names.map((n) => [n, 'PASS'])),
    );
    // The control: no XMP (7.1), no output intent (2.4.x), no CIDSet (3.1.11).
    expect(verdicts[names.length]).toMatch(/^FAIL\t.*7\.1/);
  });

  it('passes qpdf --check and declares PDF 1.4 with a classic cross-reference table, compression or not', () => {
    for (const pdf of Object.values(docs)) {
      expect(qpdfCheck(pdf).code).toBe(0);
      expect(Buffer.from(pdf.subarray(0, 9)).toString()).toBe('%PDF-1.4\n');
    }
    expect(Buffer.from(docs.compressed).toString('latin1')).not.toContain('/ObjStm');
  });

  it('identifies itself as PDF/A-1b in XMP, with an sRGB output intent', () => {
    const meta = pdfMeta(docs.bare);
    expect(meta).toContain('<pdfaid:part>1</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(meta).not.toContain('InstanceID'); // XMP 2004, which PDF/A-1 reads, has none
    const { objects, catalog } = catalogOf(docs.bare);
    const [intent] = deref(objects, catalog['/OutputIntents']);
    expect(intent).toMatchObject({ '/S': '/GTS_PDFA1', '/OutputConditionIdentifier': 'u:sRGB IEC61966-2.1' });
    expect(objects[intent['/DestOutputProfile']]).toMatchObject({ '/N': 3 });
  });

  it('writes a CIDSet for each CID font subset', () => {
    const { objects } = catalogOf(docs.bare);
    const descriptors = Object.values(objects).filter((o) => o?.['/Type'] === '/FontDescriptor');
    expect(descriptors.length).toBeGreaterThan(0);
    for (const d of descriptors) expect(d['/CIDSet']).toMatch(/ R$/);
  });
});

describe('metadata', () => {
  const pdf = ok(helloDescription({ metadata: FULL_METADATA })).pdf;

  it('writes the Info dictionary, read back by pdfinfo', () => {
    const info = pdfInfo(pdf);
    expect(info).toMatchObject({
      Title: FULL_METADATA.title,
      Author: FULL_METADATA.author,
      Subject: FULL_METADATA.subject,
      Keywords: FULL_METADATA.keywords,
      Creator: FULL_METADATA.creator,
      Producer: FULL_METADATA.producer,
    });
    expect(info.CreationDate).toMatch(/Nov 22 11:00:00 2026 UTC/);
    expect(info.ModDate).toMatch(/Nov 23 08:30:15 2026 UTC/);
    const { trailer, objects } = catalogOf(pdf);
    expect(deref(objects, trailer['/Info'])).toMatchObject({
      '/CreationDate': "u:D:20261122120000+01'00'",
      '/ModDate': 'u:D:20261123083015Z',
      '/Trapped': '/False',
    });
  });

  it('writes the same facts into the XMP packet, escaped', () => {
    const meta = pdfMeta(pdf);
    expect(meta).toContain('<rdf:li xml:lang="x-default">Annual report (draft) &amp; &lt;notes&gt;</rdf:li>');
    expect(meta).toContain('<rdf:li>Jörg Müller</rdf:li>');
    expect(meta).toContain('Accounts &quot;2026&quot;');
    expect(meta).toContain('<xmp:CreateDate>2026-11-22T12:00:00+01:00</xmp:CreateDate>');
    expect(meta).toContain('<xmp:ModifyDate>2026-11-23T08:30:15Z</xmp:ModifyDate>');
    expect(meta).toContain('<xmp:CreatorTool>Ledger 7</xmp:CreatorTool>');
    expect(meta).toContain('<pdf:Producer>quire tests</pdf:Producer>');
    expect(meta).toContain('<pdf:Trapped>False</pdf:Trapped>');
    expect(meta).not.toContain('pdfaid'); // no claim, no identification
  });

  it('writes nothing it was not told: no metadata, no Info, no packet', () => {
    const { trailer, catalog } = catalogOf(ok(helloDescription()).pdf);
    expect(trailer['/Info']).toBeUndefined();
    expect(catalog['/Metadata']).toBeUndefined();
  });

  it('describes extra schemas as PDF/A extension schemas under a claim', () => {
    const meta = pdfMeta(
      ok(
        claimed('pdfa2b', {
          metadata: {
            schemas: [
              {
                namespace: 'http://ns.example.com/case/1.0/',
                prefix: 'case',
                properties: { number: 'C-17', pages: 3, sealed: true, parties: ['A', 'B'] },
              },
            ],
          },
        }),
      ).pdf,
    );
    expect(meta).toContain('<case:number>C-17</case:number>');
    expect(meta).toContain('<case:pages>3</case:pages>');
    expect(meta).toContain('<case:sealed>True</case:sealed>');
    expect(meta).toContain('<case:parties><rdf:Seq><rdf:li>A</rdf:li><rdf:li>B</rdf:li></rdf:Seq></case:parties>');
    expect(meta).toContain('<pdfaSchema:namespaceURI>http://ns.example.com/case/1.0/</pdfaSchema:namespaceURI>');
    expect(meta).toContain('<pdfaProperty:valueType>seq Text</pdfaProperty:valueType>');
    expect(meta).toContain('<pdfaProperty:valueType>Integer</pdfaProperty:valueType>');
  });

  it('refuses what XML or a date cannot carry, and schema names that clash', () => {
    expectRefusal(
      helloDescription({ metadata: { created: '22.11.2026' } }),
      undefined,
      400,
      'description',
      '/metadata/created',
      '/metadata/created',
      '22.11.2026',
    );
    expectRefusal(
      helloDescription({ metadata: { created: '2026-02-30' } }),
      undefined,
      400,
      'description',
      '/metadata/created',
      'ISO 8601',
    );
    expectRefusal(
      helloDescription({ metadata: { title: 'bell\u0007' } }),
      undefined,
      400,
      'description',
      '/metadata/title',
      'U+0007',
    );
    const schema = (s: Record<string, unknown>) =>
      helloDescription({
        metadata: { schemas: [{ namespace: 'http://ns.example.com/x/', prefix: 'ex', properties: {}, ...s }] },
      });
    expectRefusal(schema({ prefix: '1bad' }), undefined, 400, 'description', '/metadata/schemas/0/prefix', '"1bad"');
    expectRefusal(schema({ prefix: 'dc' }), undefined, 400, 'description', '/metadata/schemas/0/prefix', '"dc"');
    expectRefusal(
      schema({ namespace: 'http://purl.org/dc/elements/1.1/' }),
      undefined,
      400,
      'description',
      '/metadata/schemas/0/namespace',
      'http://purl.org/dc/elements/1.1/',
    );
    expectRefusal(
      schema({ properties: { 'has space': 'x' } }),
      undefined,
      400,
      'description',
      '/metadata/schemas/0/properties/has space',
      '"has space"',
    );
    expectRefusal(
      helloDescription({
        metadata: {
          schemas: [
            { namespace: 'a:', prefix: 'ex', properties: {} },
            { namespace: 'b:', prefix: 'ex', properties: {} },
          ],
        },
      }),
      undefined,
      400,
      'description',
      '/metadata/schemas/1/prefix',
      '"ex"',
      '/metadata/schemas/0/prefix',
    );
  });
});

describe('archive pdfa2b, 2u, 3b, 3u, 4, 4f, 4e', () => {
  it.each(['pdfa2b', 'pdfa2u', 'pdfa3b', 'pdfa3u'])(
    '%s: PDF 1.7, output intent, pdfaid in XMP, Info beside it',
    (claim) => {
      const pdf = ok(claimed(claim, { metadata: { title: 'T', created: '2026-11-22T12:00:00Z' } })).pdf;
      expect(qpdfCheck(pdf).code).toBe(0);
      const { objects, catalog, trailer, version } = catalogOf(pdf);
      expect(version).toBe('1.7');
      expect(deref(objects, catalog['/OutputIntents'])).toHaveLength(1);
      expect(objects[catalog['/Metadata']]).toMatchObject({ '/Type': '/Metadata', '/Subtype': '/XML' });
      expect(objects[catalog['/Metadata']]['/Filter']).toBeUndefined();
      expect(deref(objects, trailer['/Info'])).toMatchObject({ '/Title': 'u:T' });
      const meta = pdfMeta(pdf);
      expect(meta).toContain(`<pdfaid:part>${claim[4]}</pdfaid:part>`);
      expect(meta).toContain(`<pdfaid:conformance>${claim[5].toUpperCase()}</pdfaid:conformance>`);
      expect(meta).toContain('<xmpMM:InstanceID>uuid:');
    },
  );

  it.each([
    ['pdfa4', undefined],
    ['pdfa4e', 'E'],
  ])('%s: PDF 2.0, no Info dictionary, pdfaid:rev 2020', (claim, conformance) => {
    const pdf = ok(claimed(claim, { metadata: { title: 'Four', created: '2026-11-22T12:00:00Z' } })).pdf;
    expect(qpdfCheck(pdf).code).toBe(0);
    const { catalog, trailer, version } = catalogOf(pdf);
    expect(version).toBe('2.0');
    expect(trailer['/Info']).toBeUndefined();
    expect(catalog['/OutputIntents']).toBeDefined();
    const meta = pdfMeta(pdf);
    expect(meta).toContain('<pdfaid:part>4</pdfaid:part>');
    expect(meta).toContain('<pdfaid:rev>2020</pdfaid:rev>');
    expect(meta).toContain('<rdf:li xml:lang="x-default">Four</rdf:li>');
    if (conformance) expect(meta).toContain(`<pdfaid:conformance>${conformance}</pdfaid:conformance>`);
    else expect(meta).not.toContain('pdfaid:conformance');
  });

  it('refuses a declared version the claim sets aside, naming both', () => {
    expectRefusal(
      claimed('pdfa1b', { version: '1.7' }),
      undefined,
      400,
      'description',
      '/archive',
      'pdfa1b',
      '/version',
      '1.7',
    );
    expectRefusal(
      claimed('pdfa2b', { version: '2.0' }),
      undefined,
      400,
      'description',
      '/archive',
      'pdfa2b',
      '/version',
      '2.0',
    );
    expectRefusal(
      claimed('pdfa4', { version: '1.7' }),
      undefined,
      400,
      'description',
      '/archive',
      'pdfa4',
      '/version',
      '1.7',
    );
  });

  it('accepts an older declared version under PDF/A-2', () => {
    expect(catalogOf(ok(claimed('pdfa2b', { version: '1.6' })).pdf).version).toBe('1.6');
  });
});

describe('levels resting on tagging, and accessible', () => {
  it.each([
    ['archive', 'pdfa1a'],
    ['archive', 'pdfa2a'],
    ['archive', 'pdfa3a'],
    ['accessible', 'pdfua1'],
    ['accessible', 'pdfua2'],
  ])('%s = %s needs a licence (402); licensed, it needs structure (test/structure.test.ts draws it)', (key, value) => {
    const d = helloDescription({ [key]: value, metadata: { title: 'T' } });
    const r = render({ description: d, now: NOW });
    expect(r).toMatchObject({ ok: false, status: 402, word: 'needs_a_licence', path: `/${key}` });
    if (!r.ok) expect(r.sentence).toContain(`/${key} = "${value}"`);
    const licensed = render({ description: d, now: NOW, service: { licence: TAGGING_LICENCE } });
    expect(licensed).toMatchObject({ ok: false, status: 400, word: 'description', path: `/${key}` });
    if (!licensed.ok) expect(licensed.sentence).toContain('structure');
  });
});

describe('version', () => {
  it('is declared in the header as stated', () => {
    expect(catalogOf(ok(helloDescription({ version: '1.5' })).pdf).version).toBe('1.5');
    expect(pdfInfo(ok(helloDescription({ version: '2.0' })).pdf)['PDF version']).toBe('2.0');
  });

  it('refuses declarations older than the features used, naming the feature', () => {
    expectRefusal(helloDescription({ version: '1.1' }), undefined, 400, 'description', '/version', '"1.1"', '1.2');
    expectRefusal(helloDescription({ version: '1.2' }), undefined, 400, 'description', '/version', '1.3', '/items/1');
    expectRefusal(
      helloDescription({ version: '1.3', metadata: { title: 'x' } }),
      undefined,
      400,
      'description',
      '/version',
      '1.4',
      '/metadata',
    );
    expectRefusal(
      helloDescription({ version: '1.4', compression: { object_streams: true } }),
      undefined,
      400,
      'description',
      '/version',
      '1.5',
      '/compression/object_streams',
    );
    expectRefusal(helloDescription({ version: '9.9' }), undefined, 400, 'description', '/version', '/version');
  });

  it('refuses declarations older than layers, tab orders, tilings and shadings need, naming the key and the version', () => {
    // a page with one rect and nothing else (text would need 1.3 of its own)
    const bare = (extra: Record<string, unknown>) => ({
      items: [{ type: 'rect', rect: { llx: 50, lly: 50, urx: 150, ury: 150 }, fill: [0.5] }],
      ...extra,
    });
    const tiling = {
      name: 'dots',
      box: { x: 0, y: 0, width: 4, height: 4 },
      step: [4, 4],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 2, ury: 2 }, fill: [0] }],
    };
    const shading = { name: 'g', shading: { axial: { from: [0, 0], to: [100, 0], start: [1, 0, 0], end: [0, 0, 1] } } };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ layers: [{ name: 'ink' }] }, '1.4', '1.5', '/layers/0'],
      [{ page_tab_orders: [{ page: 1, order: 'row' }] }, '1.4', '1.5', '/page_tab_orders/0'],
      [{ shadings: [shading] }, '1.2', '1.3', '/shadings/0'],
    ];
    for (const [extra, declared, needed, key] of cases) {
      const r = expectRefusal(
        bare({ version: declared, ...extra }),
        undefined,
        400,
        'description',
        '/version',
        `"${declared}"`,
        needed,
        key,
      );
      expect(r.sentence).toContain(`/version = "${declared}" is older than PDF ${needed}`);
      // the version the feature needs is accepted
      expect(catalogOf(ok(bare({ version: needed, ...extra })).pdf).version).toBe(needed);
    }
    // a tiling needs 1.2, as every document's Flate streams do: the tiling is the reason named
    expectRefusal(
      bare({ version: '1.1', tilings: [tiling] }),
      undefined,
      400,
      'description',
      '/version',
      '1.2',
      'the tiling "dots"',
      '/tilings/0',
    );
    expect(catalogOf(ok(bare({ version: '1.2', tilings: [tiling] })).pdf).version).toBe('1.2');
  });
});

describe('output_intent', () => {
  const swop = ghostscriptProfile('default_cmyk.icc');

  it('writes a supplied profile with its component count, identifier defaulting to its own description', () => {
    const pdf = ok(helloDescription({ output_intent: { profile: 'swop.icc', info: 'US web coated' }, items: [] }), {
      'swop.icc': swop,
    }).pdf;
    const { objects, catalog } = catalogOf(pdf);
    const [intent] = deref(objects, catalog['/OutputIntents']);
    expect(intent).toMatchObject({
      '/OutputConditionIdentifier': 'u:Artifex CMYK SWOP Profile',
      '/Info': 'u:US web coated',
    });
    expect(objects[intent['/DestOutputProfile']]).toMatchObject({ '/N': 4 });
  });

  it('the sRGB profile the service holds is an ICC v2 display profile', () => {
    const p = srgbProfile();
    expect(Buffer.from(p.subarray(36, 40)).toString()).toBe('acsp');
    expect(Buffer.from(p.subarray(12, 20)).toString()).toBe('mntrRGB ');
    expect(p[8]).toBe(2);
    expect((p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]).toBe(p.length);
  });

  it("refuses device colour outside the intent's space under a claim, naming the colour and the intent", () => {
    const cmykFill = { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, fill: [0, 0, 0, 1] }] };
    expectRefusal(
      helloDescription({ archive: 'pdfa2b', ...cmykFill }),
      undefined,
      400,
      'description',
      '/items/0/fill',
      '/items/0/fill',
      'CMYK',
      'pdfa2b',
      'RGB',
    );
    expectRefusal(
      helloDescription({ archive: 'pdfa1b', output_intent: { profile: 'swop.icc' } }),
      { 'swop.icc': swop },
      400,
      'description',
      '/items/0/fill',
      'RGB',
      '/output_intent',
      'CMYK',
    );
    // Without a claim, any device colour goes.
    ok(helloDescription({ output_intent: { profile: 'swop.icc' } }), { 'swop.icc': swop });
  });

  it('refuses profiles that cannot serve', () => {
    expectRefusal(
      helloDescription({ output_intent: { profile: 'lab.icc' } }),
      { 'lab.icc': ghostscriptProfile('lab.icc') },
      400,
      'description',
      '/output_intent/profile',
      '"lab.icc"',
      'spac',
    );
    expectRefusal(
      helloDescription({ output_intent: { profile: 'x.icc' } }),
      { 'x.icc': new Uint8Array(500) },
      400,
      'description',
      '/output_intent/profile',
      'acsp',
    );
    expectRefusal(
      helloDescription({ output_intent: { profile: 'gone.icc' } }),
      undefined,
      400,
      'description',
      '/output_intent/profile',
      '"gone.icc"',
    );
    expectRefusal(
      helloDescription({ output_intent: { profile: 'swop.icc', components: 3 } }),
      { 'swop.icc': swop },
      400,
      'description',
      '/output_intent/components',
      '4 components',
    );
    expectRefusal(
      claimed('pdfa1b', { output_intent: { profile: 'v4.icc' }, items: [] }),
      { 'v4.icc': ghostscriptProfile('ps_cmyk.icc') },
      400,
      'description',
      '/archive',
      'pdfa1b',
      '/output_intent/profile',
      'version 2',
    );
    expectRefusal(
      helloDescription({ version: '1.4', output_intent: { profile: 'v4.icc' }, items: [] }),
      { 'v4.icc': ghostscriptProfile('ps_cmyk.icc') },
      400,
      'description',
      '/version',
      '1.5',
    );
    // A version 4 profile under PDF/A-2 is fine.
    ok(claimed('pdfa2b', { output_intent: { profile: 'v4.icc' }, items: [] }), {
      'v4.icc': ghostscriptProfile('ps_cmyk.icc'),
    });
  });
});

describe('compression', () => {
  const big = (compression: unknown) =>
    helloDescription({
      compression,
      items: Array.from({ length: 30 }, (_, i) => ({
        type: 'text',
        pages: [i + 1],
        rect: { llx: 72, lly: 72, urx: 500, ury: 770 },
        content: [`Page ${i + 1}: ` + 'the quick brown fox jumps over the lazy dog. '.repeat(40)],
        font: 'Body',
        font_size: 11,
      })),
    });

  it('packs objects into object streams with a cross-reference stream where the version allows', () => {
    const pdf = ok(big({ level: 9 })).pdf;
    expect(qpdfCheck(pdf).code).toBe(0);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toContain('/Type /ObjStm');
    expect(text).toContain('/Type /XRef');
    expect(text).not.toMatch(/\nxref\n/);
    expect(pdfInfo(pdf).Pages).toBe('30');
  });

  /** The page content streams of a file without object streams, as written (deflated) and inflated. */
  const contents = (pdf: Uint8Array): { z: Buffer; raw: Buffer }[] => {
    const { objects } = qpdfObjects(pdf);
    const pageContents = new Set(
      Object.values(objects)
        .filter((o) => o?.['/Type'] === '/Page')
        .map((o) => Number.parseInt(o['/Contents'], 10)),
    );
    const b = Buffer.from(pdf);
    const s = b.toString('latin1');
    const out: { z: Buffer; raw: Buffer }[] = [];
    for (const m of s.matchAll(/\n(\d+) 0 obj\n<<\n\/Filter \/FlateDecode\n\/Length (\d+)\n>>\nstream\n/g)) {
      if (!pageContents.has(Number(m[1]))) continue;
      const z = b.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[2]));
      out.push({ z, raw: inflateSync(z) });
    }
    return out;
  };

  it('level 1 writes larger streams than level 9, each at exactly its level; absent: 6, then 4 past 64 KB, and a classic table', () => {
    const l1 = ok(big({ level: 1, object_streams: false })).pdf;
    const l6 = ok(big({ level: 6, object_streams: false })).pdf;
    const l9 = ok(big({ level: 9, object_streams: false })).pdf;
    const none = ok(big(undefined)).pdf;
    expect(l1.length).toBeGreaterThan(l9.length);
    expect(Buffer.from(l9).toString('latin1')).toMatch(/\nxref\n/);
    expect(Buffer.from(none).toString('latin1')).toMatch(/\nxref\n/);
    for (const [pdf, level] of [
      [l1, 1],
      [l6, 6],
      [l9, 9],
    ] as const) {
      const streams = contents(pdf);
      expect(streams.length).toBe(30);
      for (const { z, raw } of streams) expect(Buffer.compare(z, deflateSync(raw, { level }))).toBe(0);
    }
    // Without compression (docs/reference.md, compression): the first 64 KB of page content at level 6,
    // each page after at level 4; this document has both.
    let before = 0;
    const levels = contents(none).map(({ z, raw }) => {
      const level = before >= 64 * 1024 ? 4 : 6;
      before += raw.length;
      expect(Buffer.compare(z, deflateSync(raw, { level }))).toBe(0);
      return level;
    });
    expect(levels).toContain(6);
    expect(levels).toContain(4);
    for (const pdf of [l1, l6, l9, none]) expect(qpdfCheck(pdf).code).toBe(0);
  });

  it('keeps a classic table below PDF 1.5', () => {
    expect(Buffer.from(ok(helloDescription({ compression: 9, version: '1.4' })).pdf).toString('latin1')).not.toContain(
      '/ObjStm',
    );
  });

  it('refuses a level outside 1 to 9, and object streams under PDF/A-1', () => {
    expectRefusal(
      helloDescription({ compression: 0 }),
      undefined,
      400,
      'description',
      '/compression',
      '/compression',
      '0',
      '1 to 9',
    );
    expectRefusal(
      helloDescription({ compression: { level: 10 } }),
      undefined,
      400,
      'description',
      '/compression/level',
      '10',
      '1 to 9',
    );
    expectRefusal(helloDescription({ compression: 2.5 }), undefined, 400, 'description', '/compression', '2.5');
    expectRefusal(
      claimed('pdfa1b', { compression: { object_streams: true } }),
      undefined,
      400,
      'description',
      '/archive',
      'pdfa1b',
      '/compression/object_streams',
    );
  });
});

describe('metadata text, any text', () => {
  it('is refused naming the key, or written so the packet is well-formed XML that reads back the same', () => {
    const parser = new XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      trimValues: false,
      htmlEntities: true,
    });
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.stringMatching(/^[\r\n\t &<>"'a-z]{0,12}$/)),
        (title) => {
          const out = render({ description: { items: [], metadata: { title } }, now: NOW });
          if (!out.ok) {
            expect({ status: out.status, path: out.path }).toEqual({ status: 400, path: '/metadata/title' });
            return;
          }
          const text = Buffer.from(out.pdf).toString('utf8');
          const packet = text.slice(text.indexOf('<x:xmpmeta'), text.indexOf('</x:xmpmeta>') + 12);
          expect(XMLValidator.validate(packet)).toBe(true);
          const descriptions = [parser.parse(packet)['x:xmpmeta']['rdf:RDF']['rdf:Description']].flat();
          const li = descriptions[0]['dc:title']['rdf:Alt']['rdf:li'];
          expect(String(li)).toBe(title);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('corpus cases claiming PDF/A-1b', () => {
  it('pass Apache PDFBox Preflight', () => {
    const cases = listCases().filter(
      (dir) => JSON.parse(readFileSync(join(dir, 'request.json'), 'utf8')).archive === 'pdfa1b',
    );
    expect(cases.length).toBeGreaterThan(0);
    const pdfs = cases.map((dir) => {
      const parts: Record<string, Uint8Array> = {};
      if (existsSync(join(dir, 'parts')))
        for (const n of readdirSync(join(dir, 'parts'))) parts[n] = readFileSync(join(dir, 'parts', n));
      return ok(readFileSync(join(dir, 'request.json')), parts, { now: CORPUS_NOW }).pdf;
    });
    expect(preflight(pdfs)).toEqual(cases.map(() => 'PASS'));
  });
});

describe('what PDF/A sets aside among graphics states, layers and image masks', () => {
  // These keys are drawn by other areas; the check reads the description as written, so it holds
  // whichever IR they build. Run here on the standards reading and the cross-refusal check alone.
  const check = (d: Record<string, unknown>) => {
    try {
      checkStandards({ standards: readStandards(d as never) }, [], {
        parts: new Map(),
        client: { features: new Set(), pageCeiling: 10, known: false },
        now: NOW,
        remarks: [],
      } as never);
      return undefined;
    } catch (e) {
      return (e as { refusal: { status: number; path: string; sentence: string } }).refusal;
    }
  };
  const gs = (state: Record<string, unknown>) => ({ graphics_states: [{ name: 'G', state }] });

  it('refuses transparency and layers under PDF/A-1, naming both', () => {
    for (const [extra, path] of [
      [gs({ fill_alpha: 0.5 }), '/graphics_states/0/state/fill_alpha'],
      [gs({ stroke_alpha: 0 }), '/graphics_states/0/state/stroke_alpha'],
      [gs({ blend_mode: 'multiply' }), '/graphics_states/0/state/blend_mode'],
      [gs({ mask: { drawing: 'M' } }), '/graphics_states/0/state/mask'],
      [{ layers: [{ name: 'L' }] }, '/layers'],
      [{ images: [{ name: 'i.png', soft_mask: 'm.png' }] }, '/images/0/soft_mask'],
    ] as const) {
      const r = check({ archive: 'pdfa1b', ...extra });
      expect(r, path).toMatchObject({ status: 400, path: '/archive' });
      expect(r!.sentence).toContain('"pdfa1b"');
      expect(r!.sentence).toContain(path);
      expect(check({ archive: 'pdfa2b', ...extra }), path).toBeUndefined();
    }
    expect(
      check({ archive: 'pdfa1b', ...gs({ fill_alpha: 1, blend_mode: 'normal', transfer: 'page' }) }),
    ).toBeUndefined();
  });

  it('writes layers under PDF/A-2, 3 and 4 with zero findings, and refuses a layer kept off paper under 2 and 3', () => {
    const layered = (archive: string, layer: Record<string, unknown>) =>
      helloDescription({
        archive,
        layers: [layer],
        items: [
          ...(helloDescription().items as unknown[]),
          { type: 'rect', layer: layer.name, rect: { llx: 10, lly: 10, urx: 40, ury: 40 }, fill: [0, 0, 1] },
        ],
      });
    for (const archive of ['pdfa2b', 'pdfa3b', 'pdfa4']) {
      const out = ok(layered(archive, { name: 'ink', visible: false }));
      expect(
        out.findings.map((f) => `${f.clause}-t${f.test} ${f.message}`),
        archive,
      ).toEqual([]);
      const { objects, catalog } = catalogOf(out.pdf);
      const d = deref(objects, deref(objects, catalog['/OCProperties'])['/D']);
      expect(d['/Name']).toBeDefined();
      // the usage application dictionaries are what PDF/A-2 and 3 set aside; PDF/A-4 keeps them
      expect(d['/AS'] !== undefined, archive).toBe(archive === 'pdfa4');
    }
    for (const archive of ['pdfa2b', 'pdfa3u']) {
      expectRefusal(
        layered(archive, { name: 'ink', printable: false }),
        undefined,
        400,
        'description',
        '/archive',
        `"${archive}"`,
        '/layers/0/printable',
        'AS',
      );
    }
    expect(ok(layered('pdfa4', { name: 'ink', printable: false })).findings).toEqual([]);
  });

  it('refuses transfer functions under every part', () => {
    for (const archive of ['pdfa1b', 'pdfa2b', 'pdfa4']) {
      expect(check({ archive, ...gs({ transfer: { every: { low: [0], high: [1] } } }) })).toMatchObject({
        path: '/archive',
      });
    }
    expect(check(gs({ transfer: { every: {} } }))).toBeUndefined();
  });
});

describe('implementation limits of the claimed part', () => {
  it('refuses a sheet under 3 points under PDF/A-1 to 3, and past 14 400 under any claim (issue 20), naming the key', () => {
    for (const claim of ['pdfa2b', 'pdfa4'])
      expectRefusal(
        claimed(claim, { page: { width: 20000, height: 800 } }),
        undefined,
        400,
        'description',
        '/page/width',
        '20000 points',
        'at most 14400',
      );
    expectRefusal(
      claimed('pdfa1b', { page_sizes: [{ page: 1, width: 2, height: 800 }] }),
      undefined,
      400,
      'description',
      '/archive',
      'page 1',
      '3 to 14400',
    );
    expect(ok(claimed('pdfa4', { page: { width: 2, height: 800 } })).pages).toBe(1);
  });

  it('refuses a string longer than the part takes (PDF/A-2: 32 767 bytes, PDF/A-1: 65 535)', () => {
    expectRefusal(
      claimed('pdfa2b', { metadata: { title: 'x'.repeat(32768) } }),
      undefined,
      400,
      'description',
      '/archive',
      '/metadata/title',
      '32767',
    );
    expectRefusal(
      claimed('pdfa2b', { metadata: { subject: 'é'.repeat(16383) } }),
      undefined,
      400,
      'description',
      '/archive',
      '/metadata/subject',
      '32768',
    );
    expect(ok(claimed('pdfa1b', { metadata: { title: 'x'.repeat(32768) } })).pages).toBe(1);
    expect(ok(helloDescription({ metadata: { title: 'x'.repeat(70000) } })).pages).toBe(1);
  });
});

describe('level U: every glyph maps to Unicode', () => {
  // A glyph that only continues a cluster (text '') cannot be drawn by Noto Sans's Latin text, so the
  // laid-out IR is edited the way a multi-glyph cluster would leave it, then written.
  const deduped = async (claim: string) => {
    const { readDescription } = await import('../ir/read.js');
    const { PASSES } = await import('../passes/index.js');
    const ctx = {
      parts: new Map(),
      client: { features: new Set(), pageCeiling: 10, known: false },
      now: NOW,
      remarks: [],
    } as never;
    let ir: any = readDescription(helloDescription({ archive: claim }));
    for (const pass of PASSES.slice(0, -1) as readonly { run(ir: unknown, ctx: never): unknown }[])
      ir = pass.run(ir, ctx);
    // Copies: shaped runs are cached across renders, and editing them in place would leak into later tests.
    ir = {
      ...ir,
      pages: ir.pages.map((p: any) => ({
        ...p,
        ops: p.ops.map((o: any) => (o.op === 'glyphs' ? { ...o, text: [...o.text] } : o)),
      })),
      fonts: ir.fonts.map((f: any) => ({ ...f, used: new Map(f.used) })),
    };
    const op = ir.pages[0].ops.find((o: any) => o.op === 'glyphs');
    const glyph = op.glyphs[0];
    op.text[0] = '';
    for (const f of ir.fonts) f.used.set(glyph, '');
    return { ir, ctx, emit: PASSES[PASSES.length - 1] as { run(ir: unknown, ctx: never): { pages: number } } };
  };

  it('refuses a glyph without text under pdfa2u and pdfa3u, naming the claim and the text', async () => {
    for (const claim of ['pdfa2u', 'pdfa3u']) {
      const { ir, ctx, emit } = await deduped(claim);
      expect(() => emit.run(ir, ctx)).toThrow(/"pdfa.u" sets aside the text at \/items\/1 on page 1/);
    }
  });

  it('writes it under level B', async () => {
    const { ir, ctx, emit } = await deduped('pdfa2b');
    expect(emit.run(ir, ctx).pages).toBe(1);
  });
});

describe('our own verifier measures every claim', () => {
  const note = {
    attachments: [
      {
        name: 'n.txt',
        file_name: 'n.txt',
        description: 'A note',
        media_type: 'text/plain',
        relationship: 'data',
        modified: '2026-11-20',
      },
    ],
  };
  it.each(['pdfa1b', 'pdfa2b', 'pdfa2u', 'pdfa3b', 'pdfa3u', 'pdfa4', 'pdfa4f', 'pdfa4e'])(
    '%s comes out with zero findings',
    (claim) => {
      const extra = claim === 'pdfa4f' || claim === 'pdfa3b' ? note : {};
      const out = ok(
        claimed(claim, { metadata: { title: 'Measured', author: 'Jörg', created: '2026-11-22T12:00:00Z' }, ...extra }),
        { 'n.txt': new TextEncoder().encode('x') },
      );
      expect(out.findings.map((f) => `${f.standard} ${f.clause}-t${f.test}: ${f.message}`)).toEqual([]);
    },
  );

  it('measures the claim itself, beside what check names', async () => {
    const { standardsToMeasure } = await import('../src/verify-step.js');
    expect(standardsToMeasure({ standards: readStandards({ archive: 'pdfa3b' } as never), check: ['pdfa2b'] })).toEqual(
      ['pdfa2b', 'pdfa3b'],
    );
  });

  it('and finds what a claim would miss: the same page measured as pdfa2b without the claim has findings', () => {
    expect(ok(helloDescription({ check: ['pdfa2b'] })).findings.length).toBeGreaterThan(0);
  });
});
