// test/support/rule-pairs/programs.ts — pairs for the rules that need more than dictionaries: real font
// programs (Noto Sans from npm, Debian's URW Type 1 Nimbus Roman with its AFM), a CMYK output profile
// written here, JP2 files written box by box, a cross-reference stream, and a PDF/UA-1 media clip.
// Each pair differs in the one thing its rule judges, so the breaking file's findings are the keeping
// file's plus that rule (verifier/rules-pairs.test.ts asserts so for these rows: `exact`).
import { readTables, writeSfnt } from '../../../engines/pdf/sfnt.js';
import { NOTO_SANS } from '../fixtures.js';
import { NIMBUS_ROMAN_AFM, NIMBUS_ROMAN_PFB } from '../font-fixtures.js';
import { buildPdf, type HandPdf, pdfaBase } from '../pdf-builder.js';
import { pair, pairs } from './common.js';
import { uaFile } from './ua.js';

const FIRST = pairs.length;

/** The page (object 3) given the resource entries `r` in place of the base's empty dictionary. */
function resources(p: HandPdf, r: string): HandPdf {
  const page = String(p.objects[3]);
  if (!page.includes('/Resources<<>>')) throw new Error('no empty Resources to fill');
  p.objects[3] = page.replace('/Resources<<>>', `/Resources<<${r}>>`);
  return p;
}

// ——— a CMYK output profile (ICC.1:2001, version 2.1) ———

const be32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const s15 = (x: number): Buffer => be32(Math.round(x * 65536));
const padded = (b: Buffer): Buffer => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);
/** lut8Type (mft1): identity matrix, linear input and output tables, a grid of two points per input. */
function lut8(inputs: number, outputs: number, grid: (corner: number[]) => number[]): Buffer {
  const head = Buffer.alloc(48);
  head.write('mft1', 0, 'latin1');
  head[8] = inputs;
  head[9] = outputs;
  head[10] = 2;
  for (const i of [0, 4, 8]) head.writeInt32BE(65536, 12 + i * 4); // e00, e11, e22
  const ramp = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const clut: number[] = [];
  for (let k = 0; k < 2 ** inputs; k++) {
    const corner = Array.from({ length: inputs }, (_, d) => (k >> (inputs - 1 - d)) & 1);
    for (const v of grid(corner)) clut.push(Math.max(0, Math.min(255, Math.round(v))));
  }
  return Buffer.concat([head, ...Array(inputs).fill(ramp), Buffer.from(clut), ...Array(outputs).fill(ramp)]);
}
const desc = (text: string): Buffer => {
  const ascii = Buffer.from(`${text}\0`, 'latin1');
  // textDescriptionType: ASCII, then empty Unicode and ScriptCode parts (67 bytes of ScriptCode)
  return Buffer.concat([Buffer.from('desc\0\0\0\0', 'latin1'), be32(ascii.length), ascii, Buffer.alloc(8 + 3 + 67)]);
};
/**
 * A printer (output) profile of CMYK to Lab with the tags ICC.1:2001 asks of one: description, white
 * point, copyright, A2B0, B2A0 and gamut — a naive subtractive model, enough for a reader to build a
 * transform; `name` goes into the description, so two names give two different profiles.
 */
export function cmykProfile(name: string): Uint8Array {
  const L = (c: number[]) => 255 * (1 - Math.min(1, c[0] * 0.3 + c[1] * 0.59 + c[2] * 0.11 + c[3]));
  const tags: [string, Buffer][] = [
    ['desc', desc(name)],
    ['wtpt', Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), s15(0.9642), s15(1), s15(0.8249)])],
    ['cprt', Buffer.from('text\0\0\0\0No copyright: written by the tests\0', 'latin1')],
    ['A2B0', lut8(4, 3, (c) => [L(c), 128 + 60 * (c[1] - c[0]), 128 + 60 * (c[1] - c[2])])],
    ['B2A0', lut8(3, 4, (lab) => [0, 0, 0, 255 * (1 - lab[0])])],
    ['gamt', lut8(3, 1, () => [0])],
  ];
  const tableLen = 4 + 12 * tags.length;
  let at = 128 + tableLen;
  const table = [be32(tags.length)];
  const bodies: Buffer[] = [];
  for (const [sig, body] of tags) {
    table.push(Buffer.from(sig, 'latin1'), be32(at), be32(body.length));
    bodies.push(padded(body));
    at += padded(body).length;
  }
  const head = Buffer.alloc(128);
  head.writeUInt32BE(at, 0);
  head.writeUInt32BE(0x02100000, 8);
  head.write('prtrCMYKLab ', 12, 'latin1');
  for (const [i, v] of [2026, 1, 1, 0, 0, 0].entries()) head.writeUInt16BE(v, 24 + 2 * i);
  head.write('acsp', 36, 'latin1');
  s15(0.9642).copy(head, 68);
  s15(1).copy(head, 72);
  s15(0.8249).copy(head, 76);
  return new Uint8Array(Buffer.concat([head, ...table, ...bodies]));
}

