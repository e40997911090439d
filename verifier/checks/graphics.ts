// verifier/checks/graphics.ts — images, XObjects, graphics states, transparency, rendering intents and
// content-stream operators (ISO 19005-1 §6.2.4–6.2.10 and §6.4; 19005-2/3 §6.2.2, §6.2.5–6.2.10;
// 19005-4 §6.2.2, §6.2.5–6.2.9), over what the walk found used.

import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  has,
  nameOf,
  PDFArray,
  PDFDict,
  PDFStream,
  resolve,
} from '../cos.js';
import type { Check } from './check.js';
import { pdfaOutputIntent } from './colour.js';

/** 1.0 as real numbers are written (0.9999999 is 1 to every reader and to veraPDF). */
const ALPHA_TOLERANCE = 1e-4;
const INTENTS = new Set(['RelativeColorimetric', 'AbsoluteColorimetric', 'Perceptual', 'Saturation']);
const BLEND_MODES = new Set([
  'Normal',
  'Compatible',
  'Multiply',
  'Screen',
  'Overlay',
  'Darken',
  'Lighten',
  'ColorDodge',
  'ColorBurn',
  'HardLight',
  'SoftLight',
  'Difference',
  'Exclusion',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
]);

const PRIMARY_COLORANTS = new Set(['Cyan', 'Magenta', 'Yellow', 'Black']);

