// src/hosted/store-sqlite.ts — the hosted store in SQLite (better-sqlite3), the embedded default: a
// file in the data directory, created with its schema on first start, no configuration. WAL mode
// so several processes on one machine may share it; every statement is atomic on its own.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type ClientRecord, type KeyRecord, SCHEMA, type SessionRecord, type Store, type UserRecord } from './store.js';

export const SQLITE_FILE = 'quire-hosted.sqlite';

interface ClientRow {
  name: string;
  quota: number;
  features: string;
  page_ceiling: number | null;
}
const client = (r: ClientRow): ClientRecord => ({
  name: r.name,
  quota: r.quota,
  features: JSON.parse(r.features) as string[],
  pageCeiling: r.page_ceiling,
});

/**
 * How the connection makes a commit durable. 'full' (`quire admin`'s, and the default): every
 * commit fsyncs the WAL (`synchronous = FULL`), so a key revoked or a quota changed stays so. 'front' (`quire hosted`; decision, docs/reference.md "The month's count on
 * disk"): the WAL is fsynced at checkpoints only (`synchronous = NORMAL`), so a charge costs no fsync
 * on the event loop; a commit still survives the process dying, and only a power loss or an operating
 * system crash may lose the last commits — charges (documents given free, never charged twice),
 * sessions begun, sign-in failures. The writes that must never be lost that way (a sign-out, a
 * document given back) are committed with a sync of their own.
 */
export type SqliteDurability = 'full' | 'front';

