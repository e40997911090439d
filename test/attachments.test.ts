// test/attachments.test.ts — attachments, collection, page_files and page_metadata (issue 9): what
// pdfdetach, qpdf and pdfinfo read back, attachments under archive claims, and every refusal.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { helloDescription, NOW } from './support/fixtures.js';
import {
  deref,
  pdfDetachList,
  pdfDetachSave,
  pdfInfo,
  qpdfAttachments,
  qpdfCheck,
  qpdfObjects,
} from './support/pdf-tools.js';
import { expectRefusal, ok, pdfa2bFile } from './support/standards.js';

const enc = new TextEncoder();
const CSV = enc.encode('item,amount\nboxes,210.00\n');
const NOTE = enc.encode('Deliver to the rear entrance.\n');

const csv = {
  name: 'ledger.csv',
  file_name: 'Ledger 2026.csv',
  description: 'The ledger as CSV',
  media_type: 'text/csv',
  relationship: 'source',
  modified: '2026-11-20T08:00:00Z',
};
const note = {
  name: 'note.txt',
  file_name: 'Notiz für Müller.txt',
  description: 'Lieferhinweis (intern)',
  media_type: 'text/plain',
  relationship: 'supplement',
  modified: '2026-11-21',
};
const PARTS = { 'ledger.csv': CSV, 'note.txt': NOTE };

function twoPages(extra: Record<string, unknown> = {}) {
  const d = helloDescription(extra);
  (d.items as Record<string, unknown>[]).push({
    type: 'rect',
    pages: [2],
    rect: { llx: 10, lly: 10, urx: 20, ury: 20 },
    fill: [0],
  });
  return d;
}

function objectsOf(pdf: Uint8Array) {
  const q = qpdfObjects(pdf);
  const catalog = deref(q.objects, q.trailer['/Root']);
  const pages = deref(q.objects, deref(q.objects, catalog['/Pages'])['/Kids']).map((r: string) => q.objects[r]);
  return { ...q, catalog, pages };
}

describe('attachments', () => {
  const pdf = ok(twoPages({ attachments: [csv, note], page_files: [{ page: 2, files: ['note.txt'] }] }), PARTS).pdf;

  it('pdfdetach lists every attachment by its file name and gives back its bytes', () => {
    expect(qpdfCheck(pdf).code).toBe(0);
    const names = pdfDetachList(pdf);
    expect(names).toEqual(['Ledger 2026.csv', 'Notiz für Müller.txt']);
    expect(pdfDetachSave(pdf, 1).equals(Buffer.from(CSV))).toBe(true);
    expect(pdfDetachSave(pdf, 2).equals(Buffer.from(NOTE))).toBe(true);
  });

  it('carries the description, MIME type, modification date and MD5 checksum of each', () => {
    const list = qpdfAttachments(pdf);
    expect(list).toContain('ledger.csv -> ');
    expect(list).toContain('description: The ledger as CSV');
    expect(list).toContain('description: Lieferhinweis (intern)');
    expect(list).toContain('mime type: text/csv');
    expect(list).toContain('mime type: text/plain');
    expect(list).toContain('modification date: D:20261120080000Z');
    expect(list).toContain('modification date: D:20261121');
    expect(list).toContain(`checksum: ${createHash('md5').update(CSV).digest('hex')}`);
    const { objects } = objectsOf(pdf);
    const streams = Object.values(objects).filter((o) => o?.['/Type'] === '/EmbeddedFile');
    expect(streams.map((s) => s['/Params']['/Size']).sort()).toEqual([CSV.length, NOTE.length].sort());
  });

  it("a file a page claims is in that page's /AF; the others belong to the document", () => {
    const { objects, catalog, pages } = objectsOf(pdf);
    const docFiles = deref(objects, catalog['/AF']).map((r: string) => objects[r]);
    expect(docFiles.map((f: any) => f['/UF'])).toEqual(['u:Ledger 2026.csv']);
    expect(docFiles[0]['/AFRelationship']).toBe('/Source');
    expect(pages[0]['/AF']).toBeUndefined();
    const pageFiles = deref(objects, pages[1]['/AF']).map((r: string) => objects[r]);
    expect(pageFiles.map((f: any) => [f['/UF'], f['/AFRelationship'], f['/Desc']])).toEqual([
      ['u:Notiz für Müller.txt', '/Supplement', 'u:Lieferhinweis (intern)'],
    ]);
  });

  it('refuses what it cannot carry', () => {
    expectRefusal(
      helloDescription({ attachments: [csv] }),
      {},
      400,
      'description',
      '/attachments/0/name',
      '"ledger.csv"',
    );
    expectRefusal(
      helloDescription({ attachments: [csv, { ...note, name: 'ledger.csv' }] }),
      PARTS,
      400,
      'description',
      '/attachments/1/name',
      '"ledger.csv"',
      '/attachments/0/name',
    );
    expectRefusal(
      helloDescription({ attachments: [{ ...csv, media_type: 'csv' }] }),
      PARTS,
      400,
      'description',
      '/attachments/0/media_type',
      '"csv"',
    );
    expectRefusal(
      helloDescription({ attachments: [{ ...csv, relationship: undefined }] }),
      PARTS,
      400,
      'description',
      '/attachments/0/relationship',
      'relationship',
    );
    expectRefusal(
      helloDescription({ attachments: [{ ...csv, modified: 'last week' }] }),
      PARTS,
      400,
      'description',
      '/attachments/0/modified',
      'last week',
    );
    expectRefusal(
      helloDescription({ attachments: [csv], page_files: [{ page: 1, files: ['nope'] }] }),
      PARTS,
      400,
      'description',
      '/page_files/0/files/0',
      '"nope"',
    );
    expectRefusal(
      helloDescription({ attachments: [csv], page_files: [{ page: 3, files: ['ledger.csv'] }] }),
      PARTS,
      400,
      'description',
      '/page_files/0/page',
      'page 3',
      '1 pages',
    );
  });
});

