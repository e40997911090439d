// passes/emit/fonts/deflate-kept.test.ts — the font streams kept across renders (common.ts
// deflateKept): what comes back is what deflating again gives, for the same bytes in another buffer,
// and still once the oldest results have gone past the budget.
import { randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateKept, FLATE_LEVEL, KEPT_BYTES, KEPT_STREAM_BYTES } from './common.js';

const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

describe('deflateKept', () => {
  it('gives deflateSync’s bytes, the first time and from what it kept', () => {
    const cmap = Buffer.from('/CIDInit /ProcSet findresource begin\n<0003> <0020>\n'.repeat(40), 'latin1');
    const first = deflateKept(cmap);
    expect(same(first, deflateSync(cmap, { level: FLATE_LEVEL }))).toBe(true);
    // the same bytes in a buffer of their own, at an offset
    const again = Buffer.concat([Buffer.from('xx'), cmap]).subarray(2);
    expect(deflateKept(again)).toBe(first);
    // one byte more is another stream
    const other = Buffer.concat([cmap, Buffer.from('\n')]);
    expect(same(inflateSync(deflateKept(other)), other)).toBe(true);
  });

  it('stays right once the oldest results have been evicted', () => {
    const inputs = Array.from({ length: Math.ceil((2 * KEPT_BYTES) / KEPT_STREAM_BYTES) }, () =>
      randomBytes(KEPT_STREAM_BYTES / 2),
    );
    for (const b of inputs) deflateKept(b);
    for (const b of [inputs[0], inputs.at(-1)!])
      expect(same(deflateKept(b), deflateSync(b, { level: FLATE_LEVEL }))).toBe(true);
    const big = randomBytes(KEPT_STREAM_BYTES + 1);
    expect(same(deflateKept(big), deflateSync(big, { level: FLATE_LEVEL }))).toBe(true);
  });
});
