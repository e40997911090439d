// engines/svg/geometry.ts — images engine, SVG: the outline of a shape element (SVG 1.1 §8, §9) as
// absolute moves, lines, cubic Béziers and closes. Path data goes through svgpath (relative to
// absolute, shorthands expanded, arcs to Béziers); quadratics are raised to cubics here. Also the
// exact bounding box of such an outline (objectBoundingBox units) and its content-stream operators.
import svgpath from 'svgpath';
import type { Matrix } from '../../ir/draw-ops.js';
import { quadraticAsCubic } from '../geometry/shapes.js';
import { num } from '../pdf/number.js';
import type { SvgNode } from './parse.js';
import { length, numbers } from './style.js';
import { SvgError } from './svg-error.js';

export type Seg =
  | { k: 'M' | 'L'; p: [number, number] }
  | { k: 'C'; p: [number, number, number, number, number, number] }
  | { k: 'Z' };

/** The viewport lengths resolve against: width, height (percentages of x and y) and the normalised diagonal. */
export interface Viewport {
  w: number;
  h: number;
}

const diag = (vp: Viewport) => Math.sqrt((vp.w * vp.w + vp.h * vp.h) / 2);

/** Path data read through svgpath: every command, absolute, arcs as Béziers. */
export function pathData(d: string, node: SvgNode): Seg[] {
  const p = svgpath(d);
  const err = (p as unknown as { err: string }).err;
  if (err) throw new SvgError('unreadable', `the path data of the <${node.name}> element at ${node.position}: ${err}`);
  const out: Seg[] = [];
  p.abs()
    .unarc()
    .unshort()
    .iterate((s, _i, x, y) => {
      switch (s[0]) {
        case 'M':
          out.push({ k: 'M', p: [s[1], s[2]] });
          break;
        case 'L':
          out.push({ k: 'L', p: [s[1], s[2]] });
          break;
        case 'H':
          out.push({ k: 'L', p: [s[1], y] });
          break;
        case 'V':
          out.push({ k: 'L', p: [x, s[1]] });
          break;
        case 'C':
          out.push({ k: 'C', p: [s[1], s[2], s[3], s[4], s[5], s[6]] });
          break;
        case 'Q': {
          // A quadratic as the cubic with control points two thirds of the way to its one.
          out.push({ k: 'C', p: quadraticAsCubic(x, y, s[1], s[2], s[3], s[4]) });
          break;
        }
        case 'Z':
        case 'z':
          out.push({ k: 'Z' });
          break;
      }
    });
  return out;
}

const K = 0.5522847498307936; // 4/3 (√2 − 1): a quarter ellipse as one cubic

function ellipse(cx: number, cy: number, rx: number, ry: number): Seg[] {
  const [kx, ky] = [rx * K, ry * K];
  return [
    { k: 'M', p: [cx + rx, cy] },
    { k: 'C', p: [cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry] },
    { k: 'C', p: [cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy] },
    { k: 'C', p: [cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry] },
    { k: 'C', p: [cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy] },
    { k: 'Z' },
  ];
}

