// verifier/rules-more.test.ts — the rules added to close the PDF/A-4 false accepts (docs/verifier.md),
// each on a small hand-built PDF (test/support/pdf-builder.ts) beside the same file that keeps the
// rule, and the width rules on our own output with its widths tampered (pdf-lib object model).
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS, NOW } from '../test/support/fixtures.js';
import { b64, NIMBUS_ROMAN_PFB, NIMBUS_SANS_OTF } from '../test/support/font-fixtures.js';
import { buildPdf, type HandPdf, pdfaBase } from '../test/support/pdf-builder.js';
import { readType1 } from './checks/glyphs.js';
import { verify } from './index.js';

const ids = async (p: HandPdf | Uint8Array, standard: string): Promise<string[]> =>
  (await verify(p instanceof Uint8Array ? p : buildPdf(p), [standard])).map(findingId);
const A2 = 'ISO_19005_2';
const A4 = 'ISO_19005_4';

describe('file structure and metadata', () => {
  it('6.1.3: a trailer ID of empty strings identifies nothing', async () => {
    const trailer = (id: string) => `/Size 7/Root 1 0 R/ID[${id}]`;
    expect(await ids({ ...pdfaBase(4), trailer: trailer('<><>') }, 'pdfa4')).toContain(`${A4} 6.1.3-t01`);
    expect(await ids({ ...pdfaBase(4), trailer: trailer('<0A0B><0A0B>') }, 'pdfa4')).toEqual([]);
    expect(await ids({ ...pdfaBase(2), trailer: trailer('()()') }, 'pdfa2b')).toContain(`${A2} 6.1.3-t01`);
  });

  it('6.1.9: an inline image may name only the filters of ISO 32000 Table 92', async () => {
    const inline = (filter: string) =>
      pdfaBase(4, { content: `q 10 0 0 10 0 0 cm BI /W 1 /H 1 /IM true /F ${filter} ID \nA EI Q` });
    expect(await ids(inline('/Lzw'), 'pdfa4')).toContain(`${A4} 6.1.9-t01`);
    expect(await ids(inline('/Crypt'), 'pdfa4')).toContain(`${A4} 6.1.9-t01`);
    expect(await ids(inline('/AHx'), 'pdfa4')).not.toContain(`${A4} 6.1.9-t01`);
  });

  it('6.7.2.1: an XMP packet whose end tags do not match is not well-formed', async () => {
    const bad = pdfaBase(4, {
      xmpExtra:
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>A</rdf:li></rdf:Seq></dc:Creator></rdf:Description>',
    });
    expect(await ids(bad, 'pdfa4')).toContain(`${A4} 6.7.2.1-t02`);
    const good = pdfaBase(4, {
      xmpExtra:
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>A</rdf:li></rdf:Seq></dc:creator></rdf:Description>',
    });
    expect(await ids(good, 'pdfa4')).toEqual([]);
  });
});

describe('the halftone origin (PDF/A-2 6.2.5 t03 HTP, PDF/A-4 6.2.5 t03 HTO)', () => {
  const withGs = (part: 2 | 4, key: string): HandPdf =>
    pdfaBase(part, { page: `/Resources<</ExtGState<</G0<<${key}>>>>>>`, content: '/G0 gs 0 0 m 10 10 l S' });
  it('PDF/A-4 sets aside HTO, the name ISO 32000-2 gives the halftone origin; PDF/A-2 sets aside HTP', async () => {
    expect(await ids(withGs(4, '/HTO[0 1]'), 'pdfa4')).toContain(`${A4} 6.2.5-t03`);
    expect(await ids(withGs(4, '/LW 1'), 'pdfa4')).not.toContain(`${A4} 6.2.5-t03`);
    expect(await ids(withGs(2, '/HTP[0 1]'), 'pdfa2b')).toContain(`${A2} 6.2.5-t03`);
    expect(await ids(withGs(2, '/LW 1'), 'pdfa2b')).not.toContain(`${A2} 6.2.5-t03`);
  });
});