const CMYK_A = cmykProfile('Test CMYK A');
const CMYK_B = cmykProfile('Test CMYK B');

/** A page filling in ICCBased CMYK (object 7), under the graphics state `gs` when given. */
function cmykFill(part: 2 | 4, gs: string | undefined, o: { intent?: Uint8Array; profile?: Uint8Array } = {}): HandPdf {
  const p = pdfaBase(part, {
    content: `${gs ? '/GS0 gs ' : ''}/CS0 cs 0 0 0 1 sc 0 0 10 10 re f`,
    catalog: o.intent
      ? '/OutputIntents[<</Type/OutputIntent/S/GTS_PDFA1/OutputConditionIdentifier(Test CMYK)/DestOutputProfile 8 0 R>>]'
      : '',
  });
  resources(p, `/ColorSpace<</CS0[/ICCBased 7 0 R]>>${gs ? `/ExtGState<</GS0<<${gs}>>>>` : ''}`);
  p.objects[7] = { dict: '<</N 4>>', stream: o.profile ?? CMYK_A };
  if (o.intent) p.objects[8] = { dict: '<</N 4>>', stream: o.intent };
  return p;
}

for (const [part, std] of [
  [2, 'pdfa2b'],
  [4, 'pdfa4'],
] as const) {
  pair(
    std,
    '6.2.4.2-t02',
    'ICCBased CMYK filled with overprinting on and OPM 1',
    cmykFill(part, '/Type/ExtGState/op true/OPM 1'),
    cmykFill(part, '/Type/ExtGState/op true/OPM 0'),
  );
}
{
  // PDF/A-4 6.2.4.2 t03: the input profile is the output intent's (the same stream, or equal bytes)
  const sameStream = cmykFill(4, undefined, { intent: CMYK_A });
  sameStream.objects[7] = { dict: '<</N 4>>', stream: CMYK_A };
  pair(
    'pdfa4',
    '6.2.4.2-t03',
    'ICCBased CMYK with the output intent’s profile',
    sameStream,
    cmykFill(4, undefined, { intent: CMYK_B }),
  );
  const shared = cmykFill(4, undefined, { intent: CMYK_A });
  shared.objects[3] = String(shared.objects[3]).replace('[/ICCBased 7 0 R]', '[/ICCBased 8 0 R]');
  pair(
    'pdfa4',
    '6.2.4.2-t03',
    'ICCBased CMYK on the output intent’s very stream',
    shared,
    cmykFill(4, undefined, { intent: CMYK_B }),
  );
}

// ——— JPEG 2000 (PDF/A-4 6.2.7.3; PDF/A-2's 6.2.8.3 in verifier/rules-fonts.test.ts) ———

