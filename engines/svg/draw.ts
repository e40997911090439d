// engines/svg/draw.ts — images engine, SVG: an element tree (parse.ts) drawn as one PDF content
// stream in vectors, never rasterised: shapes and paths filled and stroked with every stroke
// property, transforms, nested viewports (viewBox + preserveAspectRatio), opacity as graphics states
// and transparency groups, linear and radial gradients as shading patterns, clip paths, use / defs /
// symbol, and embedded raster images through the image pipeline. The tree is walked with an explicit
// stack of tasks (no recursion over the input), and every element drawn counts against a named limit
// so `use` cannot multiply a small file into an unbounded drawing.
import type { Matrix } from '../../ir/draw-ops.js';
import type { ImageResource } from '../../ir/image-resource.js';
import type { SvgArt, SvgShading } from '../../ir/svg-types.js';
import { num } from '../pdf/number.js';
import { checkTree } from './check.js';
import { bbox, pathOps, type Seg, shapeOutline, transformSegs, type Viewport } from './geometry.js';
import type { SvgNode } from './parse.js';
import {
  computeStyle,
  IDENTITY,
  INITIAL,
  invert,
  length,
  mul,
  type Paint,
  type Rgb,
  readSheet,
  readTransform,
  readViewBox,
  type Sheet,
  type Style,
  viewBoxMatrix,
} from './style.js';
import { SvgError } from './svg-error.js';
import { type FontPicker, layText } from './text.js';

/** Most elements drawn, `use` copies counted each time: bounds what references can multiply. */
export const MAX_SVG_DRAWN = 200_000;
/** Deepest chain of `use` elements drawn through one another (each copy checks the chain for loops). */
export const MAX_SVG_USE_DEPTH = 64;
/** Longest chain of gradients naming each other by href. */
export const MAX_SVG_HREF_CHAIN = 16;

/** Reads a data: URI's picture through the image pipeline (engines/images/resource.ts supplies it). */
export type RasterReader = (bytes: Uint8Array, node: SvgNode) => ImageResource;

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
const CONTAINERS = new Set(['svg', 'g', 'a', 'switch']);

type Task =
  | {
      kind: 'enter';
      node: SvgNode;
      parent: Style;
      ctm: Matrix;
      vp: Viewport;
      /** The chain of `use` elements this copy is drawn through (a use naming its own ancestor is refused). */
      uses: readonly SvgNode[];
      /** Extra matrix before the element's own transform (a use's x/y, a symbol's viewport). */
      pre?: Matrix;
      /** A symbol or nested svg drawn through a use: the use's width and height. */
      size?: [number | undefined, number | undefined];
    }
  | { kind: 'exit'; close: string; group?: { state: number; bbox: [number, number, number, number] } };

class Drawing {
  readonly art: SvgArt;
  private readonly ids = new Map<string, SvgNode>();
  private readonly stateIndex = new Map<string, number>();
  private readonly sheet: Sheet;
  private buffers: string[] = [''];
  private drawn = 0;