describe("a tiling pattern's device colour (PDF/A-4 6.2.4.3)", () => {
  // The page sets DefaultCMYK; the pattern's content paints DeviceCMYK with resources of its own.
  const tiled = (patternDefaults: boolean): HandPdf => {
    const icc = '/ColorSpace<</DefaultCMYK[/ICCBased 8 0 R]>>';
    const p = pdfaBase(4, { content: '/Pattern cs /P0 scn 0 0 100 100 re f' });
    p.objects[3] = `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<<${icc}/Pattern<</P0 7 0 R>>>>>>`;
    p.objects[7] = {
      dict: `<</Type/Pattern/PatternType 1/PaintType 1/TilingType 1/BBox[0 0 10 10]/XStep 10/YStep 10/Resources<<${patternDefaults ? icc : ''}>>>>`,
      stream: '/DeviceCMYK cs 0.2 0 0.1 0.1 sc 0 0 5 5 re f',
    };
    p.objects[8] = { dict: '<</N 4>>', stream: new Uint8Array(128) };
    return p;
  };
  const deviceCmyk = (found: string[]) => found.filter((f) => f.startsWith(`${A4} 6.2.4.3-`));
  it("the page's DefaultCMYK does not reach into the pattern's own space; the pattern's own does", async () => {
    expect(deviceCmyk(await ids(tiled(false), 'pdfa4'))).not.toEqual([]);
    expect(deviceCmyk(await ids(tiled(true), 'pdfa4'))).toEqual([]);
  });
});

describe('the binary comment right after the header (PDF/A-2 6.1.2 t02)', () => {
  it('one EOL marker, then the comment: a blank line between is refused, CR LF is one marker', async () => {
    const rule = `${A2} 6.1.2-t02`;
    expect(await ids({ ...pdfaBase(2), binary: '\n%\xe2\xe3\xcf\xd3\n' }, 'pdfa2b')).toContain(rule);
    expect(await ids({ ...pdfaBase(2), binary: '%\xe2\xe3\xcf\xd3\n' }, 'pdfa2b')).not.toContain(rule);
    // the builder ends the header line with LF: a header ending in CR makes the marker CR LF
    expect(await ids({ ...pdfaBase(2), header: '%PDF-1.7\r' }, 'pdfa2b')).not.toContain(rule);
  });
});

describe('3D streams (PDF/A-4e 6.1.6.1 t03)', () => {
  // A 3D annotation whose 3D stream (directly, or through a 3D reference dictionary) names its Subtype.
  const threeD = (subtype: string, viaRef = false): HandPdf => {
    const p = pdfaBase(4, { page: '/Annots[7 0 R]' });
    const ap = '/AP<</N 9 0 R>>';
    p.objects[7] = `<</Type/Annot/Subtype/3D/Rect[10 10 110 110]/F 4${ap}/3DD ${viaRef ? '10' : '8'} 0 R>>`;
    p.objects[8] = { dict: `<</Type/3D/Subtype/${subtype}>>`, stream: 'U3D' };
    p.objects[9] = { dict: '<</Type/XObject/Subtype/Form/BBox[0 0 100 100]>>', stream: '' };
    if (viaRef) p.objects[10] = '<</Type/3DRef/3DD 8 0 R>>';
    return p;
  };
  const rule = `${A4} 6.1.6-t05`;
  it('a Subtype other than U3D or PRC is reported, as the profile tests it (case matters)', async () => {
    expect(await ids(threeD('u3d'), 'pdfa4e')).toContain(rule);
    expect(await ids(threeD('STL', true), 'pdfa4e')).toContain(rule);
  });
  it('U3D and PRC are not', async () => {
    expect(await ids(threeD('U3D'), 'pdfa4e')).not.toContain(rule);
    expect(await ids(threeD('PRC', true), 'pdfa4e')).not.toContain(rule);
  });
});

