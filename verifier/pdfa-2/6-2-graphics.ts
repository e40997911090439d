// verifier/pdfa-2/6-2-graphics.ts — ISO 19005-2:2011 §6.2.2–6.2.10 Graphics: content streams, output
// intent, colour spaces, graphics states, rendering intents, images, XObjects, transparency.
import { bind, type Fact, type RuleModule } from '../model.js';

const outputOk = (f: Fact): boolean => {
  const a = f.args ?? {};
  return (
    (a.deviceClass === 'prtr' || a.deviceClass === 'mntr') &&
    ['RGB ', 'CMYK', 'GRAY'].includes(String(a.colourSpace)) &&
    a.valid === true
  );
};
const inputOk = (f: Fact): boolean => {
  const a = f.args ?? {};
  return (
    ['prtr', 'mntr', 'scnr', 'spac'].includes(String(a.deviceClass)) &&
    a.valid === true &&
    ['RGB ', 'CMYK', 'GRAY', 'Lab ', 'LAB '].includes(String(a.colourSpace))
  );
};
const direct = (f: Fact): boolean => f.args?.parent !== 'Indexed';
const viaIndexed = (f: Fact): boolean => f.args?.parent === 'Indexed';
const RGB_OK = (f: Fact): boolean => f.args?.outputCs === 'RGB ' || f.args?.hasDefault === true;
const CMYK_OK = (f: Fact): boolean => f.args?.outputCs === 'CMYK' || f.args?.hasDefault === true;
const GRAY_OK = (f: Fact): boolean => f.args?.outputCs !== 'none' || f.args?.hasDefault === true;

