// passes/emit/fonts/type1.ts — a Type 1 program (type1_fonts) as a simple Type1 font (§9.6.2): the
// program subset to the glyphs drawn (re-encrypted, engines/fonts/type1-program.ts) in FontFile with
// Length1/2/3 and a CharSet, WinAnsiEncoding for a text font or the program's own encoding for a symbolic one,
// Widths, a FontDescriptor and a ToUnicode CMap from the shaped code→text map.
import { type PDFContext, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import type { Type1Face } from '../../../engines/fonts/type1-face.js';
import { subsetType1 } from '../../../engines/fonts/type1-program.js';
import type { FontObject } from '../../../ir/types.js';
import { flate, pdfFontName, simpleWidths, subsetTag, toUnicodeStream } from './common.js';

export function emitType1Font(context: PDFContext, obj: FontObject): PDFRef {
  const face = obj.face as Type1Face;
  const p = face.program;
  const codes = [...obj.used.keys()].sort((a, b) => a - b);
  const keep = new Set(codes.map((c) => face.names[c]));
  const name = `${subsetTag(face.key, codes)}+${pdfFontName(p.fontName)}`;
  const parts = subsetType1(p, keep, name);
  const file = Buffer.concat([parts.clear, parts.binary, parts.trailer]);
  const k = 1000 / face.unitsPerEm;
  const m = face.metrics;
  const italic = p.italicAngle;
  const flags = (p.fixedPitch ? 1 : 0) | (face.latin ? 32 : 4) | (italic !== 0 ? 64 : 0);
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: PDFName.of(name),
      Flags: flags,
      FontBBox: p.bbox.map((v) => Math.round(v * k)),
      ItalicAngle: italic,
      Ascent: Math.round(m.ascender * k),
      Descent: Math.round(m.descender * k),
      CapHeight: Math.round(m.capHeight * k),
      StemV: 80,
      // CharSet (§9.8.1, PDF/A-1 6.3.5): the glyphs the subset holds, .notdef aside.
      CharSet: PDFString.of(
        parts.names
          .filter((n) => n !== '.notdef')
          .map((n) => `/${n}`)
          .join(''),
      ),
      FontFile: flate(context, file, {
        Length1: parts.clear.length,
        Length2: parts.binary.length,
        Length3: parts.trailer.length,
      }),
    }),
  );
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: PDFName.of(name),
      FontDescriptor: descriptor,
      ...(face.latin ? { Encoding: 'WinAnsiEncoding' } : {}),
      // Widths are required for an embedded simple font, also one nothing draws with.
      ...simpleWidths(codes.length ? codes : [32], (c) => face.advanceOf(c), k),
      ...(codes.length ? { ToUnicode: toUnicodeStream(context, obj.used, 1) } : {}),
    } as never),
  );
}
