// test/support/rule-pairs/profile-checks.ts — pairs for checks corrected against the profiles' test
// expressions (issue 18: rules checked as the standard says, not as one example shows). Each row holds
// the case an example never showed: PDF/UA-1 7.18's exemptions of hidden annotations and those outside
// the crop box, and of PrinterMark annotations from 7.18.1 t01.
import { type HandPdf, pdfaBase } from '../pdf-builder.js';
import { pair, pairs } from './common.js';
import { uaFile } from './ua.js';

const FIRST = pairs.length;

/**
 * A PDF/UA-1 file with one annotation (object 30) on its page: `annot` its entries beyond Type and
 * StructParent; `parent` the structure type of the element holding it through an OBJR (none: outside
 * the structure tree, its StructParent key pointing nowhere).
 */
function withAnnot(annot: string, parent?: string, lang = true): HandPdf {
  const p = uaFile([{ s: 'P' }], {
    lang,
    page: '/Annots[30 0 R]/Tabs/S',
    parentTree: parent ? ' 1 40 0 R' : '',
    objects: { 30: `<</Type/Annot${annot}/StructParent 1>>` },
  });
  if (parent) {
    p.objects[40] = `<</Type/StructElem/S/${parent}/P 8 0 R/Pg 3 0 R/K<</Type/OBJR/Obj 30 0 R/Pg 3 0 R>>/Alt(an annotation)>>`;
    p.objects[8] = String(p.objects[8]).replace(/\]>>$/, ' 40 0 R]>>');
  }
  return p;
}
const RECT = '/Rect[10 10 20 20]';
const OUTSIDE = '/Rect[300 300 310 310]'; // the page is 200 by 200
const link = (more: string) => `/Subtype/Link/A<</S/URI/URI(http://example.com/)>>${more}`;

// 7.18.1 t01: Subtype == 'Widget' || 'PrinterMark' || 'Link' || isOutsideCropBox || (F & 2) == 2 || in Annot
const square = (more: string) => `/Subtype/Square/Contents(a box)${more}`;
pair(
  'pdfua1',
  '7.18.1-t01',
  'a shown annotation outside Annot',
  withAnnot(square(`${RECT}/F 4`)),
  withAnnot(square(`${RECT}/F 6`)),
);
pair(
  'pdfua1',
  '7.18.1-t01',
  'one outside the crop box needs none',
  withAnnot(square(`${RECT}/F 4`)),
  withAnnot(square(`${OUTSIDE}/F 4`)),
);
pair(
  'pdfua1',
  '7.18.1-t01',
  'a PrinterMark is not judged by it',
  withAnnot(square(`${RECT}/F 4`)),
  withAnnot(`/Subtype/PrinterMark${RECT}/F 4`),
);
pair(
  'pdfua1',
  '7.18.1-t01',
  'an annotation in Annot',
  withAnnot(square(`${RECT}/F 4`), 'Span'),
  withAnnot(square(`${RECT}/F 4`), 'Annot'),
);

// 7.18.5 t01 and t02: a link in a Link element, with Contents, unless hidden or outside the crop box
pair(
  'pdfua1',
  '7.18.5-t01',
  'a shown link outside Link',
  withAnnot(link(`/Contents(go)${RECT}/F 4`)),
  withAnnot(link(`/Contents(go)${RECT}/F 6`)),
);
pair(
  'pdfua1',
  '7.18.5-t01',
  'a link outside the crop box needs no Link element',
  withAnnot(link(`/Contents(go)${RECT}/F 4`)),
  withAnnot(link(`/Contents(go)${OUTSIDE}/F 4`)),
);
pair(
  'pdfua1',
  '7.18.5-t02',
  'a shown link without Contents',
  withAnnot(link(`${RECT}/F 4`), 'Link'),
  withAnnot(link(`${RECT}/F 6`), 'Link'),
);
pair(
  'pdfua1',
  '7.18.5-t02',
  'a link outside the crop box needs no Contents',
  withAnnot(link(`${RECT}/F 4`), 'Link'),
  withAnnot(link(`${OUTSIDE}/F 4`), 'Link'),
);

// 7.18.8 t01: structParentType == null — a StructParent key the parent tree does not hold names no element
pair(
  'pdfua1',
  '7.18.8-t01',
  'a PrinterMark whose StructParent the tree does not hold',
  withAnnot(`/Subtype/PrinterMark${RECT}/F 4`, 'Annot'),
  withAnnot(`/Subtype/PrinterMark${RECT}/F 4`),
);

for (const p of pairs.slice(FIRST)) p.exact = true;

