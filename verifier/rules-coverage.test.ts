// verifier/rules-coverage.test.ts — the rules issue 18 binds, each on hand-built files (test/support/
// pdf-builder.ts): one that breaks it, found under the id veraPDF's profile gives it, and one that
// satisfies it, which gives none. PDF/UA-1 structure (verifier/checks/structure-ua1.ts), PDF/A
// extension schemas (verifier/checks/xmp-extension.ts), PDF/A-2 limits of reals and page boundaries.
import { describe, expect, it } from 'vitest';
import { buildPdf, type HandPdf, pdfaBase } from '../test/support/pdf-builder.js';
import { verify } from './index.js';

const ids = async (pdf: Uint8Array | HandPdf, standard: string): Promise<string[]> => [
  ...new Set(
    (await verify(pdf instanceof Uint8Array ? pdf : buildPdf(pdf), [standard])).map((f) => `${f.clause}-${f.test}`),
  ),
];

/**
 * A tagged PDF/UA-1 file (pdfuaid in the XMP, catalog Lang, DisplayDocTitle): a Document (8) holding the
 * elements given as `kids` (object numbers from 20 on, written in `elems`), the page content marked
 * with MCIDs 0…n-1 (their owners in `owners`, the parent tree's array for the page).
 */
function ua(o: {
  elems: Record<number, string>;
  kids: number[];
  owners: number[];
  content?: string;
  catalog?: string;
  lang?: boolean;
  page?: string;
  xmp?: string;
  objects?: HandPdf['objects'];
}): HandPdf {
  const content =
    o.content ??
    o.owners.map((_, i) => `/P <</MCID ${i}>> BDC BT /F1 12 Tf 10 ${10 + i * 14} Td (x) Tj ET EMC`).join(' ');
  const base = pdfaBase(2, {
    content,
    catalog: `/MarkInfo<</Marked true>>/StructTreeRoot 7 0 R${o.lang === false ? '' : '/Lang(en)'}/ViewerPreferences<</DisplayDocTitle true>>${o.catalog ?? ''}`,
    page: `/StructParents 0${o.page ?? ''}`,
    xmpExtra:
      o.xmp ?? '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"/>',
  });
  Object.assign(base.objects, {
    7: '<</Type/StructTreeRoot/K[8 0 R]/ParentTree 9 0 R/ParentTreeNextKey 1>>',
    8: `<</Type/StructElem/S/Document/P 7 0 R/K[${o.kids.map((k) => `${k} 0 R`).join(' ')}]>>`,
    9: `<</Nums[0[${o.owners.map((k) => `${k} 0 R`).join(' ')}]]>>`,
    ...o.elems,
    ...o.objects,
  });
  return base;
}

/** A table (20) of rows; each row a list of cells `TH`/`TD` with extra attribute entries. */
function table(rows: { type: string; attrs?: string }[][], extraKids = ''): HandPdf {
  const elems: Record<number, string> = {};
  const owners: number[] = [];
  let n = 21;
  const rowRefs: string[] = [];
  for (const r of rows) {
    const tr = n++;
    rowRefs.push(`${tr} 0 R`);
    const cells: string[] = [];
    for (const c of r) {
      const cell = n++;
      cells.push(`${cell} 0 R`);
      const mcid = owners.length;
      owners.push(cell);
      const a = c.attrs ? `/A<</O/Table${c.attrs}>>` : '';
      elems[cell] = `<</Type/StructElem/S/${c.type}/P ${tr} 0 R/Pg 3 0 R/K ${mcid}${a}>>`;
    }
    elems[tr] = `<</Type/StructElem/S/TR/P 20 0 R/K[${cells.join(' ')}]>>`;
  }
  elems[20] = `<</Type/StructElem/S/Table/P 8 0 R/K[${rowRefs.join(' ')}${extraKids}]>>`;
  return ua({ elems, kids: [20], owners });
}

const TH = { type: 'TH', attrs: '/Scope/Column' };
const TD = { type: 'TD' };

