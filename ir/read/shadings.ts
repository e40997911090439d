// ir/read/shadings.ts — reading, `shadings`: each declaration's `shading` holds its kind as its
// single key (`{axial: {...}}`), read into ShadingDecl with the cross refusals of the spec's shadings
// section decided here, where the whole declaration is at hand: start/end against space/function,
// light against ink, mesh corners (color or tints), lattice rows, patch point counts, the
// function_based function. Names (a declared space) are resolved in passes/names-graphics.ts.
import type * as D from '../description.generated.js';
import type { MeshCorner, ShadingDecl, SpaceRef } from '../graphics-types.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { SHADING_KINDS, shadingKindSchemas } from '../schema/shadings.js';
import { check, lazyValidator, refuseSingular } from './common.js';
import { inputsOf, readFunction } from './functions.js';

/** A shading's kind (its single key) and that kind's body, as sent (ir/description.generated.ts). */
type RawShading = D.ShadingDeclaration['shading'];
type ShadingKind = RawShading extends infer U ? (U extends unknown ? keyof U : never) : never;
type ShadingBody<K extends ShadingKind> = K extends ShadingKind ? Extract<RawShading, Record<K, unknown>>[K] : never;

const validators = Object.fromEntries(Object.entries(shadingKindSchemas).map(([k, s]) => [k, lazyValidator(s)]));
const KINDS: ReadonlySet<string> = new Set(SHADING_KINDS);
const isKind = (k: string): k is ShadingKind => KINDS.has(k);

/** The body of a shading's kind, checked by the kind's own schema (the declarations' schema leaves it to this one). */
function bodyOf<K extends ShadingKind>(shading: RawShading, kind: K, kp: JsonPointer): ShadingBody<K> {
  const body: unknown = Reflect.get(shading, kind);
  check<ShadingBody<K>>(validators[kind], body, kp);
  return body;
}

export function readSpaceRef(name: string, p: JsonPointer): SpaceRef {
  if (name === 'gray' || name === 'rgb' || name === 'cmyk') return { kind: 'device', family: name };
  return { kind: 'declared', ref: { at: p, name } };
}

/** Device colours of one gradient: a grey counts as light; 3 numbers write DeviceRGB, 4 DeviceCMYK, greys alone DeviceGray. */
function deviceFamily(colours: number[][]): { family: 'gray' | 'rgb' | 'cmyk'; values: number[][] } {
  if (colours.every((c) => c.length === 1)) return { family: 'gray', values: colours };
  if (colours[0].length === 4) return { family: 'cmyk', values: colours };
  return { family: 'rgb', values: colours.map((c) => (c.length === 1 ? [c[0], c[0], c[0]] : c)) };
}

const isInk = (c: number[]) => c.length === 4;

