// ir/svg-types.ts — an SVG image as the pipeline carries it once drawn (engines/svg/draw.ts): one
// content stream in the form's own space, with the resources it names by fixed local names (/Gn
// graphics states, /Pn shading patterns, /Fn transparency groups, /In pictures). The emitter writes it
// as one form XObject per content key (passes/emit/pages/svg-form.ts), however often it is drawn.
import type { Matrix } from './draw-ops.js';
import type { ImageResource } from './image-resource.js';

/** A gradient as a shading: axial (2) or radial (3) in DeviceRGB (DeviceGray for an opacity mask), stops stitched. */
export interface SvgShading {
  type: 2 | 3;
  coords: number[];
  /** Offsets 0..1, increasing, at least two; `c` three RGB components, or one grey (an opacity mask's). */
  stops: { offset: number; c: number[] }[];
  gray?: true;
  /** Gradient space → the form's space (gradientTransform, bounding box, the element's matrix). */
  matrix: Matrix;
}

/** A group drawn with its opacity as a whole: a transparency group form in the space it is drawn in. */
export interface SvgGroup {
  content: string;
  bbox: [number, number, number, number];
}

export interface SvgArt {
  /** The viewport's size in points (its width and height, CSS pixels at 96 per inch). */
  width: number;
  height: number;
  /** Content operators (latin1), drawing the viewport [0 0 width height], y up. */
  content: string;
  groups: SvgGroup[];
  /**
   * ExtGState /Gn: fill (ca) and stroke (CA) alpha; `mask` a luminosity soft mask painting shading
   * /Sh`sh` under `matrix` inside `bbox` (a gradient whose stops differ in opacity).
   */
  states: { ca: number; CA: number; mask?: { sh: number; matrix: Matrix; bbox: [number, number, number, number] } }[];
  /** Shading patterns /Pn (a gradient stroke; `matrix` maps to the form's space). */
  patterns: SvgShading[];
  /** Shadings /Shn painted with `sh` inside a fill's clip (`matrix` is then applied with cm, in the element's space). */
  shadings: SvgShading[];
  /** Embedded raster images (data: URIs), read through the image pipeline. */
  images: ImageResource[];
  /** Where the first opacity or see-through picture is (PDF/A-1 has no transparency), if any. */
  transparentAt?: string;
  /** Names of the description's fonts whose glyph outlines its text is drawn with (they count as drawn with). */
  fonts?: string[];
  /** Whether any colour is RGB (every SVG colour is sRGB; grey ones are written as grey). */
  rgbAt?: string;
}
