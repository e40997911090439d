// test/support/signing.ts — a throwaway signing identity for tests (issue 24): an RSA key made by
// node's crypto, a self-signed certificate and a PKCS#12 file made with node-forge.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export function makeP12(commonName: string, password: string): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '0a';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'quire tests' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const der = forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' })).getBytes();
  return new Uint8Array(Buffer.from(der, 'binary'));
}
