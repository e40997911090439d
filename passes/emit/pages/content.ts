// passes/emit/pages/content.ts — one page's drawing operations as a content stream (ISO 32000-1 §8–9).
// Written as bytes into one growing buffer (./content-writer.ts). Glyph ids are written as 2-byte
// codes in literal strings, not hex: 41 % smaller content and half the deflate time
// (../shared/notes/fast-layout.md §2, "Bytes or strings").
import type { PDFRef } from 'pdf-lib';
import { num } from '../../../engines/pdf/number.js';
import { readableText } from '../../../ir/private-use.js';
import type { ContentMark } from '../../../ir/structure-types.js';
import type { Colour, DrawOp, GlyphRowsOp, GlyphRunOp, Matrix } from '../../../ir/types.js';
import type { GraphicsEmitter } from '../graphics/graphics.js';
import { ContentWriter, thousandths } from './content-writer.js';
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
let env: PaintEnv & {
  fontCodes?: ReadonlyMap<string, FontCodes>;
  marks?: MarkRecorder;
  /** The last fill colour painted and its operators: a table's cells repeat one colour object. */
  fill?: [Colour, string];
} = {
  scope: undefined as never,
};

function colourOps(c: Colour, stroke: boolean): string {
  if (stroke) return paint(c, stroke, env);
  // The same colour object gives the same operators, and the resources it names are already in
  // this page's scope (ResourceScope.use records a name once).
  if (env.fill?.[0] === c) return env.fill[1];
  const s = paint(c, false, env);
  env.fill = [c, s];
  return s;
}