const box = (type: string, body: Uint8Array | number[]): Buffer => {
  const b = Buffer.from(body);
  return Buffer.concat([be32(8 + b.length), Buffer.from(type, 'latin1'), b]);
};
/** A JP2 file: signature, ftyp, jp2h (ihdr of `nc` channels of 8 bits, the colr boxes), a codestream box. */
function jp2(nc: number, colr: number[][]): Uint8Array {
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.writeUInt16BE(nc, 8);
  ihdr[10] = 7;
  ihdr[11] = 7;
  return new Uint8Array(
    Buffer.concat([
      box('jP  ', [0x0d, 0x0a, 0x87, 0x0a]),
      box('ftyp', [...Buffer.from('jp2 '), 0, 0, 0, 0, ...Buffer.from('jp2 ')]),
      box('jp2h', Buffer.concat([box('ihdr', ihdr), ...colr.map((c) => box('colr', c))])),
      box('jp2c', [0xff, 0x4f, 0xff, 0xd9]),
    ]),
  );
}
const enumCs = (cs: number, approx = 0) => [1, 0, approx, ...be32(cs)];
const SRGB_COLR = enumCs(16);
function jpxPage(data: Uint8Array, colorSpace = ''): HandPdf {
  const p = resources(pdfaBase(4, { content: 'q 10 0 0 10 0 0 cm /Im0 Do Q' }), '/XObject<</Im0 7 0 R>>');
  p.objects[7] = {
    dict: `<</Type/XObject/Subtype/Image/Width 1/Height 1/Filter/JPXDecode${colorSpace}>>`,
    stream: data,
  };
  return p;
}
pair(
  'pdfa4',
  '6.2.7.3-t01',
  'a JPEG 2000 image of two channels',
  jpxPage(jp2(2, [SRGB_COLR])),
  jpxPage(jp2(3, [SRGB_COLR])),
);
pair(
  'pdfa4',
  '6.2.7.3-t02',
  'two colour specifications, neither with APPROX 1',
  jpxPage(jp2(3, [SRGB_COLR, SRGB_COLR])),
  jpxPage(jp2(3, [SRGB_COLR, enumCs(16, 1)])),
);
pair(
  'pdfa4',
  '6.2.7.3-t02',
  'two colour specifications, both with APPROX 1',
  jpxPage(jp2(3, [enumCs(16, 1), enumCs(16, 1)])),
  jpxPage(jp2(3, [enumCs(16, 1), enumCs(16, 1)]), '/ColorSpace/DeviceRGB'),
);
pair('pdfa4', '6.2.7.3-t03', 'a colr box of METH 4', jpxPage(jp2(3, [[4, 0, 0]])), jpxPage(jp2(3, [[2, 0, 0]])));
pair(
  'pdfa4',
  '6.2.7.3-t04',
  'the enumerated colour space 19 (CIEJab)',
  jpxPage(jp2(3, [enumCs(19)])),
  jpxPage(jp2(3, [enumCs(19)]), '/ColorSpace/DeviceRGB'),
);

// ——— a cross-reference stream under PDF/A-1 (6.1.4 t03) ———

/** The file of `p` with its classic xref table and trailer replaced by a cross-reference stream. */
export function withXrefStream(p: HandPdf): Uint8Array {
  const s = Buffer.from(buildPdf(p)).toString('latin1');
  const at = s.lastIndexOf('\nxref\n') + 1;
  const body = s.slice(0, at);
  const max = Math.max(...Object.keys(p.objects).map(Number));
  const n = max + 1;
  const offsets = new Map<number, number>();
  for (const m of body.matchAll(/(?:^|\n)(\d+) 0 obj\n/g))
    offsets.set(Number(m[1]), m.index + (m[0][0] === '\n' ? 1 : 0));
  // W [1 4 2]: the type, the offset (or the next free object), the generation
  const rows = Buffer.alloc(7 * (n + 1));
  for (let i = 0; i <= n; i++) {
    const off = i === n ? at : offsets.get(i);
    if (off === undefined) rows.writeUInt16BE(0xffff, 7 * i + 5);
    else {
      rows[7 * i] = 1;
      rows.writeUInt32BE(off, 7 * i + 1);
    }
  }
  const trailer = /trailer\n<<(.*)>>\nstartxref/s.exec(s)?.[1] ?? '';
  const dict = `<<${trailer.replace(/\/Size \d+/, `/Size ${n + 1}`)}/Type/XRef/W[1 4 2]/Index[0 ${n + 1}]/Length ${rows.length}>>`;
  const out = Buffer.concat([
    Buffer.from(`${body}${n} 0 obj\n${dict}\nstream\n`, 'latin1'),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
  ]);
  return new Uint8Array(out);
}
pair('pdfa1b', '6.1.4-t03', 'a cross-reference stream', withXrefStream(pdfaBase(1)), pdfaBase(1));

// ——— font programs ———

const NOTO_DESC =
  '/Type/FontDescriptor/FontName/NotoSans-Regular/Flags 32/FontBBox[0 -300 1000 1000]/ItalicAngle 0/Ascent 1000/Descent -300/CapHeight 700/StemV 80';
