// passes/emit/pages/paint.ts — emit sub-step: the colour operators of a colour value (§8.6.8): device
// colours as g/rg/k (G/RG/K to stroke); a colour in a declared space as `/CSn cs … scn`; a tiling
// as `/Pattern cs /Pn scn` (an uncoloured cell: `[/Pattern base]` with the colour it takes); a
// gradient through its shading pattern. Inside an uncoloured tiling cell no colour is written.

import { num } from '../../../engines/pdf/number.js';
import type { Colour } from '../../../ir/types.js';
import type { GraphicsEmitter } from '../graphics/graphics.js';
import type { ResourceScope } from './resources.js';

export function deviceColour(c: Colour, stroke: boolean): string | undefined {
  switch (c.space) {
    case 'gray':
      return `${num(c.c[0])} ${stroke ? 'G' : 'g'}`;
    case 'rgb':
      return `${num(c.c[0])} ${num(c.c[1])} ${num(c.c[2])} ${stroke ? 'RG' : 'rg'}`;
    case 'cmyk':
      return `${c.c.map(num).join(' ')} ${stroke ? 'K' : 'k'}`;
    default:
      return undefined;
  }
}

export interface PaintEnv {
  scope: ResourceScope;
  gfx?: GraphicsEmitter;
  uncoloured?: boolean;
}

/** The operators that set `c` as the fill (or stroke) colour; '' inside an uncoloured cell. */
export function paint(c: Colour, stroke: boolean, env: PaintEnv): string {
  if (env.uncoloured) return '';
  const dev = deviceColour(c, stroke);
  if (dev !== undefined) return dev;
  const gfx = env.gfx!;
  const [cs, sc] = stroke ? ['CS', 'SCN'] : ['cs', 'scn'];
  if (c.space === 'declared') return `/${gfx.colorSpaceRes(env.scope, c.name)} ${cs} ${c.c.map(num).join(' ')} ${sc}`;
  if (c.space === 'shading') return `/Pattern ${cs} /${gfx.shadingPattern(env.scope, c.name)} ${sc}`;
  if (c.space !== 'pattern') return '';
  const name = gfx.tilingPattern(env.scope, c.name);
  if (gfx.tilingColoured(c.name)) return `/Pattern ${cs} /${name} ${sc}`;
  const under: Colour = c.under ?? { space: 'gray', c: [0] };
  const comps =
    under.space === 'gray' || under.space === 'rgb' || under.space === 'cmyk' || under.space === 'declared'
      ? under.c
      : [];
  return `/${gfx.patternSpaceRes(env.scope, under)} ${cs} ${comps.map(num).join(' ')} /${name} ${sc}`;
}
