// ir/entitlements.ts — what a render may use, as the passes see it: the page ceiling and the licence
// features in force (spec: Authentication 2, Errors 402). The faces (src/clients.ts) resolve a client
// and the server's licence into these; passes never see a client config or a licence key.

/** Licence features, by what they unlock (spec Errors, the 402 cases). */
export const LICENCE_FEATURES = [
  'fonts_without_outlines',
  'large_imported_pages',
  'tagging',
  'structure_destinations',
] as const;

export type LicenceFeature = (typeof LICENCE_FEATURES)[number];

/** What one render is entitled to. */
export interface Entitlements {
  /** Largest document in pages; past it 413 too_many_pages (spec Limits: "Page ceiling"). */
  readonly pageCeiling: number;
  /** Licence features usable in this render (the licence covers the day and the client may use them). */
  readonly features: ReadonlySet<string>;
}