describe('optional content configurations (PDF/A-2 6.9, PDF/A-4 6.10)', () => {
  const oc = (d: string, configs = '') => {
    const p = pdfaBase(4, { catalog: `/OCProperties<</OCGs[7 0 R 8 0 R]/D<<${d}>>${configs}>>` });
    p.objects[7] = '<</Type/OCG/Name(One)>>';
    p.objects[8] = '<</Type/OCG/Name(Two)>>';
    return p;
  };
  it('a Name on every configuration, unique, and an Order reaching every group', async () => {
    expect(await ids(oc('/Name(A)/Order[7 0 R 8 0 R]', '/Configs[<</Name(B)>>]'), 'pdfa4')).toEqual([]);
    expect(await ids(oc('/Order[7 0 R 8 0 R]'), 'pdfa4')).toEqual([`${A4} 6.10-t01`]);
    expect(await ids(oc('/Name(A)', '/Configs[<</Name(A)>>]'), 'pdfa4')).toEqual([`${A4} 6.10-t02`]);
    expect(await ids(oc('/Name(A)/Order[7 0 R[(label) 9 0 R]]'), 'pdfa4')).toEqual([`${A4} 6.10-t03`]);
    // nested arrays in Order count
    expect(await ids(oc('/Name(A)/Order[7 0 R[(label) 8 0 R]]'), 'pdfa4')).toEqual([]);
  });
  it('PDF/A-2 also sets aside AS', async () => {
    const p = oc('/Name(A)/Order[7 0 R 8 0 R]/AS[<</Event/Print/Category[/Print]/OCGs[7 0 R]>>]');
    const part2 = { ...p, header: '%PDF-1.7', objects: { ...p.objects, 6: pdfaBase(2).objects[6] } };
    expect(await ids(part2, 'pdfa2b')).toEqual([`${A2} 6.9-t04`]);
  });
});

describe('ActualText (PDF/A-4 6.2.10.8)', () => {
  it('holds no Private Use Area code point, in a marked-content property list or a structure element', async () => {
    expect(await ids(pdfaBase(4, { content: '/Span <</ActualText <FEFFE000>>> BDC EMC' }), 'pdfa4')).toEqual([
      `${A4} 6.2.10.8-t01`,
    ]);
    expect(await ids(pdfaBase(4, { content: '/Span <</ActualText <FEFF0041>>> BDC EMC' }), 'pdfa4')).toEqual([]);
    // a named property list, and a supplementary-plane PUA code point written as a surrogate pair
    const named = pdfaBase(4, { content: '/Span /P0 BDC EMC' });
    named.objects[3] =
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Properties<</P0<</ActualText<FEFFDB80DC00>>>>>>>>>';
    expect(await ids(named, 'pdfa4')).toEqual([`${A4} 6.2.10.8-t01`]);
    const tree = pdfaBase(4, { catalog: '/StructTreeRoot 7 0 R' });
    tree.objects[7] = '<</Type/StructTreeRoot/K 8 0 R>>';
    tree.objects[8] = '<</Type/StructElem/S/P/P 7 0 R/K[9 0 R]>>';
    tree.objects[9] = '<</Type/StructElem/S/Span/P 8 0 R/ActualText<FEFFF8FF>>>';
    expect(await ids(tree, 'pdfa4')).toEqual([`${A4} 6.2.10.8-t01`]);
  });
});

