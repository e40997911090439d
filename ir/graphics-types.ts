// ir/graphics-types.ts — the IR of the imaging model (issue 5): path geometry and strokes of the
// shape items, and the graphics declarations (layers, graphics states, shadings, functions, tilings,
// colour spaces, drawings, page spaces) read once and carried in `doc.graphics` through every pass.
// Numbers here are final (declarations are not coordinate expressions) except item geometry, which
// is a Coord evaluated at layout like every other coordinate.
import type * as D from './description.generated.js';
import type { JsonPointer } from './pointer.js';
import type { Colour, Coord, Item } from './types.js';

/** A point of a shape: two coordinate values. */
export type Pt = [Coord, Coord];

/** One segment of a path (`{move}`, `{line}`, `{curve}`, `{close}`), as read. */
export type PathSeg =
  | { k: 'move'; p: Pt }
  | { k: 'line'; p: Pt }
  | { k: 'curve'; c1: Pt; c2: Pt; p: Pt }
  | { k: 'close' };

export type FillRule = NonNullable<D.PathItem['fill_rule']>;

export interface StrokeSpec {
  at: JsonPointer;
  colour: Colour;
  width: number;
  dash?: { array: number[]; phase: number };
  /** 0 butt, 1 round, 2 square (ISO 32000-1 Table 54). */
  cap?: number;
  /** 0 miter, 1 round, 2 bevel (Table 55). */
  join?: number;
  miterLimit?: number;
}

export interface ClipSpec {
  at: JsonPointer;
  segments: PathSeg[];
  rule: FillRule;
}

/** A name an item or declaration calls for, with where it was written. */
export interface NameRef {
  at: JsonPointer;
  name: string;
}

// ───────────────────────────── functions ─────────────────────────────

export type FunctionSpec =
  | { shape: 'exponential'; at: JsonPointer; domain: number[]; c0: number[]; c1: number[]; n: number; range?: number[] }
  | {
      shape: 'stitching';
      at: JsonPointer;
      domain: number[];
      functions: FunctionSpec[];
      bounds: number[];
      encode: number[];
      range?: number[];
    }
  | {
      shape: 'sampled';
      at: JsonPointer;
      domain: number[];
      range: number[];
      size: number[];
      bits: number;
      samples: number[];
      decode?: number[];
      encode?: number[];
      order: 1 | 3;
    }
  | { shape: 'calculation'; at: JsonPointer; domain: number[]; range: number[]; program: string };

// ───────────────────────────── colour spaces ─────────────────────────────

/** A colour space a shading, tint or page names: a device family or a declared `color_spaces` entry. */
export type SpaceRef = { kind: 'device'; family: 'gray' | 'rgb' | 'cmyk' } | { kind: 'declared'; ref: NameRef };

export type ColorSpaceDecl =
  | { type: 'icc'; at: JsonPointer; name: string; components: number; profile: NameRef }
  | { type: 'separation'; at: JsonPointer; name: string; ink: string; alternate: SpaceRef; tint: FunctionSpec }
  | { type: 'device_n'; at: JsonPointer; name: string; inks: string[]; alternate: SpaceRef; tint: FunctionSpec };

// ───────────────────────────── graphics states ─────────────────────────────

export interface Screen {
  frequency: number;
  angle: number;
  spot: string;
  accurate: boolean;
}

