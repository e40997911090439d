// engines/fonts/gpos-pairs.test.ts — plain Latin laid out from the font's bytes (gpos-pairs.ts) is
// fontkit's default layout: the same glyphs and positions (advances and offsets) on every bundled face,
// on every plain character alone, on pairs and on generated words; a face whose text it takes has most
// words taken, and what it leaves (a ligature's first glyph, marks, other scripts) fontkit lays out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { type LaidOut, pairLayout } from './gpos-pairs.js';
import { LIBRARY_FACES } from './library.js';

const require = createRequire(import.meta.url);
// fontkit's own Unicode data (its dependency), which its layout reads a text's script from
const { getScript } = require('unicode-properties') as { getScript(cp: number): string };
const faces: [string, string][] = [
  ...Object.entries(LIBRARY_FACES).map(([name, file]): [string, string] => [name, require.resolve(file)]),
  ['examples Noto Sans', require.resolve('../../examples/parts/NotoSans-Regular.ttf')],
  ['Noto Sans Arabic', require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf')],
  ['Noto Sans Hebrew', require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf')],
  ...['Regular', 'Bold', 'Italic', 'BoldItalic'].map((w): [string, string] => [
    `Liberation Sans ${w}`,
    require.resolve(`pdfjs-dist/standard_fonts/LiberationSans-${w}.ttf`),
  ]),
];
const open = (p: string): Font => fontkit.create(readFileSync(p)) as Font;

// glyph ids only: fontkit's Glyph objects carry the code points of whoever asked for them first
const view = (r: Pick<LaidOut, 'glyphs' | 'positions'>) => ({
  glyphs: r.glyphs.map((g) => g.id),
  positions: r.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
});

// every plain unit, then the texts: each alone, pairs of a busy set, generated words, real ones
const plain: string[] = [];
for (let cp = 0x20; cp <= 0x20ac; cp++)
  if (cp <= 0x7e || (cp >= 0xa0 && cp <= 0x24f) || (cp >= 0x2010 && cp <= 0x205e) || cp === 0x20ac)
    plain.push(String.fromCharCode(cp));
const busy = [...'AVTWYLPavwyeofijt.,-"\'(1 ÅéüŒ–’…'];
let seed = 21;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x80000000;
};
const texts: string[] = [...plain];
for (const a of busy) for (const b of busy) texts.push(a + b);
for (let i = 0; i < 250; i++) {
  let w = '';
  const n = 1 + Math.floor(random() * 12);
  for (let k = 0; k < n; k++)
    w += random() < 0.7 ? busy[Math.floor(random() * busy.length)] : plain[Math.floor(random() * plain.length)];
  texts.push(w);
}
texts.push(
  'Hello from quire, with kerning (AVATAR, Ty.)',
  'office affluent fjord fi fl ffi ffl',
  'naïve café résumé Ærø – “quoted” — 12,5 € ‰',
  "L'Hôpital ŒUVRE Ÿvette ǅ ȷ ɏ",
  '1/2 3⁄4 soft\u00adhyphen',
  'e\u0301 a\u0308\u0323 n\u0303',
  'שלום עולם',
  'مرحبا بالعالم',
  'Привет мир',
);

describe('pairLayout', () => {
  for (const [name, path] of faces) {
    it(`${name}: fontkit's default layout wherever it lays a text out`, () => {
      const ours = open(path);
      const theirs = open(path);
      let taken = 0;
      for (const t of texts) {
        const run = pairLayout(ours, t);
        if (!run) continue;
        taken++;
        expect(view(run), `${name}: ${JSON.stringify(t)}`).toEqual(view(theirs.layout(t)));
        expect(run.direction).toBe('ltr');
        expect(run.glyphs.map((g) => String.fromCharCode(...g.codePoints)).join('')).toBe(t);
      }
      // the Latin faces with GPOS kerning are this path's purpose: most texts are taken
      if (/noto_sans$|noto_serif$|Noto Sans$|Liberation Sans Regular/.test(name))
        expect(taken, name).toBeGreaterThan(texts.length / 2);
    });
  }

  it('decodes no GPOS or GSUB lookup for the text it takes', () => {
    const f = open(require.resolve('../../examples/parts/NotoSans-Regular.ttf'));
    expect(pairLayout(f, 'Hello from quire, with kerning (AVATAR, Ty.)')).toBeDefined();
    const tables = (f as unknown as { _tables: Record<string, unknown> })._tables;
    expect(tables.GPOS).toBeUndefined();
    expect(tables.GSUB).toBeUndefined();
  });

  it('kerns: AV and To closer than their glyphs’ advances', () => {
    const f = open(require.resolve('../../examples/parts/NotoSans-Regular.ttf'));
    for (const t of ['AV', 'To']) {
      const run = pairLayout(f, t)!;
      expect(run.positions[0].xAdvance).toBeLessThan(f.glyphForCodePoint(t.charCodeAt(0)).advanceWidth);
    }
  });

  it('leaves to fontkit what other lookups act on, and what is not plain Latin', () => {
    const f = open(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'));
    // a mark, a soft hyphen (hidden), U+2044 (starts a fraction), other scripts
    for (const t of ['e\u0301', 'soft\u00adhyphen', '1\u20442', 'Привет', '\u{1F600}'])
      expect(pairLayout(f, t), t).toBeUndefined();
  });

  it('ligates as fontkit does: fi one glyph standing for both letters', () => {
    const f = open(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'));
    const run = pairLayout(f, 'office')!;
    expect(run.glyphs.map((g) => String.fromCodePoint(...g.codePoints))).toEqual(['o', 'ffi', 'c', 'e']);
  });

  it("reads each plain unit's script as fontkit does (Latin, or none)", () => {
    const f = open(require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'));
    for (const ch of plain) {
      const script = getScript(ch.charCodeAt(0));
      const run = pairLayout(f, ch);
      if (run) expect(['Latin', 'Common', 'Inherited'], ch).toContain(script);
    }
  });
});

describe('pairLayout on a damaged kerning table', () => {
  /** Noto Sans with its class-pair kerning subtables claiming one first class: fontkit's layout then fails. */
  function damaged(): Uint8Array {
    const bytes = new Uint8Array(readFileSync(require.resolve('../../examples/parts/NotoSans-Regular.ttf')));
    const v = new DataView(bytes.buffer);
    let gpos = -1;
    for (let i = 0; i < v.getUint16(4); i++)
      if (String.fromCharCode(...bytes.subarray(12 + i * 16, 16 + i * 16)) === 'GPOS')
        gpos = v.getUint32(12 + i * 16 + 8);
    const list = gpos + v.getUint16(gpos + 8);
    let hit = 0;
    for (let l = 0; l < v.getUint16(list); l++) {
      const lk = list + v.getUint16(list + 2 + l * 2);
      for (let s = 0; s < v.getUint16(lk + 4); s++) {
        let st = lk + v.getUint16(lk + 6 + s * 2);
        let type = v.getUint16(lk);
        if (type === 9) {
          type = v.getUint16(st + 2);
          st += v.getUint32(st + 4);
        }
        if (type === 2 && v.getUint16(st) === 2) {
          v.setUint16(st + 12, 1); // class1Count
          hit++;
        }
      }
    }
    expect(hit).toBeGreaterThan(0);
    return bytes;
  }

  it('leaves the text to fontkit, which fails as before (a face refused when shaped)', () => {
    const ours = fontkit.create(Buffer.from(damaged())) as Font;
    const theirs = fontkit.create(Buffer.from(damaged())) as Font;
    expect(() => theirs.layout('AVATAR')).toThrow();
    expect(pairLayout(ours, 'AVATAR')).toBeUndefined();
  });
});
