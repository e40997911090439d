// engines/text/decorations.ts — text engine: the lines drawn with a run (spec: text, `underline`,
// `strikethrough`, `overline`): filled rectangles at the font's own positions and thicknesses
// (post underlinePosition/underlineThickness, OS/2 yStrikeoutPosition/yStrikeoutSize, each the top
// of its stroke per the OpenType specification), scaled to the run's size. The overline has the
// underline's thickness with its top on the font's ascender (as browsers draw it). A hollow run
// (outline, not filled) has its lines in the outline's colour; otherwise in the run's colour.
import type { FillRectOp, FontResource } from '../../ir/types.js';
import type { RunStyle } from './atoms.js';

export function decorationRects(
  st: RunStyle,
  font: FontResource,
  x: number,
  baseline: number,
  width: number,
  target: { at: string; matrix?: FillRectOp['matrix'] },
): FillRectOp[] {
  const m = font.face.metrics;
  const k = st.size / font.face.unitsPerEm;
  const fill = st.outline && !st.outline.filled ? st.outline.colour : st.colour;
  const out: FillRectOp[] = [];
  const bar = (top: number, thickness: number) => {
    const h = thickness * k;
    out.push({ op: 'rect', at: target.at, matrix: target.matrix, x, y: baseline + top * k - h, w: width, h, fill });
  };
  if (st.underline) bar(m.underlinePosition, m.underlineThickness);
  if (st.strikethrough) bar(m.strikeoutPosition, m.strikeoutThickness);
  if (st.overline) bar(m.ascender, m.underlineThickness);
  return out;
}
