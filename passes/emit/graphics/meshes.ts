// passes/emit/graphics/meshes.ts — emit sub-step: the packed data of mesh shadings (§8.7.4.5.5–8, types 4–7).
// Every vertex or patch is written with BitsPerFlag 8, BitsPerCoordinate 32 and BitsPerComponent 16,
// so each field falls on a byte boundary; Decode maps the full integer range onto the data's own
// bounds (coordinates) and onto 0..1 or the tints' own range (components), for the most precision.

import { pushAll } from '../../../ir/bounded.js';
import type { MeshCorner, ShadingDecl } from '../../../ir/graphics-types.js';

export const BITS_PER_COORDINATE = 32;
export const BITS_PER_COMPONENT = 16;
export const BITS_PER_FLAG = 8;

const COORD_MAX = 2 ** BITS_PER_COORDINATE - 1;
const COMP_MAX = 2 ** BITS_PER_COMPONENT - 1;

export type Mesh = Extract<ShadingDecl, { kind: 'mesh' | 'lattice_mesh' | 'coons_patch_mesh' | 'tensor_patch_mesh' }>;

function range(values: number[], lo0?: number, hi0?: number): [number, number] {
  let lo = lo0 ?? Infinity,
    hi = hi0 ?? -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi > lo)) hi = lo + 1;
  return [lo, hi];
}

/** The stream bytes and the dictionary entries (BitsPer…, Decode, VerticesPerRow) of a mesh. */
export function meshData(s: Mesh): { bytes: Uint8Array; entries: Record<string, unknown> } {
  const xs: number[] = [],
    ys: number[] = [],
    cs: number[][] = [];
  const corners: MeshCorner[] = s.kind === 'mesh' ? s.triangles.flat() : s.kind === 'lattice_mesh' ? s.rows.flat() : [];
  for (const c of corners) {
    xs.push(c.x);
    ys.push(c.y);
    cs.push(c.c);
  }
  if (s.kind === 'coons_patch_mesh' || s.kind === 'tensor_patch_mesh') {
    for (const p of s.patches) {
      for (let i = 0; i < p.points.length; i += 2) {
        xs.push(p.points[i]);
        ys.push(p.points[i + 1]);
      }
      pushAll(cs, p.colours);
    }
  }
  const n = cs[0].length;
  const [x0, x1] = range(xs),
    [y0, y1] = range(ys);
  const comp: [number, number][] = [];
  for (let i = 0; i < n; i++)
    comp.push(
      range(
        cs.map((c) => c[i]),
        0,
        1,
      ),
    );
  const decode = [x0, x1, y0, y1, ...comp.flat()];

  const perPoint = 8;
  const perColour = 2 * n;
  const size =
    s.kind === 'mesh'
      ? corners.length * (1 + perPoint + perColour)
      : s.kind === 'lattice_mesh'
        ? corners.length * (perPoint + perColour)
        : s.patches.length * (1 + (s.kind === 'coons_patch_mesh' ? 12 : 16) * perPoint + 4 * perColour);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let o = 0;
  const q = (v: number, lo: number, hi: number, max: number) =>
    Math.min(max, Math.max(0, Math.round(((v - lo) / (hi - lo)) * max)));
  const point = (x: number, y: number) => {
    view.setUint32(o, q(x, x0, x1, COORD_MAX));
    o += 4;
    view.setUint32(o, q(y, y0, y1, COORD_MAX));
    o += 4;
  };
  const colour = (c: number[]) => {
    c.forEach((v, i) => {
      view.setUint16(o, q(v, comp[i][0], comp[i][1], COMP_MAX));
      o += 2;
    });
  };
  if (s.kind === 'mesh' || s.kind === 'lattice_mesh') {
    // Type 4: every triangle stands alone (flag 0 on each of its three vertices). Type 5: no flags.
    for (const c of corners) {
      if (s.kind === 'mesh') bytes[o++] = 0;
      point(c.x, c.y);
      colour(c.c);
    }
  } else {
    // Types 6 and 7: flag 0 (a patch with all its own edges), the points in the order the spec's
    // patches list them (which is the order of §8.7.4.5.7/8), then the four corner colours.
    for (const p of s.patches) {
      bytes[o++] = 0;
      for (let i = 0; i < p.points.length; i += 2) point(p.points[i], p.points[i + 1]);
      p.colours.forEach(colour);
    }
  }
  const entries: Record<string, unknown> = {
    BitsPerCoordinate: BITS_PER_COORDINATE,
    BitsPerComponent: BITS_PER_COMPONENT,
    Decode: decode,
  };
  if (s.kind === 'lattice_mesh') entries.VerticesPerRow = s.rows[0].length;
  else entries.BitsPerFlag = BITS_PER_FLAG;
  return { bytes, entries };
}
