// verifier/pdfa-4/6-2-graphics.ts — ISO 19005-4:2020 §6.2.2–6.2.9 Graphics.
import { bind, type Fact, type RuleModule } from '../model.js';

const outputOk = (f: Fact): boolean => {
  const a = f.args ?? {};
  return (
    (a.deviceClass === 'prtr' || a.deviceClass === 'mntr') &&
    ['RGB ', 'CMYK', 'GRAY'].includes(String(a.colourSpace)) &&
    a.valid === true &&
    Number(a.version) < 5
  ); // ICC.2 (iccMAX) profiles are not ICC.1 profiles
};
const inputOk = (f: Fact): boolean => {
  const a = f.args ?? {};
  return (
    ['prtr', 'mntr', 'scnr', 'spac'].includes(String(a.deviceClass)) &&
    a.valid === true &&
    ['RGB ', 'CMYK', 'GRAY', 'Lab ', 'LAB '].includes(String(a.colourSpace))
  );
};
const plain = (f: Fact): boolean => f.args?.parent === 'none' && f.args?.via !== 'group';
/** PDF/A-4 also takes device colours into the current transparency blending space (the nearest group's
 * CS) when it is a device-independent space of the same kind; DeviceGray needs an output intent. */
const RGB_OK = (f: Fact): boolean =>
  f.args?.outputCs === 'RGB ' || f.args?.hasDefault === true || ['RGB ', 'CalRGB'].includes(String(f.args?.blend));
const CMYK_OK = (f: Fact): boolean =>
  f.args?.outputCs === 'CMYK' || f.args?.hasDefault === true || f.args?.blend === 'CMYK';
const GRAY_OK = (f: Fact): boolean => f.args?.outputCs !== 'none' || f.args?.hasDefault === true;
const ok = (f: Fact): boolean =>
  f.code === 'device-rgb' ? RGB_OK(f) : f.code === 'device-cmyk' ? CMYK_OK(f) : GRAY_OK(f);
const alternate = (f: Fact): boolean => f.args?.parent === 'Separation' || f.args?.parent === 'DeviceN';
/** PDF/A-4's test numbers of 6.2.4.3 per device space (veraPDF's profile: t02 RGB, t03 CMYK, t04 Gray). */
const PDFA4_DEVICE_TEST: Record<string, number> = { 'device-rgb': 2, 'device-cmyk': 3, 'device-gray': 4 };
const devices = ['device-rgb', 'device-cmyk', 'device-gray'] as const;