describe('PDF/UA-1 tables (7.2, 7.5)', () => {
  it('a regular table with column headers breaks no table rule', async () => {
    const got = await ids(
      table([
        [TH, TH],
        [TD, TD],
      ]),
      'pdfua1',
    );
    expect(got.filter((i) => /^7\.(2|5)-/.test(i))).toEqual([]);
  });

  it('rows of unequal width (t43), a row span past the last row (t41), overlapping cells (t15)', async () => {
    expect(await ids(table([[TH, TH], [TD]]), 'pdfua1')).toContain('7.2-43');
    expect(await ids(table([[TH], [{ type: 'TD', attrs: '/RowSpan 3' }]]), 'pdfua1')).toContain('7.2-41');
    const overlap = await ids(
      table([[TH, TH], [TD, { type: 'TD', attrs: '/RowSpan 2' }], [{ type: 'TD', attrs: '/ColSpan 2' }]]),
      'pdfua1',
    );
    expect(overlap).toContain('7.2-15');
  });

  it('a TD with no scoped TH in its row or column (7.5 t01), or naming unknown headers (t02)', async () => {
    expect(
      await ids(
        table([
          [{ type: 'TH' }, { type: 'TH' }],
          [TD, TD],
        ]),
        'pdfua1',
      ),
    ).toContain('7.5-1');
    const named = table([
      [
        { type: 'TH', attrs: '' },
        { type: 'TH', attrs: '' },
      ],
      [
        { type: 'TD', attrs: '/Headers[(nope)]' },
        { type: 'TD', attrs: '/Headers[(nope)]' },
      ],
    ]);
    expect(await ids(named, 'pdfua1')).toContain('7.5-2');
  });

  it('parents and children: TD in a Table (t09), P in a TR (t10), two THead (t11), THead without TBody (t14)', async () => {
    const tdInTable = table([[TH]], ' 40 0 R');
    tdInTable.objects[40] = '<</Type/StructElem/S/TD/P 20 0 R>>';
    expect(await ids(tdInTable, 'pdfua1')).toEqual(expect.arrayContaining(['7.2-3', '7.2-9']));
    const pInTr = table([[TH]]);
    pInTr.objects[22] = '<</Type/StructElem/S/P/P 21 0 R/Pg 3 0 R/K 0>>';
    expect(await ids(pInTr, 'pdfua1')).toContain('7.2-10');
    const heads = table([[TH]], ' 40 0 R 41 0 R');
    heads.objects[40] = '<</Type/StructElem/S/THead/P 20 0 R>>';
    heads.objects[41] = '<</Type/StructElem/S/THead/P 20 0 R>>';
    expect(await ids(heads, 'pdfua1')).toEqual(expect.arrayContaining(['7.2-11', '7.2-14']));
  });
});

describe('PDF/UA-1 lists, formulas, notes, role maps', () => {
  const list = (liParent: string, extra: Record<number, string> = {}) =>
    ua({
      elems: {
        20: `<</Type/StructElem/S/${liParent}/P 8 0 R/K[21 0 R]>>`,
        21: '<</Type/StructElem/S/LI/P 20 0 R/K[22 0 R]>>',
        22: '<</Type/StructElem/S/LBody/P 21 0 R/Pg 3 0 R/K 0>>',
        ...extra,
      },
      kids: [20],
      owners: [22],
    });

  it('an LI in an L passes; in a Div it breaks 7.2 t17', async () => {
    expect((await ids(list('L'), 'pdfua1')).filter((i) => i.startsWith('7.2-'))).toEqual([]);
    expect(await ids(list('Div'), 'pdfua1')).toContain('7.2-17');
  });

  it('a Formula needs Alt or ActualText (7.7); a Note an ID of its own (7.9)', async () => {
    const one = (elem: string) => ua({ elems: { 20: elem }, kids: [20], owners: [20] });
    expect(await ids(one('<</Type/StructElem/S/Formula/P 8 0 R/Pg 3 0 R/K 0>>'), 'pdfua1')).toContain('7.7-1');
    expect(
      await ids(one('<</Type/StructElem/S/Formula/P 8 0 R/Pg 3 0 R/K 0/Alt(x squared)>>'), 'pdfua1'),
    ).not.toContain('7.7-1');
    expect(await ids(one('<</Type/StructElem/S/Note/P 8 0 R/Pg 3 0 R/K 0>>'), 'pdfua1')).toContain('7.9-1');
    expect(await ids(one('<</Type/StructElem/S/Note/P 8 0 R/Pg 3 0 R/K 0/ID(n1)>>'), 'pdfua1')).not.toContain('7.9-1');
  });

  it('a role map that comes back to its type is circular (7.1 t06)', async () => {
    const f = ua({ elems: { 20: '<</Type/StructElem/S/P/P 8 0 R/Pg 3 0 R/K 0>>' }, kids: [20], owners: [20] });
    expect(await ids(f, 'pdfua1')).not.toContain('7.1-6');
    f.objects[7] = '<</Type/StructTreeRoot/K[8 0 R]/ParentTree 9 0 R/RoleMap<</LI/LI>>>>';
    expect(await ids(f, 'pdfua1')).toContain('7.1-6');
  });
});

