// src/hosted/passwords.ts — passwords of the browser box's users: scrypt (node:crypto) with a random
// salt, stored as `scrypt$N$r$p$salt$hash`; compared in constant time.
import { randomBytes, type ScryptOptions, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

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

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))),
  );

/** As verifyPassword, on libuv's thread pool: the event loop keeps answering while scrypt runs. */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const want = Buffer.from(hash, 'base64url');
  try {
    const got = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), want.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAXMEM,
    });
    return got.length === want.length && timingSafeEqual(got, want);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash of a random password at the same cost as a user's, checked for names that are no user's. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= (async () => {
    const salt = randomBytes(16);
    const hash = await scryptAsync(randomBytes(16).toString('base64url'), salt, KEYLEN, {
      N,
      r: R,
      p: P,
      maxmem: MAXMEM,
    });
    return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
  })();
  return dummy;
}
