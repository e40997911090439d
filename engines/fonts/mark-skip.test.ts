// engines/fonts/mark-skip.test.ts — shaping plain Latin with the mark features off where they cannot
// act gives what fontkit's default shaping gives (glyphs, advances, offsets), in faces with and without
// mark positioning, on every plain character alone, on pairs and on words; text with marks and glyphs a
// mark lookup covers go the whole way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font, GlyphRun } from 'fontkit';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { NOTO_SANS_PATH } from '../../test/support/fixtures.js';
import type { LaidOut } from './gpos-pairs.js';
import { layoutDefault, markGlyphs, plainUnit } from './mark-skip.js';

const require = createRequire(import.meta.url);
const paths: [string, string][] = [
  ['Noto Sans', NOTO_SANS_PATH],
  [
    'Noto Sans Italic',
    require.resolve('@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf'),
  ],
  ['Noto Serif', require.resolve('@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf')],
  ['Source Code Pro', require.resolve('@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf')],
  ['Noto Sans Arabic', require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf')],
  ['Liberation Sans', require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf')],
];
const open = (p: string): Font => fontkit.create(readFileSync(p)) as Font;

const view = (r: Pick<GlyphRun, 'glyphs' | 'positions'> | LaidOut) => ({
  glyphs: r.glyphs.map((g) => g.id),
  positions: r.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
});

const plain: string[] = [];
for (let cp = 0x20; cp <= 0x24f; cp++) if (plainUnit(cp)) plain.push(String.fromCharCode(cp));
for (let cp = 0x2010; cp <= 0x20ac; cp++) if (plainUnit(cp)) plain.push(String.fromCharCode(cp));
const words = [
  'Aa0 ',
  'office affluent fjord fi fl ffi ffl',
  'AVATAR Ty. To. Wa, VA',
  'naïve café résumé Ærø – “quoted” — 12,5 € ‰',
  "L'Hôpital ŒUVRE Ÿvette ǅ ȷ ɏ",
  '^`~¨´¸˜ ˆ',
  // not plain: combining marks and other scripts take fontkit's whole path
  'e\u0301 a\u0308\u0323 n\u0303',
  'שלום עולם',
  'مرحبا بالعالم',
];

describe('layoutDefault', () => {
  for (const [name, path] of paths) {
    it(`${name}: same runs as fontkit's defaults`, () => {
      const skip = open(path);
      const whole = open(path);
      const texts = [...words, ...plain];
      for (const a of plain.filter((_, i) => i % 4 === 0)) texts.push(`${a}A`, `V${a}`, `${a}${a}`);
      for (const t of texts)
        expect(view(layoutDefault(skip, t)), `${name}: ${JSON.stringify(t)}`).toEqual(view(whole.layout(t)));
    });
  }

  it('decodes no mark lookup for plain Latin in a face whose marks it can read', () => {
    const f = open(NOTO_SANS_PATH);
    // restructure's lazy array of lookups keeps each one decoded in `items`
    const decoded = () =>
      (f as unknown as { GPOS: { lookupList: { items: unknown[] } } }).GPOS.lookupList.items.filter(Boolean).length;
    // a soft hyphen: plain here, but fontkit hides it, so gpos-pairs.ts leaves the text to fontkit
    layoutDefault(f, 'Hello from quire, with kerning (AVATAR, Ty.)\u00ad');
    const afterPlain = decoded();
    f.layout('Hello');
    expect(afterPlain).toBeGreaterThan(0);
    expect(decoded()).toBeGreaterThan(afterPlain);
  });

  it("reads from the bytes the glyphs fontkit's own decoding of the mark lookups covers", () => {
    type Coverage = { version: number; glyphs?: number[]; rangeRecords?: { start: number; end: number }[] };
    type Sub = { markCoverage?: Coverage; mark1Coverage?: Coverage; extension?: Sub; lookupType?: number };
    let some = 0;
    let unsound = 0;
    for (const [name, path] of paths) {
      const f = open(path) as unknown as {
        numGlyphs: number;
        GPOS?: {
          featureList: { tag: string; feature: { lookupListIndexes: number[] } }[];
          lookupList: { get(i: number): { lookupType: number; subTables: Sub[] } };
        };
      };
      const want = new Set<number>();
      let sound = true;
      for (const { tag, feature } of f.GPOS?.featureList ?? []) {
        if (tag !== 'mark' && tag !== 'mkmk') continue;
        for (const i of feature.lookupListIndexes)
          for (const sub of f.GPOS!.lookupList.get(i).subTables) {
            const c = (sub.extension ?? sub).markCoverage ?? (sub.extension ?? sub).mark1Coverage;
            // another kind of lookup under `mark` (Source Code Pro has a single adjustment there)
            if (!c) {
              sound = false;
              continue;
            }
            for (const g of c.glyphs ?? []) want.add(g);
            for (const r of c.rangeRecords ?? []) for (let g = r.start; g <= r.end; g++) want.add(g);
          }
      }
      const got = markGlyphs(f as unknown as Font);
      if (!sound) {
        expect(got, name).toBeNull();
        unsound++;
        continue;
      }
      expect(got, name).not.toBeNull();
      const gotSet = new Set<number>();
      got!.forEach((v, g) => v && gotSet.add(g));
      expect(
        [...gotSet].sort((a, b) => a - b),
        name,
      ).toEqual([...want].sort((a, b) => a - b));
      some += want.size;
    }
    expect(some).toBeGreaterThan(100);
    expect(unsound).toBe(1);
  });
});