describe('colour and transparency (PDF/A-4 6.2.4.3, 6.2.9)', () => {
  /** Page content drawing form 7 (the form paints `inner`), the form carrying `group`. */
  const formPage = (inner: string, group: string, pageGroup = '') => {
    const p = pdfaBase(4, { content: '/X0 Do' });
    p.objects[3] = `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R${pageGroup}/Resources<</XObject<</X0 7 0 R>>>>>>`;
    p.objects[7] = { dict: `<</Type/XObject/Subtype/Form/BBox[0 0 100 100]/Resources<<>>${group}>>`, stream: inner };
    return p;
  };
  const CALRGB = '[/CalRGB<</WhitePoint[0.9505 1 1.089]>>]';
  it("DeviceRGB is taken into an isolated group's device-independent RGB space, not a non-isolated one's", async () => {
    const rgb = '1 0 0 rg 0 0 10 10 re f';
    expect(await ids(formPage(rgb, `/Group<</S/Transparency/I true/CS${CALRGB}>>`), 'pdfa4')).toEqual([]);
    expect(await ids(formPage(rgb, `/Group<</S/Transparency/CS${CALRGB}>>`), 'pdfa4')).toContain(`${A4} 6.2.4.3-t02`);
    // a group in a device space is no blending space of its own
    expect(await ids(formPage(rgb, '/Group<</S/Transparency/I true/CS/DeviceRGB>>'), 'pdfa4')).toContain(
      `${A4} 6.2.4.3-t02`,
    );
  });
  it('DeviceGray needs an output intent whatever the groups say', async () => {
    const gray = '0.5 g 0 0 10 10 re f';
    expect(
      await ids(
        formPage(
          gray,
          '/Group<</S/Transparency/I true/CS/CalGray>>',
          '/Group<</S/Transparency/CS[/CalGray<</WhitePoint[0.9505 1 1.089]>>]>>',
        ),
        'pdfa4',
      ),
    ).toContain(`${A4} 6.2.4.3-t04`);
  });
  it('an annotation blended by its own dictionary is transparency on its page', async () => {
    const annotated = (extra: string) => {
      const p = pdfaBase(4, {
        page: `/Annots[<</Type/Annot/Subtype/Square/Rect[0 0 10 10]/F 4${extra}/AP<</N 7 0 R>>>>]`,
      });
      p.objects[7] = { dict: '<</Type/XObject/Subtype/Form/BBox[0 0 10 10]/Resources<<>>>>', stream: '0 0 m' };
      return p;
    };
    expect(await ids(annotated('/BM/Multiply'), 'pdfa4')).toEqual([`${A4} 6.2.9-t01`]);
    expect(await ids(annotated('/CA 0.5'), 'pdfa4')).toEqual([`${A4} 6.2.9-t01`]);
    expect(await ids(annotated(''), 'pdfa4')).toEqual([]);
  });
});

describe('glyphs of a CIDFontType2 under Identity-H (PDF/A-4 6.2.10.4.1)', () => {
  const shown = (str: string, part: 2 | 4 = 4, map = '/CIDToGIDMap/Identity') => {
    const p = pdfaBase(part, { content: `BT /F0 12 Tf 10 10 Td ${str} Tj ET` });
    p.objects[3] = '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<</F0 7 0 R>>>>>>';
    p.objects[7] = '<</Type/Font/Subtype/Type0/BaseFont/NotoSans-Regular/Encoding/Identity-H/DescendantFonts[8 0 R]>>';
    p.objects[8] = `<</Type/Font/Subtype/CIDFontType2/BaseFont/NotoSans-Regular/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor 9 0 R${map}/DW 600>>`;
    p.objects[9] =
      '<</Type/FontDescriptor/FontName/NotoSans-Regular/Flags 32/FontBBox[0 -300 1000 1000]/ItalicAngle 0/Ascent 1000/Descent -300/CapHeight 700/StemV 80/FontFile2 10 0 R>>';
    p.objects[10] = { dict: `<</Length1 ${NOTO_SANS.length}>>`, stream: NOTO_SANS };
    return verify(buildPdf(p), [part === 4 ? 'pdfa4' : 'pdfa2b']);
  };
  const cut = (fs: Awaited<ReturnType<typeof verify>>) =>
    fs.filter((f) => f.clause === '6.2.10.4.1' && /cut short/.test(f.message));
  it('a two-byte code cut short shows no glyph', async () => {
    expect(cut(await shown('<002400>'))).toHaveLength(1);
    expect(cut(await shown('<0024>'))).toEqual([]);
  });
  it('PDF/A-2 6.2.11.3.2: a Type 2 CIDFont names its CIDToGIDMap', async () => {
    const map = (fs: Awaited<ReturnType<typeof verify>>) => fs.filter((f) => f.clause === '6.2.11.3.2').map(findingId);
    expect(map(await shown('<0024>', 2, ''))).toEqual([`${A2} 6.2.11.3.2-t01`]);
    expect(map(await shown('<0024>', 2))).toEqual([]);
  });
});

