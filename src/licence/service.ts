// src/licence/service.ts — what the server knows about itself at start-up: its licence (verified
// once) and its clients config (checked once). Both are read from files named by the server's
// settings; a bad file stops the server from starting with one sentence, never a bad render later.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { LICENCE_FEATURES } from '../../ir/entitlements.js';
import type { ClientsConfig } from '../clients.js';
import { coversDay, type Licence, verifyLicence } from './licence.js';

/**
 * Public keys (PEM) whose licences this build trusts. The issuer's private key is never in the
 * repository; a build for customers pins its issuer here. Operators and tests may add a key through
 * the `licence_public_key` setting.
 */
export const TRUSTED_ISSUER_KEYS: readonly string[] = [];

export interface ServiceSettings {
  clients?: ClientsConfig;
  licence?: Licence;
  /** The server's own page ceiling: no client renders more, whatever its own entry says. */
  pageCeiling?: number;
  /** The memory budget of one render, bytes (ir/memory-budget.ts; `--render-memory`); absent: the default. */
  renderMemory?: number;
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
const validateClients = new Ajv({ allErrors: false }).compile({
  type: 'object',
  additionalProperties: false,
  properties: { default: entry, clients: { type: 'object', additionalProperties: entry } },
});

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
  if (!validateClients(value)) {
    const err = validateClients.errors![0];
    throw new ServiceConfigError(
      `the clients config ${path} is not valid at "${err.instancePath || '/'}": ${err.message}`,
    );
  }
  return value as ClientsConfig;
}

/** Verifies the server's licence key (the key text itself, or a file holding it). Throws ServiceConfigError. */
export function readLicence(keyOrPath: string, extraTrustedPem: readonly string[] = []): Licence {
  const text = keyOrPath.trim().startsWith('quire1.') ? keyOrPath : safeRead(keyOrPath);
  const r = verifyLicence(text, [...TRUSTED_ISSUER_KEYS, ...extraTrustedPem]);
  if (!r.ok) throw new ServiceConfigError(`the licence key is refused: ${r.reason}`);
  return r.licence;
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
