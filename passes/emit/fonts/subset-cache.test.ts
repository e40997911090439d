// passes/emit/fonts/subset-cache.test.ts — the subset programs kept per process are bounded by bytes
// as well as by count (cid.ts SUBSET_CACHE_BYTES, issue 20): megabyte programs push the oldest out,
// one past the share for a single entry is never kept, and a render's subset is still kept.
import { describe, expect, it } from 'vitest';
import { render } from '../../../src/library.js';
import { NOW } from '../../../test/support/fixtures.js';
import { notoLineDescription } from '../../../test/support/noto-line.js';
import { ByteBoundCache, SUBSET_CACHE_BYTES, SUBSET_CACHE_ONE, subsetCacheHeld } from './cid.js';

describe('ByteBoundCache', () => {
  it('drops the oldest past its bytes, keeps nothing past one share, and refreshes a hit', () => {
    const c = new ByteBoundCache<number>(256, 10, 4);
    c.set('a', 1, 4);
    c.set('b', 2, 4);
    expect(c.get('a')).toBe(1); // a is now the newest
    c.set('c', 3, 4); // 12 > 10: b, the oldest, goes
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c')]).toEqual([1, 3]);
    expect(c.held).toBe(8);
    c.set('big', 4, 5);
    expect(c.get('big')).toBeUndefined();
    c.set('a', 5, 2); // replacing counts the new size only
    expect(c.held).toBe(6);
    expect(c.size).toBe(2);
  });

  it('holds 256 programs of 1 MB to the byte bound, not to 256 MB', () => {
    const c = new ByteBoundCache<Uint8Array>(256, SUBSET_CACHE_BYTES, SUBSET_CACHE_ONE);
    for (let i = 0; i < 256; i++) c.set(`k${i}`, new Uint8Array(0), 1 << 20);
    expect(c.held).toBeLessThanOrEqual(SUBSET_CACHE_BYTES);
    expect(c.size).toBe(SUBSET_CACHE_BYTES >> 20);
  });
});

describe('subset programs kept across renders', () => {
  it('keeps what a render subset, within the bound', () => {
    const out = render({ description: notoLineDescription('Bounded subset cache'), now: NOW });
    expect(out.ok).toBe(true);
    const held = subsetCacheHeld();
    expect(held.entries).toBeGreaterThan(0);
    expect(held.bytes).toBeGreaterThan(0);
    expect(held.bytes).toBeLessThanOrEqual(SUBSET_CACHE_BYTES);
  });
});
