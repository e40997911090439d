// test/pdfua2.test.ts — `accessible: "pdfua2"` (ISO 14289-2, issue 26): documents written under it
// (text, flow, a labelled list, a table, a figure with alt, a link, form fields, PDF 2.0 types, a
// custom type, a structure destination) have zero findings from our verifier under PDF/UA-2, pass
// `qpdf --check`, and poppler reads PDF 2.0 and a tagged tree from them; what the claim cannot carry
// is refused naming the key; and files that break UA-2 rules (ours, altered with pdf-lib, and a
// PDF/UA-1 file) give the findings veraPDF's rule ids name.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Licence } from '../src/licence/licence.js';
import { verify } from '../verifier/index.js';
import { NOW } from './support/fixtures.js';
import { makePng } from './support/images.js';
import { pdfInfo, pdfStructText, qdfText, qpdfCheck } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const LICENCE: Licence = { ...TAGGING_LICENCE, features: ['tagging', 'structure_destinations'] };

function ok(description: unknown, parts?: Record<string, Uint8Array>) {
  const r = render({ description, parts, now: NOW, service: { licence: LICENCE } });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.word} ${r.path}: ${r.sentence}`);
  return r;
}

function refusal(description: unknown) {
  const r = render({ description, now: NOW, service: { licence: LICENCE } });
  if (r.ok) throw new Error('expected a refusal');
  return r;
}

/** A description, edited as plain JSON. */
type Desc = any;

const report = (extra: Record<string, unknown> = {}): Desc => taggedReport({ accessible: 'pdfua2', ...extra });

/** The rule ids (clause-tNN) of findings under PDF/UA-2. */
async function ua2Rules(pdf: Uint8Array): Promise<string[]> {
  const fs = await verify(pdf, ['pdfua2']);
  return [...new Set(fs.map((f) => `${f.clause}-t${String(f.test).padStart(2, '0')}`))];
}

function withFields(d: Desc): Desc {
  d.items.push(
    {
      type: 'text_field',
      id: 'who',
      name: 'who',
      pages: [1],
      rect: { llx: 300, lly: 250, urx: 500, ury: 270 },
      tooltip: 'Your name',
      value: 'Ada',
      font: 'Body',
      font_size: 10,
    },
    {
      type: 'radio_group',
      id: 'pick',
      name: 'pick',
      pages: [1],
      tooltip: 'Preferred region',
      buttons: [
        { value: 'north', rect: { llx: 300, lly: 300, urx: 312, ury: 312 } },
        { value: 'south', rect: { llx: 320, lly: 300, urx: 332, ury: 312 } },
      ],
    },
  );
  d.structure.elements[0].children.push({ type: 'Form', children: ['who'] }, 'pick');
  return d;
}

describe('accessible pdfua2: written, zero findings', () => {
  it('the tagged report: PDF 2.0, namespaces, pdfuaid part 2 rev 2024, a numbered list; zero findings', async () => {
    const r = ok(report());
    expect(r.findings).toEqual([]);
    expect(await verify(r.pdf, ['pdfua2'])).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    const info = pdfInfo(r.pdf);
    expect(info['PDF version']).toBe('2.0');
    expect(info.Tagged).toBe('yes');
    const raw = qdfText(r.pdf);
    expect(raw.startsWith('%PDF-2.0')).toBe(true);
    expect(raw).toContain('<pdfuaid:part>2</pdfuaid:part>');
    expect(raw).toContain('<pdfuaid:rev>2024</pdfuaid:rev>');
    expect(raw).toMatch(/\/Namespaces \[/);
    expect(raw).toContain('/NS (http://iso.org/pdf2/ssn)');
    expect(raw).toMatch(/\/ListNumbering \/Ordered/);
    // every element names its namespace
    const elems = raw.split('endobj').filter((o) => o.includes('/Type /StructElem'));
    expect(elems.length).toBeGreaterThan(10);
    for (const e of elems) expect(e).toMatch(/\/NS \d+ 0 R/);
    // poppler reads the tree in reading order
    expect(pdfStructText(r.pdf)).toMatch(/Document[\s\S]*H1[\s\S]*Sect[\s\S]*L[\s\S]*Table[\s\S]*Figure[\s\S]*Link/);
  });

  it('an image in a Figure with alt: zero findings, the image drawn', async () => {
    const d = report();
    d.items.push({
      type: 'image',
      id: 'photo',
      image: 'photo.png',
      pages: [1],
      rect: { llx: 300, lly: 250, urx: 380, ury: 330 },
    });
    d.structure.elements[0].children.push({ type: 'Figure', alt: 'A blue square', children: ['photo'] });
    const png = makePng({ width: 4, height: 4, type: 2, depth: 8, pixel: () => [0, 0, 255] });
    const r = ok(d, { 'photo.png': png });
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    expect(qdfText(r.pdf)).toContain('/Alt (A blue square)');
    expect(qdfText(r.pdf)).toMatch(/\/Subtype \/Image/);
  });

  it('with pdfa4 (PDF 2.0-based): zero findings under both', async () => {
    const r = ok(report({ archive: 'pdfa4' }));
    expect(r.findings).toEqual([]);
    expect(await verify(r.pdf, ['pdfua2', 'pdfa4'])).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
  });

  it('form fields: one widget per Form element, each with /Contents from its tooltip; zero findings', async () => {
    const r = ok(withFields(report()));
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    const raw = qdfText(r.pdf);
    expect(raw.match(/\/S \/Form\b/g)).toHaveLength(3); // the text field, and one per radio button
    expect(raw.match(/\/Contents \(Preferred region\)/g)).toHaveLength(2);
    expect(raw).toContain('/Contents (Your name)');
  });

  it("PDF 2.0's own types (Title, Aside, FENote, Em) and a custom type through role_map: zero findings", async () => {
    const d = report();
    const doc = d.structure.elements[0];
    doc.children[0] = { type: 'Title', children: ['title'] };
    doc.children[1].children[0] = { type: 'Aside', children: ['intro'] };
    doc.children[1].children[1] = { type: 'Heading', children: ['h-list'] };
    d.structure.role_map = { Heading: 'H1' };
    doc.children.push({
      type: 'FENote',
      children: [{ type: 'P', children: [{ type: 'Em', children: ['note'] }] }],
    });
    d.items.push({
      type: 'text',
      id: 'note',
      pages: [1],
      rect: { llx: 72, lly: 100, urx: 520, ury: 120 },
      content: ['Figures are unaudited.'],
      font: 'Body',
      font_size: 8,
    });
    const r = ok(d);
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    const raw = qdfText(r.pdf);
    expect(raw).toContain('/NS (https://quire.dev/ns/structure/role-map)');
    expect(raw).toMatch(/\/RoleMapNS <<\s*\/Heading \[\s*\/H1\s+\d+ 0 R\s*\]/);
    for (const t of ['Title', 'Aside', 'FENote', 'Em']) expect(raw).toContain(`/S /${t}`);
  });

  it('a link to a destination leading to a structure element: a structure destination, zero findings', async () => {
    const d = report({ destinations: [{ name: 'to-figures', structure_element: 'figs' }] });
    d.structure.elements[0].children[1].children[3] = { type: 'Sect', id: 'figs', children: ['figures'] };
    d.items.push({
      type: 'link',
      id: 'to-figs',
      pages: [1],
      rect: { llx: 300, lly: 600, urx: 520, ury: 630 },
      destination: 'to-figures',
      description: 'The figures',
    });
    d.structure.elements[0].children.push({ type: 'Link', children: ['to-figs'] });
    const r = ok(d);
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    expect(qdfText(r.pdf)).toMatch(/\/SD \[/);
  });
});

describe('accessible pdfua2: layers', () => {
  it('a layer: its configuration named, no /AS (8.7); zero findings', async () => {
    const d = report({ layers: [{ name: 'notes', label: 'Notes' }] });
    d.items.find((i: Desc) => i.id === 'chart').layer = 'notes';
    const r = ok(d);
    expect(r.findings).toEqual([]);
    const raw = qdfText(r.pdf);
    expect(raw).toMatch(/\/OCProperties/);
    expect(raw).not.toMatch(/\/AS \[/);
  });
});

describe('accessible pdfua2: refused when the description cannot meet it', () => {
  it.each([
    ['an archive claim on PDF/A-2', { archive: 'pdfa2a' }, '/archive', ['pdfa2a', 'PDF 2.0']],
    ['a declared version 1.7', { version: '1.7' }, '/version', ['1.7', 'PDF 2.0']],
  ])('%s', (_what, extra, path, says) => {
    const r = refusal(report(extra));
    expect({ status: r.status, word: r.word, path: r.path }).toEqual({ status: 400, word: 'description', path });
    for (const s of [...says, '"pdfua2"']) expect(r.sentence).toContain(s);
  });

  it('a root other than a single Document', () => {
    const d = report();
    d.structure.elements = d.structure.elements[0].children;
    const r = refusal(d);
    expect(r.path).toBe('/structure');
    expect(r.sentence).toContain('single Document');
  });

  it('H, Note and TOCI elements, an unknown language, a field without tooltip', () => {
    const h = report();
    h.structure.elements[0].children[0].type = 'H';
    h.structure.elements[0].children[1].children[1].type = 'P'; // no H2 beside it (PDF/UA-1 refuses the mix first)
    expect(refusal(h).sentence).toContain('"H"');
    const note = report();
    note.structure.elements[0].children[1].children[4].type = 'Note'; // the Figure
    expect(refusal(note).sentence).toContain('FENote');
    const toc = report();
    toc.structure.elements[0].children[1].children[4] = {
      type: 'TOC',
      children: [{ type: 'TOCI', children: ['chart'] }],
    };
    expect(refusal(toc).sentence).toContain('Ref');
    const lang = report();
    lang.structure.lang = '';
    expect(refusal(lang).path).toBe('/structure/lang');
    const field = withFields(report());
    delete field.items.find((i: Desc) => i.id === 'who').tooltip;
    expect(refusal(field).sentence).toContain('tooltip');
  });

  it('a link to a page, a bookmark to a destination without structure_element', () => {
    const page = report();
    const link = page.items.find((i: Desc) => i.id === 'more-link');
    delete link.uri;
    link.page = 1;
    const r = refusal(page);
    expect(r.sentence).toContain('page target');
    const named = report({
      destinations: [{ name: 'top', page: 1 }],
      bookmarks: [{ title: 'Top', destination: 'top' }],
    });
    expect(refusal(named).sentence).toContain('"top"');
  });

  it('a layer not printed, a Link alt unlike its description, two places in one Link element', () => {
    const layer = report({ layers: [{ name: 'notes', printable: false }] });
    expect(refusal(layer).path).toBe('/layers/0/printable');
    const alt = report();
    alt.structure.elements[0].children[1].children[5].children[0].alt = 'Something else';
    expect(refusal(alt).sentence).toContain('8.9.4.2');
    const two = report();
    two.items.push({
      type: 'link',
      id: 'other-link',
      pages: [1],
      rect: { llx: 320, lly: 200, urx: 520, ury: 230 },
      uri: 'https://example.com/other',
      description: 'The full report online',
    });
    two.structure.elements[0].children[1].children[5].children[0].children.push('other-link');
    expect(refusal(two).sentence).toContain('separate Link elements');
  });

  it("PDF 2.0's types without the claim", () => {
    const d = taggedReport({ accessible: 'pdfua1' }) as Desc;
    d.structure.elements[0].children[0].type = 'Title';
    expect(refusal(d).sentence).toContain('PDF 2.0 type');
  });
});

describe('the verifier under PDF/UA-2 finds what breaks it', () => {
  it('a PDF/UA-1 file: part 1, no rev, the root Document outside PDF 2.0, a labelled list unnumbered', async () => {
    const r = ok(taggedReport({ accessible: 'pdfua1' }));
    expect(await ua2Rules(r.pdf)).toEqual(['5-t02', '5-t05', '8.2.5.2-t02', '8.2.5.25-t01']);
  });

  it('our pdfua2 file altered: no catalog Lang, H and Note elements, Tabs R, a link out of Link, XFA', async () => {
    const r = ok(report());
    const doc = await PDFDocument.load(r.pdf, { updateMetadata: false });
    const ctx = doc.context;
    const cat = doc.catalog;
    cat.delete(PDFName.of('Lang'));
    const root = cat.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    const top = root.lookup(PDFName.of('K'), PDFArray).lookup(0, PDFDict);
    const kids = top.lookup(PDFName.of('K'), PDFArray);
    kids.lookup(0, PDFDict).set(PDFName.of('S'), PDFName.of('H')); // the H1
    const sect = kids.lookup(1, PDFDict);
    const ns17 = root.lookup(PDFName.of('Namespaces'), PDFArray).get(1);
    const note = ctx.obj({ Type: 'StructElem', S: 'Note', P: sect, NS: ns17 });
    sect.lookup(PDFName.of('K'), PDFArray).push(ctx.register(note));
    const page = doc.getPage(0).node;
    page.set(PDFName.of('Tabs'), PDFName.of('R'));
    // the link annotation's parent element becomes a Span
    for (const [, o] of ctx.enumerateIndirectObjects())
      if (o instanceof PDFDict && o.get(PDFName.of('S'))?.toString() === '/Link')
        o.set(PDFName.of('S'), PDFName.of('Span'));
    cat.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [], XFA: PDFString.of('x') }));
    const bad = await doc.save({ useObjectStreams: false });
    const rules = await ua2Rules(bad);
    for (const id of ['8.2.5.12-t01', '8.2.5.14-t01', '8.4.4-t01', '8.9.3.3-t01', '8.2.5.20-t01', '8.10.1-t03'])
      expect(rules).toContain(id);
  });

  it('a hand-built file: two root elements, an unmapped type, a figure without alt, a stamp without Contents', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const ctx = doc.context;
    const rootRef = ctx.nextRef();
    const ns20 = ctx.register(ctx.obj({ Type: 'Namespace', NS: PDFString.of('http://iso.org/pdf2/ssn') }));
    const fig = ctx.register(ctx.obj({ Type: 'StructElem', S: 'Figure', P: rootRef, NS: ns20 }));
    const odd = ctx.register(ctx.obj({ Type: 'StructElem', S: 'Chapter', P: rootRef, NS: ns20 }));
    const stamp = ctx.register(
      ctx.obj({ Type: 'Annot', Subtype: 'Stamp', Rect: [10, 10, 50, 50], StructParent: 0 } as never),
    );
    page.node.set(PDFName.of('Annots'), ctx.obj([stamp]));
    ctx.assign(
      rootRef,
      ctx.obj({ Type: 'StructTreeRoot', K: [fig, odd], Namespaces: [ns20], ParentTree: { Nums: [0, odd] } } as never),
    );
    doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    doc.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
    doc.catalog.set(PDFName.of('Lang'), PDFString.of('en'));
    page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
    page.node.set(PDFName.of('StructParents'), PDFNumber.of(1));
    const rules = await ua2Rules(await doc.save());
    for (const id of ['8.2.5.2-t01', '8.2.4-t01', '8.2.5.28.2-t01', '8.9.2.4.7-t01', '8.9.2.3-t01', '8.11.1-t02'])
      expect(rules).toContain(id);
  });
});
