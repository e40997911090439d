// verifier/checks/glyphs.ts — the glyphs text shows must be in the embedded font program (ISO 19005-2
// §6.2.11.4.1 and §6.2.11.8, 19005-4 §6.2.10.4.1). Type 1 (FontFile, eexec decrypted) and bare CFF
// (FontFile3 /Type1C) programs are read for their glyph names, each shown code mapped through the
// font's encoding; TrueType programs (FontFile2, read with fontkit) through the cmap or, under a
// Type 0 font, through CIDToGIDMap. Glyph names or ids the program lacks, and uses of .notdef.

import * as fontkit from 'fontkit';
import { hexDigits } from '../content.js';
import {
  arrayItems,
  get,
  getDict,
  getName,
  getNumber,
  type Loaded,
  nameOf,
  PDFArray,
  PDFDict,
  PDFNumber,
  PDFStream,
  streamData,
  textOf,
} from '../cos.js';
import { readCffProgram } from './cff.js';
import type { Check } from './check.js';
import { ENCODINGS, encodingName } from './encodings.js';

/**
 * The glyph name a base encoding gives a code: '.notdef' where a table of Annex D leaves the code
 * undefined (a reader shows .notdef there), undefined for an encoding we hold no table of.
 */
function baseName(encoding: string, code: number): string | undefined {
  if (!ENCODINGS[encoding]) return undefined;
  return encodingName(encoding, code) ?? '.notdef';
}

interface Program {
  glyphs: Set<string>;
  builtin: Map<number, string> | 'standard';
  /** Advance width of a named glyph in thousandths of text space, when the program states it. */
  widthOf?(name: string): number | undefined;
}

