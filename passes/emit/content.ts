// passes/emit/content.ts — one page's drawing operations as a content stream (ISO 32000-1 §8–9).
// Built as a latin1 string (each char one byte) and turned into bytes once. Glyph ids are written as
// 2-byte codes in literal strings, not hex: 41 % smaller content and half the deflate time
// (../shared/notes/fast-layout.md §2, "Bytes or strings").
import type { PDFRef } from 'pdf-lib';
import type { Colour, DrawOp, GlyphRunOp, Matrix } from '../../ir/types.js';
import { writeImportedPage } from './imported-pages.js';
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

function colourOps(c: Colour, stroke: boolean): string {
  const v = c.c.map(num).join(' ');
  switch (c.space) {
    case 'gray': return `${v} ${stroke ? 'G' : 'g'}`;
    case 'rgb': return `${v} ${stroke ? 'RG' : 'rg'}`;
    case 'cmyk': return `${v} ${stroke ? 'K' : 'k'}`;
  }
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
 * names, `fontRefs` resource names to the written font objects; every resource used is recorded in `scope`.
 */
export function pageContent(ops: readonly DrawOp[], fontRes: ReadonlyMap<string, string>, scope: ResourceScope, fontRefs: ReadonlyMap<string, PDFRef>, fontCodes?: ReadonlyMap<string, FontCodes>): Uint8Array {
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
    } else if (op.op === 'form') {
      const name = scope.use('XObject', `page\u0000${op.source.part}\u0000${op.page}`, (context) => writeImportedPage(context, op.source, op.page));
      s += `/${name} Do\n`; // the placing matrix is the op's own, written above
    } else {
      const res = fontRes.get(op.font)!;
      s += glyphs(op, scope.use('Font', res, () => fontRefs.get(res)!, res), fontCodes?.get(res));
    }
    if (q) s += 'Q\n';
  }
  return Buffer.from(s, 'latin1');
}
