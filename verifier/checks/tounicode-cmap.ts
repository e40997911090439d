// verifier/checks/tounicode-cmap.ts — a ToUnicode entry that contradicts the font's own cmap (issue 16):
// the text a reader extracts, searches and speaks for a glyph shown outside any /ActualText is its
// ToUnicode entry, and where the embedded TrueType program's Unicode cmap maps characters to that very
// glyph, an entry naming other text is a lie (the "first text a glyph was drawn for" defect: a
// Devanagari matra read as a consonant, an Arabic letter as its neighbour). Decidable only where the
// program says what the glyph is: Type 0 fonts over a CIDFontType2 with FontFile2, under Identity-H/V,
// with a ToUnicode stream; a glyph the cmap does not reach (a positional form, a conjunct, a small
// capital) is not judged.
//
// A glyph may legitimately carry other text than its own character where shaping moved characters
// around (a pre-base matra drawn before its consonant, each code mapped to its share of the cluster in
// reading order — passes/dedupe/dedupe.ts, "second codes"), so codes are judged in islands: a maximal
// stretch of one shown string whose codes do not read as their glyph's own character. The island
// contradicts the cmap when some glyph's own character (compatibility-decomposed) is not among the
// island's text (ligatures and presentation forms compare by NFKD: ﬁ is "fi", ำ is "ํา"). Text inside
// /ActualText is not judged: a reader takes the span's text, which may differ from its glyphs for good
// reasons (a hyphen at a line end, an abbreviation, a right-to-left phrase in logical order).

import { cmapCharacters } from '../../engines/fonts/cmap-reverse.js';
import { arrayItems, get, getDict, getName, type PDFArray, PDFDict, PDFStream, streamData } from '../cos.js';
import type { Check } from './check.js';

/** ToUnicode entries read at most (a CMap of a two-byte font has at most 65 536 codes). */
const MAX_ENTRIES = 70_000;

export const toUnicodeCmap: Check = ({ l, u, add }) => {
  const ctx = l.context;
  for (const fu of u.fonts.values()) {
    if (!fu.plain.length) continue;
    const font = fu.font;
    if (getName(ctx, font, 'Subtype') !== 'Type0') continue;
    if (!['Identity-H', 'Identity-V'].includes(getName(ctx, font, 'Encoding') ?? '')) continue;
    const cid = arrayItems(ctx, get(ctx, font, 'DescendantFonts') as PDFArray | undefined)[0];
    if (!(cid instanceof PDFDict) || getName(ctx, cid, 'Subtype') !== 'CIDFontType2') continue;
    const file = get(ctx, getDict(ctx, cid, 'FontDescriptor'), 'FontFile2');
    const tu = get(ctx, font, 'ToUnicode');
    if (!(file instanceof PDFStream) || !(tu instanceof PDFStream)) continue;
    const program = streamData(l, file);
    const map = readToUnicode(streamData(l, tu));
    if (!program || !map.size) continue;
    const gidMap = get(ctx, cid, 'CIDToGIDMap');
    const gidData = gidMap instanceof PDFStream ? streamData(l, gidMap) : null;
    const gidOf = (c: number) =>
      gidData ? (2 * c + 1 < gidData.length ? (gidData[2 * c] << 8) | gidData[2 * c + 1] : 0) : c;
    const runs = fu.plain.map(codesOf);
    const gids = new Set<number>();
    for (const run of runs) for (const c of run) gids.add(gidOf(c));
    const own = cmapCharacters(program, gids);
    const lie = firstLie(runs, map, gidOf, own);
    if (lie) {
      add(
        'tounicode-cmap',
        'PDFont',
        {
          font: getName(ctx, cid, 'BaseFont') ?? getName(ctx, font, 'BaseFont') ?? 'Type0',
          code: lie.code.toString(16).toUpperCase().padStart(4, '0'),
          text: lie.text,
          glyph: lie.glyph,
        },
        fu.where,
      );
    }
  }
};

interface Lie {
  code: number;
  text: string;
  glyph: string;
}

