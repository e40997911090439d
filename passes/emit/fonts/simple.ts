// passes/emit/fonts/simple.ts — a simple font (simple_fonts) over TrueType outlines as a simple TrueType font (§9.6.3)
// (over CFF outlines: passes/emit/fonts/simple-cff.ts):
// the face subset to the stated text's glyphs, in code order, with a (3,0) cmap from 0xF000 + code
// (engines/pdf/sfnt-cmap.ts), Symbolic and no Encoding (§9.6.6.4), Widths for every code, and a
// ToUnicode CMap from code to character.
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import type { SimpleFace } from '../../../engines/fonts/simple-face.js';
import { symbolCmap, withCmap } from '../../../engines/pdf/sfnt-cmap.js';
import type { FontObject } from '../../../ir/types.js';
import { flate, pdfFontName, simpleDescriptorEntries, simpleWidths, subsetTag, toUnicodeStream } from './common.js';
import { emitSimpleCffFont } from './simple-cff.js';

export function emitSimpleFont(context: PDFContext, obj: FontObject): PDFRef {
  const face = obj.face as SimpleFace;
  const base = face.base;
  if (base.outlines === 'cff') return emitSimpleCffFont(context, obj);
  const f = base.font;
  const subset = f.createSubset();
  const newIds = face.gids.map((g) => subset.includeGlyph(g));
  const program = withCmap(subset.encode(), symbolCmap(newIds));
  const codes = face.chars.map((_, i) => i);
  const k = 1000 / face.unitsPerEm;
  const name = `${subsetTag(face.key, codes)}+${pdfFontName(base.ownName)}`;
  const descriptor = context.register(
    context.obj({
      ...simpleDescriptorEntries(f, name, face.unitsPerEm),
      FontFile2: flate(context, program, { Length1: program.length }),
    }),
  );
  const text = new Map(face.chars.map((c, i) => [i, c]));
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'TrueType',
      BaseFont: PDFName.of(name),
      FontDescriptor: descriptor,
      ...simpleWidths(codes, (c) => face.advanceOf(c), k),
      ToUnicode: toUnicodeStream(context, text, 1),
    } as never),
  );
}
