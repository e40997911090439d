// verifier/content.ts — a content-stream tokenizer for the checks: turns the decoded bytes of a page,
// form, pattern, Type 3 glyph or appearance into operations (operator + operands), inline images
// included (their dictionary kept, their data skipped). Tolerant: an unknown token is an operator
// (the "undefined operator" check decides), a broken string ends at the end of the data.
import { pushAll } from '../ir/bounded.js';

export type Operand =
  | { t: 'num'; v: number; real: boolean }
  | { t: 'name'; v: string }
  /** A string: for a literal string its bytes; for a hexadecimal one its digits as written (decode with
   * `hexDigits`), kept undecoded because only glyph-level checks need the codes. */
  | { t: 'str'; v: Uint8Array; hex: boolean; hexBad?: 'odd' | 'invalid' }
  | { t: 'arr'; v: Operand[] }
  | { t: 'dict'; v: Map<string, Operand> }
  | { t: 'bool'; v: boolean }
  | { t: 'null' };

/**
 * What the rules ask of every operand of a stream, gathered while tokenizing so no rule walks the
 * operations again (implementation limits, hexadecimal strings).
 */
export interface ContentStats {
  /** A real operand beyond ±32 767 (the PDF/A-1 limit), or undefined. */
  bigReal?: number;
  /** An integer operand beyond the 32-bit range, or undefined. */
  bigInt?: number;
  hexOdd: boolean;
  hexInvalid: boolean;
  /** The longest string operand, in bytes. */
  maxString: number;
  /** The longest name (operand or inline-image key), in bytes once its #xx escapes are undone. */
  maxName: number;
}

export interface Operation {
  op: string;
  args: Operand[];
  /** Inline image dictionary (BI … ID), keys as written (abbreviations not expanded). */
  inline?: Map<string, Operand>;
}

/** Every operator ISO 32000-1 defines (Annex A), for the "undefined operator" rules. */
export const KNOWN_OPERATORS = new Set([
  'b',
  'B',
  'b*',
  'B*',
  'BDC',
  'BI',
  'BMC',
  'BT',
  'BX',
  'c',
  'cm',
  'CS',
  'cs',
  'd',
  'd0',
  'd1',
  'Do',
  'DP',
  'EI',
  'EMC',
  'ET',
  'EX',
  'f',
  'F',
  'f*',
  'G',
  'g',
  'gs',
  'h',
  'i',
  'ID',
  'j',
  'J',
  'K',
  'k',
  'l',
  'm',
  'M',
  'MP',
  'n',
  'q',
  'Q',
  're',
  'RG',
  'rg',
  'ri',
  's',
  'S',
  'SC',
  'sc',
  'SCN',
  'scn',
  'sh',
  'T*',
  'Tc',
  'Td',
  'TD',
  'Tf',
  'Tj',
  'TJ',
  'TL',
  'Tm',
  'Tr',
  'Ts',
  'Tw',
  'Tz',
  'v',
  'w',
  'W',
  'W*',
  'y',
  "'",
  '"',
]);

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

const MAX_OPS = 2_000_000; // a content stream past this many operations is not read further

