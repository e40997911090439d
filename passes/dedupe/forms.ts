// passes/dedupe/forms.ts — dedupe pass, form fields: every drawing operation a widget carries
// (each appearance state, its variable text, the glyphs kept for later) so fonts count the codes
// appearances draw, and CFF glyph runs are renumbered in appearances as on pages.
import type { Appearance, LaidOutWidget } from '../../ir/form-types.js';
import type { DrawOp, GlyphRunOp } from '../../ir/types.js';

function appearanceOps(a: Appearance | undefined): DrawOp[][] {
  if (!a) return [];
  return a.variable ? [a.ops, a.variable.ops] : [a.ops];
}

/** Every op list of a widget: normal, on and off states, variable text, kept glyphs. */
export function widgetOps(w: LaidOutWidget): DrawOp[][] {
  return [
    ...appearanceOps(w.normal),
    ...appearanceOps(w.on?.appearance),
    ...appearanceOps(w.on?.off),
    ...appearanceOps(w.on?.down?.appearance),
    ...appearanceOps(w.on?.down?.off),
    ...appearanceOps(w.down?.normal),
    w.reserve,
  ];
}

function remapAppearance(a: Appearance, f: (op: DrawOp) => DrawOp): Appearance {
  return { ops: a.ops.map(f), ...(a.variable ? { variable: { ...a.variable, ops: a.variable.ops.map(f) } } : {}) };
}

/** The widget with every op passed through `f` (dedupe's CFF renumbering). */
export function remapWidget(w: LaidOutWidget, f: (op: DrawOp) => DrawOp): LaidOutWidget {
  return {
    ...w,
    normal: w.normal && remapAppearance(w.normal, f),
    on: w.on && {
      state: w.on.state,
      appearance: remapAppearance(w.on.appearance, f),
      off: remapAppearance(w.on.off, f),
      down: w.on.down && {
        appearance: remapAppearance(w.on.down.appearance, f),
        off: remapAppearance(w.on.down.off, f),
      },
    },
    down: w.down && { normal: remapAppearance(w.down.normal, f) },
    reserve: w.reserve.map((g) => f(g) as GlyphRunOp),
  };
}
