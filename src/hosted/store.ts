// src/hosted/store.ts — what the hosted front keeps: clients (monthly quota, entitlements, page
// ceiling), API keys (stored only as hashes), documents used per client per calendar month (UTC),
// users of the browser box, their sessions and sign-in failures. Two implementations share this
// interface and the same tests: SQLite in a data directory (store-sqlite.ts, the embedded default)
// and PostgreSQL (store-postgres.ts, several fronts sharing one store). Taking a document off the
// month and giving it back are single atomic statements in both.
import { createHash, randomBytes } from 'node:crypto';

export interface ClientRecord {
  name: string;
  /** Documents per calendar month (UTC). */
  quota: number;
  /** Licence features the client may use (the render server's clients config, see exportClients). */
  features: string[];
  /** Largest document in pages, or null for the render server's own ceiling. */
  pageCeiling: number | null;
}

export interface KeyRecord {
  id: string;
  client: string;
  created: string;
  revoked: string | null;
}
export interface UserRecord {
  name: string;
  client: string;
  passwordHash: string;
}
export interface SessionRecord {
  user: string;
  client: string;
  csrf: string;
  expires: number;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  createClient(c: ClientRecord): Promise<void>;
  updateClient(name: string, changes: Partial<Omit<ClientRecord, 'name'>>): Promise<boolean>;
  getClient(name: string): Promise<ClientRecord | undefined>;
  listClients(): Promise<ClientRecord[]>;

  /** Stores a key's hash for a client; `id` is the key's public prefix, shown in listings. */
  addKey(id: string, hash: string, client: string, created: Date): Promise<void>;
  /** The client a live (not revoked) key hash belongs to. */
  clientOfKey(hash: string): Promise<string | undefined>;
  revokeKey(id: string, when: Date): Promise<boolean>;
  listKeys(client?: string): Promise<KeyRecord[]>;

  /** Takes one document off the client's month if any is left: one atomic statement. */
  take(client: string, month: string): Promise<boolean>;
  /** Gives one document back (never below zero): one atomic statement. */
  giveBack(client: string, month: string): Promise<void>;
  used(client: string, month: string): Promise<number>;

  addUser(u: UserRecord): Promise<void>;
  getUser(name: string): Promise<UserRecord | undefined>;
  addSession(idHash: string, s: SessionRecord): Promise<void>;
  getSession(idHash: string, now: number): Promise<SessionRecord | undefined>;
  deleteSession(idHash: string): Promise<void>;
  /** How many failures `key` has since `since` (ms), and when the last one was (0: none); records nothing. */
  signInFailures(key: string, since: number): Promise<{ count: number; last: number }>;
  /** Records a failed sign-in and answers how many failures `key` has since `since` (ms). */
  failedSignIn(key: string, at: number, since: number): Promise<number>;
  clearSignInFailures(key: string): Promise<void>;

  close(): Promise<void>;
}

/** The calendar month (UTC) a moment counts in: `YYYY-MM`. */
export function monthOf(d: Date): string {
  return d.toISOString().slice(0, 7);
}

/** The first moment of the next month (UTC): when a used-up month turns. */
export function monthTurns(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** API keys: `qk_` + a public id of 8 hex digits + `_` + 32 random bytes, base64url. The id is hex so it
 * never starts with `-` (a command-line option) nor holds `_` (the separator). */
export const KEY_PREFIX = 'qk_';

/** A new API key and what is stored of it (its id and hash); the key itself is shown once. */
export function newApiKey(): { key: string; id: string; hash: string } {
  const id = randomBytes(4).toString('hex');
  const key = `${KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { key, id, hash: hashKey(key) };
}

/** Keys carry 256 random bits, so a fast hash is enough (no dictionary to guess from); passwords use scrypt. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The SQL schema, written so SQLite and PostgreSQL both take it. */
export const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS clients (
     name TEXT PRIMARY KEY,
     quota INTEGER NOT NULL CHECK (quota >= 0),
     features TEXT NOT NULL DEFAULT '[]',
     page_ceiling INTEGER
   )`,
  `CREATE TABLE IF NOT EXISTS api_keys (
     id TEXT PRIMARY KEY,
     hash TEXT NOT NULL UNIQUE,
     client TEXT NOT NULL REFERENCES clients(name),
     created TEXT NOT NULL,
     revoked TEXT
   )`,
  `CREATE TABLE IF NOT EXISTS usage (
     client TEXT NOT NULL REFERENCES clients(name),
     month TEXT NOT NULL,
     used INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
     PRIMARY KEY (client, month)
   )`,
  `CREATE TABLE IF NOT EXISTS users (
     name TEXT PRIMARY KEY,
     client TEXT NOT NULL REFERENCES clients(name),
     password_hash TEXT NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS sessions (
     id_hash TEXT PRIMARY KEY,
     username TEXT NOT NULL REFERENCES users(name),
     client TEXT NOT NULL,
     csrf TEXT NOT NULL,
     expires BIGINT NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS sign_in_failures (
     key TEXT NOT NULL,
     at BIGINT NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS sign_in_failures_key ON sign_in_failures (key, at)`,
];