export const graphics = [
  bind('6.2.3', 4, 'output-intent-no-profile', 'the PDF/A output intent has no DestOutputProfile'),
  bind('6.2.2', 1, 'undefined-operator', 'a content stream uses the undefined operator %op'),
  bind('6.2.2', 2, 'resource-inherited', 'the %kind resource %name is taken from an enclosing resource dictionary'),
  bind('6.2.2', 2, 'page-resources-inherited', 'page %page takes its resources from the page tree'),
  bind('6.2.2', 3, 'resource-missing', 'the %kind resource %name is used but not in the resource dictionary in scope'),
  bind('6.2.3', 2, 'output-intents-differ', 'output intents name different destination output profiles'),
  bind('6.2.3', 3, 'output-intent-profile-and-ref', 'an output intent has a DestOutputProfileRef entry'),
  bind('6.2.3', 3, 'output-profile', 'the PDF/A output intent profile is not a valid ICC output or monitor profile', {
    when: (f) => f.args?.s === 'GTS_PDFA1' && !outputOk(f),
    object: 'ICCOutputProfile',
  }),
  bind(
    '6.2.4.2',
    3,
    'icc-cmyk-same-profile',
    'an ICCBased CMYK space paints with the very profile of the output intent or of the page group',
  ),
  bind('6.2.4.2', 2, 'overprint-icc-cmyk', 'ICCBased CMYK is painted with overprinting on and overprint mode 1'),
  bind('6.2.4.2', 1, 'icc-profile', 'an ICCBased colour space holds an invalid ICC profile', {
    when: (f) => !inputOk(f),
  }),
  bind('6.2.4.3', 2, 'device-rgb', 'DeviceRGB is used without an RGB output intent or DefaultRGB', {
    when: (f) => plain(f) && !RGB_OK(f),
  }),
  bind('6.2.4.3', 3, 'device-cmyk', 'DeviceCMYK is used without a CMYK output intent or DefaultCMYK', {
    when: (f) => plain(f) && !CMYK_OK(f),
  }),
  bind('6.2.4.3', 4, 'device-gray', 'DeviceGray is used without an output intent or DefaultGray', {
    when: (f) => plain(f) && !GRAY_OK(f),
  }),
  // veraPDF judges a group's blending space through the same rules as the device space itself (RGB t02, CMYK t03, Gray t04).
  ...devices.map((d) =>
    bind(
      '6.2.4.3',
      PDFA4_DEVICE_TEST[d],
      d,
      'a transparency group uses a device colour space without a matching output intent',
      { when: (f) => f.args?.via === 'group' && !ok(f) },
    ),
  ),
  ...devices.map((d) =>
    bind(
      '6.2.4.4',
      1,
      d,
      'a Separation or DeviceN alternate is a device colour space without a matching output intent',
      { when: (f) => alternate(f) && !ok(f) },
    ),
  ),
  ...devices.map((d) =>
    bind('6.2.4.5', 1, d, 'the base of an Indexed space is a device colour space without a matching output intent', {
      when: (f) => f.args?.parent === 'Indexed' && !ok(f),
    }),
  ),
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
  bind('6.2.5', 1, 'gs-tr', 'a graphics state has a TR entry'),
  bind('6.2.5', 2, 'gs-tr2', 'a graphics state has a TR2 entry other than Default'),
  // ISO 19005-4 names HTO, ISO 32000-2's key for the halftone origin (PDF 1.7's HTP), as veraPDF's profile tests it
  bind('6.2.5', 3, 'gs-hto', 'a graphics state has an HTO entry'),
  bind('6.2.5', 4, 'halftone-type', 'a halftone has HalftoneType %type (1 or 5 allowed)'),
  bind('6.2.5', 4, 'halftone-name', 'a halftone has a HalftoneName entry'),
  bind(
    '6.2.5',
    6,
    'halftone-transfer',
    'the halftone of colorant %colorant has a TransferFunction, which ISO 32000-2 does not permit there',
    {
      when: (f) => f.args?.present === true,
    },
  ),
  bind(
    '6.2.5',
    6,
    'halftone-transfer',
    'the halftone of colorant %colorant has no TransferFunction, which ISO 32000-2 requires there',
    {
      when: (f) => f.args?.present === false,
    },
  ),
  bind('6.2.6', 1, 'rendering-intent', 'the rendering intent %value is not one of the four PDF defines'),
  bind('6.2.7.1', 1, 'image-alternates', 'an image dictionary has an Alternates entry'),
  bind('6.2.7.1', 2, 'xobject-opi', 'an XObject dictionary has an OPI entry'),
  bind('6.2.7.1', 3, 'image-interpolate', 'an image has Interpolate set to true'),
  bind('6.2.7.3', 1, 'jpx-image', 'a JPEG 2000 image has %channels colour channels (1, 3 or 4 allowed)', {
    when: (f) => ![1, 3, 4].includes(Number(f.args?.channels)),
  }),
  bind(
    '6.2.7.3',
    2,
    'jpx-image',
    'a JPEG 2000 image without ColorSpace has %colrSpecs colour specifications, not one with APPROX 1',
    {
      when: (f) => f.args?.hasColorSpace === false && f.args.colrSpecs !== 1 && f.args.approxOne !== 1,
    },
  ),
  bind('6.2.7.3', 3, 'jpx-image', 'a JPEG 2000 image without ColorSpace has colr METH %meth (1, 2 or 3 allowed)', {
    when: (f) => f.args?.hasColorSpace === false && ![1, 2, 3].includes(Number(f.args.meth)),
  }),
  bind('6.2.7.3', 4, 'jpx-image', 'a JPEG 2000 image without ColorSpace uses the enumerated colour space 19 (CIEJab)', {
    when: (f) => f.args?.hasColorSpace === false && f.args.enumCs === 19,
  }),
  bind(
    '6.2.7.3',
    5,
    'jpx-image',
    'a JPEG 2000 image has channels of different bit depths, or a depth outside 1 to 38',
    {
      when: (f) => f.args?.bpcc === true || !(Number(f.args?.bitDepth) >= 1 && Number(f.args?.bitDepth) <= 38),
    },
  ),
  bind('6.2.7.1', 4, 'image-bpc', 'an image has %bpc bits per component (1, 2, 4, 8 or 16 allowed)', {
    when: (f) => f.args?.mask === false && f.args?.bpc !== 16,
  }),
  bind('6.2.7.1', 5, 'image-bpc', 'an image mask has %bpc bits per component, not 1', {
    when: (f) => f.args?.mask === true,
  }),
  bind('6.2.8', 1, 'form-ps', 'a form XObject has a PS entry or Subtype2 PS'),
  bind('6.2.8', 2, 'reference-xobject', 'a form XObject is a reference XObject (Ref entry)'),
  bind('6.2.8', 3, 'postscript-xobject', 'the document uses a PostScript XObject'),
  bind(
    '6.2.9',
    1,
    'transparency-no-blending-cs',
    'page %page paints with transparency but has no blending colour space (page group CS) and no output intent',
  ),
  bind('6.2.9', 2, 'gs-bm-unknown', 'a graphics state uses the blend mode %bm, which ISO 32000-2 does not define'),
] satisfies RuleModule;