describe('attachments under an archive claim', () => {
  it('pdfa1b carries none, and no portfolio', () => {
    expectRefusal(
      helloDescription({ archive: 'pdfa1b', attachments: [csv] }),
      PARTS,
      400,
      'description',
      '/archive',
      '"pdfa1b"',
      '/attachments/0',
    );
    expectRefusal(
      helloDescription({ archive: 'pdfa1b', collection: {} }),
      PARTS,
      400,
      'description',
      '/archive',
      '"pdfa1b"',
      '/collection',
    );
  });

  it('pdfa2b and pdfa4 carry only PDF/A files; pdfa3b and pdfa4f any file', () => {
    expectRefusal(
      helloDescription({ archive: 'pdfa2b', attachments: [csv] }),
      PARTS,
      400,
      'description',
      '/archive',
      '"pdfa2b"',
      '/attachments/0',
      'ledger.csv',
      'PDF/A',
    );
    expectRefusal(
      helloDescription({ archive: 'pdfa4', attachments: [csv] }),
      PARTS,
      400,
      'description',
      '/archive',
      '"pdfa4"',
      '/attachments/0',
    );
    const pdfA = {
      name: 'report.pdf',
      file_name: 'report.pdf',
      description: 'The report',
      media_type: 'application/pdf',
      relationship: 'source',
      modified: '2026-11-20',
    };
    const inner = pdfa2bFile();
    for (const archive of ['pdfa2b', 'pdfa4']) {
      const pdf = ok(helloDescription({ archive, attachments: [pdfA] }), { 'report.pdf': inner }).pdf;
      expect(pdfDetachList(pdf)).toEqual(['report.pdf']);
    }
    for (const archive of ['pdfa3b', 'pdfa4f', 'pdfa4e']) {
      const pdf = ok(helloDescription({ archive, attachments: [csv] }), PARTS).pdf;
      expect(qpdfCheck(pdf).code).toBe(0);
      expect(qpdfAttachments(pdf)).toContain('mime type: text/csv');
    }
  });

  it('pdfa4f needs at least one attachment', () => {
    expectRefusal(
      helloDescription({ archive: 'pdfa4f' }),
      undefined,
      400,
      'description',
      '/archive',
      '"pdfa4f"',
      'attachment',
    );
  });
});

