// test/fonts-cmap-damage.test.ts — a font whose cmap has one damaged range end (a format 12 group
// ending at U+7F01DF1E) is still drawn or refused cleanly when a glyph only continues a cluster (its
// ToUnicode entry is found through the cmap, passes/dedupe). fontkit's characterSet would list every
// code point of that range and V8 would end the process on the heap limit — the vitest worker that
// "exited unexpectedly" under test/fonts.property.test.ts (issue 16). Rendered in a child process with
// a small heap, so a regression fails here in seconds instead of taking the test worker down.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cmapCharacters } from '../engines/fonts/cmap-reverse.js';
import { NOTO_SANS } from './support/fixtures.js';
import { pdfToText } from './support/pdf-tools.js';

/** Noto Sans with the last group of its (3,10) format 12 subtable ending 2 130 000 000 code points later. */
function damagedNoto(): Buffer {
  const b = Buffer.from(NOTO_SANS);
  let cmap = -1;
  for (let i = 0; i < b.readUInt16BE(4); i++) {
    const r = 12 + i * 16;
    if (b.toString('latin1', r, r + 4) === 'cmap') cmap = b.readUInt32BE(r + 8);
  }
  let sub = -1;
  for (let i = 0; i < b.readUInt16BE(cmap + 2); i++) {
    const r = cmap + 4 + i * 8;
    if (b.readUInt16BE(r) === 3 && b.readUInt16BE(r + 2) === 10) sub = cmap + b.readUInt32BE(r + 4);
  }
  expect(b.readUInt16BE(sub)).toBe(12);
  const last = sub + 16 + (b.readUInt32BE(sub + 12) - 1) * 12;
  b[last + 4] = 0x7f; // endCharCode's high byte
  return b;
}

describe('a damaged cmap range', () => {
  it('a glyph that continues a cluster gets its ToUnicode entry without listing the range (child process, 256 MB heap)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-cmap-'));
    try {
      writeFileSync(join(dir, 'font.b64'), damagedNoto().toString('base64'));
      // U+0908 ई is drawn by Noto Sans as two glyphs, the second with no text of its own.
      const script = `
        import { readFileSync, writeFileSync } from 'node:fs';
        import { render } from ${JSON.stringify(resolve('src/library.ts'))};
        const data = readFileSync(${JSON.stringify(join(dir, 'font.b64'))}, 'utf8');
        const out = render({ description: { fonts: [{ name: 'F', data }], items: [{ type: 'text',
          rect: { llx: 10, lly: 10, urx: 500, ury: 800 }, content: ['\u0908 office'], font: 'F', font_size: 12 }] },
          now: new Date('2026-01-01T00:00:00Z') });
        if (!out.ok) throw new Error(out.sentence);
        writeFileSync(${JSON.stringify(join(dir, 'out.pdf'))}, out.pdf);
      `;
      writeFileSync(join(dir, 'run.mts'), script);
      execFileSync(process.execPath, ['--max-old-space-size=256', '--import', 'tsx', join(dir, 'run.mts')], {
        stdio: 'pipe',
        timeout: 60_000,
      });
      const pdf = new Uint8Array(readFileSync(join(dir, 'out.pdf')));
      // The damaged range does reach the continuation glyph (U+1E030 by the font's own word): what it
      // reads as beside ई is the font's claim; the point is that the file is written at all.
      expect(pdfToText(pdf).replace(/\s+/g, ' ').trim()).toMatch(/^\u0908\S* office$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the bounded reader answers for the glyphs the damage does not reach', () => {
    const sound = cmapCharacters(NOTO_SANS, [2664, 81, 3]);
    expect(sound.get(81)).toEqual(['n'.codePointAt(0)]);
    expect(sound.get(3)).toEqual([0x20]);
    const damaged = cmapCharacters(new Uint8Array(damagedNoto()), [2664, 81, 3]);
    expect(damaged.get(81)).toEqual(['n'.codePointAt(0)]);
  });
});
