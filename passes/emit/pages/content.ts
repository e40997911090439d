// passes/emit/pages/content.ts — one page's drawing operations as a content stream (ISO 32000-1 §8–9).
// Built as a latin1 string (each char one byte) and turned into bytes once. Glyph ids are written as
// 2-byte codes in literal strings, not hex: 41 % smaller content and half the deflate time
// (../shared/notes/fast-layout.md §2, "Bytes or strings").
import type { PDFRef } from 'pdf-lib';
import { num } from '../../../engines/pdf/number.js';
import { readableText } from '../../../ir/private-use.js';
import type { ContentMark } from '../../../ir/structure-types.js';
import type { Colour, DrawOp, GlyphRunOp, Matrix } from '../../../ir/types.js';
import type { GraphicsEmitter } from '../graphics/graphics.js';
import { imageContent } from './images.js';
import { flatWidgetsContent, writeImportedPage } from './imported-pages.js';
import { type PaintEnv, paint } from './paint.js';
import { clip, paintOperator, segments, strokeState } from './paths.js';
import type { ResourceScope } from './resources.js';

/** The marked-content pieces of one page in MCID order (a tagged document; passes/emit/document/structure.ts builds the tree from them). */
export interface MarkRecorder {
  pieces: ContentMark[];
}

/** A name as PDF writes it (§7.3.5): delimiters, '#' and bytes outside printable ASCII as #xx. */
export function pdfName(s: string): string {
  let out = '/';
  for (const b of Buffer.from(s, 'utf8'))
    out +=
      b > 0x20 && b < 0x7f && !'#()<>[]{}/%'.includes(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : '#' + b.toString(16).padStart(2, '0');
  return out;
}

/** BDC of a marked op: an artifact (with its type), or a piece of the tree with its MCID. */
function markOpen(m: ContentMark): string {
  if (m.kind === 'artifact') return m.type ? `/Artifact <</Type /${m.type}>> BDC\n` : '/Artifact BMC\n';
  const rec = env.marks;
  if (!rec) throw new Error('marked content outside a page'); // only pages are tagged (passes/layout/layout.ts): our bug
  return `${pdfName(m.tag)} <</MCID ${rec.pieces.push(m) - 1}>> BDC\n`;
}

/** The paint environment of the content stream being written (colours in declared spaces, patterns). */
let env: PaintEnv & { fontCodes?: ReadonlyMap<string, FontCodes>; marks?: MarkRecorder } = {
  scope: undefined as never,
};

function colourOps(c: Colour, stroke: boolean): string {
  return paint(c, stroke, env);
}

/** A direction cosine to five decimals, without trailing zeros. */
function dir(n: number): string {
  const s = n.toFixed(5).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

function cm(m: Matrix): string {
  return `${m.map(num).join(' ')} cm\n`;
}

function lit(b: number): string {
  if (b === 0x28 || b === 0x29 || b === 0x5c) return '\\' + String.fromCharCode(b);
  if (b === 0x0d) return '\\r';
  return String.fromCharCode(b);
}

/** How a font's codes are written: 2 bytes (Type 0) or 1 (simple fonts); Type 3 glyphs under d1 also take the stroke colour. */
export interface FontCodes {
  codeBytes: 1 | 2;
  strokeToo?: boolean;
}

/**
 * The TJ array of glyphs [from, to) of a run: their codes, adjustments between them; a stretch that
 * continues a run cut by /ActualText spans starts with the adjustment after the glyph before it, so
 * a span's own glyphs and box end where its last glyph does.
 */
function tjArray(op: GlyphRunOp, one: boolean, from = 0, to = op.glyphs.length): string {
  // Written as bytes into one scratch buffer and read back as one flat latin1 string: a per-glyph
  // string concatenation made two short-lived strings a glyph (most of a long document's garbage).
  const need = (to - from) * 20 + 32; // per glyph: 4 code bytes at most, `)`, an int32, `(`
  if (tjScratch.length < need) tjScratch = Buffer.allocUnsafe(Math.max(need, 2 * tjScratch.length));
  const b = tjScratch;
  const glyphs = op.glyphs,
    adjust = op.adjust;
  let o = 0;
  const lead = from > 0 ? adjust[from - 1] : 0;
  if (lead !== 0) o = writeInt(b, o, lead);
  b[o++] = 0x28;
  for (let i = from; i < to; i++) {
    const g = glyphs[i];
    if (one) o = litByte(b, o, g);
    else {
      o = litByte(b, o, g >> 8);
      o = litByte(b, o, g & 0xff);
    }
    const a = adjust[i];
    if (a !== 0 && i < to - 1) {
      b[o++] = 0x29;
      o = writeInt(b, o, a);
      b[o++] = 0x28;
    }
  }
  b[o++] = 0x29;
  return b.toString('latin1', 0, o);
}
let tjScratch = Buffer.allocUnsafe(1 << 16);

/** `lit(c)` as bytes: the low byte of c, after a backslash for `(`, `)` and `\`; CR as `\r`. */
function litByte(b: Buffer, o: number, c: number): number {
  if (c === 0x28 || c === 0x29 || c === 0x5c) {
    b[o++] = 0x5c;
    b[o++] = c;
  } else if (c === 0x0d) {
    b[o++] = 0x5c;
    b[o++] = 0x72;
  } else b[o++] = c & 0xff;
  return o;
}

/** An integer in decimal, as `${n}` writes it. */
function writeInt(b: Buffer, o: number, n: number): number {
  if (n < 0) {
    b[o++] = 0x2d;
    n = -n;
  }
  if (n < 10) {
    b[o++] = 0x30 + n;
    return o;
  }
  let digits = 1;
  for (let m = n; m >= 10; m = Math.floor(m / 10)) digits++;
  for (let k = o + digits - 1; k >= o; k--) {
    b[k] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  return o + digits;
}

/** A run with /ActualText spans (passes/dedupe/actual-text.ts): one TJ per stretch, each span in BDC … EMC. */
function spannedTj(op: GlyphRunOp, one: boolean): string {
  let s = '';
  let at = 0;
  for (const sp of op.spans!) {
    if (sp.from > at) s += `[${tjArray(op, one, at, sp.from)}] TJ\n`;
    s += `/Span<</ActualText${utf16Literal(sp.text)}>>BDC\n[${tjArray(op, one, sp.from, sp.to)}] TJ\nEMC\n`;
    at = sp.to;
  }
  if (at < op.glyphs.length) s += `[${tjArray(op, one, at)}] TJ\n`;
  return s;
}

/** A text string as a PDF literal in UTF-16BE with its byte order mark (§7.9.2.2), for ActualText. */
function utf16Literal(s: string): string {
  let out = '(' + lit(0xfe) + lit(0xff);
  for (let i = 0; i < s.length; i++) out += lit(s.charCodeAt(i) >> 8) + lit(s.charCodeAt(i) & 0xff);
  return out + ')';
}

/**
 * One text object (BT … ET) for consecutive glyph runs: font, colour and rendering mode set only
 * when they change, each run placed with Tm. Outlined runs stroke (Tr 1, or 2 when filled too) with
 * their own line width and colour; the caller wraps the object in q … Q so none of it leaks.
 */
function textObject(
  ops: readonly GlyphRunOp[],
  resName: (op: GlyphRunOp) => string,
  codesOf: (op: GlyphRunOp) => FontCodes | undefined,
): string {
  let s = 'BT\n';
  let font = '',
    fill = '',
    mode = 0,
    stroke = '';
  // The last run's resource name, size and colour object: a table's rows repeat them, and the
  // operator strings are built only when one changes (the same name and size give the same Tf).
  let lastName: string | undefined,
    lastSize = Number.NaN,
    lastColour: Colour | undefined;
  for (const op of ops) {
    const name = resName(op);
    if (name !== lastName || op.size !== lastSize) {
      const f = `/${name} ${num(op.size)} Tf\n`;
      if (f !== font) {
        s += f;
        font = f;
      }
      lastName = name;
      lastSize = op.size;
    }
    const codes = codesOf(op);
    if (op.colour !== lastColour) {
      const c = colourOps(op.colour, false) + '\n';
      if (c !== fill) {
        s += c;
        fill = c;
      }
      lastColour = op.colour;
    }
    const m = op.outline ? (op.outline.filled ? 2 : 1) : 0;
    if (op.outline) {
      const st = `${num(op.outline.width)} w\n${colourOps(op.outline.colour, true)}\n`;
      if (st !== stroke) {
        s += st;
        stroke = st;
      }
    } else if (codes?.strokeToo) {
      const st = `${colourOps(op.colour, true)}\n`;
      if (st !== stroke) {
        s += st;
        stroke = st;
      }
    }
    if (m !== mode) {
      s += `${m} Tr\n`;
      mode = m;
    }
    if (op.turn) {
      // Five decimals for the direction: three would misplace a letter's far edge by 0.0005 × its size.
      const [c, sn] = op.turn;
      s += `${dir(c)} ${dir(sn)} ${dir(-sn)} ${dir(c)} ${num(op.x)} ${num(op.y)} Tm\n`;
    } else s += `1 0 0 1 ${num(op.x)} ${num(op.y)} Tm\n`;
    if (op.spans) {
      s += spannedTj(op, codes?.codeBytes === 1);
      continue;
    }
    const tj = tjArray(op, codes?.codeBytes === 1);
    if (op.actualText !== undefined)
      s += `/Span<</ActualText${utf16Literal(readableText(op.actualText))}>>BDC\n[${tj}] TJ\nEMC\n`;
    else s += `[${tj}] TJ\n`;
  }
  return s + 'ET\n';
}

/**
 * The content stream of one page (or form), as bytes. `fontRes` maps request font names to resource
 * names, `fontRefs` resource names to the written font objects; every resource used is recorded in
 * `scope`. `gfx` writes graphics resources (states, layers, spaces, patterns, forms); `uncoloured`
 * leaves every colour out (the cell of an uncoloured tiling takes the colour of what it fills).
 * `marks` records the marked-content pieces of a tagged page, MCID by MCID.
 */
export function pageContent(
  ops: readonly DrawOp[],
  fontRes: ReadonlyMap<string, string>,
  scope: ResourceScope,
  fontRefs: ReadonlyMap<string, PDFRef>,
  fontCodes?: ReadonlyMap<string, FontCodes>,
  gfx?: GraphicsEmitter,
  uncoloured = false,
  marks?: MarkRecorder,
): Uint8Array {
  const outer = env;
  env = { scope, gfx, uncoloured, fontCodes, marks };
  try {
    return Buffer.from(opsContent(ops, fontRes, scope, fontRefs), 'latin1');
  } finally {
    env = outer;
  }
}

function opsContent(
  ops: readonly DrawOp[],
  fontRes: ReadonlyMap<string, string>,
  scope: ResourceScope,
  fontRefs: ReadonlyMap<string, PDFRef>,
): string {
  let s = '';
  const resName = (op: GlyphRunOp) => {
    const res = fontRes.get(op.font)!;
    return scope.use('Font', res, () => fontRefs.get(res)!, res);
  };
  const codesOf = (op: GlyphRunOp) => env.fontCodes?.get(fontRes.get(op.font)!);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    const q = op.matrix !== undefined;
    if (op.op === 'glyphs') {
      // Consecutive runs of one text object (a block's letters, or its shadow) share BT … ET.
      let j = i + 1;
      if (op.textObject !== undefined)
        while (j < ops.length && ops[j].op === 'glyphs' && (ops[j] as GlyphRunOp).textObject === op.textObject) j++;
      const group = ops.slice(i, j) as GlyphRunOp[];
      const wrap = q || group.some((g) => g.outline);
      s += (wrap ? 'q\n' : '') + (q ? cm(op.matrix!) : '') + textObject(group, resName, codesOf) + (wrap ? 'Q\n' : '');
      i = j - 1;
      continue;
    }
    if (q) s += 'q\n' + cm(op.matrix!);
    if (op.op === 'rect') {
      s += `${q ? '' : 'q\n'}${colourOps(op.fill, false)}\n${num(op.x)} ${num(op.y)} ${num(op.w)} ${num(op.h)} re\nf\n${q ? '' : 'Q\n'}`;
    } else if (op.op === 'rects') {
      // Abutting rectangles of one fill: a hairline seam between them is the renderer's anti-aliasing,
      // not a gap; the rectangles share their edges exactly.
      s += `${q ? '' : 'q\n'}${colourOps(op.fill, false)}\n`;
      const r = op.rects;
      for (let k = 0; k < r.length; k += 4) s += `${num(r[k])} ${num(r[k + 1])} ${num(r[k + 2])} ${num(r[k + 3])} re\n`;
      s += `f\n${q ? '' : 'Q\n'}`;
    } else if (op.op === 'imported') {
      const name = scope.use('XObject', `page\u0000${op.source.part}\u0000${op.page}`, (context) =>
        writeImportedPage(context, op.source, op.page),
      );
      s += `/${name} Do\n`; // the placing matrix is the op's own, written above
      if (op.flat) s += flatWidgetsContent(op, scope, num);
    } else if (op.op === 'image') {
      s += imageContent(op, scope, num, op.fill ? colourOps(op.fill, false) : '');
    } else if (op.op === 'path') {
      s += `${q ? '' : 'q\n'}`;
      if (op.fill) s += colourOps(op.fill, false) + '\n';
      if (op.stroke) s += colourOps(op.stroke.colour, true) + '\n' + strokeState(op.stroke);
      s +=
        segments(op.segs) + paintOperator(!!op.fill, !!op.stroke, op.fillRule === 'even_odd') + `\n${q ? '' : 'Q\n'}`;
    } else if (op.op === 'scope') {
      // The wrapper every item kind goes through (passes/layout/wrap.ts); its own q/Q bracket.
      if (!q) s += 'q\n';
      if (op.graphicsState) s += `/${env.gfx!.extGState(scope, op.graphicsState)} gs\n`;
      if (op.layer) s += `/OC /${env.gfx!.layer(scope, op.layer)} BDC\n`;
      if (op.clip) s += clip(op.clip.segs, op.clip.rule === 'even_odd');
      s += opsContent(op.ops, fontRes, scope, fontRefs);
      if (op.layer) s += 'EMC\n';
      if (!q) s += 'Q\n';
    } else if (op.op === 'marked') {
      // Marked content of a tagged page (passes/layout/structure-marks.ts).
      s += markOpen(op.mark) + opsContent(op.ops, fontRes, scope, fontRefs) + 'EMC\n';
    } else if (op.op === 'form') {
      s += `/${env.gfx!.form(scope, op.name)} Do\n`;
    }
    if (q) s += 'Q\n';
  }
  return s;
}
