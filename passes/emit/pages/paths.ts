// passes/emit/pages/paths.ts — emit sub-step: path construction and painting operators (§8.5): segments
// as m l c h re, the stroke's state (w, d, J, j, M) and the painting operator the fill and stroke
// call for (f f* S B B*), and the clip of a scope (W n / W* n).

import { num } from '../../../engines/pdf/number.js';
import type { StrokeSpec } from '../../../ir/graphics-types.js';
import type { PathSegOp } from '../../../ir/types.js';

export function segments(segs: readonly PathSegOp[]): string {
  let s = '';
  for (const g of segs) s += g.k === 'h' ? 'h\n' : `${g.v.map(num).join(' ')} ${g.k}\n`;
  return s;
}

export function strokeState(st: StrokeSpec): string {
  let s = `${num(st.width)} w\n`;
  if (st.dash) s += `[${st.dash.array.map(num).join(' ')}] ${num(st.dash.phase)} d\n`;
  if (st.cap !== undefined) s += `${st.cap} J\n`;
  if (st.join !== undefined) s += `${st.join} j\n`;
  if (st.miterLimit !== undefined) s += `${num(st.miterLimit)} M\n`;
  return s;
}

/** The painting operator for a fill (by rule) and/or a stroke. */
export function paintOperator(fill: boolean, stroke: boolean, evenOdd: boolean): string {
  if (fill && stroke) return evenOdd ? 'B*' : 'B';
  if (fill) return evenOdd ? 'f*' : 'f';
  return stroke ? 'S' : 'n';
}

export function clip(segs: readonly PathSegOp[], evenOdd: boolean): string {
  return `${segments(segs)}${evenOdd ? 'W*' : 'W'} n\n`;
}
