// ir/json-reader.ts — the very first step of reading: the `json_data` bytes → a plain value, before the schema (ir/read.ts).
//
// Why not JSON.parse: the spec's Conventions table says "a key written twice in the same object is
// refused by name", and JSON.parse silently keeps the last one. It also needs the whole description
// as one JS string first, and a description carrying fonts as base64 is mostly a few multi-megabyte
// strings. So this is a single forward pass over the UTF-8 bytes that builds values as it goes:
//   • a short string (a key, a name, a word) is scanned in a JS loop and, if ASCII, looked up in a
//     small table so a repeated key is the same string object every time; a long one (a base64
//     font) has its closing quote found by Buffer#indexOf (memchr), is proved free of backslashes
//     and control bytes four bytes at a time, and is decoded in one native call (latin1 for ASCII,
//     a fatal TextDecoder otherwise); only strings holding escapes take the slow, piecewise path;
//   • containers are kept on an explicit stack, never on the JS call stack, so no input can
//     overflow it; the depth is still capped (MAX_JSON_DEPTH) because every later pass (ajv, the IR
//     passes, printing) walks the value recursively;
//   • numbers are computed exactly when that is cheap (Clinger's fast path, see readNumber) and by
//     Number() otherwise, which rounds the same way JSON.parse does.
// Measured by bench/json-reader.ts: ~300 MB/s on a font-carrying description (faster than
// decoding the bytes and calling JSON.parse), ~75 MB/s on one made only of small items.
// Decisions:
//   • BOM: one leading UTF-8 byte order mark (EF BB BF, or U+FEFF when a string is passed) is skipped.
//     RFC 8259 §8.1 lets a parser ignore it, and some clients (Windows tools) write one; JSON.parse
//     would refuse it, so besides duplicate keys this is the one place where the two disagree on validity.
//   • Text is UTF-8 (RFC 8259 §8.1). Invalid UTF-8 inside a string, or any non-ASCII byte outside a
//     string, is a syntax error. A string argument is encoded to UTF-8 first, so a lone surrogate
//     written raw (not as a \u escape) inside a string literal reads as U+FFFD; such text has no
//     UTF-8 form and cannot arrive over the wire. `offset` is always a byte offset into that UTF-8.
//   • `__proto__` and friends become own data properties, as with JSON.parse: nothing reaches a
//     prototype.
// Never throws: every failure is a result; an internal surprise (an engine limit such as a string
// longer than V8 allows) is reported as a syntax error too.
import { Buffer } from 'node:buffer';
import { at, type JsonPointer } from './pointer.js';

export type ReadJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; kind: 'syntax'; detail: string; offset: number }
  | {
      ok: false;
      kind: 'duplicate';
      key: string;
      pointer: string /* JSON pointer of the object holding the key, RFC 6901, '' for root */;
    };

/**
 * Deepest nesting of objects and arrays accepted. The spec names no figure for JSON (its Limits
 * table only caps the body at 512 MiB and coordinate expressions at depth 100); 1000 is far beyond
 * any real description — bookmarks "nestable to any depth" still get ~500 levels — and keeps the
 * recursive passes after this one safely inside the default call stack.
 */
export const MAX_JSON_DEPTH = 1000;

/** Strings are scanned byte by byte in JS up to this length; past it the native indexOf and a word-wide check take over. */
const SHORT_STRING = 64;
/** Slots in the table that hands back the same string for the same short ASCII bytes (keys, type names). */
const SHORT_TABLE_SIZE = 4096;
const SHORT_TABLE_MASK = SHORT_TABLE_SIZE - 1;
/** Elements an array grown by push from empty has room for (V8: 0 + 0/2 + 16); shorter ones are copied at their length when closed. */
const FIRST_ROOM = 16;
/** Integers of at most this many digits are exact in a double (< 2^53), so they can be accumulated digit by digit. */
const EXACT_DIGITS = 15;
/** Powers of ten that are exact doubles (10^22 is the last). */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
];