describe('PDF/UA-1 languages (7.2 t02, t22, t30, t33, t34)', () => {
  const p = (o: Partial<Parameters<typeof ua>[0]> = {}) =>
    ua({ elems: { 20: '<</Type/StructElem/S/P/P 8 0 R/Pg 3 0 R/K 0>>' }, kids: [20], owners: [20], ...o });

  it('with a catalog Lang nothing is reported', async () => {
    expect((await ids(p(), 'pdfua1')).filter((i) => i.startsWith('7.2-'))).toEqual([]);
  });

  it('without one: text (t34) and the x-default-only title (t33); a Lang on the element suffices for its text', async () => {
    expect(await ids(p({ lang: false }), 'pdfua1')).toEqual(expect.arrayContaining(['7.2-33', '7.2-34']));
    const withLang = p({ lang: false, elems: { 20: '<</Type/StructElem/S/P/P 8 0 R/Pg 3 0 R/K 0/Lang(en)>>' } });
    expect(await ids(withLang, 'pdfua1')).not.toContain('7.2-34');
  });

  it('without one: Alt of an element (t22), a Span with ActualText (t30), outlines (t02)', async () => {
    const alt = p({ lang: false, elems: { 20: '<</Type/StructElem/S/Figure/P 8 0 R/Pg 3 0 R/K 0/Alt(A dot)>>' } });
    expect(await ids(alt, 'pdfua1')).toContain('7.2-22');
    const span = p({
      lang: false,
      content: '/P <</MCID 0>> BDC /Span <</ActualText (x)>> BDC 0 0 m 1 1 l S EMC EMC',
    });
    expect(await ids(span, 'pdfua1')).toContain('7.2-30');
    const outlines = p({
      lang: false,
      catalog: '/Outlines 30 0 R',
      objects: {
        30: '<</Type/Outlines/First 31 0 R/Last 31 0 R/Count 1>>',
        31: '<</Title(One)/Parent 30 0 R/Dest[3 0 R/Fit]>>',
      },
    });
    expect(await ids(outlines, 'pdfua1')).toContain('7.2-2');
  });
});

describe('PDF/UA-1 annotations (7.18), identification (5)', () => {
  const annotated = (annot: string) =>
    ua({
      elems: {
        20: '<</Type/StructElem/S/P/P 8 0 R/Pg 3 0 R/K 0>>',
        21: '<</Type/StructElem/S/Annot/P 8 0 R/K<</Type/OBJR/Obj 30 0 R>>>>',
      },
      kids: [20, 21],
      owners: [20],
      page: '/Annots[30 0 R]/Tabs/S',
      objects: { 9: '<</Nums[0[20 0 R] 1 21 0 R]>>', 30: annot },
    });

  it('a shown annotation without Contents breaks t02 of 7.18.1; hidden, or described, it does not', async () => {
    const sq = '<</Type/Annot/Subtype/Square/Rect[0 0 10 10]/StructParent 1';
    expect(await ids(annotated(`${sq}/F 4>>`), 'pdfua1')).toContain('7.18.1-2');
    expect(await ids(annotated(`${sq}/F 4/Contents(A box)>>`), 'pdfua1')).not.toContain('7.18.1-2');
    expect(await ids(annotated(`${sq}/F 6>>`), 'pdfua1')).not.toContain('7.18.1-2');
  });

  it('pdfuaid:part under another prefix breaks 5 t03', async () => {
    const other = '<rdf:Description rdf:about="" xmlns:ua="http://www.aiim.org/pdfua/ns/id/" ua:part="1"/>';
    const f = ua({
      elems: { 20: '<</Type/StructElem/S/P/P 8 0 R/Pg 3 0 R/K 0>>' },
      kids: [20],
      owners: [20],
      xmp: other,
    });
    expect(await ids(f, 'pdfua1')).toContain('5-3');
  });
});

