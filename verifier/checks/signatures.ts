// verifier/checks/signatures.ts — digital signatures as PDF/A-2/3 §6.4.3 and §6.1.12 judge them: the
// ByteRange of each signature covers the whole revision but the Contents string (0, the string's
// start, its end, up to the revision's %%EOF), the PKCS#7 object in Contents carries at least one
// certificate and exactly one SignerInfo (RFC 2315, read here as DER/BER without verifying anything),
// and under a DocMDP permission no signature reference dictionary has DigestLocation, DigestMethod or
// DigestValue. Signatures are the V of the interactive form's signature fields (FT Sig).

import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  has,
  type Loaded,
  PDFArray,
  type PDFDict,
  PDFHexString,
  type PDFObject,
  PDFString,
  resolve,
} from '../cos.js';
import type { Check } from './check.js';

export const signatures: Check = ({ l, add }) => {
  const ctx = l.context;
  const cat = l.catalog;
  if (!cat) return;
  const sigs = new Set<PDFDict>();
  const fields = (items: PDFObject[], inheritedFt: string | undefined, depth: number): void => {
    if (depth > 32) return;
    for (const f of items) {
      const d = dictOf(resolve(ctx, f));
      if (!d) continue;
      const ft = getName(ctx, d, 'FT') ?? inheritedFt;
      const v = dictOf(get(ctx, d, 'V'));
      if (ft === 'Sig' && v) sigs.add(v);
      fields(arrayItems(ctx, getArray(ctx, d, 'Kids')), ft, depth + 1);
    }
  };
  fields(arrayItems(ctx, getArray(ctx, getDict(ctx, cat, 'AcroForm'), 'Fields')), undefined, 0);
  // Perms' DocMDP and UR3 signatures count where a field holds them too (veraPDF reaches signatures
  // through the form's fields only: its corpus passes a UR3 signature with a stale ByteRange)
  const docMdp = get(ctx, getDict(ctx, cat, 'Perms'), 'DocMDP') !== undefined;

  for (const sig of sigs) {
    const where = refOf(l, sig);
    const problem = byteRangeProblem(l, sig);
    if (problem) add('signature-byterange', 'PDSignature', { problem }, where);
    const contents = get(ctx, sig, 'Contents');
    if (contents instanceof PDFHexString || contents instanceof PDFString) {
      const p = pkcs7(contents.asBytes());
      add('signature-pkcs7', 'PKCSDataObject', p, where);
    }
    if (docMdp) {
      for (const r of arrayItems(ctx, getArray(ctx, sig, 'Reference'))) {
        const rd = dictOf(resolve(ctx, r));
        if (!rd) continue;
        const keys = ['DigestLocation', 'DigestMethod', 'DigestValue'].filter((k) => has(rd, k));
        if (keys.length > 0) add('sigref-digest', 'PDSigRef', { keys: keys.join(', ') }, where);
      }
    }
  }
};

function refOf(l: Loaded, d: PDFDict): string {
  const ref = l.context.getObjectRef(d);
  return ref ? `signature ${ref.objectNumber} ${ref.generationNumber} obj` : 'signature';
}

/**
 * What is wrong with a signature's ByteRange, or undefined: it must be [0, a, b, c] with a the offset
 * of the Contents string in the signature dictionary's object, b the offset just past it, and b + c
 * the end of that revision (its %%EOF, an end-of-line marker after it allowed either way).
 */
