// test/support/noto-line.ts — one line of text in Noto Sans (sent inline as base64) on a small page,
// rendered through the library: the document the font-cache tests render again and again with
// different words, so each run writes another subset of the same face.
import { render } from '../../src/library.js';
import { NOTO_SANS_B64, NOW } from './fixtures.js';

export function notoLineDescription(text: string): Record<string, unknown> {
  return {
    page: { width: 300, height: 100 },
    fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
    items: [
      {
        type: 'text',
        pages: [1],
        rect: { llx: 10, lly: 10, urx: 290, ury: 90 },
        content: [text],
        font: 'Body',
        font_size: 12,
      },
    ],
  };
}

/** The PDF of `notoLineDescription(text)`; throws on a refusal. */
export function notoLinePdf(text: string): Uint8Array {
  const out = render({ description: notoLineDescription(text), now: NOW });
  if (!out.ok) throw new Error(out.sentence);
  return out.pdf;
}