/** An extension schema description for the namespace http://example.com/ns/ (prefix ex). */
function extension(o: { schemaFields?: string; property?: string; valueTypes?: string } = {}): string {
  return `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" xmlns:pdfaType="http://www.aiim.org/pdfa/ns/type#" xmlns:pdfaField="http://www.aiim.org/pdfa/ns/field#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
${o.schemaFields ?? '<pdfaSchema:schema>Example</pdfaSchema:schema><pdfaSchema:namespaceURI>http://example.com/ns/</pdfaSchema:namespaceURI><pdfaSchema:prefix>ex</pdfaSchema:prefix>'}
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">
${o.property ?? '<pdfaProperty:name>size</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>A size</pdfaProperty:description>'}
</rdf:li></rdf:Seq></pdfaSchema:property>${o.valueTypes ?? ''}
</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>
<rdf:Description rdf:about="" xmlns:ex="http://example.com/ns/" ex:size="3"/>`;
}

describe('PDF/A extension schemas (19005-1 6.7.8, 19005-2 6.6.2.3.2–6.6.2.3.3)', () => {
  const ext = async (part: 1 | 2, o: Parameters<typeof extension>[0] = {}) =>
    (await ids(pdfaBase(part, { xmpExtra: extension(o) }), part === 1 ? 'pdfa1b' : 'pdfa2b')).filter((i) =>
      /^(6\.7\.8|6\.6\.2\.3)/.test(i),
    );
  const prop = (
    name: string,
    vt: string,
    cat: string,
    desc = '<pdfaProperty:description>d</pdfaProperty:description>',
  ) =>
    `${name}<pdfaProperty:valueType>${vt}</pdfaProperty:valueType><pdfaProperty:category>${cat}</pdfaProperty:category>${desc}`;

  it('a complete description gives no finding', async () => {
    expect(await ext(1)).toEqual([]);
    expect(await ext(2)).toEqual([]);
  });

  it('each field at fault, under its own test number', async () => {
    const name = '<pdfaProperty:name>size</pdfaProperty:name>';
    expect(await ext(1, { property: prop(name, 'Integer', 'sometimes') })).toEqual(['6.7.8-10']);
    expect(await ext(2, { property: prop(name, 'Integer', 'sometimes') })).toEqual(['6.6.2.3.3-9']);
    expect(await ext(1, { property: prop(name, 'Widget', 'internal') })).toEqual(['6.7.8-9']);
    expect(await ext(1, { property: prop(name, 'Integer', 'internal', '') })).toEqual(['6.7.8-11']);
    expect(
      await ext(1, {
        schemaFields:
          '<pdfaSchema:schema>Example</pdfaSchema:schema><pdfaSchema:namespaceURI>http://example.com/ns/</pdfaSchema:namespaceURI><pdfaProperty:prefix>ex</pdfaProperty:prefix>',
      }),
    ).toEqual(expect.arrayContaining(['6.7.8-1', '6.7.8-5']));
  });

  it('a value type the file defines itself may be used; its fields are checked too', async () => {
    const vt = `<pdfaSchema:valueType><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaType:type>Widget</pdfaType:type><pdfaType:namespaceURI>http://example.com/w/</pdfaType:namespaceURI><pdfaType:prefix>w</pdfaType:prefix><pdfaType:description>A widget</pdfaType:description></rdf:li></rdf:Seq></pdfaSchema:valueType>`;
    const name = '<pdfaProperty:name>size</pdfaProperty:name>';
    expect(await ext(1, { property: prop(name, 'Widget', 'internal'), valueTypes: vt })).toEqual([]);
    expect(
      await ext(1, {
        property: prop(name, 'Widget', 'internal'),
        valueTypes: vt.replace(/<pdfaType:prefix>w<\/pdfaType:prefix>/, ''),
      }),
    ).toEqual(['6.7.8-14']);
  });
});

