// passes/layout/off-page.ts — layout, after a page's items are laid: what of the page's text and codes
// is drawn outside the sheet (issue 17, "nothing silently lost"). The spec lets text run past its box,
// but text past the page edge is lost from view, so each item whose letters (text, flow, table cells,
// text_path, a code's human-readable text) or bars leave the page gives one warning remark naming its
// pointer, the page and how much fell outside: words and lines for text, points for a code's bars.
// A glyph is outside when its box (advance × descender..ascender, under every matrix around it) is not
// wholly on the page. A shadow is the same letters again and is not counted twice.

import { cellAt, cellCount, cellFrom, type GlyphRowsOp, rowRun } from '../../ir/draw-ops.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { DrawOp, FontResource, GlyphRunOp, Matrix, PageSize } from '../../ir/types.js';

/** Slack at the page edges, points: a letter grazing the edge by less is on the page. */
const EDGE_SLACK = 0.01;
/** How far a run may start from where the item's previous run ended and still continue its word, points. */
const PEN_SLACK = 0.05;

export interface OffPageText {
  at: JsonPointer;
  /** Words with at least one letter outside the page. */
  words: number;
  /** Lines (baselines) with at least one letter outside the page. */
  lines: number;
}

export interface OffPageBars {
  at: JsonPointer;
  /** The farthest a bar reaches past a page edge, points. */
  points: number;
}

type Point = [number, number];

