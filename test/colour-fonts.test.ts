// test/colour-fonts.test.ts — colour fonts with COLR version 0 layers and a CPAL palette (issue 16),
// drawn as layered vector glyphs. The fonts are made here from Debian's DejaVu Sans with fontTools
// (python3-fonttools, tools/install-test-deps.sh): "A" becomes a red "O" under a blue "A", "B" one
// layer in the text's own colour (palette entry 0xFFFF). Judged by MuPDF's pixels, pdftotext and
// `mutool draw -F txt` (each cluster extracted once), qpdf --check and our verifier under pdfa2u; a
// COLR version 1 font and a partly transparent palette are refused naming the font and why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { mutoolText, pdfToText, type RgbRaster, renderedClean, renderRgb } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const work = mkdtempSync(join(tmpdir(), 'quire-colr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** DejaVu Sans with a COLR table (version 0, or 1: one solid paint) and a one-palette CPAL, built by fontTools. */
function colourFont(kind: 'v0' | 'v0-translucent' | 'v1'): string {
  const out = join(work, `${kind}.ttf`);
  const script = `
import sys
from fontTools.ttLib import TTFont
from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.ttLib.tables import otTables as ot
kind = sys.argv[1]
f = TTFont('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')
cmap = f.getBestCmap()
g = lambda ch: cmap[ord(ch)]
if kind == 'v1':
    paint = {'Format': ot.PaintFormat.PaintGlyph, 'Glyph': g('A'),
             'Paint': {'Format': ot.PaintFormat.PaintSolid, 'PaletteIndex': 0, 'Alpha': 1.0}}
    f['COLR'] = buildCOLR({g('A'): paint}, version=1, glyphMap=f.getReverseGlyphMap())
else:
    f['COLR'] = buildCOLR({g('A'): [(g('O'), 0), (g('A'), 1)], g('B'): [(g('B'), 0xFFFF)]}, version=0)
alpha = 0.5 if kind == 'v0-translucent' else 1.0
f['CPAL'] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, alpha)]])
f.save(sys.argv[2])
`;
  const r = spawnSync('/usr/bin/python3', ['-c', script, kind, out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`fontTools: ${r.stderr}`);
  return readFileSync(out).toString('base64');
}

const V0 = colourFont('v0');
const GREEN = [0, 0.5, 0];

function draw(data: string, content: string, extra: Record<string, unknown> = {}) {
  return render({
    description: {
      fonts: [{ name: 'F', data }],
      items: [
        {
          type: 'text',
          rect: { llx: 20, lly: 700, urx: 580, ury: 820 },
          content: [content],
          font: 'F',
          font_size: 72,
          color: GREEN,
        },
      ],
      ...extra,
    },
    now: NOW,
  });
}

/** Pixels of each kind in a horizontal stretch [x0, x1) of the rendered line (points). */
function inks(r: RgbRaster, x0: number, x1: number): { red: number; blue: number; green: number } {
  const n = { red: 0, blue: 0, green: 0 };
  for (let y = 700; y < 820; y++) {
    for (let x = x0; x < x1; x++) {
      const o = r.offset + (Math.floor(r.h - y) * r.w + x) * 3;
      const [R, G, B] = [r.data[o], r.data[o + 1], r.data[o + 2]];
      if (R > 200 && G < 80 && B < 80) n.red++;
      else if (B > 200 && R < 80 && G < 80) n.blue++;
      else if (G > 90 && R < 80 && B < 80) n.green++;
    }
  }
  return n;
}

describe('COLR version 0 colour fonts', () => {
  it('draws each colour glyph as its layers in palette colours, entry 0xFFFF in the text colour, other glyphs as they are', () => {
    // x (plain, green) at 20–56, A (red O under blue A) from about 62, B (its one layer, green) from about 111.
    const { pdf } = renderedClean(draw(V0, 'xAB'));
    const r = renderRgb(pdf, 72);
    expect(inks(r, 20, 56)).toMatchObject({ red: 0, blue: 0 });
    expect(inks(r, 20, 56).green).toBeGreaterThan(100);
    const a = inks(r, 62, 108);
    expect(a.red).toBeGreaterThan(100);
    expect(a.blue).toBeGreaterThan(100);
    expect(a.green).toBe(0);
    const b = inks(r, 118, 160);
    expect(b.green).toBeGreaterThan(100);
    expect(b.red + b.blue).toBe(0);
  });

  it('extracts each cluster once (upper layers are paths), under pdfa2u with zero findings', () => {
    const out = renderedClean(draw(V0, 'xAB xA BA', { archive: 'pdfa2u', metadata: { title: 'Colour' } }));
    expect(out.findings).toEqual([]);
    expect(pdfToText(out.pdf).trim()).toBe('xAB xA BA');
    expect(mutoolText(out.pdf).trim()).toBe('xAB xA BA');
  });

  it('under accessible: "pdfua1" the layers stay in the paragraph\'s content, extracted once, zero findings', () => {
    const out = renderedClean(
      render({
        description: {
          accessible: 'pdfua1',
          archive: 'pdfa2u',
          metadata: { title: 'Colour' },
          structure: { lang: 'en', elements: [{ type: 'Document', children: [{ type: 'P', children: ['t'] }] }] },
          fonts: [{ name: 'F', data: V0 }],
          items: [
            {
              type: 'text',
              id: 't',
              rect: { llx: 20, lly: 700, urx: 580, ury: 820 },
              content: ['xAB BA'],
              font: 'F',
              font_size: 72,
            },
          ],
        },
        now: NOW,
        service: { licence: TAGGING_LICENCE },
      }),
    );
    expect(out.findings).toEqual([]);
    expect(pdfToText(out.pdf).trim()).toBe('xAB BA');
    expect(mutoolText(out.pdf).trim()).toBe('xAB BA');
  });

  it('refuses a COLR version 1 font and a partly transparent palette, naming the font and why', () => {
    const v1 = draw(colourFont('v1'), 'A');
    expect(v1).toMatchObject({ ok: false, status: 400, path: '/fonts/0/data' });
    if (!v1.ok) expect(v1.sentence).toMatch(/^the font "F" at \/fonts\/0 .*COLR version 1 colour layers/);
    const translucent = draw(colourFont('v0-translucent'), 'A');
    expect(translucent).toMatchObject({ ok: false, status: 400 });
    if (!translucent.ok) expect(translucent.sentence).toContain('partly transparent (CPAL alpha below 255)');
  });

  it('a simple font or a form field over a colour font is refused: neither can draw its layers', () => {
    const base = { fonts: [{ name: 'F', data: V0 }], page: { width: 400, height: 400 } };
    const simple = render({
      description: {
        ...base,
        simple_fonts: [{ name: 'S', font: 'F', text: 'AB' }],
        items: [
          { type: 'text', rect: { llx: 20, lly: 20, urx: 380, ury: 380 }, content: ['AB'], font: 'S', font_size: 20 },
        ],
      },
      now: NOW,
    });
    expect(simple).toMatchObject({ ok: false, status: 400, key: 'fontRefKind', path: '/simple_fonts/0/font' });
    const field = render({
      description: {
        ...base,
        items: [
          { type: 'text_field', name: 'n', rect: { llx: 20, lly: 20, urx: 200, ury: 44 }, value: 'AB', font: 'F' },
        ],
      },
      now: NOW,
    });
    expect(field).toMatchObject({ ok: false, status: 400, key: 'fontRefKind', path: '/items/0/font' });
    if (!field.ok) expect(field.sentence).toContain('is a colour font (COLR layers); a form field takes');
  });

  it('under an archive claim with a CMYK output intent, the palette colours are refused as RGB', () => {
    const out = render({
      description: {
        fonts: [{ name: 'F', data: V0 }],
        archive: 'pdfa2b',
        output_intent: { profile: 'cmyk.icc' },
        items: [
          { type: 'text', rect: { llx: 20, lly: 700, urx: 580, ury: 820 }, content: ['A'], font: 'F', font_size: 72 },
        ],
      },
      parts: new Map([['cmyk.icc', new Uint8Array(readFileSync('/usr/share/color/icc/ghostscript/default_cmyk.icc'))]]),
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, key: 'colourOutsideIntent', path: '/fonts/0' });
  });
});
