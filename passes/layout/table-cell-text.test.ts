// passes/layout/table-cell-text.test.ts — the table adapter's cached shaping gives exactly what the
// face's own shaping (fontkit) gives, on the bench's cell texts and on text built to trip it
// (ligatures, kerning pairs, accents, punctuation), in two faces; and falls back where it must.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTO_SANS } from '../../test/support/fixtures.js';
import { loadFace, type Face } from '../fonts/face.js';
import { cellTextWidth, shapeCellText } from './table-cell-text.js';

const bench = JSON.parse(readFileSync(join(import.meta.dirname, '../../bench/scenarios/table-10k.json'), 'utf8'));
const face = (bytes: Uint8Array): Face => { const r = loadFace(bytes); if (!r.ok) throw new Error(r.detail); return r.face; };
const faces: [string, Face][] = [
  ['Noto Sans', face(NOTO_SANS)],
  ['Liberation Sans', face(new Uint8Array(Buffer.from(bench.fonts[0].data, 'base64')))],
];
const rows = (bench.items[0].rows as { cells?: string[] }[] | string[][]).slice(1, 800) as string[][];
const tricky = [
  'office affluent fjord fi fl ffi ffl', 'AVATAR Ty. To. Wa, VA', 'naïve café résumé Ærø – “quoted” — 12,5 € ‰',
  'a  b   c', ' lead', 'L\'Hôpital', 'x', '', '(1) [2] {3} <4>', 'Ÿvette ŒUVRE',
];

describe('shapeCellText', () => {
  it.each(faces)('matches the face\'s own shaping in %s', (_, f) => {
    for (const s of [...rows.flat(), ...tricky]) {
      const full = f.shape(s);
      const fast = shapeCellText(f, s);
      expect({ g: fast.glyphs, a: fast.advances, t: fast.text, w: fast.width }, s).toEqual({ g: full.glyphs, a: full.advances, t: full.text, w: full.width });
      const w = cellTextWidth(f, s);
      if (w >= 0) expect(w, s).toBe(full.width);
    }
  });

  it('falls back to full shaping for ligatures and text outside plain Latin', () => {
    const [, f] = faces[0];
    // Where the face makes a ligature of a pair, the cached path must not: it hands the text to fontkit.
    if (f.font.layout('fi').glyphs.length === 1) expect(cellTextWidth(f, 'fine')).toBe(-1);
    expect(cellTextWidth(f, 'Привет')).toBe(-1);
    expect(shapeCellText(f, 'Привет').glyphs).toEqual(f.shape('Привет').glyphs);
  });
});