export function parseContent(data: Uint8Array, stats?: ContentStats): Operation[] {
  const ops: Operation[] = [];
  const n = data.length;
  let p = 0;
  const stack: Operand[] = [];
  // containers being built: arrays and dicts
  const frames: { kind: 'arr' | 'dict'; items: Operand[] }[] = [];
  const push = (o: Operand): void => {
    if (frames.length) frames[frames.length - 1].items.push(o);
    else stack.push(o);
  };
  while (p < n && ops.length < MAX_OPS) {
    const c = data[p];
    if (WS[c]) {
      p++;
      continue;
    }
    if (c === 0x25) {
      while (p < n && data[p] !== 0x0a && data[p] !== 0x0d) p++;
      continue;
    } // comment
    if (c === 0x2f) {
      // name
      let q = p + 1;
      while (q < n && !WS[data[q]] && !DELIM[data[q]]) q++;
      const v = decodeName(data, p + 1, q);
      if (stats && v.length > stats.maxName) stats.maxName = v.length;
      push({ t: 'name', v });
      p = q;
      continue;
    }
    if (c === 0x28) {
      // literal string
      const r = readLiteral(data, p);
      if (stats && r.bytes.length > stats.maxString) stats.maxString = r.bytes.length;
      push({ t: 'str', v: r.bytes, hex: false });
      p = r.end;
      continue;
    }
    if (c === 0x3c) {
      if (data[p + 1] === 0x3c) {
        frames.push({ kind: 'dict', items: [] });
        p += 2;
        continue;
      }
      let q = p + 1;
      let digits = 0;
      let invalid = false;
      while (q < n && data[q] !== 0x3e) {
        const h = data[q];
        if (!WS[h]) {
          digits++;
          if (HEX[h] < 0) invalid = true;
        }
        q++;
      }
      const hexBad = invalid ? 'invalid' : digits % 2 ? 'odd' : undefined;
      if (stats && hexBad === 'invalid') stats.hexInvalid = true;
      if (stats && hexBad === 'odd') stats.hexOdd = true;
      if (stats && Math.ceil(digits / 2) > stats.maxString) stats.maxString = Math.ceil(digits / 2);
      push({ t: 'str', v: data.subarray(p + 1, q), hex: true, hexBad });
      p = q + 1;
      continue;
    }
    if (c === 0x3e && data[p + 1] === 0x3e) {
      const f = frames.pop();
      p += 2;
      if (f) push({ t: 'dict', v: toDict(f.items) });
      continue;
    }
    if (c === 0x5b) {
      frames.push({ kind: 'arr', items: [] });
      p++;
      continue;
    }
    if (c === 0x5d) {
      const f = frames.pop();
      p++;
      if (f) push({ t: 'arr', v: f.items });
      continue;
    }
    if (c === 0x7b || c === 0x7d || c === 0x29 || c === 0x3e) {
      p++;
      continue;
    }
    // regular token: number or keyword
    let q = p;
    while (q < n && !WS[data[q]] && !DELIM[data[q]]) q++;
    const num = readNumber(data, p, q);
    if (num) {
      if (stats && num.t === 'num') {
        if (num.real) {
          if (Math.abs(num.v) > 32767) stats.bigReal = num.v;
        } else if (num.v > 2147483647 || num.v < -2147483648) stats.bigInt = num.v;
      }
      push(num);
      p = q;
      continue;
    }
    const tok = latin1(data, p, q);
    p = q;
    if (tok === 'true' || tok === 'false') {
      push({ t: 'bool', v: tok === 'true' });
      continue;
    }
    if (tok === 'null') {
      push({ t: 'null' });
      continue;
    }
    if (frames.length) {
      frames.length = 0;
    } // an operator inside an array: broken, drop the array
    if (tok === 'BI') {
      // inline image: key/value pairs up to ID, then binary data up to EI
      const dictOps: Operand[] = [];
      const sub = parseUntilId(data, p);
      for (const o of sub.items) dictOps.push(o);
      p = sub.end;
      const inline = toDict(dictOps);
      ops.push({ op: 'BI', args: [], inline });
      p = skipInlineData(data, p);
      stack.length = 0;
      continue;
    }
    ops.push({ op: tok, args: stack.splice(0) });
  }
  return ops;
}

/** Hex digit values (-1 for anything else). */
const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[0x41 + i] = 10 + i;
  HEX[0x61 + i] = 10 + i;
}

/** The bytes a hexadecimal string's digits stand for (white-space skipped, odd final digit padded). */
export function hexDigits(digits: Uint8Array): Uint8Array {
  const out: number[] = [];
  let hi = -1;
  for (const c of digits) {
    const v = HEX[c];
    if (v < 0) continue;
    if (hi < 0) hi = v;
    else {
      out.push(hi * 16 + v);
      hi = -1;
    }
  }
  if (hi >= 0) out.push(hi * 16);
  return Uint8Array.from(out);
}

/** A number token ([+-]digits[.digits] or [+-].digits) read straight from the bytes, else undefined. */
function readNumber(d: Uint8Array, a: number, b: number): Operand | undefined {
  let i = a;
  let neg = false;
  if (d[i] === 0x2b || d[i] === 0x2d) {
    neg = d[i] === 0x2d;
    i++;
  }
  let v = 0;
  let digits = 0;
  let real = false;
  let scale = 1;
  for (; i < b; i++) {
    const c = d[i];
    if (c >= 0x30 && c <= 0x39) {
      digits++;
      if (real) {
        scale /= 10;
        v += (c - 0x30) * scale;
      } else v = v * 10 + (c - 0x30);
    } else if (c === 0x2e && !real) real = true;
    else return undefined;
  }
  if (digits === 0) return undefined;
  const x = neg ? -v : v;
  // text is mostly small integers (TJ kerning, coordinates): share one frozen operand per value
  if (!real && x >= -SMALL_INTS && x <= SMALL_INTS) return (SMALL ??= smallInts())[x + SMALL_INTS];
  return { t: 'num', v: x, real };
}

