// passes/emit/content.ts — one page's drawing operations as a content stream (ISO 32000-1 §8–9).
// Built as a latin1 string (each char one byte) and turned into bytes once. Glyph ids are written as
// 2-byte codes in literal strings, not hex: 41 % smaller content and half the deflate time
// (../shared/notes/fast-layout.md §2, "Bytes or strings").
import type { PDFRef } from 'pdf-lib';
import type { Colour, DrawOp, GlyphRunOp, Matrix } from '../../ir/types.js';
import type { GraphicsEmitter } from './graphics.js';
import { paint, type PaintEnv } from './paint.js';
import { clip, paintOperator, segments, strokeState } from './paths.js';
import type { ResourceScope } from './resources.js';

/** A number as content operands want it: integers as is, others to 3 decimals without trailing zeros. */
export function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const s = n.toFixed(3);
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--; // '0'
  if (s.charCodeAt(end - 1) === 46) end--; // '.'
  const out = s.slice(0, end);
  return out === '-0' ? '0' : out;
}

/** The paint environment of the content stream being written (colours in declared spaces, patterns). */
let env: PaintEnv & { fontCodes?: ReadonlyMap<string, FontCodes> } = { scope: undefined as never };

function colourOps(c: Colour, stroke: boolean): string {
  return paint(c, stroke, env);
}

function cm(m: Matrix): string {
  return `${m.map(num).join(' ')} cm\n`;
}

/** A 2-byte code in a PDF literal string; `(`, `)` and `\` escaped, CR written as \r so no reader folds it. */
function code2(gid: number): string {
  return lit(gid >> 8) + lit(gid & 0xff);
}
function lit(b: number): string {
  if (b === 0x28 || b === 0x29 || b === 0x5c) return '\\' + String.fromCharCode(b);
  if (b === 0x0d) return '\\r';
  return String.fromCharCode(b);
}

/** How a font's codes are written: 2 bytes (Type 0) or 1 (simple fonts); Type 3 glyphs under d1 also take the stroke colour. */
export interface FontCodes { codeBytes: 1 | 2; strokeToo?: boolean }

function glyphs(op: GlyphRunOp, resName: string, codes?: FontCodes): string {
  const one = codes?.codeBytes === 1;
  let tj = '(';
  for (let i = 0; i < op.glyphs.length; i++) {
    tj += one ? lit(op.glyphs[i]) : code2(op.glyphs[i]);
    const a = op.adjust[i];
    if (a !== 0 && i < op.glyphs.length - 1) tj += `)${a}(`;
  }
  tj += ')';
  const stroke = codes?.strokeToo ? `${colourOps(op.colour, true)}\n` : '';
  return `BT\n/${resName} ${num(op.size)} Tf\n${colourOps(op.colour, false)}\n${stroke}${num(op.x)} ${num(op.y)} Td\n[${tj}] TJ\nET\n`;
}

/**
 * The content stream of one page (or form), as bytes. `fontRes` maps request font names to resource
 * names, `fontRefs` resource names to the written font objects; every resource used is recorded in
 * `scope`. `gfx` writes graphics resources (states, layers, spaces, patterns, forms); `uncoloured`
 * leaves every colour out (the cell of an uncoloured tiling takes the colour of what it fills).
 */
export function pageContent(ops: readonly DrawOp[], fontRes: ReadonlyMap<string, string>, scope: ResourceScope, fontRefs: ReadonlyMap<string, PDFRef>, fontCodes?: ReadonlyMap<string, FontCodes>, gfx?: GraphicsEmitter, uncoloured = false): Uint8Array {
  const outer = env;
  env = { scope, gfx, uncoloured, fontCodes };
  try {
    return Buffer.from(opsContent(ops, fontRes, scope, fontRefs), 'latin1');
  } finally {
    env = outer;
  }
}

function opsContent(ops: readonly DrawOp[], fontRes: ReadonlyMap<string, string>, scope: ResourceScope, fontRefs: ReadonlyMap<string, PDFRef>): string {
  let s = '';
  for (const op of ops) {
    const q = op.matrix !== undefined;
    if (q) s += 'q\n' + cm(op.matrix!);
    if (op.op === 'rect') {
      s += `${q ? '' : 'q\n'}${colourOps(op.fill, false)}\n${num(op.x)} ${num(op.y)} ${num(op.w)} ${num(op.h)} re\nf\n${q ? '' : 'Q\n'}`;
    } else if (op.op === 'rects') {
      // Abutting rectangles of one fill: a hairline seam between them is the renderer's anti-aliasing,
      // not a gap; the rectangles share their edges exactly.
      s += `${q ? '' : 'q\n'}${colourOps(op.fill, false)}\n`;
      const r = op.rects;
      for (let i = 0; i < r.length; i += 4) s += `${num(r[i])} ${num(r[i + 1])} ${num(r[i + 2])} ${num(r[i + 3])} re\n`;
      s += `f\n${q ? '' : 'Q\n'}`;
    } else if (op.op === 'path') {
      s += `${q ? '' : 'q\n'}`;
      if (op.fill) s += colourOps(op.fill, false) + '\n';
      if (op.stroke) s += colourOps(op.stroke.colour, true) + '\n' + strokeState(op.stroke);
      s += segments(op.segs) + paintOperator(!!op.fill, !!op.stroke, op.fillRule === 'even_odd') + `\n${q ? '' : 'Q\n'}`;
    } else if (op.op === 'scope') {
      // The wrapper every item kind goes through (passes/layout/wrap.ts); its own q/Q bracket.
      if (!q) s += 'q\n';
      if (op.graphicsState) s += `/${env.gfx!.extGState(scope, op.graphicsState)} gs\n`;
      if (op.layer) s += `/OC /${env.gfx!.layer(scope, op.layer)} BDC\n`;
      if (op.clip) s += clip(op.clip.segs, op.clip.rule === 'even_odd');
      s += opsContent(op.ops, fontRes, scope, fontRefs);
      if (op.layer) s += 'EMC\n';
      if (!q) s += 'Q\n';
    } else if (op.op === 'form') {
      s += `/${env.gfx!.form(scope, op.name)} Do\n`;
    } else {
      const res = fontRes.get(op.font)!;
      s += glyphs(op, scope.use('Font', res, () => fontRefs.get(res)!, res), env.fontCodes?.get(res));
    }
    if (q) s += 'Q\n';
  }
  return s;
}