/** A direction cosine to five decimals, without trailing zeros. */
function dir(n: number): string {
  const s = n.toFixed(5).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

function cm(m: Matrix): string {
  return `${m.map(num).join(' ')} cm\n`;
}

/** How a font's codes are written: 2 bytes (Type 0) or 1 (simple fonts); Type 3 glyphs under d1 also take the stroke colour. */
export interface FontCodes {
  codeBytes: 1 | 2;
  strokeToo?: boolean;
}

/**
 * The TJ array of glyphs [from, to) of a run: their codes, adjustments between them; a stretch that
 * continues a run cut by /ActualText spans starts with the adjustment after the glyph before it, so
 * a span's own glyphs and box end where its last glyph does. Written as bytes (./content-writer.ts).
 */
function tjArray(w: ContentWriter, op: GlyphRunOp, one: boolean, from = 0, to = op.glyphs.length): void {
  w.tj(op.glyphs, op.adjust, from, to, one, from > 0 ? op.adjust[from - 1] : 0);
}

/** A run with /ActualText spans (passes/dedupe/actual-text.ts): one TJ per stretch, each span in BDC … EMC. */
function spannedTj(w: ContentWriter, op: GlyphRunOp, one: boolean): void {
  let at = 0;
  for (const sp of op.spans!) {
    if (sp.from > at) {
      tjArray(w, op, one, at, sp.from);
      w.str(' TJ\n');
    }
    w.str('/Span<</ActualText');
    utf16Literal(w, sp.text);
    w.str('>>BDC\n');
    tjArray(w, op, one, sp.from, sp.to);
    w.str(' TJ\nEMC\n');
    at = sp.to;
  }
  if (at < op.glyphs.length) {
    tjArray(w, op, one, at);
    w.str(' TJ\n');
  }
}

/** A text string as a PDF literal in UTF-16BE with its byte order mark (§7.9.2.2), for ActualText. */
function utf16Literal(w: ContentWriter, s: string): void {
  w.byte(0x28);
  w.lit(0xfe);
  w.lit(0xff);
  for (let i = 0; i < s.length; i++) {
    w.lit(s.charCodeAt(i) >> 8);
    w.lit(s.charCodeAt(i) & 0xff);
  }
  w.byte(0x29);
}

/**
 * One text object (BT … ET) for consecutive glyph runs: font, colour and rendering mode set only
 * when they change, each run placed with Tm, or Td from the run before when both are translations. Outlined runs stroke (Tr 1, or 2 when filled too) with
 * their own line width and colour; the caller wraps the object in q … Q so none of it leaks.
 */
function textObject(
  w: ContentWriter,
  ops: readonly DrawOp[],
  from: number,
  to: number,
  resName: (font: string) => string,
  codesOf: (font: string) => FontCodes | undefined,
): void {
  w.str('BT\n');
  const t = new TextState(w, resName, codesOf);
  for (let k = from; k < to; k++) {
    const op = ops[k] as GlyphRunOp | GlyphRowsOp;
    if (op.op === 'rows') {
      // each row as its glyph run (ir/draw-ops.ts rowRun) would be written: no outline, turn, spans or actual text
      const start = op.start,
        place = op.place;
      for (let r = 0; r < op.count; r++) {
        t.place(op.font, op.size, op.colour, undefined, undefined, place[4 * r], place[4 * r + 1]);
        w.tj(op.glyphs, op.adjust, start[r], start[r + 1], t.one(), 0);
        w.str(' TJ\n');
      }
      continue;
    }
    t.place(op.font, op.size, op.colour, op.outline, op.turn, op.x, op.y);
    const one = t.one();
    if (op.spans) {
      spannedTj(w, op, one);
      continue;
    }
    if (op.actualText !== undefined) {
      w.str('/Span<</ActualText');
      utf16Literal(w, readableText(op.actualText));
      w.str('>>BDC\n');
      tjArray(w, op, one);
      w.str(' TJ\nEMC\n');
    } else {
      tjArray(w, op, one);
      w.str(' TJ\n');
    }
  }
  w.str('ET\n');
}

/**
 * What one text object has set so far: font, colour and rendering mode written only when they
 * change, and where the last run's line started for the next one's Td.
 */
class TextState {
  private font = '';
  private fill = '';
  private mode = 0;
  private stroke = '';
  // The last run's font, size and colour object: a table's rows repeat them, and the operator
  // strings are built only when one changes (the same name and size give the same Tf).
  private lastFont: string | undefined = undefined;
  private lastSize = Number.NaN;
  private lastColour: Colour | undefined = undefined;
  private codes: FontCodes | undefined = undefined;
  // Where the last run's line started, in thousandths, when a translation placed it (NaN otherwise).
  private lineX = Number.NaN;
  private lineY = 0;

  constructor(
    private readonly w: ContentWriter,
    private readonly resName: (font: string) => string,
    private readonly codesOf: (font: string) => FontCodes | undefined,
  ) {}

  /** Whether the current font's codes are one byte. */
  one(): boolean {
    return this.codes?.codeBytes === 1;
  }

  /** The state a run in `font` at `size` needs, then the run placed at (x, y) (turned by `turn`). */
  place(
    font: string,
    size: number,
    colour: Colour,
    outline: GlyphRunOp['outline'],
    turn: [number, number] | undefined,
    x: number,
    y: number,
  ): void {
    const w = this.w;
    if (font !== this.lastFont || size !== this.lastSize) {
      // The resource is recorded in the scope once per change of font, as it is looked up.
      if (font !== this.lastFont) this.codes = this.codesOf(font);
      const f = `/${this.resName(font)} ${num(size)} Tf\n`;
      if (f !== this.font) {
        w.str(f);
        this.font = f;
      }
      this.lastFont = font;
      this.lastSize = size;
    }
    if (colour !== this.lastColour) {
      const c = colourOps(colour, false) + '\n';
      if (c !== this.fill) {
        w.str(c);
        this.fill = c;
      }
      this.lastColour = colour;
    }
    const m = outline ? (outline.filled ? 2 : 1) : 0;
    if (outline) {
      const st = `${num(outline.width)} w\n${colourOps(outline.colour, true)}\n`;
      if (st !== this.stroke) {
        w.str(st);
        this.stroke = st;
      }
    } else if (this.codes?.strokeToo) {
      const st = `${colourOps(colour, true)}\n`;
      if (st !== this.stroke) {
        w.str(st);
        this.stroke = st;
      }
    }
    if (m !== this.mode) {
      w.int(m);
      w.str(' Tr\n');
      this.mode = m;
    }
    if (turn) {
      // Five decimals for the direction: three would misplace a letter's far edge by 0.0005 × its size.
      const [c, sn] = turn;
      w.str(`${dir(c)} ${dir(sn)} ${dir(-sn)} ${dir(c)} `);
      w.num(x);
      w.byte(0x20);
      w.num(y);
      w.str(' Tm\n');
      this.lineX = Number.NaN;
    } else if (Math.abs(x) < 1e6 && Math.abs(y) < 1e6) {
      // A translation: after one, the next moves by Td from where the last started (§9.4.2; Td's
      // operands are unscaled, so Tf and Tz leave them alone), by the difference of the positions
      // as Tm would write them: exact in thousandths, no drift down a table's rows.
      const qx = thousandths(x),
        qy = thousandths(y);
      if (!Number.isNaN(this.lineX)) {
        w.thou(qx - this.lineX);
        w.byte(0x20);
        w.thou(qy - this.lineY);
        w.str(' Td\n');
      } else {
        w.str('1 0 0 1 ');
        w.thou(qx);
        w.byte(0x20);
        w.thou(qy);
        w.str(' Tm\n');
      }
      this.lineX = qx;
      this.lineY = qy;
    } else {
      w.str('1 0 0 1 ');
      w.num(x);
      w.byte(0x20);
      w.num(y);
      w.str(' Tm\n');
      this.lineX = Number.NaN;
    }
  }
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
  return writeContent(ops, fontRes, scope, fontRefs, fontCodes, gfx, uncoloured, marks, (w) => w.finish());
}

/**
 * A page's content stream handed to `use` in the writer's own buffer, valid only during the call
 * (./content-writer.ts finishInto): a page hashes and deflates it at once, so it needs no copy.
 */
export function pageContentInto<R>(
  ops: readonly DrawOp[],
  fontRes: ReadonlyMap<string, string>,
  scope: ResourceScope,
  fontRefs: ReadonlyMap<string, PDFRef>,
  fontCodes: ReadonlyMap<string, FontCodes> | undefined,
  gfx: GraphicsEmitter | undefined,
  marks: MarkRecorder | undefined,
  use: (bytes: Uint8Array) => R,
): R {
  return writeContent(ops, fontRes, scope, fontRefs, fontCodes, gfx, false, marks, (w) => w.finishInto(use));
}

function writeContent<R>(
  ops: readonly DrawOp[],
  fontRes: ReadonlyMap<string, string>,
  scope: ResourceScope,
  fontRefs: ReadonlyMap<string, PDFRef>,
  fontCodes: ReadonlyMap<string, FontCodes> | undefined,
  gfx: GraphicsEmitter | undefined,
  uncoloured: boolean,
  marks: MarkRecorder | undefined,
  done: (w: ContentWriter) => R,
): R {
  const outer = env;
  env = { scope, gfx, uncoloured, fontCodes, marks };
  const w = new ContentWriter();
  // A font's resource name and codes, looked up once per change of font across the page's text
  // objects (a table draws each cell in one of its own).
  let lastFont: string | undefined, lastName: string, lastCodes: FontCodes | undefined;
  const fonts: Fonts = {
    resName: (font) => {
      if (font !== lastFont) {
        const res = fontRes.get(font)!;
        lastName = scope.use('Font', res, () => fontRefs.get(res)!, res);
        lastCodes = env.fontCodes?.get(res);
        lastFont = font;
      }
      return lastName;
    },
    codesOf: (font) => {
      fonts.resName(font);
      return lastCodes;
    },
  };
  try {
    opsContent(w, ops, fonts, scope);
  } finally {
    env = outer;
  }
  return done(w);
}

/** How a page's glyph runs name their font resource and write their codes. */
interface Fonts {
  resName: (font: string) => string;
  codesOf: (font: string) => FontCodes | undefined;
}

function opsContent(w: ContentWriter, ops: readonly DrawOp[], fonts: Fonts, scope: ResourceScope): void {
  const { resName, codesOf } = fonts;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    const q = op.matrix !== undefined;
    if (op.op === 'glyphs' || op.op === 'rows') {
      // Consecutive runs of one text object (a block's letters, or its shadow; a table part's runs
      // and rows) share BT … ET.
      let j = i + 1;
      let wrap = q || (op.op === 'glyphs' && !!op.outline);
      if (op.textObject !== undefined)
        for (; j < ops.length; j++) {
          const o = ops[j];
          if ((o.op !== 'glyphs' && o.op !== 'rows') || o.textObject !== op.textObject) break;
          if (o.op === 'glyphs' && o.outline) wrap = true;
        }
      if (wrap) w.str('q\n');
      if (q) w.str(cm(op.matrix!));
      textObject(w, ops, i, j, resName, codesOf);
      if (wrap) w.str('Q\n');
      i = j - 1;
      continue;
    }
    if (q) w.str('q\n' + cm(op.matrix!));
    if (op.op === 'rect') {
      if (!q) w.str('q\n');
      w.str(colourOps(op.fill, false));
      w.byte(0x0a);
      w.num(op.x);
      w.byte(0x20);
      w.num(op.y);
      w.byte(0x20);
      w.num(op.w);
      w.byte(0x20);
      w.num(op.h);
      w.str(' re\nf\n');
      if (!q) w.str('Q\n');
    } else if (op.op === 'rects') {
      // Abutting rectangles of one fill: a hairline seam between them is the renderer's anti-aliasing,
      // not a gap; the rectangles share their edges exactly.
      if (!q) w.str('q\n');
      w.str(colourOps(op.fill, false));
      w.byte(0x0a);
      const r = op.rects;
      for (let k = 0; k < r.length; k += 4) {
        w.num(r[k]);
        w.byte(0x20);
        w.num(r[k + 1]);
        w.byte(0x20);
        w.num(r[k + 2]);
        w.byte(0x20);
        w.num(r[k + 3]);
        w.str(' re\n');
      }
      w.str('f\n');
      if (!q) w.str('Q\n');
    } else if (op.op === 'imported') {
      const name = scope.use('XObject', `page\u0000${op.source.part}\u0000${op.page}`, (context) =>
        writeImportedPage(context, op.source, op.page),
      );
      w.str(`/${name} Do\n`); // the placing matrix is the op's own, written above
      if (op.flat) w.str(flatWidgetsContent(op, scope, num));
    } else if (op.op === 'image') {
      w.str(imageContent(op, scope, num, op.fill ? colourOps(op.fill, false) : ''));
    } else if (op.op === 'path') {
      if (!q) w.str('q\n');
      if (op.fill) w.str(colourOps(op.fill, false) + '\n');
      if (op.stroke) w.str(colourOps(op.stroke.colour, true) + '\n' + strokeState(op.stroke));
      w.str(segments(op.segs) + paintOperator(!!op.fill, !!op.stroke, op.fillRule === 'even_odd') + '\n');
      if (!q) w.str('Q\n');
    } else if (op.op === 'scope') {
      // The wrapper every item kind goes through (passes/layout/wrap.ts); its own q/Q bracket.
      if (!q) w.str('q\n');
      if (op.graphicsState) w.str(`/${env.gfx!.extGState(scope, op.graphicsState)} gs\n`);
      if (op.layer) w.str(`/OC /${env.gfx!.layer(scope, op.layer)} BDC\n`);
      if (op.clip) w.str(clip(op.clip.segs, op.clip.rule === 'even_odd'));
      opsContent(w, op.ops, fonts, scope);
      if (op.layer) w.str('EMC\n');
      if (!q) w.str('Q\n');
    } else if (op.op === 'marked') {
      // Marked content of a tagged page (passes/layout/structure-marks.ts).
      w.str(markOpen(op.mark));
      opsContent(w, op.ops, fonts, scope);
      w.str('EMC\n');
    } else if (op.op === 'form') {
      w.str(`/${env.gfx!.form(scope, op.name)} Do\n`);
    }
    if (q) w.str('Q\n');
  }
}
