// test/structure.test.ts — tagged PDF (issue 7 with #3's `structure` key): a report with headings,
// paragraphs, a list, a table, a figure, a link and a running footer, written with its structure tree
// and claimed as PDF/A-1a/2a/3a and PDF/UA-1 under the tagging licence. Judged by our verifier (zero
// findings), poppler's reading of the tree (`pdfinfo -struct-text`), `qpdf --check` and pdftotext;
// every refusal the structure brings is asserted by status, word, pointer and sentence.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { pdfStructText, pdfToText, qdfText, qpdfCheck } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const licensed = { service: { licence: TAGGING_LICENCE } };

function ok(description: unknown, extra: object = licensed) {
  const r = render({ description, now: NOW, ...extra });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.word} ${r.path}: ${r.sentence}`);
  return r;
}

function refusal(description: unknown, status: number, word: string, path: string, ...names: string[]) {
  const r = render({ description, now: NOW, ...licensed });
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect({ status: r.status, word: r.word, path: r.path }).toEqual({ status, word, path });
  for (const n of names) expect(r.sentence).toContain(n);
}

/** The report with its structure's Sect children replaced. */
function withSect(children: unknown[], extra: Record<string, unknown> = {}) {
  const d = taggedReport(extra);
  (d.structure as any).elements[0].children[1].children = children;
  return d;
}

const TREE = [
  'Document',
  'H1 (block)',
  '"Quarterly report"',
  'Sect',
  'P (block)',
  '"Sales rose in every region."',
  'P (block)',
  '"Costs fell for the third quarter."',
  'H2 (block)',
  '"Highlights"',
  'L (block)',
  'LI (block)',
  'Lbl (block)',
  '"1."',
  'LBody (block)',
  '"New office opened."',
  'LI (block)',
  'Lbl (block)',
  '"2."',
  'LBody (block)',
  '"Two products shipped."',
  'Table (block)',
  'THead',
  'TR',
  'TH:',
  '/Scope /Column',
  '"Region"',
  'TH:',
  '/Scope /Column',
  '"Sales"',
  'TBody',
  'TR',
  'TD',
  '"North"',
  'TD',
  '"120"',
  'TR',
  'TD',
  '"South"',
  'TD',
  '"95"',
  'Figure',
  '""',
  'P (block)',
  'Link (inline)',
  '"Read more online."',
];

describe('a tagged report', () => {
  it.each([
    ['archive', 'pdfa1a'],
    ['archive', 'pdfa2a'],
    ['archive', 'pdfa3a'],
    ['accessible', 'pdfua1'],
  ])('%s = %s is written with zero findings from our verifier', (key, claim) => {
    const r = ok(taggedReport({ [key]: claim }));
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
  });

  it('under pdfa2a and pdfua1 together: zero findings, the tree in reading order', () => {
    const r = ok(taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1' }));
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    const tree = pdfStructText(r.pdf)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('Object '));
    expect(tree).toEqual(TREE);
    const raw = qdfText(r.pdf);
    expect(raw).toMatch(/\/MarkInfo <<\s*\/Marked true\s*>>/);
    expect(raw).toMatch(/\/Lang \(en-GB\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
    expect(raw).toMatch(/<pdfaid:conformance>A<\/pdfaid:conformance>/);
    expect(raw).toMatch(/\/Alt \(Bar chart of sales by region\)/);
    // The footer on every page is page furniture; the rule under the link is a layout artifact.
    expect(raw).toContain('/Artifact <</Type /Pagination>> BDC');
    expect(raw).toContain('/Artifact <</Type /Layout>> BDC');
    // The link annotation is in the tree (OBJR) and the page is tabbed by structure.
    expect(raw).toMatch(/\/Type \/OBJR/);
    expect(raw).toMatch(/\/StructParent 1\b/);
    expect(raw).toMatch(/\/Tabs \/S/);
  });

  it('a form field named in a Form element: its widget is an OBJR there, zero findings under pdfa2a and pdfua1', () => {
    const d = taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1' }) as any;
    d.items.push({
      type: 'text_field',
      id: 'who',
      name: 'who',
      pages: [1],
      rect: { llx: 300, lly: 250, urx: 500, ury: 270 },
      tooltip: 'Your name',
      value: 'Ada',
      font: 'Body',
      font_size: 10,
    });
    d.structure.elements[0].children.push({ type: 'Form', children: ['who'] });
    const r = ok(d);
    expect(r.findings).toEqual([]);
    expect(qpdfCheck(r.pdf).code).toBe(0);
    const tree = pdfStructText(r.pdf)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(tree.slice(-2)[0]).toBe('Form');
    expect(tree.slice(-1)[0]).toMatch(/^Object \d+ 0$/);
    // The link and the widget each carry their own /StructParent.
    expect(new Set(qdfText(r.pdf).match(/\/StructParent \d+/g)).size).toBe(2);
    // Left out of the structure, the field is refused under the claim.
    d.structure.elements[0].children.pop();
    refusal(d, 400, 'description', '/items/10', '/items/10');
  });

  it('quire verify measures a file against every standard it claims, PDF/A and PDF/UA', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'quire-structure-')), 'report.pdf');
    writeFileSync(file, ok(taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1' })).pdf);
    const out: string[] = [];
    const io = { out: (s: string | Uint8Array) => out.push(String(s)), err: (s: string) => out.push(s), env: {} };
    expect(await main(['verify', file], io)).toBe(0);
    expect(out.join('')).toBe('PASS pdfa2a,pdfua1\n');
  });

  it('pdftotext reads the same words as the untagged document', () => {
    const tagged = ok(taggedReport({ accessible: 'pdfua1' })).pdf;
    const plain = taggedReport();
    delete plain.structure;
    expect(pdfToText(tagged)).toBe(pdfToText(ok(plain).pdf));
  });

  it('without the licence, every claim resting on tagging is 402', () => {
    for (const [key, claim] of [
      ['archive', 'pdfa2a'],
      ['accessible', 'pdfua1'],
    ]) {
      const r = render({ description: taggedReport({ [key]: claim }), now: NOW });
      expect(r).toMatchObject({ ok: false, status: 402, word: 'needs_a_licence', path: `/${key}` });
    }
  });

  it('tagging alone needs no licence and claims nothing', () => {
    const r = ok(taggedReport(), {});
    const raw = qdfText(r.pdf);
    expect(raw).toMatch(/\/StructTreeRoot/);
    expect(raw).not.toMatch(/pdfuaid|pdfaid/);
  });

  it('a text named in an L is one list item per paragraph', () => {
    const r = ok(
      withSect(
        [
          { type: 'L', children: ['intro'] },
          { type: 'Link', children: ['more-link'] },
        ],
        { accessible: 'pdfua1' },
      ),
    );
    expect(r.findings).toEqual([]);
    const tree = pdfStructText(r.pdf)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(tree.slice(tree.indexOf('L (block)'), tree.indexOf('L (block)') + 7)).toEqual([
      'L (block)',
      'LI (block)',
      'LBody (block)',
      '"Sales rose in every region."',
      'LI (block)',
      'LBody (block)',
      '"Costs fell for the third quarter."',
    ]);
  });

  it('a text_path and a barcode with its text are tagged like any item', () => {
    const d: any = taggedReport({ accessible: 'pdfua1', archive: 'pdfa2a' });
    d.items.push({
      type: 'text_path',
      id: 'arc',
      pages: [1],
      segments: [{ move: [300, 300] }, { line: [500, 350] }],
      content: ['Along the path'],
      font: 'Body',
      font_size: 12,
    });
    d.items.push({
      type: 'code128',
      id: 'bar',
      pages: [1],
      rect: { llx: 300, lly: 100, urx: 500, ury: 150 },
      data: 'ABC123',
      text: true,
    });
    d.structure.elements[0].children.push(
      { type: 'P', children: ['arc'] },
      { type: 'Figure', alt: 'Barcode ABC123', children: ['bar'] },
    );
    const r = ok(d);
    expect(r.findings).toEqual([]);
    expect(
      pdfStructText(r.pdf)
        .split('\n')
        .map((l) => l.trim())
        .slice(-5),
    ).toEqual(['P (block)', '"Along the path"', 'Figure', '"ABC123"', '']);
  });

  it('a custom type through the role map is written in /RoleMap and is no finding', () => {
    const d = taggedReport({ accessible: 'pdfua1' });
    const s = d.structure as any;
    s.role_map = { Chapter: 'Sect' };
    s.elements[0].children[1].type = 'Chapter';
    const r = ok(d);
    expect(r.findings).toEqual([]);
    expect(qdfText(r.pdf)).toMatch(/\/RoleMap <<\s*\/Chapter \/Sect\s*>>/);
  });

  it('a table running over two pages: its repeated header is furniture, its cells one Table', () => {
    const rows = [['Name', 'Value'], ...Array.from({ length: 60 }, (_, i) => [`row ${i}`, String(i)])];
    const d = {
      fonts: taggedReport().fonts,
      metadata: { title: 'Long table' },
      accessible: 'pdfua1',
      items: [
        {
          type: 'table',
          id: 't',
          rect: { llx: 72, lly: 72, urx: 520, ury: 770 },
          font: 'Body',
          font_size: 10,
          columns: [{ fraction: 1 }, 60],
          header_rows: 1,
          rows,
        },
      ],
      structure: { lang: 'en', elements: [{ type: 'Document', children: ['t'] }] },
    };
    const r = ok(d);
    expect(r.pages).toBeGreaterThan(1);
    expect(r.findings).toEqual([]);
    const tree = pdfStructText(r.pdf);
    expect(tree.match(/^\s*TH:$/gm)?.length).toBe(2);
    expect(tree.match(/^\s*TD$/gm)?.length).toBe(120);
    expect(tree).toContain('"row 59"');
  });

  it('the verifier finds a figure without alt in a document claiming nothing', () => {
    const d = withSect([{ type: 'Figure', children: ['chart'] }], { check: ['pdfua1'] });
    const r = ok(d, {});
    expect(r.findings.map((f) => `${f.standard} ${f.clause}-${f.test}`)).toContain('ISO_14289_1 7.3-1');
  });
});

describe('structure refusals', () => {
  it('refuses what the structure itself gets wrong, naming the key', () => {
    const s = (structure: unknown) => ({ ...taggedReport(), structure });
    refusal(
      s({ elements: [{ type: 'Chapter', children: ['title'] }] }),
      400,
      'description',
      '/structure/elements/0/type',
      '"Chapter"',
      'role_map',
    );
    refusal(
      s({ role_map: { P: 'Span' }, elements: [{ type: 'P', children: ['title'] }] }),
      400,
      'description',
      '/structure/role_map/P',
      '"P"',
      'standard',
    );
    refusal(
      s({ role_map: { Chapter: 'Chap' }, elements: [{ type: 'P', children: ['title'] }] }),
      400,
      'description',
      '/structure/role_map/Chapter',
      '"Chap"',
    );
    refusal(
      s({ lang: 'en_GB', elements: [{ type: 'P', children: ['title'] }] }),
      400,
      'description',
      '/structure/lang',
      'en_GB',
    );
    refusal(
      s({
        elements: [
          { type: 'P', id: 'a', children: ['title'] },
          { type: 'P', id: 'a', children: ['intro'] },
        ],
      }),
      400,
      'description',
      '/structure/elements/1/id',
      '"a"',
      '/structure/elements/0/id',
    );
    refusal(
      s({ elements: [{ type: 'P', children: ['nobody'] }] }),
      400,
      'description',
      '/structure/elements/0/children/0',
      '"nobody"',
    );
    refusal(
      s({
        elements: [
          { type: 'P', children: ['title'] },
          { type: 'P', children: ['title'] },
        ],
      }),
      400,
      'description',
      '/structure/elements/1/children/0',
      '"title"',
      '/structure/elements/0/children/0',
    );
    refusal(
      s({ elements: [{ type: 'TR', children: ['title'] }] }),
      400,
      'description',
      '/structure/elements/0/children/0',
      'text item "title"',
      'TR',
    );
    refusal(
      s({ elements: [{ type: 'P', children: ['figures'] }] }),
      400,
      'description',
      '/structure/elements/0/children/0',
      'table item "figures"',
      'P',
    );
    refusal(
      s({ elements: [{ type: 'Table', children: ['title'] }] }),
      400,
      'description',
      '/structure/elements/0/children/0',
      'Table',
    );
    refusal(s({ elements: [{ type: 'P', children: [] }] }), 400, 'description', '/structure/elements/0/children');
    let deep: any = { type: 'Div', children: ['title'] };
    for (let i = 0; i < 205; i++) deep = { type: 'Div', children: [deep] };
    const r = render({ description: s({ elements: [deep] }), now: NOW });
    expect(r).toMatchObject({ ok: false, status: 400, word: 'description' });
    if (!r.ok) expect(r.sentence).toContain('deeper than 200');
  });

  it('refuses a claim the description cannot meet, naming the claim and what it needs', () => {
    const noStructure = taggedReport({ archive: 'pdfa2a' });
    delete noStructure.structure;
    refusal(noStructure, 400, 'description', '/archive', 'archive = "pdfa2a"', 'structure');
    refusal(
      taggedReport({ accessible: 'pdfua1', metadata: {} }),
      400,
      'description',
      '/accessible',
      'accessible = "pdfua1"',
      'metadata.title',
    );
    refusal(
      withSect([{ type: 'Figure', children: ['chart'] }], { archive: 'pdfa1a' }),
      400,
      'description',
      '/structure/elements/0/children/1/children/0',
      'archive = "pdfa1a"',
      'alt',
      'Figure',
    );
    refusal(
      withSect(['intro'], { accessible: 'pdfua1' }),
      400,
      'description',
      '/items/7',
      'accessible = "pdfua1"',
      'link item at /items/7',
      'structure',
    );
    const d = taggedReport({ accessible: 'pdfua1' });
    delete (d.items as any[])[7].description;
    refusal(d, 400, 'description', '/items/7', 'description', 'link at /items/7');
  });

  it('refuses text in a standard font under a tagged claim: its program is not embedded', () => {
    const d: any = taggedReport({ accessible: 'pdfua1' });
    d.standard_fonts = [{ name: 'Body', face: 'helvetica' }];
    delete d.fonts;
    const r = render({
      description: d,
      now: NOW,
      service: { licence: { ...TAGGING_LICENCE, features: ['tagging', 'fonts_without_outlines'] } },
    });
    expect(r).toMatchObject({ ok: false, status: 400, word: 'description', path: '/items/0' });
    if (!r.ok) expect(r.sentence).toContain('standard font "Body" (helvetica)');
  });

  it('under pdfua1, refuses headings out of order, a title not shown and another tab order', () => {
    const heads = (types: string[]) => {
      const d = taggedReport({ accessible: 'pdfua1' });
      const s = (d.structure as any).elements[0];
      s.children[0].type = types[0];
      s.children[1].children[1].type = types[1];
      return d;
    };
    refusal(
      heads(['H2', 'H3']),
      400,
      'description',
      '/structure/elements/0/children/0',
      'accessible = "pdfua1"',
      'H2',
      'must be H1',
    );
    refusal(
      heads(['H1', 'H3']),
      400,
      'description',
      '/structure/elements/0/children/1/children/1',
      'H3',
      'skipping a level',
    );
    refusal(heads(['H', 'H2']), 400, 'description', '/structure/elements/0/children/1/children/1', 'H2', 'mixes H');
    const twoH = taggedReport({ accessible: 'pdfua1' });
    (twoH.structure as any).elements[0].children = [
      { type: 'H', children: ['title'] },
      { type: 'H', children: ['h-list'] },
    ];
    refusal(twoH, 400, 'description', '/structure/elements/0/children/1', 'second H');
    refusal(
      taggedReport({ accessible: 'pdfua1', reader: { display_doc_title: false } }),
      400,
      'description',
      '/reader/display_doc_title',
      'accessible',
      'pdfua1',
      'title',
    );
    refusal(
      taggedReport({ accessible: 'pdfua1', page_tab_orders: [{ page: 1, order: 'row' }] }),
      400,
      'description',
      '/page_tab_orders/0/order',
      'pdfua1',
      '"row"',
    );
    const noLang = taggedReport({ accessible: 'pdfua1' });
    delete (noLang.structure as any).lang;
    refusal(noLang, 400, 'description', '/accessible', 'pdfua1', 'structure.lang');
    refusal(
      withSect([{ type: 'L', children: [{ type: 'P', children: ['intro'] }] }], { accessible: 'pdfua1' }),
      400,
      'description',
      '/structure/elements/0/children/1/children/0',
      'L element',
      'L, LI, Caption',
      'holds P',
    );
    refusal(
      withSect([{ type: 'L', children: ['figures'] }], { accessible: 'pdfua1' }),
      400,
      'description',
      '/structure/elements/0/children/1/children/0',
      'holds Table',
    );
    // The same headings without a claim are written, and the verifier reports them.
    const d = heads(['H2', 'H3']);
    delete d.accessible;
    const r = ok({ ...d, check: ['pdfua1'] }, {});
    expect(r.findings.map((f) => `${f.clause}-${f.test}`)).toContain('7.4.2-1');
  });

  it('never answers anything but 200 or a 4xx for any structure value', () => {
    const element: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      el: fc.record(
        {
          type: fc.constantFrom('P', 'Sect', 'Figure', 'Table', 'TR', 'L', 'Link', 'Custom', 'H1'),
          children: fc.array(
            fc.oneof(fc.constantFrom('title', 'intro', 'points', 'figures', 'chart', 'more-link', 'zzz'), tie('el')),
            { maxLength: 3 },
          ),
          alt: fc.option(fc.string(), { nil: undefined }),
          lang: fc.option(fc.constantFrom('en', 'de-CH', '', 'x y'), { nil: undefined }),
        },
        { requiredKeys: ['type', 'children'] },
      ),
    })).el;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            elements: fc.array(element, { maxLength: 3 }),
            role_map: fc.option(fc.dictionary(fc.constantFrom('Custom', 'P'), fc.constantFrom('Sect', 'Zz')), {
              nil: undefined,
            }),
          }),
        ),
        fc.boolean(),
        (structure, claim) => {
          const r = render({
            description: taggedReport({ structure, ...(claim ? { accessible: 'pdfua1' } : {}) }),
            now: NOW,
            ...licensed,
          });
          if (r.ok) return;
          expect(r.status).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
