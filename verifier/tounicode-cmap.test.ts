// verifier/tounicode-cmap.test.ts — the verifier catches a ToUnicode entry that contradicts the font's own
// cmap (issue 16; verifier/checks/tounicode-cmap.ts): our output (fonts kept whole, with their cmap)
// with one entry rewritten to lie (the
// code of "a" mapped to "b", as a glyph's first text used to be) is found under PDF/A-2u, -2a and
// PDF/UA-1 and not under -2b; our own output in scripts whose glyphs carry other text than their own
// character (Devanagari matras before their consonants, Bengali two-part vowels, Thai sara am, Arabic)
// has no such finding.

import { readFileSync } from 'node:fs';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from '../test/support/fixtures.js';
import { TAGGING_LICENCE } from '../test/support/standards.js';
import { firstLie } from './checks/tounicode-cmap.js';
import { verify } from './index.js';

const NOTO = '/usr/share/fonts/truetype/noto/';
const noto = (f: string) => readFileSync(NOTO + f).toString('base64');

/** Our output with the fonts embedded whole (`keep: "all"`): a subset program has no cmap, so the check has nothing to compare with. */
function rendered(texts: { font: string; text: string }[], fonts: { name: string; data: string }[]): Uint8Array {
  const out = render({
    description: {
      fonts: fonts.map((f) => ({ ...f, keep: 'all' })),
      archive: 'pdfa2u',
      metadata: { title: 'ToUnicode' },
      items: texts.map(({ font, text }, i) => ({
        type: 'text',
        rect: { llx: 40, lly: 700 - 40 * i, urx: 560, ury: 730 - 40 * i },
        content: [text],
        font,
        font_size: 12,
      })),
    },
    now: NOW,
    service: { licence: TAGGING_LICENCE },
  });
  if (!out.ok) throw new Error(out.sentence);
  return out.pdf;
}

/** Rewrites the ToUnicode entries that map to `from` so they map to `to` (UTF-16BE hex, four digits). */
async function lie(pdf: Uint8Array, from: string, to: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  let touched = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || !obj.has(PDFName.of('ToUnicode'))) continue;
    const ref = obj.get(PDFName.of('ToUnicode')) as PDFRef;
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    const changed = text.replace(new RegExp(`(<[0-9A-Fa-f]{4}>\\s*)<${from}>`, 'gi'), `$1<${to}>`);
    if (changed === text) continue;
    doc.context.assign(ref, doc.context.flateStream(changed));
    touched++;
  }
  expect(touched).toBeGreaterThan(0);
  return doc.save({ useObjectStreams: false });
}

const ids = async (pdf: Uint8Array, standard: string) => (await verify(pdf, [standard])).map(findingId);

describe("a ToUnicode entry against the font program's own cmap", () => {
  it('a lying entry outside ActualText is found under PDF/A-2u, 2a and PDF/UA-1, not 2b', async () => {
    const pdf = rendered([{ font: 'F', text: 'a quiet bay' }], [{ name: 'F', data: NOTO_SANS_B64 }]);
    for (const s of ['pdfa2u', 'pdfa2a', 'pdfua1', 'pdfa1a'])
      expect(await ids(pdf, s), s).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/6\.2\.11\.7\.2-t01|7\.21\.7-t01|6\.3\.8-t01/)]),
      );
    const bad = await lie(pdf, '0061', '0062');
    expect(await ids(bad, 'pdfa2u')).toContain('ISO_19005_2 6.2.11.7.2-t01');
    expect(await ids(bad, 'pdfa2a')).toContain('ISO_19005_2 6.2.11.7.2-t01');
    expect(await ids(bad, 'pdfua1')).toContain('ISO_14289_1 7.21.7-t01');
    expect(await ids(bad, 'pdfa1a')).toContain('ISO_19005_1 6.3.8-t01');
    expect(await ids(bad, 'pdfa2b')).not.toContain('ISO_19005_2 6.2.11.7.2-t01');
    const [finding] = (await verify(bad, ['pdfa2u'])).filter((f) => f.clause === '6.2.11.7.2');
    expect(finding.message).toMatch(/maps code [0-9A-F]{4} to 'b', but the font's own cmap makes its glyph a/);
  });

  it("our own output, where glyphs carry their cluster's text in reading order, has no such finding", async () => {
    const fonts = [
      { name: 'L', data: NOTO_SANS_B64 },
      { name: 'D', data: noto('NotoSansDevanagari-Regular.ttf') },
      { name: 'B', data: noto('NotoSansBengali-Regular.ttf') },
      { name: 'T', data: noto('NotoSansThai-Regular.ttf') },
      { name: 'A', data: noto('NotoNaskhArabic-Regular.ttf') },
    ];
    const pdf = rendered(
      [
        { font: 'L', text: 'office ﬁle, the ﬁrst affine' },
        { font: 'D', text: 'नमस्ते दुनिया, किताब पढ़िए। हिन्दी कक्षा' },
        { font: 'B', text: 'আমার সোনার বাংলা, কোথায় যাও? বোন' },
        { font: 'T', text: 'สวัสดีชาวโลก ภาษาไทย น้ำ ผู้ใหญ่' },
        { font: 'A', text: 'نص بالعالم نص تبنى سلام عليكم' },
      ],
      fonts,
    );
    for (const s of ['pdfa2u', 'pdfua1']) {
      const found = (await verify(pdf, [s])).filter((f) => /7\.21\.7|6\.2\.11\.7\.2/.test(f.clause));
      expect(found, s).toEqual([]);
    }
  });
});

describe('islands (firstLie)', () => {
  // Glyph 1 is "ि" (U+093F), glyph 2 is "क" (U+0915) by the cmap; glyph 3 is reached by none.
  const own = new Map([
    [1, [0x93f]],
    [2, [0x915]],
    [4, [0x61]],
  ]);
  const gid = (c: number) => c;
  it('a matra drawn before its consonant, each code carrying its share in reading order, agrees', () => {
    const map = new Map([
      [1, 'क'],
      [2, 'ि'],
      [4, 'a'],
    ]);
    expect(firstLie([[4, 1, 2, 4]], map, gid, own)).toBeUndefined();
  });
  it('a glyph the cmap does not reach is not judged, and does not excuse a neighbour', () => {
    expect(
      firstLie(
        [[3, 4]],
        new Map([
          [3, 'xyz'],
          [4, 'a'],
        ]),
        gid,
        own,
      ),
    ).toBeUndefined();
    expect(
      firstLie(
        [[3, 4]],
        new Map([
          [3, 'xyz'],
          [4, 'b'],
        ]),
        gid,
        own,
      ),
    ).toEqual({ code: 4, text: 'b', glyph: 'a' });
  });
});
