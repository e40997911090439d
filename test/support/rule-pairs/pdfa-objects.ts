// test/support/rule-pairs/pdfa-objects.ts — pairs for PDF/A annotations, actions, forms, embedded files,
// metadata and Info, and font dictionaries over a stand-in program.
import { xmp } from '../pdf-builder.js';
import { pair } from './common.js';
import {
  AP,
  annot,
  b,
  type Case,
  DESC,
  embedded,
  embeddedCMap,
  field,
  IDENTITY,
  ids,
  meta,
  register,
  standIn,
  TYPE0,
  withObj,
} from './pdfa-common.js';

register([
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
]);
pair(
  'pdfa4f',
  '6.9-t05',
  'a PDF/A-4f file without an EmbeddedFiles tree',
  b(4),
  embedded(4, '/F(a.txt)/UF(a.txt)/AFRelationship/Data'),
);
register([
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
]);
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