export interface GraphicsStateDecl {
  at: JsonPointer;
  name: string;
  fillAlpha?: number;
  strokeAlpha?: number;
  blendMode?: string;
  alphaIsShape?: boolean;
  textKnockout?: boolean;
  overprint?: boolean;
  strokeOverprint?: boolean;
  fillOverprint?: boolean;
  overprintMode?: 'erase_zero' | 'keep_zero';
  renderingIntent?: string;
  blackPointCompensation?: 'reader' | 'on' | 'off';
  strokeAdjustment?: boolean;
  flatness?: number;
  smoothness?: number;
  mask?: {
    at: JsonPointer;
    drawing: NameRef;
    read: 'luminosity' | 'alpha';
    space?: 'gray' | 'rgb' | 'cmyk';
    backdrop?: number[];
  };
  transfer?: { kind: 'page' } | { kind: 'every'; f: FunctionSpec } | { kind: 'per_ink'; f: FunctionSpec[] };
  halftone?:
    | { kind: 'every'; screen: Screen }
    | { kind: 'per_ink'; inks: { colorant: string; screen: Screen }[]; dflt: Screen };
  halftoneOrigin?: { at: JsonPointer; xy: [number, number] };
}

// ───────────────────────────── shadings ─────────────────────────────

/** How a gradient's colours are given: a device space from start/end or corner colours, or a space with tints. */
export type ShadingSpace = SpaceRef;

export interface MeshCorner {
  x: number;
  y: number;
  c: number[];
}

export type ShadingDecl = {
  at: JsonPointer;
  name: string;
  antiAlias?: boolean;
} & (
  | { kind: 'function_based'; domain: number[]; matrix: number[]; space: ShadingSpace; fn: FunctionSpec }
  | { kind: 'axial' | 'radial'; coords: number[]; space: ShadingSpace; fn: FunctionSpec; extend: [boolean, boolean] }
  | { kind: 'mesh'; space: ShadingSpace; triangles: MeshCorner[][] }
  | { kind: 'lattice_mesh'; space: ShadingSpace; rows: MeshCorner[][] }
  | {
      kind: 'coons_patch_mesh' | 'tensor_patch_mesh';
      space: ShadingSpace;
      patches: { points: number[]; colours: number[][] }[];
    }
);

// ───────────────────────────── tilings, drawings, layers, pages ─────────────────────────────

export interface TilingDecl {
  at: JsonPointer;
  name: string;
  box: [number, number, number, number];
  step: [number, number];
  colored: boolean;
  /** TilingType 1, 2 or 3. */
  tilingType: 1 | 2 | 3;
  matrix?: number[];
  items: Item[];
}

export interface DrawingDecl {
  at: JsonPointer;
  name: string;
  box: [number, number, number, number];
  items: Item[];
}

export interface LayerDecl {
  at: JsonPointer;
  name: string;
  label: string;
  visible: boolean;
  printable: boolean;
  locked: boolean;
  order: number;
}

export interface PageSpaceDecl {
  at: JsonPointer;
  page: number;
  gray?: NameRef;
  rgb?: NameRef;
  cmyk?: NameRef;
  group?: { space: NameRef; isolated: boolean; knockout: boolean };
}

/** Every graphics declaration of a request, by name (tilings: a name declared twice keeps the last). */
export interface GraphicsDecls {
  layers: LayerDecl[];
  graphicsStates: Map<string, GraphicsStateDecl>;
  shadings: Map<string, ShadingDecl>;
  tilings: Map<string, TilingDecl>;
  colorSpaces: Map<string, ColorSpaceDecl>;
  drawings: Map<string, DrawingDecl>;
  pageSpaces: Map<number, PageSpaceDecl>;
  /** Bytes of ICC profiles by colour-space name, loaded by the names pass. */
  profiles: Map<string, Uint8Array>;
}

export function emptyGraphics(): GraphicsDecls {
  return {
    layers: [],
    graphicsStates: new Map(),
    shadings: new Map(),
    tilings: new Map(),
    colorSpaces: new Map(),
    drawings: new Map(),
    pageSpaces: new Map(),
    profiles: new Map(),
  };
}

/**
 * The items of every declared drawing and tiling cell, in declaration order: content drawn once into a
 * form, checked as a page's items are (fonts, licences, archive and accessibility claims).
 */
export function formItems(g: GraphicsDecls | undefined): Item[] {
  if (!g) return [];
  return [...g.drawings.values(), ...g.tilings.values()].flatMap((d) => d.items);
}