describe('collection', () => {
  const columns = [
    { key: 'dept', title: 'Department', data: 'text' },
    { key: 'due', title: 'Due', data: 'date' },
    { key: 'amount', title: 'Amount', data: 'number' },
    { key: 'fn', title: 'File', data: 'file_name' },
    { key: 'desc', title: 'About', data: 'description' },
    { key: 'mod', title: 'Changed', data: 'modified' },
    { key: 'size', title: 'Size', data: 'size', hidden: true },
  ];
  const withValues = {
    ...csv,
    columns: [
      { key: 'dept', text: 'Accounts' },
      { key: 'due', date: '2026-12-22' },
      { key: 'amount', number: 249.9 },
    ],
  };
  const pdf = ok(
    helloDescription({
      version: '1.4',
      attachments: [withValues, note],
      collection: { view: 'tiles', opens_on: 'note.txt', columns, sort: { key: 'due', ascending: false } },
    }),
    PARTS,
  ).pdf;

  it('raises the announced version to 1.7 (pdfinfo)', () => {
    expect(pdfInfo(pdf)['PDF version']).toBe('1.7');
    expect(qpdfCheck(pdf).code).toBe(0);
  });

  it('writes view, the file opened first, columns of every kind and the sort', () => {
    const { objects, catalog } = objectsOf(pdf);
    const c = deref(objects, catalog['/Collection']);
    expect(c).toMatchObject({ '/Type': '/Collection', '/View': '/T', '/Sort': { '/S': '/due', '/A': false } });
    expect(c['/D']).toBe('u:note.txt');
    const schema = c['/Schema'];
    expect(Object.fromEntries(columns.map((col) => [col.key, schema[`/${col.key}`]['/Subtype']]))).toEqual({
      dept: '/S',
      due: '/D',
      amount: '/N',
      fn: '/F',
      desc: '/Desc',
      mod: '/ModDate',
      size: '/Size',
    });
    expect(schema['/size']['/V']).toBe(false);
    expect(schema['/dept']).toMatchObject({ '/N': 'u:Department', '/O': 0, '/V': true });
    const spec = Object.values(objects).find((o) => o?.['/UF'] === 'u:Ledger 2026.csv');
    expect(spec['/CI']).toMatchObject({ '/dept': 'u:Accounts', '/due': 'u:D:20261222', '/amount': 249.9 });
  });

  it('accepts an opens_on and a sort key no file or column carries', () => {
    const { objects, catalog } = objectsOf(
      ok(
        helloDescription({
          attachments: [csv],
          collection: { opens_on: 'ghost', sort: { key: 'nothing', ascending: true } },
        }),
        PARTS,
      ).pdf,
    );
    const c = deref(objects, catalog['/Collection']);
    expect(c['/D']).toBeUndefined(); // opens on the document itself
    expect(c['/View']).toBe('/D');
    expect(c['/Sort']['/S']).toBe('/nothing');
  });

  it('refuses column values that do not fit their columns', () => {
    const col = (columnsOfFile: unknown[], cols = columns) =>
      helloDescription({ attachments: [{ ...csv, columns: columnsOfFile }], collection: { columns: cols } });
    expectRefusal(
      col([{ key: 'nope', text: 'x' }]),
      PARTS,
      400,
      'description',
      '/attachments/0/columns/0/key',
      '"nope"',
      '/collection',
    );
    expectRefusal(
      helloDescription({ attachments: [{ ...csv, columns: [{ key: 'dept', text: 'x' }] }] }),
      PARTS,
      400,
      'description',
      '/attachments/0/columns/0/key',
      'the request has none',
    );
    expectRefusal(
      col([{ key: 'dept', number: 3 }]),
      PARTS,
      400,
      'description',
      '/attachments/0/columns/0',
      'number',
      '"dept"',
      'text',
    );
    expectRefusal(
      col([{ key: 'size', number: 3 }]),
      PARTS,
      400,
      'description',
      '/attachments/0/columns/0',
      '"size"',
      'read off',
    );
    expectRefusal(
      col([{ key: 'dept', text: 'x', number: 1 }]),
      PARTS,
      400,
      'description',
      '/attachments/0/columns/0',
      'exactly one',
    );
    expectRefusal(
      col([
        { key: 'dept', text: 'a' },
        { key: 'dept', text: 'b' },
      ]),
      PARTS,
      400,
      'description',
      '/attachments/0/columns/1/key',
      '"dept"',
    );
    expectRefusal(
      col([], [{ key: 'Type', title: 'T', data: 'text' }]),
      PARTS,
      400,
      'description',
      '/collection/columns/0/key',
      '"Type"',
    );
    expectRefusal(
      col(
        [],
        [
          { key: 'a', title: 'A', data: 'text' },
          { key: 'a', title: 'B', data: 'text' },
        ],
      ),
      PARTS,
      400,
      'description',
      '/collection/columns/1/key',
      '"a"',
    );
    expectRefusal(
      col([], [{ key: 'a', title: 'A', data: 'colour' }]),
      PARTS,
      400,
      'description',
      '/collection/columns/0/data',
      'file_name',
    );
    expectRefusal(
      helloDescription({ attachments: [csv], collection: { view: 'grid' } }),
      PARTS,
      400,
      'description',
      '/collection/view',
      'tiles',
    );
  });
});

