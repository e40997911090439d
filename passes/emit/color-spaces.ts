// passes/emit/color-spaces.ts — emit sub-step: declared colour spaces (§8.6): icc → [/ICCBased
// stream] with N and the profile (Flate), separation → [/Separation /Ink alternate tint],
// device_n → [/DeviceN [/Inks…] alternate tint]; device families as their names.
import { deflateSync } from 'node:zlib';
import { PDFName, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import type { ColorSpaceDecl, GraphicsDecls, SpaceRef } from '../../ir/graphics-types.js';
import { writeFunction } from './functions.js';

export const DEVICE_NAMES = { gray: 'DeviceGray', rgb: 'DeviceRGB', cmyk: 'DeviceCMYK' } as const;

/** Ink names as PDF names: `Cyan`… are the process inks; others are spot inks written as given. */
export function inkName(s: string): PDFName {
  return PDFName.of(s);
}

export function writeColorSpace(context: PDFContext, d: ColorSpaceDecl, g: GraphicsDecls, space: (s: SpaceRef) => PDFObject): PDFRef {
  if (d.type === 'icc') {
    const alt = DEVICE_NAMES[d.components === 1 ? 'gray' : d.components === 4 ? 'cmyk' : 'rgb'];
    const stream = context.register(context.stream(deflateSync(g.profiles.get(d.name)!), { N: d.components, Alternate: alt, Filter: 'FlateDecode' } as never));
    return context.register(context.obj([PDFName.of('ICCBased'), stream]));
  }
  const tint = writeFunction(context, d.tint);
  if (d.type === 'separation') return context.register(context.obj([PDFName.of('Separation'), inkName(d.ink), space(d.alternate), tint]));
  return context.register(context.obj([PDFName.of('DeviceN'), context.obj(d.inks.map(inkName)), space(d.alternate), tint]));
}