export function readShadingDecl(raw: D.ShadingDeclaration, p: JsonPointer): ShadingDecl {
  const name = raw.name;
  const sp = at(p, 'shading');
  const keys = Object.keys(raw.shading);
  const known = keys.filter(isKind);
  if (known.length !== 1)
    refuse('shadingKindUnknown', sp, { key: sp, found: keys.map((k) => JSON.stringify(k)).join(' and ') });
  const kind = known[0];
  const kp = at(sp, kind);
  // each case first checks the kind's body (bodyOf), then reads it
  const baseOf = (k: { anti_alias?: boolean }) => ({ at: p, name, antiAlias: k.anti_alias });
  switch (kind) {
    case 'function_based': {
      const k = bodyOf(raw.shading, kind, kp);
      const base = baseOf(k);
      const fn = readFunction(k.function, at(kp, 'function'));
      if ((fn.shape !== 'calculation' && fn.shape !== 'sampled') || inputsOf(fn) !== 2) {
        refuse('functionBasedFunction', at(kp, 'function'), {
          at: at(kp, 'function'),
          kind:
            fn.shape === 'calculation' || fn.shape === 'sampled'
              ? `${fn.shape} of ${inputsOf(fn)} input${inputsOf(fn) === 1 ? '' : 's'}`
              : fn.shape,
        });
      }
      refuseSingular(k.matrix, at(kp, 'matrix'));
      return {
        ...base,
        kind: 'function_based',
        domain: k.domain.flat(),
        matrix: k.matrix,
        space: readSpaceRef(k.space, at(kp, 'space')),
        fn,
      };
    }
    case 'axial':
    case 'radial': {
      const k = bodyOf(raw.shading, kind, kp);
      const base = baseOf(k);
      const has = (key: 'start' | 'end' | 'space' | 'function') => k[key] !== undefined;
      const se = has('start') || has('end');
      const sf = has('space') || has('function');
      if (se && sf) refuse('shadingBothWays', kp, { at: kp });
      if (!se && !sf) refuse('shadingNeitherWay', kp, { at: kp });
      for (const [a, b] of [
        ['start', 'end'],
        ['end', 'start'],
        ['space', 'function'],
        ['function', 'space'],
      ] as const) {
        if (has(a) && !has(b)) refuse('shadingHalfPair', at(kp, b), { at: kp, given: a, missing: b });
      }
      const extend = k.extend ?? [false, false];
      const coords = [...k.from, ...k.to];
      if (se) {
        const start: number[] = k.start!,
          end: number[] = k.end!;
        if (isInk(start) !== isInk(end))
          refuse('shadingLightInk', at(kp, 'end'), { at: kp, start: start.length, end: end.length });
        const { family, values } = deviceFamily([start, end]);
        const fn = { shape: 'exponential' as const, at: kp, domain: [0, 1], c0: values[0], c1: values[1], n: 1 };
        return { ...base, kind, coords, space: { kind: 'device', family }, fn, extend };
      }
      return {
        ...base,
        kind,
        coords,
        space: readSpaceRef(k.space!, at(kp, 'space')),
        fn: readFunction(k.function!, at(kp, 'function')),
        extend,
      };
    }
    case 'mesh':
    case 'lattice_mesh': {
      let k: D.MeshShading | D.LatticeMeshShading, groups: D.GouraudVertex[][];
      if (kind === 'mesh') {
        const m = bodyOf(raw.shading, kind, kp);
        k = m;
        groups = m.triangles;
      } else {
        const m = bodyOf(raw.shading, kind, kp);
        k = m;
        groups = m.rows;
      }
      const base = baseOf(k);
      const gp = at(kp, kind === 'mesh' ? 'triangles' : 'rows');
      if (kind === 'mesh' && groups.length === 0) refuse('meshEmpty', gp, { at: kp });
      if (kind === 'lattice_mesh') {
        if (groups.length < 2 || groups[0].length < 2)
          refuse('latticeTooSmall', gp, {
            key: gp,
            rows: `${groups.length} row${groups.length === 1 ? '' : 's'}${groups.length ? ` of ${groups[0].length}` : ''}`,
          });
        groups.forEach((row, i) => {
          if (row.length !== groups[0].length)
            refuse('latticeRowLength', at(gp, i), { key: at(gp, i), corners: row.length, first: groups[0].length });
        });
      }
      const hasSpace = typeof k.space === 'string';
      const entries = groups.flatMap((g, i) => g.map((c, j) => ({ raw: c, p: at(gp, i, j) })));
      const colours = cornerColours(
        entries.map((e) => ({
          color: e.raw.color,
          tints: e.raw.tints,
          p: e.raw.color ? at(e.p, 'color') : e.raw.tints ? at(e.p, 'tints') : e.p,
          colorKey: 'color',
        })),
        hasSpace,
        kp,
      );
      let n = 0;
      const out = groups.map((g) =>
        g.map((c): MeshCorner => {
          const xy = c.at;
          return { x: xy[0], y: xy[1], c: colours.values[n++] };
        }),
      );
      const space =
        k.space !== undefined
          ? readSpaceRef(k.space, at(kp, 'space'))
          : { kind: 'device' as const, family: colours.family };
      return kind === 'mesh' ? { ...base, kind, space, triangles: out } : { ...base, kind, space, rows: out };
    }
    default: {
      const k = bodyOf(raw.shading, kind, kp);
      const base = baseOf(k);
      const want = kind === 'coons_patch_mesh' ? 12 : 16;
      const patches = k.patches;
      const hasSpace = typeof k.space === 'string';
      const corners: { color?: number[]; tints?: number[]; p: JsonPointer; colorKey: string }[] = [];
      patches.forEach((patch, i) => {
        const pp = at(kp, 'patches', i);
        const pts = patch.points;
        if (pts.length !== want)
          refuse('patchPoints', at(pp, 'points'), {
            key: at(pp, 'points'),
            count: pts.length,
            kind: kind === 'coons_patch_mesh' ? 'coons' : 'tensor',
            wanted: want,
          });
        const colors = patch.colors,
          tints = patch.tints;
        if (colors && tints)
          refuse('graphicsKeysTogether', at(pp, 'tints'), { key: at(pp, 'colors'), other: at(pp, 'tints') });
        for (let j = 0; j < 4; j++)
          corners.push({
            color: colors?.[j],
            tints: tints?.[j],
            p: colors ? at(pp, 'colors', j) : tints ? at(pp, 'tints', j) : pp,
            colorKey: 'colors',
          });
      });
      const colours = cornerColours(corners, hasSpace, kp);
      const space =
        k.space !== undefined
          ? readSpaceRef(k.space, at(kp, 'space'))
          : { kind: 'device' as const, family: colours.family };
      return {
        ...base,
        kind,
        space,
        patches: patches.map((patch, i) => ({
          points: patch.points.flat(),
          colours: colours.values.slice(i * 4, i * 4 + 4),
        })),
      };
    }
  }
}

/** Corner colours of a mesh: all `color` with no space (light or ink, not mixed), or all `tints` under a space. */
function cornerColours(
  corners: { color?: number[]; tints?: number[]; p: JsonPointer; colorKey: string }[],
  hasSpace: boolean,
  kp: JsonPointer,
): { family: 'gray' | 'rgb' | 'cmyk'; values: number[][] } {
  for (const c of corners) {
    if (hasSpace && c.color) refuse('meshSpaceWithColor', c.p, { key: c.p });
    if (!hasSpace && c.tints) refuse('meshTintsNoSpace', c.p, { key: c.p });
    if (!c.color && !c.tints) refuse('meshCornerNeither', c.p, { at: c.p });
  }
  if (hasSpace) return { family: 'gray', values: corners.map((c) => c.tints!) };
  const first = corners[0];
  for (const c of corners) {
    if (isInk(c.color!) !== isInk(first.color!))
      refuse('meshLightInk', c.p, {
        at: kp,
        first: first.p,
        firstCount: first.color!.length,
        corner: c.p,
        count: c.color!.length,
      });
  }
  return deviceFamily(corners.map((c) => c.color!));
}
