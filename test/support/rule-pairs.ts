// test/support/rule-pairs.ts — one row per bound rule: a hand-built PDF that breaks it and one that keeps
// it (issue 18), written as PDF objects (test/support/pdf-builder.ts). verifier/rules-pairs.test.ts runs
// every row (the breaking file gives the rule's finding, the keeping file does not), and
// test/support/pair-audit.ts counts the rules that have such a pair. Rows are grouped by cluster:
// XMP extension schemas and property value types, implementation limits, PDF/UA-1 structure, then
// PDF/A file structure, graphics, fonts, annotations, actions and metadata.
import { srgbProfile } from '../../engines/pdf/srgb.js';
import type { StandardName } from '../../verifier/model.js';
import { flavourOf, ruleKey } from '../../verifier/model.js';
import { buildPdf, type HandPdf, pdfaBase, xmp } from './pdf-builder.js';

export interface RulePair {
  std: StandardName;
  /** The finding id, `ISO_19005_2 6.2.4.3-t02`. */
  rule: string;
  what: string;
  fail: HandPdf | Uint8Array;
  pass: HandPdf | Uint8Array;
}

const pairs: RulePair[] = [];
function pair(
  std: StandardName,
  id: string,
  what: string,
  fail: HandPdf | Uint8Array,
  pass: HandPdf | Uint8Array,
): void {
  const [clause, test] = id.split('-t');
  pairs.push({ std, rule: ruleKey(flavourOf(std)?.spec ?? '', clause, Number(test)), what, fail, pass });
}

/** The built file with one piece of its bytes replaced by another: of the same length, or anywhere from
 * the xref table on (startxref then points at the moved table). */
