// verifier/checks/file-structure.ts — facts of ISO 19005 §6.1 (file structure) read from the raw scan
// (verifier/raw.ts) and the trailer: header, binary comment, %%EOF, trailer ID and Encrypt, xref
// spacing, object and stream keyword spacing, stream Length, external stream data, filters.

import {
  filtersOf,
  get,
  getDict,
  has,
  PDFArray,
  PDFHexString,
  PDFRawStream,
  PDFRef,
  PDFString,
  resolve,
} from '../cos.js';
import type { Check } from './check.js';

export const fileStructure: Check = ({ l, u, add }) => {
  const { raw, context: ctx } = l;
  if (!raw.headerOk) add('header-malformed', 'CosDocument');
  else add('header-version', 'CosDocument', { version: raw.version ?? '' });
  if (!raw.binaryCommentOk) add('binary-comment-missing', 'CosDocument');
  if (raw.hasEof && !raw.eofOk) add('data-after-eof', 'CosDocument');

  const id = resolve(ctx, l.trailer.ID);
  if (!(id instanceof PDFArray) || id.size() < 2) add('trailer-id-missing', 'CosDocument');
  else if (
    id.asArray().every((x) => {
      const v = resolve(ctx, x);
      return (v instanceof PDFString || v instanceof PDFHexString) && v.asBytes().length === 0;
    })
  ) {
    // `[<> <>]`: the entry is there but identifies nothing (PDF/A-4 6.1.3 asks for a non-empty ID)
    add('trailer-id-empty', 'CosDocument');
  } else if (raw.linearized && raw.trailers.length > 0 && !/\/ID\b/.test(raw.trailers[0]))
    add('trailer-id-missing', 'CosDocument', { linearized: true });
  if (raw.linearized && raw.trailers.length >= 2) {
    // PDF/A-1 6.1.3 t04: the first-page trailer's ID and the last trailer's, when both present, agree
    const first = trailerId(raw.trailers[0]);
    const last = trailerId(raw.trailers[raw.trailers.length - 1]);
    if (first !== undefined && last !== undefined && first !== last)
      add('linearized-id-mismatch', 'CosDocument', { first, last });
  }
  if (l.trailer.Encrypt !== undefined) add('encrypt-present', 'CosTrailer');

  for (const x of raw.xrefs) {
    if (!x.headerSpacingOk) add('xref-header-spacing', 'CosXRef', {}, `xref at ${x.at}`);
    if (!x.eolOk) add('xref-eol', 'CosXRef', {}, `xref at ${x.at}`);
  }
  if (raw.usesXrefStream) add('xref-stream', 'CosDocument');

  for (const o of raw.objects) {
    const where = `${o.num} ${o.gen} obj`;
    if (!o.spacingOk) add('obj-spacing', 'CosIndirect', {}, where);
    const st = o.stream;
    if (!st) continue;
    if (!st.keywordOk || !st.endKeywordOk)
      add('stream-spacing', 'CosStream', { start: st.keywordOk, end: st.endKeywordOk }, where);
    const obj = ctx.lookup(PDFRef.of(o.num, o.gen));
    let declared = st.directLength;
    if (obj instanceof PDFRawStream) {
      const len = get(ctx, obj.dict, 'Length');
      if (len && 'asNumber' in len) declared = (len as unknown as { asNumber(): number }).asNumber();
    }
    if (declared === undefined || declared < st.length || declared > st.lengthWithEol) {
      add('stream-length', 'CosStream', { declared: declared ?? 'none', actual: st.length }, where);
    }
  }

  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const where = `${ref.objectNumber} ${ref.generationNumber} obj`;
    const d = obj.dict;
    if (has(d, 'F') || has(d, 'FFilter') || has(d, 'FDecodeParms')) add('stream-external', 'CosStream', {}, where);
    const filters = filtersOf(ctx, d);
    if (filters.includes('LZWDecode') || filters.includes('LZW')) add('lzw', 'CosStream', {}, where);
    for (const f of filters) {
      if (!STANDARD_FILTERS.has(f)) add('filter-nonstandard', 'CosStream', { filter: f }, where);
    }
  }
  for (const sc of u.scopes) {
    if (sc.stats.hexOdd) add('hex-odd', 'CosString', {}, sc.where);
    if (sc.stats.hexInvalid) add('hex-invalid', 'CosString', {}, sc.where);
  }
  for (const im of u.inlineImages) {
    const f = im.dict.get('F') ?? im.dict.get('Filter');
    const names = f?.t === 'name' ? [f.v] : f?.t === 'arr' ? f.v.flatMap((x) => (x.t === 'name' ? [x.v] : [])) : [];
    if (names.some((n) => n === 'LZW' || n === 'LZWDecode')) add('lzw', 'PDInlineImage', {}, im.where);
    for (const n of names) {
      if (!INLINE_FILTERS.has(n) && n !== 'LZW' && n !== 'LZWDecode')
        add('inline-filter', 'CosIIFilter', { filter: n }, im.where);
    }
  }

  // name dictionary EmbeddedFiles; optional content
  const cat = l.catalog;
  const names = getDict(ctx, cat, 'Names');
  if (names && has(names, 'EmbeddedFiles')) add('embedded-files', 'CosDocument');
  if (cat && has(cat, 'OCProperties')) add('optional-content', 'CosDocument');
};

/** Filters an inline image may name (ISO 32000-2 §8.9.7 Table 92, full and abbreviated; LZW and Crypt are not). */
const INLINE_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'DCTDecode',
  'AHx',
  'A85',
  'Fl',
  'RL',
  'CCF',
  'DCT',
]);

/** ISO 32000-1 §7.4 standard filters (and the inline-image abbreviations). */
const STANDARD_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'LZWDecode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
  'Crypt',
]);

/** A trailer's ID array as hexadecimal strings (literal strings decoded), or undefined when absent. */
function trailerId(text: string): string | undefined {
  const m = /\/ID[\s\0]*\[((?:[^\]\\]|\\.)*)\]/.exec(text);
  if (!m) return undefined;
  const parts: string[] = [];
  const re = /<([0-9A-Fa-f\s]*)>|\(((?:[^()\\]|\\.)*)\)/g;
  for (let t = re.exec(m[1]); t; t = re.exec(m[1])) {
    if (t[1] !== undefined) {
      const h = t[1].replace(/\s+/g, '').toLowerCase();
      parts.push(h.length % 2 ? `${h}0` : h);
    } else parts.push(Buffer.from(unescapeLiteral(t[2]), 'latin1').toString('hex'));
  }
  return parts.join(' ');
}

function unescapeLiteral(s: string): string {
  const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  return s.replace(/\\([0-7]{1,3}|[\s\S])/g, (_, c: string) =>
    /^[0-7]+$/.test(c)
      ? String.fromCharCode(Number.parseInt(c, 8) & 255)
      : c === '\n' || c === '\r'
        ? ''
        : (map[c] ?? c),
  );
}
