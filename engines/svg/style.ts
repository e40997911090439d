// engines/svg/style.ts — images engine, SVG: the properties an element is drawn with (SVG 1.1 §6 and
// §11, SVG 2 painting), read from presentation attributes, then simple `<style>` rules, then the
// `style` attribute (in that order of strength), and inherited as CSS inherits them. Colours,
// lengths, transforms and paints are read here; a value that does not read is refused naming the
// element, as is a property this build does not draw (filter, mask, markers).
import type { Matrix } from '../../ir/draw-ops.js';
import { NAMED_COLOURS } from './colour-names.js';
import type { SvgNode } from './parse.js';
import { SvgError } from './svg-error.js';

export type Rgb = [number, number, number];

export type Paint =
  | { kind: 'none' }
  | { kind: 'colour'; rgb: Rgb; alpha: number }
  | { kind: 'current' }
  | { kind: 'url'; id: string; fallback?: Paint };

/** The computed properties of one element (inherited ones carried down, the others reset per element). */
export interface Style {
  fill: Paint;
  fillOpacity: number;
  fillRule: 'nonzero' | 'evenodd';
  stroke: Paint;
  strokeOpacity: number;
  strokeWidth: string;
  linecap: 0 | 1 | 2;
  linejoin: 0 | 1 | 2;
  miterlimit: number;
  dasharray: string;
  dashoffset: string;
  color: Rgb;
  clipRule: 'nonzero' | 'evenodd';
  visible: boolean;
  fontFamily: string;
  fontSize: number;
  fontWeight: string;
  fontStyle: string;
  textAnchor: 'start' | 'middle' | 'end';
  // not inherited
  opacity: number;
  display: boolean;
  clipPath?: string;
  stopColor: Paint;
  stopOpacity: number;
}

export const INITIAL: Style = {
  fill: { kind: 'colour', rgb: [0, 0, 0], alpha: 1 },
  fillOpacity: 1,
  fillRule: 'nonzero',
  stroke: { kind: 'none' },
  strokeOpacity: 1,
  strokeWidth: '1',
  linecap: 0,
  linejoin: 0,
  miterlimit: 4,
  dasharray: 'none',
  dashoffset: '0',
  color: [0, 0, 0],
  clipRule: 'nonzero',
  visible: true,
  fontFamily: '',
  fontSize: 16,
  fontWeight: 'normal',
  fontStyle: 'normal',
  textAnchor: 'start',
  opacity: 1,
  display: true,
  stopColor: { kind: 'colour', rgb: [0, 0, 0], alpha: 1 },
  stopOpacity: 1,
};

/** Properties read and drawn; anything else in a style is ignored as a browser ignores it, unless refused below. */
const PROPERTIES = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'color',
  'clip-rule',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'opacity',
  'display',
  'clip-path',
  'stop-color',
  'stop-opacity',
]);

/** Properties that would change the drawing and that this build does not draw: refused unless `none`. */
const NOT_DRAWN: Record<string, string> = {
  filter: 'filters are not drawn as vectors by this build',
  mask: 'masks are not drawn by this build',
  'marker-start': 'markers are not drawn by this build',
  'marker-mid': 'markers are not drawn by this build',
  'marker-end': 'markers are not drawn by this build',
  marker: 'markers are not drawn by this build',
  'mix-blend-mode': 'blend modes are not drawn by this build',
};

/** A CSS declaration list (`a: b; c: d`) as pairs; comments dropped. */
export function declarations(s: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of s.replace(/\/\*[\s\S]*?\*\//g, '').split(';')) {
    const c = part.indexOf(':');
    if (c < 0) continue;
    const k = part.slice(0, c).trim().toLowerCase();
    const v = part
      .slice(c + 1)
      .replace(/!important/i, '')
      .trim();
    if (k) out.push([k, v]);
  }
  return out;
}

/** A simple style sheet: rules whose selectors are a type, a class, an id or `*` (or lists of them). */
export interface Sheet {
  rules: { selector: string; decls: [string, string][] }[];
}

