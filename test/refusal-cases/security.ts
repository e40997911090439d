// test/refusal-cases/security.ts — refusal cases of `encryption` and signing (issue 24), walked by
// test/refusals.test.ts as the other areas' are. No sentence may carry a password: `says` names keys.
import type { RefusalCase } from './support.js';

const ITEMS = [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [1, 0, 0] }];

export const CASES: RefusalCase[] = [
  {
    key: 'encryptionPasswordLong',
    description: { items: ITEMS, encryption: { owner_password: 'x'.repeat(128) } },
    status: 400,
    word: 'description',
    pointer: '/encryption/owner_password',
    says: ['/encryption/owner_password', '127'],
  },
  {
    key: 'encryptionSamePasswords',
    description: { items: ITEMS, encryption: { user_password: 'same-secret', owner_password: 'same-secret' } },
    status: 400,
    word: 'description',
    pointer: '/encryption/user_password',
    says: ['/encryption/user_password', '/encryption/owner_password'],
  },
  {
    key: 'encryptionWithArchive',
    description: { items: ITEMS, archive: 'pdfa2b', encryption: { owner_password: 'owner-secret' } },
    status: 400,
    word: 'description',
    pointer: '/encryption',
    says: ['/encryption', '/archive'],
  },
  {
    key: 'encryptionAccessibility',
    description: {
      items: ITEMS,
      accessible: 'pdfua1',
      encryption: { owner_password: 'owner-secret', permissions: ['print', 'copy'] },
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/encryption/permissions',
    says: ['/encryption/permissions', '/accessible', 'extract_for_accessibility'],
  },
  {
    key: 'encryptionPasswordAes128',
    description: { items: ITEMS, version: '1.6', encryption: { owner_password: 'ключ-secret' } },
    status: 400,
    word: 'description',
    pointer: '/encryption/owner_password',
    says: ['/encryption/owner_password', '/version', '32'],
  },
];
