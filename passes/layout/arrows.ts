// passes/layout/arrows.ts — layout, arrowheads on a line or an open path (docs/reference.md,
// "Arrowheads"): at each end asked for, a head `size` stroke widths long in the stroke colour,
// pointing along the path there. A `closed` head is a filled triangle whose tip is the path's end;
// the path is cut back to the triangle's base so the line's own end does not show past the tip. An
// `open` head is two strokes meeting at the end, drawn solid (the line's dash does not apply).
import type { ArrowStyle, DrawOp, PathItem, PathSegOp } from '../../ir/types.js';

type P = [number, number];

/** Half the head's width over its length: the wings stand about 22° off the line, as drawing programs draw them. */
const HEAD_SPREAD = 0.4;

/** A stroke of width 0 (the thinnest line a device draws) sizes its heads as a 1-point stroke would. */
const ZERO_WIDTH_AS = 1;

function bez(a: P, b: P, c: P, d: P, t: number): P {
  const u = 1 - t;
  return [
    u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
    u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
  ];
}

const mix = (a: P, b: P, t: number): P => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The part of a Bézier from 0 to t (de Casteljau). */
function leftPart(a: P, b: P, c: P, d: P, t: number): [P, P, P, P] {
  const ab = mix(a, b, t),
    bc = mix(b, c, t),
    cd = mix(c, d, t),
    abc = mix(ab, bc, t),
    bcd = mix(bc, cd, t);
  return [a, ab, abc, mix(abc, bcd, t)];
}

const dist = (a: P, b: P) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The point where the path stands after segment `i` (a move, line or curve sets it; close goes back to the move). */
function pointAfter(segs: readonly PathSegOp[], i: number): P {
  const s = segs[i];
  if (s.k === 'c') return [s.v[4], s.v[5]];
  if (s.k === 'm' || s.k === 'l') return [s.v[0], s.v[1]];
  return pointAfter(segs, 0);
}

/** One end of the path seen from the tip backwards: the tip, then the drawing segment's other points towards the tip's far side. */
interface End {
  tip: P;
  ctrl: P[];
  from: P;
}

/**
 * Where the path meets the head: the head's direction (unit, towards the tip) and, for a closed
 * head, the end segment cut back to the head's base ([] when it is too short to cut: left whole).
 */
function headAt(end: End, length: number, cut: boolean): { dir: P; cutTo?: P[] } | undefined {
  const { tip, ctrl, from } = end;
  // Direction: the tangent at the tip, or (closed) the chord from the cut to the tip.
  const pts = [...ctrl, from];
  const away = pts.find((q) => dist(q, tip) > 1e-9);
  if (!away) return undefined; // a segment of no length points nowhere
  let dir: P = [(tip[0] - away[0]) / dist(tip, away), (tip[1] - away[1]) / dist(tip, away)];
  if (!cut || dist(from, tip) <= length) return { dir };
  if (ctrl.length === 0) {
    const base: P = [tip[0] - dir[0] * length, tip[1] - dir[1] * length];
    return { dir, cutTo: [base] };
  }
  // A curve: halve t from the far end until the point stands `length` from the tip.
  const [c2, c1] = ctrl;
  let lo = 0,
    hi = 1;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (dist(bez(from, c1, c2, tip, mid), tip) > length) lo = mid;
    else hi = mid;
  }
  const part = leftPart(from, c1, c2, tip, lo);
  const q = part[3];
  dir = [(tip[0] - q[0]) / dist(tip, q), (tip[1] - q[1]) / dist(tip, q)];
  return { dir, cutTo: [part[2], part[1], q] };
}

function headOps(item: PathItem, style: ArrowStyle, tip: P, dir: P, length: number): DrawOp[] {
  const n: P = [-dir[1], dir[0]];
  const base: P = [tip[0] - dir[0] * length, tip[1] - dir[1] * length];
  const hw = HEAD_SPREAD * length;
  const left: P = [base[0] + n[0] * hw, base[1] + n[1] * hw],
    right: P = [base[0] - n[0] * hw, base[1] - n[1] * hw];
  const segs: PathSegOp[] = [
    { k: 'm', v: left },
    { k: 'l', v: tip },
    { k: 'l', v: right },
  ];
  const stroke = item.stroke!;
  if (style === 'closed')
    return [
      { op: 'path', at: item.arrows!.at, segs: [...segs, { k: 'h', v: [] }], fill: stroke.colour, fillRule: 'nonzero' },
    ];
  return [
    {
      op: 'path',
      at: item.arrows!.at,
      segs,
      fillRule: 'nonzero',
      stroke: { ...stroke, dash: undefined, join: 0, miterLimit: 10 },
    },
  ];
}

/** The path's ops with its heads: the path (cut back under closed heads), then a head per end asked for. */
export function withArrows(item: PathItem, segs: PathSegOp[]): { segs: PathSegOp[]; heads: DrawOp[] } {
  const a = item.arrows!;
  const length = a.size * (item.stroke!.width || ZERO_WIDTH_AS);
  const out = segs.map((s) => ({ k: s.k, v: [...s.v] }));
  const heads: DrawOp[] = [];
  const drawing = out.map((s, i) => (s.k === 'l' || s.k === 'c' ? i : -1)).filter((i) => i > 0);
  if (drawing.length === 0) return { segs: out, heads };
  if (a.end !== 'none') {
    const i = drawing[drawing.length - 1];
    const s = out[i];
    const end: End = {
      tip: pointAfter(out, i),
      ctrl:
        s.k === 'c'
          ? [
              [s.v[2], s.v[3]],
              [s.v[0], s.v[1]],
            ]
          : [],
      from: pointAfter(out, i - 1),
    };
    const h = headAt(end, length, a.end === 'closed');
    if (h) {
      if (h.cutTo)
        s.v =
          s.k === 'c'
            ? [h.cutTo[1][0], h.cutTo[1][1], h.cutTo[0][0], h.cutTo[0][1], h.cutTo[2][0], h.cutTo[2][1]]
            : [...h.cutTo[0]];
      heads.push(...headOps(item, a.end, end.tip, h.dir, length));
    }
  }
  if (a.start !== 'none') {
    const i = drawing[0];
    const s = out[i];
    // Read backwards: the tip is where the segment starts; its far point is where it ends.
    const end: End = {
      tip: pointAfter(out, i - 1),
      ctrl:
        s.k === 'c'
          ? [
              [s.v[0], s.v[1]],
              [s.v[2], s.v[3]],
            ]
          : [],
      from: pointAfter(out, i),
    };
    const h = headAt(end, length, a.start === 'closed');
    if (h) {
      if (h.cutTo && out[i - 1].k === 'm') {
        const m = out[i - 1];
        if (s.k === 'c') {
          // The reversed left part, read forwards again: start at the cut, controls swapped.
          m.v = [...h.cutTo[2]];
          s.v = [h.cutTo[0][0], h.cutTo[0][1], h.cutTo[1][0], h.cutTo[1][1], s.v[4], s.v[5]];
        } else m.v = [...h.cutTo[0]];
      }
      heads.push(...headOps(item, a.start, end.tip, h.dir, length));
    }
  }
  return { segs: out, heads };
}