// Byte values the scanner names.
const TAB = 0x09,
  LF = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  QUOTE = 0x22,
  PLUS = 0x2b,
  COMMA = 0x2c,
  MINUS = 0x2d,
  DOT = 0x2e,
  ZERO = 0x30,
  ONE = 0x31,
  NINE = 0x39,
  COLON = 0x3a,
  UPPER_E = 0x45,
  LBRACKET = 0x5b,
  BACKSLASH = 0x5c,
  RBRACKET = 0x5d,
  LOWER_E = 0x65,
  LOWER_F = 0x66,
  LOWER_N = 0x6e,
  LOWER_T = 0x74,
  LBRACE = 0x7b,
  RBRACE = 0x7d;

/** Value of a hex digit byte, or -1. */
const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 10; c++) HEX[0x30 + c] = c;
for (let c = 0; c < 6; c++) {
  HEX[0x41 + c] = 10 + c;
  HEX[0x61 + c] = 10 + c;
}

/** The one-character escapes of RFC 8259 §7 (u is handled apart), by the byte after the backslash. */
const SIMPLE_ESCAPE: Record<number, string> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

// `fatal` so invalid UTF-8 is an error rather than U+FFFD; `ignoreBOM` so a U+FEFF at the start of
// a string's contents is kept (by default TextDecoder would swallow it).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Thrown inside the reader to unwind to readJson; never escapes it. */
class Stop {
  constructor(readonly result: ReadJsonResult) {}
}

/** Reads one JSON text strictly. Never throws. */
export function readJson(input: Uint8Array | string): ReadJsonResult {
  try {
    let bytes: Uint8Array;
    if (typeof input === 'string') bytes = Buffer.from(input, 'utf8');
    else if (input instanceof Uint8Array) bytes = input;
    else return { ok: false, kind: 'syntax', detail: 'the description is neither text nor bytes', offset: 0 };
    return new Reader(bytes).read();
  } catch (e) {
    if (e instanceof Stop) return e.result;
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, kind: 'syntax', detail: `the description could not be read (${why.toLowerCase()})`, offset: 0 };
  }
}

type Container = Record<string, unknown> | unknown[];

class Reader {
  private readonly b: Uint8Array;
  private readonly buf: Buffer;
  private readonly len: number;
  /** Next byte to read, for the helpers that return a value rather than a position. */
  private pos = 0;
  /** Open containers, innermost last. Kept off the call stack so depth cannot overflow it. */
  private readonly containers: Container[] = [];
  /** For an object frame, the key whose value is being read (the pointer token of the child). */
  private readonly keys: string[] = [];
  /** Second result of cleanUntil: the OR of the bytes it passed. */
  private acc = 0;
  /** See shortAscii; per call, so nothing from one description outlives it. */
  private readonly shortTable: (string | undefined)[] = new Array(SHORT_TABLE_SIZE);

  constructor(b: Uint8Array) {
    this.b = b;
    this.buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    this.len = b.length;
  }

