// test/refusal-cases/support.ts — the shape of a refusal case and the fixtures cases draw on. A case
// is one entry of the message table met by the smallest request that reaches it first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RefusalKey } from '../../ir/messages.js';

export { NOTO_SANS, NOTO_SANS_B64 } from '../support/fixtures.js';
export { NIMBUS_SANS_OTF, NIMBUS_SANS_PFB } from '../support/font-fixtures.js';
export { NOTO_ARABIC_B64, NOTO_HEBREW_B64 } from '../support/rtl-fonts.js';
export { FACTUR_X_XML } from '../support/standards.js';

export interface RefusalCase {
  /** The entry of REFUSALS (ir/messages.ts) this case meets. */
  key: RefusalKey;
  /** Optional: what the case shows, when the key alone does not say it. */
  what?: string;
  /** The description: an object, or `raw(text)` for bytes that are not (good) JSON. */
  description: unknown;
  /** Supplied parts by name. */
  parts?: Record<string, Uint8Array>;
  /** Rendered under a licence covering every feature (so a 402 does not come first). */
  licensed?: boolean;
  /** The server's page ceiling (service pageCeiling) the case renders under. */
  pageCeiling?: number;
  /** The memory budget of a render (service renderMemory, bytes) the case renders under. */
  renderMemory?: number;
  /** Rendered for this client (x-svc-client), under the service settings of the walk. */
  client?: string;
  /** Posted to the walk's one server instead of rendered in-process (see server.ts). */
  http?: HttpCall;
  status: number;
  word: string;
  /** The JSON pointer the refusal names ('' for the call itself). */
  pointer: string;
  /** Fragments the sentence must contain: the key or name at fault. */
  says: string[];
}

/** A call to the walk's server: the raw request, and how its fake worker pool answers. */
export interface HttpCall {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** A multipart body made of these fields (name, value), or a raw body. */
  form?: [string, string | Uint8Array][];
  body?: string;
}

/** Bytes of a description that are not JSON, or JSON with something JSON.parse would hide (a key twice). */
export const raw = (text: string): { raw: string } => ({ raw: text });
export const bytes = (base64: string): Uint8Array => new Uint8Array(Buffer.from(base64, 'base64'));
export const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64');
/** A part kept as a file under test/refusal-cases/parts/ (too large to write inline). */
export const file = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(join(import.meta.dirname, 'parts', name)));

/** An ICC profile of Ghostscript's (tools/install-test-deps.sh installs them). */
export function icc(name: string): Uint8Array {
  const dirs = [
    '/usr/share/color/icc/ghostscript',
    ...(existsSync('/usr/share/ghostscript')
      ? readdirSync('/usr/share/ghostscript').map((v) => `/usr/share/ghostscript/${v}/iccprofiles`)
      : []),
  ];
  for (const d of dirs) if (existsSync(join(d, name))) return new Uint8Array(readFileSync(join(d, name)));
  throw new Error(`the ICC profile ${name} is missing: run tools/install-test-deps.sh`);
}