export function readType1(data: Uint8Array, length1: number | undefined): Program | undefined {
  const text = Buffer.from(data).toString('latin1');
  const eexec = text.indexOf('eexec');
  let start = length1 && length1 > 0 && length1 < data.length ? length1 : eexec >= 0 ? eexec + 5 : -1;
  if (start < 0) return undefined;
  const clear = text.slice(0, start);
  while (
    start < data.length &&
    (data[start] === 0x0d || data[start] === 0x0a || data[start] === 0x20 || data[start] === 0x09)
  )
    start++;
  let cipher = data.subarray(start);
  const hexy = cipher.length >= 4 && [0, 1, 2, 3].every((i) => /[0-9A-Fa-f]/.test(String.fromCharCode(cipher[i])));
  if (hexy) cipher = hexDigits(cipher);
  const plain = new Uint8Array(cipher.length);
  let r = 55665;
  for (let i = 0; i < cipher.length; i++) {
    const c = cipher[i];
    plain[i] = c ^ (r >> 8);
    r = ((c + r) * 52845 + 22719) & 0xffff;
  }
  const dec = Buffer.from(plain.subarray(4)).toString('latin1');
  const glyphs = new Set<string>();
  const cs = dec.indexOf('/CharStrings');
  if (cs < 0) return undefined;
  const re = /\/([^\s/[\]{}()<>]+)\s+(\d+)\s+(RD|-\|)\s/g;
  re.lastIndex = cs + 12;
  const lenIV = Number(/\/lenIV\s+(\d+)/.exec(dec)?.[1] ?? 4);
  const scale = Number(/\/FontMatrix\s*\[\s*([-+\d.eE]+)/.exec(clear)?.[1] ?? 0.001) * 1000;
  const widths = new Map<string, number>();
  for (let m = re.exec(dec); m; m = re.exec(dec)) {
    glyphs.add(m[1]);
    const at = 4 + m.index + m[0].length; // offset in `plain` (dec skips its first four bytes)
    const w = type1Width(plain.subarray(at, at + Number(m[2])), lenIV);
    if (w !== undefined && Number.isFinite(scale)) widths.set(m[1], w * scale);
    re.lastIndex = m.index + m[0].length + Number(m[2]);
    if (glyphs.size > 70000) break;
  }
  let builtin: Program['builtin'] = 'standard';
  if (!/\/Encoding\s+StandardEncoding\s+def/.test(clear)) {
    builtin = new Map();
    for (const m of clear.matchAll(/dup\s+(\d+)\s*\/([^\s/]+)\s+put/g)) builtin.set(Number(m[1]), m[2]);
  }
  return { glyphs, builtin, widthOf: (n) => widths.get(n) };
}

/** The advance width a Type 1 charstring sets with hsbw or sbw (charstring-decrypted, lenIV bytes skipped). */
function type1Width(enc: Uint8Array, lenIV: number): number | undefined {
  let r = 4330;
  const cs = new Uint8Array(enc.length);
  for (let i = 0; i < enc.length; i++) {
    const c = enc[i];
    cs[i] = c ^ (r >> 8);
    r = ((c + r) * 52845 + 22719) & 0xffff;
  }
  const stack: number[] = [];
  for (let i = Math.max(0, lenIV); i < cs.length && stack.length < 24; ) {
    const v = cs[i];
    if (v >= 32 && v <= 246) {
      stack.push(v - 139);
      i++;
    } else if (v >= 247 && v <= 250) {
      stack.push((v - 247) * 256 + cs[i + 1] + 108);
      i += 2;
    } else if (v >= 251 && v <= 254) {
      stack.push(-(v - 251) * 256 - cs[i + 1] - 108);
      i += 2;
    } else if (v === 255) {
      stack.push((cs[i + 1] << 24) | (cs[i + 2] << 16) | (cs[i + 3] << 8) | cs[i + 4]);
      i += 5;
    } else if (v === 13)
      return stack.length >= 2 ? stack[1] : undefined; // sbx wx hsbw
    else if (v === 12 && cs[i + 1] === 7)
      return stack.length >= 4 ? stack[2] : undefined; // sbx sby wx wy sbw
    else if (v === 12 && cs[i + 1] === 12) {
      const b = stack.pop() ?? 1;
      const a = stack.pop() ?? 0;
      stack.push(a / b);
      i += 2;
    } // div
    else return undefined;
  }
  return undefined;
}

export const glyphs: Check = ({ l, u, add }) => {
  const ctx = l.context;
  for (const fu of u.fonts.values()) {
    const font = fu.font;
    const sub = getName(ctx, font, 'Subtype');
    if (fu.shown.length === 0) continue;
    if (sub === 'TrueType' || sub === 'Type0') {
      trueType(l, fu, add);
      if (sub === 'Type0') cidCff(l, fu, add);
      continue;
    }
    if (sub === 'Type3') {
      type3Widths(l, fu, add);
      continue;
    }
    if (sub !== 'Type1' && sub !== 'MMType1') continue;
    if ([...fu.modes].every((m) => m === 3 || m === 7)) continue;
    const fd = getDict(ctx, font, 'FontDescriptor');
    const file = get(ctx, fd, 'FontFile') ?? get(ctx, fd, 'FontFile3');
    if (!(file instanceof PDFStream)) continue;
    if (get(ctx, fd, 'FontFile3') === file && getName(ctx, file.dict, 'Subtype') !== 'Type1C') continue;
    const prog = readType1Cached(l, file);
    if (!prog || prog.glyphs.size === 0) continue;
    const name = getName(ctx, font, 'BaseFont') ?? 'Type1';
    const enc = get(ctx, font, 'Encoding');
    const encDict = enc instanceof PDFDict ? enc : undefined;
    const base = nameOf(enc) ?? getName(ctx, encDict, 'BaseEncoding');
    const diffs = new Map<number, string>();
    let code = 0;
    for (const d of arrayItems(
      ctx,
      get(ctx, encDict, 'Differences') instanceof PDFArray ? (get(ctx, encDict, 'Differences') as PDFArray) : undefined,
    )) {
      if (d instanceof PDFNumber) code = d.asNumber();
      else {
        const n = nameOf(d);
        if (n !== undefined) diffs.set(code++, n);
      }
    }
    const missing = new Set<string>();
    const shownNames = new Set<string>();
    let notdef = false;
    let widthBad = false;
    const first = getNumber(ctx, font, 'FirstChar') ?? 0;
    const ws = get(ctx, font, 'Widths');
    const list = ws instanceof PDFArray ? arrayItems(ctx, ws).map((x) => Number(x.toString())) : [];
    const measured = !(fu.modes.size && [...fu.modes].every((m) => m === 3));
    for (const s of fu.shown) {
      for (const c of s) {
        let glyph = diffs.get(c);
        if (glyph === undefined) {
          if (base) glyph = baseName(base, c);
          // a bare CFF program's own encoding is not read: StandardEncoding where it names a glyph
          else if (prog.builtin === 'standard') glyph = encodingName('StandardEncoding', c);
          else {
            glyph = prog.builtin.get(c);
            if (glyph === undefined) glyph = '.notdef';
          }
        }
        if (glyph === undefined) continue;
        shownNames.add(glyph);
        if (glyph === '.notdef') notdef = true;
        else if (!prog.glyphs.has(glyph)) missing.add(glyph);
        else if (measured && !widthBad) {
          // the Widths entry agrees with the program within one unit (§6.3.6, §6.2.11.5, §6.2.10.5)
          const w = list[c - first];
          const a = prog.widthOf?.(glyph);
          if (w !== undefined && a !== undefined && Math.abs(a - w) > 1) widthBad = true;
        }
      }
    }
    if (widthBad) add('width-mismatch', 'Glyph', { font: name }, fu.where);
    if (missing.size)
      add('glyph-missing', 'Glyph', { font: name, glyphs: [...missing].slice(0, 5).join(', ') }, fu.where);
    if (notdef) add('notdef-glyph', 'Glyph', { font: name }, fu.where);
    // a subset's CharSet names every glyph of its program but .notdef, and no other (19005-1 §6.3.5,
    // -2 §6.2.11.4.2, 14289-1 §7.21.4.2)
    const charSet = textOf(get(ctx, fd, 'CharSet'));
    if (charSet !== undefined && /^[A-Z]{6}\+/.test(name)) {
      const listed = new Set(
        charSet
          .split('/')
          .map((x) => x.trim())
          .filter((x) => x && x !== '.notdef'),
      );
      const unlisted = [...prog.glyphs].filter((g) => g !== '.notdef' && !listed.has(g));
      const absent = [...listed].filter((g) => !prog.glyphs.has(g));
      if (unlisted.length || absent.length)
        add(
          'charset-incomplete',
          'PDType1Font',
          {
            font: name,
            unlisted: unlisted.slice(0, 5).join(', '),
            absent: absent.slice(0, 5).join(', '),
            unlistedShown: [...shownNames].some((g) => g !== '.notdef' && !listed.has(g)),
          },
          fu.where,
        );
    }
    void getNumber;
  }
};

const cache = new WeakMap<PDFStream, Program | undefined>();
function readType1Cached(l: Loaded, file: PDFStream): Program | undefined {
  if (cache.has(file)) return cache.get(file);
  const data = streamData(l, file);
  let p: Program | undefined;
  try {
    if (data) {
      p =
        getName(l.context, file.dict, 'Subtype') === 'Type1C'
          ? readCff(data)
          : readType1(data, getNumber(l.context, file.dict, 'Length1'));
    }
  } catch {
    p = undefined; // a program we cannot read is not judged here
  }
  cache.set(file, p);
  return p;
}

/** Glyph names and widths of a name-keyed bare CFF program (FontFile3 /Type1C). */
export function readCff(d: Uint8Array): Program | undefined {
  const p = readCffProgram(d);
  if (!p || p.cids) return undefined;
  return {
    glyphs: new Set(p.names.keys()),
    builtin: 'standard',
    widthOf: (n) => {
      const g = p.names.get(n);
      return g === undefined ? undefined : p.width(g);
    },
  };
}

type FontUseOf = Parameters<Check>[0]['u']['fonts'] extends Map<unknown, infer V> ? V : never;

/** TrueType programs: a simple font's codes through its cmap, a Type 0 font's CIDs through CIDToGIDMap. */
function trueType(l: Loaded, fu: FontUseOf, add: Parameters<Check>[0]['add']): void {
  const ctx = l.context;
  const font = fu.font;
  if ([...fu.modes].every((m) => m === 3 || m === 7)) return;
  const type0 = getName(ctx, font, 'Subtype') === 'Type0';
  const cid = type0 ? arrayItems(ctx, get(ctx, font, 'DescendantFonts') as PDFArray | undefined)[0] : undefined;
  if (type0 && (!(cid instanceof PDFDict) || getName(ctx, cid, 'Subtype') !== 'CIDFontType2')) return;
  if (type0 && !['Identity-H', 'Identity-V'].includes(getName(ctx, font, 'Encoding') ?? '')) return;
  const dict = cid instanceof PDFDict ? cid : font;
  const file = get(ctx, getDict(ctx, dict, 'FontDescriptor'), 'FontFile2');
  if (!(file instanceof PDFStream)) return;
  const tt = trueTypeOf(l, file);
  const numGlyphs = tt?.numGlyphs ?? 0; // a getter that walks fontkit's table cache: read once
  if (!tt || !numGlyphs) return;
  const font2 = tt;
  const name = getName(ctx, dict, 'BaseFont') ?? 'TrueType';
  // each distinct code once, however often it is shown
  const codes = distinctCodes(fu.shown, type0 ? 2 : 1);
  const symbolic = ((getNumber(ctx, getDict(ctx, font, 'FontDescriptor'), 'Flags') ?? 0) & 4) !== 0;
  // codes of a symbolic simple font go through its (3,0) cmap, Differences through glyph names: not judged here
  if (!type0 && (symbolic || get(ctx, font, 'Encoding') instanceof PDFDict)) return;
  const map = type0 ? get(ctx, dict, 'CIDToGIDMap') : undefined;
  const mapData = map instanceof PDFStream ? streamData(l, map) : null;
  if (!type0) {
    // fontkit throws on a program with no cmap subtable it reads (only (3,0), say): not judged here
    try {
      font2.glyphForCodePoint(0x41);
    } catch {
      return;
    }
  }
  const gidOf = (c: number): number => {
    if (!type0) return font2.glyphForCodePoint(c).id;
    return mapData ? (2 * c + 1 < mapData.length ? (mapData[2 * c] << 8) | mapData[2 * c + 1] : 0) : c;
  };
  // under Identity-H/V every code is two bytes: a string with a byte left over shows a code no glyph answers
  const halfCode = type0 && fu.shown.some((s) => s.length % 2 === 1);
  let missing = false;
  let notdef = false;
  const gids = new Map<number, number>();
  const encName = type0 ? undefined : getName(ctx, font, 'Encoding');
  for (const c of codes) {
    // a code its base encoding leaves undefined names .notdef (ISO 32000-1 §9.6.6.4), which maps to glyph 0
    if (!type0 && encName && ENCODINGS[encName] && !encodingName(encName, c)) {
      notdef = true;
      continue;
    }
    if (!type0 && (c < 32 || c > 126)) continue;
    const gid = gidOf(c);
    gids.set(c, gid);
    if (gid >= numGlyphs) missing = true;
    else if (gid === 0) notdef = true;
  }
  if (missing) add('glyph-missing', 'Glyph', { font: name, glyphs: 'with ids beyond the program' }, fu.where);
  if (halfCode) add('glyph-missing', 'Glyph', { font: name, glyphs: 'for a two-byte code cut short' }, fu.where);
  if (notdef) add('notdef-glyph', 'Glyph', { font: name }, fu.where);
  // widths written beside the program agree with it (§6.3.6, §6.2.11.5, §6.2.10.5), within one unit
  if (fu.modes.size && [...fu.modes].every((m) => m === 3)) return;
  const upem = font2.unitsPerEm || 1000;
  const advance = (gid: number): number | undefined => {
    try {
      return gid < numGlyphs ? (font2.getGlyph(gid).advanceWidth * 1000) / upem : undefined;
    } catch {
      return undefined;
    }
  };
  const widthOf = type0 ? cidWidths(l, dict) : simpleWidths(l, font);
  for (const [c, gid] of gids) {
    if (gid === 0) continue;
    const w = widthOf(c);
    const a = advance(gid);
    if (w !== undefined && a !== undefined && Math.abs(a - w) > 1) {
      add('width-mismatch', 'Glyph', { font: name }, fu.where);
      return;
    }
  }
}

/** The distinct codes of the strings shown, one or two bytes each (a bitmap beats a Set here: text is long). */
function distinctCodes(shown: readonly Uint8Array[], width: 1 | 2): number[] {
  const seen = new Uint8Array(width === 2 ? 65536 : 256);
  const out: number[] = [];
  for (const s of shown) {
    if (width === 2) {
      for (let i = 0; i + 1 < s.length; i += 2) {
        const c = (s[i] << 8) | s[i + 1];
        if (!seen[c]) {
          seen[c] = 1;
          out.push(c);
        }
      }
    } else {
      for (let i = 0; i < s.length; i++)
        if (!seen[s[i]]) {
          seen[s[i]] = 1;
          out.push(s[i]);
        }
    }
  }
  return out;
}

/** The width of a code by a simple font's Widths array (undefined outside it). */
function simpleWidths(l: Loaded, font: PDFDict): (c: number) => number | undefined {
  const ctx = l.context;
  const first = getNumber(ctx, font, 'FirstChar') ?? 0;
  const ws = get(ctx, font, 'Widths');
  const list = ws instanceof PDFArray ? arrayItems(ctx, ws).map((x) => Number(x.toString())) : [];
  return (c) => list[c - first];
}

/**
 * CIDFontType0 with a bare CFF program (FontFile3 /CIDFontType0C) under Identity-H/V: each shown CID
 * must have a glyph (through the charset of a CID-keyed program; a name-keyed one is indexed by CID),
 * and the W widths must agree with the program's.
 */
function cidCff(l: Loaded, fu: FontUseOf, add: Parameters<Check>[0]['add']): void {
  const ctx = l.context;
  const font = fu.font;
  if ([...fu.modes].every((m) => m === 3 || m === 7)) return;
  if (!['Identity-H', 'Identity-V'].includes(getName(ctx, font, 'Encoding') ?? '')) return;
  const cid = arrayItems(ctx, get(ctx, font, 'DescendantFonts') as PDFArray | undefined)[0];
  if (!(cid instanceof PDFDict) || getName(ctx, cid, 'Subtype') !== 'CIDFontType0') return;
  const file = get(ctx, getDict(ctx, cid, 'FontDescriptor'), 'FontFile3');
  if (!(file instanceof PDFStream)) return;
  const prog = cffOf(l, file);
  if (!prog) return;
  const name = getName(ctx, cid, 'BaseFont') ?? 'CIDFontType0';
  const widths = cidWidths(l, cid);
  let missing = false;
  let notdef = false;
  let widthBad = false;
  for (const c of distinctCodes(fu.shown, 2)) {
    const gid = prog.cids ? prog.cids.get(c) : c < prog.numGlyphs ? c : undefined;
    if (gid === undefined) {
      missing = true;
      continue;
    }
    if (gid === 0) {
      notdef = true;
      continue;
    }
    const a = prog.width(gid);
    if (!widthBad && a !== undefined && Math.abs(a - widths(c)) > 1) widthBad = true;
  }
  if (missing) add('glyph-missing', 'Glyph', { font: name, glyphs: 'for CIDs the program lacks' }, fu.where);
  if (notdef) add('notdef-glyph', 'Glyph', { font: name }, fu.where);
  if (widthBad && !(fu.modes.size && [...fu.modes].every((m) => m === 3)))
    add('width-mismatch', 'Glyph', { font: name }, fu.where);
}

const cffCache = new WeakMap<PDFStream, ReturnType<typeof readCffProgram>>();

/** A bare CFF program (FontFile3), read once per stream. */
export function cffOf(l: Loaded, file: PDFStream): ReturnType<typeof readCffProgram> {
  if (cffCache.has(file)) return cffCache.get(file);
  const data = streamData(l, file);
  const prog = data ? readCffProgram(data) : undefined;
  cffCache.set(file, prog);
  return prog;
}

/** The width of a CID by a CIDFont's W array (DW otherwise, 1000 by default). */
function cidWidths(l: Loaded, cid: PDFDict): (c: number) => number {
  const ctx = l.context;
  const dw = getNumber(ctx, cid, 'DW') ?? 1000;
  const map = new Map<number, number>();
  const w = get(ctx, cid, 'W');
  const items = w instanceof PDFArray ? arrayItems(ctx, w) : [];
  for (let i = 0; i < items.length && map.size < 70000; ) {
    const start = Number(items[i]?.toString());
    const next = items[i + 1];
    if (next instanceof PDFArray) {
      arrayItems(ctx, next).forEach((x, k) => map.set(start + k, Number(x.toString())));
      i += 2;
    } else {
      const end = Number(next?.toString());
      const width = Number(items[i + 2]?.toString());
      for (let c = start; c <= end && c - start < 70000; c++) map.set(c, width);
      i += 3;
    }
  }
  return (c) => map.get(c) ?? dw;
}

/** Type 3 glyphs: the width d0/d1 states agrees with the font's Widths entry for the code. */
function type3Widths(l: Loaded, fu: FontUseOf, add: Parameters<Check>[0]['add']): void {
  const ctx = l.context;
  const font = fu.font;
  if (fu.modes.size && [...fu.modes].every((m) => m === 3)) return;
  const first = getNumber(ctx, font, 'FirstChar') ?? 0;
  const ws = get(ctx, font, 'Widths');
  const list = ws instanceof PDFArray ? arrayItems(ctx, ws).map((x) => Number(x.toString())) : [];
  const enc = get(ctx, font, 'Encoding');
  const names = new Map<number, string>();
  let code = 0;
  const diffs = get(ctx, enc instanceof PDFDict ? enc : undefined, 'Differences');
  for (const d of arrayItems(ctx, diffs instanceof PDFArray ? diffs : undefined)) {
    if (d instanceof PDFNumber) code = d.asNumber();
    else {
      const n = nameOf(d);
      if (n !== undefined) names.set(code++, n);
    }
  }
  const procs = getDict(ctx, font, 'CharProcs');
  const seen = new Set<number>();
  for (const s of fu.shown) {
    for (const c of s) {
      if (seen.has(c)) continue;
      seen.add(c);
      const n = names.get(c);
      const proc = n ? get(ctx, procs, n) : undefined;
      if (!(proc instanceof PDFStream)) continue;
      const data = streamData(l, proc);
      const m = data
        ? /^\s*([-+]?[\d.]+)\s+[-+]?[\d.]+\s+(?:[-+]?[\d.]+\s+){0,4}d[01]\b/.exec(
            Buffer.from(data.subarray(0, 200)).toString('latin1'),
          )
        : null;
      const w = list[c - first];
      if (m && w !== undefined && Math.abs(Number(m[1]) - w) > 1) {
        add('width-mismatch', 'Glyph', { font: getName(ctx, font, 'Name') ?? 'Type 3' }, fu.where);
        return;
      }
    }
  }
}

const ttCache = new WeakMap<PDFStream, fontkit.Font | undefined>();

/** A TrueType program (FontFile2) through fontkit, read once per stream; undefined when it does not read. */
export function trueTypeOf(l: Loaded, file: PDFStream): fontkit.Font | undefined {
  if (ttCache.has(file)) return ttCache.get(file);
  let tt: fontkit.Font | undefined;
  try {
    const data = streamData(l, file);
    tt = data ? fontkit.create(Buffer.from(data)) : undefined;
  } catch {
    tt = undefined;
  }
  ttCache.set(file, tt);
  return tt;
}
