// engines/pdf/signature.ts — signing a finished file (issue 24): a PKCS#12 key read with node-forge,
// a signature dictionary written with placeholders (a /ByteRange of fixed width, a /Contents hex
// string of zeros), and, after serialization, the byte range measured, the CMS made over it and
// patched in. PAdES B-B (ETSI EN 319 142-1): /SubFilter /ETSI.CAdES.detached, a detached CMS
// SignedData (SHA-256, RSA) whose signed attributes are content-type, message-digest and the ESS
// signing-certificate-v2 (RFC 5035) — no signing-time attribute (the time is the dictionary's /M).
// The CMS is built by node-forge's PKCS#7 writer; the one attribute forge cannot write itself is
// added to its ASN.1 tree with forge's own ASN.1 constructors and the signed attributes signed again.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type forge from 'node-forge';

// node-forge is required when a file is first signed, not at load: loading it is ~50 ms of CPU
// that a fresh process rendering anything else would spend (bench/README.md, start-up). Each
// function below that calls it names it `forge` locally; types still come from the import.
const require = createRequire(import.meta.url);
let forgeLib: typeof forge | undefined;
function nodeForge(): typeof forge {
  forgeLib ??= require('node-forge') as typeof forge;
  return forgeLib;
}

/** OID of the ESS signing-certificate-v2 attribute (RFC 5035). */
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

/** The widest byte offset the placeholder holds (ten digits: files up to 9.3 GB). */
const BYTE_RANGE_PLACEHOLDER = [0, 9999999999, 9999999999, 9999999999];

/** A signer loaded from a PKCS#12 file: its key stays inside (never printed: private fields). */
export class Signer {
  readonly #key: forge.pki.rsa.PrivateKey;
  readonly #cert: forge.pki.Certificate;
  readonly #chain: forge.pki.Certificate[];
  /** The signing certificate's subject common name (or organisation), shown in the appearance and /Name. */
  readonly name: string;
  /** Hex of the certificate's SHA-256, for the trailer /ID and tests. */
  readonly fingerprint: string;
  constructor(key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate, chain: forge.pki.Certificate[]) {
    this.#key = key;
    this.#cert = cert;
    this.#chain = chain;
    const field = (n: string) => cert.subject.getField(n)?.value as string | undefined;
    this.name = field('CN') ?? field('O') ?? 'unnamed signer';
    this.fingerprint = createHash('sha256').update(derOf(cert)).digest('hex');
  }

