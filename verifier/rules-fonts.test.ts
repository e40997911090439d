// verifier/rules-fonts.test.ts — font rules bound from veraPDF's profiles for issue 18's accuracy
// work, each on a hand-built file (test/support/pdf-builder.ts) that breaks it and one that keeps it:
// codes a base encoding leaves undefined (.notdef), CIDs of embedded CMaps, CIDSet completeness.
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { readTables, writeSfnt } from '../engines/pdf/sfnt.js';
import { NOTO_SANS } from '../test/support/fixtures.js';
import { buildPdf, type HandPdf, pdfaBase } from '../test/support/pdf-builder.js';
import { verify } from './index.js';

/** The rule ids (clause-tTT) found for `standard`, each once, limited to `clause` when given. */
const ids = async (p: HandPdf, standard: string, clause?: string): Promise<string[]> => [
  ...new Set(
    (await verify(buildPdf(p), [standard]))
      .filter((f) => !clause || f.clause === clause)
      .map((f) => `${f.clause}-t${String(f.test).padStart(2, '0')}`),
  ),
];

const DESCRIPTOR =
  '/Type/FontDescriptor/FontName/NotoSans-Regular/FontBBox[0 -300 1000 1000]/ItalicAngle 0/Ascent 1000/Descent -300/CapHeight 700/StemV 80';

/** A page showing `str` in font 7 (objects 7 on are the font's, written by the caller). */
function page(part: 1 | 2, str: string, objects: HandPdf['objects']): HandPdf {
  const p = pdfaBase(part, { content: `BT /F0 12 Tf 10 10 Td ${str} Tj ET` });
  p.objects[3] = '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<</F0 7 0 R>>>>>>';
  Object.assign(p.objects, objects);
  return p;
}

describe('.notdef through a base encoding (PDF/A-2 6.2.11.8)', () => {
  /** A non-symbolic TrueType font in WinAnsiEncoding, its widths left to the program. */
  const trueType = (str: string) =>
    page(2, str, {
      7: `<</Type/Font/Subtype/TrueType/BaseFont/NotoSans-Regular/Encoding/WinAnsiEncoding/FirstChar 0/LastChar 255/Widths[${'0 '.repeat(256)}]/FontDescriptor 9 0 R>>`,
      9: `<<${DESCRIPTOR}/Flags 32/FontFile2 10 0 R>>`,
      10: { dict: `<</Length1 ${NOTO_SANS.length}>>`, stream: NOTO_SANS },
    });
  it('a code WinAnsiEncoding leaves undefined shows .notdef', async () => {
    expect(await ids(trueType('<00>'), 'pdfa2b', '6.2.11.8')).toEqual(['6.2.11.8-t01']);
    expect(await ids(trueType('<41>'), 'pdfa2b', '6.2.11.8')).toEqual([]);
  });
});

describe('CIDs of an embedded CMap (PDF/A-1 6.1.12, PDF/A-2 6.1.13)', () => {
  const cmap = (range: string) => `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Identity) def /Supplement 0 def end def
/CMapName /Test-H def /CMapType 1 def /WMode 0 def
1 begincodespacerange <0000> <FFFF> endcodespacerange
2 begincidrange
<0000> <00ff> 0
${range}
endcidrange
1 begincidchar
<ff00> 7
endcidchar
endcmap CMapName currentdict /CMap defineresource pop end end`;
  const file = (part: 1 | 2, range: string) =>
    page(part, '<0024>', {
      7: '<</Type/Font/Subtype/Type0/BaseFont/NotoSans-Regular/Encoding 11 0 R/DescendantFonts[8 0 R]>>',
      8: '<</Type/Font/Subtype/CIDFontType2/BaseFont/NotoSans-Regular/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor 9 0 R/CIDToGIDMap/Identity>>',
      9: `<<${DESCRIPTOR}/Flags 32/FontFile2 10 0 R>>`,
      10: { dict: `<</Length1 ${NOTO_SANS.length}>>`, stream: NOTO_SANS },
      11: {
        dict: '<</Type/CMap/CMapName/Test-H/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/WMode 0>>',
        stream: cmap(range),
      },
    });
  it('a range reaching past 65535 breaks the limit, one ending at 65535 does not', async () => {
    expect(await ids(file(1, '<3f00> <3fff> 65281'), 'pdfa1b', '6.1.12')).toEqual(['6.1.12-t10']);
    expect(await ids(file(1, '<3f00> <3fff> 65280'), 'pdfa1b', '6.1.12')).toEqual([]);
    expect(await ids(file(2, '<3f00> <3fff> 65536'), 'pdfa2b', '6.1.13')).toEqual(['6.1.13-t10']);
    expect(await ids(file(2, '<3f00> <3fff> 1000'), 'pdfa2b', '6.1.13')).toEqual([]);
  });
});