export const graphics = [
  bind('6.2.3', 4, 'output-intent-no-profile', 'the PDF/A output intent has no DestOutputProfile'),
  bind('6.2.2', 1, 'undefined-operator', 'a content stream uses the undefined operator %op'),
  bind('6.2.2', 2, 'resource-missing', 'the %kind resource %name is used but not in the resource dictionary in scope'),
  bind('6.2.2', 4, 'resource-inherited', 'the %kind resource %name is taken from an enclosing resource dictionary'),
  bind('6.2.2', 4, 'page-resources-inherited', 'page %page takes its resources from the page tree'),
  bind('6.2.3', 2, 'output-intents-differ', 'output intents name different destination output profiles'),
  bind('6.2.3', 3, 'output-intent-profile-and-ref', 'a PDF/X output intent has a DestOutputProfileRef entry', {
    when: (f) => f.args?.s === 'GTS_PDFX',
  }),
  bind('6.2.3', 3, 'output-profile', 'the PDF/A output intent profile is not a valid ICC output or monitor profile', {
    when: (f) => f.args?.s === 'GTS_PDFA1' && !outputOk(f),
    object: 'ICCOutputProfile',
  }),
  bind('6.2.4.2', 2, 'overprint-icc-cmyk', 'ICCBased CMYK is painted with overprinting on and overprint mode 1'),
  bind('6.2.4.2', 1, 'icc-profile', 'an ICCBased colour space holds an invalid ICC profile', {
    when: (f) => !inputOk(f),
  }),
  bind('6.2.4.2', 1, 'icc-profile', 'the N entry of an ICC profile stream does not match the profile', {
    when: (f) => f.args?.nMatches === false && f.args?.valid === true,
  }),
  bind('6.2.4.3', 1, 'device-rgb', 'DeviceRGB is used without an RGB output intent or DefaultRGB', {
    when: (f) => direct(f) && !RGB_OK(f),
  }),
  bind('6.2.4.3', 2, 'device-cmyk', 'DeviceCMYK is used without a CMYK output intent or DefaultCMYK', {
    when: (f) => direct(f) && !CMYK_OK(f),
  }),
  bind('6.2.4.3', 3, 'device-gray', 'DeviceGray is used without an output intent or DefaultGray', {
    when: (f) => direct(f) && !GRAY_OK(f),
  }),
  bind(
    '6.2.4.4',
    2,
    'devicen-colorants',
    'a spot colorant of an NChannel DeviceN space is missing from its Colorants dictionary',
  ),
  bind(
    '6.2.4.4',
    3,
    'separation-mismatch',
    'Separation spaces named %colorant differ in alternate space or tint transform',
  ),
  bind('6.2.4.5', 1, 'device-rgb', 'DeviceRGB is the base of an Indexed space without an RGB output intent', {
    when: (f) => viaIndexed(f) && !RGB_OK(f),
  }),
  bind('6.2.4.5', 1, 'device-cmyk', 'DeviceCMYK is the base of an Indexed space without a CMYK output intent', {
    when: (f) => viaIndexed(f) && !CMYK_OK(f),
  }),
  bind('6.2.4.5', 1, 'device-gray', 'DeviceGray is the base of an Indexed space without an output intent', {
    when: (f) => viaIndexed(f) && !GRAY_OK(f),
  }),
  bind('6.2.5', 1, 'gs-tr', 'a graphics state has a TR entry'),
  bind('6.2.5', 2, 'gs-tr2', 'a graphics state has a TR2 entry other than Default'),
  bind('6.2.5', 3, 'gs-htp', 'a graphics state has an HTP entry'),
  bind('6.2.5', 4, 'halftone-type', 'a halftone has HalftoneType %type (1 or 5 allowed)'),
  bind('6.2.5', 4, 'halftone-name', 'a halftone has a HalftoneName entry'),
  bind(
    '6.2.5',
    5,
    'halftone-transfer',
    'the halftone of colorant %colorant has a TransferFunction, which ISO 32000-1 does not permit there',
    {
      when: (f) => f.args?.present === true,
    },
  ),
  bind(
    '6.2.5',
    5,
    'halftone-transfer',
    'the halftone of colorant %colorant has no TransferFunction, which ISO 32000-1 requires there',
    {
      when: (f) => f.args?.present === false,
    },
  ),
  bind('6.2.6', 1, 'rendering-intent', 'the rendering intent %value is not one of the four PDF defines'),
  bind('6.2.8.1', 1, 'image-alternates', 'an image dictionary has an Alternates entry'),
  bind('6.2.8.1', 1, 'xobject-opi', 'an XObject dictionary has an OPI entry'),
  bind('6.2.8.1', 2, 'image-interpolate', 'an image has Interpolate set to true'),
  bind('6.2.8.1', 4, 'image-bpc', 'an image has %bpc bits per component', {
    when: (f) => f.args?.mask === false && f.args?.bpc !== 16,
  }),
  bind('6.2.8.3', 1, 'jpx-image', 'a JPEG 2000 image has %channels colour channels (1, 3 or 4 allowed)', {
    when: (f) => ![1, 3, 4].includes(Number(f.args?.channels)),
  }),
  bind(
    '6.2.8.3',
    2,
    'jpx-image',
    'a JPEG 2000 image without ColorSpace has %colrSpecs colour specifications, not one with APPROX 1',
    {
      when: (f) => f.args?.hasColorSpace === false && f.args.colrSpecs !== 1 && f.args.approxOne !== 1,
    },
  ),
  bind('6.2.8.3', 3, 'jpx-image', 'a JPEG 2000 image without ColorSpace has colr METH %meth (1, 2 or 3 allowed)', {
    when: (f) => f.args?.hasColorSpace === false && ![1, 2, 3].includes(Number(f.args.meth)),
  }),
  bind('6.2.8.3', 4, 'jpx-image', 'a JPEG 2000 image without ColorSpace uses the enumerated colour space 19 (CIEJab)', {
    when: (f) => f.args?.hasColorSpace === false && f.args.enumCs === 19,
  }),
  bind(
    '6.2.8.3',
    5,
    'jpx-image',
    'a JPEG 2000 image has channels of different bit depths, or a depth outside 1 to 38',
    {
      when: (f) => f.args?.bpcc === true || !(Number(f.args?.bitDepth) >= 1 && Number(f.args?.bitDepth) <= 38),
    },
  ),
  bind('6.2.8', 5, 'image-bpc', 'an image mask has %bpc bits per component, not 1', {
    when: (f) => f.args?.mask === true,
  }),
  bind('6.2.9.1', 1, 'form-ps', 'a form XObject has a PS entry or Subtype2 PS'),
  bind('6.2.9.2', 1, 'reference-xobject', 'a form XObject is a reference XObject (Ref entry)'),
  bind('6.2.9.3', 1, 'postscript-xobject', 'the document uses a PostScript XObject'),
  bind(
    '6.2.10',
    1,
    'transparency-no-blending-cs',
    'page %page paints with transparency but has no blending colour space (page group CS) and no output intent',
  ),
  bind('6.2.10', 5, 'gs-bm-unknown', 'a graphics state uses the blend mode %bm, which ISO 32000-1 does not define'),
] satisfies RuleModule;
