// src/licence/licence.ts — signed licence keys. A key is `quire1.<payload>.<signature>`, both parts
// base64url: the payload is JSON (holder, features, validity dates), the signature Ed25519 over the
// payload bytes. The server verifies a key against the public keys it trusts; only the holder of the
// private key can issue one (tools: `quire licence keygen|issue`). Spec: Authentication 3, Errors 402.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { LICENCE_FEATURES, type LicenceFeature } from '../../ir/entitlements.js';

/** Prefix naming the format, so a later format can be told apart. */
export const LICENCE_PREFIX = 'quire1';

export interface Licence {
  holder: string;
  features: LicenceFeature[];
  /** First and last day covered, ISO dates (YYYY-MM-DD), inclusive, in UTC. */
  notBefore: string;
  notAfter: string;
  /** When the key was issued, ISO 8601. */
  issued: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function issueLicence(privateKeyPem: string, licence: Licence): string {
  const payload = Buffer.from(JSON.stringify(licence), 'utf8');
  const sig = sign(null, payload, createPrivateKey(privateKeyPem));
  return `${LICENCE_PREFIX}.${payload.toString('base64url')}.${sig.toString('base64url')}`;
}

export type VerifyResult = { ok: true; licence: Licence } | { ok: false; reason: string };

/** Checks a key's form and signature against any of the trusted public keys (PEM). Never throws. */
export function verifyLicence(key: string, trusted: readonly string[]): VerifyResult {
  const parts = key.trim().split('.');
  if (parts.length !== 3 || parts[0] !== LICENCE_PREFIX)
    return { ok: false, reason: `it is not a ${LICENCE_PREFIX} licence key` };
  const payload = Buffer.from(parts[1], 'base64url');
  const sig = Buffer.from(parts[2], 'base64url');
  const signedBy = trusted.find((pem) => {
    try {
      return verify(null, payload, publicKey(pem), sig);
    } catch {
      return false;
    }
  });
  if (!signedBy) return { ok: false, reason: 'its signature is not from a trusted issuer' };
  let licence: Licence;
  try {
    licence = JSON.parse(payload.toString('utf8')) as Licence;
  } catch {
    return { ok: false, reason: 'its payload is not JSON' };
  }
  if (
    typeof licence.holder !== 'string' ||
    !Array.isArray(licence.features) ||
    !DAY.test(licence.notBefore) ||
    !DAY.test(licence.notAfter)
  ) {
    return { ok: false, reason: 'its payload lacks holder, features or dates' };
  }
  licence.features = licence.features.filter((f): f is LicenceFeature =>
    (LICENCE_FEATURES as readonly string[]).includes(f),
  );
  return { ok: true, licence };
}

const keys = new Map<string, KeyObject>();
function publicKey(pem: string): KeyObject {
  let k = keys.get(pem);
  if (!k) keys.set(pem, (k = createPublicKey(pem)));
  return k;
}

/** Whether the licence covers the given moment's day (UTC). */
export function coversDay(licence: Licence, now: Date): boolean {
  const day = now.toISOString().slice(0, 10);
  return licence.notBefore <= day && day <= licence.notAfter;
}

/** A fresh Ed25519 key pair, PEM encoded (for `quire licence keygen` and tests). */
export function generateIssuerKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey: pub } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pub.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
