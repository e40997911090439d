// verifier/verifier.test.ts — the rule modules on small hand-built PDFs (test/support/pdf-builder.ts):
// for each clause group a failing file next to a passing one, asserting the exact Finding[] (krilla's
// `validation_errors(..)` style). The base document of each part passes, and every case changes one
// thing in it.
import { describe, expect, it } from 'vitest';
import { buildPdf, type HandPdf, pdfaBase } from '../test/support/pdf-builder.js';
import { claimedStandard, UnreadablePdf, verify } from './index.js';

const run = (p: HandPdf, standard: string) => verify(buildPdf(p), [standard]);
const f = (standard: string, clause: string, test: number, object: string, message: string) => ({
  standard,
  clause,
  test,
  object,
  message,
});
const A1 = 'ISO_19005_1';
const A2 = 'ISO_19005_2';

/** The base document with resources on its page and one more object (number 7). */
function withPage(
  part: 1 | 2 | 3 | 4,
  content: string,
  resources: string,
  obj7: HandPdf['objects'][number],
  pageExtra = '',
): HandPdf {
  const p = pdfaBase(part, { content });
  p.objects[3] = `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R${pageExtra}/Resources<<${resources}>>>>`;
  p.objects[7] = obj7;
  return p;
}

describe('every part: the base document passes', () => {
  it.each([
    [1, 'pdfa1b'],
    [2, 'pdfa2b'],
    [3, 'pdfa3b'],
    [4, 'pdfa4'],
  ] as const)('part %i as %s', async (part, std) => {
    expect(await run(pdfaBase(part), std)).toEqual([]);
  });
});

describe('PDF/A-1 6.1 file structure', () => {
  it('binary comment, data after %%EOF, LZW', async () => {
    expect(await run({ ...pdfaBase(1), binary: '' }, 'pdfa1b')).toEqual([
      f(A1, '6.1.2', 2, 'CosDocument', 'the header line is not followed by a comment of at least four bytes above 127'),
    ]);
    expect(await run({ ...pdfaBase(1), tail: 'junk' }, 'pdfa1b')).toEqual([
      f(A1, '6.1.3', 3, 'CosDocument', 'data follows the last %%EOF marker'),
    ]);
    const lzw = pdfaBase(1);
    lzw.objects[7] = { dict: '<</Filter/LZWDecode>>', stream: 'x' };
    expect(await run(lzw, 'pdfa1b')).toEqual([
      f(A1, '6.1.10', 1, 'CosStream', 'a stream is compressed with LZWDecode (7 0 obj)'),
    ]);
    const flate = pdfaBase(1);
    flate.objects[7] = { dict: '<</Filter/ASCIIHexDecode>>', stream: '41>' };
    expect(await run(flate, 'pdfa1b')).toEqual([]);
  });
});

describe('PDF/A-1 6.2 graphics', () => {
  it('DeviceRGB without an output intent', async () => {
    expect(await run(pdfaBase(1, { content: '1 0 0 rg 0 0 10 10 re f' }), 'pdfa1b')).toEqual([
      f(A1, '6.2.3.3', 2, 'PDDeviceRGB', 'DeviceRGB is used without an RGB PDF/A output intent (page 1)'),
    ]);
    expect(await run(pdfaBase(1, { content: '0 0 10 10 re n' }), 'pdfa1b')).toEqual([]);
  });
  it('an image with Interpolate true; false passes', async () => {
    const image = (v: boolean) =>
      withPage(1, '/Im1 Do', '/XObject<</Im1 7 0 R>>', {
        dict: `<</Type/XObject/Subtype/Image/Width 1/Height 1/ImageMask true/BitsPerComponent 1/Interpolate ${v}>>`,
        stream: '\x00',
      });
    expect(await run(image(true), 'pdfa1b')).toEqual([
      f(A1, '6.2.4', 3, 'PDXImage', 'an image has Interpolate set to true (page 1)'),
    ]);
    expect(await run(image(false), 'pdfa1b')).toEqual([]);
  });
});

describe('PDF/A-1 6.3 fonts', () => {
  it('a font program not embedded; a font only declared is not judged', async () => {
    // (a calibrated grey: painting in the page's initial DeviceGray would be a finding of its own)
    const font = (content: string) =>
      withPage(
        1,
        content,
        '/Font<</F1 7 0 R>>/ColorSpace<</CS0[/CalGray<</WhitePoint[0.9505 1 1.089]>>]>>',
        '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
      );
    expect(await run(font('/CS0 cs 0 sc BT /F1 12 Tf (a) Tj ET'), 'pdfa1b')).toEqual([
      f(A1, '6.3.4', 1, 'PDFont', 'the font program of Helvetica is not embedded (Helvetica)'),
    ]);
    expect(await run(font('0 0 m'), 'pdfa1b')).toEqual([]);
  });
});