  /** Bytes the /Contents placeholder reserves: room for the CMS with every certificate, and some. */
  get reserve(): number {
    return 4096 + [this.#cert, ...this.#chain].reduce((n, c) => n + derOf(c).length, 0);
  }

  /** A detached CAdES CMS SignedData over `data` (DER). */
  cms(data: Uint8Array): Uint8Array {
    const forge = nodeForge();
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(Buffer.from(data).toString('binary'));
    p7.addCertificate(this.#cert);
    for (const c of this.#chain) p7.addCertificate(c);
    p7.addSigner({
      key: this.#key,
      certificate: this.#cert,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    // signing-certificate-v2: SEQUENCE { certs SEQUENCE OF ESSCertIDv2 { certHash } } (hashAlgorithm
    // SHA-256 is the DEFAULT and so left out; issuerSerial left out as EN 319 122-1 recommends).
    const { asn1 } = forge;
    const certHash = createHash('sha256').update(derOf(this.#cert)).digest().toString('binary');
    const attribute = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(SIGNING_CERTIFICATE_V2).getBytes()),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
              asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, certHash),
            ]),
          ]),
        ]),
      ]),
    ]);
    // SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature.
    const signerInfo = (p7 as unknown as { signerInfos: forge.asn1.Asn1[] }).signerInfos[0];
    const parts = signerInfo.value as forge.asn1.Asn1[];
    const signed = parts[3];
    (signed.value as forge.asn1.Asn1[]).push(attribute);
    // The signature covers the attributes as a SET (RFC 5652 §5.4), DER: sorted by their encodings.
    const attrs = (signed.value as forge.asn1.Asn1[])
      .map((a) => ({ a, der: asn1.toDer(a).getBytes() }))
      .sort((x, y) => (x.der < y.der ? -1 : x.der > y.der ? 1 : 0));
    signed.value = attrs.map((x) => x.a);
    const set = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, signed.value as forge.asn1.Asn1[]);
    const md = forge.md.sha256.create();
    md.update(asn1.toDer(set).getBytes());
    parts[5].value = this.#key.sign(md, 'RSASSA-PKCS1-V1_5');
    return Buffer.from(asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

function derOf(cert: forge.pki.Certificate): Buffer {
  const forge = nodeForge();
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
}

/**
 * Most key-derivation rounds a PKCS#12 file may ask (its MAC, PBES1/PBES2 parameters): node-forge
 * derives in JavaScript, so a file asking billions would hold a worker for hours. OpenSSL 3 writes
 * 2 048, Windows and Java 10 000 or less.
 */
export const MAX_P12_ITERATIONS = 100_000;

/**
 * The largest iteration count anywhere in the file: an INTEGER following an OCTET STRING (the salt)
 * in a SEQUENCE, as PBEParameter, PBKDF2-params and MacData all are; OCTET STRINGs holding DER (the
 * PKCS#12 authenticated safe and its bags) are read into. Reads with node-forge's ASN.1 parser.
 */
function maxIterations(node: forge.asn1.Asn1, depth = 0): number {
  const forge = nodeForge();
  const { asn1 } = forge;
  if (depth > 32) return 0;
  let max = 0;
  if (Array.isArray(node.value)) {
    const kids = node.value as forge.asn1.Asn1[];
    kids.forEach((k, i) => {
      if (
        node.type === asn1.Type.SEQUENCE &&
        k.type === asn1.Type.INTEGER &&
        k.tagClass === asn1.Class.UNIVERSAL &&
        i > 0 &&
        kids[i - 1].type === asn1.Type.OCTETSTRING
      ) {
        const bytes = k.value as string;
        // more than four bytes is beyond any sane count
        const n = bytes.length > 4 ? Number.MAX_SAFE_INTEGER : forge.util.createBuffer(bytes).getInt(bytes.length * 8);
        max = Math.max(max, n);
      }
      max = Math.max(max, maxIterations(k, depth + 1));
    });
  } else if (node.type === asn1.Type.OCTETSTRING && typeof node.value === 'string' && node.value.length > 1) {
    try {
      max = Math.max(max, maxIterations(asn1.fromDer(node.value, true), depth + 1));
    } catch {
      // not DER inside: a salt, a digest, ciphertext
    }
  }
  return max;
}

/**
 * Reads a PKCS#12 file with its password: the one RSA key it holds and the certificate whose public
 * key is that key's (the signing certificate), the other certificates as its chain. What goes wrong
 * is said without the password.
 */
export function loadSigner(
  p12: Uint8Array,
  password: string,
): { ok: true; signer: Signer } | { ok: false; detail: string } {
  try {
    return readSigner(p12, password);
  } catch {
    // a file forge parses but whose bags or certificates are damaged
    return { ok: false, detail: 'it does not read as PKCS#12 (or uses a cipher node-forge does not read)' };
  }
}

function readSigner(p12: Uint8Array, password: string): { ok: true; signer: Signer } | { ok: false; detail: string } {
  const forge = nodeForge();
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const der = forge.asn1.fromDer(Buffer.from(p12).toString('binary'));
    if (maxIterations(der) > MAX_P12_ITERATIONS)
      return { ok: false, detail: `it asks more than ${MAX_P12_ITERATIONS} key-derivation rounds` };
    parsed = forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (e) {
    const m = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      detail: /password|MAC/i.test(m)
        ? 'it does not open with the password given'
        : 'it does not read as PKCS#12 (or uses a cipher node-forge does not read)',
    };
  }
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const keys = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag), ...bags(forge.pki.oids.keyBag)]
    .map((b) => b.key)
    .filter((k): k is forge.pki.rsa.PrivateKey => !!k && 'n' in k);
  if (keys.length !== 1)
    return {
      ok: false,
      detail: keys.length ? 'it holds more than one key' : 'it holds no RSA private key (other key types are not read)',
    };
  const key = keys[0];
  const certs = bags(forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const own = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return 'n' in pub && pub.n.equals(key.n) && pub.e.equals(key.e);
  });
  if (!own) return { ok: false, detail: 'it holds no certificate for its key' };
  return {
    ok: true,
    signer: new Signer(
      key,
      own,
      certs.filter((c) => c !== own),
    ),
  };
}

/** The signature dictionary with its placeholders (pdf-lib literal; strings by the caller's writer). */
export function signaturePlaceholder(reserve: number): { ByteRange: number[]; contentsHex: string } {
  return { ByteRange: BYTE_RANGE_PLACEHOLDER, contentsHex: '0'.repeat(reserve * 2) };
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

/**
 * Patches the serialized file: finds the one signature dictionary's placeholders, writes the byte
 * range (everything but the /Contents hex string, delimiters included in the hole), and the CMS over
 * those bytes into /Contents. The file's length does not change.
 */
export function patchSignature(
  pdf: Uint8Array,
  signer: Signer,
): { pdf: Uint8Array; byteRange: number[]; contentsHex: string } {
  const text = latin1(pdf);
  const marker = `/ByteRange [ ${BYTE_RANGE_PLACEHOLDER.join(' ')} ]`;
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error('the signature placeholder is not found once');
  const open = text.indexOf('/Contents <', at) + '/Contents '.length;
  const close = text.indexOf('>', open);
  if (open < at || close < 0 || !/^<0+$/.test(text.slice(open, close)))
    throw new Error('the signature /Contents placeholder is not where it was written');
  const range = [0, open, close + 1, pdf.length - close - 1];
  const written = `/ByteRange [${range.join(' ')}]`.padEnd(marker.length, ' ');
  const out = Buffer.from(pdf);
  out.write(written, at, 'latin1');
  const signedBytes = Buffer.concat([out.subarray(0, open), out.subarray(close + 1)]);
  const cms = Buffer.from(signer.cms(signedBytes)).toString('hex').toUpperCase();
  if (cms.length > close - open - 1) throw new Error('the CMS is larger than the room reserved for it');
  out.write(cms, open + 1, 'latin1');
  return { pdf: out, byteRange: range, contentsHex: cms.padEnd(close - open - 1, '0') };
}