function apply(m: Matrix | undefined, p: Point): Point {
  if (!m) return p;
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

/** `inner` then `outer`: the matrix a cm inside a cm makes. */
function concat(inner: Matrix | undefined, outer: Matrix | undefined): Matrix | undefined {
  if (!inner) return outer;
  if (!outer) return inner;
  const [a, b, c, d, e, f] = inner;
  const [A, B, C, D, E, F] = outer;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/** How far the points reach past the page, points (0: all on it). */
function overhang(points: readonly Point[], size: PageSize): number {
  let worst = 0;
  for (const [x, y] of points) worst = Math.max(worst, -x, -y, x - size.width, y - size.height);
  return worst;
}

/**
 * Each face's glyph advances (font units) as `advanceOf` gives them, by glyph id; NaN where not
 * asked yet. Grown to the highest id asked (a face made per render, a variant or chain, must not
 * cost a 65 536-entry table each time).
 */
const advanceCache = new WeakMap<FontResource['face'], Float64Array>();
function advancesOf(face: FontResource['face'], atLeast = 0): Float64Array {
  const t = advanceCache.get(face);
  if (t && t.length > atLeast) return t;
  let size = t ? t.length : 256;
  while (size <= atLeast) size *= 2;
  const grown = new Float64Array(size).fill(Number.NaN);
  if (t) grown.set(t);
  advanceCache.set(face, grown);
  return grown;
}

/**
 * Whether every letter of the run is surely on the page: the box from the least to the farthest
 * pen position a letter's box reaches, descender to ascender, is on it (with a margin for rounding;
 * a run near an edge is walked letter by letter). A run without a face is not walked either way.
 */
function runOnPage(
  op: GlyphRunOp,
  m: Matrix | undefined,
  size: PageSize,
  fonts: ReadonlyMap<string, FontResource>,
): boolean {
  const face = fonts.get(op.font)?.face;
  if (!face) return true;
  const scale = op.size / face.unitsPerEm;
  const asc = face.metrics.ascender * scale;
  const desc = face.metrics.descender * scale;
  const turn = op.turn;
  const cos = turn ? turn[0] : 1,
    sin = turn ? turn[1] : 0;
  // a box layout knew holds every letter's: inside the page, so is the run (else the glyphs are walked)
  if (op.reach && boxOnPage(op.x, op.y, op.reach[0], op.reach[1], asc, desc, cos, sin, m, size)) return true;
  let pen = 0,
    lo = 0,
    hi = 0;
  const g = op.glyphs;
  let units = advancesOf(face);
  for (let i = 0; i < g.length; i++) {
    const gid = g[i];
    if (gid >= units.length) units = advancesOf(face, gid);
    let u = units[gid];
    if (Number.isNaN(u)) u = units[gid] = face.advanceOf(gid);
    const adv = u * scale;
    const end = pen + adv;
    if (end < lo) lo = end;
    if (end > hi) hi = end;
    pen = end - (op.adjust[i] * op.size) / 1000;
    if (pen < lo) lo = pen;
    if (pen > hi) hi = pen;
  }
  return boxOnPage(op.x, op.y, lo, hi, asc, desc, cos, sin, m, size);
}

/**
 * Per row of a rows op, 1 when its reach's box is on the page (as `runOnPage` finds it from the row's
 * run's `reach`), 0 when its letters must be walked; undefined when every row's is (or its font has
 * no face: not walked either way).
 */
function rowsOnPage(
  op: GlyphRowsOp,
  m: Matrix | undefined,
  size: PageSize,
  fonts: ReadonlyMap<string, FontResource>,
): Uint8Array | undefined {
  const face = fonts.get(op.font)?.face;
  if (!face) return undefined;
  const scale = op.size / face.unitsPerEm;
  const asc = face.metrics.ascender * scale;
  const desc = face.metrics.descender * scale;
  const p = op.place;
  let on: Uint8Array | undefined;
  for (let r = 0; r < op.count; r++) {
    if (boxOnPage(p[4 * r], p[4 * r + 1], p[4 * r + 2], p[4 * r + 3], asc, desc, 1, 0, m, size)) continue;
    on ??= new Uint8Array(op.count).fill(1);
    on[r] = 0;
  }
  if (!on) return undefined;
  // a row whose box leaves the page may still have every letter on it: walked as its run
  for (let r = 0; r < op.count; r++) if (on[r] === 0 && runOnPage(rowRun(op, r), m, size, fonts)) on[r] = 1;
  return on;
}

/** Whether the box from pen positions lo to hi along the run's baseline, descender to ascender, is on the page. */
function boxOnPage(
  x0: number,
  y0: number,
  lo: number,
  hi: number,
  asc: number,
  desc: number,
  cos: number,
  sin: number,
  m: Matrix | undefined,
  size: PageSize,
): boolean {
  // the four corners (lo or hi, descender or ascender), without an array per corner: a table's every row is a run
  let worst = 0;
  for (let k = 0; k < 4; k++) {
    const a = k < 2 ? lo : hi,
      v = k % 2 === 0 ? desc : asc;
    const px = x0 + a * cos - v * sin,
      py = y0 + a * sin + v * cos;
    const x = m ? m[0] * px + m[2] * py + m[4] : px,
      y = m ? m[1] * px + m[3] * py + m[5] : py;
    worst = Math.max(worst, -x, -y, x - size.width, y - size.height);
  }
  return worst <= EDGE_SLACK - 1e-6;
}

interface Letter {
  text: string;
  off: boolean;
  line: string;
}

/**
 * The page's text items and code items that leave the page, in drawing order. `codeItems`: the
 * pointers of the page's code items (their filled rectangles are bars).
 */
export function offPage(
  ops: readonly DrawOp[],
  size: PageSize,
  fonts: ReadonlyMap<string, FontResource>,
  codeItems: ReadonlySet<JsonPointer>,
): { text: OffPageText[]; bars: OffPageBars[] } {
  // Runs by their glyph array: a shadow shares it with the letters it shadows (engines/text/runs.ts),
  // and the letters come after their shadow, so the last seen is the text itself.
  const runs = new Map<Uint16Array, { op: GlyphRunOp | GlyphRowsOp; m: Matrix | undefined }>();
  const bars = new Map<JsonPointer, number>();
  const walk = (list: readonly DrawOp[], outer: Matrix | undefined): void => {
    for (const op of list) {
      const m = concat(op.matrix, outer);
      if (op.op === 'scope' || op.op === 'marked') walk(op.ops, m);
      else if (op.op === 'glyphs' || op.op === 'rows') runs.set(op.glyphs, { op, m });
      else if ((op.op === 'rects' || op.op === 'rect') && codeItems.has(op.at)) {
        const quads = op.op === 'rect' ? [op.x, op.y, op.w, op.h] : op.rects;
        const corners: Point[] = [];
        for (let i = 0; i + 3 < quads.length; i += 4) {
          const [x, y, w, h] = [quads[i], quads[i + 1], quads[i + 2], quads[i + 3]];
          corners.push(apply(m, [x, y]), apply(m, [x + w, y]), apply(m, [x, y + h]), apply(m, [x + w, y + h]));
        }
        const o = overhang(corners, size);
        if (o > EDGE_SLACK) bars.set(op.at, Math.max(bars.get(op.at) ?? 0, o));
      }
    }
  };
  walk(ops, undefined);

  // Most runs lie wholly on the page: a run whose letters' boxes all fit inside one box that is on
  // the page needs no letter of its own. Only the items some run may leave the page from are walked
  // letter by letter below (all of their runs, so words and pens are counted as before).
  const suspect = new Set<JsonPointer>();
  const offRun = (op: GlyphRunOp): void => {
    const cs = op.cells;
    if (cs) for (let k = 0; k < cellCount(cs); k++) suspect.add(cellAt(cs, k));
    else suspect.add(op.at);
  };
  for (const { op, m } of runs.values()) {
    if (op.op === 'rows') {
      // a table part's rows: each row's reach checked as its run's would be; a row outside it walked as its run
      const on = rowsOnPage(op, m, size, fonts);
      if (on) for (let r = 0; r < op.count; r++) if (on[r] === 0) offRun(rowRun(op, r));
      continue;
    }
    if (!runOnPage(op, m, size, fonts)) offRun(op);
  }
  const letters = new Map<JsonPointer, Letter[]>();
  /** Where each item's last run left the pen (in the run's own space). */
  const penEnds = new Map<JsonPointer, Point>();
  const letterRun = (op: GlyphRunOp, m: Matrix | undefined): void => {
    const cs = op.cells ?? [op.at, 0];
    let any = false;
    for (let k = 0; k < cellCount(cs) && !any; k++) any = suspect.has(cellAt(cs, k));
    if (!any) return;
    const face = fonts.get(op.font)?.face;
    if (!face) return;
    const scale = op.size / face.unitsPerEm;
    const asc = face.metrics.ascender * scale;
    const desc = face.metrics.descender * scale;
    const [cos, sin] = op.turn ?? [1, 0];
    // A table row joined into one run still counts each cell's letters under the cell.
    const cells = cs;
    const cellsIn = cellCount(cells);
    let cell = -1;
    let list: Letter[] = [];
    // Letters of one baseline: a turned run (text_path) is one line of its own.
    const line = op.turn ? `t${op.x},${op.y}` : `${op.y.toFixed(2)}`;
    let pen = 0;
    for (let i = 0; i < op.glyphs.length; i++) {
      if (cell + 1 < cellsIn && cellFrom(cells, cell + 1) === i) {
        const at = cellAt(cells, ++cell);
        list = letters.get(at) ?? [];
        letters.set(at, list);
        // A run that does not start where the item's last run left the pen starts a new word: a
        // line's trailing space is not drawn, and two lines may share a baseline (leading 0).
        const start: Point = [op.x + pen * cos, op.y + pen * sin];
        const last = penEnds.get(at);
        if (last && Math.hypot(last[0] - start[0], last[1] - start[1]) > PEN_SLACK)
          list.push({ text: ' ', off: false, line });
      }
      const adv = face.advanceOf(op.glyphs[i]) * scale;
      const corners: Point[] = [];
      for (const a of [pen, pen + adv])
        for (const v of [desc, asc]) corners.push(apply(m, [op.x + a * cos - v * sin, op.y + a * sin + v * cos]));
      list.push({ text: op.text[i], off: overhang(corners, size) > EDGE_SLACK, line });
      pen += adv - (op.adjust[i] * op.size) / 1000;
      if (i + 1 === op.glyphs.length || (cell + 1 < cellsIn && cellFrom(cells, cell + 1) === i + 1))
        penEnds.set(cellAt(cells, cell), [op.x + pen * cos, op.y + pen * sin]);
    }
  };
  for (const { op, m } of suspect.size ? runs.values() : []) {
    if (op.op !== 'rows') letterRun(op, m);
    else
      for (let r = 0; r < op.count; r++) {
        let any = false;
        for (let c = op.cellStart[r]; c < op.cellStart[r + 1] && !any; c++) any = suspect.has(op.cellAts[c]);
        if (any) letterRun(rowRun(op, r), m);
      }
  }

  const text: OffPageText[] = [];
  for (const [at, list] of letters) {
    if (!list.some((l) => l.off)) continue;
    const lines = new Set<string>();
    let words = 0;
    let inWord = false;
    let wordOff = false;
    let line = '';
    const end = (): void => {
      if (inWord && wordOff) words++;
      inWord = false;
      wordOff = false;
    };
    for (const l of list) {
      if (l.line !== line) end();
      line = l.line;
      if (l.off) lines.add(l.line);
      if (l.text === '') {
        // a glyph that continues a cluster belongs to the word it continues
        if (inWord && l.off) wordOff = true;
        continue;
      }
      if (/^\s+$/u.test(l.text)) {
        end();
        continue;
      }
      inWord = true;
      if (l.off) wordOff = true;
    }
    end();
    text.push({ at, words, lines: lines.size });
  }
  return { text, bars: [...bars].map(([at, points]) => ({ at, points })) };
}