const notoFile = (program: Uint8Array = NOTO_SANS) => ({
  dict: `<</Length ${program.length}/Length1 ${program.length}>>`,
  stream: program,
});
/** Noto Sans as a simple TrueType font in WinAnsiEncoding (objects 30–32), 'A' 639 units wide. */
const trueTypeFont = (widthA = 639, program: Uint8Array = NOTO_SANS): HandPdf['objects'] => ({
  30: `<</Type/Font/Subtype/TrueType/BaseFont/NotoSans-Regular/Encoding/WinAnsiEncoding/FirstChar 0/LastChar 255/Widths[${'0 '.repeat(65)}${widthA}${' 0'.repeat(190)}]/FontDescriptor 31 0 R>>`,
  31: `<<${NOTO_DESC}/FontFile2 32 0 R>>`,
  32: notoFile(program),
});
/** Noto Sans as a Type 0 font over a CIDFontType2 (Identity-H, CIDToGIDMap Identity; CID 36 is 'A', 639 wide), objects 30–33. */
const cidFont: HandPdf['objects'] = {
  30: '<</Type/Font/Subtype/Type0/BaseFont/NotoSans-Regular/Encoding/Identity-H/DescendantFonts[33 0 R]>>',
  31: `<<${NOTO_DESC.replace('/Flags 32', '/Flags 4')}/FontFile2 32 0 R>>`,
  32: notoFile(),
  33: '<</Type/Font/Subtype/CIDFontType2/BaseFont/NotoSans-Regular/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor 31 0 R/DW 0/W[36[639]]/CIDToGIDMap/Identity>>',
};
/** A PDF/A page showing `str` in font 30. */
function shown(part: 1 | 2 | 4, str: string, font: HandPdf['objects']): HandPdf {
  const p = resources(pdfaBase(part, { content: `BT /F0 12 Tf 10 10 Td ${str} Tj ET` }), '/Font<</F0 30 0 R>>');
  Object.assign(p.objects, font);
  return p;
}
/** A PDF/UA-1 page showing `str` in font 30, inside the one P element. */
const uaShown = (str: string, font: HandPdf['objects']): HandPdf =>
  resources(
    uaFile([{ s: 'P' }], {
      content: (i) => `/P <</MCID ${i}>> BDC BT /F0 12 Tf 10 10 Td ${str} Tj ET EMC`,
      objects: font,
    }),
    '/Font<</F0 30 0 R>>',
  );

// a glyph id beyond the program (Noto Sans holds 4503 glyphs): CID 0x7FFF under CIDToGIDMap Identity
for (const [std, part, id] of [
  ['pdfa1b', 1, '6.3.5-t01'],
  ['pdfa2b', 2, '6.2.11.4.1-t02'],
  ['pdfa4', 4, '6.2.10.4.1-t02'],
] as const)
  pair(std, id, 'a CID with no glyph in the program', shown(part, '<7FFF>', cidFont), shown(part, '<0024>', cidFont));
pair(
  'pdfua1',
  '7.21.4.1-t02',
  'a CID with no glyph in the program',
  uaShown('<7FFF>', cidFont),
  uaShown('<0024>', cidFont),
);

// widths: 'A' is 639 units in the program's hmtx
pair(
  'pdfa1b',
  '6.3.6-t01',
  'Widths of 700 for a glyph of 639',
  shown(1, '(A)', trueTypeFont(700)),
  shown(1, '(A)', trueTypeFont()),
);
pair(
  'pdfua1',
  '7.21.5-t01',
  'Widths of 700 for a glyph of 639',
  uaShown('(A)', trueTypeFont(700)),
  uaShown('(A)', trueTypeFont()),
);
pair(
  'pdfua1',
  '7.21.5-t01',
  'a width two units off (one unit off passes)',
  uaShown('(A)', trueTypeFont(641)),
  uaShown('(A)', trueTypeFont(638)),
);

// .notdef: code 0 is undefined in WinAnsiEncoding, so a reader shows glyph 0
// (PDF/A-4 6.2.10.9 t01, which the corpus numbers 6.2.10.4.1 t03: verifier/coverage.ts ALIASES)
pair(
  'pdfa4',
  '6.2.10.4.1-t03',
  'a code WinAnsiEncoding leaves undefined',
  shown(4, '<00>', trueTypeFont()),
  shown(4, '(A)', trueTypeFont()),
);
pair(
  'pdfua1',
  '7.21.8-t01',
  'a code WinAnsiEncoding leaves undefined',
  uaShown('<00>', trueTypeFont()),
  uaShown('(A)', trueTypeFont()),
);

