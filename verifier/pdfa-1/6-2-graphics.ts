// verifier/pdfa-1/6-2-graphics.ts — ISO 19005-1:2005 §6.2 Graphics: output intent, colour spaces,
// images, XObjects, graphics states, rendering intents, content streams.
import { bind, type Fact, type RuleModule } from '../model.js';

const outputOk = (f: Fact): boolean => {
  const a = f.args ?? {};
  return (
    (a.deviceClass === 'prtr' || a.deviceClass === 'mntr') &&
    ['RGB ', 'CMYK', 'GRAY'].includes(String(a.colourSpace)) &&
    Number(a.version) < 4 &&
    a.valid === true
  );
};
const inputOk = (f: Fact): boolean => {
  const a = f.args ?? {};
  return (
    ['prtr', 'mntr', 'scnr', 'spac'].includes(String(a.deviceClass)) &&
    ['RGB ', 'CMYK', 'GRAY', 'Lab ', 'LAB '].includes(String(a.colourSpace)) &&
    Number(a.version) < 4 &&
    a.valid === true
  );
};

export const graphics = [
  bind('6.2.2', 4, 'output-intent-no-profile', 'the PDF/A output intent has no DestOutputProfile'),
  bind(
    '6.2.2',
    1,
    'output-profile',
    'the PDF/A output intent profile is not a valid ICC v2 output or monitor profile',
    { when: (f) => f.args?.s === 'GTS_PDFA1' && !outputOk(f), object: 'ICCOutputProfile' },
  ),
  bind('6.2.2', 2, 'output-intents-differ', 'output intents name different destination output profiles'),
  bind('6.2.3', 1, 'icc-profile', 'an ICCBased colour space holds an invalid or post-PDF 1.4 ICC profile', {
    when: (f) => !inputOk(f),
  }),
  bind('6.2.3', 5, 'icc-profile', 'the N entry of an ICC profile stream does not match the profile', {
    when: (f) => f.args?.nMatches === false && f.args?.valid === true,
    object: 'ICCProfile',
  }),
  bind('6.2.3.3', 2, 'device-rgb', 'DeviceRGB is used without an RGB PDF/A output intent', {
    when: (f) => f.args?.outputCs !== 'RGB ' && f.args?.hasDefault !== true,
  }),
  bind('6.2.3.3', 3, 'device-cmyk', 'DeviceCMYK is used without a CMYK PDF/A output intent', {
    when: (f) => f.args?.outputCs !== 'CMYK' && f.args?.hasDefault !== true,
  }),
  bind('6.2.3.3', 4, 'device-gray', 'DeviceGray is used without a PDF/A output intent', {
    when: (f) => f.args?.outputCs === 'none' && f.args?.hasDefault !== true,
  }),
  bind('6.2.4', 1, 'image-alternates', 'an image dictionary has an Alternates entry'),
  bind('6.2.4', 2, 'xobject-opi', 'an XObject dictionary has an OPI entry'),
  bind('6.2.4', 3, 'image-interpolate', 'an image has Interpolate set to true'),
  bind('6.2.4', 4, 'image-bpc', 'an image has %bpc bits per component (1, 2, 4 or 8 allowed)', {
    when: (f) => f.args?.mask === false,
  }),
  bind('6.2.4', 5, 'image-bpc', 'an image mask has %bpc bits per component, not 1', {
    when: (f) => f.args?.mask === true,
  }),
  bind('6.2.5', 1, 'form-ps', 'a form XObject has a PS entry or Subtype2 PS'),
  bind('6.2.6', 1, 'reference-xobject', 'a form XObject is a reference XObject (Ref entry)'),
  bind('6.2.7', 1, 'postscript-xobject', 'the document uses a PostScript XObject'),
  bind('6.2.8', 1, 'gs-tr', 'a graphics state has a TR entry'),
  bind('6.2.8', 2, 'gs-tr2', 'a graphics state has a TR2 entry other than Default'),
  bind('6.2.9', 1, 'rendering-intent', 'the rendering intent %value is not one of the four PDF defines'),
  bind('6.2.10', 1, 'undefined-operator', 'a content stream uses the undefined operator %op'),
] satisfies RuleModule;
