// test/support/rule-pairs/ua.ts — pairs for PDF/UA-1 (identification, structure, languages, annotations,
// fonts' ToUnicode values) and PDF/A-1a's logical structure, on a small tagged file (`uaFile`).
import { type HandPdf, pdfaBase, xmp } from '../pdf-builder.js';
import { pair } from './common.js';

// ——— PDF/UA-1 structure ———

/** A tagged PDF/UA-1 file: a Document (8) holding `kids`; leaves own one MCID each. */
export interface UaNode {
  s: string;
  kids?: UaNode[];
  /** More entries of the element's dictionary. */
  extra?: string;
}
export function uaFile(
  kids: UaNode[],
  o: {
    roleMap?: string;
    catalog?: string;
    lang?: boolean;
    page?: string;
    pdfuaid?: string;
    objects?: HandPdf['objects'];
    content?: (i: number) => string;
    parentTree?: string;
    header?: string;
    part?: 1 | 2;
  } = {},
): HandPdf {
  const objects: Record<number, string> = {};
  const owners: number[] = [];
  let next = 20;
  const put = (n: UaNode, parent: number): number => {
    const me = next++;
    const extra = n.extra ?? '';
    if (!n.kids?.length) {
      owners.push(me);
      objects[me] = `<</Type/StructElem/S/${n.s}/P ${parent} 0 R/Pg 3 0 R/K ${owners.length - 1}${extra}>>`;
    } else {
      const refs = n.kids.map((k) => `${put(k, me)} 0 R`);
      objects[me] = `<</Type/StructElem/S/${n.s}/P ${parent} 0 R/K[${refs.join(' ')}]${extra}>>`;
    }
    return me;
  };
  const top = kids.map((k) => put(k, 8));
  const mark = o.content ?? ((i: number) => `/P <</MCID ${i}>> BDC 0 ${i * 4} 2 2 re f EMC`);
  const p = pdfaBase(o.part ?? 2, {
    content: owners.map((_, i) => mark(i)).join(' '),
    catalog: `/MarkInfo<</Marked true>>/StructTreeRoot 7 0 R${o.lang === false ? '' : '/Lang(en)'}/ViewerPreferences<</DisplayDocTitle true>>${o.catalog ?? ''}`,
    page: `/StructParents 0${o.page ?? ''}`,
    xmpExtra:
      o.pdfuaid ?? '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"/>',
  });
  if (o.header) p.header = o.header;
  Object.assign(p.objects, objects, {
    7: `<</Type/StructTreeRoot/K[8 0 R]/ParentTree 9 0 R/ParentTreeNextKey 2${o.roleMap ? `/RoleMap<<${o.roleMap}>>` : ''}>>`,
    8: `<</Type/StructElem/S/Document/P 7 0 R/K[${top.map((k) => `${k} 0 R`).join(' ')}]>>`,
    9: `<</Nums[0[${owners.map((k) => `${k} 0 R`).join(' ')}]${o.parentTree ?? ''}]>>`,
    ...o.objects,
  });
  return p;
}
const n = (s: string, ...kids: UaNode[]): UaNode => ({ s, kids });
const leaf = (s: string, extra = ''): UaNode => ({ s, extra });
const UA_OK = uaFile([n('P')]);
const uaid = (body: string) => `<rdf:Description rdf:about="" ${body}/>`;
const UAID = 'xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"';

