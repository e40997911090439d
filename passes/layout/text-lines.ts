// passes/layout/text-lines.ts — sets a text item's runs into lines: left-aligned, broken at spaces
// to the rect's width, leading apart, the first baseline one leading below the top edge. A newline
// in the text ends a line; an over-wide word runs past the edge (overlong: overflow, the default).
// Lines past the bottom of the rect run on below it (spec: text that does not fit runs past).
import type { GlyphRunOp, Matrix, ResolvedTextItem } from '../../ir/types.js';
import type { Shaped } from '../fonts/face.js';
import { shapeText } from '../fonts/shaper.js';
import type { TextFont } from '../fonts/text-font.js';
import { refuse } from '../pass.js';
import type { Box } from './coordinates.js';

const SPACE = ' ';

/** Text of all runs, with tabs and other white space read as spaces (flow items give tabs meaning). */
export function itemText(item: ResolvedTextItem): string {
  return item.runs.map((r) => r.text).join('').replace(/\r\n?/g, '\n').replace(/[\t\v\f\u00a0]/g, SPACE);
}

/** Breaks one paragraph into lines no wider than `measure` points, greedily, at spaces. */
export function breakLines(face: TextFont, paragraph: string, size: number, measure: number): string[] {
  const scale = size / face.unitsPerEm;
  const words = paragraph.split(SPACE);
  const spaceW = face.shape(SPACE).width * scale;
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const word of words) {
    const w = face.shape(word).width * scale;
    if (line === '') { line = word; width = w; continue; }
    if (width + spaceW + w <= measure + 1e-9) { line += SPACE + word; width += spaceW + w; continue; }
    lines.push(line);
    line = word;
    width = w;
  }
  lines.push(line);
  return lines;
}

/** Lays a text item in its box: one glyph run per line. */
export function layTextItem(item: ResolvedTextItem, box: Box, matrix: Matrix | undefined): GlyphRunOp[] {
  const face = item.fontRes.face;
  const text = itemText(item);
  const ops: GlyphRunOp[] = [];
  let baseline = box.ury - item.leading;
  for (const paragraph of text.split('\n')) {
    for (const line of breakLines(face, paragraph, item.fontSize, box.urx - box.llx)) {
      const trimmed = line.replace(/ +$/, '');
      if (trimmed.length > 0) {
        // One glyph run per segment: a font chain draws each piece in the member that has its glyphs.
        let x = box.llx;
        for (const seg of shapeText(item.fontRes, trimmed)) {
          if (seg.shaped.missing.length) refuseMissing(item, seg.shaped);
          if (!seg.shaped.glyphs.length) continue;
          ops.push(glyphRun(item, seg.font.face, seg.shaped, x, baseline, matrix, seg.font.name));
          x += (seg.shaped.width * item.fontSize) / seg.font.face.unitsPerEm;
        }
      }
      baseline -= item.leading;
    }
  }
  return ops;
}

function refuseMissing(item: ResolvedTextItem, shaped: Shaped): never {
  const cp = shaped.missing[0];
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  const shown = cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? `U+${hex}` : JSON.stringify(String.fromCodePoint(cp));
  const run = item.runs.find((r) => r.text.includes(String.fromCodePoint(cp)));
  refuse('glyphMissing', run?.at ?? `${item.at}/content`, item.font.name, shown, hex, run?.at ?? `${item.at}/content`);
}

/**
 * One TJ's worth of glyphs. The W array states each glyph's own advance rounded to a whole
 * thousandth; the shaped advance (kerning included) differs from it, and the difference goes into the
 * TJ adjustment after the glyph. Rounding residue is carried forward so the line's end lands where
 * shaping put it, within half a thousandth of an em.
 */
export function glyphRun(item: ResolvedTextItem, face: TextFont, shaped: Shaped, x: number, y: number, matrix: Matrix | undefined, fontName = item.font.name): GlyphRunOp {
  const n = shaped.glyphs.length;
  const k = 1000 / face.unitsPerEm;
  const adjust = new Int32Array(n);
  let residue = 0;
  for (let i = 0; i < n; i++) {
    const stated = Math.round(face.advanceOf(shaped.glyphs[i]) * k);
    const wanted = shaped.advances[i] * k + residue;
    const adj = Math.round(stated - wanted);
    adjust[i] = adj;
    residue = wanted - (stated - adj);
  }
  return {
    op: 'glyphs', at: item.at, matrix, font: fontName, size: item.fontSize, x, y, colour: item.color,
    glyphs: Uint16Array.from(shaped.glyphs), adjust, text: shaped.text,
  };
}
