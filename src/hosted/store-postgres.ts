// src/hosted/store-postgres.ts — the hosted store in PostgreSQL (pg), for several fronts sharing one
// store: the same schema and the same single-statement take/give-back as SQLite, so the month's
// count stays exact under any concurrency (the UPDATE's row lock serialises takers).
import pg from 'pg';
import { type ClientRecord, type KeyRecord, SCHEMA, type Store } from './store.js';

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

export async function openPostgresStore(url: string): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
  // Two fronts starting together must not both create the schema: an advisory lock orders them.
  const c = await pool.connect();
  try {
    await c.query('SELECT pg_advisory_lock(7301)');
    for (const s of SCHEMA) await c.query(s);
    await c.query('SELECT pg_advisory_unlock(7301)');
  } finally {
    c.release();
  }
  const one = async <T>(sql: string, args: unknown[]): Promise<T | undefined> =>
    (await pool.query(sql, args)).rows[0] as T | undefined;
  return {
    kind: 'postgres',
    async createClient(r) {
      await pool.query('INSERT INTO clients (name, quota, features, page_ceiling) VALUES ($1, $2, $3, $4)', [
        r.name,
        r.quota,
        JSON.stringify(r.features),
        r.pageCeiling,
      ]);
    },
    async updateClient(name, ch) {
      const cur = await one<ClientRow>('SELECT * FROM clients WHERE name = $1', [name]);
      if (!cur) return false;
      const next = { ...client(cur), ...ch };
      await pool.query('UPDATE clients SET quota = $1, features = $2, page_ceiling = $3 WHERE name = $4', [
        next.quota,
        JSON.stringify(next.features),
        next.pageCeiling,
        name,
      ]);
      return true;
    },
    async getClient(name) {
      const r = await one<ClientRow>('SELECT * FROM clients WHERE name = $1', [name]);
      return r && client(r);
    },
    async listClients() {
      return (await pool.query('SELECT * FROM clients ORDER BY name')).rows.map((r) => client(r as ClientRow));
    },
    async addKey(id, hash, cl, created) {
      await pool.query('INSERT INTO api_keys (id, hash, client, created) VALUES ($1, $2, $3, $4)', [
        id,
        hash,
        cl,
        created.toISOString(),
      ]);
    },
    async clientOfKey(hash) {
      return (await one<{ client: string }>('SELECT client FROM api_keys WHERE hash = $1 AND revoked IS NULL', [hash]))
        ?.client;
    },
    async revokeKey(id, when) {
      return (
        ((
          await pool.query('UPDATE api_keys SET revoked = $1 WHERE id = $2 AND revoked IS NULL', [
            when.toISOString(),
            id,
          ])
        ).rowCount ?? 0) === 1
      );
    },
    async listKeys(cl) {
      const r =
        cl === undefined
          ? await pool.query('SELECT id, client, created, revoked FROM api_keys ORDER BY created, id')
          : await pool.query(
              'SELECT id, client, created, revoked FROM api_keys WHERE client = $1 ORDER BY created, id',
              [cl],
            );
      return r.rows as KeyRecord[];
    },
    async take(cl, month) {
      await pool.query('INSERT INTO usage (client, month, used) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [
        cl,
        month,
      ]);
      const r = await pool.query(
        'UPDATE usage SET used = used + 1 WHERE client = $1 AND month = $2 AND used < (SELECT quota FROM clients WHERE name = $1)',
        [cl, month],
      );
      return r.rowCount === 1;
    },
    async giveBack(cl, month) {
      await pool.query('UPDATE usage SET used = used - 1 WHERE client = $1 AND month = $2 AND used > 0', [cl, month]);
    },
    async used(cl, month) {
      return (
        (await one<{ used: number }>('SELECT used FROM usage WHERE client = $1 AND month = $2', [cl, month]))?.used ?? 0
      );
    },
    async addUser(u) {
      await pool.query('INSERT INTO users (name, client, password_hash) VALUES ($1, $2, $3)', [
        u.name,
        u.client,
        u.passwordHash,
      ]);
    },
    async getUser(name) {
      const r = await one<{ name: string; client: string; password_hash: string }>(
        'SELECT name, client, password_hash FROM users WHERE name = $1',
        [name],
      );
      return r && { name: r.name, client: r.client, passwordHash: r.password_hash };
    },
    async addSession(idHash, s) {
      await pool.query('INSERT INTO sessions (id_hash, username, client, csrf, expires) VALUES ($1, $2, $3, $4, $5)', [
        idHash,
        s.user,
        s.client,
        s.csrf,
        s.expires,
      ]);
    },
    async getSession(idHash, now) {
      const r = await one<{ username: string; client: string; csrf: string; expires: string }>(
        'SELECT username, client, csrf, expires FROM sessions WHERE id_hash = $1 AND expires > $2',
        [idHash, now],
      );
      return r && { user: r.username, client: r.client, csrf: r.csrf, expires: Number(r.expires) };
    },
    async deleteSession(idHash) {
      await pool.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    },
    async signInFailures(key, since) {
      const r = (await one<{ n: string; last: string | null }>(
        'SELECT COUNT(*) AS n, MAX(at) AS last FROM sign_in_failures WHERE key = $1 AND at >= $2',
        [key, since],
      ))!;
      return { count: Number(r.n), last: Number(r.last ?? 0) };
    },
    async failedSignIn(key, at, since) {
      await pool.query('DELETE FROM sign_in_failures WHERE at < $1', [since]);
      await pool.query('INSERT INTO sign_in_failures (key, at) VALUES ($1, $2)', [key, at]);
      return Number(
        (await one<{ n: string }>('SELECT COUNT(*) AS n FROM sign_in_failures WHERE key = $1 AND at >= $2', [
          key,
          since,
        ]))!.n,
      );
    },
    async clearSignInFailures(key) {
      await pool.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
    },
    async close() {
      await pool.end();
    },
  };
}
