// test/standards-claims.test.ts — issue 7, "Documents claiming each supported level come out with zero
// findings": one document per claim (pdfa1b, 2b, 2u, 3b, 3u, 4, 4f, 4e) exercising many features at
// once — fonts of four kinds (TrueType, CFF OpenType, Type 1, Type 3), a PNG and a JPEG, graphics
// states, an axial shading, a tiling, layers, and attachments where the part allows them (translucency
// and layers where it allows them) — measured by our verifier (zero findings), by qpdf --check, by
// poppler (the fonts and images are really there) and, for PDF/A-1b, by Apache PDFBox Preflight.
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import type { RenderSuccess } from '../src/types.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { b64, NIMBUS_ROMAN_PFB, NIMBUS_SANS_OTF } from './support/font-fixtures.js';
import { makeJpeg, makePng } from './support/images.js';
import { pdfFonts, pdfImagesList, preflight, qpdfCheck } from './support/pdf-tools.js';
import { pdfa2bFile } from './support/standards.js';

const LICENCE = {
  holder: 'Tests',
  features: ['fonts_without_outlines'],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
} as never;

const CLAIMS = ['pdfa1b', 'pdfa2b', 'pdfa2u', 'pdfa3b', 'pdfa3u', 'pdfa4', 'pdfa4f', 'pdfa4e'] as const;

const TYPE3 = {
  name: 'Marks',
  matrix: [0.001, 0, 0, 0.001, 0, 0],
  box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
  glyphs: [
    {
      character: 'o',
      width: 900,
      items: [{ type: 'rect', rect: { llx: 100, lly: 0, urx: 800, ury: 700 }, fill: [0, 0, 1] }],
    },
    {
      character: 'x',
      width: 900,
      box: { llx: 0, lly: 0, urx: 900, ury: 900 },
      items: [
        { type: 'path', segments: [{ move: [0, 0] }, { line: [800, 0] }, { line: [400, 800] }, { close: true }] },
      ],
    },
  ],
};

const text = (font: string, words: string, top: number, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  rect: { llx: 50, lly: top - 40, urx: 545, ury: top },
  content: [words],
  font,
  font_size: 18,
  ...extra,
});
const box = (llx: number, lly: number, size = 80) => ({ llx, lly, urx: llx + size, ury: lly + size });