describe('page_metadata', () => {
  const packet = enc.encode(
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta><?xpacket end="r"?>',
  );

  it("writes a page's facts as its own packet, or a supplied packet as given; a page named twice takes the last", () => {
    const pdf = ok(
      twoPages({
        page_metadata: [
          { page: 1, facts: { title: 'first' } },
          { page: 2, packet: 'p2.xmp' },
          { page: 1, facts: { title: 'Cover & <front>', author: 'A' } },
        ],
      }),
      { 'p2.xmp': packet },
    ).pdf;
    expect(qpdfCheck(pdf).code).toBe(0);
    const { objects, pages, catalog } = objectsOf(pdf);
    expect(catalog['/Metadata']).toBeUndefined();
    expect(objects[pages[0]['/Metadata']]).toMatchObject({ '/Type': '/Metadata', '/Subtype': '/XML' });
    const text = Buffer.from(pdf).toString('utf8');
    expect(text).toContain('<rdf:li xml:lang="x-default">Cover &amp; &lt;front&gt;</rdf:li>');
    expect(text).not.toContain('>first<');
    expect(text).toContain(new TextDecoder().decode(packet));
  });

  it('refuses a page it lacks, both or neither source, a missing or malformed packet', () => {
    expectRefusal(
      helloDescription({ page_metadata: [{ page: 2, facts: {} }] }),
      undefined,
      400,
      'description',
      '/page_metadata/0/page',
      'page 2',
    );
    expectRefusal(
      helloDescription({ page_metadata: [{ page: 1, facts: {}, packet: 'p' }] }),
      { p: packet },
      400,
      'description',
      '/page_metadata/0/packet',
      '/page_metadata/0/facts',
    );
    expectRefusal(
      helloDescription({ page_metadata: [{ page: 1 }] }),
      undefined,
      400,
      'description',
      '/page_metadata/0',
      'facts',
      'packet',
    );
    expectRefusal(
      helloDescription({ page_metadata: [{ page: 1, packet: 'p' }] }),
      {},
      400,
      'description',
      '/page_metadata/0/packet',
      '"p"',
    );
    expectRefusal(
      helloDescription({ page_metadata: [{ page: 1, packet: 'p' }] }),
      { p: enc.encode('<x:xmpmeta>') },
      400,
      'description',
      '/page_metadata/0/packet',
      'not well-formed',
    );
  });
});

describe('bad input is refused cleanly', () => {
  const anything = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), fc.string(), { maxKeys: 3 }),
  );
  const key = fc.constantFrom('name', 'file_name', 'description', 'media_type', 'relationship', 'modified', 'columns');
  const top = fc.constantFrom(
    'archive',
    'version',
    'metadata',
    'output_intent',
    'compression',
    'invoice',
    'collection',
    'page_files',
    'page_metadata',
  );

  it('mutated attachments and standards keys give 200 or a 4xx with a sentence, never a crash', () => {
    fc.assert(
      fc.property(key, anything, top, anything, (k, v, t, w) => {
        const d = helloDescription({ attachments: [{ ...csv, [k]: v }], [t]: w });
        const out = render({ description: d, parts: { ...PARTS, [typeof v === 'string' ? v : 'x']: NOTE }, now: NOW });
        if (!out.ok) {
          expect([400, 402, 413]).toContain(out.status);
          expect(out.sentence.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});