// Optional content configurations: `Name != null && Name.length() > 0` (PDF/A-2 6.9 t01, PDF/A-4 6.10
// t01, PDF/UA-1 7.10 t01) — an empty Name is none; PDF/UA-1 asks no unique names (PDF/A's t02 does)
{
  const FIRST_OC = pairs.length;
  const oc = (d: string, configs = '') => `/OCProperties<</OCGs[50 0 R]/D<<${d}/Order[50 0 R]>>${configs}>>`;
  const layer = { 50: '<</Type/OCG/Name(Layer)>>' };
  const a = (part: 2 | 4, d: string) => {
    const p = pdfaBase(part, { catalog: oc(d) });
    Object.assign(p.objects, layer);
    return p;
  };
  pair('pdfa2b', '6.9-t01', 'a configuration whose Name is empty', a(2, '/Name()'), a(2, '/Name(A)'));
  pair('pdfa4', '6.10-t01', 'a configuration whose Name is empty', a(4, '/Name()'), a(4, '/Name(A)'));
  const ua = (d: string, configs = '') => uaFile([{ s: 'P' }], { catalog: oc(d, configs), objects: layer });
  pair('pdfua1', '7.10-t01', 'a configuration whose Name is empty', ua('/Name()'), ua('/Name(A)'));
  pair(
    'pdfua1',
    '7.10-t01',
    'two configurations of one name have names',
    ua(''),
    ua('/Name(A)', '/Configs[<</Name(A)/Order[50 0 R]>>]'),
  );
  for (const p of pairs.slice(FIRST_OC)) p.exact = true;
}

// A remapped standard type (PDF/UA-1 7.1 t07, PDF/A-2a 6.7.3.4 t03): `remappedStandardType == null` is
// asked of each structure element, so a RoleMap entry no element uses breaks nothing
{
  const FIRST_RM = pairs.length;
  const withP = (roleMap: string, s = 'P') => uaFile([{ s }], { roleMap });
  pair(
    'pdfua1',
    '7.1-t07',
    'a P element while P is remapped',
    withP('/P/Span/Para/P'),
    withP('/P/Span/Para/P', 'Para'),
  );
  for (const p of pairs.slice(FIRST_RM)) p.exact = true;
}

// An embedded file's MIME type (PDF/A-3 6.8 t01, PDF/A-4 6.9 t01): `/^[-\w+\.]+\/[-\w+\.]+$/` — a type
// of letters, digits, `-`, `_`, `+` and `.`, as `x-world/x-vrml`, which a letters-only type part refused
{
  const FIRST_MIME = pairs.length;
  const withFile = (part: 3 | 4, subtype: string) => {
    const p = pdfaBase(part, {
      catalog: '/Names<</EmbeddedFiles<</Names[(a.wrl) 50 0 R]>>>>/AF[50 0 R]',
    });
    p.objects[50] = '<</Type/Filespec/F(a.wrl)/UF(a.wrl)/AFRelationship/Data/EF<</F 51 0 R>>>>';
    p.objects[51] = { dict: `<</Type/EmbeddedFile/Subtype/${subtype}>>`, stream: 'a' };
    return p;
  };
  for (const [std, part, id] of [
    ['pdfa3b', 3, '6.8-t01'],
    ['pdfa4', 4, '6.9-t01'],
  ] as const) {
    pair(std, id, 'a MIME type without a subtype', withFile(part, 'model'), withFile(part, 'x-world#2Fx-vrml'));
    pair(
      std,
      id,
      'a MIME type with a space',
      withFile(part, 'text#2F#20plain'),
      withFile(part, 'application#2Fvnd.a_b+xml'),
    );
  }
  for (const p of pairs.slice(FIRST_MIME)) p.exact = true;
}

// A file specification with an embedded file reached from no name tree and no annotation, only from a
// page's AF array: veraPDF judges every dictionary of Type Filespec (PDF/A-3 6.8 t02, PDF/A-4 6.9 t02,
// PDF/UA-1 7.11 t01: `containsEF == false || (F != null … UF != null …)`)
{
  const FIRST_AF = pairs.length;
  const spec = (names: string) => `<</Type/Filespec${names}/AFRelationship/Data/EF<</F 51 0 R>>>>`;
  const file = { dict: '<</Type/EmbeddedFile/Subtype/text#2Fplain>>', stream: 'a' };
  const onPage = (part: 3 | 4, names: string) => {
    const p = pdfaBase(part, { page: '/AF[50 0 R]' });
    Object.assign(p.objects, { 50: spec(names), 51: file });
    return p;
  };
  pair(
    'pdfa3b',
    '6.8-t02',
    'a page’s associated file without UF',
    onPage(3, '/F(a.txt)'),
    onPage(3, '/F(a.txt)/UF(a.txt)'),
  );
  pair(
    'pdfa4',
    '6.9-t02',
    'a page’s associated file without UF',
    onPage(4, '/F(a.txt)'),
    onPage(4, '/F(a.txt)/UF(a.txt)'),
  );
  const ua = (names: string) => uaFile([{ s: 'P' }], { page: '/AF[50 0 R]', objects: { 50: spec(names), 51: file } });
  pair('pdfua1', '7.11-t01', 'a page’s associated file without UF', ua('/F(a.txt)'), ua('/F(a.txt)/UF(a.txt)'));
  for (const p of pairs.slice(FIRST_AF)) p.exact = true;
}

// 7.2 t24: `Contents == null || containsLang == true || gContainsCatalogLang == true` — an empty Contents
// is not null: without a catalog Lang it needs its element's
{
  const FIRST_T24 = pairs.length;
  const text = (contents: string) => withAnnot(`/Subtype/Square${contents}${RECT}/F 4`, 'Annot', false);
  pair('pdfua1', '7.2-t24', 'an empty Contents without a language', text('/Contents()'), text(''));
  for (const p of pairs.slice(FIRST_T24)) p.exact = true;
}
