// src/clients.ts — what a client named by `x-svc-client` renders under: its page ceiling and
// entitlements. An unknown or absent client renders under the defaults (spec: Authentication 2).
// The client config file arrives with the total-validation issue; until then every client is default.

/** Default page ceiling of this server (spec Limits: "Page ceiling: per server and per account"; value not shown). */
export const DEFAULT_PAGE_CEILING = 10_000;

export interface ClientSettings {
  name: string | undefined;
  /** Largest document this client may render; past it 413 too_many_pages. */
  pageCeiling: number;
  /** Licence features this client's account carries (e.g. 'standard_fonts'). */
  features: ReadonlySet<string>;
}

export function defaultClient(name?: string): ClientSettings {
  return { name, pageCeiling: DEFAULT_PAGE_CEILING, features: new Set() };
}
