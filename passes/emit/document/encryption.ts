// passes/emit/document/encryption.ts — emission, `encryption` (issue 24): chooses the revision by the
// version written (1.6: AES-128 /V 4 /R 4; 1.7 and 2.0: AES-256 /V 5 /R 6, on 1.7 with the Adobe
// extension level 8 it rests on), registers the encryption dictionary, and hands the serializer
// what encrypts every other string and stream (engines/pdf/serialize.ts). Runs after the catalog,
// since R4 mixes the trailer /ID into its key.

import type { PDFContext } from 'pdf-lib';
import { PDFDict, PDFName, type PDFRef } from 'pdf-lib';
import {
  createEncryptor,
  type EncryptionRevision,
  type Encryptor,
  encryptionDict,
  permissionBits,
} from '../../../engines/pdf/encryption.js';
import type { EncryptionSettings } from '../../../ir/security-types.js';
import type { PdfVersion } from '../../../ir/standards-types.js';

export function writeEncryption(
  context: PDFContext,
  enc: EncryptionSettings,
  version: PdfVersion,
): { encryptor: Encryptor; ref: PDFRef } {
  const revision: EncryptionRevision = version === '1.6' ? 'aes-128' : 'aes-256';
  const bytes = (s: string) => Buffer.from(s, revision === 'aes-256' ? 'utf8' : 'latin1');
  const id = context.trailerInfo.ID as unknown as { get(i: number): { asBytes(): Uint8Array } };
  const encryptor = createEncryptor({
    revision,
    userPassword: bytes(enc.userPassword.reveal()),
    ownerPassword: bytes(enc.ownerPassword.reveal()),
    permissions: permissionBits(enc.permissions, revision),
    id: id.get(0).asBytes(),
  });
  const ref = context.register(encryptionDict(context, encryptor));
  context.trailerInfo.Encrypt = ref;
  if (encryptor.adbeExtensionLevel && version !== '2.0') {
    const catalog = context.lookup(context.trailerInfo.Root, PDFDict);
    const ext = context.obj({ BaseVersion: PDFName.of(version), ExtensionLevel: encryptor.adbeExtensionLevel });
    const extensions = catalog.lookupMaybe(PDFName.of('Extensions'), PDFDict) ?? context.obj({});
    extensions.set(PDFName.of('ADBE'), ext);
    catalog.set(PDFName.of('Extensions'), extensions);
  }
  return { encryptor, ref };
}