export function readSheet(css: string, at: SvgNode): Sheet {
  const rules: Sheet['rules'] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/@import|url\(\s*['"]?(?!#)/i.test(text))
    throw new SvgError(
      'unsafe',
      'a style sheet that imports or links outside the image',
      at.position,
      'external references are never fetched',
    );
  const re = /([^{}]+)\{([^{}]*)\}/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const decls = declarations(m[2]);
    for (const sel of m[1].split(',')) {
      const s = sel.trim();
      if (!/^(\*|[A-Za-z][\w-]*|\.[\w-]+|#[\w-]+|[A-Za-z][\w-]*\.[\w-]+)$/.test(s))
        throw new SvgError(
          'unsupported',
          `a <style> rule with the selector "${s}"`,
          at.position,
          'only type, class and id selectors are read',
        );
      rules.push({ selector: s, decls });
    }
  }
  return { rules };
}

function matches(sel: string, node: SvgNode): boolean {
  if (sel === '*') return true;
  const classes = (node.attrs.class ?? '').split(/\s+/);
  if (sel[0] === '.') return classes.includes(sel.slice(1));
  if (sel[0] === '#') return node.attrs.id === sel.slice(1);
  const dot = sel.indexOf('.');
  if (dot > 0) return node.name === sel.slice(0, dot) && classes.includes(sel.slice(dot + 1));
  return node.name === sel;
}

function specificity(sel: string): number {
  return sel[0] === '#' ? 100 : sel[0] === '.' ? 10 : sel.includes('.') ? 11 : sel === '*' ? 0 : 1;
}

/** Every property given for `node`: attributes, then sheet rules by specificity, then `style`. */
export function specified(node: SvgNode, sheet: Sheet): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node.attrs)) if (PROPERTIES.has(k) || k in NOT_DRAWN) out.set(k, v.trim());
  const hits = sheet.rules.filter((r) => matches(r.selector, node));
  hits.sort((a, b) => specificity(a.selector) - specificity(b.selector));
  for (const r of hits) for (const [k, v] of r.decls) out.set(k, v);
  if (node.attrs.style) for (const [k, v] of declarations(node.attrs.style)) out.set(k, v);
  for (const [k, why] of Object.entries(NOT_DRAWN)) {
    const v = out.get(k);
    if (v !== undefined && v !== 'none' && v !== 'normal' && v !== '')
      throw new SvgError('unsupported', `the property ${k}="${v}" on a <${node.name}> element`, node.position, why);
  }
  return out;
}

const num = (s: string) => Number(s);

function bad(node: SvgNode, what: string, value: string): never {
  throw new SvgError('unreadable', `the ${what} "${value}" of the <${node.name}> element at ${node.position}`);
}

/** A CSS colour: #rgb, #rrggbb (#rgba, #rrggbbaa), rgb()/rgba() (numbers or percentages), hsl()/hsla(), a name. */
export function readColour(v: string): { rgb: Rgb; alpha: number } | undefined {
  const s = v.trim().toLowerCase();
  if (s === 'transparent') return { rgb: [0, 0, 0], alpha: 0 };
  if (s[0] === '#') {
    const h = s.slice(1);
    if (!/^[0-9a-f]+$/.test(h)) return undefined;
    if (h.length === 3 || h.length === 4) {
      const c = [...h].map((x) => Number.parseInt(x + x, 16) / 255);
      return { rgb: [c[0], c[1], c[2]], alpha: c[3] ?? 1 };
    }
    if (h.length === 6 || h.length === 8) {
      const c = [0, 2, 4, 6].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255);
      return { rgb: [c[0], c[1], c[2]], alpha: h.length === 8 ? c[3] : 1 };
    }
    return undefined;
  }
  const f = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(s);
  if (f) {
    const parts = f[2].split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3 || parts.length > 4) return undefined;
    const alpha =
      parts[3] === undefined ? 1 : parts[3].endsWith('%') ? num(parts[3].slice(0, -1)) / 100 : num(parts[3]);
    if (f[1].startsWith('rgb')) {
      const c = parts.slice(0, 3).map((p) => (p.endsWith('%') ? num(p.slice(0, -1)) / 100 : num(p) / 255));
      if (c.some((x) => !Number.isFinite(x)) || !Number.isFinite(alpha)) return undefined;
      return { rgb: c.map(clamp01) as Rgb, alpha: clamp01(alpha) };
    }
    const hue = (((num(parts[0].replace(/deg$/, '')) % 360) + 360) % 360) / 360;
    const sat = num(parts[1].replace('%', '')) / 100;
    const light = num(parts[2].replace('%', '')) / 100;
    if (![hue, sat, light, alpha].every(Number.isFinite)) return undefined;
    return { rgb: hslToRgb(hue, clamp01(sat), clamp01(light)), alpha: clamp01(alpha) };
  }
  const named = NAMED_COLOURS[s];
  if (named) return readColour(`#${named}`);
  return undefined;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const t = (x: number) => {
    const k = x < 0 ? x + 1 : x > 1 ? x - 1 : x;
    if (k < 1 / 6) return p + (q - p) * 6 * k;
    if (k < 1 / 2) return q;
    if (k < 2 / 3) return p + (q - p) * (2 / 3 - k) * 6;
    return p;
  };
  return [t(h + 1 / 3), t(h), t(h - 1 / 3)];
}

