// engines/pdf/encryption.ts — the standard security handler (ISO 32000-2 §7.6.4): the keys and the
// encryption dictionary for a pair of passwords and a permission set, and the cipher applied to each
// string and stream as the serializer writes it (engines/pdf/serialize.ts). Two revisions:
//   - AES-256, /V 5 /R 6 (ISO 32000-2; PDF 1.7 with Adobe extension level 8): a random 256-bit file
//     key wrapped under each password's Algorithm 2.B hash (SHA-256/384/512 with AES rounds);
//   - AES-128, /V 4 /R 4 (ISO 32000-1 §7.6.3, PDF 1.6): the MD5/RC4 key derivation of Algorithms 2–5,
//     and a key per object (Algorithm 1 with "sAlT").
// Salts, the file key and every IV come from crypto.randomBytes, as the standard asks ("random"): an
// encrypted file is therefore different at each render (docs/reference.md, "encryption").
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFStream,
  PDFString,
} from 'pdf-lib';

export type EncryptionRevision = 'aes-256' | 'aes-128';

export interface EncryptionRequest {
  revision: EncryptionRevision;
  /** UTF-8 (R6, after NFKC) or Latin-1 (R4) bytes; empty = opens without a password. */
  userPassword: Uint8Array;
  ownerPassword: Uint8Array;
  /** The /P value as a signed 32-bit integer (permissionBits). */
  permissions: number;
  /** The first half of the trailer /ID (R4 mixes it into the key). */
  id: Uint8Array;
}

/** Bits of /P (ISO 32000-2 Table 22) by the words `encryption.permissions` takes. */
export const PERMISSION_BITS = {
  print: 3,
  modify: 4,
  copy: 5,
  annotate: 6,
  fill_forms: 9,
  extract_for_accessibility: 10,
  assemble: 11,
  print_high: 12,
} as const;
export type Permission = keyof typeof PERMISSION_BITS;

/**
 * /P for a set of permissions: bits 1–2 clear, 7–8 and 13–32 set (Table 22 "shall be 1"), the asked
 * ones set. Under R6 bit 10 is always set: ISO 32000-2 deprecates it and tells writers to set it.
 */
export function permissionBits(granted: Iterable<Permission>, revision: EncryptionRevision): number {
  let p = 0xffffffff & ~0b11 & ~0b111100 & ~(0b1111 << 8); // clear 1–2, 3–6, 9–12
  for (const g of granted) p |= 1 << (PERMISSION_BITS[g] - 1);
  // Bit 12 refines bit 3 ("when bit 3 is set"): printing in high quality grants printing.
  if (p & (1 << 11)) p |= 1 << 2;
  if (revision === 'aes-256') p |= 1 << 9;
  return p | 0;
}

export interface Encryptor {
  /** The encryption dictionary (not itself encrypted; never in an object stream). */
  dict: Record<string, unknown>;
  /** For the catalog of a 1.7 file under R6: the extension it rests on. */
  adbeExtensionLevel?: number;
  /** Encrypts the bytes of a string or stream of object `num` (generation 0). */
  encrypt(bytes: Uint8Array, num: number): Uint8Array;
}

function aesCbc(key: Uint8Array, bytes: Uint8Array): Uint8Array {
  // AESV2/AESV3 (§7.6.3.2): a random 16-byte IV first, then CBC with PKCS#5 padding.
  const iv = randomBytes(16);
  const c = createCipheriv(key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', key, iv);
  return Buffer.concat([iv, c.update(bytes), c.final()]);
}

function aesNoPad(algorithm: string, key: Uint8Array, iv: Uint8Array | null, bytes: Uint8Array): Buffer {
  const c = createCipheriv(algorithm, key, iv);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(bytes), c.final()]);
}

/** Algorithm 2.B (ISO 32000-2 §7.6.4.3.4): the hash of a password with a salt (and U for the owner). */
export function hash2B(password: Uint8Array, salt: Uint8Array, udata: Uint8Array): Buffer {
  let k: Buffer = createHash('sha256').update(password).update(salt).update(udata).digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat([password, k, udata]);
    const block = Buffer.alloc(k1.length * 64);
    for (let i = 0; i < 64; i++) k1.copy(block, i * k1.length);
    const e = aesNoPad('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32), block);
    // the first 16 bytes of E as a number modulo 3 = the sum of its bytes modulo 3 (256 ≡ 1 mod 3)
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3])
      .update(e)
      .digest();
    // after at least 64 rounds, stop once E's last byte is at most (rounds done) − 32
    if (round + 1 >= 64 && e[e.length - 1] <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}

