// passes/emit/pages/svg-form.ts — emit sub-step: an SVG image (engines/svg/) as one form XObject (ISO
// 32000-1 §8.10), written once per content key however many items and pages draw it. Its /Matrix
// maps the viewport onto the unit square, so it is placed exactly as a picture is (images.ts). Its
// graphics states, shading patterns (gradients, §8.7.3), transparency groups (group opacity,
// §11.6.6) and embedded pictures share one resource dictionary under fixed local names.
import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { imageXmp } from '../../../engines/pdf/image-xmp.js';
import { num } from '../../../engines/pdf/number.js';
import type { FunctionSpec, ShadingDecl } from '../../../ir/graphics-types.js';
import type { ImageResource } from '../../../ir/image-resource.js';
import type { SvgShading } from '../../../ir/svg-types.js';
import { writeShading } from '../graphics/shadings.js';
import type { DocumentResources } from './resources.js';

/** Flate level of the form's content (as page content: spec Limits, compression 1 to 9). */
const SVG_FLATE_LEVEL = 6;

/** A gradient's stops as one function of t in [0, 1]: exponential between two, stitched over more. */
function stopsFunction(s: SvgShading): FunctionSpec {
  const piece = (i: number): FunctionSpec => ({
    shape: 'exponential',
    at: '',
    domain: [0, 1],
    c0: s.stops[i].c,
    c1: s.stops[i + 1].c,
    n: 1,
  });
  if (s.stops.length === 2) return piece(0);
  const functions: FunctionSpec[] = [];
  const bounds: number[] = [];
  const encode: number[] = [];
  for (let i = 0; i + 1 < s.stops.length; i++) {
    functions.push(piece(i));
    encode.push(0, 1);
    if (i > 0) bounds.push(s.stops[i].offset);
  }
  return { shape: 'stitching', at: '', domain: [0, 1], functions, bounds, encode };
}

function shading(context: PDFContext, s: SvgShading): PDFRef {
  const decl: ShadingDecl = {
    at: '',
    name: '',
    kind: s.type === 2 ? 'axial' : 'radial',
    coords: s.coords,
    space: { kind: 'device', family: s.gray ? 'gray' : 'rgb' },
    fn: stopsFunction(s),
    extend: [true, true],
  };
  return writeShading(context, decl, () => PDFName.of(s.gray ? 'DeviceGray' : 'DeviceRGB'));
}

function shadingPattern(context: PDFContext, s: SvgShading): PDFRef {
  return context.register(
    context.obj({ Type: 'Pattern', PatternType: 2, Shading: shading(context, s), Matrix: s.matrix } as never),
  );
}

/**
 * Writes the SVG image's form and returns its reference. `picture` writes an embedded raster (its
 * XObject shared with any page that draws the same picture); `files` the /AF of attachments it claims.
 */
export function writeSvgForm(
  doc: DocumentResources,
  res: ImageResource,
  picture: (r: ImageResource) => PDFRef,
  files: PDFRef[],
): PDFRef {
  const art = res.svg!;
  const context = doc.context;
  const resources: Record<string, Record<string, unknown>> = {};
  const resRef = context.register(context.obj({} as never));
  if (art.states.length)
    resources.ExtGState = Object.fromEntries(
      art.states.map((g, i) => {
        const d: Record<string, unknown> = { Type: 'ExtGState', ca: g.ca, CA: g.CA };
        if (g.mask) {
          // A see-through gradient: its opacities as a grey shading, read as a luminosity soft mask.
          const m = g.mask;
          const content = `${m.matrix.map(num).join(' ')} cm\n/Sh${m.sh} sh\n`;
          const form = context.register(
            context.stream(Buffer.from(content, 'latin1'), {
              Type: 'XObject',
              Subtype: 'Form',
              BBox: m.bbox,
              Group: context.obj({ Type: 'Group', S: 'Transparency', CS: 'DeviceGray' } as never),
              Resources: resRef,
            } as never),
          );
          d.SMask = context.obj({ Type: 'Mask', S: 'Luminosity', G: form } as never);
        }
        return [`G${i}`, context.obj(d as never)];
      }),
    );
  if (art.patterns.length)
    resources.Pattern = Object.fromEntries(art.patterns.map((p, i) => [`P${i}`, shadingPattern(context, p)]));
  if (art.shadings.length)
    resources.Shading = Object.fromEntries(art.shadings.map((p, i) => [`Sh${i}`, shading(context, p)]));
  const xobjects: Record<string, unknown> = {};
  art.images.forEach((r, i) => {
    xobjects[`I${i}`] = doc.get('XObject', `image:${r.key}`, () => picture(r)).ref;
  });
  // Groups (opacity over a whole group) come after the dictionary exists: they name the same one.
  art.groups.forEach((g, i) => {
    xobjects[`F${i}`] = context.register(
      context.stream(deflateSync(Buffer.from(g.content, 'latin1'), { level: SVG_FLATE_LEVEL }), {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: g.bbox,
        Group: context.obj({ Type: 'Group', S: 'Transparency', CS: 'DeviceRGB' } as never),
        Resources: resRef,
        Filter: 'FlateDecode',
      } as never),
    );
  });
  if (Object.keys(xobjects).length) resources.XObject = xobjects;
  context.assign(resRef, context.obj(resources as never));
  const dict: Record<string, unknown> = {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, art.width, art.height],
    Matrix: [1 / art.width, 0, 0, 1 / art.height, 0, 0],
    Resources: resRef,
    Filter: 'FlateDecode',
  };
  if (files.length) dict.AF = files;
  if (res.metadata) {
    const xmp = res.metadata.facts ? imageXmp(res.metadata.facts, res.mediaType!, res.xmpRules!) : res.metadata.packet!;
    dict.Metadata = context.register(context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' } as never));
  }
  return context.register(
    context.stream(deflateSync(Buffer.from(art.content, 'latin1'), { level: SVG_FLATE_LEVEL }), dict as never),
  );
}
