// ir/read/security.ts — reading `encryption` (issue 24). The schema has checked the shapes; here the
// passwords are normalised (NFKC: SASLprep's mapping, ISO 32000-2 §7.6.4.3.3) and measured, equal
// passwords are refused (the owner password would open the file with every permission), and an absent
// `permissions` grants all. A password is never part of a refusal or remark: sentences name the key.
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { at } from '../pointer.js';
import { type EncryptionSettings, MAX_PASSWORD_BYTES, PERMISSIONS, Secret } from '../security-types.js';

export function readEncryption(raw: D.Encryption | undefined): EncryptionSettings | undefined {
  if (!raw) return undefined;
  const base = at('', 'encryption');
  const user = (raw.user_password ?? '').normalize('NFKC');
  const owner = raw.owner_password.normalize('NFKC');
  for (const [key, pw] of [
    ['user_password', user],
    ['owner_password', owner],
  ] as const)
    if (Buffer.byteLength(pw, 'utf8') > MAX_PASSWORD_BYTES)
      refuse('encryptionPasswordLong', at(base, key), { key: at(base, key), max: MAX_PASSWORD_BYTES });
  if (user === owner)
    refuse('encryptionSamePasswords', at(base, 'user_password'), {
      key: at(base, 'user_password'),
      other: at(base, 'owner_password'),
    });
  return {
    at: base,
    userPassword: new Secret(user),
    ownerPassword: new Secret(owner),
    permissions: new Set(raw.permissions ?? PERMISSIONS),
    permissionsAt: raw.permissions ? at(base, 'permissions') : undefined,
  };
}