describe("a CIDFont subset's CIDSet against its program (PDF/A-1 6.3.5, PDF/A-2 6.2.11.4.2, PDF/UA-1 7.21.4.2)", () => {
  // CIDs 1 and 2 map to the glyphs of A and B (CIDToGIDMap stream), so the program holds CIDs 0–2
  const face = fontkit.create(Buffer.from(NOTO_SANS)) as fontkit.Font;
  const gA = face.glyphForCodePoint(0x41).id;
  const gB = face.glyphForCodePoint(0x42).id;
  const map = new Uint8Array([0, 0, gA >> 8, gA & 255, gB >> 8, gB & 255]);
  const file = (part: 1 | 2, cidSet: number) =>
    page(part, '<0001>', {
      7: '<</Type/Font/Subtype/Type0/BaseFont/ABCDEF+NotoSans-Regular/Encoding/Identity-H/DescendantFonts[8 0 R]>>',
      8: '<</Type/Font/Subtype/CIDFontType2/BaseFont/ABCDEF+NotoSans-Regular/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor 9 0 R/CIDToGIDMap 11 0 R>>',
      9: `<<${DESCRIPTOR.replace('/NotoSans', '/ABCDEF+NotoSans')}/Flags 4/FontFile2 10 0 R/CIDSet 12 0 R>>`,
      10: { dict: `<</Length1 ${NOTO_SANS.length}>>`, stream: NOTO_SANS },
      11: { dict: '<<>>', stream: map },
      12: { dict: '<<>>', stream: new Uint8Array([cidSet]) },
    });
  it('lists every CID the program holds and no other', async () => {
    // bits from the high one: CIDs 0, 1, 2
    expect(await ids(file(2, 0b11100000), 'pdfa2b', '6.2.11.4.2')).toEqual([]);
    expect(await ids(file(2, 0b11000000), 'pdfa2b', '6.2.11.4.2')).toEqual(['6.2.11.4.2-t02']);
    expect(await ids(file(2, 0b11110000), 'pdfa2b', '6.2.11.4.2')).toEqual(['6.2.11.4.2-t02']);
    expect(await ids(file(2, 0b11000000), 'pdfua1', '7.21.4.2')).toEqual(['7.21.4.2-t02']);
    expect(await ids(file(1, 0b11100000), 'pdfa1b', '6.3.5')).toEqual([]);
    expect(await ids(file(1, 0b10100000), 'pdfa1b', '6.3.5')).toEqual(['6.3.5-t03']);
  });
});