pair('pdfua1', '5-t01', 'no PDF/UA identification schema', uaFile([n('P')], { pdfuaid: '' }), UA_OK);
pair('pdfua1', '5-t02', 'pdfuaid:part 2', uaFile([n('P')], { pdfuaid: uaid(`${UAID} pdfuaid:part="2"`) }), UA_OK);
pair(
  'pdfua1',
  '5-t03',
  'pdfuaid:part under another prefix',
  uaFile([n('P')], { pdfuaid: uaid('xmlns:ua="http://www.aiim.org/pdfua/ns/id/" ua:part="1"') }),
  UA_OK,
);
for (const [t, key] of [
  [4, 'amd'],
  [5, 'corr'],
] as const) {
  const other = uaid(`xmlns:ua="http://www.aiim.org/pdfua/ns/id/" ua:${key}="1"`);
  pair(
    'pdfua1',
    `5-t${t}`,
    `pdfuaid:${key} under another prefix`,
    uaFile([n('P')], { pdfuaid: uaid(`${UAID} pdfuaid:part="1"`) + other }),
    uaFile([n('P')], { pdfuaid: uaid(`${UAID} pdfuaid:part="1" pdfuaid:${key}="1"`) }),
  );
}
pair('pdfua1', '6.1-t01', 'a PDF 2.0 header', uaFile([n('P')], { header: '%PDF-2.0' }), UA_OK);
pair(
  'pdfua1',
  '7.1-t04',
  'MarkInfo Suspects true',
  uaFile([n('P')], { catalog: '/MarkInfo<</Marked true/Suspects true>>' }),
  uaFile([n('P')], { catalog: '/MarkInfo<</Marked true/Suspects false>>' }),
);
pair(
  'pdfua1',
  '7.1-t05',
  'a structure type mapped to nothing',
  uaFile([n('Para')]),
  uaFile([n('Para')], { roleMap: '/Para/P' }),
);
pair(
  'pdfua1',
  '7.1-t05',
  'a circular role mapping',
  uaFile([n('Para')], { roleMap: '/Para/Note2/Note2/Para' }),
  uaFile([n('Para')], { roleMap: '/Para/Note2/Note2/P' }),
);
pair(
  'pdfua1',
  '7.1-t07',
  'a standard type remapped',
  uaFile([n('P')], { roleMap: '/P/Span' }),
  uaFile([n('Para')], { roleMap: '/Para/P' }),
);
{
  const noMeta = uaFile([n('P')]);
  noMeta.objects[1] = String(noMeta.objects[1]).replace('/Metadata 6 0 R', '');
  pair('pdfua1', '7.1-t08', 'no catalog Metadata', noMeta, UA_OK);
  const noTitle = uaFile([n('P')]);
  const packet = xmp(
    2,
    'B',
    '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"/>',
  ).replace(/<rdf:Description[^>]*xmlns:dc=[\s\S]*?<\/rdf:Description>/, '');
  noTitle.objects[6] = { dict: '<</Type/Metadata/Subtype/XML>>', stream: new Uint8Array(Buffer.from(packet, 'utf8')) };
  pair('pdfua1', '7.1-t09', 'no dc:title', noTitle, UA_OK);
  const noP = uaFile([n('P')]);
  noP.objects[20] = String(noP.objects[20]).replace('/P 8 0 R', '');
  pair('pdfua1', '7.1-t12', 'a structure element without P', noP, UA_OK);
}
pair('pdfua1', '7.2-t19', 'an L holding a P', uaFile([n('L', n('P'))]), uaFile([n('L', n('LI', n('LBody')))]));
pair(
  'pdfua1',
  '7.2-t20',
  'an LI holding a P',
  uaFile([n('L', n('LI', n('P')))]),
  uaFile([n('L', n('LI', n('Lbl'), n('LBody')))]),
);
pair('pdfua1', '7.2-t27', 'a TOC holding a P', uaFile([n('TOC', n('P'))]), uaFile([n('TOC', n('TOCI', n('P')))]));
pair(
  'pdfua1',
  '7.2-t29',
  'a Lang that is no language tag',
  uaFile([leaf('P', '/Lang(!!)')]),
  uaFile([leaf('P', '/Lang(de)')]),
);
pair(
  'pdfua1',
  '7.2-t21',
  'ActualText without a language',
  uaFile([leaf('Span', '/ActualText(x)')], { lang: false }),
  uaFile([leaf('Span', '/ActualText(x)/Lang(en)')], { lang: false }),
);
pair(
  'pdfua1',
  '7.2-t23',
  'E without a language',
  uaFile([leaf('Span', '/E(x)')], { lang: false }),
  uaFile([leaf('Span', '/E(x)/Lang(en)')], { lang: false }),
);
for (const [t, key] of [
  [31, 'Alt'],
  [32, 'E'],
] as const) {
  const span = (lang: string) => (i: number) => `/Span <</MCID ${i}/${key}(x)${lang}>> BDC 0 ${i * 4} 2 2 re f EMC`;
  pair(
    'pdfua1',
    `7.2-t${t}`,
    `a Span with ${key} and no language`,
    uaFile([leaf('Span')], { lang: false, content: span('') }),
    uaFile([leaf('Span')], { lang: false, content: span('/Lang(en)') }),
  );
}
pair(
  'pdfua1',
  '7.2-t42',
  'a row reaching past the first row',
  uaFile([n('Table', n('TR', n('TH')), n('TR', n('TD'), n('TD')))]),
  uaFile([n('Table', n('TR', n('TH'), n('TH')), n('TR', n('TD'), n('TD')))]),
);
pair(
  'pdfua1',
  '7.2-t42',
  'a cell spanning past the first row',
  uaFile([n('Table', n('TR', n('TH'), n('TH')), n('TR', leaf('TD', '/A<</O/Table/ColSpan 3>>')))]),
  uaFile([n('Table', n('TR', n('TH'), n('TH')), n('TR', leaf('TD', '/A<</O/Table/ColSpan 2>>')))]),
);
pair(
  'pdfua1',
  '7.4.4-t01',
  'a Sect holding two H',
  uaFile([n('Sect', n('H'), n('H'))]),
  uaFile([n('Sect', n('H'), n('P'))]),
);
pair(
  'pdfua1',
  '7.4.4-t02',
  'H beside H1',
  uaFile([n('Sect', n('H'), n('P')), n('H1')]),
  uaFile([n('Sect', n('H'), n('P'))]),
);
pair('pdfua1', '7.4.4-t03', 'H1 beside H', uaFile([n('H1'), n('Sect', n('H'), n('P'))]), uaFile([n('H1'), n('H2')]));
pair(
  'pdfua1',
  '7.9-t02',
  'two Notes with one ID',
  uaFile([leaf('Note', '/ID(n1)'), leaf('Note', '/ID(n1)')]),
  uaFile([leaf('Note', '/ID(n1)'), leaf('Note', '/ID(n2)')]),
);
{
  const oc = (d: string) =>
    uaFile([n('P')], {
      catalog: `/OCProperties<</OCGs[30 0 R]/D<<${d}/Order[30 0 R]>>>>`,
      objects: { 30: '<</Type/OCG/Name(Layer)>>' },
    });
  pair('pdfua1', '7.10-t01', 'an optional content configuration without Name', oc(''), oc('/Name(Default)'));
  pair(
    'pdfua1',
    '7.10-t02',
    'an optional content configuration with AS',
    oc('/Name(Default)/AS[<</Event/View/Category[/View]/OCGs[30 0 R]>>]'),
    oc('/Name(Default)'),
  );
  const ef = (spec: string) =>
    uaFile([n('P')], {
      catalog: '/Names<</EmbeddedFiles<</Names[(a.txt) 30 0 R]>>>>',
      objects: { 30: `<</Type/Filespec${spec}/EF<</F 31 0 R>>>>`, 31: { dict: '<</Type/EmbeddedFile>>', stream: 'a' } },
    });
  pair('pdfua1', '7.11-t01', 'an embedded file specification without F and UF', ef(''), ef('/F(a.txt)/UF(a.txt)'));
  const form = (ref: string) =>
    uaFile([n('P')], {
      page: '/Resources<</XObject<</X0 30 0 R>>>>',
      content: (i) => `/P <</MCID ${i}>> BDC /X0 Do EMC`,
      objects: { 30: { dict: `<</Type/XObject/Subtype/Form/BBox[0 0 10 10]${ref}>>`, stream: '0 0 m 10 10 l S' } },
    });
  pair('pdfua1', '7.20-t01', 'a reference XObject', form('/Ref<</F(other.pdf)/Page 0>>'), form(''));
}
{
  // encryption that does not permit extraction for accessibility (P bit 10), and XFA needing dynamic rendering
  const enc = (p: number) => ({
    ...uaFile([n('P')], { objects: { 40: `<</Filter/Standard/V 1/R 2/O<00>/U<00>/P ${p}>>` } }),
    trailer: `/Size 41/Root 1 0 R/Info 5 0 R${'/ID[<0123456789ABCDEF0123456789ABCDEF><0123456789ABCDEF0123456789ABCDEF>]'}/Encrypt 40 0 R`,
  });
  pair('pdfua1', '7.16-t01', 'an Encrypt P without bit 10', enc(-516), enc(-4));
  const xfa = (render: string) =>
    uaFile([n('P')], {
      catalog: '/AcroForm<</Fields[]/XFA 40 0 R>>',
      objects: {
        40: {
          dict: '<<>>',
          stream: `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><config xmlns="http://www.xfa.org/schema/xci/3.0/"><acrobat><acroform><dynamicRender>${render}</dynamicRender></acroform></acrobat></config></xdp:xdp>`,
        },
      },
    });
  pair('pdfua1', '7.15-t01', 'XFA requiring dynamic rendering', xfa('required'), xfa('forbidden'));
  // languages of an annotation's Contents and a field's tooltip (no catalog Lang)
  const tu = (lang: string) =>
    uaFile([leaf('P', '/Lang(en)')], {
      lang: false,
      catalog: '/AcroForm<</Fields[30 0 R]>>',
      objects: { 30: `<</FT/Tx/T(f)/TU(name)${lang}>>` },
    });
  pair('pdfua1', '7.2-t25', 'a field tooltip without a language', tu(''), tu('/Lang(en)'));
  // a ToUnicode map sending a code to U+0000
  const tuMap = (to: string) =>
    `/CIDInit/ProcSet findresource begin 12 dict begin begincmap /CMapName/Adobe-Identity-UCS def /CMapType 2 def
1 begincodespacerange <00><FF> endcodespacerange
1 beginbfchar <41> <${to}> endbfchar
endcmap CMapName currentdict /CMap defineresource pop end end`;
  // the font carries a (stand-in) program: the ToUnicode rules judge embedded fonts
  const tuFont = (first: number, to: string): HandPdf['objects'] => ({
    [first]: `<</Type/Font/Subtype/Type1/BaseFont/Hand/FirstChar 65/LastChar 65/Widths[500]/FontDescriptor ${first + 2} 0 R/ToUnicode ${first + 1} 0 R>>`,
    [first + 1]: { dict: '<<>>', stream: tuMap(to) },
    [first + 2]:
      `<</Type/FontDescriptor/FontName/Hand/Flags 32/FontBBox[0 0 500 700]/ItalicAngle 0/Ascent 700/Descent 0/CapHeight 700/StemV 80/FontFile ${first + 3} 0 R>>`,
    [first + 3]: { dict: '<</Length1 5/Length2 0/Length3 0>>', stream: 'xxxxx' },
  });
  const shown = (part: 2 | 4, to: string): HandPdf => {
    const p = pdfaBase(part, { page: '/Resources<</Font<</F0 7 0 R>>>>', content: 'BT /F0 12 Tf (A) Tj ET' });
    Object.assign(p.objects, tuFont(7, to));
    return p;
  };
  pair('pdfa2u', '6.2.11.7.2-t02', 'a ToUnicode entry of U+0000', shown(2, '0000'), shown(2, '0041'));
  pair('pdfa4', '6.2.10.7-t01', 'a ToUnicode entry of U+FEFF', shown(4, 'FEFF'), shown(4, '0041'));
  const uaShown = (to: string) =>
    uaFile([n('P')], {
      page: '/Resources<</Font<</F0 30 0 R>>>>',
      content: (i) => `/P <</MCID ${i}>> BDC BT /F0 12 Tf (A) Tj ET EMC`,
      objects: tuFont(30, to),
    });
  pair('pdfua1', '7.21.7-t02', 'a ToUnicode entry of U+FFFE', uaShown('FFFE'), uaShown('0041'));
}
{
  // annotations: object 30, reached from the structure tree through an OBJR (StructParent 1)
  const annotIn = (s: string, annot: string, extra = '', lang = true) =>
    uaFile([n('P'), leaf(s, `/K<</Type/OBJR/Obj 30 0 R/Pg 3 0 R>>${extra}`)], {
      lang,
      page: '/Annots[30 0 R]/Tabs/S',
      parentTree: ' 1 21 0 R',
      objects: { 30: `<</Type/Annot${annot}/Rect[0 0 10 10]/StructParent 1/F 4>>` },
    });
  // leaf() gives K an MCID; the OBJR element replaces it
  const fix = (p: HandPdf): HandPdf => {
    p.objects[21] = String(p.objects[21]).replace(/\/K 1\/K/, '/K');
    p.objects[9] = String(p.objects[9]).replace(/\[20 0 R 21 0 R\]/, '[20 0 R]');
    p.objects[4] = { dict: '<<>>', stream: '/P <</MCID 0>> BDC 0 0 2 2 re f EMC' };
    return p;
  };
  const link = '/Subtype/Link/Contents(go)/A<</S/URI/URI(http://example.com/)>>';
  pair('pdfua1', '7.18.5-t01', 'a link in an Annot element', fix(annotIn('Annot', link)), fix(annotIn('Link', link)));
  const text = '/Subtype/Text/Contents(a note)';
  // the language of an annotation's Contents: the catalog's or its structure element's
  pair(
    'pdfua1',
    '7.2-t24',
    'an annotation Contents without a language',
    fix(annotIn('Annot', text, '', false)),
    fix(annotIn('Annot', text, '/Lang(en)', false)),
  );
  pair(
    'pdfua1',
    '7.18.1-t01',
    'a text annotation outside the structure tree',
    uaFile([n('P')], { page: '/Annots[30 0 R]/Tabs/S', objects: { 30: `<</Type/Annot${text}/Rect[0 0 10 10]/F 4>>` } }),
    fix(annotIn('Annot', text)),
  );
  const trap = (f: number) =>
    uaFile([n('P')], {
      page: '/Annots[30 0 R]/Tabs/S',
      objects: { 30: `<</Type/Annot/Subtype/TrapNet/Rect[0 0 10 10]/F ${f}>>` },
    });
  pair('pdfua1', '7.18.2-t01', 'a TrapNet annotation shown', trap(4), trap(2));
  const widget = (tu: string) => `/Subtype/Widget/FT/Tx/T(f)${tu}`;
  pair(
    'pdfua1',
    '7.18.4-t01',
    'a widget in an Annot element',
    fix(annotIn('Annot', widget('/TU(name)'))),
    fix(annotIn('Form', widget('/TU(name)'))),
  );
  pair(
    'pdfua1',
    '7.18.1-t03',
    'a widget without TU or Alt',
    fix(annotIn('Form', widget(''))),
    fix(annotIn('Form', widget('/TU(name)'))),
  );
  const mark = '/Subtype/PrinterMark';
  pair(
    'pdfua1',
    '7.18.8-t01',
    'a PrinterMark annotation in the structure tree',
    fix(annotIn('Annot', mark)),
    uaFile([n('P')], { page: '/Annots[30 0 R]/Tabs/S', objects: { 30: `<</Type/Annot${mark}/Rect[0 0 10 10]/F 4>>` } }),
  );
}
{
  // PDF/A-1a logical structure (6.8)
  const a1 = (kids: UaNode[], o: Parameters<typeof uaFile>[1] = {}) =>
    withConformance(uaFile(kids, { ...o, part: 1 }), 'A');
  pair(
    'pdfa1a',
    '6.8.2.2-t01',
    'MarkInfo Marked false',
    a1([n('P')], { catalog: '/MarkInfo<</Marked false>>' }),
    a1([n('P')]),
  );
  const noTree = a1([n('P')]);
  noTree.objects[1] = String(noTree.objects[1]).replace('/StructTreeRoot 7 0 R', '');
  pair('pdfa1a', '6.8.3.3-t01', 'no StructTreeRoot', noTree, a1([n('P')]));
  pair(
    'pdfa1a',
    '6.8.3.4-t01',
    'a structure type mapped to nothing',
    a1([n('Para')]),
    a1([n('Para')], { roleMap: '/Para/P' }),
  );
  pair(
    'pdfa1a',
    '6.8.3.4-t02',
    'a circular role mapping',
    a1([n('Para')], { roleMap: '/Para/Q2/Q2/Para' }),
    a1([n('Para')], { roleMap: '/Para/Q2/Q2/P' }),
  );
  pair(
    'pdfa1a',
    '6.8.4-t01',
    'a Lang that is no language identifier',
    a1([leaf('P', '/Lang(!!)')]),
    a1([leaf('P', '/Lang(de)')]),
  );
}
/** The file's pdfaid:conformance set to `level` (the base writes B). */
function withConformance(p: HandPdf, level: string): HandPdf {
  const m = p.objects[6] as { dict: string; stream: Uint8Array };
  const text = Buffer.from(m.stream)
    .toString('utf8')
    .replace('pdfaid:conformance="B"', `pdfaid:conformance="${level}"`);
  p.objects[6] = { dict: m.dict, stream: new Uint8Array(Buffer.from(text, 'utf8')) };
  return p;
}