function patched(p: HandPdf, from: string, to: string): Uint8Array {
  const s = Buffer.from(buildPdf(p)).toString('latin1');
  const at = s.indexOf(from);
  if (at < 0) throw new Error(`no ${from} to patch`);
  let out = s.slice(0, at) + to + s.slice(at + from.length);
  if (from.length !== to.length) {
    if (at < s.lastIndexOf('\nxref')) throw new Error('a patch before the xref table keeps the length');
    out = out.replace(/startxref\n\d+/, `startxref\n${out.lastIndexOf('xref', out.lastIndexOf('startxref') - 1)}`);
  }
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A base document whose XMP packet is rewritten by `edit`. */
function withXmp(part: 1 | 2 | 3 | 4, edit: (x: string) => string, opts: Parameters<typeof pdfaBase>[1] = {}): HandPdf {
  const p = pdfaBase(part, opts);
  const packet = edit(xmp(part, part === 4 ? undefined : 'B', opts.xmpExtra));
  p.objects[6] = { dict: '<</Type/Metadata/Subtype/XML>>', stream: new Uint8Array(Buffer.from(packet, 'utf8')) };
  return p;
}

const desc = (ns: string, prefix: string, body: string): string =>
  `<rdf:Description rdf:about="" xmlns:${prefix}="${ns}">${body}</rdf:Description>`;

// ——— XMP extension schema descriptions (PDF/A-1 6.7.8, PDF/A-2/3 6.6.2.3.3) ———

const li = (s: string): string => `<rdf:li rdf:parseType="Resource">${s}</rdf:li>`;
interface Ext {
  schema: string;
  propertyArray: string;
  property: string;
  valueTypeArray: string;
  valueType: string;
  fieldArray: string;
  field: string;
  use: string;
}
const GOOD_EXT: Ext = {
  schema:
    '<pdfaSchema:schema>Example</pdfaSchema:schema><pdfaSchema:namespaceURI>http://example.com/ns/</pdfaSchema:namespaceURI><pdfaSchema:prefix>ex</pdfaSchema:prefix>',
  propertyArray: 'Seq',
  property:
    '<pdfaProperty:name>size</pdfaProperty:name><pdfaProperty:valueType>Widget</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>A size</pdfaProperty:description>',
  valueTypeArray: 'Seq',
  valueType:
    '<pdfaType:type>Widget</pdfaType:type><pdfaType:namespaceURI>http://example.com/w/</pdfaType:namespaceURI><pdfaType:prefix>w</pdfaType:prefix><pdfaType:description>A widget</pdfaType:description>',
  fieldArray: 'Seq',
  field:
    '<pdfaField:name>w</pdfaField:name><pdfaField:valueType>Integer</pdfaField:valueType><pdfaField:description>width</pdfaField:description>',
  use: '<rdf:Description rdf:about="" xmlns:ex="http://example.com/ns/" xmlns:w="http://example.com/w/"><ex:size rdf:parseType="Resource"><w:w>3</w:w></ex:size></rdf:Description>',
};
function extensionXmp(o: Partial<Ext> = {}): string {
  const e = { ...GOOD_EXT, ...o };
  const fields = `<pdfaType:field><rdf:${e.fieldArray}>${li(e.field)}</rdf:${e.fieldArray}></pdfaType:field>`;
  const types = `<pdfaSchema:valueType><rdf:${e.valueTypeArray}>${li(e.valueType + fields)}</rdf:${e.valueTypeArray}></pdfaSchema:valueType>`;
  const props = `<pdfaSchema:property><rdf:${e.propertyArray}>${li(e.property)}</rdf:${e.propertyArray}></pdfaSchema:property>`;
  return `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" xmlns:pdfaType="http://www.aiim.org/pdfa/ns/type#" xmlns:pdfaField="http://www.aiim.org/pdfa/ns/field#">
<pdfaExtension:schemas><rdf:Bag>${li(e.schema + props + types)}</rdf:Bag></pdfaExtension:schemas></rdf:Description>
${e.use}`;
}
const drop = (s: string, tag: string): string => s.replace(new RegExp(`<${tag}>[^<]*</${tag}>`), '');
const EXT_BREAKS: [number, string, Partial<Ext>][] = [
  [3, 'pdfaSchema:schema missing', { schema: drop(GOOD_EXT.schema, 'pdfaSchema:schema') }],
  [4, 'pdfaSchema:namespaceURI not a URI', { schema: GOOD_EXT.schema.replace('http://example.com/ns/', 'not a uri') }],
  [5, 'pdfaSchema:prefix missing', { schema: drop(GOOD_EXT.schema, 'pdfaSchema:prefix') }],
  [6, 'pdfaSchema:property a Bag', { propertyArray: 'Bag' }],
  [7, 'pdfaSchema:valueType a Bag', { valueTypeArray: 'Bag' }],
  [8, 'pdfaProperty:name missing', { property: drop(GOOD_EXT.property, 'pdfaProperty:name') }],
  [9, 'pdfaProperty:valueType undefined', { property: GOOD_EXT.property.replace('>Widget<', '>Gadget<') }],
  [
    10,
    'pdfaProperty:category neither internal nor external',
    { property: GOOD_EXT.property.replace('external', 'sometimes') },
  ],
  [11, 'pdfaProperty:description missing', { property: drop(GOOD_EXT.property, 'pdfaProperty:description') }],
  [12, 'pdfaType:type missing', { valueType: drop(GOOD_EXT.valueType, 'pdfaType:type') }],
  [13, 'pdfaType:namespaceURI missing', { valueType: drop(GOOD_EXT.valueType, 'pdfaType:namespaceURI') }],
  [14, 'pdfaType:prefix missing', { valueType: drop(GOOD_EXT.valueType, 'pdfaType:prefix') }],
  [15, 'pdfaType:description missing', { valueType: drop(GOOD_EXT.valueType, 'pdfaType:description') }],
  [16, 'pdfaType:field a Bag', { fieldArray: 'Bag' }],
  [17, 'pdfaField:name missing', { field: drop(GOOD_EXT.field, 'pdfaField:name') }],
  [18, 'pdfaField:valueType undefined', { field: GOOD_EXT.field.replace('Integer', 'Gadget') }],
  [19, 'pdfaField:description missing', { field: drop(GOOD_EXT.field, 'pdfaField:description') }],
];
for (const [t, what, o] of EXT_BREAKS) {
  const ext = (part: 1 | 2 | 3, x: Partial<Ext>) => pdfaBase(part, { xmpExtra: extensionXmp(x) });
  pair('pdfa1b', `6.7.8-t${t}`, what, ext(1, o), ext(1, {}));
  pair('pdfa2b', `6.6.2.3.3-t${t - 1}`, what, ext(2, o), ext(2, {}));
  pair('pdfa3b', `6.6.2.3.3-t${t - 1}`, what, ext(3, o), ext(3, {}));
}
// value types spelled in lower case, as XMP 2004 and many writers spell them (veraPDF reads types
// without case): `bag Text` is a Bag of Text, so a simple value breaks it and a Bag keeps it
{
  const bagText = (part: 1 | 2, value: string) =>
    pdfaBase(part, {
      xmpExtra: extensionXmp({
        property:
          '<pdfaProperty:name>tags</pdfaProperty:name><pdfaProperty:valueType>bag Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>Tags</pdfaProperty:description>',
        use: `<rdf:Description rdf:about="" xmlns:ex="http://example.com/ns/"><ex:tags>${value}</ex:tags></rdf:Description>`,
      }),
    });
  const bag = '<rdf:Bag><rdf:li>a</rdf:li><rdf:li>b</rdf:li></rdf:Bag>';
  pair('pdfa1b', '6.7.9-t03', 'a bag Text property holding a simple value', bagText(1, 'a'), bagText(1, bag));
  pair('pdfa2b', '6.6.2.3.1-t01', 'a bag Text property holding a simple value', bagText(2, 'a'), bagText(2, bag));
  const seq = '<rdf:Seq><rdf:li>a</rdf:li></rdf:Seq>';
  pair('pdfa2b', '6.6.2.3.1-t01', 'a bag Text property holding a Seq', bagText(2, seq), bagText(2, bag));
}

// ——— predefined schemas' property value types (PDF/A-1 6.7.9, PDF/A-2 6.6.2.3.1 per schema) ———

const PREDEFINED_PAIRS: [number, string, string, string, string][] = [
  // test, namespace, prefix, breaking property, keeping property
  [
    4,
    'http://ns.adobe.com/camera-raw-settings/1.0/',
    'crs',
    '<crs:Exposure>bright</crs:Exposure>',
    '<crs:Exposure>0.5</crs:Exposure>',
  ],
  [7, 'http://ns.adobe.com/xap/1.0/', 'xmp', '<xmp:Rating>high</xmp:Rating>', '<xmp:Rating>3</xmp:Rating>'],
  [
    8,
    'http://ns.adobe.com/xap/1.0/rights/',
    'xmpRights',
    '<xmpRights:Marked>maybe</xmpRights:Marked>',
    '<xmpRights:Marked>True</xmpRights:Marked>',
  ],
  [9, 'http://ns.adobe.com/xap/1.0/mm/', 'xmpMM', '<xmpMM:SaveID>x</xmpMM:SaveID>', '<xmpMM:SaveID>3</xmpMM:SaveID>'],
  [
    10,
    'http://ns.adobe.com/xap/1.0/bj/',
    'xmpBJ',
    '<xmpBJ:JobRef>job</xmpBJ:JobRef>',
    '<xmpBJ:JobRef><rdf:Bag><rdf:li rdf:parseType="Resource"><stJob:name xmlns:stJob="http://ns.adobe.com/xap/1.0/sType/Job#">job</stJob:name></rdf:li></rdf:Bag></xmpBJ:JobRef>',
  ],
  [
    11,
    'http://ns.adobe.com/xap/1.0/t/pg/',
    'xmpTPg',
    '<xmpTPg:NPages>many</xmpTPg:NPages>',
    '<xmpTPg:NPages>3</xmpTPg:NPages>',
  ],
  [
    12,
    'http://ns.adobe.com/pdf/1.3/',
    'pdf',
    '<pdf:PDFVersion><rdf:Bag><rdf:li>1.7</rdf:li></rdf:Bag></pdf:PDFVersion>',
    '<pdf:PDFVersion>1.7</pdf:PDFVersion>',
  ],
  [
    14,
    'http://ns.adobe.com/tiff/1.0/',
    'tiff',
    '<tiff:ImageWidth>wide</tiff:ImageWidth>',
    '<tiff:ImageWidth>100</tiff:ImageWidth>',
  ],
  [
    16,
    'http://ns.adobe.com/exif/1.0/',
    'exif',
    '<exif:PixelXDimension>x</exif:PixelXDimension>',
    '<exif:PixelXDimension>100</exif:PixelXDimension>',
  ],
  [
    19,
    'http://ns.adobe.com/exif/1.0/aux/',
    'aux',
    '<aux:ImageNumber>x</aux:ImageNumber>',
    '<aux:ImageNumber>3</aux:ImageNumber>',
  ],
];
for (const [t, ns, prefix, bad, good] of PREDEFINED_PAIRS) {
  const doc = (body: string) => pdfaBase(2, { xmpExtra: desc(ns, prefix, body) });
  pair('pdfa2b', `6.6.2.3.1-t${t}`, `${prefix}: a value not of its type`, doc(bad), doc(good));
}
{
  const xmpNs = 'http://ns.adobe.com/xap/1.0/';
  const doc = (part: 1 | 2, body: string) => pdfaBase(part, { xmpExtra: desc(xmpNs, 'xmp', body) });
  pair(
    'pdfa1b',
    '6.7.9-t02',
    'xmp:Bogus is no property of the XMP basic schema',
    doc(1, '<xmp:Bogus>1</xmp:Bogus>'),
    doc(1, '<xmp:Nickname>n</xmp:Nickname>'),
  );
  pair(
    'pdfa2b',
    '6.6.2.3.1-t07',
    'xmp:Bogus is no property of the XMP basic schema',
    doc(2, '<xmp:Bogus>1</xmp:Bogus>'),
    doc(2, '<xmp:Nickname>n</xmp:Nickname>'),
  );
  const dm = desc('http://ns.adobe.com/xmp/1.0/DynamicMedia/', 'xmpDM', '<xmpDM:album>a</xmpDM:album>');
  pair(
    'pdfa1b',
    '6.7.2-t04',
    'a Dynamic Media property (XMP 2005) undescribed under PDF/A-1',
    pdfaBase(1, { xmpExtra: dm }),
    pdfaBase(1),
  );
}

// ——— implementation limits ———

for (const [std, part, clause] of [
  ['pdfa1b', 1, '6.1.12'],
  ['pdfa2b', 2, '6.1.13'],
] as const) {
  // q/Q nesting counted per content stream, a form XObject's from its own start (as veraPDF's parser
  // counts it): 29 levels inside the form break it, 20 in the page around 20 in the form do not
  const nest = (n: number) => `${'q '.repeat(n)}0 0 m 10 10 l S${' Q'.repeat(n)}`;
  const form = (page: string, inner: string): HandPdf => {
    const p = pdfaBase(part, { page: '/Resources<</XObject<</X0 7 0 R>>>>', content: page });
    p.objects[7] = { dict: '<</Type/XObject/Subtype/Form/BBox[0 0 10 10]>>', stream: inner };
    return p;
  };
  pair(
    std,
    `${clause}-t08`,
    'q nested 29 deep inside a form XObject',
    form('/X0 Do', nest(29)),
    form(`${'q '.repeat(20)}/X0 Do${' Q'.repeat(20)}`, nest(20)),
  );
  // names in content streams count as the file's names (128 bytes break it, 127 keep it)
  const named = (n: number) => {
    const name = 'G'.repeat(n);
    return pdfaBase(part, {
      page: `/Resources<</ExtGState<</${name}<</LW 1>>>>>>`,
      content: `/${name} gs 0 0 m 10 10 l S`,
    });
  };
  pair(std, `${clause}-t04`, 'a 128-byte name in a content stream', named(128), named(127));
  const escaped = pdfaBase(part, { content: `/${'N'.repeat(126)}#41#42 MP 0 0 m 10 10 l S` });
  pair(
    std,
    `${clause}-t04`,
    'a name of 128 bytes once #xx is undone, in a content stream',
    escaped,
    pdfaBase(part, { content: `/${'N'.repeat(125)}#41#42 MP` }),
  );
}

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

// ——— PDF/A file structure, graphics, fonts, transparency, annotations, actions, metadata: one case, the
// id each part gives it (PDF/A-3 is judged by PDF/A-2's modules: its pairs count for both) ———

/** PDF/A-1, 2, 4, and 5 for PDF/UA-1 (judged on a PDF/A-2 base: only the rule asked is compared). */
type Part = 1 | 2 | 4 | 5;
const STD: Record<Part, StandardName> = { 1: 'pdfa1b', 2: 'pdfa2b', 4: 'pdfa4', 5: 'pdfua1' };
interface Case {
  what: string;
  ids: Partial<Record<Part, string>>;
  fail: (part: Part) => HandPdf | Uint8Array;
  pass: (part: Part) => HandPdf | Uint8Array;
}
const b = (part: Part, o: Parameters<typeof pdfaBase>[1] = {}) => pdfaBase(part === 5 ? 2 : part, o);
const withObj = (p: HandPdf, objects: HandPdf['objects']): HandPdf => {
  Object.assign(p.objects, objects);
  return p;
};
const stream = (part: Part, o: { dict: string; stream: string; eol?: string }) =>
  withObj(b(part, { catalog: '/X 7 0 R' }), { 7: o });
const xobj = (part: Part, dict: string, data = '', content = '/X0 Do') =>
  withObj(b(part, { page: '/Resources<</XObject<</X0 7 0 R>>>>', content }), { 7: { dict, stream: data } });
const IMG = '/Type/XObject/Subtype/Image/Width 1/Height 1/ColorSpace/DeviceGray/BitsPerComponent 8';
const FORM = '/Type/XObject/Subtype/Form/BBox[0 0 10 10]';
const gs = (part: Part, entries: string) =>
  b(part, { page: `/Resources<</ExtGState<</G0<<${entries}>>>>>>`, content: '/G0 gs 0 0 m 10 10 l S' });
const FONT = {
  Type: '/Type/Font',
  Subtype: '/Subtype/Type1',
  BaseFont: '/BaseFont/Hand',
  FirstChar: '/FirstChar 65',
  LastChar: '/LastChar 65',
  Widths: '/Widths[500]',
};
const font = (part: Part, dict: string) =>
  withObj(b(part, { page: '/Resources<</Font<</F0 7 0 R>>>>', content: 'BT /F0 12 Tf (A) Tj ET' }), {
    7: `<<${dict}>>`,
  });
/** An annotation (object 7) on the page, with a form XObject (8) for its appearances. */
const annot = (part: Part, a: string, extra = '/F 4/AP<</N 8 0 R>>') =>
  withObj(b(part, { page: '/Annots[7 0 R]' }), {
    7: `<</Type/Annot${a}/Rect[0 0 10 10]${extra}>>`,
    8: { dict: `<<${FORM}>>`, stream: '' },
  });
const AP = '/F 4/AP<</N 8 0 R>>';
const field = (part: Part, aa: string, form = '') => {
  const p = annot(part, '/Subtype/Widget/Parent 9 0 R');
  p.objects[1] = String(p.objects[1]).replace('>>', `/AcroForm<</Fields[9 0 R]${form}>>>>`);
  p.objects[9] = `<</FT/Tx/T(f)/Kids[7 0 R]${aa}>>`;
  return p;
};
const meta = (part: Part, edit: (x: string) => string) => withXmp(part === 5 ? 2 : part, edit);
const ids = (one: string | undefined, two: string | undefined, four: string | undefined, ua?: string) => {
  const out: Partial<Record<Part, string>> = {};
  if (ua) out[5] = ua;
  if (one) out[1] = one;
  if (two) out[2] = two;
  if (four) out[4] = four;
  return out;
};
const TRAILER = (part: Part, extra: string) => `/Size 7/Root 1 0 R${part === 4 ? '' : '/Info 5 0 R'}${extra}`;
const ID = '/ID[<0123456789ABCDEF0123456789ABCDEF><0123456789ABCDEF0123456789ABCDEF>]';
const embedded = (part: Part, spec: string, ef = '<</Type/EmbeddedFile/Subtype/text#2Fplain>>') =>
  withObj(b(part, { catalog: '/Names<</EmbeddedFiles<</Names[(a.txt) 7 0 R]>>>>' }), {
    7: `<</Type/Filespec${spec}/EF<</F 8 0 R>>>>`,
    8: { dict: ef, stream: 'a' },
  });

const SRGB = srgbProfile();
/** Output intents (objects 7, 8: an sRGB profile, another with one byte of its header changed). */
const intents = (part: Part, entries: string[]) =>
  withObj(b(part, { catalog: `/OutputIntents[${entries.join(' ')}]` }), {
    7: { dict: '<</N 3>>', stream: SRGB },
    8: { dict: '<</N 3>>', stream: Uint8Array.from(SRGB, (x, i) => (i === 99 ? x ^ 1 : x)) },
  });
const intent = (profile: string, s = 'GTS_PDFA1') =>
  `<</Type/OutputIntent/S/${s}/OutputConditionIdentifier(sRGB)${profile}>>`;
const iccFill = (part: Part, n: number, data: Uint8Array) =>
  withObj(
    b(part, { page: '/Resources<</ColorSpace<</CS0[/ICCBased 7 0 R]>>>>', content: '/CS0 cs 0 0 0 sc 0 0 10 10 re f' }),
    {
      7: { dict: `<</N ${n}>>`, stream: data },
    },
  );
const TINT = '<</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 0 0 1]/N 1>>';
const TINT2 = '<</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 0 1 1]/N 1>>';

const CASES: Case[] = [
  {
    what: 'an output profile that is no ICC profile',
    ids: ids('6.2.2-t01', '6.2.3-t03', '6.2.3-t03'),
    fail: (p) =>
      withObj(intents(p, [intent('/DestOutputProfile 7 0 R')]), { 7: { dict: '<</N 3>>', stream: 'not a profile' } }),
    pass: (p) => intents(p, [intent('/DestOutputProfile 7 0 R')]),
  },
  {
    what: 'two output intents with different profiles',
    ids: ids('6.2.2-t02', '6.2.3-t02', '6.2.3-t02'),
    fail: (p) => intents(p, [intent('/DestOutputProfile 7 0 R'), intent('/DestOutputProfile 8 0 R', 'GTS_PDFX')]),
    pass: (p) => intents(p, [intent('/DestOutputProfile 7 0 R'), intent('/DestOutputProfile 7 0 R', 'GTS_PDFX')]),
  },
  {
    what: 'an output intent with DestOutputProfileRef',
    ids: ids(undefined, '6.2.3-t03', '6.2.3-t03'),
    fail: (p) =>
      intents(p, [
        intent('/DestOutputProfile 7 0 R'),
        intent('/DestOutputProfile 7 0 R/DestOutputProfileRef<</URLs[]>>', 'GTS_PDFX'),
      ]),
    pass: (p) => intents(p, [intent('/DestOutputProfile 7 0 R'), intent('/DestOutputProfile 7 0 R', 'GTS_PDFX')]),
  },
  {
    what: 'an ICCBased space holding no ICC profile',
    ids: ids('6.2.3-t01', '6.2.4.2-t01', '6.2.4.2-t01'),
    fail: (p) => iccFill(p, 3, new Uint8Array(Buffer.from('not a profile'))),
    pass: (p) => iccFill(p, 3, SRGB),
  },
  {
    what: "an ICCBased N that is not the profile's",
    ids: ids('6.2.3-t05', '6.2.4.2-t01', undefined),
    fail: (p) => iccFill(p, 4, SRGB),
    pass: (p) => iccFill(p, 3, SRGB),
  },
  {
    what: 'two Separations of one name with different tint transforms',
    ids: ids(undefined, undefined, '6.2.4.4-t03'),
    fail: (p) =>
      b(p, {
        page: `/Resources<</ColorSpace<</CS0[/Separation/Spot/DeviceCMYK ${TINT}]/CS1[/Separation/Spot/DeviceCMYK ${TINT2}]>>>>`,
        content: '/CS0 cs 1 sc 0 0 10 10 re f /CS1 cs 1 sc 0 0 5 5 re f',
      }),
    pass: (p) =>
      b(p, {
        page: `/Resources<</ColorSpace<</CS0[/Separation/Spot/DeviceCMYK ${TINT}]/CS1[/Separation/Spot/DeviceCMYK ${TINT}]>>>>`,
        content: '/CS0 cs 1 sc 0 0 10 10 re f /CS1 cs 1 sc 0 0 5 5 re f',
      }),
  },
  {
    what: 'an NChannel spot colorant missing from Colorants',
    ids: ids(undefined, undefined, '6.2.4.4-t02'),
    fail: (p) =>
      b(p, {
        page: `/Resources<</ColorSpace<</CS0[/DeviceN[/Spot]/DeviceCMYK ${TINT}<</Subtype/NChannel/Colorants<<>>>>]>>>>`,
        content: '/CS0 cs 1 sc 0 0 10 10 re f',
      }),
    pass: (p) =>
      b(p, {
        page: `/Resources<</ColorSpace<</CS0[/DeviceN[/Spot]/DeviceCMYK ${TINT}<</Subtype/NChannel/Colorants<</Spot[/Separation/Spot/DeviceCMYK ${TINT}]>>>>]>>>>`,
        content: '/CS0 cs 1 sc 0 0 10 10 re f',
      }),
  },
  {
    what: 'a header not at byte 0',
    ids: ids('6.1.2-t01', undefined, undefined),
    fail: (p) => ({ ...b(p), header: ' %PDF-1.4' }),
    pass: (p) => b(p),
  },
  {
    what: 'no binary comment after the header',
    ids: ids(undefined, undefined, '6.1.2-t02'),
    fail: (p) => ({ ...b(p), binary: '' }),
    pass: (p) => b(p),
  },
  {
    what: 'no trailer ID',
    ids: ids('6.1.3-t01', undefined, undefined),
    fail: (p) => ({ ...b(p), trailer: TRAILER(p, '') }),
    pass: (p) => b(p),
  },
  {
    what: 'a trailer ID of empty strings',
    ids: ids('6.1.3-t01', undefined, undefined),
    fail: (p) => ({ ...b(p), trailer: TRAILER(p, '/ID[()()]') }),
    pass: (p) => b(p),
  },
  {
    what: 'an Encrypt entry in the trailer',
    ids: ids('6.1.3-t02', '6.1.3-t02', '6.1.3-t02'),
    fail: (p) => ({
      ...withObj(b(p), { 7: '<</Filter/Standard/V 1/R 2/O<00>/U<00>/P -4>>' }),
      trailer: TRAILER(p, `${ID}/Encrypt 7 0 R`).replace('/Size 7', '/Size 8'),
    }),
    pass: (p) => b(p),
  },
  {
    what: 'data after %%EOF',
    ids: ids(undefined, '6.1.3-t03', '6.1.3-t03'),
    fail: (p) => ({ ...b(p), tail: 'junk' }),
    pass: (p) => b(p),
  },
  {
    what: 'xref followed by a space and EOL',
    ids: ids('6.1.4-t02', '6.1.4-t01', '6.1.4-t01'),
    fail: (p) => patched(b(p), 'xref\n0 7', 'xref \n0 7'),
    pass: (p) => b(p),
  },
  {
    what: 'an xref subsection header spaced by two spaces',
    ids: ids('6.1.4-t01', '6.1.4-t02', '6.1.4-t02'),
    fail: (p) => patched(b(p), 'xref\n0 7\n', 'xref\n0  7\n'),
    pass: (p) => b(p),
  },
  {
    what: 'a hex string of odd length',
    ids: ids('6.1.6-t01', '6.1.6-t01', '6.1.5-t01'),
    fail: (p) => b(p, { catalog: '/X<ABC>' }),
    pass: (p) => b(p, { catalog: '/X<ABCD>' }),
  },
  {
    what: 'a hex string with a non-hex digit',
    ids: ids('6.1.6-t02', '6.1.6-t02', '6.1.5-t02'),
    fail: (p) => b(p, { catalog: '/X<ABZZ>' }),
    pass: (p) => b(p, { catalog: '/X<ABCD>' }),
  },
  {
    what: 'a stream Length that is wrong',
    ids: ids('6.1.7-t01', '6.1.7.1-t03', '6.1.6-t03'),
    fail: (p) => stream(p, { dict: '<</Length 9>>', stream: 'abc' }),
    pass: (p) => stream(p, { dict: '<<>>', stream: 'abc' }),
  },
  {
    what: 'stream followed by CR alone',
    ids: ids('6.1.7-t02', undefined, '6.1.6-t01'),
    fail: (p) => stream(p, { dict: '<<>>', stream: 'abc', eol: '\r' }),
    pass: (p) => stream(p, { dict: '<<>>', stream: 'abc', eol: '\r\n' }),
  },
  {
    what: 'endstream not after an EOL',
    ids: ids(undefined, '6.1.7.1-t02', '6.1.6-t02'),
    fail: (p) => patched(stream(p, { dict: '<</Length 4>>', stream: 'abc' }), 'abc\nendstream', 'abcdendstream'),
    pass: (p) => stream(p, { dict: '<<>>', stream: 'abc' }),
  },
  {
    what: 'a stream with F',
    ids: ids('6.1.7-t03', '6.1.7.1-t04', '6.1.6-t04'),
    fail: (p) => stream(p, { dict: '<</F(x.bin)>>', stream: '' }),
    pass: (p) => stream(p, { dict: '<<>>', stream: '' }),
  },
  {
    what: 'a stream compressed with LZW',
    ids: ids(undefined, '6.1.7.2-t01', '6.1.10-t01'),
    fail: (p) => stream(p, { dict: '<</Filter/LZWDecode>>', stream: 'x' }),
    pass: (p) => stream(p, { dict: '<</Filter/ASCIIHexDecode>>', stream: '41>' }),
  },
  {
    what: 'a stream with a filter ISO 32000 does not define',
    ids: ids(undefined, '6.1.7.2-t01', '6.1.6.2-t01'),
    fail: (p) => stream(p, { dict: '<</Filter/Zip>>', stream: 'x' }),
    pass: (p) => stream(p, { dict: '<</Filter/ASCIIHexDecode>>', stream: '41>' }),
  },
  {
    what: 'an inline image with an LZW filter',
    ids: ids('6.1.10-t02', '6.1.7.2-t02', undefined),
    fail: (p) => b(p, { content: 'BI /W 1/H 1/CS/G/BPC 8/F/LZW ID x EI' }),
    pass: (p) => b(p, { content: 'BI /W 1/H 1/CS/G/BPC 8/F/AHx ID 00> EI' }),
  },
  {
    what: 'a name that is not UTF-8',
    ids: ids(undefined, '6.1.8-t01', '6.1.7-t01'),
    fail: (p) => b(p, { catalog: '/X#E9 1' }),
    pass: (p) => b(p, { catalog: '/X#C3#A9 1' }),
  },
  {
    what: 'endobj not after an EOL',
    ids: ids('6.1.8-t01', '6.1.9-t01', '6.1.8-t01'),
    fail: (p) => patched(stream(p, { dict: '<<>>', stream: 'abc' }), '\nendstream\nendobj', '\nendstream endobj'),
    pass: (p) => stream(p, { dict: '<<>>', stream: 'abc' }),
  },
  {
    what: 'EmbeddedFiles in the name dictionary',
    ids: ids('6.1.11-t01', undefined, undefined),
    fail: (p) => b(p, { catalog: '/Names<</EmbeddedFiles<</Names[]>>>>' }),
    pass: (p) => b(p, { catalog: '/Names<<>>' }),
  },
  {
    what: 'a permissions dictionary with another key',
    ids: ids(undefined, undefined, '6.1.11-t01'),
    fail: (p) => b(p, { catalog: '/Perms<</Foo<<>>>>' }),
    pass: (p) => b(p, { catalog: '/Perms<<>>' }),
  },
  {
    what: 'an output intent without DestOutputProfile',
    ids: ids('6.2.2-t04', '6.2.3-t04', '6.2.3-t04'),
    fail: (p) => b(p, { catalog: '/OutputIntents[<</Type/OutputIntent/S/GTS_PDFA1/OutputConditionIdentifier(x)>>]' }),
    pass: (p) => b(p),
  },
  {
    what: 'an undefined operator',
    ids: ids('6.2.10-t01', '6.2.2-t01', '6.2.2-t01'),
    fail: (p) => b(p, { content: '0 0 m 10 10 l foo S' }),
    pass: (p) => b(p, { content: '0 0 m 10 10 l S' }),
  },
  {
    what: 'a graphics state resource used and not defined',
    ids: ids(undefined, '6.2.2-t02', '6.2.2-t03'),
    fail: (p) => b(p, { content: '/G9 gs 0 0 m 10 10 l S' }),
    pass: (p) => gs(p, '/LW 1'),
  },
  {
    what: 'page resources inherited from the page tree',
    ids: ids(undefined, '6.2.2-t04', '6.2.2-t02'),
    fail: (p) => {
      const d = b(p, { content: '/G0 gs 0 0 m 10 10 l S' });
      d.objects[2] = '<</Type/Pages/Kids[3 0 R]/Count 1/Resources<</ExtGState<</G0<</LW 1>>>>>>>>';
      d.objects[3] = String(d.objects[3]).replace('/Resources<<>>', '');
      return d;
    },
    pass: (p) => gs(p, '/LW 1'),
  },
  {
    what: 'DeviceCMYK without an output intent',
    ids: ids('6.2.3.3-t03', undefined, '6.2.4.3-t03'),
    fail: (p) => b(p, { content: '0 0 0 1 k 0 0 10 10 re f' }),
    pass: (p) => b(p, { content: '0 0 10 10 re n' }),
  },
  {
    what: 'an Indexed space over DeviceRGB without an output intent',
    ids: ids(undefined, '6.2.4.5-t01', '6.2.4.5-t01'),
    fail: (p) =>
      b(p, {
        page: '/Resources<</ColorSpace<</CS0[/Indexed/DeviceRGB 0<000000>]>>>>',
        content: '/CS0 cs 0 sc 0 0 10 10 re f',
      }),
    pass: (p) =>
      b(p, { page: '/Resources<</ColorSpace<</CS0[/Indexed/DeviceRGB 0<000000>]>>>>', content: '0 0 10 10 re n' }),
  },
  {
    what: 'a Separation whose alternate is DeviceCMYK without an output intent',
    ids: ids(undefined, undefined, '6.2.4.4-t01'),
    fail: (p) =>
      b(p, {
        page: '/Resources<</ColorSpace<</CS0[/Separation/Spot/DeviceCMYK<</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 0 0 1]/N 1>>]>>>>',
        content: '/CS0 cs 1 sc 0 0 10 10 re f',
      }),
    pass: (p) => b(p, { content: '0 0 10 10 re n' }),
  },
  {
    what: 'a graphics state with TR',
    ids: ids('6.2.8-t01', '6.2.5-t01', '6.2.5-t01'),
    fail: (p) => gs(p, '/TR/Identity'),
    pass: (p) => gs(p, '/LW 1'),
  },
  {
    what: 'a graphics state with TR2 other than Default',
    ids: ids('6.2.8-t02', '6.2.5-t02', '6.2.5-t02'),
    fail: (p) => gs(p, '/TR2/Identity'),
    pass: (p) => gs(p, '/TR2/Default'),
  },
  {
    what: 'a halftone of type 10',
    ids: ids(undefined, '6.2.5-t04', '6.2.5-t04'),
    fail: (p) => gs(p, '/HT<</Type/Halftone/HalftoneType 10/Xsquare 2/Ysquare 2>>'),
    pass: (p) => gs(p, '/HT<</Type/Halftone/HalftoneType 1/Frequency 60/Angle 0/SpotFunction/Round>>'),
  },
  {
    what: 'a halftone with HalftoneName',
    ids: ids(undefined, '6.2.5-t04', undefined),
    fail: (p) => gs(p, '/HT<</Type/Halftone/HalftoneType 1/HalftoneName(h)/Frequency 60/Angle 0/SpotFunction/Round>>'),
    pass: (p) => gs(p, '/HT<</Type/Halftone/HalftoneType 1/Frequency 60/Angle 0/SpotFunction/Round>>'),
  },
  {
    what: 'an unknown rendering intent',
    ids: ids('6.2.9-t01', '6.2.6-t01', '6.2.6-t01'),
    fail: (p) => b(p, { content: '/Vivid ri 0 0 m 10 10 l S' }),
    pass: (p) => b(p, { content: '/Perceptual ri 0 0 m 10 10 l S' }),
  },
  {
    what: 'an image with Alternates',
    ids: ids('6.2.4-t01', '6.2.8.1-t01', '6.2.7.1-t01'),
    fail: (p) => xobj(p, `<<${IMG}/Alternates[]>>`, '\0'),
    pass: (p) => xobj(p, `<<${IMG}>>`, '\0'),
  },
  {
    what: 'an image with OPI',
    ids: ids('6.2.4-t02', '6.2.8.1-t01', '6.2.7.1-t02'),
    fail: (p) => xobj(p, `<<${IMG}/OPI<<>>>>`, '\0'),
    pass: (p) => xobj(p, `<<${IMG}>>`, '\0'),
  },
  {
    what: 'an image with Interpolate true',
    ids: ids(undefined, '6.2.8.1-t02', '6.2.7.1-t03'),
    fail: (p) => xobj(p, `<<${IMG}/Interpolate true>>`, '\0'),
    pass: (p) => xobj(p, `<<${IMG}/Interpolate false>>`, '\0'),
  },
  {
    what: 'an image of 7 bits per component',
    ids: ids(undefined, '6.2.8.1-t04', undefined),
    fail: (p) => xobj(p, `<<${IMG.replace('/BitsPerComponent 8', '/BitsPerComponent 7')}>>`, '\0'),
    pass: (p) => xobj(p, `<<${IMG}>>`, '\0'),
  },
  {
    what: 'a form with PS',
    ids: ids('6.2.5-t01', '6.2.9.1-t01', '6.2.8-t01'),
    fail: (p) => xobj(p, `<<${FORM}/PS 8 0 R>>`),
    pass: (p) => xobj(p, `<<${FORM}>>`),
  },
  {
    what: 'a reference XObject',
    ids: ids('6.2.6-t01', '6.2.9.2-t01', '6.2.8-t02'),
    fail: (p) => xobj(p, `<<${FORM}/Ref<</F(a.pdf)/Page 0>>>>`),
    pass: (p) => xobj(p, `<<${FORM}>>`),
  },
  {
    what: 'a PostScript XObject',
    ids: ids('6.2.7-t01', '6.2.9.3-t01', '6.2.8-t03'),
    fail: (p) => xobj(p, '<</Type/XObject/Subtype/PS>>', 'showpage'),
    pass: (p) => xobj(p, `<<${FORM}>>`),
  },
  {
    what: 'a blend mode ISO 32000 does not define',
    ids: ids(undefined, '6.2.10-t05', '6.2.9-t02'),
    fail: (p) => gs(p, '/BM/Fancy'),
    pass: (p) => gs(p, '/BM/Multiply'),
  },
  {
    what: 'a soft mask in a graphics state',
    ids: ids('6.4-t01', undefined, undefined),
    fail: (p) => gs(p, '/SMask<</S/Luminosity/G 9 0 R>>'),
    pass: (p) => gs(p, '/SMask/None'),
  },
  {
    what: 'an image with SMask',
    ids: ids('6.4-t02', undefined, undefined),
    fail: (p) => xobj(p, `<<${IMG}/SMask 8 0 R>>`, '\0'),
    pass: (p) => xobj(p, `<<${IMG}>>`, '\0'),
  },
  {
    what: 'a page with a transparency group',
    ids: ids('6.4-t03', undefined, undefined),
    fail: (p) => b(p, { page: '/Group<</S/Transparency>>' }),
    pass: (p) => b(p),
  },
  {
    what: 'a blend mode other than Normal',
    ids: ids('6.4-t04', undefined, undefined),
    fail: (p) => gs(p, '/BM/Multiply'),
    pass: (p) => gs(p, '/BM/Normal'),
  },
  {
    what: 'a stroking alpha of 0.5',
    ids: ids('6.4-t05', undefined, undefined),
    fail: (p) => gs(p, '/CA 0.5'),
    pass: (p) => gs(p, '/CA 1'),
  },
  ...(['Type', 'Subtype', 'BaseFont', 'FirstChar', 'LastChar', 'Widths'] as const).map(
    (key, i): Case => ({
      what: `a font without ${key}`,
      ids: ids(`6.3.2-t0${i + 1}`, `6.2.11.2-t0${i + 1}`, `6.2.10.2-t0${i + 1}`),
      fail: (p) => font(p, Object.values(FONT).join('').replace(FONT[key], '')),
      pass: (p) => font(p, Object.values(FONT).join('')),
    }),
  ),
  {
    what: 'a Movie annotation',
    ids: ids('6.5.2-t01', '6.3.1-t01', '6.3.1-t01'),
    fail: (p) => annot(p, '/Subtype/Movie'),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'an annotation without F',
    ids: ids(undefined, '6.3.2-t01', '6.3.2-t01'),
    fail: (p) => annot(p, '/Subtype/Text', '/AP<</N 8 0 R>>'),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'an annotation without the Print flag',
    ids: ids(undefined, '6.3.2-t02', '6.3.2-t02'),
    fail: (p) => annot(p, '/Subtype/Text', '/F 0/AP<</N 8 0 R>>'),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'an annotation with CA 0.5',
    ids: ids('6.5.3-t01', undefined, undefined),
    fail: (p) => annot(p, '/Subtype/Text', `${AP}/CA 0.5`),
    pass: (p) => annot(p, '/Subtype/Text', `${AP}/CA 1`),
  },
  {
    what: 'an annotation colour without an RGB output intent',
    ids: ids('6.5.3-t03', undefined, undefined),
    fail: (p) => annot(p, '/Subtype/Text', `${AP}/C[1 0 0]`),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'an annotation without appearance',
    ids: ids(undefined, undefined, '6.3.3-t01'),
    fail: (p) => annot(p, '/Subtype/Text', '/F 4'),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'an appearance dictionary with D beside N',
    ids: ids('6.5.3-t04', '6.3.3-t02', '6.3.3-t02'),
    fail: (p) => annot(p, '/Subtype/Text', '/F 4/AP<</N 8 0 R/D 8 0 R>>'),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'a button widget whose N is a stream',
    ids: ids('6.5.3-t05', '6.3.3-t03', '6.3.3-t03'),
    fail: (p) => annot(p, '/Subtype/Widget/FT/Btn/T(b)'),
    pass: (p) => annot(p, '/Subtype/Widget/FT/Btn/T(b)', '/F 4/AS/Off/AP<</N<</Off 8 0 R>>>>'),
  },
  {
    what: 'a text annotation whose N is a dictionary',
    ids: ids('6.5.3-t06', '6.3.3-t03', '6.3.3-t03'),
    fail: (p) => annot(p, '/Subtype/Text', '/F 4/AP<</N<</On 8 0 R>>>>'),
    pass: (p) => annot(p, '/Subtype/Text'),
  },
  {
    what: 'a Launch action',
    ids: ids(undefined, '6.5.1-t01', '6.6.1-t01'),
    fail: (p) => annot(p, '/Subtype/Link/A<</S/Launch/F(a.exe)>>'),
    pass: (p) => annot(p, '/Subtype/Link/A<</S/URI/URI(http://example.com/)>>'),
  },
  {
    what: 'a Named action Print',
    ids: ids('6.6.1-t02', '6.5.1-t02', '6.6.1-t02'),
    fail: (p) => annot(p, '/Subtype/Link/A<</S/Named/N/Print>>'),
    pass: (p) => annot(p, '/Subtype/Link/A<</S/Named/N/NextPage>>'),
  },
  {
    what: 'a widget with an action',
    ids: ids('6.6.1-t03', '6.4.1-t01', '6.4.1-t01'),
    fail: (p) => annot(p, '/Subtype/Widget/FT/Tx/T(t)/A<</S/Named/N/NextPage>>'),
    pass: (p) => annot(p, '/Subtype/Widget/FT/Tx/T(t)'),
  },
  {
    what: 'a widget with AA',
    ids: ids('6.6.2-t01', '6.5.2-t01', undefined),
    fail: (p) => annot(p, '/Subtype/Widget/FT/Tx/T(t)/AA<<>>'),
    pass: (p) => annot(p, '/Subtype/Widget/FT/Tx/T(t)'),
  },
  {
    what: 'a widget with AA (forms)',
    ids: ids('6.9-t02', undefined, undefined),
    fail: (p) => annot(p, '/Subtype/Widget/FT/Tx/T(t)/AA<<>>'),
    pass: (p) => annot(p, '/Subtype/Widget/FT/Tx/T(t)'),
  },
  {
    what: 'a form field with AA',
    ids: ids('6.6.2-t02', '6.4.1-t02', undefined),
    fail: (p) => field(p, '/AA<<>>'),
    pass: (p) => field(p, ''),
  },
  {
    what: 'NeedAppearances true',
    ids: ids(undefined, '6.4.1-t03', '6.4.1-t03'),
    fail: (p) => field(p, '', '/NeedAppearances true'),
    pass: (p) => field(p, '', '/NeedAppearances false'),
  },
  {
    what: 'an XFA entry',
    ids: ids(undefined, '6.4.2-t01', '6.4.2-t01'),
    fail: (p) => field(p, '', '/XFA[]'),
    pass: (p) => field(p, ''),
  },
  {
    what: 'NeedsRendering true',
    ids: ids(undefined, '6.4.2-t02', '6.4.2-t02'),
    fail: (p) => b(p, { catalog: '/NeedsRendering true' }),
    pass: (p) => b(p, { catalog: '/NeedsRendering false' }),
  },
  {
    what: 'a catalog with AA',
    ids: ids('6.6.2-t03', '6.5.2-t02', '6.6.2-t02'),
    fail: (p) => b(p, { catalog: '/AA<<>>' }),
    pass: (p) => b(p),
  },
  {
    what: 'a page with AA',
    ids: ids('6.6.2-t04', '6.5.2-t03', '6.6.2-t03'),
    fail: (p) => b(p, { page: '/AA<<>>' }),
    pass: (p) => b(p),
  },
  {
    what: 'a page with PresSteps',
    ids: ids(undefined, '6.10-t02', '6.11-t02'),
    fail: (p) => b(p, { page: '/PresSteps<<>>' }),
    pass: (p) => b(p),
  },
  {
    what: 'AlternatePresentations in the name dictionary',
    ids: ids(undefined, '6.10-t01', undefined),
    fail: (p) => b(p, { catalog: '/Names<</AlternatePresentations<<>>>>' }),
    pass: (p) => b(p, { catalog: '/Names<<>>' }),
  },
  {
    what: 'two optional content configurations of one name',
    ids: ids(undefined, '6.9-t02', undefined),
    fail: (p) =>
      withObj(
        b(p, {
          catalog: '/OCProperties<</OCGs[7 0 R]/D<</Name(A)/Order[7 0 R]>>/Configs[<</Name(A)/Order[7 0 R]>>]>>',
        }),
        { 7: '<</Type/OCG/Name(L)>>' },
      ),
    pass: (p) =>
      withObj(
        b(p, {
          catalog: '/OCProperties<</OCGs[7 0 R]/D<</Name(A)/Order[7 0 R]>>/Configs[<</Name(B)/Order[7 0 R]>>]>>',
        }),
        { 7: '<</Type/OCG/Name(L)>>' },
      ),
  },
  {
    what: 'an embedded file specification without F and UF',
    ids: ids(undefined, '6.8-t02', '6.9-t02'),
    fail: (p) => embedded(p, '/AFRelationship/Data'),
    pass: (p) => embedded(p, '/F(a.txt)/UF(a.txt)/AFRelationship/Data'),
  },
  {
    what: 'an embedded file without a MIME type',
    ids: ids(undefined, undefined, '6.9-t01'),
    fail: (p) => embedded(p, '/F(a.txt)/UF(a.txt)/AFRelationship/Data', '<</Type/EmbeddedFile>>'),
    pass: (p) => embedded(p, '/F(a.txt)/UF(a.txt)/AFRelationship/Data'),
  },
  {
    what: 'an embedded file without AFRelationship',
    ids: ids(undefined, undefined, '6.9-t04'),
    fail: (p) => embedded(p, '/F(a.txt)/UF(a.txt)'),
    pass: (p) => embedded(p, '/F(a.txt)/UF(a.txt)/AFRelationship/Data'),
  },
  {
    what: 'a metadata stream with a Filter',
    ids: ids('6.7.2-t02', undefined, undefined),
    fail: (p) =>
      withObj(b(p), {
        6: {
          dict: '<</Type/Metadata/Subtype/XML/Filter/ASCIIHexDecode>>',
          stream: `${Buffer.from(xmp(p, p === 4 ? undefined : 'B')).toString('hex')}>`,
        },
      }),
    pass: (p) => b(p),
  },
  {
    what: 'no catalog Metadata',
    ids: ids(undefined, undefined, '6.7.2.1-t01'),
    fail: (p) => withObj(b(p), { 1: String(b(p).objects[1]).replace('/Metadata 6 0 R', '') }),
    pass: (p) => b(p),
  },
  {
    what: 'an xpacket header with bytes',
    ids: ids('6.7.5-t01', '6.6.2.1-t02', '6.7.2.1-t03'),
    fail: (p) => meta(p, (x) => x.replace('?>', ' bytes="1000"?>')),
    pass: (p) => b(p),
  },
  {
    what: 'an xpacket header with encoding',
    ids: ids('6.7.5-t02', '6.6.2.1-t02', '6.7.2.1-t03'),
    fail: (p) => meta(p, (x) => x.replace('?>', ' encoding="UTF-8"?>')),
    pass: (p) => b(p),
  },
  {
    what: 'XMP that is not well-formed',
    ids: ids(undefined, '6.6.2.1-t03', undefined),
    fail: (p) => meta(p, (x) => x.replace('</rdf:RDF>', '</rdf:RDFX>')),
    pass: (p) => b(p),
  },
  {
    what: 'XMP in UTF-16',
    ids: ids(undefined, '6.6.2.1-t05', undefined),
    fail: (p) =>
      withObj(b(p), {
        6: {
          dict: '<</Type/Metadata/Subtype/XML>>',
          stream: new Uint8Array(Buffer.from(`\ufeff${xmp(p, 'B')}`, 'utf16le')),
        },
      }),
    pass: (p) => b(p),
  },
  {
    what: 'pdfaid:part of another part',
    ids: ids(undefined, '6.6.4-t02', undefined),
    fail: (p) => meta(p, (x) => x.replace(`pdfaid:part="${p}"`, 'pdfaid:part="1"')),
    pass: (p) => b(p),
  },
  {
    what: 'pdfaid:conformance C',
    ids: ids('6.7.11-t03', '6.6.4-t03', undefined),
    fail: (p) => meta(p, (x) => x.replace('pdfaid:conformance="B"', 'pdfaid:conformance="C"')),
    pass: (p) => b(p),
  },
  {
    what: 'pdfaid:corr',
    ids: ids('6.7.11-t04', undefined, undefined),
    fail: (p) => meta(p, (x) => x.replace('pdfaid:conformance="B"', 'pdfaid:conformance="B" pdfaid:corr="1"')),
    pass: (p) => b(p),
  },
  {
    what: 'the identification schema under another prefix',
    ids: ids('6.7.11-t05', '6.6.4-t04', undefined),
    fail: (p) => meta(p, (x) => x.replace(/pdfaid/g, 'id')),
    pass: (p) => b(p),
  },
  ...(
    [
      ['amd', '6.7.11-t06', '6.6.4-t06', undefined],
      ['corr', undefined, '6.6.4-t07', undefined],
      ['conformance', undefined, '6.6.4-t05', undefined],
      ['rev', undefined, undefined, '6.7.3-t06'],
      ['part', undefined, undefined, '6.7.3-t04'],
    ] as const
  ).map(
    ([key, one, two, four]): Case => ({
      what: `pdfaid:${key} under another prefix`,
      ids: ids(one, two, four),
      fail: (p) =>
        meta(p, (x) =>
          x.includes(`pdfaid:${key}=`)
            ? x
                .replace(`pdfaid:${key}=`, `id:${key}=`)
                .replace('xmlns:pdfaid=', 'xmlns:id="http://www.aiim.org/pdfa/ns/id/" xmlns:pdfaid=')
            : x.replace(
                '</rdf:RDF>',
                `<rdf:Description rdf:about="" xmlns:id="http://www.aiim.org/pdfa/ns/id/" id:${key}="1"/></rdf:RDF>`,
              ),
        ),
      pass: (p) => b(p),
    }),
  ),
];
pair(
  'pdfa4f',
  '6.9-t05',
  'a PDF/A-4f file without an EmbeddedFiles tree',
  b(4),
  embedded(4, '/F(a.txt)/UF(a.txt)/AFRelationship/Data'),
);
// fonts with a stand-in program (a FontFile of five bytes): the rules on the font dictionaries
const DESC = (file: string) =>
  `<</Type/FontDescriptor/FontName/Hand/Flags 32/FontBBox[0 0 500 700]/ItalicAngle 0/Ascent 700/Descent 0/CapHeight 700/StemV 80${file}>>`;
const standIn = (part: Part, font: string, content = 'BT /F0 12 Tf (A) Tj ET', more: HandPdf['objects'] = {}) =>
  withObj(b(part, { page: '/Resources<</Font<</F0 7 0 R>>>>', content }), {
    7: font,
    8: DESC('/FontFile2 9 0 R'),
    9: { dict: '<</Length1 5>>', stream: 'xxxxx' },
    ...more,
  });
const TYPE0 = (encoding: string, cid: string) =>
  `<</Type/Font/Subtype/Type0/BaseFont/Hand/Encoding${encoding}/DescendantFonts[<</Type/Font/Subtype/CIDFontType2/BaseFont/Hand/CIDSystemInfo<<${cid}>>/FontDescriptor 8 0 R/DW 500/CIDToGIDMap/Identity>>]>>`;
const IDENTITY = '/Registry(Adobe)/Ordering(Identity)/Supplement 0';
const embeddedCMap = (ordering: string, more = '/WMode 0', supplement = 0) => ({
  dict: `<</Type/CMap/CMapName/Hand-H/CIDSystemInfo<</Registry(Adobe)/Ordering(${ordering})/Supplement ${supplement}>>${more}>>`,
  stream: `/CIDInit/ProcSet findresource begin 12 dict begin begincmap /CMapName/Hand-H def /CMapType 1 def /WMode 0 def
1 begincodespacerange <0000><FFFF> endcodespacerange
1 begincidrange <0000><FFFF> 0 endcidrange
endcmap CMapName currentdict /CMap defineresource pop end end`,
});
CASES.push(
  {
    what: 'a font without a program',
    ids: ids(undefined, '6.2.11.4.1-t01', '6.2.10.4.1-t01', '7.21.4.1-t01'),
    fail: (p) =>
      standIn(
        p,
        '<</Type/Font/Subtype/TrueType/BaseFont/Hand/FirstChar 65/LastChar 65/Widths[500]/FontDescriptor 8 0 R>>',
        undefined,
        { 8: DESC('') },
      ),
    pass: (p) =>
      standIn(
        p,
        '<</Type/Font/Subtype/TrueType/BaseFont/Hand/FirstChar 65/LastChar 65/Widths[500]/FontDescriptor 8 0 R>>',
      ),
  },
  {
    what: 'a CMap neither predefined nor embedded',
    ids: ids('6.3.3.3-t01', '6.2.11.3.3-t01', '6.2.10.3.3-t01', '7.21.3.3-t01'),
    fail: (p) => standIn(p, TYPE0('/Hand-Made-H', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET'),
    pass: (p) => standIn(p, TYPE0('/Identity-H', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET'),
  },
  {
    what: 'a Type 2 CIDFont without CIDToGIDMap',
    ids: ids(undefined, undefined, '6.2.10.3.2-t01'),
    fail: (p) =>
      standIn(p, TYPE0('/Identity-H', IDENTITY).replace('/CIDToGIDMap/Identity', ''), 'BT /F0 12 Tf <0041> Tj ET'),
    pass: (p) => standIn(p, TYPE0('/Identity-H', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET'),
  },
  {
    what: "a CIDFont whose CIDSystemInfo is not its embedded CMap's",
    ids: ids('6.3.3.1-t01', '6.2.11.3.1-t01', '6.2.10.3.1-t01', '7.21.3.1-t01'),
    fail: (p) => standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', { 10: embeddedCMap('Japan1') }),
    pass: (p) => standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', { 10: embeddedCMap('Identity') }),
  },
  {
    what: 'a Type 2 CIDFont whose CIDToGIDMap is neither a stream nor Identity',
    ids: ids('6.3.3.2-t01', undefined, '6.2.10.3.2-t01', '7.21.3.2-t01'),
    fail: (p) =>
      standIn(
        p,
        TYPE0('/Identity-H', IDENTITY).replace('/CIDToGIDMap/Identity', '/CIDToGIDMap/Other'),
        'BT /F0 12 Tf <0041> Tj ET',
      ),
    pass: (p) => standIn(p, TYPE0('/Identity-H', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET'),
  },
  {
    what: "an embedded CMap whose WMode is not its data's",
    ids: ids('6.3.3.3-t02', '6.2.11.3.3-t02', '6.2.10.3.3-t02', '7.21.3.3-t02'),
    fail: (p) =>
      standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', { 10: embeddedCMap('Identity', '/WMode 1') }),
    pass: (p) => standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', { 10: embeddedCMap('Identity') }),
  },
  {
    what: 'an embedded CMap using a CMap neither predefined nor embedded',
    ids: ids(undefined, '6.2.11.3.3-t03', '6.2.10.3.3-t03', '7.21.3.3-t03'),
    fail: (p) =>
      standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', {
        10: embeddedCMap('Identity', '/WMode 0/UseCMap/Hand-Base-H'),
      }),
    pass: (p) =>
      standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', {
        10: embeddedCMap('Identity', '/WMode 0/UseCMap/Identity-H'),
      }),
  },
  {
    what: 'an embedded CMap of a higher Supplement than its CIDFont',
    ids: ids(undefined, '6.2.11.3.1-t02', undefined),
    fail: (p) =>
      standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', {
        10: embeddedCMap('Identity', '/WMode 0', 2),
      }),
    pass: (p) => standIn(p, TYPE0(' 10 0 R', IDENTITY), 'BT /F0 12 Tf <0041> Tj ET', { 10: embeddedCMap('Identity') }),
  },
  {
    what: 'a symbolic TrueType font with an Encoding',
    ids: ids('6.3.7-t02', '6.2.11.6-t03', '6.2.10.6-t03', '7.21.6-t03'),
    fail: (p) =>
      standIn(
        p,
        '<</Type/Font/Subtype/TrueType/BaseFont/Hand/FirstChar 65/LastChar 65/Widths[500]/FontDescriptor 8 0 R/Encoding/WinAnsiEncoding>>',
        undefined,
        {
          8: DESC('/FontFile2 9 0 R').replace('/Flags 32', '/Flags 4'),
        },
      ),
    pass: (p) =>
      standIn(
        p,
        '<</Type/Font/Subtype/TrueType/BaseFont/Hand/FirstChar 65/LastChar 65/Widths[500]/FontDescriptor 8 0 R>>',
        undefined,
        {
          8: DESC('/FontFile2 9 0 R').replace('/Flags 32', '/Flags 4'),
        },
      ),
  },
);
for (const c of CASES)
  for (const [part, id] of Object.entries(c.ids) as [string, string][]) {
    const p = Number(part) as Part;
    pair(STD[p], id, c.what, c.fail(p), c.pass(p));
  }
for (const [t, key, info] of [
  [1, 'CreationDate', '/Title(Hand made)/CreationDate(D:20250101000000Z)'],
  [3, 'Author', '/Title(Hand made)/CreationDate(D:20260101000000Z)/Author(Someone)'],
  [4, 'Subject', '/Title(Hand made)/CreationDate(D:20260101000000Z)/Subject(Things)'],
  [5, 'Keywords', '/Title(Hand made)/CreationDate(D:20260101000000Z)/Keywords(a b)'],
  [6, 'Creator', '/Title(Hand made)/CreationDate(D:20260101000000Z)/Creator(Tool)'],
  [7, 'Producer', '/Title(Hand made)/CreationDate(D:20260101000000Z)/Producer(Lib)'],
  [8, 'ModDate', '/Title(Hand made)/CreationDate(D:20260101000000Z)/ModDate(D:20260102000000Z)'],
] as const) {
  pair('pdfa1b', `6.7.3-t0${t}`, `an Info ${key} without its XMP analogue`, b(1, { info }), b(1));
}

export const PAIRS: readonly RulePair[] = pairs;
