// bench/lib/sqlite-sync.ts — what SQLite's `synchronous` costs the hosted front a charged document:
// the store's own statements (src/hosted/store-sqlite.ts: the usage row, the take) run N times on
// a fresh store in the system's temporary directory, with the connection's `synchronous` FULL
// (durability 'full', SQLite's default: the WAL is fsynced at every commit) and NORMAL ('front',
// `quire hosted`'s: fsynced at checkpoints only), alternated; prints wall and CPU (user, system) per take.
// Run: npx tsx bench/lib/sqlite-sync.ts [N] [dir]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/hosted/store-sqlite.js';

const N = Number(process.argv[2] ?? 2000);
const base = process.argv[3] ?? tmpdir();
for (const mode of ['full', 'front', 'full', 'front'] as const) {
  const dir = mkdtempSync(join(base, 'quire-sqlite-sync-'));
  const store = openSqliteStore(dir, { durability: mode });
  await store.createClient({ name: 'b', quota: 1e9, features: [], pageCeiling: null });
  await store.take('b', '2026-11');
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await store.take('b', '2026-11');
  const c = process.cpuUsage(c0);
  const t = performance.now() - t0;
  console.log(
    `| ${mode} | ${((1000 * t) / N).toFixed(0)} µs | ${(c.user / N).toFixed(0)} µs | ${(c.system / N).toFixed(0)} µs |`,
  );
  await store.close();
  rmSync(dir, { recursive: true });
}