  read(): ReadJsonResult {
    const b = this.b,
      len = this.len,
      containers = this.containers,
      keys = this.keys;
    if (len >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.pos = 3; // BOM, see header
    let value: unknown;
    expectValue: for (;;) {
      // Whitespace is rare in generated JSON; test one byte before calling the skipper.
      let i = this.pos;
      if (b[i] <= SPACE) i = this.skipWs(i);
      const c = b[i];
      if (c === QUOTE) {
        value = this.readString(i + 1);
      } else if (c === LBRACE || c === LBRACKET) {
        if (containers.length >= MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH}`, i);
        const j = this.skipWs(i + 1);
        if (c === LBRACE) {
          if (b[j] === RBRACE) {
            value = {};
            this.pos = j + 1;
          } else {
            const obj = {};
            containers.push(obj);
            keys.push('');
            this.readKey(j, obj);
            continue;
          }
        } else {
          if (b[j] === RBRACKET) {
            value = [];
            this.pos = j + 1;
          } else {
            containers.push([]);
            keys.push('');
            this.pos = j;
            continue;
          }
        }
      } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
        value = this.readNumber(i);
      } else if (c === LOWER_T) {
        this.literal(i, 'true');
        value = true;
      } else if (c === LOWER_F) {
        this.literal(i, 'false');
        value = false;
      } else if (c === LOWER_N) {
        this.literal(i, 'null');
        value = null;
      } else {
        this.unexpected(i);
      }
      // A value is complete: hand it to the innermost open container, closing as many as end here.
      for (;;) {
        i = this.pos;
        if (b[i] <= SPACE) i = this.skipWs(i);
        const d = containers.length - 1;
        if (d < 0) {
          if (i < len) this.unexpected(i);
          return { ok: true, value };
        }
        const top = containers[d];
        const c = b[i];
        if (Array.isArray(top)) {
          top.push(value);
          if (c === COMMA) {
            this.pos = i + 1;
            continue expectValue;
          }
          if (c !== RBRACKET) this.unexpected(i);
          // A short array is kept at its length: one grown by push holds room for FIRST_ROOM elements,
          // and a description's short arrays (a table's rows of cells, 10 000 of them) live through
          // the render. slice() copies it exactly, its elements kind kept.
          this.pos = i + 1;
          containers.pop();
          keys.pop();
          value = top.length < FIRST_ROOM ? top.slice() : top;
          continue;
        } else {
          const k = keys[d];
          // Plain assignment would call Object.prototype's __proto__ setter; define it as JSON.parse does.
          if (k === '__proto__')
            Object.defineProperty(top, k, { value, writable: true, enumerable: true, configurable: true });
          else top[k] = value;
          if (c === COMMA) {
            this.readKey(b[i + 1] <= SPACE ? this.skipWs(i + 1) : i + 1, top);
            continue expectValue;
          }
          if (c !== RBRACE) this.unexpected(i);
        }
        this.pos = i + 1;
        containers.pop();
        keys.pop();
        value = top;
      }
    }
  }

  /** Reads `"key" :` at i into the innermost frame, refusing a key the object already holds. */
  private readKey(i: number, obj: Record<string, unknown>): void {
    if (this.b[i] !== QUOTE) this.unexpected(i);
    const key = this.readString(i + 1);
    // Checked when the key is read, not when its value is: the earlier value is already set, and a
    // long second value need not be read to know the description is refused.
    if (Object.hasOwn(obj, key)) throw new Stop({ ok: false, kind: 'duplicate', key, pointer: this.pointerOfTop() });
    let j = this.pos;
    if (this.b[j] <= SPACE) j = this.skipWs(j);
    if (this.b[j] !== COLON) this.unexpected(j);
    this.pos = j + 1;
    this.keys[this.keys.length - 1] = key;
  }

  /** The JSON pointer of the innermost open container, built only when a refusal needs it. */
  private pointerOfTop(): JsonPointer {
    const tokens: (string | number)[] = [];
    for (let d = 0; d < this.containers.length - 1; d++) {
      const c = this.containers[d];
      // A child is added to its parent only once complete, so an array's length is the child's index.
      tokens.push(Array.isArray(c) ? c.length : this.keys[d]);
    }
    return at('', ...tokens);
  }

  private skipWs(i: number): number {
    const b = this.b;
    for (;;) {
      const c = b[i];
      if (c === SPACE || c === LF || c === CR || c === TAB) i++;
      else return i;
    }
  }

  /** Reads a string whose opening quote is just before `start`; leaves pos after the closing quote. */
  private readString(start: number): string {
    const b = this.b,
      len = this.len;
    // Short strings (keys, names, words) are scanned byte by byte in JS: stop at the quote, a
    // backslash or a control byte; `acc` ORs the bytes to learn whether any is non-ASCII, `h`
    // hashes them for the short-string table.
    const stop = Math.min(start + SHORT_STRING, len);
    let j = start,
      acc = 0,
      h = 0;
    for (; j < stop; j++) {
      const c = b[j];
      if (c === QUOTE || c === BACKSLASH || c < SPACE) break;
      acc |= c;
      h = (Math.imul(h, 31) + c) | 0;
    }
    if (j < stop) {
      const c = b[j];
      if (c === QUOTE) {
        this.pos = j + 1;
        return acc < 0x80 ? this.shortAscii(start, j, h) : this.decode(start, j, acc);
      }
      if (c === BACKSLASH) return this.readEscaped(start, j, acc);
      return this.controlCharacter(j);
    }
    if (j >= len) this.fail(`unterminated string starting at byte ${start - 1}`, start - 1);
    // Long string (a base64 font): the native memchr finds the quote, then a word-wide check
    // proves no backslash or control byte comes before it, so it is the closing quote.
    const q = this.buf.indexOf(QUOTE, j);
    if (q < 0) this.fail(`unterminated string starting at byte ${start - 1}`, start - 1);
    const seen = q - start >= LONG_KEPT_MIN ? keptLong(this.buf, start, q) : undefined;
    if (seen !== undefined) {
      this.pos = q + 1;
      return seen;
    }
    const k = this.cleanUntil(j, q);
    acc |= this.acc;
    if (k === q) {
      this.pos = q + 1;
      const str = this.decode(start, q, acc);
      if (q - start >= LONG_KEPT_MIN) keepLong(this.buf, start, q, str);
      return str;
    }
    if (b[k] === BACKSLASH) return this.readEscaped(start, k, acc);
    return this.controlCharacter(k);
  }

  /**
   * The first index in [j, q) holding a backslash or a control byte, or q; leaves the OR of the
   * bytes before it in this.acc. Reads four bytes at a time through an Int32Array over the aligned
   * middle: `(w - 0x20202020) & ~w & 0x80808080` is non-zero iff some byte is below 0x20, and the
   * same test on `w ^ 0x5c5c5c5c` against 0x01 finds a backslash (exact "any byte" tests, see
   * "Bit Twiddling Hacks", haszero/hasless). Byte order does not matter to either test.
   */
  private cleanUntil(j: number, q: number): number {
    const b = this.b;
    let acc = 0;
    const base = b.byteOffset;
    const firstWord = (base + j + 3) >> 2,
      endWord = (base + q) >> 2;
    if (endWord - firstWord >= 4) {
      // Head bytes up to alignment.
      const head = (firstWord << 2) - base;
      for (; j < head; j++) {
        const c = b[j];
        if (c < SPACE || c === BACKSLASH) {
          this.acc = acc;
          return j;
        }
        acc |= c;
      }
      const words = new Int32Array(b.buffer, firstWord << 2, endWord - firstWord);
      const n = words.length;
      let w = 0;
      for (; w < n; w++) {
        const x = words[w];
        const y = x ^ 0x5c5c5c5c;
        if ((((x - 0x20202020) & ~x) | ((y - 0x01010101) & ~y)) & 0x80808080) break;
        acc |= x;
      }
      j = head + (w << 2); // the word with the hit (its bytes are rechecked below), or the tail
    }
    for (; j < q; j++) {
      const c = b[j];
      if (c < SPACE || c === BACKSLASH) break;
      acc |= c;
    }
    this.acc = (acc & 0xff) | (((acc >>> 8) | (acc >>> 16) | (acc >>> 24)) & 0xff);
    return j;
  }

  /**
   * A short ASCII string b[s, e) with hash h. Descriptions repeat the same keys and words thousands
   * of times; handing back the same string object spares the allocation and, for keys, lets the
   * engine store a property without looking the key up in its string table again.
   */
  private shortAscii(s: number, e: number, h: number): string {
    const slot = h & SHORT_TABLE_MASK;
    const known = this.shortTable[slot];
    const n = e - s;
    if (known !== undefined && known.length === n) {
      const b = this.b;
      let k = 0;
      while (k < n && known.charCodeAt(k) === b[s + k]) k++;
      if (k === n) return known;
    }
    const str = latin1(this.buf, s, e);
    this.shortTable[slot] = str;
    return str;
  }

  /** Slow path for a string holding escapes: decodes the runs between them and joins. */
  private readEscaped(start: number, j: number, acc: number): string {
    const b = this.b,
      len = this.len;
    let out = '',
      run = start;
    for (;;) {
      if (j >= len) this.fail(`unterminated string starting at byte ${start - 1}`, start - 1);
      const c = b[j];
      if (c === QUOTE) {
        this.pos = j + 1;
        return out + this.decode(run, j, acc);
      }
      if (c === BACKSLASH) {
        out += this.decode(run, j, acc);
        acc = 0;
        const e = b[j + 1];
        const simple = SIMPLE_ESCAPE[e];
        if (simple !== undefined) {
          out += simple;
          j += 2;
        } else if (e === 0x75 /* u */) {
          const h0 = HEX[b[j + 2]],
            h1 = HEX[b[j + 3]],
            h2 = HEX[b[j + 4]],
            h3 = HEX[b[j + 5]];
          if (j + 5 >= len || (h0 | h1 | h2 | h3) < 0) this.fail(`invalid escape at byte ${j}`, j);
          // One UTF-16 unit; a surrogate pair written as two escapes joins by concatenation, and a
          // lone surrogate stays lone, exactly as JSON.parse keeps it.
          out += String.fromCharCode((h0 << 12) | (h1 << 8) | (h2 << 4) | h3);
          j += 6;
        } else {
          if (j + 1 >= len) this.fail(`unterminated string starting at byte ${start - 1}`, start - 1);
          this.fail(`invalid escape at byte ${j}`, j);
        }
        run = j;
        continue;
      }
      if (c < SPACE) this.controlCharacter(j);
      acc |= c;
      j++;
    }
  }

  /** The contents b[s, e), which hold no escape; `acc` is the OR of those bytes. */
  private decode(s: number, e: number, acc: number): string {
    if (acc < 0x80) return s === e ? '' : latin1(this.buf, s, e);
    try {
      return utf8.decode(this.b.subarray(s, e));
    } catch {
      const bad = firstInvalidUtf8(this.b, s, e);
      return this.fail(`invalid utf-8 at byte ${bad}`, bad);
    }
  }

  /**
   * Reads a number starting at i (RFC 8259 §6); leaves pos after it. When the digits, read as one
   * integer, stay below 10^15 and the decimal scale is within ±22, that integer and the power of ten
   * are both exact doubles and one multiplication or division rounds correctly (Clinger's fast
   * path), so the result equals JSON.parse's. Anything else goes through Number().
   */
  private readNumber(i: number): number {
    const b = this.b,
      start = i;
    const negative = b[i] === MINUS;
    if (negative) i++;
    let c = b[i],
      m = 0,
      digits = 0,
      scale = 0;
    if (c === ZERO) {
      c = b[++i];
    } else if (c >= ONE && c <= NINE) {
      do {
        m = m * 10 + (c - ZERO);
        digits++;
        c = b[++i];
      } while (c >= ZERO && c <= NINE);
    } else {
      this.unexpected(i);
    }
    if (c === DOT) {
      c = b[++i];
      if (!(c >= ZERO && c <= NINE)) this.unexpected(i);
      do {
        m = m * 10 + (c - ZERO);
        digits++;
        scale--;
        c = b[++i];
      } while (c >= ZERO && c <= NINE);
    }
    if (c === LOWER_E || c === UPPER_E) {
      c = b[++i];
      let sign = 1,
        e = 0;
      if (c === PLUS || c === MINUS) {
        if (c === MINUS) sign = -1;
        c = b[++i];
      }
      if (!(c >= ZERO && c <= NINE)) this.unexpected(i);
      do {
        if (e < 100_000) e = e * 10 + (c - ZERO);
        c = b[++i];
      } while (c >= ZERO && c <= NINE);
      scale += sign * e;
    }
    this.pos = i;
    if (digits <= EXACT_DIGITS && scale >= -22 && scale <= 22) {
      const v = scale === 0 ? m : scale < 0 ? m / POW10[-scale] : m * POW10[scale];
      return negative ? -v : v; // -0 for "-0", as JSON.parse
    }
    return Number(latin1(this.buf, start, i));
  }

  private literal(i: number, word: string): void {
    const b = this.b;
    for (let k = 1; k < word.length; k++) {
      if (b[i + k] !== word.charCodeAt(k)) this.unexpected(i + k);
    }
    this.pos = i + word.length;
  }

  private controlCharacter(j: number): never {
    return this.fail(`unescaped control character ${hexByte(this.b[j])} in a string at byte ${j}`, j);
  }

  /** The byte at i cannot come here (or the input ended). */
  private unexpected(i: number): never {
    if (i >= this.len) this.fail('unexpected end of input', this.len);
    const c = this.b[i];
    if (c > SPACE && c < 0x7f)
      return this.fail(`unexpected character ${JSON.stringify(String.fromCharCode(c))} at byte ${i}`, i);
    if (c >= 0x80) {
      // Name the character if the bytes from here are one well-formed UTF-8 sequence.
      const end = i + (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1);
      if (end <= this.len && firstInvalidUtf8(this.b, i, end) === end) {
        const ch = utf8.decode(this.b.subarray(i, end));
        return this.fail(`unexpected character ${JSON.stringify(ch)} at byte ${i}`, i);
      }
      return this.fail(`invalid utf-8 at byte ${i}`, i);
    }
    return this.fail(`unexpected byte ${hexByte(c)} at byte ${i}`, i);
  }

  private fail(detail: string, offset: number): never {
    throw new Stop({ ok: false, kind: 'syntax', detail, offset });
  }
}

// Long strings seen before. A server is sent the same fonts with every call (an invoice carries its
// two faces inline, 1.1 MB of base64): making that string again, proving it free of escapes and
// looking it up by content in the decoded-font cache (ir/read/fonts.ts) was a tenth of a warm
// render's CPU, and its 1 MB allocation a good part of the garbage collector's. The bytes of a long
// string without escapes are kept beside the string they gave; the same bytes again (compared in
// one memcmp) give the same string object, which the font cache then finds at once. Bounded like
// every cache (fast-layout §1 rule 3): a few entries, a few megabytes, least recently used out.
/** Strings at least this long (bytes between the quotes) are kept; shorter ones are cheap to make. */
const LONG_KEPT_MIN = 16 * 1024;
/** Long strings kept at most, and their bytes all together. */
const LONG_KEPT_COUNT = 16;
const LONG_KEPT_BYTES = 32 << 20;
const longKept: { bytes: Buffer; str: string }[] = [];
let longKeptBytes = 0;

/** The string of buf[s, e) when those very bytes were read before (most recently used moves last). */
function keptLong(buf: Buffer, s: number, e: number): string | undefined {
  const n = e - s;
  for (let i = longKept.length - 1; i >= 0; i--) {
    const k = longKept[i];
    if (k.bytes.length !== n || k.bytes[0] !== buf[s] || k.bytes[n - 1] !== buf[e - 1]) continue;
    if (buf.compare(k.bytes, 0, n, s, e) !== 0) continue;
    if (i !== longKept.length - 1) longKept.push(longKept.splice(i, 1)[0]);
    return k.str;
  }
  return undefined;
}

function keepLong(buf: Buffer, s: number, e: number, str: string): void {
  const n = e - s;
  if (n > LONG_KEPT_BYTES / 4) return;
  while (longKept.length >= LONG_KEPT_COUNT || longKeptBytes + n > LONG_KEPT_BYTES)
    longKeptBytes -= longKept.shift()!.bytes.length;
  longKept.push({ bytes: Buffer.from(buf.subarray(s, e)), str });
  longKeptBytes += n;
}

// Buffer#latin1Slice is Buffer#toString('latin1')'s own worker, minus the argument checks that
// dominate on short strings; it is not in the typings, so it is looked up once, with a fallback.
type Latin1Slicer = { latin1Slice?: (start: number, end: number) => string };
const nativeLatin1 = (Buffer.prototype as unknown as Latin1Slicer).latin1Slice;
const latin1: (buf: Buffer, s: number, e: number) => string =
  typeof nativeLatin1 === 'function'
    ? (buf, s, e) => nativeLatin1.call(buf, s, e)
    : (buf, s, e) => buf.toString('latin1', s, e);

function hexByte(c: number): string {
  return '0x' + c.toString(16).padStart(2, '0');
}

/**
 * Offset of the first byte in b[s, e) that does not belong to well-formed UTF-8 (WHATWG decoder
 * rules: no overlongs, no surrogates, nothing past U+10FFFF), or e. Used only to place an error.
 */
function firstInvalidUtf8(b: Uint8Array, s: number, e: number): number {
  let i = s;
  while (i < e) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number,
      lo = 0x80,
      hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return i;
    if (i + n >= e) return i; // the sequence runs past the end
    const c1 = b[i + 1];
    if (c1 < lo || c1 > hi) return i;
    for (let k = 2; k <= n; k++) if (b[i + k] < 0x80 || b[i + k] > 0xbf) return i;
    i += n + 1;
  }
  return e;
}
