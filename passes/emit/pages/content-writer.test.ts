// passes/emit/pages/content-writer.test.ts — the content writer's bytes are what the string forms
// gave: numbers as engines/pdf/number.ts's `num` writes them (its own rounding, with `toFixed` near
// ties), glyph codes in literal strings with `(`, `)`, `\` escaped and CR as `\r`.
import { describe, expect, it } from 'vitest';
import { num } from '../../../engines/pdf/number.js';
import { ContentWriter, thousandths } from './content-writer.js';

function written(f: (w: ContentWriter) => void): string {
  const w = new ContentWriter();
  f(w);
  return w.finish().toString('latin1');
}

describe('ContentWriter', () => {
  it('writes every number as num does', () => {
    const xs = [0, -0, 1, -1, 0.5, -0.5, 0.0004, -0.0004, 0.0005, -0.0005, 1.0005, 2.0005, 767.89, 781.243];
    xs.push(1e6, 1e6 + 0.5, -1e6 - 0.25, 123456789.123, 1e15, -1e15, 1e21, 0.1 + 0.2, 1 / 3, -2 / 3);
    for (let k = 0; k < 4000; k++) xs.push(k / 1000, -k / 1000, k / 8, (k + 0.5) / 1000, k * 0.0125 - 25);
    let seed = 7;
    for (let k = 0; k < 20000; k++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      xs.push((seed / 2147483648 - 0.5) * 10 ** (k % 9));
    }
    const differ = xs.filter((x) => written((w) => w.num(x)) !== num(x));
    expect(differ).toEqual([]);
  });

  it('counts thousandths as num rounds them, and writes a count back as num would (Td operands)', () => {
    const xs = [0, -0, 1, -1, 0.5, -0.5, 0.0004, -0.0004, 0.0005, -0.0005, 1.0005, 2.0005, 767.89, 781.243];
    xs.push(999999.9994, -999999.9996, 0.1 + 0.2, 1 / 3, -2 / 3, 781.243 - 14 * 40);
    for (let k = 0; k < 4000; k++) xs.push(k / 1000, -k / 1000, k / 8, (k + 0.5) / 1000, k * 0.0125 - 25);
    let seed = 11;
    for (let k = 0; k < 20000; k++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      xs.push((seed / 2147483648 - 0.5) * 10 ** (k % 7));
    }
    const differ = xs.filter((x) => written((w) => w.thou(thousandths(x))) !== num(x));
    expect(differ).toEqual([]);
    // a difference of two counts is the exact decimal difference of what num wrote
    expect(written((w) => w.thou(thousandths(767.243) - thousandths(781.243)))).toBe('-14');
    expect(written((w) => w.thou(thousandths(0.3) - thousandths(1.2995)))).toBe('-1');
    expect(written((w) => w.thou(-5))).toBe('-0.005');
  });

  it('writes a TJ array with escaped literal codes, adjustments and a lead', () => {
    const glyphs = Uint16Array.from([0x0028, 0x295c, 0x0d41, 0x0003]);
    const adjust = Int32Array.from([0, -28, 0, 150]);
    expect(written((w) => w.tj(glyphs, adjust, 0, 4, false, 0))).toBe('[(\0\\(\\)\\\\)-28(\\rA\0\x03)]');
    expect(written((w) => w.tj(glyphs, adjust, 2, 4, true, -28))).toBe('[-28(A\x03)]');
    expect(written((w) => w.tj(glyphs, adjust, 0, 2, true, 0))).toBe('[(\\(\\\\)]');
  });

  it('grows past its buffer and hands each writer bytes of its own', () => {
    const long = 'q\n'.repeat(70000);
    const a = new ContentWriter();
    const b = new ContentWriter();
    a.str(long);
    b.str('BT\n');
    const bytes = a.finish();
    expect(b.finish().toString('latin1')).toBe('BT\n');
    expect(bytes.toString('latin1')).toBe(long);
    expect(written((w) => w.str('é\u0100'))).toBe(Buffer.from('é\u0100', 'latin1').toString('latin1'));
  });
  it('hands its own bytes to finishInto, the same as finish copies, and takes the buffer back after', () => {
    const fill = (w: ContentWriter) => {
      w.str('BT\n');
      w.tj(Uint16Array.from([0x0028, 0x0041]), Int32Array.from([-12, 0]), 0, 2, false, 0);
      w.str(' TJ\nET\n');
    };
    const a = new ContentWriter();
    fill(a);
    const copied = a.finish().toString('latin1');
    const b = new ContentWriter();
    fill(b);
    let seen = '';
    const r = b.finishInto((bytes) => {
      seen = Buffer.from(bytes).toString('latin1');
      return bytes.length;
    });
    expect(seen).toBe(copied);
    expect(r).toBe(copied.length);
    // the next writer starts empty, whatever buffer it reuses
    expect(written((w) => w.str('q\n'))).toBe('q\n');
  });
});