function byteRangeProblem(l: Loaded, sig: PDFDict): string | undefined {
  const ctx = l.context;
  const br = resolve(ctx, get(ctx, sig, 'ByteRange'));
  const nums = br instanceof PDFArray ? arrayItems(ctx, br).map((x) => Number(x.toString())) : ([] as number[]);
  if (nums.length !== 4 || nums.some((n) => !Number.isInteger(n) || n < 0)) return 'the ByteRange is not four offsets';
  const ref = ctx.getObjectRef(sig);
  if (!ref) return undefined; // a direct signature dictionary: no object offset to judge by
  const raw = l.raw;
  const obj = raw.objects.filter((o) => o.num === ref.objectNumber && o.gen === ref.generationNumber).pop();
  if (!obj) return undefined; // in an object stream: its offsets are not the file's
  const bytes = raw.bytes;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const end = text.indexOf('endobj', obj.at);
  const body = text.slice(obj.at, end < 0 ? undefined : end);
  const m = /\/Contents[\s\0]*([<(])/.exec(body);
  if (!m) return 'the Contents string is not found in the signature dictionary';
  const start = obj.at + m.index + m[0].length - 1;
  const stop = m[1] === '<' ? text.indexOf('>', start) + 1 : literalEnd(text, start);
  if (stop <= 0) return 'the Contents string does not end';
  if (nums[0] !== 0 || nums[1] !== start || nums[2] !== stop)
    return `the ByteRange ${nums.join(' ')} does not leave out exactly the Contents string (${start} to ${stop})`;
  const eof = text.indexOf('%%EOF', stop);
  const revisionEnd = eof < 0 ? text.length : eof + 5;
  let eol = 0;
  if (text[revisionEnd] === '\r') eol++;
  if (text[revisionEnd + eol] === '\n') eol++;
  const total = nums[2] + nums[3];
  if (total < revisionEnd || total > revisionEnd + eol)
    return `the ByteRange ends at ${total}, not at the end of the signed revision (${revisionEnd})`;
  return undefined;
}

function literalEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

interface Tlv {
  tag: number;
  /** Offsets of the contents. */
  start: number;
  end: number;
  children?: Tlv[];
}

/** One BER element at `at` (definite or indefinite length), its constructed contents parsed. */
function readTlv(b: Uint8Array, at: number, limit: number, depth: number): Tlv | undefined {
  if (at + 2 > limit || depth > 24) return undefined;
  const tag = b[at];
  if ((tag & 0x1f) === 0x1f) return undefined; // high tag numbers do not occur in PKCS#7's frame
  let p = at + 1;
  let len = b[p++];
  const constructed = (tag & 0x20) !== 0;
  if (len === 0x80) {
    if (!constructed) return undefined;
    const children: Tlv[] = [];
    while (p + 2 <= limit && !(b[p] === 0 && b[p + 1] === 0)) {
      const c = readTlv(b, p, limit, depth + 1);
      if (!c) return undefined;
      children.push(c);
      p = c.end;
    }
    if (p + 2 > limit) return undefined;
    return { tag, start: at, end: p + 2, children };
  }
  if (len > 0x80) {
    const n = len & 0x7f;
    if (n > 4 || p + n > limit) return undefined;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[p++];
  }
  if (p + len > limit) return undefined;
  const t: Tlv = { tag, start: at, end: p + len };
  if (constructed) {
    t.children = [];
    let q = p;
    while (q < p + len) {
      const c = readTlv(b, q, p + len, depth + 1);
      if (!c) return undefined;
      t.children.push(c);
      q = c.end;
    }
  }
  return t;
}

/** Certificates and SignerInfos of a PKCS#7 SignedData (zero of each when it cannot be read). */
export function pkcs7(b: Uint8Array): { certificates: number; signers: number } {
  const none = { certificates: 0, signers: 0 };
  const ci = readTlv(b, 0, b.length, 0);
  if (ci?.tag !== 0x30 || !ci.children || ci.children.length < 2) return none;
  const explicit = ci.children[1];
  const sd = explicit.tag === 0xa0 ? explicit.children?.[0] : undefined;
  if (sd?.tag !== 0x30 || !sd.children) return none;
  const items = sd.children;
  const certs = items.find((x, i) => i >= 3 && x.tag === 0xa0);
  const signerSet = items[items.length - 1];
  return {
    certificates: certs?.children?.filter((c) => c.tag === 0x30).length ?? 0,
    signers: signerSet?.tag === 0x31 && items.length >= 4 ? (signerSet.children?.length ?? 0) : 0,
  };
}