export const clamp01 = (x: number) => (x < 0 ? 0 : Math.min(x, 1));

export function readPaint(v: string, node: SvgNode, what: string): Paint {
  const s = v.trim();
  if (s === 'none') return { kind: 'none' };
  if (s === 'currentColor' || s === 'currentcolor') return { kind: 'current' };
  const u = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)\s*(.*)$/.exec(s);
  if (u) return { kind: 'url', id: u[1], fallback: u[2] ? readPaint(u[2], node, what) : undefined };
  if (/^url\(/.test(s))
    throw new SvgError(
      'unsafe',
      `the ${what} "${s}" of a <${node.name}> element`,
      node.position,
      'a paint outside the image is never fetched',
    );
  const c = readColour(s);
  if (!c) bad(node, what, v);
  return { kind: 'colour', ...c };
}

function opacityOf(v: string, node: SvgNode, what: string): number {
  const s = v.trim();
  const n = s.endsWith('%') ? num(s.slice(0, -1)) / 100 : num(s);
  if (!Number.isFinite(n) || s === '') bad(node, what, v);
  return clamp01(n);
}

const INHERIT_KEYS: (keyof Style)[] = [
  'fill',
  'fillOpacity',
  'fillRule',
  'stroke',
  'strokeOpacity',
  'strokeWidth',
  'linecap',
  'linejoin',
  'miterlimit',
  'dasharray',
  'dashoffset',
  'color',
  'clipRule',
  'visible',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'textAnchor',
];