  constructor(
    private readonly root: SvgNode,
    private readonly raster: RasterReader,
    private readonly pick: FontPicker,
    width: number,
    height: number,
  ) {
    this.art = { width, height, content: '', groups: [], states: [], patterns: [], shadings: [], images: [] };
    const css: string[] = [];
    const stack = [root];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.attrs.id !== undefined && !this.ids.has(n.attrs.id)) this.ids.set(n.attrs.id, n);
      if (n.name === 'style') css.push(n.text);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
    this.sheet = readSheet(css.join('\n'), root);
  }

  private emit(s: string): void {
    this.buffers[this.buffers.length - 1] += s;
  }

  private state(ca: number, CA: number, at: string): string {
    const key = `${ca}/${CA}`;
    let i = this.stateIndex.get(key);
    if (i === undefined) {
      i = this.art.states.push({ ca, CA }) - 1;
      this.stateIndex.set(key, i);
    }
    this.art.transparentAt ??= at;
    return `/G${i} gs\n`;
  }

  private colour(rgb: Rgb, stroke: boolean, at: string): string {
    const [r, g, b] = rgb;
    if (r === g && g === b) return `${num(r)} ${stroke ? 'G' : 'g'}\n`;
    this.art.rgbAt ??= at;
    return `${num(r)} ${num(g)} ${num(b)} ${stroke ? 'RG' : 'rg'}\n`;
  }

  private byId(id: string, from: SvgNode, what: string): SvgNode {
    const n = this.ids.get(id);
    if (!n)
      throw new SvgError(
        'unreadable',
        `the ${what} "#${id}" of the <${from.name}> element at ${from.position} names no element`,
      );
    return n;
  }

  /** Draws the tree: the root's viewport maps its viewBox onto [0 0 width height] in points, y up. */
  draw(vb: [number, number, number, number] | undefined, vpPx: [number, number]): SvgArt {
    // Form space: points, y up. User space of the root: CSS px, y down, through the viewBox.
    const flip: Matrix = [0.75, 0, 0, -0.75, 0, this.art.height];
    const vbm = vb
      ? viewBoxMatrix(vb, [0, 0, vpPx[0], vpPx[1]], this.root.attrs.preserveAspectRatio, this.root)
      : IDENTITY;
    const ctm = mul(vbm, flip);
    this.emit(`${flip.map(num).join(' ')} cm\n`);
    if (vb) this.emit(`0 0 ${num(vpPx[0])} ${num(vpPx[1])} re W n\n${vbm.map(num).join(' ')} cm\n`);
    const vp: Viewport = vb ? { w: vb[2], h: vb[3] } : { w: vpPx[0], h: vpPx[1] };
    const rootStyle = computeStyle(this.root, INITIAL, this.sheet);
    if (rootStyle.display) this.walkChildren(this.root, rootStyle, ctm, vp, []);
    this.art.content = this.buffers[0];
    return this.art;
  }

  private walkChildren(node: SvgNode, style: Style, ctm: Matrix, vp: Viewport, uses: readonly SvgNode[]): void {
    const tasks: Task[] = [];
    for (let i = node.children.length - 1; i >= 0; i--)
      tasks.push({ kind: 'enter', node: node.children[i], parent: style, ctm, vp, uses });
    while (tasks.length) {
      const t = tasks.pop()!;
      if (t.kind === 'exit') {
        if (t.group) {
          const content = this.buffers.pop()!;
          const i = this.art.groups.push({ content, bbox: t.group.bbox }) - 1;
          this.emit(`/G${t.group.state} gs\n/F${i} Do\n`);
        }
        this.emit(t.close);
        continue;
      }
      this.enter(t, tasks);
    }
  }

  private enter(t: Extract<Task, { kind: 'enter' }>, tasks: Task[]): void {
    const { node } = t;
    const name = node.name;
    if (
      name.includes(':') ||
      !(
        SHAPES.has(name) ||
        CONTAINERS.has(name) ||
        name === 'use' ||
        name === 'image' ||
        name === 'symbol' ||
        name === 'text'
      )
    )
      return; // defs, gradients, clip paths, metadata, title, style: drawn only where referenced
    if (name === 'symbol' && !t.size) return; // a symbol is drawn only through a use
    if (++this.drawn > MAX_SVG_DRAWN)
      throw new SvgError('limit', `more than ${MAX_SVG_DRAWN} elements to draw once every use is counted`);
    const style = computeStyle(node, t.parent, this.sheet);
    if (!style.display) return;

    // The element's space: the extra matrix (a use's offset), then its own transform.
    let local = t.pre ?? IDENTITY;
    if (name !== 'svg' && name !== 'symbol') local = mul(readTransform(node.attrs.transform, node), local);
    let ctm = mul(local, t.ctm);
    let vp = t.vp;
    let open = 'q\n';
    if (local !== IDENTITY) open += `${local.map(num).join(' ')} cm\n`;

    // A nested viewport (svg inside svg, a symbol through a use): clip to it and map its viewBox.
    if (name === 'svg' || name === 'symbol') {
      const a = node.attrs;
      const x = name === 'svg' ? length(a.x, vp.w, 0, node, 'x') : 0;
      const y = name === 'svg' ? length(a.y, vp.h, 0, node, 'y') : 0;
      const w = t.size?.[0] ?? length(a.width, vp.w, vp.w, node, 'width');
      const h = t.size?.[1] ?? length(a.height, vp.h, vp.h, node, 'height');
      if (!(w > 0 && h > 0)) return;
      const vb = readViewBox(node);
      const overflow = (a.overflow ?? a.style?.match(/overflow\s*:\s*(\w+)/)?.[1] ?? 'hidden').trim();
      if (overflow === 'hidden' || overflow === 'scroll') open += `${num(x)} ${num(y)} ${num(w)} ${num(h)} re W n\n`;
      const m = vb ? viewBoxMatrix(vb, [x, y, w, h], a.preserveAspectRatio, node) : ([1, 0, 0, 1, x, y] as Matrix);
      open += `${m.map(num).join(' ')} cm\n`;
      ctm = mul(m, ctm);
      vp = vb ? { w: vb[2], h: vb[3] } : { w, h };
    }

    let segs: Seg[] | undefined;
    if (SHAPES.has(name)) {
      segs = shapeOutline(node, vp);
      if (!segs.length) return;
    }
    if (style.clipPath) {
      const clip = this.clipOps(style.clipPath, node, segs, ctm, t.uses);
      if (clip === undefined) return; // an empty clip path shows nothing
      open += clip;
    }

    // Opacity: a shape painting only fill or only stroke folds it into that alpha; anything else is a group.
    const paints = segs ? this.painted(style) : 2;
    const group = style.opacity < 1 && (paints > 1 || !segs);
    if (style.opacity === 0) return;
    this.emit(open);
    const close = 'Q\n';
    if (group) {
      const inv = invert(ctm);
      if (!inv) {
        this.emit(close);
        return;
      }
      const corners = transformSegs(
        [
          { k: 'M', p: [0, 0] },
          { k: 'L', p: [this.art.width, 0] },
          { k: 'L', p: [this.art.width, this.art.height] },
          { k: 'L', p: [0, this.art.height] },
        ],
        inv,
      );
      const b = bbox(corners)!;
      const state = this.stateNumber(style.opacity, style.opacity, node.position);
      tasks.push({ kind: 'exit', close, group: { state, bbox: [b[0], b[1], b[0] + b[2], b[1] + b[3]] } });
      this.buffers.push('');
    } else tasks.push({ kind: 'exit', close });
    const alpha = group ? 1 : style.opacity;

    if (segs) {
      this.paintShape(node, style, segs, ctm, vp, alpha);
      return;
    }
    if (name === 'image') {
      this.image(node, vp);
      return;
    }
    if (name === 'text') {
      const runs = layText(node, style, (n, p) => computeStyle(n, p, this.sheet), this.pick, vp);
      for (const r of runs) this.paintShape(r.node, r.style, r.segs, ctm, vp, alpha);
      return;
    }
    if (name === 'use') {
      this.use(node, style, ctm, vp, t.uses, tasks);
      return;
    }
    for (let i = node.children.length - 1; i >= 0; i--)
      tasks.push({ kind: 'enter', node: node.children[i], parent: style, ctm, vp, uses: t.uses });
  }

  private stateNumber(ca: number, CA: number, at: string): number {
    const s = this.state(ca, CA, at);
    return Number(s.slice(2, s.indexOf(' ')));
  }

  private painted(st: Style): number {
    return (st.fill.kind !== 'none' ? 1 : 0) + (st.stroke.kind !== 'none' ? 1 : 0);
  }

  private use(node: SvgNode, style: Style, ctm: Matrix, vp: Viewport, uses: readonly SvgNode[], tasks: Task[]): void {
    const href = node.attrs.href ?? node.attrs['xlink:href'];
    if (!href) return;
    const target = this.byId(href.slice(1), node, 'href');
    // A use naming itself or an element it is drawn inside loops forever: refused.
    for (let n: SvgNode | undefined = node; n; n = n.parent)
      if (n === target)
        throw new SvgError('unreadable', `the <use> element at ${node.position} draws "${href}", which contains it`);
    if (uses.length >= MAX_SVG_USE_DEPTH)
      throw new SvgError('limit', `uses drawn through more than ${MAX_SVG_USE_DEPTH} other uses`);
    if (uses.includes(node) || uses.some((u) => isInside(u, target) || target === u))
      throw new SvgError('unreadable', `the <use> element at ${node.position} draws "${href}", which draws it again`);
    const a = node.attrs;
    const pre: Matrix = [1, 0, 0, 1, length(a.x, vp.w, 0, node, 'x'), length(a.y, vp.h, 0, node, 'y')];
    const viewport = target.name === 'symbol' || target.name === 'svg';
    const size: [number | undefined, number | undefined] | undefined = viewport
      ? [
          a.width !== undefined ? length(a.width, vp.w, 0, node, 'width') : undefined,
          a.height !== undefined ? length(a.height, vp.h, 0, node, 'height') : undefined,
        ]
      : undefined;
    if (size && target.name === 'symbol') {
      size[0] ??= length(target.attrs.width, vp.w, vp.w, target, 'width');
      size[1] ??= length(target.attrs.height, vp.h, vp.h, target, 'height');
    }
    tasks.push({ kind: 'enter', node: target, parent: style, ctm, vp, uses: [...uses, node], pre, size });
  }

  /** The clip of `clip-path="url(#id)"` in the element's user space, or undefined when it shows nothing. */
  private clipOps(
    id: string,
    node: SvgNode,
    segs: Seg[] | undefined,
    ctm: Matrix,
    uses: readonly SvgNode[],
  ): string | undefined {
    const cp = this.byId(id, node, 'clip-path');
    if (cp.name !== 'clipPath')
      throw new SvgError(
        'unreadable',
        `the clip-path of the <${node.name}> element at ${node.position} names a <${cp.name}>, not a <clipPath>`,
      );
    if (cp.attrs['clip-path'] || /clip-path/.test(cp.attrs.style ?? ''))
      throw new SvgError(
        'unsupported',
        'a <clipPath> with a clip-path of its own',
        cp.position,
        'nested clip paths are not drawn by this build',
      );
    let base = readTransform(cp.attrs.transform, cp);
    if (cp.attrs.clipPathUnits === 'objectBoundingBox') {
      const b = segs ? bbox(segs) : this.groupBox(node, ctm, uses);
      if (!b || b[2] === 0 || b[3] === 0) return undefined;
      base = mul(base, [b[2], 0, 0, b[3], b[0], b[1]]);
    }
    const cpStyle = computeStyle(cp, INITIAL, this.sheet);
    const parts: Seg[] = [];
    let evenOdd = false;
    let n = 0;
    const vp: Viewport = { w: this.art.width / 0.75, h: this.art.height / 0.75 };
    const kids: [SvgNode, Matrix][] = cp.children.map((c) => [c, base]);
    while (kids.length) {
      const [c, m] = kids.shift()!;
      if (c.name.includes(':') || c.name === 'title' || c.name === 'desc') continue;
      const st = computeStyle(c, cpStyle, this.sheet);
      if (!st.display || !st.visible) continue;
      if (st.clipPath)
        throw new SvgError(
          'unsupported',
          `a <${c.name}> with a clip-path inside a <clipPath>`,
          c.position,
          'nested clip paths are not drawn by this build',
        );
      const cm = mul(readTransform(c.attrs.transform, c), m);
      if (c.name === 'use') {
        const href = c.attrs.href ?? c.attrs['xlink:href'] ?? '';
        const target = this.byId(href.slice(1), c, 'href');
        const a = c.attrs;
        kids.unshift([target, mul([1, 0, 0, 1, length(a.x, vp.w, 0, c, 'x'), length(a.y, vp.h, 0, c, 'y')], cm)]);
        if (++this.drawn > MAX_SVG_DRAWN)
          throw new SvgError('limit', `more than ${MAX_SVG_DRAWN} elements to draw once every use is counted`);
        continue;
      }
      if (!SHAPES.has(c.name))
        throw new SvgError(
          'unsupported',
          `a <${c.name}> element inside a <clipPath>`,
          c.position,
          'a clip path is drawn from shapes and uses of shapes',
        );
      const s = shapeOutline(c, vp);
      if (!s.length) continue;
      for (const g of transformSegs(s, cm)) parts.push(g);
      evenOdd = st.clipRule === 'evenodd';
      n++;
    }
    if (!parts.length) return undefined;
    // Several shapes clip to their union: nonzero keeps every one (one shape keeps its own rule).
    return `${pathOps(parts)}${n === 1 && evenOdd ? 'W*' : 'W'} n\n`;
  }

  /** A group's bounding box in its user space (for objectBoundingBox clip paths): the union of its shapes'. */
  private groupBox(
    node: SvgNode,
    _ctm: Matrix,
    _uses: readonly SvgNode[],
  ): [number, number, number, number] | undefined {
    const all: Seg[] = [];
    const stack: [SvgNode, Matrix][] = node.children.map((c) => [c, IDENTITY]);
    const vp: Viewport = { w: this.art.width / 0.75, h: this.art.height / 0.75 };
    while (stack.length) {
      const [c, m] = stack.pop()!;
      const cm = mul(readTransform(c.attrs.transform, c), m);
      if (SHAPES.has(c.name)) for (const g of transformSegs(shapeOutline(c, vp), cm)) all.push(g);
      else if (c.name === 'g') for (const k of c.children) stack.push([k, cm]);
    }
    return bbox(
      all
        .filter((s) => s.k !== 'Z')
        .map((s, i) => (i === 0 || s.k !== 'M' ? s : { k: 'L' as const, p: (s as { p: [number, number] }).p })),
    );
  }

  private paintShape(node: SvgNode, st: Style, segs: Seg[], ctm: Matrix, vp: Viewport, alpha: number): void {
    if (!st.visible) return;
    const lineOnly = node.name === 'line';
    const fill = lineOnly ? undefined : this.paintOps(st.fill, st, node, segs, ctm, false, st.fillOpacity * alpha);
    const strokeW = length(st.strokeWidth, diag(vp), 1, node, 'stroke-width');
    const stroke =
      strokeW > 0 ? this.paintOps(st.stroke, st, node, segs, ctm, true, st.strokeOpacity * alpha) : undefined;
    const path = pathOps(segs);
    const eo = st.fillRule === 'evenodd';
    // Fill first, then stroke (SVG's paint order); one operator when neither needs its own state.
    if (fill && stroke && !fill.state && !stroke.state && !fill.sh) {
      this.emit(`${fill.ops}${stroke.ops}${this.strokeState(st, strokeW, vp, node)}${path}${eo ? 'B*' : 'B'}\n`);
      return;
    }
    if (fill?.sh) {
      // A gradient fill: the shading painted inside the shape's clip (edges as smooth as any fill's).
      this.emit(`q\n${fill.state}${path}${eo ? 'W*' : 'W'} n\n${fill.sh}Q\n`);
    } else if (fill) {
      const wrap = !!fill.state && !!stroke;
      this.emit(`${wrap ? 'q\n' : ''}${fill.state}${fill.ops}${path}${eo ? 'f*' : 'f'}\n${wrap ? 'Q\n' : ''}`);
    }
    if (stroke) this.emit(`${stroke.state}${stroke.ops}${this.strokeState(st, strokeW, vp, node)}${path}S\n`);
  }

  private strokeState(st: Style, w: number, vp: Viewport, node: SvgNode): string {
    let s = `${num(w)} w\n`;
    if (st.linecap) s += `${st.linecap} J\n`;
    if (st.linejoin) s += `${st.linejoin} j\n`;
    if (st.miterlimit !== 10) s += `${num(st.miterlimit)} M\n`;
    if (st.dasharray !== 'none') {
      const d = diag(vp);
      const parts = st.dasharray.split(/[\s,]+/).filter(Boolean);
      const arr = parts.map((p) => length(p, d, 0, node, 'stroke-dasharray'));
      if (arr.some((x) => x < 0 || !Number.isFinite(x)))
        throw new SvgError(
          'unreadable',
          `the stroke-dasharray "${st.dasharray}" of the <${node.name}> element at ${node.position}`,
        );
      const total = arr.reduce((a, b) => a + b, 0);
      if (total > 0) {
        const full = arr.length % 2 ? [...arr, ...arr] : arr;
        s += `[${full.map(num).join(' ')}] ${num(length(st.dashoffset, d, 0, node, 'stroke-dashoffset'))} d\n`;
      }
    }
    return s;
  }

  /** The colour (or pattern) operators of a paint and the graphics state its alpha needs; undefined paints nothing. */
  private paintOps(
    p: Paint,
    st: Style,
    node: SvgNode,
    segs: Seg[],
    ctm: Matrix,
    stroke: boolean,
    alpha: number,
  ): { ops: string; state: string; sh?: string } | undefined {
    let paint = p;
    if (paint.kind === 'current') paint = { kind: 'colour', rgb: st.color, alpha: 1 };
    if (paint.kind === 'none') return undefined;
    if (paint.kind === 'url') {
      const g = this.ids.get(paint.id);
      if (!g) {
        if (paint.fallback) return this.paintOps(paint.fallback, st, node, segs, ctm, stroke, alpha);
        return undefined; // a paint server that is not there paints nothing (SVG 1.1 §11.2 error handling)
      }
      const grad = this.gradient(g, segs);
      if (grad === undefined) return undefined;
      if ('rgb' in grad) return this.solid(grad.rgb, alpha * grad.alpha, stroke, node);
      const a = alpha * grad.alpha;
      if (a <= 0) return undefined;
      const state = a < 1 ? this.state(stroke ? 1 : a, stroke ? a : 1, node.position) : '';
      this.art.rgbAt ??= node.position;
      if (!stroke) {
        const i = this.art.shadings.push(grad.shading) - 1;
        const masked = grad.opacity ? this.maskState(grad.opacity, grad.local, ctm, a, node.position) : state;
        return { ops: '', state: masked, sh: `${grad.local.map(num).join(' ')} cm\n/Sh${i} sh\n` };
      }
      if (grad.opacity)
        throw new SvgError(
          'unsupported',
          'a stroke painted with a gradient whose stops differ in opacity',
          node.position,
          'such a gradient is drawn as a fill only by this build',
        );
      const i = this.art.patterns.push({ ...grad.shading, matrix: mul(grad.local, ctm) }) - 1;
      return { ops: `/Pattern CS /P${i} SCN\n`, state };
    }
    return this.solid(paint.rgb, alpha * paint.alpha, stroke, node);
  }

  /** A graphics state whose soft mask is the gradient's opacities (a grey shading read as luminosity). */
  private maskState(opacity: SvgShading, local: Matrix, ctm: Matrix, ca: number, at: string): string {
    const sh = this.art.shadings.push(opacity) - 1;
    const box = this.viewportBox(ctm) ?? [0, 0, 0, 0];
    const i = this.art.states.push({ ca, CA: 1, mask: { sh, matrix: local, bbox: box } }) - 1;
    this.art.transparentAt ??= at;
    return `/G${i} gs\n`;
  }

  /** The form's viewport in the user space `ctm` maps from, as a box (a group's or a mask's BBox). */
  private viewportBox(ctm: Matrix): [number, number, number, number] | undefined {
    const inv = invert(ctm);
    if (!inv) return undefined;
    const { width: w, height: h } = this.art;
    const b = bbox(
      transformSegs(
        [
          { k: 'M', p: [0, 0] },
          { k: 'L', p: [w, 0] },
          { k: 'L', p: [w, h] },
          { k: 'L', p: [0, h] },
        ],
        inv,
      ),
    )!;
    return [b[0], b[1], b[0] + b[2], b[1] + b[3]];
  }

  private solid(rgb: Rgb, a: number, stroke: boolean, node: SvgNode): { ops: string; state: string } | undefined {
    if (a <= 0) return undefined;
    const state = a < 1 ? this.state(stroke ? 1 : a, stroke ? a : 1, node.position) : '';
    return { ops: this.colour(rgb, stroke, node.position), state };
  }

  /** A gradient element as a shading (or one colour when it has one stop), in the form's space. */
  private gradient(
    g: SvgNode,
    segs: Seg[],
  ):
    | { shading: SvgShading; local: Matrix; alpha: number; opacity?: SvgShading }
    | { rgb: Rgb; alpha: number }
    | undefined {
    if (g.name !== 'linearGradient' && g.name !== 'radialGradient')
      throw new SvgError(
        'unsupported',
        `a paint from a <${g.name}> element`,
        g.position,
        'only linear and radial gradients are drawn as paints',
      );
    // Attributes and stops come from the first element of the href chain that has them.
    const chain: SvgNode[] = [g];
    for (let n = g; ; ) {
      const href = n.attrs.href ?? n.attrs['xlink:href'];
      if (!href) break;
      const next = this.byId(href.slice(1), n, 'href');
      if (chain.includes(next) || chain.length >= MAX_SVG_HREF_CHAIN)
        throw new SvgError(
          'unreadable',
          `the gradient at ${g.position} names gradients in a loop or a chain longer than ${MAX_SVG_HREF_CHAIN}`,
        );
      if (next.name !== 'linearGradient' && next.name !== 'radialGradient') break;
      chain.push(next);
      n = next;
    }
    const attr = (k: string) => chain.find((n) => n.attrs[k] !== undefined)?.attrs[k];
    const stopsOf = chain.find((n) => n.children.some((c) => c.name === 'stop')) ?? g;
    const spread = attr('spreadMethod') ?? 'pad';
    if (spread !== 'pad')
      throw new SvgError(
        'unsupported',
        `a gradient with spreadMethod="${spread}"`,
        g.position,
        'only spreadMethod="pad" is drawn by this build',
      );
    const stops: { offset: number; rgb: Rgb; alpha: number }[] = [];
    let last = 0;
    const gStyle = computeStyle(stopsOf, INITIAL, this.sheet);
    for (const s of stopsOf.children) {
      if (s.name !== 'stop') continue;
      const ss = computeStyle(s, gStyle, this.sheet);
      const o = s.attrs.offset?.trim() ?? '0';
      let offset = o.endsWith('%') ? Number(o.slice(0, -1)) / 100 : Number(o);
      if (!Number.isFinite(offset))
        throw new SvgError('unreadable', `the offset "${o}" of the <stop> element at ${s.position}`);
      offset = Math.min(1, Math.max(last, offset));
      last = offset;
      const c = ss.stopColor.kind === 'colour' ? ss.stopColor : { rgb: ss.color, alpha: 1 };
      stops.push({ offset, rgb: c.rgb, alpha: c.alpha * ss.stopOpacity });
    }
    if (!stops.length) return undefined;
    const varying = stops.some((s) => Math.abs(s.alpha - stops[0].alpha) > 1e-6);
    const alpha = varying ? 1 : stops[0].alpha;
    if (stops.length === 1 || (!varying && stops.every((s) => s.rgb.every((v, i) => v === stops[0].rgb[i]))))
      return { rgb: stops[0].rgb, alpha: stops[0].alpha };
    // Stops spread over [0, 1]: the first and last colours held to the ends (pad), equal offsets nudged apart.
    if (stops[0].offset > 0) stops.unshift({ ...stops[0], offset: 0 });
    if (stops[stops.length - 1].offset < 1) stops.push({ ...stops[stops.length - 1], offset: 1 });
    for (let i = 1; i < stops.length; i++)
      if (stops[i].offset <= stops[i - 1].offset) stops[i].offset = Math.min(1, stops[i - 1].offset + 1e-6);

    const userSpace = attr('gradientUnits') === 'userSpaceOnUse';
    let m = readTransform(attr('gradientTransform'), g, 'gradientTransform');
    const vp: Viewport = { w: this.art.width / 0.75, h: this.art.height / 0.75 };
    if (!userSpace) {
      const b = bbox(segs);
      if (!b || b[2] === 0 || b[3] === 0) return undefined; // no box, no gradient (SVG 1.1 §13.2.2)
      m = mul(m, [b[2], 0, 0, b[3], b[0], b[1]]);
    }
    const frac = (k: string, dflt: string, ref: number) => {
      const v = attr(k) ?? dflt;
      if (!userSpace) {
        const s = v.trim();
        const n = s.endsWith('%') ? Number(s.slice(0, -1)) / 100 : Number(s);
        if (!Number.isFinite(n)) throw new SvgError('unreadable', `the ${k} "${v}" of the gradient at ${g.position}`);
        return n;
      }
      return length(v, ref, 0, g, k);
    };
    const d = Math.sqrt((vp.w * vp.w + vp.h * vp.h) / 2);
    let coords: number[];
    let type: 2 | 3;
    if (chain[0].name === 'linearGradient') {
      type = 2;
      coords = [frac('x1', '0%', vp.w), frac('y1', '0%', vp.h), frac('x2', '100%', vp.w), frac('y2', '0%', vp.h)];
    } else {
      type = 3;
      const cx = frac('cx', '50%', vp.w),
        cy = frac('cy', '50%', vp.h),
        r = frac('r', '50%', d);
      const fx = attr('fx') !== undefined ? frac('fx', '0', vp.w) : cx;
      const fy = attr('fy') !== undefined ? frac('fy', '0', vp.h) : cy;
      const fr = attr('fr') !== undefined ? frac('fr', '0', d) : 0;
      if (!(r > 0)) return { rgb: stops[stops.length - 1].rgb, alpha };
      coords = [fx, fy, fr, cx, cy, r];
    }
    return {
      shading: { type, coords, stops: stops.map((s) => ({ offset: s.offset, c: s.rgb })), matrix: IDENTITY },
      opacity: varying
        ? { type, coords, stops: stops.map((s) => ({ offset: s.offset, c: [s.alpha] })), matrix: IDENTITY, gray: true }
        : undefined,
      local: m,
      alpha,
    };
  }

  /** An <image>: a data: URI's PNG or JPEG through the image pipeline, fitted by preserveAspectRatio. */
  private image(node: SvgNode, vp: Viewport): void {
    const a = node.attrs;
    const href = (a.href ?? a['xlink:href'] ?? '').trim();
    const m = /^data:image\/(png|jpeg|jpg);base64,([\s\S]*)$/i.exec(href);
    if (!m)
      throw new SvgError(
        href.startsWith('data:') ? 'unsupported' : 'unsafe',
        `an <image> of "${href.slice(0, 40)}${href.length > 40 ? '…' : ''}"`,
        node.position,
        href.startsWith('data:')
          ? 'an embedded image is drawn from a base64 PNG or JPEG data URI'
          : 'an image outside the SVG is never fetched; embed it as a data: URI',
      );
    const bytes = new Uint8Array(Buffer.from(m[2].replace(/\s+/g, ''), 'base64'));
    const png = bytes[0] === 0x89 && bytes[1] === 0x50;
    const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    if (!png && !jpeg)
      throw new SvgError('unreadable', `the embedded image at ${node.position}: its data is neither PNG nor JPEG`);
    const res = this.raster(bytes, node);
    const [nw, nh] = res.natural.map((v) => v / 0.75);
    const x = length(a.x, vp.w, 0, node, 'x'),
      y = length(a.y, vp.h, 0, node, 'y');
    const w = a.width !== undefined && a.width !== 'auto' ? length(a.width, vp.w, 0, node, 'width') : nw;
    const h = a.height !== undefined && a.height !== 'auto' ? length(a.height, vp.h, 0, node, 'height') : nh;
    if (!(w > 0 && h > 0)) return;
    const fit = viewBoxMatrix([0, 0, nw, nh], [x, y, w, h], a.preserveAspectRatio, node);
    const i = this.art.images.push(res) - 1;
    if (res.smask || res.mask) this.art.transparentAt ??= node.position;
    if (res.main?.space?.kind !== 'gray') this.art.rgbAt ??= node.position;
    // Image space is the unit square, row 0 at the top: flipped into this y-down user space.
    const place = mul([nw, 0, 0, -nh, 0, nh], fit);
    this.emit(`q\n${num(x)} ${num(y)} ${num(w)} ${num(h)} re W n\n${place.map(num).join(' ')} cm\n/I${i} Do\nQ\n`);
  }
}