describe('widths against the font program (PDF/A-2 6.2.11.5, PDF/A-4 6.2.10.5)', () => {
  const LICENCE = {
    holder: 'Tests',
    features: ['fonts_without_outlines'],
    notBefore: '2026-01-01',
    notAfter: '2026-12-31',
    issued: '2026-01-01T00:00:00Z',
  } as never;
  const rendered = (archive: string, fonts: Record<string, unknown>) => {
    const out = render({
      description: {
        archive,
        ...fonts,
        items: [
          {
            type: 'text',
            rect: { llx: 50, lly: 700, urx: 500, ury: 780 },
            content: ['Widths AVATAR'],
            font: 'F',
            font_size: 20,
          },
        ],
      },
      parts: { 'f.otf': NIMBUS_SANS_OTF },
      now: NOW,
      service: { licence: LICENCE },
    });
    if (!out.ok) throw new Error(out.sentence);
    return out.pdf;
  };
  /** Rewrites the widths of every font dictionary holding `key` (Widths or W) with `widen`. */
  const tamper = async (pdf: Uint8Array, key: 'Widths' | 'W'): Promise<Uint8Array> => {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    let touched = 0;
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFDict) || !obj.has(PDFName.of(key))) continue;
      const a = doc.context.lookup(obj.get(PDFName.of(key)));
      if (!(a instanceof PDFArray)) continue;
      if (key === 'Widths') {
        for (let i = 0; i < a.size(); i++) a.set(i, PDFNumber.of(900));
      } else {
        obj.delete(PDFName.of('W'));
        obj.set(PDFName.of('DW'), PDFNumber.of(900));
      }
      touched++;
    }
    expect(touched).toBeGreaterThan(0);
    return doc.save({ useObjectStreams: false });
  };

  it('CFF (CIDFontType0C): our widths agree with the program, tampered ones do not', async () => {
    const pdf = rendered('pdfa4', { fonts: [{ name: 'F', part: 'f.otf' }] });
    expect(await ids(pdf, 'pdfa4')).toEqual([]);
    expect(await ids(await tamper(pdf, 'W'), 'pdfa4')).toContain(`${A4} 6.2.10.5-t01`);
  });

  it('Type 1: our Widths agree with hsbw, tampered ones do not', async () => {
    const pdf = rendered('pdfa2b', { type1_fonts: [{ name: 'F', data: b64(NIMBUS_ROMAN_PFB) }] });
    expect(await ids(pdf, 'pdfa2b')).toEqual([]);
    expect(await ids(await tamper(pdf, 'Widths'), 'pdfa2b')).toContain(`${A2} 6.2.11.5-t01`);
  });

  it("Type 1 subset: a CharSet naming exactly the program's glyphs passes; one leaving glyphs out breaks 6.2.11.4.2 t01 (and PDF/A-1 6.3.5 t02 when a shown glyph is left out)", async () => {
    const pdf = rendered('pdfa2b', { type1_fonts: [{ name: 'F', data: b64(NIMBUS_ROMAN_PFB) }] });
    /** The font renamed as a subset (ABCDEF+), its CharSet the program's glyph names `pick` keeps. */
    const withCharSet = async (pick: (names: string[]) => string[]): Promise<Uint8Array> => {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      let fonts = 0;
      for (const [, obj] of doc.context.enumerateIndirectObjects()) {
        if (!(obj instanceof PDFDict)) continue;
        if (obj.get(PDFName.of('Subtype')) === PDFName.of('Type1'))
          obj.set(PDFName.of('BaseFont'), PDFName.of('ABCDEF+Nimbus'));
        if (!obj.has(PDFName.of('FontFile'))) continue;
        const file = doc.context.lookup(obj.get(PDFName.of('FontFile'))) as PDFRawStream;
        const length1 = doc.context.lookup(file.dict.get(PDFName.of('Length1'))) as PDFNumber | undefined;
        const prog = readType1(decodePDFRawStream(file).decode(), length1?.asNumber());
        const names = [...(prog?.glyphs ?? [])].filter((n) => n !== '.notdef');
        obj.set(
          PDFName.of('CharSet'),
          PDFString.of(
            pick(names)
              .map((n) => `/${n}`)
              .join(''),
          ),
        );
        obj.set(PDFName.of('FontName'), PDFName.of('ABCDEF+Nimbus'));
        fonts++;
      }
      expect(fonts).toBe(1);

      return doc.save({ useObjectStreams: false });
    };
    const charSetIds = async (p: Uint8Array, standard: string) =>
      (await ids(p, standard)).filter((i) => / 6\.(2\.11\.4\.2|3\.5)-/.test(i));
    expect(await charSetIds(await withCharSet((n) => n), 'pdfa2b')).toEqual([]);
    // a name beyond the program, and one glyph of it left out
    const partial = await withCharSet((n) => [...n.filter((g) => g !== 'W'), 'zzz']);
    expect(await charSetIds(partial, 'pdfa2b')).toEqual([`${A2} 6.2.11.4.2-t01`]);
    // PDF/A-1: a name beyond the program passes, a shown glyph ('W') left out fails
    expect(await charSetIds(await withCharSet((n) => [...n, 'zzz']), 'pdfa1b')).toEqual([]);
    const noW = await withCharSet((n) => n.filter((g) => g !== 'W'));
    expect(await charSetIds(noW, 'pdfa1b')).toEqual(['ISO_19005_1 6.3.5-t02']);
  });
});