/** The document for one claim, and the parts it names. */
function document(claim: (typeof CLAIMS)[number]): {
  description: Record<string, unknown>;
  parts: Record<string, Uint8Array>;
} {
  const part = Number(claim[4]);
  const transparency = part !== 1;
  const attachments =
    part === 3 || claim === 'pdfa4f'
      ? [
          {
            name: 'notes.txt',
            file_name: 'notes.txt',
            description: 'Working notes',
            media_type: 'text/plain',
            relationship: 'supplement',
            modified: '2026-11-20T09:00:00Z',
          },
        ]
      : part === 2 || part === 4
        ? [
            {
              name: 'annex.pdf',
              file_name: 'annex.pdf',
              description: 'An annex, itself PDF/A',
              media_type: 'application/pdf',
              relationship: 'supplement',
              modified: '2026-11-20T09:00:00Z',
            },
          ]
        : [];
  const description: Record<string, unknown> = {
    archive: claim,
    metadata: {
      title: `Everything under ${claim}`,
      author: 'Jörg Müller',
      subject: 'Coverage',
      created: '2026-11-22T12:00:00Z',
    },
    fonts: [
      { name: 'Sans', data: NOTO_SANS_B64 },
      { name: 'Nimbus', part: 'nimbus.otf' },
    ],
    type1_fonts: [{ name: 'Roman', data: b64(NIMBUS_ROMAN_PFB) }],
    type3_fonts: [TYPE3],
    graphics_states: [
      {
        name: 'fine',
        state: { flatness: 1, smoothness: 0.5, stroke_adjustment: true, rendering_intent: 'perceptual' },
      },
      ...(transparency
        ? [{ name: 'veil', state: { fill_alpha: 0.5, stroke_alpha: 0.75, blend_mode: 'multiply' } }]
        : []),
    ],
    shadings: [
      { name: 'sky', shading: { axial: { from: [300, 300], to: [500, 300], start: [0.1, 0.3, 0.9], end: [1, 1, 1] } } },
    ],
    tilings: [
      {
        name: 'dots',
        box: { x: 0, y: 0, width: 10, height: 10 },
        step: [10, 10],
        items: [{ type: 'rect', rect: { llx: 2, lly: 2, urx: 6, ury: 6 }, fill: [0.8, 0.1, 0.1] }],
      },
    ],
    ...(transparency ? { layers: [{ name: 'notes', label: 'Notes' }] } : {}),
    ...(attachments.length ? { attachments } : {}),
    items: [
      text('Sans', 'TrueType: office AVATAR fi ffl 0123456789', 800),
      text('Nimbus', 'CFF OpenType: Hello AVATAR', 760, { color: [0.2, 0.2, 0.6] }),
      text('Roman', 'Type 1: Roman AVATAR', 720, { graphics_state: 'fine' }),
      text('Marks', 'oxoxo', 680, { color: [0, 0.5, 0] }),
      { type: 'image', image: 'photo.jpg', rect: box(50, 450, 120) },
      { type: 'image', image: 'chart.png', rect: box(190, 450, 120) },
      { type: 'rect', rect: box(330, 450, 120), fill: { shading: 'sky' } },
      { type: 'rect', rect: box(470, 450, 80), fill: { pattern: 'dots' } },
      { type: 'rect', rect: box(50, 300), fill: [0.5], graphics_state: 'fine' },
      ...(transparency
        ? [
            { type: 'rect', rect: box(100, 320), fill: [1, 0.5, 0], graphics_state: 'veil', layer: 'notes' },
            { type: 'image', image: 'alpha.png', rect: box(200, 300) },
          ]
        : []),
    ],
  };
  const parts: Record<string, Uint8Array> = {
    'nimbus.otf': NIMBUS_SANS_OTF,
    'photo.jpg': makeJpeg(32, 24, (x, y) => [x * 8, y * 10, 128]),
    'chart.png': makePng({ width: 16, height: 16, type: 2, depth: 8, pixel: (x, y) => [x * 16, 255 - y * 16, 64] }),
  };
  if (transparency)
    parts['alpha.png'] = makePng({
      width: 16,
      height: 16,
      type: 6,
      depth: 8,
      pixel: (x, y) => [200, 40, 40, (x + y) * 8],
    });
  if (attachments[0]?.name === 'notes.txt')
    parts['notes.txt'] = new TextEncoder().encode('notes kept beside the pages\n');
  if (attachments[0]?.name === 'annex.pdf') parts['annex.pdf'] = pdfa2bFile();
  return { description, parts };
}

function renderClaim(claim: (typeof CLAIMS)[number]): RenderSuccess {
  const { description, parts } = document(claim);
  const out = render({ description, parts, now: NOW, service: { licence: LICENCE } });
  if (!out.ok) throw new Error(`${claim} refused ${out.status} ${out.word} ${out.path}: ${out.sentence}`);
  return out;
}

describe('a document exercising many features, under each claim', () => {
  const outs = new Map<string, RenderSuccess>();
  const get = (claim: (typeof CLAIMS)[number]) => {
    if (!outs.has(claim)) outs.set(claim, renderClaim(claim));
    return outs.get(claim)!;
  };

  it.each(CLAIMS)(
    '%s: zero findings from our verifier, qpdf --check clean, every font embedded and both pictures there',
    (claim) => {
      const out = get(claim);
      expect(out.findings.map((f) => `${findingId(f)} ${f.message}`)).toEqual([]);
      expect(qpdfCheck(out.pdf).code).toBe(0);
      const fonts = pdfFonts(out.pdf);
      // TrueType (CID), CFF (CID Type 0C), Type 1 and Type 3, each embedded (Type 3 glyphs are in the file)
      for (const t of [/TrueType/, /Type 0C|Type 1C/, /^Type 1$/, /^Type 3$/])
        expect(
          fonts.some((f) => t.test(f.type)),
          String(t),
        ).toBe(true);
      expect(fonts.every((f) => f.emb || /Type 3/.test(f.type))).toBe(true);
      expect(pdfImagesList(out.pdf).filter((i) => i.type === 'image').length).toBeGreaterThanOrEqual(2);
    },
  );

  it('the PDF/A-1b one passes Apache PDFBox Preflight', () => {
    expect(preflight([get('pdfa1b').pdf])).toEqual(['PASS']);
  });
});
