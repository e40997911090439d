// engines/fonts/instance.ts — a variable TrueType font set at one point of its design space (a
// named instance or axis values, `fonts[].instance`/`variations`) made into a static font: every
// glyph's outline at those coordinates (fontkit applies gvar, composites resolved) written as a
// simple glyph, advances into hmtx, and the variation tables dropped. The names pass builds it; the
// result is an ordinary Face, so shaping, widths (W), subsetting and the embedded program all agree
// on the instance. A PDF has no variable fonts: the static instance is what a reader can draw.
import { createHash } from 'node:crypto';
import type { Font } from 'fontkit';
import { maxOf } from '../../ir/bounded.js';
import { readTables, writeSfnt } from '../pdf/sfnt.js';
import { cachedFace, describeFault, type Face, faceFromSfnt, type LoadFaceResult } from './face.js';
import { boxOf, encodeSimpleGlyph, type OutlinePoint, writeGlyfLoca } from './glyf-write.js';

/** Tables that describe variation, dropped from a static instance (OpenType spec, "Font Variations"). */
const VARIATION_TABLES = ['fvar', 'gvar', 'avar', 'cvar', 'HVAR', 'VVAR', 'MVAR', 'STAT'];

export interface VariationAxis {
  tag: string;
  min: number;
  default: number;
  max: number;
}

/** The face's variation axes (none for a static font). */
export function axesOf(face: Face): VariationAxis[] {
  const axes = face.font.variationAxes;
  return Object.entries(axes ?? {}).map(([tag, a]) => ({ tag, min: a.min, default: a.default, max: a.max }));
}

/** The face's named instances: name → coordinates. */
export function namedInstancesOf(face: Face): Map<string, Record<string, number>> {
  return new Map(Object.entries(face.font.namedVariations ?? {}));
}

/**
 * The static face at `coords` (every axis given, within its range: the caller checked), from the
 * process cache or made now; `label` names the instance in the PostScript name (`Inter-Bold`).
 * Never throws: a glyph that cannot be instanced is a fault in words.
 */
export function instanceFace(face: Face, coords: Readonly<Record<string, number>>, label: string): LoadFaceResult {
  const tags = Object.keys(coords).sort();
  const key = createHash('sha256')
    .update(face.key)
    .update(tags.map((t) => `${t}=${coords[t]}`).join(','))
    .digest('hex');
  const hit = cachedFace(key);
  if (hit) return { ok: true, face: hit };
  let sfnt: Uint8Array;
  try {
    sfnt = staticSfnt(face, face.font.getVariation({ ...coords }), coords);
  } catch (e) {
    return { ok: false, detail: `it cannot be set at that instance: ${describeFault(e)}` };
  }
  return faceFromSfnt(sfnt, key, label);
}

type ContourGlyph = { _getContours(): OutlinePoint[][]; advanceWidth: number };

function staticSfnt(face: Face, vf: Font, coords: Readonly<Record<string, number>>): Uint8Array {
  const { version, tables } = readTables(face.bytes);
  const n = face.font.numGlyphs;
  const glyphs: Uint8Array[] = [];
  const advances: number[] = [];
  const lsbs: number[] = [];
  let maxPoints = 0;
  let maxContours = 0;
  for (let gid = 0; gid < n; gid++) {
    const g = vf.getGlyph(gid) as unknown as ContourGlyph;
    const contours = g._getContours();
    const box = boxOf(contours);
    glyphs.push(encodeSimpleGlyph(contours, undefined, box));
    advances.push(Math.max(0, Math.round(g.advanceWidth)));
    lsbs.push(Math.round(box.xMin));
    maxContours = Math.max(maxContours, contours.length);
    maxPoints = Math.max(
      maxPoints,
      contours.reduce((s, c) => s + c.length, 0),
    );
  }
  const head = Buffer.from(tables.get('head')!);
  const { glyf, loca, format } = writeGlyfLoca(glyphs, head.readInt16BE(50));
  head.writeInt16BE(format, 50);
  const hmtx = Buffer.alloc(n * 4);
  advances.forEach((a, i) => {
    hmtx.writeUInt16BE(Math.min(a, 0xffff), i * 4);
    hmtx.writeInt16BE(Math.max(-32768, Math.min(32767, lsbs[i])), i * 4 + 2);
  });
  const hhea = Buffer.from(tables.get('hhea')!);
  hhea.writeUInt16BE(Math.min(Math.max(0, maxOf(advances)), 0xffff), 10);
  hhea.writeUInt16BE(n, 34);
  const out = new Map<string, Uint8Array>();
  for (const [tag, data] of tables) if (!VARIATION_TABLES.includes(tag)) out.set(tag, data);
  out.set('head', head);
  out.set('hhea', hhea);
  out.set('glyf', glyf);
  out.set('loca', loca);
  out.set('hmtx', hmtx);
  const maxp = tables.get('maxp');
  if (maxp && maxp.length >= 14 && new DataView(maxp.buffer, maxp.byteOffset).getUint32(0) === 0x00010000) {
    const m = Buffer.from(maxp);
    m.writeUInt16BE(Math.min(maxPoints, 0xffff), 6);
    m.writeUInt16BE(Math.min(maxContours, 0xffff), 8);
    m.writeUInt16BE(0, 10); // composites resolved: none left
    m.writeUInt16BE(0, 12);
    if (m.length >= 32) m.writeUInt16BE(0, 30); // maxComponentDepth
    out.set('maxp', m);
  }
  const os2 = tables.get('OS/2');
  if (os2 && os2.length >= 6 && coords.wght !== undefined) {
    const o = Buffer.from(os2);
    o.writeUInt16BE(Math.max(1, Math.min(1000, Math.round(coords.wght))), 4); // usWeightClass
    out.set('OS/2', o);
  }
  return writeSfnt(version, out);
}
