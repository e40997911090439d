// passes/emit/fonts-type3.ts — a Type 3 font (type3_fonts, §9.6.5): FontMatrix and FontBBox as
// declared, one glyph procedure per declared glyph (passes/emit/glyph-procs.ts), codes 0… in order
// of character with a Differences encoding naming them g0, g1…, Widths in glyph space, and a
// ToUnicode CMap from code to character.
import { PDFName, type PDFContext, type PDFRef } from 'pdf-lib';
import type { FontObject } from '../../ir/types.js';
import type { Type3Face } from '../fonts/type3-face.js';
import { flate, simpleWidths, toUnicodeStream } from './fonts-common.js';
import { glyphProcedure } from './glyph-procs.js';

export function emitType3Font(context: PDFContext, obj: FontObject): PDFRef {
  const face = obj.face as Type3Face;
  const decl = face.decl;
  const codes = face.glyphs.map((_, i) => i);
  const charProcs: Record<string, PDFRef> = {};
  face.glyphs.forEach((g, i) => {
    charProcs[`g${i}`] = flate(context, Buffer.from(glyphProcedure(g, decl.box), 'latin1'));
  });
  const text = new Map(face.glyphs.map((g, i) => [i, g.character]));
  return context.register(context.obj({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: decl.box,
    FontMatrix: decl.matrix,
    CharProcs: context.obj(charProcs),
    Encoding: context.obj({ Type: 'Encoding', Differences: codes.length ? [0, ...codes.map((i) => PDFName.of(`g${i}`))] : [] } as never),
    ...simpleWidths(codes.length ? codes : [0], (c) => face.advanceOf(c), 1, false),
    // Glyphs reach the request's declared resources (graphics states, colour spaces…) through here.
    Resources: context.obj({}),
    ToUnicode: toUnicodeStream(context, text, 1),
  } as never));
}