{
  // a non-symbolic TrueType program whose only cmap subtable is (3,0): no non-symbolic cmap entry
  const { version, tables } = readTables(NOTO_SANS);
  const cmapOnly = (platform: number, encoding: number): Uint8Array => {
    const sub = Buffer.alloc(262);
    sub.writeUInt16BE(262, 2);
    for (let c = 0; c < 256; c++) sub[6 + c] = c;
    const head = Buffer.alloc(12);
    head.writeUInt16BE(1, 2);
    head.writeUInt16BE(platform, 4);
    head.writeUInt16BE(encoding, 6);
    head.writeUInt32BE(12, 8);
    const out = new Map(tables);
    out.set('cmap', Buffer.concat([head, sub]));
    return writeSfnt(version, out);
  };
  // Widths left empty: the format 0 table maps code 65 to glyph 65, whose width is not A's 639
  const font = (program: Uint8Array) => ({
    ...trueTypeFont(639, program),
    30: String(trueTypeFont()[30]).replace(/\/Widths\[[^\]]*\]/, '/Widths[]'),
  });
  pair(
    'pdfua1',
    '7.21.6-t01',
    'a non-symbolic TrueType program with only a (3,0) cmap',
    uaShown('(A)', font(cmapOnly(3, 0))),
    uaShown('(A)', font(cmapOnly(1, 0))),
  );
}

{
  // a Type 1 subset's CharSet names every glyph of its program (the names from the face's AFM)
  const segments: Uint8Array[] = [];
  for (let at = 0; NIMBUS_ROMAN_PFB[at] === 0x80 && NIMBUS_ROMAN_PFB[at + 1] !== 3; ) {
    const len = Buffer.from(NIMBUS_ROMAN_PFB.subarray(at + 2, at + 6)).readUInt32LE(0);
    segments.push(NIMBUS_ROMAN_PFB.subarray(at + 6, at + 6 + len));
    at += 6 + len;
  }
  const program = Buffer.concat(segments);
  const names = [
    ...Buffer.from(NIMBUS_ROMAN_AFM)
      .toString('latin1')
      .matchAll(/;\s*N\s+(\S+)\s*;/g),
  ]
    .map((m) => m[1])
    .filter((n) => n !== '.notdef');
  const type1 = (charSet: string[]): HandPdf['objects'] => ({
    30: `<</Type/Font/Subtype/Type1/BaseFont/ABCDEF+NimbusRoman-Regular/FirstChar 65/LastChar 65/Widths[722]/FontDescriptor 31 0 R>>`,
    31: `<</Type/FontDescriptor/FontName/ABCDEF+NimbusRoman-Regular/Flags 32/FontBBox[-168 -281 1031 924]/ItalicAngle 0/Ascent 683/Descent -217/CapHeight 662/StemV 84/CharSet(${charSet.map((n) => `/${n}`).join('')})/FontFile 32 0 R>>`,
    32: {
      dict: `<</Length ${program.length}/Length1 ${segments[0].length}/Length2 ${segments[1].length}/Length3 ${segments[2]?.length ?? 0}>>`,
      stream: new Uint8Array(program),
    },
  });
  pair(
    'pdfua1',
    '7.21.4.2-t01',
    'a Type 1 subset whose CharSet leaves out a glyph of its program',
    uaShown('(A)', type1(names.filter((n) => n !== 'Z'))),
    uaShown('(A)', type1(names)),
  );
}

// ——— PDF/UA-1 7.18.6.2: a media clip data dictionary of a Screen annotation's rendition ———
{
  const screen = (clip: string) =>
    uaFile([{ s: 'P' }], {
      page: '/Annots[30 0 R]/Tabs/S',
      objects: {
        30: `<</Type/Annot/Subtype/Screen/Rect[0 0 10 10]/F 4/Contents(a film)/A<</S/Rendition/OP 0/R<</S/MR/C<</S/MCD/D<</Type/Filespec/F(film.mp4)>>${clip}>>>>>>>>`,
      },
    });
  const CT = '/CT(video/mp4)';
  const ALT = '/Alt[(en)(a short film)]';
  pair('pdfua1', '7.18.6.2-t01', 'a media clip without CT', screen(ALT), screen(`${CT}${ALT}`));
  pair('pdfua1', '7.18.6.2-t02', 'a media clip without Alt', screen(CT), screen(`${CT}${ALT}`));
  pair(
    'pdfua1',
    '7.18.6.2-t02',
    'a media clip whose Alt is one string',
    screen(`${CT}/Alt[(a short film)]`),
    screen(`${CT}${ALT}`),
  );
}

for (const p of pairs.slice(FIRST)) p.exact = true;
