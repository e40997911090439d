// passes/dedupe/graphics.ts — pass 6 (dedupe), graphics part: which graphics declarations were drawn
// with, followed through what uses them (a placed drawing's own items, a tiling's cell, a mask's
// drawing, a space's alternate, a page's spaces), and the spec's remark for each one nothing drew
// with: `the graphics state X is never drawn with` (gradient, pattern, layer, drawing, colour space).
// Type 3 glyphs count as drawing with what their shapes name (every declared font is written).

import type { Type3Face } from '../../engines/fonts/type3-face.js';
import { walkOps } from '../../ir/draw-ops.js';
import { remark } from '../../ir/messages.js';
import type { Colour, DrawOp, LaidOutIr } from '../../ir/types.js';
import type { PassContext } from '../pass.js';

export function graphicsRemarks(ir: LaidOutIr, ctx: PassContext): void {
  const g = ir.doc.graphics;
  if (!g) return;
  // Nothing declared, nothing to remark on: no walk through every page's operations (a long table's
  // pages hold tens of thousands).
  if (
    !g.layers.length &&
    !g.graphicsStates.size &&
    !g.shadings.size &&
    !g.tilings.size &&
    !g.colorSpaces.size &&
    !g.drawings.size
  )
    return;
  const used = {
    gs: new Set<string>(),
    shading: new Set<string>(),
    tiling: new Set<string>(),
    layer: new Set<string>(),
    drawing: new Set<string>(),
    space: new Set<string>(),
  };
  const forms = ir.doc.laidForms;
  const space = (name: string) => {
    if (used.space.has(name)) return;
    used.space.add(name);
    const d = g.colorSpaces.get(name);
    if (d && d.type !== 'icc' && d.alternate.kind === 'declared') space(d.alternate.ref.name);
  };
  /** Inside a d1 Type 3 glyph colours are set aside (it takes the text's), so they draw nothing. */
  let colourless = false;
  const colour = (c: Colour | undefined) => {
    if (!c || colourless) return;
    if (c.space === 'declared') space(c.name);
    if (c.space === 'shading' && !used.shading.has(c.name)) {
      used.shading.add(c.name);
      const s = g.shadings.get(c.name)!;
      if (s.space.kind === 'declared') space(s.space.ref.name);
    }
    if (c.space === 'pattern') {
      colour(c.under);
      if (!used.tiling.has(c.name)) {
        used.tiling.add(c.name);
        walk(forms?.tilings.get(c.name) ?? []);
      }
    }
  };
  const drawing = (name: string) => {
    if (used.drawing.has(name)) return;
    used.drawing.add(name);
    walk(forms?.drawings.get(name) ?? []);
  };
  const walk = (ops: readonly DrawOp[]) =>
    walkOps(ops, (op) => {
      switch (op.op) {
        case 'rect':
        case 'rects':
          colour(op.fill);
          break;
        case 'glyphs':
        case 'rows':
          colour(op.colour);
          break;
        case 'path':
          colour(op.fill);
          colour(op.stroke?.colour);
          break;
        case 'form':
          drawing(op.name);
          break;
        case 'scope':
          if (op.layer) used.layer.add(op.layer);
          if (op.graphicsState && !used.gs.has(op.graphicsState)) {
            used.gs.add(op.graphicsState);
            const m = g.graphicsStates.get(op.graphicsState)?.mask;
            if (m) drawing(m.drawing.name);
          }
          break;
      }
    });
  // Every Type 3 font is written (drawn with or not), and with it what its glyphs draw with.
  for (const res of ir.fonts.values()) {
    if (res.face.kind !== 'type3') continue;
    const laid = forms?.glyphs?.get(res.face.key);
    (res.face as Type3Face).glyphs.forEach((g, i) => {
      colourless = g.box !== undefined;
      walk(laid?.[i] ?? []);
      colourless = false;
    });
  }
  for (const page of ir.pages) {
    walk(page.ops);
    for (const l of page.links ?? []) if (l.layer) used.layer.add(l.layer);
    // A widget's layer is its annotation's /OC; its graphics state holds in its appearance streams.
    for (const w of page.widgets ?? []) {
      if (w.layer) used.layer.add(w.layer);
      if (w.graphicsState) walk([{ op: 'scope', at: w.at, graphicsState: w.graphicsState, ops: [] }]);
    }
    const ps = g.pageSpaces.get(page.number);
    for (const r of [ps?.gray, ps?.rgb, ps?.cmyk, ps?.group?.space]) if (r) space(r.name);
  }
  const say = (kind: string, names: Iterable<[string, { at: string }]>, seen: Set<string>) => {
    for (const [name, d] of names)
      if (!seen.has(name)) ctx.remarks.push(remark('unusedResource', d.at, { kind, name }));
  };
  say('graphics state', g.graphicsStates, used.gs);
  say('gradient', g.shadings, used.shading);
  say('pattern', g.tilings, used.tiling);
  say(
    'layer',
    g.layers.map((l) => [l.name, l] as [string, { at: string }]),
    used.layer,
  );
  say('drawing', g.drawings, used.drawing);
  say(
    'colour space',
    [...g.colorSpaces].map(([n, d]) => [n, d] as [string, { at: string }]),
    used.space,
  );
}
