// passes/emit/fonts/cid-parts.test.ts — what a CID font writes for a face and its codes, kept across
// renders (cid.ts, CID_PARTS_BYTES): a document rendered again gives the bytes of its first render,
// another set of codes in the same face is never written from the first one's parts (poppler reads
// its own text back), and the parts kept stay within their bound.
import { describe, expect, it } from 'vitest';
import { notoLinePdf } from '../../../test/support/noto-line.js';
import { pdfToText } from '../../../test/support/pdf-tools.js';
import { CID_PARTS_BYTES, CID_PARTS_ENTRIES, cidPartsHeld } from './cid.js';

const pdf = (text: string): Buffer => Buffer.from(notoLinePdf(text));

describe('CID font parts kept across renders', () => {
  it('gives a document its first bytes again, and another text its own font', () => {
    const first = pdf('Hello quire');
    const other = pdf('Help me, quire!');
    expect(pdfToText(other).trim()).toBe('Help me, quire!');
    expect(pdf('Hello quire').equals(first)).toBe(true);
    expect(pdfToText(first).trim()).toBe('Hello quire');
  });

  it('keeps no more than its bound, and what it let go is made again alike', () => {
    const first = pdf('a0');
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < CID_PARTS_ENTRIES + 20; i++) pdf(`${letters[i % 26]}${letters[Math.floor(i / 26)]}`);
    const held = cidPartsHeld();
    expect(held.entries).toBeLessThanOrEqual(CID_PARTS_ENTRIES);
    expect(held.bytes).toBeLessThanOrEqual(CID_PARTS_BYTES);
    expect(pdf('a0').equals(first)).toBe(true);
  });
});