/** The outline of a shape element in its user space, or [] when it draws nothing (zero size). */
export function shapeOutline(node: SvgNode, vp: Viewport): Seg[] {
  const a = node.attrs;
  const L = (k: string, ref: number) => length(a[k], ref, 0, node, k);
  switch (node.name) {
    case 'path':
      return a.d ? pathData(a.d, node) : [];
    case 'rect': {
      const [x, y, w, h] = [L('x', vp.w), L('y', vp.h), L('width', vp.w), L('height', vp.h)];
      if (!(w > 0 && h > 0)) return [];
      let rx = a.rx !== undefined && a.rx !== 'auto' ? L('rx', vp.w) : undefined;
      let ry = a.ry !== undefined && a.ry !== 'auto' ? L('ry', vp.h) : undefined;
      rx = rx ?? ry ?? 0;
      ry = ry ?? rx;
      rx = Math.min(Math.max(rx, 0), w / 2);
      ry = Math.min(Math.max(ry, 0), h / 2);
      if (rx === 0 || ry === 0)
        return [
          { k: 'M', p: [x, y] },
          { k: 'L', p: [x + w, y] },
          { k: 'L', p: [x + w, y + h] },
          { k: 'L', p: [x, y + h] },
          { k: 'Z' },
        ];
      const [kx, ky] = [rx * (1 - K), ry * (1 - K)];
      return [
        { k: 'M', p: [x + rx, y] },
        { k: 'L', p: [x + w - rx, y] },
        { k: 'C', p: [x + w - kx, y, x + w, y + ky, x + w, y + ry] },
        { k: 'L', p: [x + w, y + h - ry] },
        { k: 'C', p: [x + w, y + h - ky, x + w - kx, y + h, x + w - rx, y + h] },
        { k: 'L', p: [x + rx, y + h] },
        { k: 'C', p: [x + kx, y + h, x, y + h - ky, x, y + h - ry] },
        { k: 'L', p: [x, y + ry] },
        { k: 'C', p: [x, y + ky, x + kx, y, x + rx, y] },
        { k: 'Z' },
      ];
    }
    case 'circle': {
      const r = length(a.r, diag(vp), 0, node, 'r');
      return r > 0 ? ellipse(L('cx', vp.w), L('cy', vp.h), r, r) : [];
    }
    case 'ellipse': {
      const rx = L('rx', vp.w),
        ry = L('ry', vp.h);
      return rx > 0 && ry > 0 ? ellipse(L('cx', vp.w), L('cy', vp.h), rx, ry) : [];
    }
    case 'line':
      return [
        { k: 'M', p: [L('x1', vp.w), L('y1', vp.h)] },
        { k: 'L', p: [L('x2', vp.w), L('y2', vp.h)] },
      ];
    case 'polyline':
    case 'polygon': {
      const n = numbers(a.points ?? '', node, 'points');
      const out: Seg[] = [];
      for (let i = 0; i + 1 < n.length; i += 2) out.push({ k: i === 0 ? 'M' : 'L', p: [n[i], n[i + 1]] });
      if (node.name === 'polygon' && out.length) out.push({ k: 'Z' });
      return out;
    }
  }
  return [];
}

/** The segments under matrix `m` (an affine map keeps Béziers Béziers). */
export function transformSegs(segs: readonly Seg[], m: Matrix): Seg[] {
  const [a, b, c, d, e, f] = m;
  const tp = (p: number[]) => {
    const out: number[] = [];
    for (let i = 0; i < p.length; i += 2) out.push(a * p[i] + c * p[i + 1] + e, b * p[i] + d * p[i + 1] + f);
    return out;
  };
  return segs.map((s) => (s.k === 'Z' ? s : ({ k: s.k, p: tp(s.p) } as Seg)));
}

/** Content-stream operators building the path. */
export function pathOps(segs: readonly Seg[]): string {
  let s = '';
  for (const g of segs) {
    if (g.k === 'Z') s += 'h\n';
    else s += `${g.p.map(num).join(' ')} ${g.k === 'M' ? 'm' : g.k === 'L' ? 'l' : 'c'}\n`;
  }
  return s;
}

/** Extremes of one cubic coordinate on (0, 1): roots of its derivative. */
function cubicExtremes(p0: number, p1: number, p2: number, p3: number, out: number[]): void {
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  const at = (t: number) => {
    const u = 1 - t;
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
  };
  const roots: number[] = [];
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b);
  } else {
    const disc = b * b - 4 * a * c;
    if (disc >= 0) {
      const r = Math.sqrt(disc);
      roots.push((-b + r) / (2 * a), (-b - r) / (2 * a));
    }
  }
  for (const t of roots) if (t > 0 && t < 1) out.push(at(t));
}

/** The exact bounding box [x, y, w, h] of the outline's geometry (no stroke), or undefined when empty. */
export function bbox(segs: readonly Seg[]): [number, number, number, number] | undefined {
  const xs: number[] = [];
  const ys: number[] = [];
  let cx = 0,
    cy = 0;
  for (const s of segs) {
    if (s.k === 'Z') continue;
    if (s.k === 'C') {
      cubicExtremes(cx, s.p[0], s.p[2], s.p[4], xs);
      cubicExtremes(cy, s.p[1], s.p[3], s.p[5], ys);
      cx = s.p[4];
      cy = s.p[5];
    } else {
      cx = s.p[0];
      cy = s.p[1];
    }
    xs.push(cx);
    ys.push(cy);
  }
  if (!xs.length) return undefined;
  let [x0, x1, y0, y1] = [xs[0], xs[0], ys[0], ys[0]];
  for (const x of xs) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
  }
  for (const y of ys) {
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1 - x0, y1 - y0];
}
