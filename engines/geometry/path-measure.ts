// engines/geometry/path-measure.ts — geometry engine: measuring a path by arc length: its segments (`m` `l` `c`
// `h` in page numbers) flattened into a polyline close enough to the curves that a point found by
// distance along it lies on the drawn path to a hundredth of a point, and the point and the tangent
// at any distance. Used by text_path (text-path.ts), whose letters must sit on the path within half
// a point (issue 11); and by arrowheads, which need the direction at a path's ends.
import type { PathSegOp } from '../../ir/types.js';

/** Greatest distance between a flattened piece and its curve, points: fifty times inside the half point a letter may stray. */
export const FLATNESS = 0.01;
/**
 * Halvings of one Bézier at most (2^10 pieces): enough for FLATNESS on any curve a page holds
 * (a 1000-point curve in 1-point chords strays 1²/(8·r) ≤ 0.003 point for radii over 40 points),
 * and a bound on the work a hostile path with huge coordinates can cause.
 */
const MAX_DEPTH = 10;

export interface MeasuredPath {
  xs: number[];
  ys: number[];
  /** Arc length from the start to each point. */
  lens: number[];
  length: number;
}

/** A point at some distance along a path and the unit tangent there. */
export interface PathPoint {
  x: number;
  y: number;
  tx: number;
  ty: number;
}

function flatEnough(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
): boolean {
  // Distance of both control points from the chord (or from the start, for a chord of no length).
  const dx = x3 - x0,
    dy = y3 - y0;
  const d = Math.hypot(dx, dy);
  if (d < 1e-9) return Math.hypot(x1 - x0, y1 - y0) <= FLATNESS && Math.hypot(x2 - x0, y2 - y0) <= FLATNESS;
  const e1 = Math.abs((x1 - x0) * dy - (y1 - y0) * dx) / d;
  const e2 = Math.abs((x2 - x0) * dy - (y2 - y0) * dx) / d;
  // A cubic strays at most 3/4 of its control points' distance from the chord.
  return 0.75 * Math.max(e1, e2) <= FLATNESS;
}

function flattenCubic(
  out: { xs: number[]; ys: number[] },
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  depth: number,
): void {
  if (depth >= MAX_DEPTH || flatEnough(x0, y0, x1, y1, x2, y2, x3, y3)) {
    out.xs.push(x3);
    out.ys.push(y3);
    return;
  }
  // de Casteljau at t = 1/2.
  const ax = (x0 + x1) / 2,
    ay = (y0 + y1) / 2,
    bx = (x1 + x2) / 2,
    by = (y1 + y2) / 2,
    cx = (x2 + x3) / 2,
    cy = (y2 + y3) / 2;
  const dx = (ax + bx) / 2,
    dy = (ay + by) / 2,
    ex = (bx + cx) / 2,
    ey = (by + cy) / 2;
  const mx = (dx + ex) / 2,
    my = (dy + ey) / 2;
  flattenCubic(out, x0, y0, ax, ay, dx, dy, mx, my, depth + 1);
  flattenCubic(out, mx, my, ex, ey, cx, cy, x3, y3, depth + 1);
}

/** The polyline of one path (one subpath: `m` first; `h` goes back to its start). */
export function flattenPath(segs: readonly PathSegOp[]): { xs: number[]; ys: number[] } {
  const out = { xs: [] as number[], ys: [] as number[] };
  let sx = 0,
    sy = 0;
  for (const s of segs) {
    const n = out.xs.length;
    const px = n ? out.xs[n - 1] : 0,
      py = n ? out.ys[n - 1] : 0;
    if (s.k === 'm') {
      out.xs.push(s.v[0]);
      out.ys.push(s.v[1]);
      sx = s.v[0];
      sy = s.v[1];
    } else if (s.k === 'l') {
      out.xs.push(s.v[0]);
      out.ys.push(s.v[1]);
    } else if (s.k === 'c') flattenCubic(out, px, py, s.v[0], s.v[1], s.v[2], s.v[3], s.v[4], s.v[5], 0);
    else if (s.k === 'h') {
      out.xs.push(sx);
      out.ys.push(sy);
    }
  }
  return out;
}

/** Measures a polyline (points that repeat the one before are dropped: they have no direction). */
export function measure(xs: readonly number[], ys: readonly number[]): MeasuredPath {
  const m: MeasuredPath = { xs: [], ys: [], lens: [], length: 0 };
  for (let i = 0; i < xs.length; i++) {
    const n = m.xs.length;
    if (n === 0) {
      m.xs.push(xs[i]);
      m.ys.push(ys[i]);
      m.lens.push(0);
      continue;
    }
    const d = Math.hypot(xs[i] - m.xs[n - 1], ys[i] - m.ys[n - 1]);
    if (!(d > 1e-9)) continue;
    m.length += d;
    m.xs.push(xs[i]);
    m.ys.push(ys[i]);
    m.lens.push(m.length);
  }
  return m;
}

/** The path measured, read from its end to its start when `reverse`. */
export function measurePath(segs: readonly PathSegOp[], reverse = false): MeasuredPath {
  const { xs, ys } = flattenPath(segs);
  if (reverse) {
    xs.reverse();
    ys.reverse();
  }
  return measure(xs, ys);
}

/**
 * The point `s` points along the path, with the unit tangent of the piece it falls on. Before the
 * start or past the end the path carries on straight along its first or last piece. Needs a path
 * with length (two points or more).
 */
export function pointAt(m: MeasuredPath, s: number): PathPoint {
  const n = m.xs.length;
  // The piece [i, i + 1] holding s: the first whose end reaches it.
  let lo = 1,
    hi = n - 1;
  if (s <= 0) hi = 1;
  else if (s >= m.length) lo = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (m.lens[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  const j = s <= 0 ? 1 : lo;
  const i = j - 1;
  const len = m.lens[j] - m.lens[i];
  const tx = (m.xs[j] - m.xs[i]) / len,
    ty = (m.ys[j] - m.ys[i]) / len;
  const along = s - m.lens[i];
  return { x: m.xs[i] + tx * along, y: m.ys[i] + ty * along, tx, ty };
}

/** Distance from a point to the polyline (tests and checks measure letters against the path with it). */
export function distanceTo(m: MeasuredPath, x: number, y: number): number {
  let best = Infinity;
  for (let i = 1; i < m.xs.length; i++) {
    const ax = m.xs[i - 1],
      ay = m.ys[i - 1],
      bx = m.xs[i],
      by = m.ys[i];
    const dx = bx - ax,
      dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(ax + t * dx - x, ay + t * dy - y));
  }
  return best;
}
