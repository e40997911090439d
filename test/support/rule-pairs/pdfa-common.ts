// test/support/rule-pairs/pdfa-common.ts — one case per rule with the id each part gives it (PDF/A-1,
// 2, 4 and PDF/UA-1; PDF/A-3 shares PDF/A-2's pairs), and the small documents the cases are made of.
import { srgbProfile } from '../../../engines/pdf/srgb.js';
import type { StandardName } from '../../../verifier/model.js';
import { type HandPdf, pdfaBase } from '../pdf-builder.js';
import { pair, withXmp } from './common.js';

// ——— PDF/A file structure, graphics, fonts, transparency, annotations, actions, metadata: one case, the
// id each part gives it (PDF/A-3 is judged by PDF/A-2's modules: its pairs count for both) ———

/** PDF/A-1, 2, 4, and 5 for PDF/UA-1 (judged on a PDF/A-2 base: only the rule asked is compared). */
export type Part = 1 | 2 | 4 | 5;
export const STD: Record<Part, StandardName> = { 1: 'pdfa1b', 2: 'pdfa2b', 4: 'pdfa4', 5: 'pdfua1' };
export interface Case {
  what: string;
  ids: Partial<Record<Part, string>>;
  fail: (part: Part) => HandPdf | Uint8Array;
  pass: (part: Part) => HandPdf | Uint8Array;
}
export const b = (part: Part, o: Parameters<typeof pdfaBase>[1] = {}) => pdfaBase(part === 5 ? 2 : part, o);
export const withObj = (p: HandPdf, objects: HandPdf['objects']): HandPdf => {
  Object.assign(p.objects, objects);
  return p;
};
export const stream = (part: Part, o: { dict: string; stream: string; eol?: string }) =>
  withObj(b(part, { catalog: '/X 7 0 R' }), { 7: o });
export const xobj = (part: Part, dict: string, data = '', content = '/X0 Do') =>
  withObj(b(part, { page: '/Resources<</XObject<</X0 7 0 R>>>>', content }), { 7: { dict, stream: data } });
export const IMG = '/Type/XObject/Subtype/Image/Width 1/Height 1/ColorSpace/DeviceGray/BitsPerComponent 8';
export const FORM = '/Type/XObject/Subtype/Form/BBox[0 0 10 10]';
export const gs = (part: Part, entries: string) =>
  b(part, { page: `/Resources<</ExtGState<</G0<<${entries}>>>>>>`, content: '/G0 gs 0 0 m 10 10 l S' });
export const FONT = {
  Type: '/Type/Font',
  Subtype: '/Subtype/Type1',
  BaseFont: '/BaseFont/Hand',
  FirstChar: '/FirstChar 65',
  LastChar: '/LastChar 65',
  Widths: '/Widths[500]',
};
export const font = (part: Part, dict: string) =>
  withObj(b(part, { page: '/Resources<</Font<</F0 7 0 R>>>>', content: 'BT /F0 12 Tf (A) Tj ET' }), {
    7: `<<${dict}>>`,
  });
/** An annotation (object 7) on the page, with a form XObject (8) for its appearances. */
export const annot = (part: Part, a: string, extra = '/F 4/AP<</N 8 0 R>>') =>
  withObj(b(part, { page: '/Annots[7 0 R]' }), {
    7: `<</Type/Annot${a}/Rect[0 0 10 10]${extra}>>`,
    8: { dict: `<<${FORM}>>`, stream: '' },
  });
export const AP = '/F 4/AP<</N 8 0 R>>';
export const field = (part: Part, aa: string, form = '') => {
  const p = annot(part, '/Subtype/Widget/Parent 9 0 R');
  p.objects[1] = String(p.objects[1]).replace('>>', `/AcroForm<</Fields[9 0 R]${form}>>>>`);
  p.objects[9] = `<</FT/Tx/T(f)/Kids[7 0 R]${aa}>>`;
  return p;
};
export const meta = (part: Part, edit: (x: string) => string) => withXmp(part === 5 ? 2 : part, edit);
export const ids = (one: string | undefined, two: string | undefined, four: string | undefined, ua?: string) => {
  const out: Partial<Record<Part, string>> = {};
  if (ua) out[5] = ua;
  if (one) out[1] = one;
  if (two) out[2] = two;
  if (four) out[4] = four;
  return out;
};
export const TRAILER = (part: Part, extra: string) => `/Size 7/Root 1 0 R${part === 4 ? '' : '/Info 5 0 R'}${extra}`;
export const ID = '/ID[<0123456789ABCDEF0123456789ABCDEF><0123456789ABCDEF0123456789ABCDEF>]';
export const embedded = (part: Part, spec: string, ef = '<</Type/EmbeddedFile/Subtype/text#2Fplain>>') =>
  withObj(b(part, { catalog: '/Names<</EmbeddedFiles<</Names[(a.txt) 7 0 R]>>>>' }), {
    7: `<</Type/Filespec${spec}/EF<</F 8 0 R>>>>`,
    8: { dict: ef, stream: 'a' },
  });

