// engines/fonts/glyf-write.ts — writing TrueType glyf/loca data from outline points (OpenType spec,
// "glyf — Glyph Data", simple glyph description). Used where a glyf table has to be made anew: a WOFF2
// file's transformed glyf (web-font.ts) and a variable font set at an instance (instance.ts).

/** One outline point as a glyph description holds it (absolute font units). */
export interface OutlinePoint {
  x: number;
  y: number;
  onCurve: boolean;
}

/** Bounding box of a glyph, font units. */
export interface GlyphBox {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The box around every point (all zero for none). */
export function boxOf(contours: readonly (readonly OutlinePoint[])[]): GlyphBox {
  let xMin = Infinity;
  let yMin = Infinity;
  let xMax = -Infinity;
  let yMax = -Infinity;
  for (const c of contours)
    for (const p of c) {
      if (p.x < xMin) xMin = p.x;
      if (p.x > xMax) xMax = p.x;
      if (p.y < yMin) yMin = p.y;
      if (p.y > yMax) yMax = p.y;
    }
  return xMin === Infinity ? { xMin: 0, yMin: 0, xMax: 0, yMax: 0 } : { xMin, yMin, xMax, yMax };
}

const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;

/** Coordinates must fit an int16 (glyf stores them so); beyond that the outline cannot be written. */
const COORD_LIMIT = 32767;

/**
 * A simple glyph description from its contours (empty bytes for a glyph without contours). Points are
 * rounded to whole font units; `box` is written as given (a WOFF2 file may state it explicitly).
 */
export function encodeSimpleGlyph(
  contours: readonly (readonly OutlinePoint[])[],
  instructions: Uint8Array = new Uint8Array(0),
  box: GlyphBox = boxOf(contours),
): Uint8Array {
  const kept = contours.filter((c) => c.length > 0);
  if (kept.length === 0) return new Uint8Array(0);
  const flags: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const ends: number[] = [];
  let px = 0;
  let py = 0;
  let n = 0;
  for (const c of kept) {
    for (const p of c) {
      const x = Math.round(p.x);
      const y = Math.round(p.y);
      if (Math.abs(x) > COORD_LIMIT || Math.abs(y) > COORD_LIMIT)
        throw new Error('a glyph point lies beyond 32767 units');
      const dx = x - px;
      const dy = y - py;
      px = x;
      py = y;
      let f = p.onCurve ? ON_CURVE : 0;
      if (dx === 0) f |= X_SAME_OR_POSITIVE;
      else if (Math.abs(dx) < 256) {
        f |= X_SHORT | (dx > 0 ? X_SAME_OR_POSITIVE : 0);
        xs.push(Math.abs(dx), 1);
      } else xs.push(dx, 2);
      if (dy === 0) f |= Y_SAME_OR_POSITIVE;
      else if (Math.abs(dy) < 256) {
        f |= Y_SHORT | (dy > 0 ? Y_SAME_OR_POSITIVE : 0);
        ys.push(Math.abs(dy), 1);
      } else ys.push(dy, 2);
      flags.push(f);
      n++;
    }
    ends.push(n - 1);
  }
  let size = 10 + ends.length * 2 + 2 + instructions.length + flags.length;
  for (let i = 1; i < xs.length; i += 2) size += xs[i];
  for (let i = 1; i < ys.length; i += 2) size += ys[i];
  const out = Buffer.alloc(size);
  let o = out.writeInt16BE(ends.length, 0);
  o = out.writeInt16BE(clampBox(box.xMin), o);
  o = out.writeInt16BE(clampBox(box.yMin), o);
  o = out.writeInt16BE(clampBox(box.xMax), o);
  o = out.writeInt16BE(clampBox(box.yMax), o);
  for (const e of ends) o = out.writeUInt16BE(e, o);
  o = out.writeUInt16BE(instructions.length, o);
  out.set(instructions, o);
  o += instructions.length;
  for (const f of flags) o = out.writeUInt8(f, o);
  for (const list of [xs, ys])
    for (let i = 0; i < list.length; i += 2)
      o = list[i + 1] === 1 ? out.writeUInt8(list[i], o) : out.writeInt16BE(list[i], o);
  return out;
}

function clampBox(v: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(v)));
}

/**
 * A glyf table and its loca (format 0 short, 1 long) from glyph descriptions, each padded to 4 bytes.
 * The short format is used only when asked for and the table fits it.
 */
export function writeGlyfLoca(
  glyphs: readonly Uint8Array[],
  format: number,
): { glyf: Uint8Array; loca: Uint8Array; format: number } {
  let total = 0;
  for (const g of glyphs) total += (g.length + 3) & ~3;
  const fmt = format === 0 && total <= 0x1fffe ? 0 : 1;
  const glyf = Buffer.alloc(total);
  const loca = Buffer.alloc((glyphs.length + 1) * (fmt === 0 ? 2 : 4));
  let off = 0;
  glyphs.forEach((g, i) => {
    if (fmt === 0) loca.writeUInt16BE(off / 2, i * 2);
    else loca.writeUInt32BE(off, i * 4);
    glyf.set(g, off);
    off += (g.length + 3) & ~3;
  });
  if (fmt === 0) loca.writeUInt16BE(off / 2, glyphs.length * 2);
  else loca.writeUInt32BE(off, glyphs.length * 4);
  return { glyf, loca, format: fmt };
}
