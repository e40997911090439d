// passes/cross-refusals/security.ts — `encryption` against the rest of the description (issue 24):
// refused beside an archive claim (ISO 19005-2 §6.1.3: no Encrypt key); beside an accessible claim
// only when assistive technology may extract (ISO 14289-1 §7.16: P bit 10); a declared version older
// than 1.6 (no AES) refused; 1.6 encrypts with AES-128, whose passwords are 32 Latin-1 bytes at most.
import { refuse } from '../../ir/messages.js';
import { at } from '../../ir/pointer.js';
import { MAX_PASSWORD_BYTES_R4 } from '../../ir/security-types.js';
import type { DocSettings, Item } from '../../ir/types.js';
import { docVersion, requireVersion } from '../../ir/version.js';

/**
 * Signing (decisions, docs/reference.md "Signing a signature_field"): one signed field per render
 * (each signature covers the whole file; a second needs an incremental update), and not beside
 * `encryption`.
 */
export function checkSigning(doc: DocSettings, items: readonly Item[]): void {
  let first: string | undefined;
  for (const item of items) {
    if (item.type !== 'signature_field' || !item.sign) continue;
    if (first) refuse('signTwice', item.sign.at, { key: item.sign.at, other: first });
    first = item.sign.at;
    if (doc.encryption) refuse('signWithEncryption', item.sign.at, { key: item.sign.at, other: doc.encryption.at });
  }
}

export function checkSecurity(doc: DocSettings): void {
  const enc = doc.encryption;
  if (!enc) return;
  const std = doc.standards;
  if (std?.archive) refuse('encryptionWithArchive', enc.at, { key: enc.at, other: std.archive.at });
  if (std?.accessible && !enc.permissions.has('extract_for_accessibility')) {
    const key = enc.permissionsAt ?? enc.at;
    refuse('encryptionAccessibility', key, { key, other: std.accessible.at });
  }
  requireVersion(doc, '1.6', enc.at, 'encryption with AES');
  if (docVersion(doc) === '1.6' && std?.declaredVersion)
    for (const [key, pw] of [
      ['user_password', enc.userPassword],
      ['owner_password', enc.ownerPassword],
    ] as const) {
      const text = pw.reveal();
      // R4 pads or cuts a password to 32 bytes of PDFDocEncoding (ISO 32000-1 §7.6.3.3): Latin-1 here.
      if (text.length > MAX_PASSWORD_BYTES_R4 || /[^\u0000-\u00ff]/.test(text))
        refuse('encryptionPasswordAes128', at(enc.at, key), {
          key: at(enc.at, key),
          max: MAX_PASSWORD_BYTES_R4,
          other: std.declaredVersion.at,
        });
    }
}