const SMALL_INTS = 2048;
// made when the verifier first reads a content stream, not at import: a render that checks no
// standard never needs them (0.2 MB; bench/README.md, "table-10k, eighth wave: memory")
let SMALL: Operand[] | undefined;
const smallInts = (): Operand[] =>
  Array.from(
    { length: 2 * SMALL_INTS + 1 },
    (_, i) => Object.freeze({ t: 'num', v: i - SMALL_INTS, real: false }) as Operand,
  );

function toDict(items: Operand[]): Map<string, Operand> {
  const m = new Map<string, Operand>();
  for (let i = 0; i + 1 < items.length; i += 2) {
    const k = items[i];
    if (k.t === 'name') m.set(k.v, items[i + 1]);
  }
  return m;
}

/** Tokens of an inline image dictionary, up to the ID operator. */
function parseUntilId(data: Uint8Array, from: number): { items: Operand[]; end: number } {
  let end = from;
  const n = data.length;
  // find "ID" as a standalone token
  for (let q = from; q + 1 < n; q++) {
    if (
      data[q] === 0x49 &&
      data[q + 1] === 0x44 &&
      (q === 0 || WS[data[q - 1]] || DELIM[data[q - 1]]) &&
      (q + 2 >= n || WS[data[q + 2]])
    ) {
      end = q;
      break;
    }
    if (q === n - 2) end = n;
  }
  const items = parseContentOperands(data.subarray(from, end));
  return { items, end: Math.min(n, end + 3) };
}

function parseContentOperands(data: Uint8Array): Operand[] {
  // parse as content with a sentinel operator, keep the operands
  const ops = parseContent(concat(data, new Uint8Array([0x20, 0x5f, 0x5f, 0x45, 0x4e, 0x44])));
  const out: Operand[] = [];
  for (const o of ops) pushAll(out, o.args);
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const r = new Uint8Array(a.length + b.length);
  r.set(a);
  r.set(b, a.length);
  return r;
}

/** Skips inline image data: to an `EI` that stands alone between white-space. */
function skipInlineData(data: Uint8Array, from: number): number {
  const n = data.length;
  for (let q = from; q + 1 < n; q++) {
    if (
      data[q] === 0x45 &&
      data[q + 1] === 0x49 &&
      (q === 0 || WS[data[q - 1]]) &&
      (q + 2 >= n || WS[data[q + 2]] || DELIM[data[q + 2]])
    ) {
      return q + 2;
    }
  }
  return n;
}

function latin1(d: Uint8Array, a: number, b: number): string {
  let s = '';
  for (let i = a; i < b; i++) s += String.fromCharCode(d[i]);
  return s;
}

function decodeName(d: Uint8Array, a: number, b: number): string {
  let s = '';
  for (let i = a; i < b; i++) {
    if (d[i] === 0x23 && i + 2 < b) {
      const h = parseInt(String.fromCharCode(d[i + 1], d[i + 2]), 16);
      if (!Number.isNaN(h)) {
        s += String.fromCharCode(h);
        i += 2;
        continue;
      }
    }
    s += String.fromCharCode(d[i]);
  }
  return s;
}

function readLiteral(d: Uint8Array, from: number): { bytes: Uint8Array; end: number } {
  // fast path: no escape before the balancing parenthesis, so the bytes are a view, not a copy
  let depth0 = 1;
  for (let q = from + 1; q < d.length; q++) {
    const c = d[q];
    if (c === 0x5c) break;
    if (c === 0x28) depth0++;
    else if (c === 0x29 && --depth0 === 0) return { bytes: d.subarray(from + 1, q), end: q + 1 };
  }
  const out: number[] = [];
  let depth = 1;
  let p = from + 1;
  while (p < d.length) {
    const c = d[p];
    if (c === 0x5c) {
      const e = d[p + 1];
      p += 2;
      if (e >= 0x30 && e <= 0x37) {
        let v = e - 0x30;
        for (let k = 0; k < 2 && d[p] >= 0x30 && d[p] <= 0x37; k++) v = v * 8 + (d[p++] - 0x30);
        out.push(v & 0xff);
      } else if (e === 0x6e) out.push(0x0a);
      else if (e === 0x72) out.push(0x0d);
      else if (e === 0x74) out.push(0x09);
      else if (e === 0x62) out.push(0x08);
      else if (e === 0x66) out.push(0x0c);
      else if (e === 0x0d) {
        if (d[p] === 0x0a) p++;
      } else if (e === 0x0a) {
        /* line continuation */
      } else if (e !== undefined) out.push(e);
      continue;
    }
    if (c === 0x28) depth++;
    if (c === 0x29 && --depth === 0) return { bytes: Uint8Array.from(out), end: p + 1 };
    out.push(c);
    p++;
  }
  return { bytes: Uint8Array.from(out), end: p };
}
