// verifier/checks/actual-text.ts — ActualText entries (ISO 19005-4 §6.2.10.8): where the document
// replaces shown glyphs by text, in structure elements and in the
// property lists of marked-content sequences (inline or named under Properties), the text must be
// real text: no Private Use Area code points.

import { pushAll } from '../../ir/bounded.js';
import {
  arrayItems,
  dictOf,
  get,
  getDict,
  PDFArray,
  type PDFDict,
  PDFHexString,
  type PDFObject,
  PDFString,
  resolve,
} from '../cos.js';
import type { Check } from './check.js';

const MAX_ELEMENTS = 200_000; // a structure tree past this many elements is not read further

export const actualText: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const seen = new Set<PDFDict>();
  const stack: (PDFObject | undefined)[] = [get(ctx, getDict(ctx, l.catalog, 'StructTreeRoot'), 'K')];
  while (stack.length && seen.size < MAX_ELEMENTS) {
    const k = resolve(ctx, stack.pop());
    if (k instanceof PDFArray) {
      pushAll(stack, arrayItems(ctx, k));
      continue;
    }
    const d = dictOf(k);
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const at = get(ctx, d, 'ActualText');
    if (at instanceof PDFString || at instanceof PDFHexString) judge(at.asBytes(), 'structure element', add);
    stack.push(get(ctx, d, 'K'));
  }
  for (const sc of u.scopes) {
    for (const p of sc.markedContent) {
      if (p.t === 'dict') {
        const v = p.v.get('ActualText');
        if (v?.t === 'str') judge(v.hex ? hexBytes(v.v) : v.v, sc.where, add);
      } else if (p.t === 'name' && sc.resources) {
        const named = dictOf(get(ctx, getDict(ctx, sc.resources, 'Properties'), p.v));
        const v = get(ctx, named, 'ActualText');
        if (v instanceof PDFString || v instanceof PDFHexString) judge(v.asBytes(), sc.where, add);
      }
    }
  }
};

function judge(bytes: Uint8Array, where: string, add: Parameters<Check>[0]['add']): void {
  const cps = codePoints(bytes);
  if (cps === undefined) return; // not text at all: no rule of the parts covered here judges that
  const pua = cps.find(isPua);
  if (pua !== undefined) add('actual-text-pua', 'CosActualText', { value: pua.toString(16).toUpperCase() }, where);
}

/** Private Use Areas: U+E000–F8FF and planes 15 and 16. */
function isPua(c: number): boolean {
  return (c >= 0xe000 && c <= 0xf8ff) || (c >= 0xf0000 && c <= 0xffffd) || (c >= 0x100000 && c <= 0x10fffd);
}

/** A PDF text string's code points (UTF-16BE or UTF-8 with their marks, else PDFDocEncoding, which has no PUA). */
function codePoints(b: Uint8Array): number[] | undefined {
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    if (b.length % 2) return undefined;
    const out: number[] = [];
    for (let i = 2; i < b.length; i += 2) {
      const c = (b[i] << 8) | b[i + 1];
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = i + 3 < b.length ? (b[i + 2] << 8) | b[i + 3] : -1;
        if (d < 0xdc00 || d > 0xdfff) return undefined;
        out.push(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00));
        i += 2;
      } else if (c >= 0xdc00 && c <= 0xdfff) return undefined;
      else out.push(c);
    }
    return out;
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    try {
      return [...new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(3))].map((ch) => ch.codePointAt(0)!);
    } catch {
      return undefined;
    }
  }
  return [];
}

function hexBytes(digits: Uint8Array): Uint8Array {
  const s = new TextDecoder('latin1').decode(digits).replace(/[^0-9a-fA-F]/g, '');
  const out = new Uint8Array(Math.ceil(s.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt((s.slice(2 * i, 2 * i + 2) + '0').slice(0, 2), 16);
  return out;
}