export const SRGB = srgbProfile();
/** Output intents (objects 7, 8: an sRGB profile, another with one byte of its header changed). */
export const intents = (part: Part, entries: string[]) =>
  withObj(b(part, { catalog: `/OutputIntents[${entries.join(' ')}]` }), {
    7: { dict: '<</N 3>>', stream: SRGB },
    8: { dict: '<</N 3>>', stream: Uint8Array.from(SRGB, (x, i) => (i === 99 ? x ^ 1 : x)) },
  });
export const intent = (profile: string, s = 'GTS_PDFA1') =>
  `<</Type/OutputIntent/S/${s}/OutputConditionIdentifier(sRGB)${profile}>>`;
export const iccFill = (part: Part, n: number, data: Uint8Array) =>
  withObj(
    b(part, { page: '/Resources<</ColorSpace<</CS0[/ICCBased 7 0 R]>>>>', content: '/CS0 cs 0 0 0 sc 0 0 10 10 re f' }),
    {
      7: { dict: `<</N ${n}>>`, stream: data },
    },
  );
export const TINT = '<</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 0 0 1]/N 1>>';
export const TINT2 = '<</FunctionType 2/Domain[0 1]/C0[0 0 0 0]/C1[0 0 1 1]/N 1>>';

// fonts with a stand-in program (a FontFile of five bytes): the rules on the font dictionaries
export const DESC = (file: string) =>
  `<</Type/FontDescriptor/FontName/Hand/Flags 32/FontBBox[0 0 500 700]/ItalicAngle 0/Ascent 700/Descent 0/CapHeight 700/StemV 80${file}>>`;
export const standIn = (part: Part, font: string, content = 'BT /F0 12 Tf (A) Tj ET', more: HandPdf['objects'] = {}) =>
  withObj(b(part, { page: '/Resources<</Font<</F0 7 0 R>>>>', content }), {
    7: font,
    8: DESC('/FontFile2 9 0 R'),
    9: { dict: '<</Length1 5>>', stream: 'xxxxx' },
    ...more,
  });
export const TYPE0 = (encoding: string, cid: string) =>
  `<</Type/Font/Subtype/Type0/BaseFont/Hand/Encoding${encoding}/DescendantFonts[<</Type/Font/Subtype/CIDFontType2/BaseFont/Hand/CIDSystemInfo<<${cid}>>/FontDescriptor 8 0 R/DW 500/CIDToGIDMap/Identity>>]>>`;
export const IDENTITY = '/Registry(Adobe)/Ordering(Identity)/Supplement 0';
export const embeddedCMap = (ordering: string, more = '/WMode 0', supplement = 0) => ({
  dict: `<</Type/CMap/CMapName/Hand-H/CIDSystemInfo<</Registry(Adobe)/Ordering(${ordering})/Supplement ${supplement}>>${more}>>`,
  stream: `/CIDInit/ProcSet findresource begin 12 dict begin begincmap /CMapName/Hand-H def /CMapType 1 def /WMode 0 def
1 begincodespacerange <0000><FFFF> endcodespacerange
1 begincidrange <0000><FFFF> 0 endcidrange
endcmap CMapName currentdict /CMap defineresource pop end end`,
});

/** Registers each case once per part it names. */
export function register(cases: readonly Case[]): void {
  for (const c of cases)
    for (const [part, id] of Object.entries(c.ids) as [string, string][]) {
      const p = Number(part) as Part;
      pair(STD[p], id, c.what, c.fail(p), c.pass(p));
    }
}
