// test/refusal-cases/security.ts — refusal cases of `encryption` and signing (issue 24), walked by
// test/refusals.test.ts as the other areas' are. No sentence may carry a password: `says` names keys.
import { makeP12 } from '../support/signing.js';
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

const P12 = makeP12('Refusal Signer', 'pw');
const signed = (name: string, y: number) => ({
  type: 'signature_field',
  name,
  rect: { llx: 10, lly: y, urx: 200, ury: y + 40 },
  sign: { p12: 'key.p12', password: 'pw' },
});

CASES.push(
  {
    key: 'signKeyUnreadable',
    description: { items: [signed('sig', 10)] },
    parts: { 'key.p12': new TextEncoder().encode('not a pkcs12 file') },
    status: 400,
    word: 'description',
    pointer: '/items/0/sign/p12',
    says: ['"key.p12"', '/items/0/sign/p12', 'PKCS#12'],
  },
  {
    key: 'signKeyUnreadable',
    what: 'the wrong password, never repeated',
    description: { items: [{ ...signed('sig', 10), sign: { p12: 'key.p12', password: 'not-the-password' } }] },
    parts: { 'key.p12': P12 },
    status: 400,
    word: 'description',
    pointer: '/items/0/sign/p12',
    says: ['"key.p12"', 'password'],
  },
  {
    key: 'signWithEncryption',
    description: { items: [signed('sig', 10)], encryption: { owner_password: 'owner-secret' } },
    parts: { 'key.p12': P12 },
    status: 400,
    word: 'description',
    pointer: '/items/0/sign',
    says: ['/items/0/sign', '/encryption'],
  },
  {
    key: 'signTwice',
    description: { items: [signed('a', 10), signed('b', 100)] },
    parts: { 'key.p12': P12 },
    status: 400,
    word: 'description',
    pointer: '/items/1/sign',
    says: ['/items/1/sign', '/items/0/sign'],
  },
);
