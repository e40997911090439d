// test/hosted-store-durability.test.ts — the SQLite store as `quire hosted` opens it (durability
// 'front': synchronous NORMAL, a sign-out and a give-back committed with a sync of their own;
// docs/reference.md "The month's count on disk") keeps the month's count and sessions as 'full' does,
// and what it wrote is there for another connection (as `quire admin` reads it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/hosted/store-sqlite.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the hosted SQLite store, by durability', () => {
  for (const durability of ['front', 'full'] as const)
    it(`counts, gives back and signs out alike (${durability})`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'quire-durability-'));
      dirs.push(dir);
      const store = openSqliteStore(dir, { durability });
      await store.createClient({ name: 'c', quota: 2, features: [], pageCeiling: null });
      // the month's row made by the first take, then taken up to the quota, one given back
      expect(await store.take('c', '2026-11')).toBe(true);
      expect(await store.take('c', '2026-11')).toBe(true);
      expect(await store.take('c', '2026-11')).toBe(false);
      await store.giveBack('c', '2026-11');
      expect(await store.used('c', '2026-11')).toBe(1);
      expect(await store.take('c', '2026-12')).toBe(true);
      await store.addUser({ name: 'u', client: 'c', passwordHash: 'h' });
      await store.addSession('s1', { user: 'u', client: 'c', csrf: 'x', expires: 2e12 });
      await store.deleteSession('s1');
      // still NORMAL after the synced writes: another take works and counts
      expect(await store.take('c', '2026-11')).toBe(true);
      // another connection (as `quire admin` would open) sees every commit
      const other = openSqliteStore(dir);
      expect(await other.used('c', '2026-11')).toBe(2);
      expect(await other.used('c', '2026-12')).toBe(1);
      expect(await other.getSession('s1', 0)).toBeUndefined();
      await other.close();
      await store.close();
    });
});