function r6(req: EncryptionRequest): Encryptor {
  const fileKey = randomBytes(32);
  const uSalts = randomBytes(16);
  const u = Buffer.concat([hash2B(req.userPassword, uSalts.subarray(0, 8), new Uint8Array()), uSalts]);
  const ue = aesNoPad('aes-256-cbc', hash2B(req.userPassword, uSalts.subarray(8), new Uint8Array()), zeroIv, fileKey);
  const oSalts = randomBytes(16);
  const o = Buffer.concat([hash2B(req.ownerPassword, oSalts.subarray(0, 8), u), oSalts]);
  const oe = aesNoPad('aes-256-cbc', hash2B(req.ownerPassword, oSalts.subarray(8), u), zeroIv, fileKey);
  // Perms (Algorithm 10): P little-endian over 8 bytes, 'T' (metadata encrypted), "adb", 4 random bytes.
  const perms = Buffer.alloc(16, 0xff);
  perms.writeInt32LE(req.permissions, 0);
  perms.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(perms, 12);
  const permsEnc = aesNoPad('aes-256-ecb', fileKey, null, perms);
  return {
    dict: {
      Filter: 'Standard',
      V: 5,
      R: 6,
      Length: 256,
      CF: { StdCF: { Type: 'CryptFilter', CFM: 'AESV3', AuthEvent: 'DocOpen', Length: 32 } },
      StmF: 'StdCF',
      StrF: 'StdCF',
      O: hex(o),
      U: hex(u),
      OE: hex(oe),
      UE: hex(ue),
      Perms: hex(permsEnc),
      P: req.permissions,
      EncryptMetadata: true,
    },
    adbeExtensionLevel: 8,
    encrypt: (bytes) => aesCbc(fileKey, bytes),
  };
}

const zeroIv = new Uint8Array(16);

/** The 32-byte padding string of Algorithm 2 (ISO 32000-1 §7.6.3.3). */
const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function padded(pw: Uint8Array): Buffer {
  return Buffer.concat([pw.subarray(0, 32), PAD]).subarray(0, 32);
}

/** RC4, which R4 still uses to wrap O and U (node's OpenSSL 3 offers it only through the legacy provider). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}

/** RC4 with the key, then 19 more passes with the key XOR 1…19 (Algorithms 3 and 5, R ≥ 3). */
function rc4Rounds(key: Uint8Array, data: Uint8Array): Buffer {
  let out = rc4(key, data);
  for (let i = 1; i <= 19; i++)
    out = rc4(
      key.map((b) => b ^ i),
      out,
    );
  return out;
}

function md5(...parts: Uint8Array[]): Buffer {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
}

function r4(req: EncryptionRequest): Encryptor {
  // Algorithm 3: O from the owner password (the user's when the owner gave none).
  let ok = md5(padded(req.ownerPassword.length ? req.ownerPassword : req.userPassword));
  for (let i = 0; i < 50; i++) ok = md5(ok);
  const o = rc4Rounds(ok, padded(req.userPassword));
  // Algorithm 2: the file key.
  const p = Buffer.alloc(4);
  p.writeInt32LE(req.permissions, 0);
  let key = md5(padded(req.userPassword), o, p, req.id);
  for (let i = 0; i < 50; i++) key = md5(key);
  // Algorithm 5: U.
  const u = Buffer.concat([rc4Rounds(key, md5(PAD, req.id)), randomBytes(16)]);
  return {
    dict: {
      Filter: 'Standard',
      V: 4,
      R: 4,
      Length: 128,
      CF: { StdCF: { Type: 'CryptFilter', CFM: 'AESV2', AuthEvent: 'DocOpen', Length: 16 } },
      StmF: 'StdCF',
      StrF: 'StdCF',
      O: hex(o),
      U: hex(u),
      P: req.permissions,
      EncryptMetadata: true,
    },
    encrypt: (bytes, num) => {
      // Algorithm 1: the object's key from the file key, its number and generation (0), and "sAlT".
      const ref = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0]);
      const objectKey = md5(key, ref, Buffer.from('sAlT', 'latin1'));
      return aesCbc(objectKey, bytes);
    },
  };
}

const HEX = Symbol('hex');
/** A byte string the dictionary writer turns into a hex string. */
function hex(b: Uint8Array): { [HEX]: string } {
  return { [HEX]: Buffer.from(b).toString('hex').toUpperCase() };
}

export function createEncryptor(req: EncryptionRequest): Encryptor {
  return req.revision === 'aes-256' ? r6(req) : r4(req);
}

/** The encryption dictionary as a pdf-lib object (byte strings written as hex). */
export function encryptionDict(context: PDFContext, e: Encryptor): PDFObject {
  const conv = (v: unknown): unknown => {
    if (v && typeof v === 'object' && HEX in v) return PDFHexString.of((v as { [HEX]: string })[HEX]);
    if (typeof v === 'string') return PDFName.of(v);
    if (v && typeof v === 'object')
      return context.obj(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, conv(x)])) as never);
    return v;
  };
  return conv(e.dict) as PDFObject;
}

/**
 * A copy of one indirect object with every string and stream encrypted for object `num` (§7.6.2):
 * strings become hex strings of the cipher bytes, a stream's (already filtered) contents are
 * encrypted whole. The graph itself is left as it was, since the verifier reads it after emission.
 */
export function encryptObject(context: PDFContext, obj: PDFObject, num: number, e: Encryptor): PDFObject {
  const walk = (o: PDFObject): PDFObject => {
    if (o instanceof PDFString || o instanceof PDFHexString)
      return PDFHexString.of(Buffer.from(e.encrypt(o.asBytes(), num)).toString('hex'));
    if (o instanceof PDFDict) {
      const d = PDFDict.withContext(context);
      for (const [k, v] of o.entries()) d.set(k, walk(v));
      return d;
    }
    if (o instanceof PDFArray) {
      const a = PDFArray.withContext(context);
      for (let i = 0; i < o.size(); i++) a.push(walk(o.get(i)));
      return a;
    }
    if (o instanceof PDFStream) return PDFRawStream.of(walk(o.dict) as PDFDict, e.encrypt(o.getContents(), num));
    return o;
  };
  return walk(obj);
}