describe('TrueType encodings and cmap subtables (PDF/A-1 6.3.7, PDF/A-2 6.2.11.6, PDF/A-4 6.2.10.6, PDF/UA-1 7.21.6)', () => {
  /** Noto Sans with its cmap table replaced by format 0 subtables under the (platform, encoding) pairs given. */
  const withCmaps = (pairs: [number, number][]): Uint8Array => {
    const { version, tables } = readTables(NOTO_SANS);
    const sub = Buffer.alloc(262);
    sub.writeUInt16BE(0, 0);
    sub.writeUInt16BE(262, 2);
    for (let c = 0; c < 256; c++) sub[6 + c] = c;
    const head = Buffer.alloc(4 + 8 * pairs.length);
    head.writeUInt16BE(pairs.length, 2);
    pairs.forEach(([p, e], i) => {
      head.writeUInt16BE(p, 4 + 8 * i);
      head.writeUInt16BE(e, 6 + 8 * i);
      head.writeUInt32BE(head.length, 8 + 8 * i); // every record names the one subtable
    });
    const out = new Map(tables);
    out.set('cmap', Buffer.concat([head, sub]));
    return writeSfnt(version, out);
  };
  const file = (part: 1 | 2 | 4, o: { flags: number; encoding?: string; program?: Uint8Array }) => {
    const program = o.program ?? NOTO_SANS;
    return page(part === 4 ? 2 : part, '(A)', {
      7: `<</Type/Font/Subtype/TrueType/BaseFont/NotoSans-Regular${o.encoding ? `/Encoding ${o.encoding}` : ''}/FirstChar 65/LastChar 65/Widths[639]/FontDescriptor 9 0 R>>`,
      9: `<<${DESCRIPTOR}/Flags ${o.flags}/FontFile2 10 0 R>>`,
      10: { dict: `<</Length1 ${program.length}>>`, stream: program },
    });
  };
  const nonSymbolic = (encoding: string, program?: Uint8Array) => ({ flags: 32, encoding, program });
  const symbolic = (program: Uint8Array) => ({ flags: 4, program });

  it('a non-symbolic font: Differences only of Adobe Glyph List names (none at all under PDF/A-1)', async () => {
    const diff = (name: string) => `<</BaseEncoding/WinAnsiEncoding/Differences[65/${name}]>>`;
    expect(await ids(file(2, nonSymbolic(diff('gravee'))), 'pdfa2b', '6.2.11.6')).toEqual(['6.2.11.6-t02']);
    expect(await ids(file(2, nonSymbolic(diff('Agrave'))), 'pdfa2b', '6.2.11.6')).toEqual([]);
    expect(await ids(file(2, nonSymbolic(diff('uni00C0'))), 'pdfa2b', '6.2.11.6')).toEqual([]);
    expect(await ids(file(2, nonSymbolic(diff('gravee'))), 'pdfua1', '7.21.6')).toEqual(['7.21.6-t02']);
    expect(await ids(file(4, nonSymbolic(diff('gravee'))), 'pdfa4', '6.2.10.6')).toEqual(['6.2.10.6-t02']);
    expect(await ids(file(1, nonSymbolic(diff('Agrave'))), 'pdfa1b', '6.3.7')).toEqual(['6.3.7-t01']);
    expect(await ids(file(1, nonSymbolic('/WinAnsiEncoding')), 'pdfa1b', '6.3.7')).toEqual([]);
    // Adobe Glyph List names over a program without a (3,1) cmap are not Unicode-compliant
    const noUnicode = withCmaps([[1, 0]]);
    expect(await ids(file(2, nonSymbolic(diff('Agrave'), noUnicode)), 'pdfa2b', '6.2.11.6')).toEqual(['6.2.11.6-t02']);
  });

  it("a non-symbolic font's program has a cmap subtable a reader can use", async () => {
    const only30 = withCmaps([[3, 0]]);
    expect(await ids(file(2, nonSymbolic('/WinAnsiEncoding', only30)), 'pdfa2b', '6.2.11.6')).toEqual(['6.2.11.6-t01']);
    expect(await ids(file(4, nonSymbolic('/WinAnsiEncoding', only30)), 'pdfa4', '6.2.10.6')).toEqual(['6.2.10.6-t01']);
    const mac = withCmaps([[1, 0]]);
    expect(await ids(file(2, nonSymbolic('/WinAnsiEncoding', mac)), 'pdfa2b', '6.2.11.6')).toEqual([]);
    expect(await ids(file(4, nonSymbolic('/WinAnsiEncoding', mac)), 'pdfa4', '6.2.10.6')).toEqual([]);
  });

  it("a symbolic font's program: one cmap subtable or a (3,0) one (PDF/A-4: a (3,0) or a (1,0))", async () => {
    const two = withCmaps([
      [1, 0],
      [3, 1],
    ]);
    expect(await ids(file(1, symbolic(two)), 'pdfa1b', '6.3.7')).toEqual(['6.3.7-t03']);
    expect(await ids(file(2, symbolic(two)), 'pdfa2b', '6.2.11.6')).toEqual(['6.2.11.6-t04']);
    expect(await ids(file(2, symbolic(two)), 'pdfua1', '7.21.6')).toEqual(['7.21.6-t04']);
    expect(await ids(file(4, symbolic(two)), 'pdfa4', '6.2.10.6')).toEqual([]);
    const unicodeOnly = withCmaps([[3, 1]]);
    expect(await ids(file(4, symbolic(unicodeOnly)), 'pdfa4', '6.2.10.6')).toEqual(['6.2.10.6-t04']);
    expect(await ids(file(2, symbolic(unicodeOnly)), 'pdfa2b', '6.2.11.6')).toEqual([]);
    const symbolCmaps = withCmaps([
      [3, 0],
      [1, 0],
    ]);
    expect(await ids(file(2, symbolic(symbolCmaps)), 'pdfa2b', '6.2.11.6')).toEqual([]);
    expect(await ids(file(1, symbolic(withCmaps([[3, 0]]))), 'pdfa1b', '6.3.7')).toEqual([]);
  });
});

