// passes/emit/graphics/halftones.ts — emit sub-step: halftone dictionaries (§10.6): a type 1 screen
// (Frequency, Angle, a named spot function of Table 128, AccurateScreens) for `every`, and type 5
// (one type 1 screen per colorant plus the required /Default) for `per_ink`.
import { type PDFContext, type PDFDict, PDFName, type PDFRef } from 'pdf-lib';
import type { GraphicsStateDecl, Screen } from '../../../ir/graphics-types.js';

/** The 21 spot functions of ISO 32000-1 Table 128, by the names the description uses. */
export const SPOT_FUNCTION_NAMES: Record<string, string> = {
  simple_dot: 'SimpleDot',
  inverted_simple_dot: 'InvertedSimpleDot',
  double_dot: 'DoubleDot',
  inverted_double_dot: 'InvertedDoubleDot',
  cosine_dot: 'CosineDot',
  double: 'Double',
  inverted_double: 'InvertedDouble',
  round: 'Round',
  line: 'Line',
  line_x: 'LineX',
  line_y: 'LineY',
  ellipse: 'Ellipse',
  ellipse_a: 'EllipseA',
  inverted_ellipse_a: 'InvertedEllipseA',
  ellipse_b: 'EllipseB',
  ellipse_c: 'EllipseC',
  inverted_ellipse_c: 'InvertedEllipseC',
  square: 'Square',
  cross: 'Cross',
  rhomboid: 'Rhomboid',
  diamond: 'Diamond',
};

function screen(context: PDFContext, s: Screen) {
  const d: Record<string, unknown> = {
    Type: 'Halftone',
    HalftoneType: 1,
    Frequency: s.frequency,
    Angle: s.angle,
    SpotFunction: SPOT_FUNCTION_NAMES[s.spot],
  };
  if (s.accurate) d.AccurateScreens = true;
  return context.obj(d as never);
}

export function writeHalftone(context: PDFContext, h: NonNullable<GraphicsStateDecl['halftone']>): PDFRef {
  if (h.kind === 'every') return context.register(screen(context, h.screen));
  const d = context.obj({ Type: 'Halftone', HalftoneType: 5 } as never) as unknown as PDFDict;
  for (const ink of h.inks) d.set(PDFName.of(ink.colorant), screen(context, ink.screen));
  d.set(PDFName.of('Default'), screen(context, h.dflt));
  return context.register(d);
}