describe('PDF/A-2 limits (6.1.13 t02, t05, t11)', () => {
  it('reals beyond ±3.403e38 or nonzero below 1.175e-38, and page boundaries outside 3…14400', async () => {
    const tiny = `0.${'0'.repeat(40)}1`;
    expect(await ids(pdfaBase(2, { page: `/UserUnit 1/X ${tiny}` }), 'pdfa2b')).toContain('6.1.13-5');
    expect(await ids(pdfaBase(2, { page: `/X ${'9'.repeat(40)}.0` }), 'pdfa2b')).toContain('6.1.13-2');
    expect(await ids(pdfaBase(2, { page: '/CropBox[0 0 2 200]' }), 'pdfa2b')).toContain('6.1.13-11');
    const ok = await ids(pdfaBase(2, { page: '/CropBox[0 0 3 200]/X 0.5' }), 'pdfa2b');
    expect(ok.filter((i) => i.startsWith('6.1.13-'))).toEqual([]);
  });
});

describe('PDF/UA-1 7.18.4 t02: a Form element without a Role attribute holds its one widget only', () => {
  const form = (k: string, attrs = ''): HandPdf =>
    ua({
      elems: {
        20: `<</Type/StructElem/S/Form/P 8 0 R/Pg 3 0 R/K ${k}${attrs}>>`,
        30: '<</Type/Annot/Subtype/Widget/Rect[10 10 50 30]/FT/Tx/T(name)/TU(Name)/F 4/StructParent 1/P 3 0 R>>',
      },
      kids: [20],
      owners: [20],
      page: '/Annots[30 0 R]',
    });
  const objr = '<</Type/OBJR/Obj 30 0 R/Pg 3 0 R>>';
  it('one OBJR to the widget keeps it; the OBJR beside content breaks it unless a Role attribute is given', async () => {
    expect(await ids(form(objr), 'pdfua1')).not.toContain('7.18.4-2');
    expect(await ids(form(`[${objr} 0]`), 'pdfua1')).toContain('7.18.4-2');
    expect(await ids(form(`[${objr} 0]`, '/A<</O/PrintField/Role/tv>>'), 'pdfua1')).not.toContain('7.18.4-2');
    expect(
      await ids(form(`[${objr} 0]`, '/A[<</O/Layout/Placement/Block>> 0 <</O/PrintField/Role/tv>> 0]'), 'pdfua1'),
    ).not.toContain('7.18.4-2');
  });
});

describe('PDF/UA-1 7.20 t02: a form XObject marked with MCIDs is painted once', () => {
  const painted = (times: number, mcid: boolean): HandPdf =>
    ua({
      elems: { 20: '<</Type/StructElem/S/P/P 8 0 R/Pg 3 0 R/K 0>>' },
      kids: [20],
      owners: [20],
      content: Array.from({ length: times }, () => '/X0 Do').join(' '),
      page: '/Resources<</XObject<</X0 30 0 R>>>>',
      objects: {
        30: {
          dict: '<</Type/XObject/Subtype/Form/BBox[0 0 100 100]>>',
          stream: `${mcid ? '/P <</MCID 0>> BDC' : '/Artifact BMC'} 0 0 m 10 10 l S EMC`,
        },
      },
    });
  it('once keeps it; twice breaks it when the form holds MCIDs, not when it is an artifact', async () => {
    expect(await ids(painted(1, true), 'pdfua1')).not.toContain('7.20-2');
    expect(await ids(painted(2, true), 'pdfua1')).toContain('7.20-2');
    expect(await ids(painted(2, false), 'pdfua1')).not.toContain('7.20-2');
  });
});
