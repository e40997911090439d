// test/read-base64.test.ts — ir/read/fonts.ts `readBase64` checks the text as it stands (ninth wave:
// no second string encoded back to compare): canonical text, text with white space between groups,
// and texts it must refuse.
import { describe, expect, it } from 'vitest';
import type { JsonPointer } from '../ir/pointer.js';
import { readBase64 } from '../ir/read/fonts.js';

const at = '/fonts/0/data' as JsonPointer;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('readBase64', () => {
  it('decodes canonical text and text with white space to the same bytes', () => {
    const bytes = Buffer.from('quire reads fonts inline \u00ff\u0000', 'latin1');
    const b64 = bytes.toString('base64');
    expect(hex(readBase64(b64, at))).toBe(bytes.toString('hex'));
    const spaced = b64.replace(/(.{4})/g, '$1 \n');
    expect(hex(readBase64(spaced, at))).toBe(bytes.toString('hex'));
  });
  for (const bad of ['!!!', 'QUJD!', 'QU=JD', 'QUJDR', 'QQ===', 'QU J-'])
    it(`refuses ${JSON.stringify(bad)}`, () => {
      expect(() => readBase64(bad, at)).toThrow();
    });
});
