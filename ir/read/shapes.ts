// ir/read/shapes.ts — reading, shape items: `rect` (fill, stroke), `line`, `path`, `polygon`,
// `ellipse` and `drawing` → their IR; and the path pieces other kinds share (segments, strokes, the
// text item's clip). Geometry stays coordinate values, evaluated at layout.
import { DEFAULT_ARROW_SIZE } from '../defaults.js';
import type * as D from '../description.generated.js';
import type { ClipSpec, PathSeg, Pt, StrokeSpec } from '../graphics-types.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { colourSchema, itemBase } from '../schema/common.js';
import {
  drawingItemSchema,
  ellipseItemSchema,
  lineItemSchema,
  pathItemSchema,
  polygonItemSchema,
  strokeSchema,
} from '../schema/graphics.js';
import type { ArrowsSpec, Colour, DrawingItem, EllipseItem, ItemBase, PathItem, RectItem } from '../types.js';
import { lazyValidator, readColour, readCoord, readRect } from './common.js';
import type { ItemReader } from './items.js';

/** A point as sent: two coordinate values. */
type RawPoint = D.LineItem['from'];

const CAPS: Record<string, number> = { butt: 0, round: 1, square: 2 };
const JOINS: Record<string, number> = { miter: 0, round: 1, bevel: 2 };

// Readers build their item onto the fresh base (Object.assign), not as `{...base, …}`: copying the
// base per item was a large part of reading 10 000 items (bench/validate.ts).

/** Every shape kind takes the common keys, `fill` (not line) and `stroke`. */
function withBase<T extends { properties: Record<string, unknown> }>(s: T, fill = true) {
  return {
    ...s,
    properties: {
      ...itemBase,
      ...(fill ? { fill: colourSchema } : {}),
      ...s.properties,
      stroke: { ...strokeSchema, properties: { ...strokeSchema.properties, color: colourSchema } },
    },
  };
}

export function readPoint(a: RawPoint, p: JsonPointer): Pt {
  return [readCoord(a[0], at(p, 0)), readCoord(a[1], at(p, 1))];
}

/** Segments of a path: the first must be a move (a path starts somewhere); each states exactly one of move, line, curve, close. */
export function readSegments(raw: D.PathSegment[], p: JsonPointer): PathSeg[] {
  return raw.map((s, i) => {
    const sp = at(p, i);
    const keys = (['move', 'line', 'curve', 'close'] as const).filter((k) => s[k] !== undefined);
    if (keys.length !== 1)
      refuse('pathSegmentShape', sp, { at: sp, found: keys.length ? keys.join(' and ') : 'none of them' });
    const k = keys[0];
    if (i === 0 && k !== 'move') refuse('pathStartsWithoutMove', at(sp, k), { at: p, first: k });
    // exactly one of the four is given (checked above)
    const { move, line, curve: c } = s;
    if (c)
      return {
        k: 'curve',
        c1: readPoint(c[0], at(sp, 'curve', 0)),
        c2: readPoint(c[1], at(sp, 'curve', 1)),
        p: readPoint(c[2], at(sp, 'curve', 2)),
      };
    if (move) return { k: 'move', p: readPoint(move, at(sp, 'move')) };
    if (line) return { k: 'line', p: readPoint(line, at(sp, 'line')) };
    return { k: 'close' };
  });
}

/** `stroke`: colour (default black), width (default 1), dash, cap, join, miter_limit. */
export function readStroke(s: D.Stroke | undefined, p: JsonPointer): StrokeSpec | undefined {
  if (s === undefined) return undefined;
  if (s.dash && s.dash.pattern.length > 0 && s.dash.pattern.every((d) => d === 0))
    refuse('dashAllZero', at(p, 'dash', 'pattern'), { key: at(p, 'dash', 'pattern') });
  return {
    at: p,
    colour: s.color === undefined ? { space: 'gray', c: [0] } : readColour(s.color, at(p, 'color')),
    width: s.width ?? 1,
    dash: s.dash ? { array: s.dash.pattern, phase: s.dash.phase ?? 0 } : undefined,
    cap: s.cap === undefined ? undefined : CAPS[s.cap],
    join: s.join === undefined ? undefined : JOINS[s.join],
    miterLimit: s.miter_limit,
  };
}

export function readClip(c: D.Clip | undefined, p: JsonPointer): ClipSpec | undefined {
  if (c === undefined) return undefined;
  return { at: p, segments: readSegments(c.segments, at(p, 'segments')), rule: c.rule ?? 'nonzero' };
}

export { DEFAULT_ARROW_SIZE } from '../defaults.js';

/**
 * `arrows` on a line or a path: refused on a closed path (its ends meet: no end to point) and on a
 * path without a stroke (the heads are drawn in the stroke). Absent, or both ends `none`: no heads.
 */