describe('PDF/A-1 6.4 transparency', () => {
  it('a graphics state with ca 0.5; ca 1.0 passes', async () => {
    const gs = (ca: string) =>
      withPage(
        1,
        '/CS0 CS 0 SC /G1 gs 0 0 m 5 5 l S',
        '/ExtGState<</G1 7 0 R>>/ColorSpace<</CS0[/CalGray<</WhitePoint[0.9505 1 1.089]>>]>>',
        `<</Type/ExtGState/ca ${ca}>>`,
      );
    expect(await run(gs('0.5'), 'pdfa1b')).toEqual([
      f(A1, '6.4', 6, 'PDExtGState', 'a graphics state has a non-stroking alpha (ca) of 0.5 (page 1)'),
    ]);
    expect(await run(gs('1.0'), 'pdfa1b')).toEqual([]);
  });
});

describe('PDF/A-1 6.5 annotations and 6.6 actions', () => {
  it('an annotation without the Print flag; with F 4 it passes', async () => {
    expect(
      await run(pdfaBase(1, { page: '/Annots[<</Type/Annot/Subtype/Text/Rect[0 0 10 10]/Contents(x)>>]' }), 'pdfa1b'),
    ).toEqual([
      f(
        A1,
        '6.5.3',
        2,
        'PDAnnot',
        'a Text annotation lacks the Print flag or sets Hidden, Invisible or NoView (page 1)',
      ),
    ]);
    expect(
      await run(
        pdfaBase(1, { page: '/Annots[<</Type/Annot/Subtype/Text/Rect[0 0 10 10]/Contents(x)/F 4>>]' }),
        'pdfa1b',
      ),
    ).toEqual([]);
  });
  it('a Launch action; GoTo passes', async () => {
    expect(await run(pdfaBase(1, { catalog: '/OpenAction<</S/Launch/F(x.exe)>>' }), 'pdfa1b')).toEqual([
      f(A1, '6.6.1', 1, 'PDAction', 'the action type Launch is not permitted (OpenAction)'),
    ]);
    expect(await run(pdfaBase(1, { catalog: '/OpenAction<</S/GoTo/D[3 0 R/Fit]>>' }), 'pdfa1b')).toEqual([]);
  });
});

describe('PDF/A-1 6.7 metadata and 6.9 forms', () => {
  it('pdfaid:part 2 under PDF/A-1; Info out of step with XMP; NeedAppearances', async () => {
    const b = pdfaBase(1);
    expect(await run({ ...b, objects: { ...b.objects, 6: pdfaBase(2).objects[6] } }, 'pdfa1b')).toEqual([
      f(A1, '6.7.11', 2, 'PDFAIdentification', 'pdfaid:part is 2 instead of 1'),
    ]);
    expect(await run(pdfaBase(1, { info: '/Title(Other)' }), 'pdfa1b')).toEqual([
      f(A1, '6.7.3', 2, 'CosInfo', 'the Info entry Title is not equivalent to its XMP analogue (the values differ)'),
    ]);
    expect(await run(pdfaBase(1, { catalog: '/AcroForm<</Fields[]/NeedAppearances true>>' }), 'pdfa1b')).toEqual([
      f(A1, '6.9', 1, 'PDAcroForm', 'the interactive form dictionary sets NeedAppearances to true'),
    ]);
    expect(await run(pdfaBase(1, { catalog: '/AcroForm<</Fields[]/NeedAppearances false>>' }), 'pdfa1b')).toEqual([]);
  });
});

describe('PDF/A-2', () => {
  it('6.1.7.1: the stream keyword followed by a lone CR', async () => {
    const p = pdfaBase(2);
    p.objects[4] = { dict: '<<>>', stream: '0 0 m', eol: '\r' };
    expect(await run(p, 'pdfa2b')).toEqual([
      f(A2, '6.1.7.1', 1, 'CosStream', 'the stream keyword is not followed by CRLF or LF (4 0 obj)'),
    ]);
    p.objects[4] = { dict: '<<>>', stream: '0 0 m', eol: '\r\n' };
    expect(await run(p, 'pdfa2b')).toEqual([]);
  });
  it('6.2.10: transparency needs a blending colour space', async () => {
    expect(
      await run(
        withPage(
          2,
          '/CS0 CS 0 SC /G1 gs 0 0 m 5 5 l S',
          '/ExtGState<</G1 7 0 R>>/ColorSpace<</CS0[/CalGray<</WhitePoint[0.9505 1 1.089]>>]>>',
          '<</Type/ExtGState/CA 0.5>>',
        ),
        'pdfa2b',
      ),
    ).toEqual([
      f(
        A2,
        '6.2.10',
        1,
        'PDPage',
        'page 1 paints with transparency but has no blending colour space (page group CS) and no output intent (page 1)',
      ),
    ]);
    expect(
      await run(
        withPage(
          2,
          '/CS0 CS 0 SC /G1 gs 0 0 m 5 5 l S',
          '/ColorSpace<</DefaultRGB[/CalRGB<</WhitePoint[0.9505 1 1.089]>>]/CS0[/CalGray<</WhitePoint[0.9505 1 1.089]>>]>>/ExtGState<</G1 7 0 R>>',
          '<</Type/ExtGState/CA 0.5>>',
          '/Group<</S/Transparency/CS/DeviceRGB>>',
        ),
        'pdfa2b',
      ),
    ).toEqual([]);
  });
  it('6.3.3: an annotation without an appearance', async () => {
    expect(
      await run(pdfaBase(2, { page: '/Annots[<</Type/Annot/Subtype/Text/Rect[0 0 10 10]/F 4>>]' }), 'pdfa2b'),
    ).toEqual([f(A2, '6.3.3', 1, 'PDAnnot', 'the Text annotation has no appearance dictionary (page 1)')]);
    const ok = pdfaBase(2, { page: '/Annots[<</Type/Annot/Subtype/Text/Rect[0 0 10 10]/F 4/AP<</N 7 0 R>>>>]' });
    ok.objects[7] = { dict: '<</Type/XObject/Subtype/Form/BBox[0 0 10 10]>>', stream: '' };
    expect(await run(ok, 'pdfa2b')).toEqual([]);
  });
  it('6.6.2.3.1: an XMP property of the wrong value type', async () => {
    const creator = (v: string) =>
      pdfaBase(2, {
        xmpExtra: `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${v}</dc:creator></rdf:Description>`,
      });
    expect(await run(creator('One'), 'pdfa2b')).toEqual([
      f(A2, '6.6.2.3.1', 6, 'XMPProperty', 'the property dc:creator is not of the type Seq ProperName'),
    ]);
    expect(await run(creator('<rdf:Seq><rdf:li>One</rdf:li></rdf:Seq>'), 'pdfa2b')).toEqual([]);
  });
});

