// src/clients.ts — what a render runs under: the client named by `x-svc-client` gets its page
// ceiling and entitlements from the clients config; an unknown or absent client gets the config's
// defaults (spec: Authentication 2). A licence feature is usable only when the server's licence covers
// the day AND the client is entitled to it. Passes see only the resolved ClientSettings.

import { LICENCE_FEATURES, type LicenceFeature } from '../ir/entitlements.js';
import type { Licence } from './licence/licence.js';
import { coversDay } from './licence/licence.js';

/** Default page ceiling (spec Limits: "Page ceiling: per server and per account"; value not shown). */
export const DEFAULT_PAGE_CEILING = 10_000;

/** One client's entry in the clients config (docs/reference.md, "Clients"). */
export interface ClientEntry {
  /** Largest document in pages; past it 413 too_many_pages. */
  page_ceiling?: number;
  /** Licence features this client may use; "licensed" (the default) means all the server's licence carries. */
  features?: LicenceFeature[] | 'licensed';
}

export interface ClientsConfig {
  default?: ClientEntry;
  clients?: Record<string, ClientEntry>;
}

export interface ClientSettings {
  name: string | undefined;
  /** Whether the name was found in the config (an unknown client renders under the defaults). */
  known: boolean;
  pageCeiling: number;
  /** Licence features usable in this render. */
  features: ReadonlySet<string>;
}

/** The settings of a render with no config and no licence. */
export function defaultClient(name?: string): ClientSettings {
  return { name, known: false, pageCeiling: DEFAULT_PAGE_CEILING, features: new Set() };
}

/** Resolves a client name against the config and the server's licence, at the moment of rendering. */
export function resolveClient(
  name: string | undefined,
  config: ClientsConfig | undefined,
  licence: Licence | undefined,
  now: Date,
  serverCeiling?: number,
): ClientSettings {
  const own =
    name !== undefined && config?.clients && Object.hasOwn(config.clients, name) ? config.clients[name] : undefined;
  const entry: ClientEntry = { ...(config?.default ?? {}), ...(own ?? {}) };
  const licensed = licence && coversDay(licence, now) ? new Set<string>(licence.features) : new Set<string>();
  const wanted = entry.features === undefined || entry.features === 'licensed' ? [...LICENCE_FEATURES] : entry.features;
  return {
    name,
    known: own !== undefined,
    // spec Limits: a ceiling "per server and per account": the lower of the two holds.
    pageCeiling: Math.min(entry.page_ceiling ?? DEFAULT_PAGE_CEILING, serverCeiling ?? Infinity),
    features: new Set(wanted.filter((f) => licensed.has(f))),
  };
}