describe('image depths, font program subtypes, catalog entries', () => {
  const image = (part: 1 | 2 | 4, dict: string, mask?: string) => {
    const p = pdfaBase(part, { content: 'q 10 0 0 10 0 0 cm /Im0 Do Q' });
    p.objects[3] =
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</XObject<</Im0 7 0 R>>>>>>';
    p.objects[7] = {
      dict: `<</Type/XObject/Subtype/Image/Width 1/Height 1${dict}${mask ? '/Mask 8 0 R' : ''}>>`,
      stream: 'AB',
    };
    if (mask)
      p.objects[8] = { dict: `<</Type/XObject/Subtype/Image/Width 1/Height 1/ImageMask true${mask}>>`, stream: 'A' };
    return p;
  };
  const gray = (bpc: number) => `/ColorSpace/DeviceGray/BitsPerComponent ${bpc}`;
  it('PDF/A-1 6.2.4: images of 1, 2, 4 or 8 bits, image masks of 1', async () => {
    expect(await ids(image(1, gray(16)), 'pdfa1b', '6.2.4')).toEqual(['6.2.4-t04']);
    expect(await ids(image(1, gray(8)), 'pdfa1b', '6.2.4')).toEqual([]);
    expect(await ids(image(1, '/ImageMask true/BitsPerComponent 2'), 'pdfa1b', '6.2.4')).toEqual(['6.2.4-t05']);
    expect(await ids(image(1, '/ImageMask true/BitsPerComponent 1'), 'pdfa1b', '6.2.4')).toEqual([]);
    expect(await ids(image(1, gray(8), '/BitsPerComponent 4'), 'pdfa1b', '6.2.4')).toEqual(['6.2.4-t05']);
  });
  it('PDF/A-2 6.2.8 and PDF/A-4 6.2.7.1: 16 bits allowed, image masks of 1 bit', async () => {
    expect(await ids(image(2, gray(16)), 'pdfa2b', '6.2.8')).toEqual([]);
    expect(await ids(image(2, '/ImageMask true/BitsPerComponent 8'), 'pdfa2b', '6.2.8')).toEqual(['6.2.8-t05']);
    expect(await ids(image(4, gray(16)), 'pdfa4', '6.2.7.1')).toEqual([]);
    expect(await ids(image(4, gray(3)), 'pdfa4', '6.2.7.1')).toEqual(['6.2.7.1-t04']);
    expect(await ids(image(4, gray(8), '/BitsPerComponent 8'), 'pdfa4', '6.2.7.1')).toEqual(['6.2.7.1-t05']);
  });

  it('a font program stream has no Subtype but the bare CFF and OpenType ones (PDF/A-1: no OpenType)', async () => {
    const font = (part: 1 | 2 | 4, subtype: string) =>
      page(part === 4 ? 2 : part, '(A)', {
        7: '<</Type/Font/Subtype/TrueType/BaseFont/NotoSans-Regular/Encoding/WinAnsiEncoding/FirstChar 65/LastChar 65/Widths[639]/FontDescriptor 9 0 R>>',
        9: `<<${DESCRIPTOR}/Flags 32/FontFile2 10 0 R>>`,
        10: { dict: `<</Length1 ${NOTO_SANS.length}/Subtype/${subtype}>>`, stream: NOTO_SANS },
      });
    expect(await ids(font(1, 'OpenType'), 'pdfa1b', '6.3.2')).toEqual(['6.3.2-t07']);
    expect(await ids(font(2, 'OpenType'), 'pdfa2b', '6.2.11.2')).toEqual([]);
    expect(await ids(font(2, 'TrueType'), 'pdfa2b', '6.2.11.2')).toEqual(['6.2.11.2-t07']);
    expect(await ids(font(4, 'TrueType'), 'pdfa4', '6.2.10.2')).toEqual(['6.2.10.2-t07']);
  });

  it('no Requirements in the catalog (PDF/A-2 6.11, PDF/A-4 6.12); a catalog Version 2.n (PDF/A-4 6.1.12)', async () => {
    const req = '/Requirements[<</Type/Requirement/S/EnableJavaScripts>>]';
    expect(await ids(pdfaBase(2, { catalog: req }), 'pdfa2b')).toEqual(['6.11-t01']);
    expect(await ids(pdfaBase(4, { catalog: req }), 'pdfa4')).toEqual(['6.12-t01']);
    expect(await ids(pdfaBase(4, { catalog: '/Version/1.7' }), 'pdfa4')).toEqual(['6.1.12-t01']);
    expect(await ids(pdfaBase(4, { catalog: '/Version/2.0' }), 'pdfa4')).toEqual([]);
  });
});

