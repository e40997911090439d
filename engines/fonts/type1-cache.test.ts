// engines/fonts/type1-cache.test.ts — the Type 1 programs kept per process are bounded by their files'
// bytes as well as by count (type1-face.ts TYPE1_CACHE_BYTES, issue 20): distinct programs push the
// oldest out, the one just loaded is kept, and one over a quarter of the bound is never kept.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadType1, setType1CacheBytes, TYPE1_CACHE_BYTES, type1Held } from './type1-face.js';

// Debian's fonts-urw-base35 (tools/install-test-deps.sh): 35 distinct Type 1 programs
const DIR = '/usr/share/fonts/X11/Type1';
const programs = readdirSync(DIR)
  .filter((f) => f.endsWith('.pfb'))
  .sort()
  .map((f) => new Uint8Array(readFileSync(join(DIR, f))));

const face = (b: Uint8Array) => {
  const r = loadType1(b);
  if (!r.ok) throw new Error(r.detail);
  return r.face;
};

afterEach(() => {
  setType1CacheBytes(TYPE1_CACHE_BYTES);
});

describe('Type 1 programs kept per process', () => {
  // first: a program this process has not kept yet
  it('never keep a program over a quarter of the bound', () => {
    const p = programs[0];
    setType1CacheBytes(4 * p.length - 4);
    const before = type1Held().count;
    const a = face(p);
    expect(face(p)).not.toBe(a);
    expect(type1Held().count).toBeLessThanOrEqual(before);
  });
  it('hold no more than their byte bound however many came before; the last loaded is kept', () => {
    expect(programs.length).toBeGreaterThan(20);
    const largest = Math.max(...programs.map((p) => p.length));
    const total = programs.reduce((t, p) => t + p.length, 0);
    const bound = 4 * largest; // every program is kept when loaded, but not all together
    expect(total).toBeGreaterThan(bound);
    setType1CacheBytes(bound);
    const first = face(programs[0]);
    let last = first;
    for (const p of programs.slice(1)) {
      last = face(p);
      expect(type1Held().bytes).toBeLessThanOrEqual(bound);
      expect(face(p)).toBe(last); // kept: the same face when met again at once
    }
    // the first was let go: it is parsed afresh
    expect(face(programs[0])).not.toBe(first);
  });
});
