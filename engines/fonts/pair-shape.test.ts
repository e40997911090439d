// engines/fonts/pair-shape.test.ts — the pair-cache fast path gives exactly what fontkit's own shaping
// gives, on the bench's table cells and on text built to trip it (ligatures, kerning pairs, accents,
// punctuation), in two faces; and declines where it must (ligatures, scripts beyond plain Latin).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTO_SANS } from '../../test/support/fixtures.js';
import { type Face, loadFace } from './face.js';
import { pairShape } from './pair-shape.js';

const bench = JSON.parse(readFileSync(join(import.meta.dirname, '../../bench/scenarios/table-10k.json'), 'utf8'));
const face = (bytes: Uint8Array): Face => {
  const r = loadFace(bytes);
  if (!r.ok) throw new Error(r.detail);
  return r.face;
};
const faces: [string, Face][] = [
  ['Noto Sans', face(NOTO_SANS)],
  ['Liberation Sans', face(new Uint8Array(Buffer.from(bench.fonts[0].data, 'base64')))],
];
const rows = (bench.items[0].rows as { cells?: string[] }[] | string[][]).slice(1, 800) as string[][];
const tricky = [
  'office affluent fjord fi fl ffi ffl',
  'AVATAR Ty. To. Wa, VA',
  'naïve café résumé Ærø – “quoted” — 12,5 € ‰',
  'a  b   c',
  ' lead',
  "L'Hôpital",
  'x',
  '(1) [2] {3} <4>',
  'Ÿvette ŒUVRE',
  'Veniam',
  'Odio',
  '2024-01-01',
  '69,024.34',
];

/** fontkit's own answer, as Face shapes without the fast path. */
function full(f: Face, s: string) {
  const run = f.font.layout(s);
  const advances = run.positions.map((p) => p.xAdvance);
  return { g: run.glyphs.map((g) => g.id), a: advances, w: advances.reduce((x, y) => x + y, 0) };
}

describe('pairShape', () => {
  it.each(faces)("matches fontkit's shaping in %s, or declines", (_, f) => {
    let taken = 0;
    for (const s of [...rows.flat(), ...rows.flat().join(' ').split(' '), ...tricky]) {
      const fast = pairShape(f.font, s);
      if (!fast) continue;
      taken++;
      expect({ g: fast.glyphs, a: fast.advances, w: fast.width }, s).toEqual(full(f, s));
      expect(fast.text.join('')).toBe(s);
    }
    expect(taken).toBeGreaterThan(1000);
  });

  it("declines ligatures and text outside plain Latin; Face.shape then gives fontkit's glyphs", () => {
    const [, f] = faces[0];
    if (f.font.layout('fi').glyphs.length === 1) expect(pairShape(f.font, 'fine')).toBeUndefined();
    expect(pairShape(f.font, 'Привет')).toBeUndefined();
    expect(f.shape('Привет').glyphs).toEqual(full(f, 'Привет').g);
    expect(f.shape('office').glyphs).toEqual(full(f, 'office').g);
  });
});
