// src/hosted/index.ts — `quire/hosted`: the hosted front (API keys, quotas, the browser box) and its
// stores. The database drivers are optional dependencies, loaded only when a store of theirs opens:
// better-sqlite3 for the embedded store, pg for PostgreSQL.

export { type DnsName, parseDnsName, watchDns } from './fleet/dns.js';
export { Fleet, type FleetOptions, type Member } from './fleet/fleet.js';
export type { FrontOptions, RunningFront } from './front.js';
export { createFront, DEFAULT_FRONT_BODY_CAP, DEFAULT_WAIT_MS, RENDER_PATH, startFront } from './front.js';
export { DEFAULT_DATA_DIR, openStore } from './open-store.js';
export type { Store } from './store.js';
