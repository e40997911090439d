// passes/layout/colour-layers.ts — colour glyphs (COLR version 0 with CPAL, issue 16) drawn as their
// layers: a glyph run in a face with colour layers is cut where a colour glyph stands, and each colour
// glyph becomes one run per layer at the glyph's pen position, bottom layer first, each filled with
// its palette-0 colour (entry 0xFFFF: the run's own). The base glyph's advance moves the pen, as the
// run's TJ adjustments and /W widths (round(advance × 1000 / unitsPerEm)) place it. The text stays
// right: the bottom layer is a glyph carrying the glyph's text (and the run's /ActualText, once); the
// upper layers are drawn as filled paths of their outlines, which no reader extracts (an empty
// /ActualText span is not honoured by every reader: MuPDF 1.21 reads the glyph through it).

import { Face } from '../../engines/fonts/face.js';
import { programOf } from '../../engines/fonts/styled-font.js';
import { pushAll } from '../../ir/bounded.js';
import {
  cellAt as cellAtIn,
  cellCount,
  cellFrom,
  type DrawOp,
  type GlyphRunOp,
  type GlyphTexts,
  type PathOp,
  rowRuns,
} from '../../ir/draw-ops.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { Colour, FontResource } from '../../ir/types.js';

/** Whether any declared font is a colour face (most documents have none, and skip the walk). */
export function anyColourFont(fonts: ReadonlyMap<string, FontResource>): boolean {
  for (const name of fonts.keys()) if (colourFace(name, fonts)) return true;
  return false;
}

/** `ops` with every run in a colour face drawn as layers (scopes and marked content too); `ops` itself when none is. */
export function colourLayered(ops: DrawOp[], fonts: ReadonlyMap<string, FontResource>): DrawOp[] {
  let changed = false;
  const out: DrawOp[] = [];
  for (const op of ops) {
    if (op.op === 'scope' || op.op === 'marked') {
      const inner = colourLayered(op.ops, fonts);
      if (inner !== op.ops) changed = true;
      out.push(inner === op.ops ? op : { ...op, ops: inner });
    } else if (op.op === 'rows' && colourFace(op.font, fonts)) {
      // a table part's rows in a colour face: each row a run, cut at its colour glyphs as any run is
      changed = true;
      pushAll(out, colourLayered(rowRuns(op), fonts));
    } else if (op.op === 'glyphs') {
      const face = colourFace(op.font, fonts);
      const layered = face ? layeredRun(op, face) : undefined;
      if (layered) {
        changed = true;
        pushAll(out, layered);
      } else out.push(op);
    } else out.push(op);
  }
  return changed ? out : ops;
}

function colourFace(name: string, fonts: ReadonlyMap<string, FontResource>): Face | undefined {
  const res = fonts.get(name);
  if (!res) return undefined;
  const face = programOf(res.face);
  return face instanceof Face && face.font.directory?.tables?.COLR ? face : undefined;
}

/** A run cut at its colour glyphs, each drawn as its layers; undefined when the run holds none. */
function layeredRun(op: GlyphRunOp, face: Face): (GlyphRunOp | PathOp)[] | undefined {
  const n = op.glyphs.length;
  let any = false;
  for (let i = 0; i < n && !any; i++) any = face.colourLayers(op.glyphs[i]) !== undefined;
  if (!any) return undefined;
  const k = 1000 / face.unitsPerEm;
  const [cos, sin] = op.turn ?? [1, 0];
  // Pen before each glyph, thousandths of an em, as the TJ array moves it.
  const pen = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) pen[i + 1] = pen[i] + Math.round(face.advanceOf(op.glyphs[i]) * k) - op.adjust[i];
  const at = (i: number) => {
    const d = (pen[i] * op.size) / 1000;
    return { x: op.x + d * cos, y: op.y + d * sin };
  };
  const cellAt = (i: number) => {
    let a = op.at;
    const cs = op.cells ?? [];
    for (let k = 0; k < cellCount(cs); k++) if (cellFrom(cs, k) <= i) a = cellAtIn(cs, k);
    return a;
  };
  const out: (GlyphRunOp | PathOp)[] = [];
  // The run's own /ActualText is said once, by the first piece; every later piece says nothing.
  let said = op.actualText === undefined;
  const piece = (from: number, to: number, glyphs: Uint16Array, text: GlyphTexts, colour = op.colour): GlyphRunOp => {
    const p: GlyphRunOp = {
      ...op,
      at: cellAt(from),
      ...at(from),
      colour,
      glyphs,
      adjust: op.adjust.slice(from, to),
      text,
      cells: undefined,
      reach: undefined,
    };
    if (!said) said = true;
    else if (op.actualText !== undefined) p.actualText = '';
    return p;
  };
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const layers = i < n ? face.colourLayers(op.glyphs[i]) : undefined;
    if (i < n && !layers) continue;
    if (i > start) out.push(piece(start, i, op.glyphs.slice(start, i), op.text.slice(start, i)));
    start = i + 1;
    if (!layers) continue;
    layers.forEach((l, j) => {
      const colour: Colour = l.rgb ? { space: 'rgb', c: [l.rgb[0] / 255, l.rgb[1] / 255, l.rgb[2] / 255] } : op.colour;
      if (j === 0) {
        const p = piece(i, i + 1, Uint16Array.of(l.gid), [op.text[i]], colour);
        p.adjust = Int32Array.of(0);
        out.push(p);
      } else out.push(layerPath(op, face, l.gid, at(i), colour, cellAt(i)));
    });
  }
  return out;
}

/**
 * An upper layer as a filled path at the glyph's pen position (the run's size, turn and matrix):
 * drawn, never extracted, so each cluster's text is said once by its bottom layer whatever the reader.
 */
function layerPath(
  op: GlyphRunOp,
  face: Face,
  gid: number,
  pen: { x: number; y: number },
  fill: Colour,
  at: JsonPointer,
): PathOp {
  const s = op.size / face.unitsPerEm;
  const [cos, sin] = op.turn ?? [1, 0];
  const segs = face.outlineOf(gid).map(({ k, v }) => {
    const w: number[] = [];
    for (let i = 0; i < v.length; i += 2)
      w.push(pen.x + (v[i] * cos - v[i + 1] * sin) * s, pen.y + (v[i] * sin + v[i + 1] * cos) * s);
    return { k, v: w };
  });
  return { op: 'path', at, ...(op.matrix ? { matrix: op.matrix } : {}), segs, fill, fillRule: 'nonzero' };
}