const diag = (vp: Viewport) => Math.sqrt((vp.w * vp.w + vp.h * vp.h) / 2);

function isInside(n: SvgNode, ancestor: SvgNode): boolean {
  for (let p: SvgNode | undefined = n.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** The size of the root viewport in CSS px: width and height, else the viewBox's, else refused. */
export function rootSize(root: SvgNode): { px: [number, number]; vb?: [number, number, number, number] } {
  const vb = readViewBox(root);
  const side = (k: 'width' | 'height', i: 2 | 3): number => {
    const v = root.attrs[k]?.trim();
    if (v === undefined || v === 'auto' || v.endsWith('%')) {
      if (!vb)
        throw new SvgError(
          'unreadable',
          `it gives no ${k} (in units, not a percentage) and no viewBox to take one from`,
        );
      return vb[i] * (v?.endsWith('%') ? Number(v.slice(0, -1)) / 100 : 1);
    }
    const n = length(v, 0, 0, root, k);
    if (!(n > 0)) throw new SvgError('unreadable', `its ${k} "${v}" is not a positive length`);
    return n;
  };
  return { px: [side('width', 2), side('height', 3)], vb };
}

/** Draws a parsed SVG: its viewport in points and the content that paints it. */
export function drawSvg(root: SvgNode, raster: RasterReader, pick: FontPicker): SvgArt {
  checkTree(root);
  const { px, vb } = rootSize(root);
  return new Drawing(root, raster, pick, px[0] * 0.75, px[1] * 0.75).draw(vb, px);
}
