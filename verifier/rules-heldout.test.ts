// verifier/rules-heldout.test.ts — rules bound from the profiles' text (issue 18: the held-out part of
// the veraPDF corpus judges rules the developer part has no example of), each on a small hand-built PDF
// (test/support/pdf-builder.ts) that breaks it beside one that keeps it.
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { buildPdf, type HandPdf, pdfaBase } from '../test/support/pdf-builder.js';
import { verify } from './index.js';

const ids = async (p: HandPdf | Uint8Array, standard: string): Promise<string[]> =>
  (await verify(p instanceof Uint8Array ? p : buildPdf(p), [standard])).map(findingId);
const only = async (p: HandPdf, standard: string, rule: string): Promise<string[]> =>
  (await ids(p, standard)).filter((x) => x.endsWith(` ${rule}`));

describe('PDF/A-2a/3a 6.2.11.7.3 t01: a character mapped into the Private Use Area needs ActualText', () => {
  const cmap = (width: 1 | 2, entries: string): string =>
    `/CIDInit/ProcSet findresource begin 12 dict begin begincmap /CMapName/Adobe-Identity-UCS def /CMapType 2 def
1 begincodespacerange <${width === 1 ? '00' : '0000'}><${width === 1 ? 'FF' : 'FFFF'}> endcodespacerange
${entries}
endcmap CMapName currentdict /CMap defineresource pop end end`;
  /** A page showing `text` in font F0 (object 7), its ToUnicode object 8 when `tu` is given. */
  const doc = (part: 2 | 3, font: string, text: string, tu?: string): HandPdf => {
    const p = pdfaBase(part, {
      page: '/Resources<</Font<</F0 7 0 R>>>>',
      content: `BT /F0 12 Tf 10 10 Td ${text} ET`,
    });
    p.objects[7] = `<<${font}${tu ? '/ToUnicode 8 0 R' : ''}>>`;
    if (tu) p.objects[8] = { dict: '<<>>', stream: tu };
    return p;
  };
  const simple = '/Type/Font/Subtype/TrueType/BaseFont/Hand/FirstChar 65/LastChar 66/Widths[500 500]';
  const type0 = '/Type/Font/Subtype/Type0/BaseFont/Hand/Encoding/Identity-H/DescendantFonts[9 0 R]';
  const pua = cmap(1, '2 beginbfchar <41> <E000> <42> <0042> endbfchar');
  const t01 = 'ISO_19005_2 6.2.11.7.3-t01';

  it('a one-byte code whose ToUnicode entry is U+E000, shown outside ActualText, breaks it', async () => {
    expect(await only(doc(2, simple, '(A) Tj', pua), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([t01]);
    expect(await only(doc(2, simple, '[(B) -20 (A)] TJ', pua), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([t01]);
    expect(await only(doc(3, simple, '(A) Tj', pua), 'pdfa3a', '6.2.11.7.3-t01')).toEqual([
      'ISO_19005_3 6.2.11.7.3-t01',
    ]);
  });
  it('the same code inside a span with ActualText, a code mapped to real text, or level B keep it', async () => {
    const inSpan = '/Span<</ActualText(x)>>BDC (A) Tj EMC';
    expect(await only(doc(2, simple, inSpan, pua), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([]);
    expect(await only(doc(2, simple, '(B) Tj', pua), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([]);
    expect(await only(doc(2, simple, '(A) Tj', pua), 'pdfa2b', '6.2.11.7.3-t01')).toEqual([]);
    expect(await only(doc(2, simple, '(A) Tj', pua), 'pdfa2u', '6.2.11.7.3-t01')).toEqual([]);
  });
  it('two-byte codes of a Type 0 font under Identity-H: bfchar and bfrange, planes 15–16 too', async () => {
    const t0 = (text: string, entries: string): HandPdf => {
      const p = doc(2, type0, text, cmap(2, entries));
      p.objects[9] =
        '<</Type/Font/Subtype/CIDFontType2/BaseFont/Hand/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/CIDToGIDMap/Identity/DW 500>>';
      return p;
    };
    const range = '1 beginbfrange <0003> <0005> <F8FE> endbfrange';
    expect(await only(t0('<0004> Tj', range), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([t01]);
    // <0003>..<0005> from U+F8FE: <0005> is U+F900, past the area
    expect(await only(t0('<0005> Tj', range), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([]);
    const astral = '1 beginbfchar <0007> <DB80DC00> endbfchar'; // U+F0000
    expect(await only(t0('<0007> Tj', astral), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([t01]);
    expect(await only(t0('<0007> Tj', '1 beginbfchar <0007> <0041> endbfchar'), 'pdfa2a', '6.2.11.7.3-t01')).toEqual(
      [],
    );
  });
  it('a simple font without ToUnicode whose Differences name a uniE001 glyph breaks it', async () => {
    const named = (name: string): string => `${simple}/Encoding<</Type/Encoding/Differences[65/${name}]>>`;
    expect(await only(doc(2, named('uniE001'), '(A) Tj'), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([t01]);
    expect(await only(doc(2, named('uniE001.alt'), '(A) Tj'), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([t01]);
    expect(await only(doc(2, named('uni0041'), '(A) Tj'), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([]);
    expect(await only(doc(2, named('uniE001'), '(B) Tj'), 'pdfa2a', '6.2.11.7.3-t01')).toEqual([]);
  });
});

/** An extension schema description (schema http://example.com/ns/, prefix ex) and a property using it. */
function extension(
  o: { container?: string; schemaFields?: string; property?: string; after?: string; use?: string } = {},
): string {
  const li = (s: string) => `<rdf:li rdf:parseType="Resource">${s}</rdf:li>`;
  const container = o.container ?? 'Bag';
  return `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" xmlns:pdfaType="http://www.aiim.org/pdfa/ns/type#" xmlns:pdfaField="http://www.aiim.org/pdfa/ns/field#">
<pdfaExtension:schemas><rdf:${container}>${li(`${o.schemaFields ?? '<pdfaSchema:schema>Example</pdfaSchema:schema><pdfaSchema:namespaceURI>http://example.com/ns/</pdfaSchema:namespaceURI><pdfaSchema:prefix>ex</pdfaSchema:prefix>'}
<pdfaSchema:property><rdf:Seq>${li(o.property ?? '<pdfaProperty:name>size</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>A size</pdfaProperty:description>')}</rdf:Seq></pdfaSchema:property>${o.after ?? ''}`)}</rdf:${container}></pdfaExtension:schemas></rdf:Description>
${o.use ?? '<rdf:Description rdf:about="" xmlns:ex="http://example.com/ns/" ex:size="3"/>'}`;
}

describe('PDF/A extension schema descriptions: every field rule on its own generated file', () => {
  const ext = async (part: 1 | 2, o: Parameters<typeof extension>[0] = {}): Promise<string[]> =>
    (await ids(pdfaBase(part, { xmpExtra: extension(o) }), part === 1 ? 'pdfa1b' : 'pdfa2b'))
      .map((i) => i.replace(/^ISO_19005_\d /, ''))
      .filter((i) => /^(6\.7\.[89]|6\.6\.2\.3)/.test(i));
  const vt = (fields: string, field = ''): string =>
    `<pdfaSchema:valueType><rdf:Seq><rdf:li rdf:parseType="Resource">${fields}${field}</rdf:li></rdf:Seq></pdfaSchema:valueType>`;
  const vtFields =
    '<pdfaType:type>Widget</pdfaType:type><pdfaType:namespaceURI>http://example.com/w/</pdfaType:namespaceURI><pdfaType:prefix>w</pdfaType:prefix><pdfaType:description>A widget</pdfaType:description>';
  const fieldSeq = (f: string) =>
    `<pdfaType:field><rdf:Seq><rdf:li rdf:parseType="Resource">${f}</rdf:li></rdf:Seq></pdfaType:field>`;
  const goodField =
    '<pdfaField:name>w</pdfaField:name><pdfaField:valueType>Integer</pdfaField:valueType><pdfaField:description>width</pdfaField:description>';
  const widgetProp =
    '<pdfaProperty:name>size</pdfaProperty:name><pdfaProperty:valueType>Widget</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>A size</pdfaProperty:description>';
  const widgetUse =
    '<rdf:Description rdf:about="" xmlns:ex="http://example.com/ns/" xmlns:w="http://example.com/w/"><ex:size rdf:parseType="Resource"><w:w>3</w:w></ex:size></rdf:Description>';

  it('a complete description with a value type and its field keeps every rule, in both parts', async () => {
    const o = { property: widgetProp, after: vt(vtFields, fieldSeq(goodField)), use: widgetUse };
    expect(await ext(1, o)).toEqual([]);
    expect(await ext(2, o)).toEqual([]);
  });
  it('the container is a Bag (t02), the schema fields Text, URI and Seq (t03, t04, t06, t07)', async () => {
    expect(await ext(1, { container: 'Seq' })).toEqual(['6.7.8-t02']);
    expect(await ext(2, { container: 'Seq' })).toEqual(['6.6.2.3.3-t01']);
    const schema = (s: string, u: string, p: string) =>
      `<pdfaSchema:schema>${s}</pdfaSchema:schema><pdfaSchema:namespaceURI>${u}</pdfaSchema:namespaceURI><pdfaSchema:prefix>${p}</pdfaSchema:prefix>`;
    expect(await ext(1, { schemaFields: schema('Example', 'http://example.com/ns/', 'ex').slice(41) })).toContain(
      '6.7.8-t03',
    );
    expect(await ext(1, { schemaFields: schema('Example', 'not a uri', 'ex') })).toContain('6.7.8-t04');
    expect(await ext(1, { after: vt(vtFields).replace(/rdf:Seq/g, 'rdf:Bag') })).toEqual(['6.7.8-t07']);
  });
  it('property fields (t08) and value type fields (t12–t16), each missing or mistyped', async () => {
    expect(
      await ext(1, {
        property:
          '<pdfaProperty:valueType>Integer</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>A size</pdfaProperty:description>',
      }),
    ).toContain('6.7.8-t08');
    const drop = (tag: string) => vtFields.replace(new RegExp(`<pdfaType:${tag}>[^<]*</pdfaType:${tag}>`), '');
    const o = (fields: string, field = '') => ({ property: widgetProp, after: vt(fields, field), use: widgetUse });
    expect(await ext(1, o(drop('namespaceURI')))).toEqual(['6.7.8-t13']);
    expect(await ext(1, o(drop('description')))).toEqual(['6.7.8-t15']);
    expect(await ext(2, o(drop('description')))).toEqual(['6.6.2.3.3-t14']);
    expect(await ext(1, o(vtFields.replace('http://example.com/w/', 'no uri')))).toEqual(['6.7.8-t13']);
    expect(await ext(1, o(vtFields, fieldSeq(goodField).replace(/rdf:Seq/g, 'rdf:Bag')))).toEqual(['6.7.8-t16']);
    // a value type without its type name: t12 (and the property's Widget is then undefined: t09)
    expect(await ext(1, o(drop('type')))).toEqual(expect.arrayContaining(['6.7.8-t12']));
  });
  it('field descriptions (t17–t19) and their value types', async () => {
    const o = (f: string) => ({ property: widgetProp, after: vt(vtFields, fieldSeq(f)), use: widgetUse });
    expect(await ext(1, o(goodField.replace('<pdfaField:name>w</pdfaField:name>', '')))).toEqual(['6.7.8-t17']);
    expect(await ext(1, o(goodField.replace('Integer', 'Gadget')))).toEqual(['6.7.8-t18']);
    // a Seq Integer field is a defined type; the value 3 given it is then not of it
    expect(await ext(1, o(goodField.replace('Integer', 'Seq Integer')))).toEqual(['6.7.9-t03']);
    expect(await ext(1, o(goodField.replace('<pdfaField:description>width</pdfaField:description>', '')))).toEqual([
      '6.7.8-t19',
    ]);
    expect(await ext(2, o(goodField.replace('Integer', 'Gadget')))).toEqual(['6.6.2.3.3-t17']);
  });
  it('a field outside its description type is undefined (PDF/A-1 6.7.8 t01, PDF/A-2 6.6.2.3.2 t01)', async () => {
    const extra = '<pdfaSchema:prefix>ex</pdfaSchema:prefix><pdfaSchema:version>1</pdfaSchema:version>';
    const schemaFields = `<pdfaSchema:schema>Example</pdfaSchema:schema><pdfaSchema:namespaceURI>http://example.com/ns/</pdfaSchema:namespaceURI>${extra}`;
    expect(await ext(1, { schemaFields })).toEqual(['6.7.8-t01']);
    expect(await ext(2, { schemaFields })).toEqual(['6.6.2.3.2-t01']);
  });
  it('properties: defined by a schema of the package (6.7.9 t02), of their declared type (t03)', async () => {
    const use = (ns: string, v: string) => `<rdf:Description rdf:about="" xmlns:ex="${ns}" ex:size="${v}"/>`;
    expect(await ext(1, { use: use('http://example.com/ns/', '3') })).toEqual([]);
    expect(await ext(1, { use: use('http://example.com/ns/', 'three') })).toEqual(['6.7.9-t03']);
    // PDF/A-2 numbers 6.6.2.3.1 per schema as the veraPDF corpus does (pdfa-2/6-6-metadata.ts): a
    // property of an extension schema falls under t01
    expect(await ext(2, { use: use('http://example.com/ns/', 'three') })).toEqual(['6.6.2.3.1-t01']);
    // the namespace of the property is the schema's, character for character: without the trailing `/`
    // the property is described by no schema (PDF/A-1 reports it under 6.7.8 t02, as the veraPDF corpus
    // numbers it: pdfa-1/6-7-metadata.ts)
    expect(await ext(1, { use: use('http://example.com/ns', '3') })).toEqual(['6.7.8-t02']);
    expect(await ext(1, { use: use('http://example.com/ns#', '3') })).toEqual(['6.7.8-t02']);
    expect(await ext(1, { use: use('http://example.com/other/', '3') })).toEqual(['6.7.8-t02']);
  });
});

describe('implementation limits (PDF/A-1 6.1.12, PDF/A-2 6.1.13), at and past each limit', () => {
  const lim = async (part: 1 | 2, o: Parameters<typeof pdfaBase>[1], extra?: (p: HandPdf) => void) => {
    const p = pdfaBase(part, o);
    extra?.(p);
    return (await ids(p, part === 1 ? 'pdfa1b' : 'pdfa2b'))
      .map((i) => i.replace(/^ISO_19005_\d /, ''))
      .filter((i) => /^6\.1\.1[23]-/.test(i));
  };
  it('integers: 2147483647 keeps t01, 2147483648 breaks it, in objects and in content streams', async () => {
    expect(await lim(1, { catalog: '/X 2147483647/Y -2147483648' })).toEqual([]);
    expect(await lim(1, { catalog: '/X 2147483648' })).toEqual(['6.1.12-t01']);
    expect(await lim(2, { catalog: '/X -2147483649' })).toEqual(['6.1.13-t01']);
    expect(await lim(1, { content: '2147483648 0 m 10 10 l S' })).toEqual(['6.1.12-t01']);
  });
  it('reals: 32767.0 keeps PDF/A-1 t02 and 32767.5 breaks it, in objects and content; PDF/A-2 allows it', async () => {
    expect(await lim(1, { catalog: '/X 32767.0/Y -32767.0' })).toEqual([]);
    expect(await lim(1, { catalog: '/X 32767.5' })).toEqual(['6.1.12-t02']);
    expect(await lim(1, { catalog: '/X -40000.0' })).toEqual(['6.1.12-t02']);
    expect(await lim(1, { content: '0 0 m 32768.5 10 l S' })).toEqual(['6.1.12-t02']);
    expect(await lim(2, { catalog: '/X 32768.5' })).toEqual([]);
  });
  it('strings: 65535 bytes keep PDF/A-1 t03, 65536 break it; PDF/A-2 stops at 32767', async () => {
    const str = (n: number) => `/X(${'a'.repeat(n)})`;
    const hex = (n: number) => `/X<${'61'.repeat(n)}>`;
    expect(await lim(1, { catalog: str(65535) })).toEqual([]);
    expect(await lim(1, { catalog: str(65536) })).toEqual(['6.1.12-t03']);
    expect(await lim(1, { catalog: hex(65536) })).toEqual(['6.1.12-t03']);
    expect(await lim(2, { catalog: str(32767) })).toEqual([]);
    expect(await lim(2, { catalog: hex(32768) })).toEqual(['6.1.13-t03']);
    // escapes count as the bytes they stand for
    expect(await lim(2, { catalog: `/X(${'\\n'.repeat(32767)})` })).toEqual([]);
    expect(await lim(2, { content: `BT (${'a'.repeat(32768)}) Tj ET` })).toEqual(
      expect.arrayContaining(['6.1.13-t03']),
    );
  });
  it('names: 127 bytes keep t04, 128 break it, #xx escapes counting as one byte', async () => {
    expect(await lim(1, { catalog: `/${'N'.repeat(127)} 1` })).toEqual([]);
    expect(await lim(1, { catalog: `/${'N'.repeat(128)} 1` })).toEqual(['6.1.12-t04']);
    expect(await lim(2, { catalog: `/${'N'.repeat(125)}#41 1` })).toEqual([]);
    expect(await lim(2, { catalog: `/${'N'.repeat(126)}#41#42 1` })).toEqual(['6.1.13-t04']);
  });
  it('arrays of 8191 and dictionaries of 4095 entries keep PDF/A-1 t05 and t06; one more breaks them', async () => {
    const arr = (n: number) => `/X[${'0 '.repeat(n)}]`;
    const dict = (n: number) => `/X<<${Array.from({ length: n }, (_, i) => `/K${i} 0`).join('')}>>`;
    expect(await lim(1, { catalog: arr(8191) })).toEqual([]);
    expect(await lim(1, { catalog: arr(8192) })).toEqual(['6.1.12-t05']);
    expect(await lim(1, { catalog: dict(4095) })).toEqual([]);
    expect(await lim(1, { catalog: dict(4096) })).toEqual(['6.1.12-t06']);
    expect(await lim(2, { catalog: arr(8192) })).toEqual([]);
  });
  it('q nested 28 deep keeps t08, 29 deep breaks it; balanced q/Q pairs in sequence do not add up', async () => {
    const nest = (n: number) => `${'q '.repeat(n)}0 0 m 10 10 l S${' Q'.repeat(n)}`;
    expect(await lim(1, { content: nest(28) })).toEqual([]);
    expect(await lim(1, { content: nest(29) })).toEqual(['6.1.12-t08']);
    expect(await lim(2, { content: nest(29) })).toEqual(['6.1.13-t08']);
    expect(await lim(2, { content: `${nest(20)} ${nest(20)}` })).toEqual([]);
  });
  it('DeviceN: 8 components keep PDF/A-1 t09 and 9 break it; PDF/A-2 allows 32', async () => {
    const devn = (n: number, part: 1 | 2) =>
      lim(
        part,
        {
          page: '/Resources<</ColorSpace<</CS0[/DeviceN 7 0 R/DeviceCMYK 8 0 R]>>>>',
          content: `/CS0 cs ${'0 '.repeat(n)}scn 0 0 10 10 re f`,
        },
        (p) => {
          p.objects[7] = `[${Array.from({ length: n }, (_, i) => `/Ink${i}`).join(' ')}]`;
          p.objects[8] = `<</FunctionType 4/Domain[${'0 1 '.repeat(n)}]/Range[0 1 0 1 0 1 0 1]/Length 0>>`;
        },
      );
    expect((await devn(8, 1)).filter((x) => x === '6.1.12-t09')).toEqual([]);
    expect((await devn(9, 1)).filter((x) => x === '6.1.12-t09')).toEqual(['6.1.12-t09']);
    expect((await devn(32, 2)).filter((x) => x === '6.1.13-t09')).toEqual([]);
    expect((await devn(33, 2)).filter((x) => x === '6.1.13-t09')).toEqual(['6.1.13-t09']);
  });
});

/** A tagged PDF/UA-1 file whose Document element holds the tree `kids` (leaves own one MCID each). */
type Node = { s: string; kids?: Node[] };
function uaTree(kids: Node[], roleMap = ''): HandPdf {
  const objects: Record<number, string> = {};
  const owners: number[] = [];
  let next = 20;
  const put = (n: Node, parent: number): number => {
    const me = next++;
    if (!n.kids?.length) {
      owners.push(me);
      objects[me] = `<</Type/StructElem/S/${n.s}/P ${parent} 0 R/Pg 3 0 R/K ${owners.length - 1}>>`;
    } else {
      const refs = n.kids.map((k) => `${put(k, me)} 0 R`);
      objects[me] = `<</Type/StructElem/S/${n.s}/P ${parent} 0 R/K[${refs.join(' ')}]>>`;
    }
    return me;
  };
  const top = kids.map((k) => put(k, 8));
  const content = owners.map((_, i) => `/P <</MCID ${i}>> BDC 0 ${i * 4} 2 2 re f EMC`).join(' ');
  const p = pdfaBase(2, {
    content,
    catalog: '/MarkInfo<</Marked true>>/StructTreeRoot 7 0 R/Lang(en)/ViewerPreferences<</DisplayDocTitle true>>',
    page: '/StructParents 0',
    xmpExtra: '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"/>',
  });
  Object.assign(p.objects, objects, {
    7: `<</Type/StructTreeRoot/K[8 0 R]/ParentTree 9 0 R/ParentTreeNextKey 1${roleMap ? `/RoleMap<<${roleMap}>>` : ''}>>`,
    8: `<</Type/StructElem/S/Document/P 7 0 R/K[${top.map((k) => `${k} 0 R`).join(' ')}]>>`,
    9: `<</Nums[0[${owners.map((k) => `${k} 0 R`).join(' ')}]]>>`,
  });
  return p;
}

describe('PDF/UA-1 7.2: where table, list and TOC elements stand and what they hold', () => {
  const n = (s: string, ...kids: Node[]): Node => ({ s, kids });
  const row = (cell = 'TD') => n('TR', n(cell));
  const seven2 = async (kids: Node[], roleMap = ''): Promise<string[]> =>
    (await ids(uaTree(kids, roleMap), 'pdfua1'))
      .map((i) => i.replace(/^ISO_14289_1 /, ''))
      .filter((i) => /^7\.2-t(0[4-8]|1[2368]|2[68]|3[6-9]|40)$/.test(i));

  it('a regular table, list and TOC keep every rule', async () => {
    const table = n('Table', n('Caption'), n('THead', row('TH')), n('TBody', row(), row()), n('TFoot', row()));
    expect(await seven2([table])).toEqual([]);
    expect(await seven2([n('L', n('Caption'), n('LI', n('Lbl'), n('LBody')))])).toEqual([]);
    expect(await seven2([n('TOC', n('Caption'), n('TOCI', n('P')))])).toEqual([]);
    expect(await seven2([n('Table', row(), n('Caption'))])).toEqual([]); // a Caption may come last
  });
  it('TR (t04), THead (t05), TBody (t06), TFoot (t07) outside a table; TH outside a TR (t08)', async () => {
    expect(await seven2([n('Div', row())])).toEqual(['7.2-t04']);
    expect(await seven2([n('Div', n('THead', row()))])).toEqual(['7.2-t05']);
    expect(await seven2([n('Div', n('TBody', row()))])).toEqual(['7.2-t06']);
    expect(await seven2([n('Div', n('TFoot', row()))])).toEqual(['7.2-t07']);
    expect(await seven2([n('Table', n('TBody', n('TH')))])).toEqual(expect.arrayContaining(['7.2-t08']));
    // a role-mapped row is a TR wherever it stands
    expect(await seven2([n('Div', n('Row', n('TD')))], '/Row/TR')).toEqual(['7.2-t04']);
    expect(await seven2([n('Table', n('Row', n('TD')))], '/Row/TR')).toEqual([]);
  });
  it('a table with two TFoot (t12), a TFoot without TBody (t13), a Caption in the middle (t16), two Captions (t39)', async () => {
    expect(await seven2([n('Table', n('TBody', row()), n('TFoot', row()), n('TFoot', row()))])).toEqual(['7.2-t12']);
    expect(await seven2([n('Table', n('THead', row()), n('TFoot', row()))])).toEqual(['7.2-t13']);
    expect(await seven2([n('Table', row(), n('Caption'), row())])).toEqual(['7.2-t16']);
    expect(await seven2([n('Table', n('Caption'), row(), n('Caption'))])).toEqual(['7.2-t39']);
  });
  it('THead, TBody, TFoot hold TR only (t36, t37, t38)', async () => {
    expect(await seven2([n('Table', n('THead', n('TD')), n('TBody', row()))])).toEqual(['7.2-t36']);
    expect(await seven2([n('Table', n('TBody', row(), n('P')))])).toEqual(['7.2-t37']);
    expect(await seven2([n('Table', n('TBody', row()), n('TFoot', n('P')))])).toEqual(['7.2-t38']);
  });
  it('LBody outside an LI (t18), TOCI outside a TOC (t26); a Caption after the first kid of a TOC (t28) or L (t40)', async () => {
    expect(await seven2([n('Div', n('LBody'))])).toEqual(['7.2-t18']);
    expect(await seven2([n('Div', n('TOCI', n('P')))])).toEqual(['7.2-t26']);
    expect(await seven2([n('TOC', n('TOCI', n('P')), n('Caption'))])).toEqual(['7.2-t28']);
    expect(await seven2([n('L', n('LI', n('LBody')), n('Caption'))])).toEqual(['7.2-t40']);
  });
});

describe('values of the types an extension schema declares (6.7.9 t03, 6.6.2.3.1)', () => {
  const schema = (valueType: string, after = ''): string =>
    extension({
      property: `<pdfaProperty:name>size</pdfaProperty:name><pdfaProperty:valueType>${valueType}</pdfaProperty:valueType><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>A size</pdfaProperty:description>`,
      after,
      use: '',
    });
  const widget = `<pdfaSchema:valueType><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaType:type>Widget</pdfaType:type><pdfaType:namespaceURI>http://example.com/w/</pdfaType:namespaceURI><pdfaType:prefix>w</pdfaType:prefix><pdfaType:description>A widget</pdfaType:description><pdfaType:field><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaField:name>w</pdfaField:name><pdfaField:valueType>Integer</pdfaField:valueType><pdfaField:description>width</pdfaField:description></rdf:li></rdf:Seq></pdfaType:field></rdf:li></rdf:Seq></pdfaSchema:valueType>`;
  const use = (body: string) =>
    `<rdf:Description rdf:about="" xmlns:ex="http://example.com/ns/" xmlns:w="http://example.com/w/">${body}</rdf:Description>`;
  const t03 = async (part: 1 | 2, xmpExtra: string): Promise<string[]> =>
    (await ids(pdfaBase(part, { xmpExtra }), part === 1 ? 'pdfa1b' : 'pdfa2b'))
      .map((i) => i.replace(/^ISO_19005_\d /, ''))
      .filter((i) => /^(6\.7\.9-t03|6\.6\.2\.3\.1-)/.test(i));
  it('a value of a type the package defines is a structure whose fields have their declared types', async () => {
    expect(
      await t03(1, schema('Widget', widget) + use('<ex:size rdf:parseType="Resource"><w:w>3</w:w></ex:size>')),
    ).toEqual([]);
    expect(await t03(1, schema('Widget', widget) + use('<ex:size>3</ex:size>'))).toEqual(['6.7.9-t03']);
    expect(
      await t03(1, schema('Widget', widget) + use('<ex:size rdf:parseType="Resource"><w:w>wide</w:w></ex:size>')),
    ).toEqual(['6.7.9-t03']);
    expect(await t03(2, schema('Widget', widget) + use('<ex:size>3</ex:size>'))).toEqual(['6.6.2.3.1-t01']);
    expect(
      await t03(
        1,
        schema('Seq Widget', widget) +
          use('<ex:size><rdf:Seq><rdf:li rdf:parseType="Resource"><w:w>x</w:w></rdf:li></rdf:Seq></ex:size>'),
      ),
    ).toEqual(['6.7.9-t03']);
  });
  it('a closed or open choice of a type holds values of that type', async () => {
    expect(await t03(1, schema('Closed Choice of Integer') + use('<ex:size>3</ex:size>'))).toEqual([]);
    expect(await t03(1, schema('Closed Choice of Integer') + use('<ex:size>three</ex:size>'))).toEqual(['6.7.9-t03']);
    expect(await t03(1, schema('Open Choice of Text') + use('<ex:size>anything</ex:size>'))).toEqual([]);
  });
});

describe('identification schemas under a namespace URI that lacks or changes its trailing `/`', () => {
  const swapNs = (p: HandPdf, from: string, to: string): HandPdf => {
    const meta = p.objects[6] as { dict: string; stream: Uint8Array };
    p.objects[6] = {
      ...meta,
      stream: new Uint8Array(Buffer.from(Buffer.from(meta.stream).toString('utf8').replace(from, to))),
    };
    return p;
  };
  it('pdfaid in http://www.aiim.org/pdfa/ns/id (no slash) or …/id# identifies no PDF/A part', async () => {
    for (const part of [1, 2] as const) {
      const std = part === 1 ? 'pdfa1b' : 'pdfa2b';
      expect(await ids(pdfaBase(part), std)).toEqual([]);
      for (const ns of ['http://www.aiim.org/pdfa/ns/id"', 'http://www.aiim.org/pdfa/ns/id#"'])
        expect((await ids(swapNs(pdfaBase(part), 'http://www.aiim.org/pdfa/ns/id/"', ns), std)).length).toBeGreaterThan(
          0,
        );
    }
  });
  it('pdfuaid in http://www.aiim.org/pdfua/ns/id (no slash) identifies no PDF/UA part (5 t01)', async () => {
    const ua = uaTree([{ s: 'P' }]);
    const ok = (await ids(ua, 'pdfua1')).filter((i) => / 5-t0/.test(i));
    expect(ok).toEqual([]);
    const bad = swapNs(uaTree([{ s: 'P' }]), 'http://www.aiim.org/pdfua/ns/id/"', 'http://www.aiim.org/pdfua/ns/id"');
    expect((await ids(bad, 'pdfua1')).filter((i) => / 5-t0/.test(i))).toContain('ISO_14289_1 5-t01');
  });
});
