// src/types.ts — the library's outward contract: what `render()` takes and the Outcome it returns.
// The server (src/server.ts) and the CLI (src/cli.ts) are thin shells over this one call, so the
// three produce the same PDF for the same input and `now`.
import type { Description } from '../ir/description.generated.js';
import type { Finding, Refusal, Remark } from '../ir/diagnostics.js';

export type { Description };

/**
 * What `render()` takes. Inside the project (server, CLI, tests that send broken descriptions on
 * purpose) the description may be any value; the package exports `RenderInput<Description>`
 * (src/index.ts), the description typed by the schema.
 */
export interface RenderInput<D = unknown> {
  /**
   * The description: raw JSON bytes or text (read strictly: duplicate keys refused), or a value of the
   * `Description` type (generated from the schema, schema/description.schema.json, so TypeScript
   * catches a misspelt key or a wrong value in an object literal before the service does).
   */
  description: Uint8Array | string | D;
  /** Supplied parts by name (everything but json_data). */
  parts?: ReadonlyMap<string, Uint8Array> | Record<string, Uint8Array>;
  /** The `x-svc-client` name; unknown or absent renders under defaults. */
  client?: string;
  /** The server's licence and clients config (src/licence/service.ts); absent: no licence, defaults for all. */
  service?: import('./licence/service.js').ServiceSettings;
  /** The moment of rendering (date runs, metadata dates). Injected so output is reproducible. */
  now?: Date;
  /** Hook for tools/explain: called with each pass's id and its output IR. */
  trace?: (pass: string, ir: unknown, ms: number) => void;
}

export interface RenderSuccess {
  ok: true;
  pdf: Uint8Array;
  pages: number;
  remarks: Remark[];
  findings: Finding[];
}

export interface RenderRefusal extends Refusal {
  ok: false;
  remarks: Remark[];
}

export type Outcome = RenderSuccess | RenderRefusal;