/** The computed style of `node` under its parent's. */
export function computeStyle(node: SvgNode, parent: Style, sheet: Sheet): Style {
  const st: Style = { ...INITIAL };
  for (const k of INHERIT_KEYS) (st as unknown as Record<string, unknown>)[k] = parent[k];
  const given = specified(node, sheet);
  for (const [k, raw] of given) {
    const v = raw.trim();
    if (v === 'inherit') {
      const key = k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof Style;
      if (key in parent) (st as unknown as Record<string, unknown>)[key] = parent[key];
      continue;
    }
    switch (k) {
      case 'fill':
        st.fill = readPaint(v, node, k);
        break;
      case 'stroke':
        st.stroke = readPaint(v, node, k);
        break;
      case 'fill-opacity':
        st.fillOpacity = opacityOf(v, node, k);
        break;
      case 'stroke-opacity':
        st.strokeOpacity = opacityOf(v, node, k);
        break;
      case 'opacity':
        st.opacity = opacityOf(v, node, k);
        break;
      case 'stop-opacity':
        st.stopOpacity = opacityOf(v, node, k);
        break;
      case 'stop-color':
        st.stopColor = v === 'currentColor' ? { kind: 'colour', rgb: st.color, alpha: 1 } : readPaint(v, node, k);
        break;
      case 'fill-rule':
      case 'clip-rule':
        if (v !== 'nonzero' && v !== 'evenodd') bad(node, k, v);
        if (k === 'fill-rule') st.fillRule = v;
        else st.clipRule = v;
        break;
      case 'stroke-width':
        st.strokeWidth = v;
        break;
      case 'stroke-linecap': {
        const c = ['butt', 'round', 'square'].indexOf(v);
        if (c < 0) bad(node, k, v);
        st.linecap = c as 0 | 1 | 2;
        break;
      }
      case 'stroke-linejoin': {
        const j = ['miter', 'round', 'bevel'].indexOf(v === 'miter-clip' || v === 'arcs' ? 'miter' : v);
        if (j < 0) bad(node, k, v);
        st.linejoin = j as 0 | 1 | 2;
        break;
      }
      case 'stroke-miterlimit': {
        const m = num(v);
        if (!Number.isFinite(m) || m < 1) bad(node, k, v);
        st.miterlimit = m;
        break;
      }
      case 'stroke-dasharray':
        st.dasharray = v;
        break;
      case 'stroke-dashoffset':
        st.dashoffset = v;
        break;
      case 'color': {
        const c = readColour(v);
        if (!c) bad(node, k, v);
        st.color = c.rgb;
        break;
      }
      case 'visibility':
        st.visible = v === 'visible';
        break;
      case 'display':
        st.display = v !== 'none';
        break;
      case 'clip-path':
        if (v === 'none') break;
        {
          const u = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/.exec(v);
          if (!u)
            throw new SvgError(
              /^url\(/.test(v) ? 'unsafe' : 'unsupported',
              `the property clip-path="${v}" on a <${node.name}> element`,
              node.position,
              /^url\(/.test(v)
                ? 'a clip path outside the image is never fetched'
                : 'only clip-path="url(#id)" is drawn',
            );
          st.clipPath = u[1];
        }
        break;
      case 'font-family':
        st.fontFamily = v;
        break;
      case 'font-size': {
        const n = v.endsWith('px') ? num(v.slice(0, -2)) : v.endsWith('pt') ? num(v.slice(0, -2)) * (4 / 3) : num(v);
        if (!Number.isFinite(n) || n < 0) bad(node, k, v);
        st.fontSize = n;
        break;
      }
      case 'font-weight':
        st.fontWeight = v;
        break;
      case 'font-style':
        st.fontStyle = v;
        break;
      case 'text-anchor':
        if (v !== 'start' && v !== 'middle' && v !== 'end') bad(node, k, v);
        st.textAnchor = v;
        break;
    }
  }
  return st;
}

// ───────────────────────────── numbers, lengths, transforms ─────────────────────────────

const UNITS: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

/**
 * A length in user units (CSS px); `ref` is what 100 % is (the viewport's width, height or
 * normalised diagonal); em is the font size.
 */
export function length(v: string | undefined, ref: number, dflt: number, node: SvgNode, what: string, em = 16): number {
  if (v === undefined) return dflt;
  const s = v.trim();
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(%|px|pt|pc|mm|cm|in|em|ex)?$/.exec(s);
  if (!m) bad(node, what, v);
  const n = num(m[1]);
  const u = m[2] ?? '';
  if (u === '%') return (n / 100) * ref;
  if (u === 'em') return n * em;
  if (u === 'ex') return (n * em) / 2;
  return n * UNITS[u];
}

/** A list of numbers (points, viewBox, dasharray), separated by commas and/or white space. */
export function numbers(v: string, node: SvgNode, what: string): number[] {
  const s = v.trim();
  if (s === '') return [];
  const out: number[] = [];
  const re = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
  const rest = s.replace(re, (x) => {
    out.push(num(x));
    return ' ';
  });
  if (/[^\s,]/.test(rest)) bad(node, what, v);
  return out;
}

/** m1 then m2 (PDF's row-vector order: p · m1 · m2). */
export function mul(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function invert(m: Matrix): Matrix | undefined {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** A `transform` attribute (SVG 1.1 §7.6): the matrix it maps the element's space to its parent's by. */
export function readTransform(v: string | undefined, node: SvgNode, what = 'transform'): Matrix {
  if (!v?.trim()) return IDENTITY;
  let m: Matrix = IDENTITY;
  const re = /\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?/gy;
  let end = 0;
  const list: Matrix[] = [];
  for (let k = re.exec(v); k; k = re.exec(v)) {
    end = re.lastIndex;
    const a = numbers(k[2], node, what);
    const rad = (x: number) => (x * Math.PI) / 180;
    let t: Matrix | undefined;
    switch (k[1]) {
      case 'matrix':
        if (a.length === 6) t = a as Matrix;
        break;
      case 'translate':
        if (a.length === 1 || a.length === 2) t = [1, 0, 0, 1, a[0], a[1] ?? 0];
        break;
      case 'scale':
        if (a.length === 1 || a.length === 2) t = [a[0], 0, 0, a[1] ?? a[0], 0, 0];
        break;
      case 'rotate':
        if (a.length === 1 || a.length === 3) {
          const [c, s] = [Math.cos(rad(a[0])), Math.sin(rad(a[0]))];
          const r: Matrix = [c, s, -s, c, 0, 0];
          t = a.length === 3 ? mul(mul([1, 0, 0, 1, -a[1], -a[2]], r), [1, 0, 0, 1, a[1], a[2]]) : r;
        }
        break;
      case 'skewX':
        if (a.length === 1) t = [1, 0, Math.tan(rad(a[0])), 1, 0, 0];
        break;
      case 'skewY':
        if (a.length === 1) t = [1, Math.tan(rad(a[0])), 0, 1, 0, 0];
        break;
    }
    if (!t) bad(node, what, v);
    list.push(t);
  }
  if (v.slice(end).trim() !== '') bad(node, what, v);
  // The list applies right to left: the last transform is nearest the element.
  for (let i = list.length - 1; i >= 0; i--) m = mul(m, list[i]);
  return m.every(Number.isFinite) ? m : bad(node, what, v);
}

/** A `viewBox` (four numbers, width and height positive), or undefined when absent. */
export function readViewBox(node: SvgNode): [number, number, number, number] | undefined {
  const v = node.attrs.viewBox;
  if (v === undefined) return undefined;
  const n = numbers(v, node, 'viewBox');
  if (n.length !== 4 || !(n[2] > 0) || !(n[3] > 0)) bad(node, 'viewBox', v);
  return n as [number, number, number, number];
}

/**
 * The matrix that fits a viewBox into a viewport as `preserveAspectRatio` says (SVG 1.1 §7.8), and
 * whether the viewport must clip (`slice` overflows it).
 */
export function viewBoxMatrix(
  vb: [number, number, number, number],
  vp: [number, number, number, number],
  par: string | undefined,
  node: SvgNode,
): Matrix {
  const [vx, vy, vw, vh] = vb;
  const [x, y, w, h] = vp;
  const p = (par ?? 'xMidYMid meet').trim().split(/\s+/);
  const align = p[0] === 'defer' ? (p[1] ?? 'xMidYMid') : p[0];
  const mode = (p[0] === 'defer' ? p[2] : p[1]) ?? 'meet';
  let sx = w / vw,
    sy = h / vh;
  if (align === 'none') return [sx, 0, 0, sy, x - vx * sx, y - vy * sy];
  const a = /^x(Min|Mid|Max)Y(Min|Mid|Max)$/.exec(align);
  if (!a || (mode !== 'meet' && mode !== 'slice')) bad(node, 'preserveAspectRatio', par ?? '');
  const s = mode === 'meet' ? Math.min(sx, sy) : Math.max(sx, sy);
  sx = sy = s;
  const f = (k: string) => (k === 'Min' ? 0 : k === 'Mid' ? 0.5 : 1);
  const tx = x - vx * s + (w - vw * s) * f(a[1]);
  const ty = y - vy * s + (h - vh * s) * f(a[2]);
  return [s, 0, 0, s, tx, ty];
}
