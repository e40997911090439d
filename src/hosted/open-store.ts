// src/hosted/open-store.ts — picks the hosted store: PostgreSQL when a database URL is set, else
// SQLite in the data directory (created on first start, no configuration needed). Each driver is an
// optional dependency, imported only here and only when its store opens, so the library (and a
// server without the hosted front) runs where neither is installed.

import type { Store } from './store.js';
import type { SqliteDurability } from './store-sqlite.js';

/** Where the embedded SQLite store lives unless told otherwise. */
export const DEFAULT_DATA_DIR = 'quire-data';

/** The store's driver is not installed: one sentence saying which package to add. */
export class StoreDriverMissing extends Error {}

async function load<T>(driver: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes(driver))
      throw new StoreDriverMissing(
        `the hosted store needs the optional package ${driver}, which is not installed (npm install ${driver})`,
      );
    throw e;
  }
}

/** `durability`: the SQLite store's (src/hosted/store-sqlite.ts); 'front' for `quire hosted` only. */
export async function openStore(opts: {
  dataDir?: string;
  databaseUrl?: string;
  durability?: SqliteDurability;
}): Promise<Store> {
  const url = opts.databaseUrl;
  if (url) return load('pg', async () => (await import('./store-postgres.js')).openPostgresStore(url));
  return load('better-sqlite3', async () =>
    (await import('./store-sqlite.js')).openSqliteStore(opts.dataDir ?? DEFAULT_DATA_DIR, {
      durability: opts.durability,
    }),
  );
}