function readArrows(
  raw: D.PathItem | D.LineItem,
  p: JsonPointer,
  segments: PathSeg[],
  stroked: boolean,
): ArrowsSpec | undefined {
  const a = raw.arrows;
  if (a === undefined) return undefined;
  const ap = at(p, 'arrows');
  const start = a.start ?? 'none',
    end = a.end ?? 'none';
  if (start === 'none' && end === 'none') return undefined;
  const closed = segments.findIndex((s) => s.k === 'close');
  if (closed >= 0) refuse('arrowsOnClosedPath', ap, { key: ap, closeAt: at(p, 'segments', closed, 'close') });
  if (!stroked) refuse('arrowsWithoutStroke', ap, { key: ap, stroke: at(p, 'stroke') });
  return { at: ap, start, end, size: a.size ?? DEFAULT_ARROW_SIZE };
}

const fillOf = (raw: { fill?: D.Colour }, p: JsonPointer): Colour | undefined =>
  raw.fill === undefined ? undefined : readColour(raw.fill, at(p, 'fill'));

export const rectReader: ItemReader<'rect'> = {
  validate: lazyValidator(withBase({ type: 'object', required: ['rect'], properties: {} })),
  read(raw, base: ItemBase): RectItem {
    return Object.assign(base, {
      type: 'rect' as const,
      rect: readRect(raw.rect, at(base.at, 'rect')),
      fill: fillOf(raw, base.at),
      stroke: readStroke(raw.stroke, at(base.at, 'stroke')),
    });
  },
};

export const pathReader: ItemReader<'path'> = {
  validate: lazyValidator(withBase(pathItemSchema)),
  read(raw, base: ItemBase): PathItem {
    const segments = readSegments(raw.segments, at(base.at, 'segments'));
    const stroke = readStroke(raw.stroke, at(base.at, 'stroke'));
    return Object.assign(base, {
      type: 'path' as const,
      segments,
      fill: fillOf(raw, base.at),
      fillRule: raw.fill_rule ?? 'nonzero',
      stroke,
      rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(base.at, 'rect')),
      arrows: readArrows(raw, base.at, segments, stroke !== undefined),
    });
  },
};

export const polygonReader: ItemReader<'polygon'> = {
  validate: lazyValidator(withBase(polygonItemSchema)),
  read(raw, base: ItemBase): PathItem {
    const pts = raw.points.map((q, i) => readPoint(q, at(base.at, 'points', i)));
    const segments: PathSeg[] = [
      ...pts.map((q, i): PathSeg => ({ k: i === 0 ? 'move' : 'line', p: q })),
      { k: 'close' },
    ];
    return Object.assign(base, {
      type: 'polygon' as const,
      segments,
      fill: fillOf(raw, base.at),
      fillRule: raw.fill_rule ?? 'nonzero',
      stroke: readStroke(raw.stroke, at(base.at, 'stroke')),
      rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(base.at, 'rect')),
    });
  },
};

export const lineReader: ItemReader<'line'> = {
  validate: lazyValidator(withBase(lineItemSchema, false)),
  read(raw, base: ItemBase): PathItem {
    const segments: PathSeg[] = [
      { k: 'move', p: readPoint(raw.from, at(base.at, 'from')) },
      { k: 'line', p: readPoint(raw.to, at(base.at, 'to')) },
    ];
    // A line is only ever stroked; with no stroke stated it is drawn 1 point wide in black (docs/reference.md).
    return Object.assign(base, {
      type: 'line' as const,
      segments,
      fillRule: 'nonzero' as const,
      stroke: readStroke(raw.stroke ?? {}, at(base.at, 'stroke')),
      rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(base.at, 'rect')),
      arrows: readArrows(raw, base.at, segments, true),
    });
  },
};

export const ellipseReader: ItemReader<'ellipse'> = {
  validate: lazyValidator(withBase(ellipseItemSchema)),
  read(raw, base: ItemBase): EllipseItem {
    return Object.assign(base, {
      type: 'ellipse' as const,
      rect: readRect(raw.rect, at(base.at, 'rect')),
      fill: fillOf(raw, base.at),
      stroke: readStroke(raw.stroke, at(base.at, 'stroke')),
    });
  },
};

export const drawingReader: ItemReader<'drawing'> = {
  validate: lazyValidator({ ...drawingItemSchema, properties: { ...itemBase, ...drawingItemSchema.properties } }),
  read(raw, base: ItemBase): DrawingItem {
    return Object.assign(base, {
      type: 'drawing' as const,
      drawing: { at: at(base.at, 'drawing'), name: raw.drawing },
      rect: raw.rect === undefined ? undefined : readRect(raw.rect, at(base.at, 'rect')),
    });
  },
};

export const shapeReaders = {
  rect: rectReader,
  path: pathReader,
  polygon: polygonReader,
  line: lineReader,
  ellipse: ellipseReader,
  drawing: drawingReader,
};