/** The first code whose glyph's own character its island's text does not hold (see the header). */
export function firstLie(
  runs: readonly number[][],
  map: ReadonlyMap<number, string>,
  gidOf: (code: number) => number,
  own: ReadonlyMap<number, number[]>,
): Lie | undefined {
  for (const run of runs) {
    let i = 0;
    while (i < run.length) {
      if (agrees(run[i], map, gidOf, own) !== false) {
        i++;
        continue;
      }
      // The island: the codes around this one that do not read as their glyph's own character.
      let a = i;
      while (a > 0 && agrees(run[a - 1], map, gidOf, own) !== true) a--;
      let b = i + 1;
      while (b < run.length && agrees(run[b], map, gidOf, own) !== true) b++;
      const pool = new Map<string, number>();
      for (let k = a; k < b; k++)
        for (const ch of (map.get(run[k]) ?? '').normalize('NFKD')) pool.set(ch, (pool.get(ch) ?? 0) + 1);
      for (let k = a; k < b; k++) {
        if (agrees(run[k], map, gidOf, own) !== false) continue;
        const chars = own.get(gidOf(run[k]))!;
        const found = chars.find((c) => {
          const need = [...String.fromCodePoint(c).normalize('NFKD')];
          return need.every((ch) => (pool.get(ch) ?? 0) > 0);
        });
        if (found === undefined) {
          return {
            code: run[k],
            text: map.get(run[k]) ?? '',
            glyph: chars.map((c) => String.fromCodePoint(c)).join(' '),
          };
        }
        for (const ch of String.fromCodePoint(found).normalize('NFKD')) pool.set(ch, pool.get(ch)! - 1);
      }
      i = b;
    }
  }
  return undefined;
}

/**
 * Whether a code reads as its glyph's own character: true (its ToUnicode text is one the cmap maps to
 * the glyph, compared by NFKD), false (the glyph has characters and the text is none of them), or
 * undefined (no entry, or a glyph the cmap does not reach: not judged).
 */
function agrees(
  code: number,
  map: ReadonlyMap<number, string>,
  gidOf: (code: number) => number,
  own: ReadonlyMap<number, number[]>,
): boolean | undefined {
  const text = map.get(code);
  const chars = own.get(gidOf(code));
  if (text === undefined || !chars) return undefined;
  const t = text.normalize('NFKD');
  return chars.some((c) => String.fromCodePoint(c).normalize('NFKD') === t);
}

/** Two-byte codes of a shown string (a byte left over is not a code). */
function codesOf(s: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < s.length; i += 2) out.push((s[i] << 8) | s[i + 1]);
  return out;
}

/** The bfchar and bfrange entries of a ToUnicode CMap with `width`-byte sources (two unless told), as
 * text (UTF-16BE destinations). */
export function readToUnicode(data: Uint8Array | null, width: 1 | 2 = 2): Map<number, string> {
  const digits = 2 * width;
  const out = new Map<number, string>();
  if (!data) return out;
  const text = Buffer.from(data).toString('latin1');
  const hex = (h: string) => h.replace(/\s/g, '');
  const utf16 = (h: string): string => {
    const d = hex(h);
    let s = '';
    for (let i = 0; i + 4 <= d.length; i += 4) s += String.fromCharCode(parseInt(d.slice(i, i + 4), 16));
    return s;
  };
  for (const m of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const e of m[1].matchAll(/<([0-9A-Fa-f\s]+)>\s*<([0-9A-Fa-f\s]*)>/g)) {
      if (out.size >= MAX_ENTRIES) return out;
      const src = hex(e[1]);
      if (src.length === digits) out.set(parseInt(src, 16), utf16(e[2]));
    }
  }
  for (const m of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const e of m[1].matchAll(/<([0-9A-Fa-f\s]+)>\s*<([0-9A-Fa-f\s]+)>\s*(<[0-9A-Fa-f\s]*>|\[[^\]]*\])/g)) {
      const lo = parseInt(hex(e[1]), 16);
      const hi = parseInt(hex(e[2]), 16);
      if (hex(e[1]).length !== digits || !(hi >= lo)) continue;
      if (e[3].startsWith('[')) {
        const dests = [...e[3].matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((x) => utf16(x[1]));
        for (let c = lo; c <= hi && c - lo < dests.length && out.size < MAX_ENTRIES; c++) out.set(c, dests[c - lo]);
      } else {
        const base = utf16(e[3].slice(1, -1));
        if (!base) continue;
        const last = base.charCodeAt(base.length - 1);
        for (let c = lo; c <= hi && out.size < MAX_ENTRIES; c++)
          out.set(c, base.slice(0, -1) + String.fromCharCode(last + (c - lo)));
      }
    }
  }
  return out;
}
