// test/font-formats.test.ts — font files as users have them (issue 16, "Fonts users actually have"):
// WOFF and WOFF2 (Debian's fonts-dejavu-web; a CFF WOFF2 made by Google's woff2_compress) draw exactly
// as the TrueType/OpenType file they carry, judged by MuPDF's pixels, pdffonts and pdftotext; a colour
// bitmap emoji font (Debian's fonts-noto-color-emoji, CBDT) is refused in one sentence naming it and why.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { pdfFonts, pdfToText, renderedClean, renderRgb } from './support/pdf-tools.js';
import { preflightAvailable, preflightCodes } from './support/preflight.js';

const read = (p: string) => new Uint8Array(readFileSync(p));
const DEJAVU_TTF = read('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
const DEJAVU_WOFF = read('/usr/share/fonts/woff/dejavu/DejaVuSans.woff');
const DEJAVU_WOFF2 = read('/usr/share/fonts/woff2/dejavu/DejaVuSans.woff2');
const EMOJI = read('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf');
const INTER_VARIABLE = read('/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf');
const NIMBUS_OTF_PATH = '/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf';

const work = mkdtempSync(join(tmpdir(), 'quire-woff2-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A CFF-flavoured WOFF2 made by woff2_compress (Debian's woff2) from the URW OpenType file. */
function nimbusWoff2(): Uint8Array {
  const otf = join(work, 'nimbus.otf');
  copyFileSync(NIMBUS_OTF_PATH, otf);
  execFileSync('woff2_compress', [otf], { stdio: 'ignore' });
  return read(join(work, 'nimbus.woff2'));
}

const TEXT = 'Hamburgefonstiv AVATAR office 0123 ½ Ærø';

function draw(file: Uint8Array) {
  return render({
    description: {
      fonts: [{ name: 'F', data: Buffer.from(file).toString('base64') }],
      items: [
        { type: 'text', rect: { llx: 20, lly: 20, urx: 580, ury: 820 }, content: [TEXT], font: 'F', font_size: 28 },
      ],
    },
    now: NOW,
  });
}

/** The page as MuPDF draws it at 72 dpi (RGB bytes). */
function pixels(pdf: Uint8Array): Buffer {
  const r = renderRgb(pdf, 72);
  return r.data.subarray(r.offset);
}

describe('web fonts', () => {
  const ttf = renderedClean(draw(DEJAVU_TTF));
  for (const [kind, file, type] of [
    ['WOFF', () => DEJAVU_WOFF, 'CID TrueType'],
    ['WOFF2 (transformed glyf)', () => DEJAVU_WOFF2, 'CID TrueType'],
  ] as const) {
    it(`${kind}: the same pixels, fonts and text as the TrueType file it carries`, () => {
      const out = renderedClean(draw(file()));
      const fonts = pdfFonts(out.pdf);
      expect(fonts).toHaveLength(1);
      expect(fonts[0]).toMatchObject({ type, emb: true, sub: true, uni: true });
      expect(fonts[0].name).toMatch(/^[A-Z]{6}\+DejaVuSans$/);
      expect(pdfToText(out.pdf).replace(/\s+/g, ' ').trim()).toBe(TEXT);
      expect(pixels(out.pdf).equals(pixels(ttf.pdf))).toBe(true);
    });
  }
  it('WOFF2 over CFF outlines: embedded as bare CFF, drawn as the OpenType file', () => {
    const otf = renderedClean(draw(read(NIMBUS_OTF_PATH)));
    const out = renderedClean(draw(nimbusWoff2()));
    expect(pdfFonts(out.pdf)[0]).toMatchObject({ type: 'CID Type 0C', emb: true });
    expect(pdfToText(out.pdf).replace(/\s+/g, ' ').trim()).toBe(TEXT);
    expect(pixels(out.pdf).equals(pixels(otf.pdf))).toBe(true);
  });
  it('a WOFF2 file cut short or with its compressed tables damaged is refused in words', () => {
    const cut = draw(DEJAVU_WOFF2.subarray(0, 5000));
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.sentence).toMatch(/^the font "F" at \/fonts\/0 .*: its WOFF2 .*\.$/);
    const bad = Buffer.from(DEJAVU_WOFF2);
    for (let i = 400; i < 420; i++) bad[i] ^= 0x5a;
    const out = draw(bad);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.sentence).toMatch(/Brotli|WOFF2|cut short|damaged/);
  });
});

describe('under PDF/A-1b', () => {
  it.skipIf(!preflightAvailable())(
    'a WOFF2 font and a variable font set at an instance (subset and kept whole) pass PDFBox Preflight',
    () => {
      const pdf = (font: Record<string, unknown>) =>
        renderedClean(
          render({
            description: {
              archive: 'pdfa1b',
              fonts: [{ name: 'F', ...font }],
              items: [
                {
                  type: 'text',
                  rect: { llx: 20, lly: 20, urx: 580, ury: 820 },
                  content: [TEXT],
                  font: 'F',
                  font_size: 20,
                },
              ],
            },
            now: NOW,
          }),
        ).pdf;
      const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
      const codes = preflightCodes([
        pdf({ data: b64(DEJAVU_WOFF2) }),
        pdf({ data: b64(INTER_VARIABLE), variations: { wght: 800 } }),
        pdf({ data: b64(INTER_VARIABLE), instance: 'Light', keep: 'all' }),
      ]);
      expect(codes).toEqual([[], [], []]);
    },
  );
});

/** `sfnt` with the table tagged `from` retagged `to` (its bytes unchanged). */
function retagged(sfnt: Uint8Array, from: string, to: string): Uint8Array {
  const b = Buffer.from(sfnt);
  for (let i = 0; i < b.readUInt16BE(4); i++) {
    const r = 12 + i * 16;
    if (b.toString('latin1', r, r + 4) === from) b.write(to, r, 'latin1');
  }
  return b;
}

describe('colour fonts', () => {
  it('a font with colour layers (COLR) but no palette is refused rather than drawn without its colours', () => {
    // Drawn colour fonts (COLR v0 with CPAL): test/colour-fonts.test.ts.
    const out = draw(retagged(DEJAVU_TTF, 'FFTM', 'COLR'));
    expect(out.ok).toBe(false);
    if (!out.ok)
      expect(out.sentence).toMatch(
        /^the font "F" at \/fonts\/0 .*colour layers \(COLR\) without their palette \(CPAL\)/,
      );
  });

  it('a colour bitmap emoji font (CBDT) is refused naming the font and why', () => {
    const out = draw(EMOJI);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.status).toBe(400);
    expect(out.sentence).toBe(
      'the font "F" at /fonts/0 is not a TrueType or OpenType font that can be read: its glyphs are colour bitmaps (CBDT/CBLC) without outlines, and a PDF font draws outlines; send a font with outlines.',
    );
  });
});
