// test/deflate-tight.test.ts — engines/pdf/compression.ts `deflateTight` deflates with a small output
// chunk (ninth wave, memory): the bytes must be Node's `deflateSync` ones at the same level, for a
// stream that fits one chunk and for ones that take several (incompressible, large).
import { randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateTight } from '../engines/pdf/compression.js';

const text = (n: number) =>
  Buffer.from('BT /F1 9 Tf 36 700 Td (Row 1234) Tj ET\n'.repeat(Math.ceil(n / 40)).slice(0, n));

describe('deflateTight', () => {
  const cases: [string, Buffer][] = [
    ['empty', Buffer.alloc(0)],
    ['a page of text (one chunk)', text(20_000)],
    ['incompressible, several chunks', randomBytes(50_000)],
    ['large text', text(2_000_000)],
  ];
  for (const [name, bytes] of cases)
    it(`${name}: same bytes as deflateSync, and a buffer of its size`, () => {
      for (const level of [1, 6, 9]) {
        const z = deflateTight(bytes, level);
        expect(Buffer.compare(z, deflateSync(bytes, { level }))).toBe(0);
        expect(Buffer.compare(inflateSync(z), bytes)).toBe(0);
        expect(z.buffer.byteLength).toBeLessThanOrEqual(Math.max(2 * z.length, 8192));
      }
    });
});
