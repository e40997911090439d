// engines/pdf/color-spaces.ts — PDF engine: declared colour spaces (§8.6): icc → [/ICCBased
// stream] with N and the profile (Flate), separation → [/Separation /Ink alternate tint],
// device_n → [/DeviceN [/Inks…] alternate tint <</Colorants …>>]; device families as their names.
import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFName, type PDFObject, type PDFRef } from 'pdf-lib';
import type { ColorSpaceDecl, GraphicsDecls, SpaceRef } from '../../ir/graphics-types.js';
import { writeFunction } from './functions.js';

export const DEVICE_NAMES = { gray: 'DeviceGray', rgb: 'DeviceRGB', cmyk: 'DeviceCMYK' } as const;

/** The process inks and the two special names: every other ink of a DeviceN is a spot ink (§8.6.6.5). */
export const NON_SPOT_INKS: ReadonlySet<string> = new Set(['Cyan', 'Magenta', 'Yellow', 'Black', 'None', 'All']);

/** The declared separation of ink `ink`, if any: a DeviceN's spot ink takes it as its Colorants entry. */
export function separationOf(g: GraphicsDecls, ink: string): string | undefined {
  for (const [name, d] of g.colorSpaces) if (d.type === 'separation' && d.ink === ink) return name;
  return undefined;
}

/** Ink names as PDF names: `Cyan`… are the process inks; others are spot inks written as given. */
export function inkName(s: string): PDFName {
  return PDFName.of(s);
}

export function writeColorSpace(
  context: PDFContext,
  d: ColorSpaceDecl,
  g: GraphicsDecls,
  space: (s: SpaceRef) => PDFObject,
): PDFRef {
  if (d.type === 'icc') {
    const alt = DEVICE_NAMES[d.components === 1 ? 'gray' : d.components === 4 ? 'cmyk' : 'rgb'];
    const stream = context.register(
      context.stream(deflateSync(g.profiles.get(d.name)!), {
        N: d.components,
        Alternate: alt,
        Filter: 'FlateDecode',
      } as never),
    );
    return context.register(context.obj([PDFName.of('ICCBased'), stream]));
  }
  const tint = writeFunction(context, d.tint);
  if (d.type === 'separation')
    return context.register(context.obj([PDFName.of('Separation'), inkName(d.ink), space(d.alternate), tint]));
  // Each spot ink with a declared separation of the same ink gets its Colorants entry (§8.6.6.5: how
  // the ink looks alone; PDF/A requires one for every spot ink, refused earlier when one is missing).
  const colorants: [string, PDFObject][] = [];
  for (const ink of d.inks) {
    const sep = NON_SPOT_INKS.has(ink) ? undefined : separationOf(g, ink);
    if (sep) colorants.push([ink, space({ kind: 'declared', ref: { name: sep, at: d.at } })]);
  }
  const attrs = colorants.length
    ? [context.obj({ Colorants: context.obj(Object.fromEntries(colorants) as never) })]
    : [];
  return context.register(
    context.obj([PDFName.of('DeviceN'), context.obj(d.inks.map(inkName)), space(d.alternate), tint, ...attrs]),
  );
}
