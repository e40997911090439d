// passes/layout/images.ts — layout, image items: where a picture lands in its rect. The picture is
// first turned the way its orientation says (the declaration's, else the file's EXIF), then sized by
// `fit` (stretched to the rect by default, as the spec's image item implies) and anchored by `align`.
// Orientation costs nothing: it is part of the one placement matrix, the pixels are never turned.

import type { Box } from '../../engines/geometry/coordinates.js';
import type { DrawOp, ImageAlign, Matrix, ResolvedImageItem } from '../../ir/types.js';

/**
 * EXIF orientation → the map of the unit square (image space, row 0 at the top) onto itself that
 * shows the stored picture upright. 5–8 swap width and height.
 */
export const ORIENT: Record<number, Matrix> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0], // mirror left to right
  3: [-1, 0, 0, -1, 1, 1], // half turn
  4: [1, 0, 0, -1, 0, 1], // mirror top to bottom
  5: [0, -1, -1, 0, 1, 1], // mirror left to right, then a quarter turn counter-clockwise
  6: [0, -1, 1, 0, 0, 1], // a quarter turn clockwise
  7: [0, 1, 1, 0, 0, 0], // mirror left to right, then a quarter turn clockwise
  8: [0, 1, -1, 0, 1, 0], // a quarter turn counter-clockwise
};

/** m1 then m2 (PDF's row-vector order: p · m1 · m2). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

function anchor(align: ImageAlign): [number, number] {
  const x = align.endsWith('left') ? 0 : align.endsWith('right') ? 1 : 0.5;
  const y = align.startsWith('top') ? 1 : align.startsWith('bottom') ? 0 : 0.5;
  return [x, y];
}

export function layImageItem(item: ResolvedImageItem, box: Box, matrix: Matrix | undefined): DrawOp[] {
  const res = item.res;
  const turned = res.orientation >= 5;
  const W = box.urx - box.llx,
    H = box.ury - box.lly;
  // The shown picture's own size: pixels at its resolution, turned as it is shown.
  const [nw, nh] = turned ? [res.natural[1], res.natural[0]] : res.natural;
  let w = W,
    h = H;
  if (item.fit === 'contain' || item.fit === 'cover') {
    const s = item.fit === 'contain' ? Math.min(W / nw, H / nh) : Math.max(W / nw, H / nh);
    w = nw * s;
    h = nh * s;
  } else if (item.fit === 'none') {
    w = nw;
    h = nh;
  }
  const [ax, ay] = anchor(item.align);
  const x = box.llx + (W - w) * ax,
    y = box.lly + (H - h) * ay;
  const placement = multiply(ORIENT[res.orientation], [w, 0, 0, h, x, y]);
  // Only a picture that can spill out of its rect is clipped to it.
  const clip =
    item.fit === 'cover' || (item.fit === 'none' && (w > W || h > H))
      ? { x: box.llx, y: box.lly, w: W, h: H }
      : undefined;
  return [
    {
      op: 'image',
      at: item.at,
      matrix,
      placement,
      clip,
      image: res,
      fill: res.stencil ? (item.color?.colour ?? { space: 'gray', c: [0] }) : undefined,
    },
  ];
}