describe('PDF/A-3 6.8 embedded files', () => {
  const withFile = (rel: string, af: boolean): HandPdf => {
    const p = pdfaBase(3, { catalog: `/Names<</EmbeddedFiles<</Names[(a.xml) 7 0 R]>>>>${af ? '/AF[7 0 R]' : ''}` });
    p.objects[7] = `<</Type/Filespec/F(a.xml)/UF(a.xml)${rel}/EF<</F 8 0 R>>>>`;
    p.objects[8] = { dict: '<</Type/EmbeddedFile/Subtype/text#2Fxml>>', stream: '<a/>' };
    return p;
  };
  it('a file neither related nor associated; associated with a relationship it passes; PDF/A-2 refuses any non-PDF/A file', async () => {
    expect(await run(withFile('', false), 'pdfa3b')).toEqual([
      f(
        'ISO_19005_3',
        '6.8',
        3,
        'EmbeddedFile',
        'the file specification of an embedded file has no AFRelationship (EmbeddedFiles)',
      ),
      f(
        'ISO_19005_3',
        '6.8',
        4,
        'EmbeddedFile',
        'no AF array associates the embedded file with the document or a part of it (EmbeddedFiles)',
      ),
    ]);
    expect(await run(withFile('/AFRelationship/Data', true), 'pdfa3b')).toEqual([]);
    const as2 = withFile('/AFRelationship/Data', true);
    as2.objects[6] = pdfaBase(2).objects[6];
    expect(await run(as2, 'pdfa2b')).toEqual([
      f(A2, '6.8', 1, 'EmbeddedFile', 'an embedded file is not a PDF/A file (EmbeddedFiles)'),
    ]);
  });
});

describe('PDF/A-4', () => {
  it('6.1.2: a PDF 1.7 header; 6.7.3: the identification of another part', async () => {
    expect(await run({ ...pdfaBase(4), header: '%PDF-1.7' }, 'pdfa4')).toEqual([
      f('ISO_19005_4', '6.1.2', 1, 'CosDocument', 'the file header declares PDF 1.7, not 2.n'),
    ]);
    const b = pdfaBase(4);
    expect(await run({ ...b, objects: { ...b.objects, 6: pdfaBase(2).objects[6] } }, 'pdfa4')).toEqual([
      f('ISO_19005_4', '6.7.3', 1, 'PDFAIdentification', 'pdfaid:conformance is B, not the level claimed'),
      f('ISO_19005_4', '6.7.3', 1, 'PDFAIdentification', 'pdfaid:part is 2 instead of 4'),
      f('ISO_19005_4', '6.7.3', 2, 'PDFAIdentification', 'pdfaid:rev is none, not a four-digit year'),
    ]);
  });
});

describe('any file', () => {
  it('reads the claim, refuses what is not a PDF, and knows its standards', async () => {
    expect(await claimedStandard(buildPdf(pdfaBase(2)))).toBe('pdfa2b');
    expect(await claimedStandard(buildPdf(pdfaBase(4)))).toBe('pdfa4');
    await expect(verify(new TextEncoder().encode('hello'), ['pdfa1b'])).rejects.toBeInstanceOf(UnreadablePdf);
    await expect(verify(buildPdf(pdfaBase(1)), ['pdfx4'])).rejects.toThrow(/unknown standard "pdfx4"/);
  });
});