export function openSqliteStore(dataDir: string, opts: { durability?: SqliteDurability } = {}): Store {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The store holds key hashes, password hashes and sessions: readable by its owner only. SQLite
  // gives its -wal and -shm files the database file's mode, so setting it before opening covers them.
  const file = join(dataDir, SQLITE_FILE);
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Set either way: better-sqlite3 is built with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1, so a WAL
  // connection left alone fsyncs at checkpoints only (NORMAL), though the pragma reads FULL.
  const front = opts.durability === 'front';
  db.pragma(`synchronous = ${front ? 'NORMAL' : 'FULL'}`);
  /** Runs a write whose commit is fsynced whatever the connection's setting (and all before it with it). */
  const synced = <T>(write: () => T): T => {
    if (!front) return write();
    db.pragma('synchronous = FULL');
    try {
      return write();
    } finally {
      db.pragma('synchronous = NORMAL');
    }
  };
  // Several fronts on one machine: wait for a writer rather than fail.
  db.pragma('busy_timeout = 5000');
  for (const s of SCHEMA) db.exec(s);
  // The statements of every API call, prepared once (clientOfKey, getClient, used, take, giveBack).
  const q = {
    clientOfKey: db.prepare('SELECT client FROM api_keys WHERE hash = ? AND revoked IS NULL'),
    getClient: db.prepare('SELECT * FROM clients WHERE name = ?'),
    insertUsage: db.prepare('INSERT INTO usage (client, month, used) VALUES (?, ?, 0) ON CONFLICT DO NOTHING'),
    take: db.prepare(
      'UPDATE usage SET used = used + 1 WHERE client = ? AND month = ? AND used < (SELECT quota FROM clients WHERE name = ?)',
    ),
    give: db.prepare('UPDATE usage SET used = used - 1 WHERE client = ? AND month = ? AND used > 0'),
    used: db.prepare('SELECT used FROM usage WHERE client = ? AND month = ?'),
  };
  return {
    kind: 'sqlite',
    async createClient(c) {
      db.prepare('INSERT INTO clients (name, quota, features, page_ceiling) VALUES (?, ?, ?, ?)').run(
        c.name,
        c.quota,
        JSON.stringify(c.features),
        c.pageCeiling,
      );
    },
    async updateClient(name, ch) {
      const cur = db.prepare('SELECT * FROM clients WHERE name = ?').get(name) as ClientRow | undefined;
      if (!cur) return false;
      const next = { ...client(cur), ...ch };
      db.prepare('UPDATE clients SET quota = ?, features = ?, page_ceiling = ? WHERE name = ?').run(
        next.quota,
        JSON.stringify(next.features),
        next.pageCeiling,
        name,
      );
      return true;
    },
    async getClient(name) {
      const r = q.getClient.get(name) as ClientRow | undefined;
      return r && client(r);
    },
    async listClients() {
      return (db.prepare('SELECT * FROM clients ORDER BY name').all() as ClientRow[]).map(client);
    },
    async addKey(id, hash, c, created) {
      db.prepare('INSERT INTO api_keys (id, hash, client, created) VALUES (?, ?, ?, ?)').run(
        id,
        hash,
        c,
        created.toISOString(),
      );
    },
    async clientOfKey(hash) {
      const r = q.clientOfKey.get(hash) as { client: string } | undefined;
      return r?.client;
    },
    async revokeKey(id, when) {
      return (
        db.prepare('UPDATE api_keys SET revoked = ? WHERE id = ? AND revoked IS NULL').run(when.toISOString(), id)
          .changes === 1
      );
    },
    async listKeys(c) {
      const rows = (
        c === undefined
          ? db.prepare('SELECT id, client, created, revoked FROM api_keys ORDER BY created, id').all()
          : db.prepare('SELECT id, client, created, revoked FROM api_keys WHERE client = ? ORDER BY created, id').all(c)
      ) as KeyRecord[];
      return rows;
    },
    async take(c, month) {
      // One write in the usual case (the month's row there): the row is made only when the take
      // changed nothing, then tried again (each statement atomic on its own, as before).
      if (q.take.run(c, month, c).changes === 1) return true;
      q.insertUsage.run(c, month);
      return q.take.run(c, month, c).changes === 1;
    },
    async giveBack(c, month) {
      // A document given back must stay given back (the charge before it is then durable too).
      synced(() => q.give.run(c, month));
    },
    async used(c, month) {
      return (q.used.get(c, month) as { used: number } | undefined)?.used ?? 0;
    },
    async addUser(u: UserRecord) {
      db.prepare('INSERT INTO users (name, client, password_hash) VALUES (?, ?, ?)').run(
        u.name,
        u.client,
        u.passwordHash,
      );
    },
    async getUser(name) {
      const r = db.prepare('SELECT name, client, password_hash FROM users WHERE name = ?').get(name) as
        | { name: string; client: string; password_hash: string }
        | undefined;
      return r && { name: r.name, client: r.client, passwordHash: r.password_hash };
    },
    async addSession(idHash, s: SessionRecord) {
      db.prepare('INSERT INTO sessions (id_hash, username, client, csrf, expires) VALUES (?, ?, ?, ?, ?)').run(
        idHash,
        s.user,
        s.client,
        s.csrf,
        s.expires,
      );
    },
    async getSession(idHash, now) {
      const r = db
        .prepare('SELECT username, client, csrf, expires FROM sessions WHERE id_hash = ? AND expires > ?')
        .get(idHash, now) as { username: string; client: string; csrf: string; expires: number } | undefined;
      return r && { user: r.username, client: r.client, csrf: r.csrf, expires: Number(r.expires) };
    },
    async deleteSession(idHash) {
      // A sign-out must stay signed out: the session never comes back after a power loss.
      synced(() => db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash));
    },
    async signInFailures(key, since) {
      const r = db
        .prepare('SELECT COUNT(*) AS n, MAX(at) AS last FROM sign_in_failures WHERE key = ? AND at >= ?')
        .get(key, since) as { n: number; last: number | null };
      return { count: r.n, last: Number(r.last ?? 0) };
    },
    async failedSignIn(key, at, since) {
      db.prepare('DELETE FROM sign_in_failures WHERE at < ?').run(since);
      db.prepare('INSERT INTO sign_in_failures (key, at) VALUES (?, ?)').run(key, at);
      return (
        db.prepare('SELECT COUNT(*) AS n FROM sign_in_failures WHERE key = ? AND at >= ?').get(key, since) as {
          n: number;
        }
      ).n;
    },
    async clearSignInFailures(key) {
      db.prepare('DELETE FROM sign_in_failures WHERE key = ?').run(key);
    },
    async close() {
      db.close();
    },
  };
}
