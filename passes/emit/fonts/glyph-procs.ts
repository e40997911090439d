// passes/emit/fonts/glyph-procs.ts — the content stream of one Type 3 glyph procedure (§9.6.5): `d0` or
// `d1`, a clip to the font's box ("nothing outside is drawn"), then the glyph's shapes as the page
// content writer (passes/emit/pages/content.ts) writes them, with their graphics states, layers, colour
// spaces, gradients and tilings named in the font's own /Resources. Under d1 the glyph takes the
// colour of the text, so its shapes' colours are left out (§9.6.5: colour operators are not allowed
// after d1), as in the cell of an uncoloured tiling.

import { num } from '../../../engines/pdf/number.js';
import type { Box4, Type3GlyphDecl } from '../../../ir/font-types.js';
import type { DrawOp } from '../../../ir/types.js';
import type { ResourceScope } from '../pages/resources.js';

/** Writes laid ops as content, recording resources in `scope`; `uncoloured` leaves colours out. */
export type GlyphContentWriter = (ops: readonly DrawOp[], scope: ResourceScope, uncoloured: boolean) => Uint8Array;

/** The content stream of one glyph: its laid shapes `ops` under d0 (paints itself) or d1 (takes the text's colour). */
export function glyphProcedure(
  glyph: Type3GlyphDecl,
  fontBox: Box4,
  ops: readonly DrawOp[],
  scope: ResourceScope,
  write: GlyphContentWriter,
): Uint8Array {
  const coloured = glyph.box === undefined;
  let head = coloured ? `${num(glyph.width)} 0 d0\n` : `${num(glyph.width)} 0 ${glyph.box!.map(num).join(' ')} d1\n`;
  const [llx, lly, urx, ury] = fontBox;
  head += `${num(llx)} ${num(lly)} ${num(urx - llx)} ${num(ury - lly)} re W n\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), write(ops, scope, !coloured)]);
}
