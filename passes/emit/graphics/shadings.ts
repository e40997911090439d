// passes/emit/graphics/shadings.ts — emit sub-step: shading objects (§8.7.4.5): function_based (type 1),
// axial (2), radial (3) as dictionaries, the four meshes (4–7) as Flate streams of packed data
// (./meshes.ts), and the shading pattern (PatternType 2) through which a fill `{shading}` paints.
import { deflateSync } from 'node:zlib';
import type { PDFContext, PDFObject, PDFRef } from 'pdf-lib';
import { writeFunction } from '../../../engines/pdf/functions.js';
import type { ShadingDecl, SpaceRef } from '../../../ir/graphics-types.js';
import { type Mesh, meshData } from './meshes.js';

const TYPES = {
  function_based: 1,
  axial: 2,
  radial: 3,
  mesh: 4,
  lattice_mesh: 5,
  coons_patch_mesh: 6,
  tensor_patch_mesh: 7,
} as const;

export function writeShading(context: PDFContext, s: ShadingDecl, space: (s: SpaceRef) => PDFObject): PDFRef {
  const d: Record<string, unknown> = { ShadingType: TYPES[s.kind], ColorSpace: space(s.space) };
  // spec: anti_alias absent → no entry written (a reader takes it as false).
  if (s.antiAlias !== undefined) d.AntiAlias = s.antiAlias;
  if (s.kind === 'function_based') {
    d.Domain = s.domain;
    d.Matrix = s.matrix;
    d.Function = writeFunction(context, s.fn);
    return context.register(context.obj(d as never));
  }
  if (s.kind === 'axial' || s.kind === 'radial') {
    d.Coords = s.coords;
    d.Domain = s.fn.domain.slice(0, 2);
    d.Function = writeFunction(context, s.fn);
    d.Extend = s.extend;
    return context.register(context.obj(d as never));
  }
  const { bytes, entries } = meshData(s as Mesh);
  Object.assign(d, entries, { Filter: 'FlateDecode' });
  return context.register(context.stream(deflateSync(bytes), d as never));
}

/** The pattern a fill `{shading}` selects: the gradient laid in the default space of the page (or form). */
export function writeShadingPattern(context: PDFContext, shading: PDFRef): PDFRef {
  return context.register(
    context.obj({ Type: 'Pattern', PatternType: 2, Shading: shading, Matrix: [1, 0, 0, 1, 0, 0] } as never),
  );
}
