// src/hosted/open-store.ts — picks the hosted store: PostgreSQL when a database URL is set, else
// SQLite in the data directory (created on first start, no configuration needed).

import type { Store } from './store.js';
import { openPostgresStore } from './store-postgres.js';
import { openSqliteStore } from './store-sqlite.js';

/** Where the embedded SQLite store lives unless told otherwise. */
export const DEFAULT_DATA_DIR = 'quire-data';

export async function openStore(opts: { dataDir?: string; databaseUrl?: string }): Promise<Store> {
  if (opts.databaseUrl) return openPostgresStore(opts.databaseUrl);
  return openSqliteStore(opts.dataDir ?? DEFAULT_DATA_DIR);
}
