import { patched } from './common.js';
import {
  b,
  type Case,
  FONT,
  FORM,
  font,
  gs,
  ID,
  IMG,
  iccFill,
  ids,
  intent,
  intents,
  register,
  SRGB,
  stream,
  TINT,
  TINT2,
  TRAILER,
  withObj,
  xobj,
} from './pdfa-common.js';

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
];
register(CASES);
