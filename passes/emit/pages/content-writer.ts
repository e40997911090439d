// passes/emit/pages/content-writer.ts — emit sub-step: the bytes of a content stream as they are
// written, into one growing buffer. Glyph codes, integers and the usual coordinates go in as bytes;
// operators and what other modules hand over as strings (colours, paths, images) are copied in as
// latin1 (each char one byte, as `Buffer.from(s, 'latin1')` would). Building one string per page
// and converting it at the end cost a glyph run two short-lived strings and the page a flattening
// copy (bench/README.md, "Dedupe and emit, seventh wave").
import { num } from '../../../engines/pdf/number.js';

/** Buffers of finished writers, reused: a content stream may be written inside another's (a form). */
const spare: Buffer[] = [];
/** A buffer grown past this is left to the garbage collector rather than kept for the next page. */
const KEEP = 1 << 20;

export class ContentWriter {
  private b: Buffer;
  private o = 0;

  constructor() {
    this.b = spare.pop() ?? Buffer.allocUnsafe(1 << 16);
  }

  /** The bytes written, as a buffer of their own; the writer's buffer goes back for the next one. */
  finish(): Buffer {
    const out = Buffer.allocUnsafe(this.o);
    this.b.copy(out, 0, 0, this.o);
    this.release();
    return out;
  }

  /**
   * `use` given the bytes written, in the writer's own buffer (valid only during the call: a page's
   * stream is hashed and deflated from it, without a copy of its own); then the buffer goes back.
   */
  finishInto<R>(use: (bytes: Uint8Array) => R): R {
    try {
      return use(this.b.subarray(0, this.o));
    } finally {
      this.release();
    }
  }

  private release(): void {
    if (this.b.length <= KEEP) spare.push(this.b);
    this.b = Buffer.alloc(0);
    this.o = 0;
  }

