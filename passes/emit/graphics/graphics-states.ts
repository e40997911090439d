// passes/emit/graphics/graphics-states.ts — emit sub-step: one ExtGState dictionary per declared graphics
// state (§8.4.5, Table 58), written once however many items apply it. Only what the state names is
// written. The soft mask (SMask) refers to the declared drawing as a transparency group form.
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { writeFunction } from '../../../engines/pdf/functions.js';
import type { GraphicsStateDecl } from '../../../ir/graphics-types.js';
import { writeHalftone } from './halftones.js';

const BLEND = (m: string) =>
  m
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const INTENT: Record<string, string> = {
  absolute_colorimetric: 'AbsoluteColorimetric',
  relative_colorimetric: 'RelativeColorimetric',
  saturation: 'Saturation',
  perceptual: 'Perceptual',
};
/** PDF 2.0 Table 57 UseBlackPtComp values. */
const BPC: Record<string, string> = { reader: 'Default', on: 'ON', off: 'OFF' };

/** `maskGroup(drawing, space)` writes (once) the drawing as a transparency-group form for a soft mask. */
export function writeGraphicsState(
  context: PDFContext,
  s: GraphicsStateDecl,
  maskGroup: (drawing: string, space: 'gray' | 'rgb' | 'cmyk') => PDFRef,
): PDFRef {
  const d: Record<string, unknown> = { Type: 'ExtGState' };
  if (s.strokeAlpha !== undefined) d.CA = s.strokeAlpha;
  if (s.fillAlpha !== undefined) d.ca = s.fillAlpha;
  if (s.blendMode !== undefined) d.BM = BLEND(s.blendMode);
  if (s.alphaIsShape !== undefined) d.AIS = s.alphaIsShape;
  if (s.textKnockout !== undefined) d.TK = s.textKnockout;
  if (s.overprint !== undefined) {
    d.OP = s.overprint;
    d.op = s.overprint;
  }
  // OP alone would also set op (Table 58: "if absent, the OP entry … shall also set this parameter"),
  // so stroke_overprint alone writes op as false (the default) to keep fill overprint as it was.
  if (s.strokeOverprint !== undefined) {
    d.OP = s.strokeOverprint;
    d.op = s.fillOverprint ?? false;
  }
  if (s.fillOverprint !== undefined) d.op = s.fillOverprint;
  if (s.overprintMode !== undefined) d.OPM = s.overprintMode === 'keep_zero' ? 1 : 0;
  if (s.renderingIntent !== undefined) d.RI = INTENT[s.renderingIntent];
  if (s.blackPointCompensation !== undefined) d.UseBlackPtComp = BPC[s.blackPointCompensation];
  if (s.strokeAdjustment !== undefined) d.SA = s.strokeAdjustment;
  if (s.flatness !== undefined) d.FL = s.flatness;
  if (s.smoothness !== undefined) d.SM = s.smoothness;
  if (s.mask) {
    const m: Record<string, unknown> = {
      Type: 'Mask',
      S: s.mask.read === 'alpha' ? 'Alpha' : 'Luminosity',
      G: maskGroup(s.mask.drawing.name, s.mask.space ?? 'rgb'),
    };
    if (s.mask.read === 'luminosity' && s.mask.backdrop) m.BC = s.mask.backdrop;
    d.SMask = context.obj(m as never);
  }
  if (s.transfer) {
    // TR2 (PDF 1.3) over TR: /Default keeps the page's curve.
    d.TR2 =
      s.transfer.kind === 'page'
        ? PDFName.of('Default')
        : s.transfer.kind === 'every'
          ? writeFunction(context, s.transfer.f)
          : s.transfer.f.map((f) => writeFunction(context, f));
  }
  if (s.halftone) d.HT = writeHalftone(context, s.halftone);
  if (s.halftoneOrigin) d.HTO = s.halftoneOrigin.xy;
  return context.register(context.obj(d as never));
}
