// passes/emit/glyph-procs.ts — the content of a Type 3 glyph procedure (§9.6.5): d0 or d1, a clip
// to the font's box ("nothing outside is drawn"), then each shape (rect, line, path) filled and/or
// stroked. Under d1 the glyph takes the colour of the text, so the shapes' own colours are left out
// (§9.6.5: colour operators are not allowed after d1).
// TODO(graphics merge): once passes/emit/content.ts writes path/rect/line items, reuse its path and
// stroke writers here instead of this small self-contained one.
import type { Box4, GlyphShape, GlyphStroke, Type3GlyphDecl } from '../../ir/font-types.js';
import type { Colour } from '../../ir/types.js';
import { num } from './content.js';

function colourOps(c: Colour, stroke: boolean): string {
  const v = c.c.map(num).join(' ');
  switch (c.space) {
    case 'gray': return `${v} ${stroke ? 'G' : 'g'}\n`;
    case 'rgb': return `${v} ${stroke ? 'RG' : 'rg'}\n`;
    case 'cmyk': return `${v} ${stroke ? 'K' : 'k'}\n`;
  }
}

function strokeState(s: GlyphStroke, coloured: boolean): string {
  let out = `${num(s.width)} w\n`;
  if (s.cap !== undefined) out += `${s.cap} J\n`;
  if (s.join !== undefined) out += `${s.join} j\n`;
  if (s.miterLimit !== undefined) out += `${num(s.miterLimit)} M\n`;
  if (s.dash) out += `[${s.dash.array.map(num).join(' ')}] ${num(s.dash.phase)} d\n`;
  if (coloured) out += colourOps(s.colour, true);
  return out;
}

function pt(p: [number, number]): string {
  return `${num(p[0])} ${num(p[1])}`;
}

function shapeOps(shape: GlyphShape, coloured: boolean): string {
  let s = 'q\n';
  let geometry = '';
  let fill: Colour | undefined;
  let stroke: GlyphStroke | undefined;
  let evenOdd = false;
  if (shape.kind === 'rect') {
    geometry = `${num(shape.x)} ${num(shape.y)} ${num(shape.w)} ${num(shape.h)} re\n`;
    fill = shape.fill; stroke = shape.stroke;
  } else if (shape.kind === 'line') {
    geometry = `${pt(shape.from)} m\n${pt(shape.to)} l\n`;
    stroke = shape.stroke;
  } else {
    for (const seg of shape.segments) {
      if (seg.k === 'move') geometry += `${pt(seg.p)} m\n`;
      else if (seg.k === 'line') geometry += `${pt(seg.p)} l\n`;
      else if (seg.k === 'curve') geometry += `${pt(seg.c1)} ${pt(seg.c2)} ${pt(seg.p)} c\n`;
      else geometry += 'h\n';
    }
    fill = shape.fill; stroke = shape.stroke; evenOdd = shape.evenOdd;
  }
  // A rect or path stating neither fill nor stroke is filled (a glyph is ink): black under d0, the text colour under d1.
  const fills = shape.kind !== 'line' && (fill !== undefined || stroke === undefined);
  if (fills && coloured) s += colourOps(fill ?? { space: 'gray', c: [0] }, false);
  if (stroke) s += strokeState(stroke, coloured);
  s += geometry;
  s += fills && stroke ? (evenOdd ? 'B*\n' : 'B\n') : fills ? (evenOdd ? 'f*\n' : 'f\n') : 'S\n';
  return s + 'Q\n';
}

/** The content stream of one glyph. */
export function glyphProcedure(glyph: Type3GlyphDecl, fontBox: Box4): string {
  const coloured = glyph.box === undefined;
  let s = coloured
    ? `${num(glyph.width)} 0 d0\n`
    : `${num(glyph.width)} 0 ${glyph.box!.map(num).join(' ')} d1\n`;
  const [llx, lly, urx, ury] = fontBox;
  s += `${num(llx)} ${num(lly)} ${num(urx - llx)} ${num(ury - lly)} re W n\n`;
  for (const shape of glyph.shapes) s += shapeOps(shape, coloured);
  return s;
}
