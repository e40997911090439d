// verifier/checks/pua-glyphs.ts — characters mapped into the Unicode Private Use Area (ISO 19005-2/-3
// §6.2.11.7.3, level A): a code shown outside every marked-content sequence with /ActualText whose
// Unicode value — its ToUnicode entry, or for a simple font without one the uniXXXX / uXXXX[XX] name
// its Differences give it — holds a PUA code point is a character a reader cannot speak or search.
// Codes are read one byte wide in simple fonts and two bytes wide in Type 0 fonts under Identity-H/V
// (another CMap's code widths are not read: not judged). One fact per font: its first such code.

import {
  arrayItems,
  get,
  getArray,
  getDict,
  getName,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFStream,
  streamData,
} from '../cos.js';
import type { Check } from './check.js';
import { readToUnicode } from './tounicode-cmap.js';

export const puaGlyphs: Check = ({ l, u, add }) => {
  const ctx = l.context;
  for (const fu of u.fonts.values()) {
    if (!fu.plain.length) continue;
    const font = fu.font;
    const type0 = getName(ctx, font, 'Subtype') === 'Type0';
    if (type0 && !['Identity-H', 'Identity-V'].includes(getName(ctx, font, 'Encoding') ?? '')) continue;
    const width = type0 ? 2 : 1;
    const tu = get(ctx, font, 'ToUnicode');
    const map = tu instanceof PDFStream ? readToUnicode(streamData(l, tu), width) : new Map<number, string>();
    const names = type0 ? new Map<number, string>() : differences(l, font);
    const puaOf = (code: number): number | undefined => {
      const text = map.get(code);
      if (text !== undefined) return [...text].map((c) => c.codePointAt(0)!).find(isPua);
      const name = names.get(code);
      return name === undefined ? undefined : [nameValue(name)].find((c) => c !== undefined && isPua(c));
    };
    if (!map.size && !names.size) continue;
    found: for (const s of fu.plain) {
      for (let i = 0; i + width <= s.length; i += width) {
        const code = width === 2 ? (s[i] << 8) | s[i + 1] : s[i];
        const pua = puaOf(code);
        if (pua === undefined) continue;
        add(
          'glyph-pua',
          'Glyph',
          {
            font: getName(ctx, font, 'BaseFont') ?? getName(ctx, font, 'Subtype') ?? 'font',
            code: code
              .toString(16)
              .toUpperCase()
              .padStart(2 * width, '0'),
            value: pua.toString(16).toUpperCase().padStart(4, '0'),
          },
          fu.where,
        );
        break found;
      }
    }
  }
};

/** Private Use Areas: U+E000–F8FF and planes 15 and 16. */
export function isPua(c: number): boolean {
  return (c >= 0xe000 && c <= 0xf8ff) || (c >= 0xf0000 && c <= 0xffffd) || (c >= 0x100000 && c <= 0x10fffd);
}

/** The code → glyph name pairs of a simple font's Encoding Differences. */
function differences(l: Parameters<Check>[0]['l'], font: PDFDict): Map<number, string> {
  const out = new Map<number, string>();
  const enc = getDict(l.context, font, 'Encoding');
  if (!(enc instanceof PDFDict)) return out;
  let code = 0;
  for (const e of arrayItems(l.context, getArray(l.context, enc, 'Differences'))) {
    if (e instanceof PDFNumber) code = e.asNumber();
    else if (e instanceof PDFName) out.set(code++, e.decodeText());
  }
  return out;
}

/** The one character a uniXXXX or uXXXX[XX] glyph name stands for (AGL specification), if it is one. */
function nameValue(name: string): number | undefined {
  const base = name.split('.')[0];
  const m = /^uni([0-9A-F]{4})$/.exec(base) ?? /^u([0-9A-F]{4,6})$/.exec(base);
  return m ? parseInt(m[1], 16) : undefined;
}