export const graphics: Check = ({ l, u, add }) => {
  const ctx = l.context;
  for (const im of u.images) {
    const d = im.dict;
    if (has(d, 'Alternates')) add('image-alternates', 'PDXImage', {}, im.where);
    if (has(d, 'OPI')) add('xobject-opi', 'PDXObject', {}, im.where);
    if (get(ctx, d, 'Interpolate')?.toString() === 'true') add('image-interpolate', 'PDXImage', {}, im.where);
    // every depth but 1, 2, 4 and 8 (16 is allowed from PDF/A-2 on); an image mask, and the stencil mask an
    // image names in Mask, anything but 1
    const bpc = getNumber(ctx, d, 'BitsPerComponent');
    const isMask = get(ctx, d, 'ImageMask')?.toString() === 'true';
    if (bpc !== undefined && (isMask ? bpc !== 1 : ![1, 2, 4, 8].includes(bpc)))
      add('image-bpc', isMask ? 'PDMaskImage' : 'PDXImage', { bpc, mask: isMask }, im.where);
    const stencil = get(ctx, d, 'Mask');
    if (stencil instanceof PDFStream) {
      const mbpc = getNumber(ctx, stencil.dict, 'BitsPerComponent');
      if (mbpc !== undefined && mbpc !== 1) add('image-bpc', 'PDMaskImage', { bpc: mbpc, mask: true }, im.where);
    }
    if (has(d, 'SMask') && nameOf(get(ctx, d, 'SMask')) !== 'None') add('image-smask', 'PDXImage', {}, im.where);
  }
  for (const im of u.inlineImages) {
    const interp = im.dict.get('I') ?? im.dict.get('Interpolate');
    if (interp?.t === 'bool' && interp.v) add('image-interpolate', 'PDInlineImage', {}, im.where);
  }
  for (const f of u.forms) {
    const d = f.stream.dict;
    const sub = getName(ctx, d, 'Subtype');
    if (sub === 'PS') {
      add('postscript-xobject', 'PDXObject', {}, f.where);
      continue;
    }
    if (sub !== 'Form') continue;
    if (has(d, 'OPI')) add('xobject-opi', 'PDXObject', {}, f.where);
    if (getName(ctx, d, 'Subtype2') === 'PS' || has(d, 'PS')) add('form-ps', 'PDXForm', {}, f.where);
    if (has(d, 'Ref')) add('reference-xobject', 'PDXForm', {}, f.where);
  }
  for (const g of u.extGStates) {
    const d = g.dict;
    if (has(d, 'TR')) add('gs-tr', 'PDExtGState', {}, g.where);
    const tr2 = get(ctx, d, 'TR2');
    if (tr2 && nameOf(tr2) !== 'Default') add('gs-tr2', 'PDExtGState', {}, g.where);
    if (has(d, 'HTP')) add('gs-htp', 'PDExtGState', {}, g.where);
    if (has(d, 'HTO')) add('gs-hto', 'PDExtGState', {}, g.where);
    const ht = get(ctx, d, 'HT');
    const htd = ht instanceof PDFStream ? ht.dict : ht instanceof PDFDict ? ht : undefined;
    if (htd) {
      // the halftone and, in a type 5 halftone, each colorant's own (ISO 32000-2 10.6.5.6): a
      // TransferFunction only where ISO 32000-2 asks for one — none for the halftone itself or a
      // primary colorant, one for every other colorant but Default
      const halftones: [PDFDict, string | undefined][] = [[htd, undefined]];
      if (getNumber(ctx, htd, 'HalftoneType') === 5) {
        for (const [k, v] of htd.entries()) {
          const name = k.decodeText();
          if (name === 'Type' || name === 'HalftoneType' || name === 'HalftoneName') continue;
          const r = resolve(ctx, v);
          const sub = r instanceof PDFStream ? r.dict : r instanceof PDFDict ? r : undefined;
          if (sub) halftones.push([sub, name]);
        }
      }
      for (const [h, colorant] of halftones) {
        const type = getNumber(ctx, h, 'HalftoneType');
        if (type !== 1 && type !== 5) add('halftone-type', 'PDHalftone', { type: type ?? 'none' }, g.where);
        if (has(h, 'HalftoneName')) add('halftone-name', 'PDHalftone', {}, g.where);
        const primary = colorant === undefined || PRIMARY_COLORANTS.has(colorant);
        const transfer = has(h, 'TransferFunction');
        if (colorant !== 'Default' && transfer === primary)
          add('halftone-transfer', 'PDHalftone', { colorant: colorant ?? 'none', present: transfer }, g.where);
      }
    }
    const smask = get(ctx, d, 'SMask');
    if (smask !== undefined && nameOf(smask) !== 'None') add('gs-smask', 'PDExtGState', {}, g.where);
    const ca = getNumber(ctx, d, 'ca');
    if (ca !== undefined && Math.abs(ca - 1) > ALPHA_TOLERANCE)
      add('gs-ca-fill', 'PDExtGState', { value: ca }, g.where);
    const CA = getNumber(ctx, d, 'CA');
    if (CA !== undefined && Math.abs(CA - 1) > ALPHA_TOLERANCE)
      add('gs-ca-stroke', 'PDExtGState', { value: CA }, g.where);
    const bm = get(ctx, d, 'BM');
    const bms = bm instanceof PDFArray ? bm.asArray().map((x) => nameOf(x) ?? '?') : bm ? [nameOf(bm) ?? '?'] : [];
    for (const b of bms) {
      if (b !== 'Normal' && b !== 'Compatible') add('gs-bm-not-normal', 'PDExtGState', { bm: b }, g.where);
      if (!BLEND_MODES.has(b)) add('gs-bm-unknown', 'PDExtGState', { bm: b }, g.where);
    }
  }
  for (const gr of u.groups) add('transparency-group', 'PDGroup', { owner: gr.owner }, gr.where);
  // transparency painted on a page needs a blending colour space: the page group's CS or an output intent
  const outputCs = pdfaOutputIntent(l).cs;
  for (const n of u.transparentPages) {
    const page = u.pages[n - 1];
    const group = getDict(ctx, page, 'Group');
    const pageIntent = arrayItems(ctx, getArray(ctx, page, 'OutputIntents')).some(
      (o) => getName(ctx, dictOf(o), 'S') === 'GTS_PDFA1',
    );
    if (!(group && has(group, 'CS')) && !outputCs && !pageIntent)
      add('transparency-no-blending-cs', 'PDPage', { page: n }, `page ${n}`);
  }
  if (u.overprintIccCmyk.length) add('overprint-icc-cmyk', 'PDICCBasedCMYK', {}, u.overprintIccCmyk[0]);
  for (const m of u.missing) add('resource-missing', 'PDResources', { kind: m.kind, name: m.name }, m.where);
  for (const m of u.inherited)
    add(
      'resource-inherited',
      'PDResources',
      { kind: m.kind, name: m.name, glyph: /Type 3 glyph/.test(m.where) },
      m.where,
    );
  for (const n of u.pagesInheritingResources) add('page-resources-inherited', 'PDPage', { page: n }, `page ${n}`);
  for (const i of u.intents)
    if (!INTENTS.has(i.value)) add('rendering-intent', 'CosRenderingIntent', { value: i.value }, i.where);

  const unknown = new Set<string>();
  for (const s of u.scopes) {
    for (const o of s.unknownOps) {
      if (unknown.has(o.op)) continue;
      unknown.add(o.op);
      add('undefined-operator', 'Op_Undefined', { op: o.op, compat: o.compat }, s.where);
    }
  }
};
