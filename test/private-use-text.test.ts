// test/private-use-text.test.ts — text in the Unicode Private Use Area (ir/private-use.ts): a glyph
// the ToUnicode map sends to a PUA code point (Source Code Pro's powerline arrows U+E0A0…, held by the
// service; an icon or symbol font's glyphs) is drawn inside an /ActualText span that reads U+FFFD
// there, so a document claiming PDF/A-2a or 3a has no 6.2.11.7.3 finding, PDF/A-4's ban on PUA in
// ActualText (6.2.10.8) holds too, and readers copy U+FFFD, not a code point only the font knows.
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { hasPrivateUse } from '../ir/private-use.js';
import { render } from '../src/library.js';
import { verify } from '../verifier/index.js';
import { NOW } from './support/fixtures.js';
import { pdfToText, qdfText } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

function report(archive: string, font: Record<string, unknown>): Uint8Array {
  const d = taggedReport({ archive, accessible: 'pdfua1' }) as { fonts: unknown[]; items: Record<string, unknown>[] };
  d.fonts = [{ name: 'Body', ...font }];
  d.items[0].content = ['Quarterly \uE0A0 report'];
  d.items[1].content = 'Sales rose \uE0B0 in every region.\nCosts fell for the third quarter.';
  const r = render({ description: d, now: NOW, service: { licence: TAGGING_LICENCE } });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.path}: ${r.sentence}`);
  expect(r.findings).toEqual([]);
  return r.pdf;
}

describe('text drawn from Private Use Area code points', () => {
  it('Source Code Pro (a TrueType face, second codes) under pdfa2a, pdfa3a and pdfua1: zero findings', async () => {
    for (const archive of ['pdfa2a', 'pdfa3a']) {
      const pdf = report(archive, { library: 'source_code_pro' });
      expect(
        (await verify(pdf, [archive, 'pdfua1', 'pdfa4']))
          .map(findingId)
          .filter((id) => !id.startsWith('ISO_19005_4 6.1') && !id.startsWith('ISO_19005_4 6.7')),
      ).toEqual([]);
      // the ToUnicode map still says what the glyph is in the font, the span what a reader copies
      const qdf = qdfText(pdf);
      expect(qdf).toMatch(/<[0-9A-F]{4}> <E0A0>/);
      // UTF-16BE with its byte order mark: U+FFFD alone
      expect(qdf).toMatch(/\/ActualText<fefffffd>/i);
      const text = pdfToText(pdf);
      expect(text).toContain('Quarterly \ufffd report');
      expect(text).toContain('Sales rose \ufffd in every region.');
      expect(text).not.toMatch(/[\ue000-\uf8ff]/);
    }
  });
  it('a document without PUA text gets no span (byte for byte the old output)', () => {
    const d = taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1' }) as { fonts: unknown[] };
    d.fonts = [{ name: 'Body', library: 'source_code_pro' }];
    const r = render({ description: d, now: NOW, service: { licence: TAGGING_LICENCE } });
    if (!r.ok) throw new Error(r.sentence);
    expect(qdfText(r.pdf)).not.toContain('/ActualText');
  });
  it('hasPrivateUse (a loop over code units) says what the PUA expression says at every boundary', () => {
    const PUA = /[\ue000-\uf8ff]|[\udb80-\udbff][\udc00-\udfff]/;
    const units = [
      0x41, 0xdfff, 0xe000, 0xe0a0, 0xf8ff, 0xf900, 0xd7ff, 0xdb7f, 0xdb80, 0xdbff, 0xdc00, 0xdfff, 0xd800,
    ];
    const texts = [''];
    for (const a of units) {
      texts.push(String.fromCharCode(a));
      for (const b of units) texts.push(String.fromCharCode(a, b), String.fromCharCode(0x61, a, b, 0x62));
    }
    texts.push('\u{f0000}', '\u{10fffd}', '\u{effff}', 'a\u{100000}b');
    const differ = texts.filter((t) => hasPrivateUse(t) !== PUA.test(t));
    expect(differ).toEqual([]);
    expect(texts.filter(hasPrivateUse).length).toBeGreaterThan(50);
  });
});

describe('tables kept between renders (FirstText pool, the line writer’s stated advances)', () => {
  it('a render after others in the same process gives the same bytes as a first one', () => {
    // Glyphs first met in one order, then in another, then the first again: a table left dirty by one
    // render (a glyph's entry pointing into the last render's texts) would read wrong in the next.
    const doc = (heading: string, body: string) => {
      const d = taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1' }) as {
        fonts: unknown[];
        items: Record<string, unknown>[];
      };
      d.fonts = [{ name: 'Body', library: 'source_code_pro' }];
      d.items[0].content = [heading];
      d.items[1].content = body;
      const r = render({ description: d, now: NOW, service: { licence: TAGGING_LICENCE } });
      if (!r.ok) throw new Error(r.sentence);
      return Buffer.from(r.pdf);
    };
    const x = () => doc('Quarterly \uE0A0 report', 'zyx wvu tsr');
    const y = () => doc('Plain report', 'rst uvw xyz');
    const [x1, y1, x2, y2] = [x(), y(), x(), y()];
    expect(x2.equals(x1)).toBe(true);
    expect(y2.equals(y1)).toBe(true);
    expect(pdfToText(new Uint8Array(y1))).toContain('rst uvw xyz');
    expect(qdfText(new Uint8Array(y1))).not.toContain('/ActualText');
  });
});
