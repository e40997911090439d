// passes/emit/fonts/standard.ts — one of the fourteen built-in fonts (§9.6.2.2): a simple Type1
// font by its PostScript name, not embedded (the reader holds it; hence the licence gate), with
// WinAnsiEncoding for the Latin faces and the built-in encoding for Symbol and ZapfDingbats, AFM
// widths for the codes drawn, and a ToUnicode CMap so extraction never depends on the reader.
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import type { StandardFace } from '../../../engines/fonts/standard-face.js';
import type { FontObject } from '../../../ir/types.js';
import { simpleWidths, toUnicodeStream } from './common.js';

export function emitStandardFont(context: PDFContext, obj: FontObject): PDFRef {
  const face = obj.face as StandardFace;
  const codes = [...obj.used.keys()];
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: PDFName.of(face.baseFont),
      ...(face.symbolic ? {} : { Encoding: 'WinAnsiEncoding' }),
      ...(codes.length ? simpleWidths(codes, (c) => face.advanceOf(c), 1) : {}),
      ...(codes.length ? { ToUnicode: toUnicodeStream(context, obj.used, 1) } : {}),
    } as never),
  );
}
