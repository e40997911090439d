// passes/emit/pages/images.ts — emit sub-step: image XObjects (ISO 32000-1 §8.9.5) and the operators that
// draw them. Each picture is written once per document, keyed by its content (ResourceScope), with
// its soft mask (/SMask, §11.6.5.3), stencil mask or colour key (/Mask, §8.9.6), /Decode, ICCBased
// colour space and XMP /Metadata. A JPEG goes in as it came (DCTDecode); a PNG's own zlib stream
// keeps its row filters for the reader to undo (FlateDecode, Predictor 15); unpacked samples are
// deflated here.

import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { imageXmp } from '../../../engines/pdf/image-xmp.js';
import { walkOps } from '../../../ir/draw-ops.js';
import type { ImageResource, ImageStream } from '../../../ir/image-resource.js';
import type { ImageOp } from '../../../ir/types.js';
import type { ResourceScope } from './resources.js';
import { writeSvgForm } from './svg-form.js';

/** Flate level of unpacked image samples (spec Limits: compression level 1 to 9). */
export const IMAGE_FLATE_LEVEL = 6;

/** ICC profiles written once per document however many pictures use them. */
const iccStreams = new WeakMap<PDFContext, Map<Uint8Array, PDFRef>>();

function iccRef(context: PDFContext, icc: { bytes: Uint8Array; n: number }): PDFRef {
  let m = iccStreams.get(context);
  if (!m) {
    m = new Map();
    iccStreams.set(context, m);
  }
  let ref = m.get(icc.bytes);
  if (!ref) {
    ref = context.register(
      context.stream(deflateSync(icc.bytes, { level: IMAGE_FLATE_LEVEL }), {
        N: icc.n,
        Filter: 'FlateDecode',
      } as never),
    );
    m.set(icc.bytes, ref);
  }
  return ref;
}

function colourSpace(context: PDFContext, s: ImageStream): unknown {
  const base = s.icc ? [PDFName.of('ICCBased'), iccRef(context, s.icc)] : undefined;
  switch (s.space!.kind) {
    case 'gray':
      return base ?? 'DeviceGray';
    case 'rgb':
      return base ?? 'DeviceRGB';
    case 'cmyk':
      return base ?? 'DeviceCMYK';
    case 'indexed': {
      const { hival, lookup } = s.space as { hival: number; lookup: Uint8Array };
      const table = context.register(context.stream(lookup, {} as never));
      return [PDFName.of('Indexed'), base ?? PDFName.of('DeviceRGB'), hival, table];
    }
  }
}

function writeStream(context: PDFContext, s: ImageStream, extra: Record<string, unknown> = {}): PDFRef {
  const dict: Record<string, unknown> = { Type: 'XObject', Subtype: 'Image', Width: s.width, Height: s.height };
  if (s.imageMask) dict.ImageMask = true;
  else {
    dict.ColorSpace = s.space ? colourSpace(context, s) : 'DeviceGray';
    dict.BitsPerComponent = s.bpc;
  }
  if (s.decode) dict.Decode = s.decode;
  let bytes: Uint8Array;
  switch (s.data.filter) {
    case 'dct':
      dict.Filter = 'DCTDecode';
      bytes = s.data.bytes;
      break;
    case 'png':
      dict.Filter = 'FlateDecode';
      dict.DecodeParms = { Predictor: 15, Colors: s.components, BitsPerComponent: s.bpc, Columns: s.width };
      bytes = s.data.bytes;
      break;
    case 'raw':
      dict.Filter = 'FlateDecode';
      bytes = deflateSync(s.data.bytes, { level: IMAGE_FLATE_LEVEL });
      break;
  }
  return context.register(context.stream(bytes, { ...dict, ...extra } as never));
}

/** File specifications of the document's attachments by name, for the /AF of pictures that claim them. */
const fileRefs = new WeakMap<PDFContext, ReadonlyMap<string, PDFRef>>();

/** Called once per document, after attachments are written and before any page. */
export function setImageFileRefs(context: PDFContext, byName: ReadonlyMap<string, PDFRef>): void {
  fileRefs.set(context, byName);
}

/** Attachments claimed by the pictures the pages draw (those belong to the pictures, not the document). */
export function filesClaimedByImages(
  pages: readonly { ops: readonly import('../../../ir/types.js').DrawOp[] }[],
): Set<string> {
  const out = new Set<string>();
  for (const page of pages)
    walkOps(page.ops, (op) => {
      if (op.op === 'image') for (const f of op.image.files ?? []) out.add(f);
    });
  return out;
}

/** Writes one picture's XObject (with its masks and metadata) and returns its reference. */
export function writeImage(context: PDFContext, res: ImageResource): PDFRef {
  const extra: Record<string, unknown> = {};
  if (res.smask) extra.SMask = writeStream(context, res.smask);
  if (res.mask?.stencil) extra.Mask = writeStream(context, res.mask.stencil);
  if (res.mask?.key) extra.Mask = res.mask.key;
  if (res.files?.length) {
    const refs = fileRefs.get(context);
    extra.AF = res.files.map((f) => refs?.get(f)).filter((r): r is PDFRef => r !== undefined);
  }
  if (res.metadata) {
    const xmp = res.metadata.facts ? imageXmp(res.metadata.facts, res.mediaType!, res.xmpRules!) : res.metadata.packet!;
    extra.Metadata = context.register(context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' } as never));
  }
  return writeStream(context, res.main!, extra);
}

/** The attachments a picture claims, as written file specifications. */
function claimed(context: PDFContext, res: ImageResource): PDFRef[] {
  const refs = fileRefs.get(context);
  return (res.files ?? []).map((f) => refs?.get(f)).filter((r): r is PDFRef => r !== undefined);
}

/** Content operators drawing one image op (inside the caller's q … Q when it has a matrix). */
export function imageContent(op: ImageOp, scope: ResourceScope, num: (n: number) => string, fillOps: string): string {
  const res = op.image;
  // An SVG image is a form XObject mapping the unit square, placed exactly as a picture is.
  const name = res.svg
    ? scope.use('XObject', `svg:${res.key}`, (context) =>
        writeSvgForm(scope.doc, res, (r) => writeImage(context, r), claimed(context, res)),
      )
    : scope.use('XObject', `image:${res.key}`, (context) => writeImage(context, res));
  let s = 'q\n';
  if (op.clip) s += `${num(op.clip.x)} ${num(op.clip.y)} ${num(op.clip.w)} ${num(op.clip.h)} re W n\n`;
  if (op.fill) s += `${fillOps}\n`;
  s += `${op.placement.map(num).join(' ')} cm\n/${name} Do\nQ\n`;
  return s;
}
