// src/licence/service.ts — what the server knows about itself at start-up: its licence (verified
// once) and its clients config (checked once). Both are read from files named by the server's
// settings; a bad file stops the server from starting with one sentence, never a bad render later.
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { LICENCE_FEATURES } from '../../ir/entitlements.js';
import type { ClientsConfig } from '../clients.js';
import { coversDay, type Licence, verifyLicence } from './licence.js';

/**
 * Public keys (PEM) whose licences this build trusts: a fixed list, compiled in. The issuer's
 * private key is never in the repository; a build for customers pins its issuer here. Decision
 * (docs/reference.md, "Clients and licences"): any other issuer is trusted only when the operator
 * names its public key with `--trust-issuer`, and GET /health then says so (`licence_issuer:
 * "operator"`, `operator_issuers` with the key's fingerprint), so a self-issued licence is never
 * mistaken for a bought one.
 */
export const TRUSTED_ISSUER_KEYS: readonly string[] = [];

/** Who vouches for the licence in use: an issuer built in, or one the operator chose to trust. */
export type LicenceIssuer = 'built-in' | 'operator';

export interface ServiceSettings {
  clients?: ClientsConfig;
  licence?: Licence;
  /** The server's own page ceiling: no client renders more, whatever its own entry says. */
  pageCeiling?: number;
  /** The memory budget of one render, bytes (ir/memory-budget.ts; `--render-memory`); absent: the default. */
  renderMemory?: number;
  /** Which kind of issuer signed `licence`. */
  issuer?: LicenceIssuer;
  /** sha256 fingerprints (hex, of the DER public key) of the issuers the operator added. */
  operatorIssuers?: string[];
}

export class ServiceConfigError extends Error {}

const entry = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page_ceiling: { type: 'integer', minimum: 1 },
    features: { anyOf: [{ const: 'licensed' }, { type: 'array', items: { enum: [...LICENCE_FEATURES] } }] },
  },
} as const;
// compiled when a clients config is first read: a render without one (the CLI's usual case) never pays it
let validateClients: ValidateFunction | undefined;
const clientsValidator = (): ValidateFunction =>
  (validateClients ??= new (createRequire(import.meta.url)('ajv') as typeof import('ajv')).Ajv({
    allErrors: false,
  }).compile({
    type: 'object',
    additionalProperties: false,
    properties: { default: entry, clients: { type: 'object', additionalProperties: entry } },
  }));

/** Reads and checks a clients config file (JSON; docs/reference.md, "Clients"). Throws ServiceConfigError. */
export function readClientsConfig(path: string): ClientsConfig {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ServiceConfigError(
      `the clients config ${path} cannot be read as JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const validate = clientsValidator();
  if (!validate(value)) {
    const err = validate.errors![0];
    throw new ServiceConfigError(
      `the clients config ${path} is not valid at "${err.instancePath || '/'}": ${err.message}`,
    );
  }
  return value as ClientsConfig;
}

/** Verifies the server's licence key (the key text itself, or a file holding it). Throws ServiceConfigError. */
export function readLicence(keyOrPath: string, extraTrustedPem: readonly string[] = []): Licence {
  return readLicenceWithIssuer(keyOrPath, extraTrustedPem).licence;
}

/** As readLicence, saying whether a built-in issuer or one the operator added signed it. */
export function readLicenceWithIssuer(
  keyOrPath: string,
  operatorPem: readonly string[] = [],
  builtIn: readonly string[] = TRUSTED_ISSUER_KEYS,
): { licence: Licence; issuer: LicenceIssuer } {
  const text = keyOrPath.trim().startsWith('quire1.') ? keyOrPath : safeRead(keyOrPath);
  const own = verifyLicence(text, builtIn);
  if (own.ok) return { licence: own.licence, issuer: 'built-in' };
  const r = verifyLicence(text, operatorPem);
  if (!r.ok) throw new ServiceConfigError(`the licence key is refused: ${r.reason}`);
  return { licence: r.licence, issuer: 'operator' };
}

/** The fingerprint GET /health shows for an issuer key the operator trusts: sha256 of its DER, hex. */
export function issuerFingerprint(pem: string): string {
  try {
    const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
    return `sha256:${createHash('sha256').update(der).digest('hex')}`;
  } catch {
    throw new ServiceConfigError('the issuer public key is not a PEM public key');
  }
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new ServiceConfigError(
      `the licence file ${path} cannot be read: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** GET /health `licensed`: whether a licence covers today. */
export function licensedToday(settings: ServiceSettings, now = new Date()): boolean {
  return settings.licence !== undefined && coversDay(settings.licence, now);
}
