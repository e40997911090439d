// ir/security-types.ts — IR of a document's protection (issue 24): `encryption` (passwords and the
// permissions granted) as read by ir/read/security.ts, checked against the claims in
// passes/cross-refusals/security.ts and written by passes/emit/document/encryption.ts.
import type { JsonPointer } from './pointer.js';

/** The words `encryption.permissions` takes, in the order of their /P bits (ISO 32000-2 Table 22). */
export const PERMISSIONS = [
  'print',
  'modify',
  'copy',
  'annotate',
  'fill_forms',
  'extract_for_accessibility',
  'assemble',
  'print_high',
] as const;
export type PermissionWord = (typeof PERMISSIONS)[number];

/** Longest password in UTF-8 bytes (ISO 32000-2 §7.6.4.3.3: "truncated to 127 bytes"). */
export const MAX_PASSWORD_BYTES = 127;
/** Longest password under AES-128 (ISO 32000-1 §7.6.3.3: padded or truncated to 32 bytes). */
export const MAX_PASSWORD_BYTES_R4 = 32;

/**
 * A password or key password as read: its text is reachable only through `reveal()`, so an IR dump
 * (tools/explain), a log line or JSON of the IR never carries it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '<secret>';
  }
  toString(): string {
    return '<secret>';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '<secret>';
  }
}

export interface EncryptionSettings {
  at: JsonPointer;
  /** As sent, NFKC-normalised (SASLprep's mapping, the form R6 hashes). Never written to a remark. */
  userPassword: Secret;
  ownerPassword: Secret;
  permissions: ReadonlySet<PermissionWord>;
  /** Where `permissions` was written; absent when every permission is granted by default. */
  permissionsAt?: JsonPointer;
}
