// engines/fonts/face-cache.test.ts — the faces kept per process are bounded by their files' bytes as
// well as by count (face.ts FACE_CACHE_BYTES, issue 20): large distinct fonts push the oldest out, the
// face just loaded is kept, and one met again is the same face.
import { describe, expect, it } from 'vitest';
import { NOTO_SANS_B64 } from '../../test/support/fixtures.js';
import { FACE_CACHE_BYTES, FACE_CACHE_SIZE, facesHeld, loadFace, setWordCacheChars } from './face.js';

describe('faces kept per process', () => {
  it('hold no more than FACE_CACHE_BYTES of files, however many large fonts came before', () => {
    const noto = Buffer.from(NOTO_SANS_B64, 'base64');
    // Distinct files of ~4.6 MB: the font and a tail of its own (fontkit reads the tables by offset).
    const big = (i: number) => {
      const b = new Uint8Array(noto.length + (4 << 20));
      b.set(noto);
      b[b.length - 1] = i + 1;
      return b;
    };
    const first = big(0);
    const a = loadFace(first);
    expect(a.ok).toBe(true);
    const count = Math.ceil(FACE_CACHE_BYTES / first.length) + 4;
    expect(count).toBeLessThan(FACE_CACHE_SIZE);
    let last: Uint8Array = first;
    for (let i = 1; i <= count; i++) {
      last = big(i);
      expect(loadFace(last).ok).toBe(true);
      expect(facesHeld().bytes).toBeLessThanOrEqual(FACE_CACHE_BYTES);
    }
    const again = loadFace(last);
    expect(again.ok && again.face.bytes).toBe(last);
    // The first was let go: loading it again parses it afresh.
    const back = loadFace(first);
    expect(back.ok && a.ok && back.face !== a.face).toBe(true);
  });

  it("keep no more than their bound of a face's words, and shape alike after letting go", () => {
    const bound = 1 << 16;
    const was = setWordCacheChars(bound);
    const loaded = loadFace(Buffer.from(NOTO_SANS_B64, 'base64'));
    if (!loaded.ok) throw new Error(loaded.detail);
    const face = loaded.face;
    const kept = () => (face as unknown as { wordChars: number }).wordChars;
    const word = (i: number) => `${i}`.padStart(8, 'x').repeat(512); // 4 096 characters
    const first = face.shapeWith(word(0), { kern: true }, 'kern');
    try {
      for (let i = 1; i * 4096 <= bound + 8192; i++) {
        face.shapeWith(word(i), { kern: true }, 'kern');
        expect(kept()).toBeLessThanOrEqual(bound);
      }
      expect(face.shapeWith(word(0), { kern: true }, 'kern')).toEqual(first);
    } finally {
      setWordCacheChars(was);
    }
  });
});