describe('JPEG 2000 images (PDF/A-2 6.2.8.3, PDF/A-4 6.2.7.3)', () => {
  const box = (type: string, body: Uint8Array | number[]): Buffer => {
    const b = Buffer.from(body);
    const h = Buffer.alloc(8);
    h.writeUInt32BE(8 + b.length, 0);
    h.write(type, 4, 'latin1');
    return Buffer.concat([h, b]);
  };
  /** A JP2 file: signature, ftyp, jp2h (ihdr with `nc` channels of `bpc` bits, the colr boxes), a codestream box. */
  const jp2 = (nc: number, bpc: number, colr: number[][], bpcc = false): Uint8Array => {
    const ihdr = Buffer.alloc(14);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr.writeUInt16BE(nc, 8);
    ihdr[10] = bpc - 1;
    ihdr[11] = 7;
    const header = [
      box('ihdr', ihdr),
      ...(bpcc ? [box('bpcc', Array(nc).fill(7))] : []),
      ...colr.map((c) => box('colr', c)),
    ];
    return Buffer.concat([
      box('jP  ', [0x0d, 0x0a, 0x87, 0x0a]),
      box('ftyp', [...Buffer.from('jp2 '), 0, 0, 0, 0, ...Buffer.from('jp2 ')]),
      box('jp2h', Buffer.concat(header)),
      box('jp2c', [0xff, 0x4f, 0xff, 0xd9]),
    ]);
  };
  const srgb = [1, 0, 0, 0, 0, 0, 16]; // METH 1, enumerated sRGB
  const file = (part: 2 | 4, data: Uint8Array, colorSpace = '') => {
    const p = pdfaBase(part, { content: 'q 10 0 0 10 0 0 cm /Im0 Do Q' });
    p.objects[3] =
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</XObject<</Im0 7 0 R>>>>>>';
    p.objects[7] = {
      dict: `<</Type/XObject/Subtype/Image/Width 1/Height 1/Filter/JPXDecode${colorSpace}>>`,
      stream: data,
    };
    return p;
  };
  it('channels, colour specifications and bit depths as the clause allows', async () => {
    expect(await ids(file(2, jp2(3, 8, [srgb])), 'pdfa2b', '6.2.8.3')).toEqual([]);
    expect(await ids(file(2, jp2(2, 8, [srgb])), 'pdfa2b', '6.2.8.3')).toEqual(['6.2.8.3-t01']);
    // two colour specifications, neither with APPROX 1
    expect(await ids(file(2, jp2(3, 8, [srgb, srgb])), 'pdfa2b', '6.2.8.3')).toEqual(['6.2.8.3-t02']);
    expect(await ids(file(2, jp2(3, 8, [srgb, [1, 0, 1, 0, 0, 0, 16]])), 'pdfa2b', '6.2.8.3')).toEqual([]);
    expect(await ids(file(2, jp2(3, 8, [[4, 0, 0]])), 'pdfa2b', '6.2.8.3')).toEqual(['6.2.8.3-t03']);
    expect(await ids(file(2, jp2(3, 8, [[1, 0, 0, 0, 0, 0, 19]])), 'pdfa2b', '6.2.8.3')).toEqual(['6.2.8.3-t04']);
    // a ColorSpace in the image dictionary overrides the colour specifications
    expect(await ids(file(2, jp2(3, 8, [[4, 0, 0]]), '/ColorSpace/DeviceRGB'), 'pdfa2b', '6.2.8.3')).toEqual([]);
    expect(await ids(file(2, jp2(3, 8, [srgb], true)), 'pdfa2b', '6.2.8.3')).toEqual(['6.2.8.3-t05']);
    expect(await ids(file(4, jp2(3, 8, [srgb], true)), 'pdfa4', '6.2.7.3')).toEqual(['6.2.7.3-t05']);
    expect(await ids(file(4, jp2(4, 16, [srgb])), 'pdfa4', '6.2.7.3')).toEqual([]);
  });
});