describe('the initial colour of a page (PDF/A-2 6.2.4.3)', () => {
  it('painting before any colour is set paints in DeviceGray', async () => {
    const A2ID = `${A2} 6.2.4.3-t03`;
    expect(await ids(pdfaBase(2, { content: '0 0 10 10 re f' }), 'pdfa2b')).toContain(A2ID);
    expect(await ids(pdfaBase(2, { content: '0 0 m 10 10 l S' }), 'pdfa2b')).toContain(A2ID);
    // a path only built, or text in the invisible mode, paints nothing
    expect(await ids(pdfaBase(2, { content: '0 0 10 10 re n' }), 'pdfa2b')).toEqual([]);
    // a colour set inside q … Q is gone after Q
    const cal = pdfaBase(2, { content: 'q /CS0 cs 0 sc Q 0 0 10 10 re f' });
    cal.objects[3] =
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</ColorSpace<</CS0[/CalGray<</WhitePoint[0.9505 1 1.089]>>]>>>>>>';
    expect(await ids(cal, 'pdfa2b')).toContain(A2ID);
    cal.objects[4] = { dict: '<<>>', stream: '/CS0 cs 0 sc 0 0 10 10 re f' };
    expect(await ids(cal, 'pdfa2b')).toEqual([]);
  });
});

describe('strings in content streams count for the implementation limits (PDF/A-2 6.1.13)', () => {
  it('a string operand of 32 768 bytes or more', async () => {
    const long = (n: number) => pdfaBase(2, { content: `BT (${'a'.repeat(n)}) Tj ET` });
    expect(await ids(long(32770), 'pdfa2b')).toContain(`${A2} 6.1.13-t03`);
    expect(await ids(long(100), 'pdfa2b')).not.toContain(`${A2} 6.1.13-t03`);
    const hex = pdfaBase(2, { content: `BT <${'41'.repeat(32770)}> Tj ET` });
    expect(await ids(hex, 'pdfa2b')).toContain(`${A2} 6.1.13-t03`);
  });
});

describe('DeviceN spot colorants (PDF/A-2 6.2.4.4)', () => {
  it('every spot colorant has its entry in Colorants, even with no attributes dictionary', async () => {
    const devicen = (names: string, attrs = '') => {
      const p = pdfaBase(2, { content: '/CS0 cs 0.5 0.5 sc 0 0 10 10 re f' });
      p.objects[3] = `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</ColorSpace<</CS0[/DeviceN[${names}]/DeviceCMYK 7 0 R${attrs}]>>>>>>`;
      p.objects[7] = { dict: '<</FunctionType 4/Domain[0 1 0 1]/Range[0 1 0 1 0 1 0 1]>>', stream: '{ 0 0 }' };
      return p;
    };
    const t02 = (fs: string[]) => fs.filter((id) => id === `${A2} 6.2.4.4-t02`);
    expect(t02(await ids(devicen('/Gold/Silver'), 'pdfa2b'))).toHaveLength(1);
    expect(t02(await ids(devicen('/Cyan/Magenta'), 'pdfa2b'))).toEqual([]);
  });
});
