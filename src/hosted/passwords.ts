// src/hosted/passwords.ts — passwords of the browser box's users: scrypt (node:crypto) with a random
// salt, stored as `scrypt$N$r$p$salt$hash`; compared in constant time.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt cost: N = 2^15, r = 8, p = 1 (about 32 MiB and tens of ms per check), OWASP's floor. */
const N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const want = Buffer.from(hash, 'base64url');
  const got = scryptSync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), want.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return got.length === want.length && timingSafeEqual(got, want);
}
