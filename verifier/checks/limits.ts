// verifier/checks/limits.ts — implementation limits (ISO 19005-1 §6.1.12, 19005-2/3 §6.1.13) and the
// shape of strings and names (§6.1.6, §6.1.8): one walk over every value of every indirect object.
// Facts carry the measured size; each standard's binding compares it with its own limit.

import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFStream,
  PDFString,
} from '../cos.js';
import type { Check } from './check.js';

/** The largest values of any kind seen are reported once per kind, not once per object. */
export const limits: Check = ({ l, u, add }) => {
  const ctx = l.context;
  let maxString = 0;
  let maxName = 0;
  let maxArray = 0;
  let maxDict = 0;
  let bigInt: number | undefined;
  let bigReal: number | undefined;
  // the real of largest magnitude, and the nonzero one of smallest (PDF/A-2's single-precision limits)
  let maxReal = 0;
  let minReal = Number.POSITIVE_INFINITY;
  const real = (v: number): void => {
    const a = Math.abs(v);
    if (a > maxReal) maxReal = a;
    if (a !== 0 && a < minReal) minReal = a;
  };
  let hexOdd = false;
  let hexBad = false;
  let utf8Bad = false;
  let count = 0;
  // pdf-lib interns names: each distinct one is measured once
  const seenNames = new Set<PDFName>();
  const visit = (o: PDFObject, depth: number): void => {
    if (depth > 64) return;
    if (o instanceof PDFString) {
      maxString = Math.max(maxString, literalLength(o.asString()));
      return;
    }
    if (o instanceof PDFHexString) {
      const t = o.asString().replace(/[\0\t\n\f\r ]/g, '');
      if (t.length % 2) hexOdd = true;
      if (!/^[0-9A-Fa-f]*$/.test(t)) hexBad = true;
      maxString = Math.max(maxString, Math.ceil(t.length / 2));
      return;
    }
    if (o instanceof PDFName) {
      if (seenNames.has(o)) return;
      seenNames.add(o);
      // pdf-lib keeps a parsed name's #xx escapes as written: undo them to get its bytes
      const dec = o.decodeText().replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      maxName = Math.max(maxName, dec.length);
      if (!validUtf8(dec)) utf8Bad = true;
      return;
    }
    if (o instanceof PDFNumber) {
      const v = o.asNumber();
      if (Number.isInteger(v)) {
        if (v > 2147483647 || v < -2147483648) bigInt = v;
      } else {
        real(v);
        if (Math.abs(v) > 32767) bigReal = v;
      }
      return;
    }
    if (o instanceof PDFArray) {
      maxArray = Math.max(maxArray, o.size());
      for (let i = 0; i < o.size(); i++) visit(o.get(i), depth + 1);
      return;
    }
    if (o instanceof PDFDict) {
      let n = 0;
      for (const [k, v] of o.entries()) {
        n++;
        visit(k, depth + 1);
        visit(v, depth + 1);
      }
      maxDict = Math.max(maxDict, n);
      return;
    }
    if (o instanceof PDFStream) visit(o.dict, depth + 1);
  };
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    count++;
    visit(obj, 0);
  }
  // reals written with a point but an integral value (40000.0) are found in the bytes
  const text = l.raw.dictText;
  for (const m of text.matchAll(/(?<![\w.])[+-]?\d*\.\d+|(?<![\w.])[+-]?\d+\.(?!\d)/g)) {
    const v = Number(m[0]);
    real(v);
    if (Math.abs(v) > 32767) bigReal = v;
  }
  // content streams: reals, integers, string and name lengths in operands (gathered by the tokenizer)
  for (const s of u.scopes) {
    if (s.stats.bigReal !== undefined) {
      bigReal = s.stats.bigReal;
      real(s.stats.bigReal);
    }
    if (s.stats.bigInt !== undefined) bigInt = s.stats.bigInt;
    maxString = Math.max(maxString, s.stats.maxString);
    maxName = Math.max(maxName, s.stats.maxName);
  }
  add('max-string', 'CosString', { length: maxString });
  add('max-name', 'CosName', { length: maxName });
  add('max-array', 'CosArray', { size: maxArray });
  add('max-dict', 'CosDict', { size: maxDict });
  add('max-q-depth', 'Op_q_gsave', { depth: u.maxQDepth });
  add('indirect-count', 'CosDocument', { count });
  if (bigInt !== undefined) add('integer-range', 'CosInteger', { value: bigInt });
  if (bigReal !== undefined) add('real-range', 'CosReal', { value: bigReal });
  if (maxReal > 3.403e38) add('real-huge', 'CosReal', { value: maxReal });
  if (minReal < 1.175e-38) add('real-tiny', 'CosReal', { value: minReal });
  // page boundaries (ISO 32000-1 §14.11.2) between 3 and 14400 units each way
  u.pages.forEach((p, i) => {
    for (const box of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) {
      const a = p.lookup(PDFName.of(box));
      if (!(a instanceof PDFArray) || a.size() !== 4) continue;
      const n = [0, 1, 2, 3].map((k) => {
        const x = a.lookup(k);
        return x instanceof PDFNumber ? x.asNumber() : Number.NaN;
      });
      if (n.some((x) => Number.isNaN(x))) continue;
      const w = Math.abs(n[2] - n[0]);
      const h = Math.abs(n[3] - n[1]);
      if (w < 3 || h < 3 || w > 14400 || h > 14400)
        add('page-box-size', 'CosBBox', { box, width: w, height: h }, `page ${i + 1}`);
    }
  });
  if (hexOdd) add('hex-odd', 'CosString');
  if (hexBad) add('hex-invalid', 'CosString');
  if (utf8Bad) add('name-not-utf8', 'CosName');
  void PDFRawStream;
};

/** Byte length of a literal string's raw text once escapes are undone (approximately: escapes count 1). */
function literalLength(raw: string): number {
  return raw.replace(/\\([0-7]{1,3}|[\s\S])/g, 'x').length;
}

function validUtf8(bytesAsLatin1: string): boolean {
  if (/^[\x00-\x7f]*$/.test(bytesAsLatin1)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(bytesAsLatin1, 'latin1'));
    return true;
  } catch {
    return false;
  }
}