  /** Room for n more bytes. */
  room(n: number): void {
    if (this.o + n <= this.b.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.o + n, 2 * this.b.length));
    this.b.copy(grown, 0, 0, this.o);
    this.b = grown;
  }

  /** A string, each char one byte (its low byte, as latin1 writes it). */
  str(s: string): void {
    const n = s.length;
    this.room(n);
    if (n > 32) {
      this.o += this.b.write(s, this.o, 'latin1');
      return;
    }
    const b = this.b;
    let o = this.o;
    for (let i = 0; i < n; i++) b[o++] = s.charCodeAt(i);
    this.o = o;
  }

  byte(c: number): void {
    this.room(1);
    this.b[this.o++] = c;
  }

  /** The low byte of c in a literal string: after a backslash for `(`, `)` and `\`; CR as `\r`. */
  lit(c: number): void {
    this.room(2);
    this.o = litByte(this.b, this.o, c & 0xff);
  }

  /**
   * The TJ array of glyphs [from, to): `[(codes)adjustment(codes)…]`, each code 1 or 2 bytes in a
   * literal string (../shared/notes/fast-layout.md §2, "Bytes or strings"), the adjustment after a
   * glyph ending its string; `lead`, when not 0, stands before the first string.
   */
  tj(glyphs: ArrayLike<number>, adjust: ArrayLike<number>, from: number, to: number, one: boolean, lead: number): void {
    // per glyph: 4 code bytes at most, `)`, an int32 with its sign, `(`
    this.room((to - from) * 20 + 40);
    let b = this.b;
    b[this.o++] = 0x5b;
    if (lead !== 0) this.int(lead);
    let o = this.o;
    b[o++] = 0x28;
    for (let i = from; i < to; i++) {
      const g = glyphs[i];
      if (one) o = litByte(b, o, g & 0xff);
      else if (PLAIN_CODE[g] === 1) {
        // the common code: neither byte escaped
        b[o] = g >> 8;
        b[o + 1] = g & 0xff;
        o += 2;
      } else {
        o = litByte(b, o, (g >> 8) & 0xff);
        o = litByte(b, o, g & 0xff);
      }
      const a = adjust[i];
      if (a !== 0 && i < to - 1) {
        b[o++] = 0x29;
        this.o = o;
        this.int(a);
        b = this.b;
        o = this.o;
        b[o++] = 0x28;
      }
    }
    b[o++] = 0x29;
    b[o++] = 0x5d;
    this.o = o;
  }

  /** An integer in decimal, as `${n}` writes it (|n| < 1e15). */
  int(n: number): void {
    this.room(17);
    const b = this.b;
    let o = this.o;
    if (n < 0) {
      b[o++] = 0x2d;
      n = -n;
    }
    if (n < 10) {
      b[o++] = 0x30 + n;
      this.o = o;
      return;
    }
    let digits = 1;
    for (let m = n; m >= 10; m = Math.floor(m / 10)) digits++;
    for (let k = o + digits - 1; k >= o; k--) {
      b[k] = 0x30 + (n % 10);
      n = Math.floor(n / 10);
    }
    this.o = o + digits;
  }

  /** A count of thousandths as the decimal `num` writes for it: `1250` as `1.25`, `-14000` as `-14`. */
  thou(k: number): void {
    if (k < 0) {
      this.byte(0x2d);
      k = -k;
    }
    const whole = Math.floor(k / 1000);
    const frac = k - whole * 1000;
    this.int(whole);
    if (frac === 0) return;
    this.room(4);
    const b = this.b;
    b[this.o++] = 0x2e;
    const d1 = Math.floor(frac / 100),
      d2 = Math.floor(frac / 10) % 10,
      d3 = frac % 10;
    b[this.o++] = 0x30 + d1;
    if (d2 !== 0 || d3 !== 0) b[this.o++] = 0x30 + d2;
    if (d3 !== 0) b[this.o++] = 0x30 + d3;
  }

  /**
   * A number as `num` writes it (engines/pdf/number.ts: integers as they are, others to three
   * decimals without trailing zeros), without its `toFixed`: the thousandths are rounded here unless
   * the value lies within a ten-thousandth of a tie, where `toFixed`'s exact decimal decides.
   */
  num(n: number): void {
    if (Number.isInteger(n) && n > -1e15 && n < 1e15) {
      this.int(n);
      return;
    }
    const a = n < 0 ? -n : n;
    // a < 1e6: a × 1000 is within 1e-7 of the exact product, far inside the tie margin below.
    if (!(a < 1e6)) {
      this.str(num(n));
      return;
    }
    const y = a * 1000;
    const k = Math.round(y);
    const d = y - k;
    if (d > 0.4999 || d < -0.4999) {
      this.str(num(n));
      return;
    }
    if (k === 0) {
      this.byte(0x30);
      return;
    }
    this.thou(n < 0 ? -k : k);
  }
}

/**
 * `n` in thousandths as `num` rounds it (|n| < 1e6: the caller checks), so that a difference of two
 * written positions is exact: `Td` moves by what the `Tm` before it and the one it stands for write.
 */
export function thousandths(n: number): number {
  if (Number.isInteger(n)) return n * 1000;
  const a = n < 0 ? -n : n;
  const y = a * 1000;
  const k = Math.round(y);
  const d = y - k;
  const t = d > 0.4999 || d < -0.4999 ? Math.round(Number(a.toFixed(3)) * 1000) : k;
  return n < 0 && t !== 0 ? -t : t;
}

/** 1 for a 2-byte code neither of whose bytes a literal string escapes (`(`, `)`, `\`, CR). */
const PLAIN_CODE = (() => {
  const t = new Uint8Array(65536);
  const plain = (c: number) => c !== 0x28 && c !== 0x29 && c !== 0x5c && c !== 0x0d;
  for (let g = 0; g < 65536; g++) if (plain(g >> 8) && plain(g & 0xff)) t[g] = 1;
  return t;
})();

/** Writes byte `c` of a literal string at `b[o]` (a backslash before `(`, `)` and `\`; CR as `\r`); the next offset. */
function litByte(b: Uint8Array, o: number, c: number): number {
  if (c === 0x28 || c === 0x29 || c === 0x5c) {
    b[o] = 0x5c;
    b[o + 1] = c;
    return o + 2;
  }
  if (c === 0x0d) {
    b[o] = 0x5c;
    b[o + 1] = 0x72;
    return o + 2;
  }
  b[o] = c;
  return o + 1;
}
