// engines/fonts/post-header.test.ts — the `post` table primed from its header reads as fontkit's own
// decoding (every header field, the glyph names when asked), and is left to fontkit where its
// decoding would not succeed or the version is another.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { NOTO_SANS_PATH } from '../../test/support/fixtures.js';
import { primePost } from './post-header.js';

const require = createRequire(import.meta.url);
const files = [
  NOTO_SANS_PATH,
  require.resolve('@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf'),
  require.resolve('@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf'),
  require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Italic.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
];
type Post = Record<string, unknown>;
const tables = (f: unknown) => (f as { _tables: Record<string, unknown> })._tables;
const HEADER = [
  'version',
  'italicAngle',
  'underlinePosition',
  'underlineThickness',
  'isFixedPitch',
  'minMemType42',
  'maxMemType42',
  'minMemType1',
  'maxMemType1',
];

describe('primePost', () => {
  for (const file of files)
    it(`${file.split('/').pop()}: the header and the names as fontkit decodes them`, () => {
      const primed = fontkit.create(readFileSync(file));
      primePost(primed);
      const plain = fontkit.create(readFileSync(file));
      const want = plain.post as unknown as Post;
      const got = primed.post as unknown as Post;
      for (const k of HEADER) expect(got[k], k).toEqual(want[k]);
      expect([primed.italicAngle, primed.underlinePosition]).toEqual([plain.italicAngle, plain.underlinePosition]);
      for (const g of [0, 1, 3, 36, 70, 100]) expect(primed.getGlyph(g).name).toEqual(plain.getGlyph(g).name);
      expect(got.names).toEqual(want.names);
    });

  it('primes a version 2 table without decoding its names, and leaves other versions to fontkit', () => {
    const noto = fontkit.create(readFileSync(NOTO_SANS_PATH));
    primePost(noto);
    const post = tables(noto).post as Post;
    expect(Object.getOwnPropertyDescriptor(post, 'names')?.get).toBeTypeOf('function');
    expect(noto.italicAngle).toBe(0);
    expect(tables(noto).post).toBe(post); // the header was enough
    // a version this does not read (1.0), and one cut short at the end of the file: fontkit's own
    const bytes = new Uint8Array(readFileSync(NOTO_SANS_PATH));
    const v = new DataView(bytes.buffer);
    const entry = (noto as unknown as { directory: { tables: { post: { offset: number; length: number } } } }).directory
      .tables.post;
    const v1 = bytes.slice();
    new DataView(v1.buffer).setInt32(entry.offset, 0x10000);
    const one = fontkit.create(Buffer.from(v1));
    primePost(one);
    expect('post' in tables(one)).toBe(false);
    const cut = fontkit.create(Buffer.from(bytes.subarray(0, entry.offset + entry.length - 1)));
    primePost(cut);
    expect('post' in tables(cut)).toBe(false);
    expect(v.getInt32(entry.offset)).toBe(0x20000);
  });
});
