// engines/svg/text.ts — images engine, SVG: `<text>` and `<tspan>` set with our text engine (the
// face's shaper: kerning and ligatures as any text item gets them) in a font the description declares
// under the family's name, else the service's library (Noto Sans, Noto Serif, Source Code Pro by
// generic family, bold and italic by weight and style), and drawn as the glyphs' outlines, so the SVG
// stays one self-contained drawing. Positions: `x`, `y`, `dx`, `dy` (first value of each list),
// `text-anchor` per text chunk, white space collapsed as `xml:space="default"` says.
import type { Face } from '../fonts/face.js';
import type { Seg } from './geometry.js';
import type { SvgNode } from './parse.js';
import { length, type Style } from './style.js';
import { SvgError } from './svg-error.js';

/** The face for a `font-family` list, a weight and a style; the caller falls back to the library. */
export type FontPicker = (families: string[], bold: boolean, italic: boolean) => Face;

/** One styled piece of text as outlines in the text element's user space. */
export interface TextRun {
  node: SvgNode;
  style: Style;
  segs: Seg[];
}

interface Chunk {
  anchor: Style['textAnchor'];
  start: number;
  end: number;
  runs: TextRun[];
}

/** Glyph outlines by face and glyph id, read once (a face's outline is parsed from its table each time). */
const OUTLINES = new WeakMap<Face, Map<number, ReturnType<Face['outlineOf']>>>();

function outline(face: Face, gid: number): ReturnType<Face['outlineOf']> {
  let m = OUTLINES.get(face);
  if (!m) {
    m = new Map();
    OUTLINES.set(face, m);
  }
  let o = m.get(gid);
  if (!o) {
    o = face.outlineOf(gid);
    m.set(gid, o);
  }
  return o;
}

export function families(v: string): string[] {
  return v
    .split(',')
    .map((f) => f.trim().replace(/^['"]|['"]$/g, ''))
    .filter(Boolean);
}

const isBold = (w: string) => w === 'bold' || w === 'bolder' || (Number(w) >= 600 && Number.isFinite(Number(w)));

function firstLength(v: string | undefined, ref: number, node: SvgNode, what: string, em: number): number | undefined {
  if (v === undefined) return undefined;
  const first = v.trim().split(/[\s,]+/)[0];
  if (first === undefined || first === '') return undefined;
  return length(first, ref, 0, node, what, em);
}

/**
 * Lays out a `<text>` element: its runs as outlines, chunk by chunk, anchored. `styleOf` computes a
 * child's style under its parent's (the sheet is the caller's). An explicit stack, no recursion.
 */
export function layText(
  text: SvgNode,
  style: Style,
  styleOf: (n: SvgNode, parent: Style) => Style,
  pick: FontPicker,
  vp: { w: number; h: number },
): TextRun[] {
  const chunks: Chunk[] = [];
  let x = 0,
    y = 0;
  let chunk: Chunk | undefined;
  let lastSpace = true;
  const open = (n: SvgNode, st: Style) => {
    const nx = firstLength(n.attrs.x, vp.w, n, 'x', st.fontSize);
    const ny = firstLength(n.attrs.y, vp.h, n, 'y', st.fontSize);
    if (nx !== undefined || ny !== undefined || !chunk) {
      x = nx ?? x;
      y = ny ?? y;
      chunk = { anchor: st.textAnchor, start: x, end: x, runs: [] };
      chunks.push(chunk);
    }
    x += firstLength(n.attrs.dx, vp.w, n, 'dx', st.fontSize) ?? 0;
    y += firstLength(n.attrs.dy, vp.h, n, 'dy', st.fontSize) ?? 0;
  };
  open(text, style);
  const stack: [SvgNode, Style][] = [];
  for (let i = text.children.length - 1; i >= 0; i--) stack.push([text.children[i], style]);
  while (stack.length) {
    const [n, parent] = stack.pop()!;
    if (n.name === 'tspan') {
      const st = styleOf(n, parent);
      if (!st.display) continue;
      open(n, st);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], st]);
      continue;
    }
    if (n.name !== '#text') {
      if (n.name === 'title' || n.name === 'desc' || n.name.includes(':')) continue;
      throw new SvgError(
        'unsupported',
        `a <${n.name}> element inside <text>`,
        n.position,
        'text holds character data and <tspan> elements',
      );
    }
    // xml:space="default": newlines dropped, tabs to spaces, runs of spaces to one, none leading.
    let s = n.text
      .replace(/[\r\n]+/g, '')
      .replace(/\t/g, ' ')
      .replace(/ {2,}/g, ' ');
    if (lastSpace) s = s.replace(/^ /, '');
    if (!s) continue;
    lastSpace = s.endsWith(' ');
    const face = pick(families(parent.fontFamily), isBold(parent.fontWeight), parent.fontStyle !== 'normal');
    const shaped = face.shape(s);
    if (shaped.missing.length)
      throw new SvgError(
        'unsupported',
        `the character U+${shaped.missing[0].toString(16).toUpperCase().padStart(4, '0')} in a <${n.parent?.name ?? 'text'}> element`,
        n.position,
        `the font it is set in ("${face.ownName}") has no glyph for it`,
      );
    const k = parent.fontSize / face.unitsPerEm;
    const segs: Seg[] = [];
    for (let g = 0; g < shaped.glyphs.length; g++) {
      for (const o of outline(face, shaped.glyphs[g])) {
        if (o.k === 'h') segs.push({ k: 'Z' });
        else {
          const p: number[] = [];
          for (let j = 0; j < o.v.length; j += 2) p.push(x + o.v[j] * k, y - o.v[j + 1] * k);
          segs.push(
            o.k === 'c'
              ? { k: 'C', p: p as [number, number, number, number, number, number] }
              : { k: o.k === 'm' ? 'M' : 'L', p: p as [number, number] },
          );
        }
      }
      x += shaped.advances[g] * k;
    }
    chunk!.end = x - (lastSpace ? (shaped.advances[shaped.advances.length - 1] ?? 0) * k : 0);
    if (segs.length) chunk!.runs.push({ node: n.parent ?? text, style: parent, segs });
  }
  // Anchors: a chunk ending or centred on its position moves back by its width or half of it.
  const out: TextRun[] = [];
  for (const c of chunks) {
    const shift = c.anchor === 'end' ? c.start - c.end : c.anchor === 'middle' ? (c.start - c.end) / 2 : 0;
    for (const r of c.runs) {
      if (shift !== 0)
        r.segs = r.segs.map((g) => {
          if (g.k === 'Z') return g;
          const p = g.p.map((v, i) => (i % 2 === 0 ? v + shift : v));
          return { k: g.k, p } as Seg;
        });
      out.push(r);
    }
  }
  return out;
}
