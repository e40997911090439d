// passes/emit/fonts/type3.ts — a Type 3 font (type3_fonts, §9.6.5): FontMatrix and FontBBox as
// declared, one glyph procedure per declared glyph (passes/emit/fonts/glyph-procs.ts), codes 0… in order
// of character with a Differences encoding naming them g0, g1…, Widths in glyph space, a ToUnicode
// CMap from code to character, and the font's own /Resources: one ResourceScope for all its glyphs,
// so a glyph reaches the request's graphics states, layers, colour spaces, gradients and tilings
// exactly as page content does (each resource object written once per document).
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import type { Type3Face } from '../../../engines/fonts/type3-face.js';
import type { DrawOp, FontObject } from '../../../ir/types.js';
import type { DocumentResources } from '../pages/resources.js';
import { flate, simpleWidths, toUnicodeStream } from './common.js';
import { type GlyphContentWriter, glyphProcedure } from './glyph-procs.js';

/** What a Type 3 font's glyphs are drawn with: their laid shapes (by face key), the content writer, the document's resources. */
export interface Type3Drawing {
  glyphOps: ReadonlyMap<string, DrawOp[][]>;
  write: GlyphContentWriter;
  resources: DocumentResources;
}

export function emitType3Font(context: PDFContext, obj: FontObject, drawing: Type3Drawing): PDFRef {
  const face = obj.face as Type3Face;
  const decl = face.decl;
  const codes = face.glyphs.map((_, i) => i);
  const laid = drawing.glyphOps.get(face.key);
  if (!laid) throw new Error(`the glyphs of the Type 3 font "${decl.name}" were never laid`);
  const scope = drawing.resources.scope();
  const charProcs: Record<string, PDFRef> = {};
  face.glyphs.forEach((g, i) => {
    charProcs[`g${i}`] = flate(context, glyphProcedure(g, decl.box, laid[i], scope, drawing.write));
  });
  const text = new Map(face.glyphs.map((g, i) => [i, g.character]));
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: decl.box,
      FontMatrix: decl.matrix,
      CharProcs: context.obj(charProcs),
      Encoding: context.obj({
        Type: 'Encoding',
        Differences: codes.length ? [0, ...codes.map((i) => PDFName.of(`g${i}`))] : [],
      } as never),
      ...simpleWidths(codes.length ? codes : [0], (c) => face.advanceOf(c), 1, false),
      Resources: context.obj(scope.dict() as never),
      ToUnicode: toUnicodeStream(context, text, 1),
    } as never),
  );
}
