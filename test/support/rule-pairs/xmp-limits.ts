// test/support/rule-pairs/xmp-limits.ts — pairs for XMP extension schema descriptions, the predefined
// schemas' value types (also spelled in lower case) and the implementation limits.
import { type HandPdf, pdfaBase } from '../pdf-builder.js';
import { desc, pair } from './common.js';

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
