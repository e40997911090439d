// test/signature.test.ts — signing a signature_field (issue 24), judged by poppler's pdfsig (NSS) and
// OpenSSL: the signature is valid and covers the whole file, a byte changed afterwards breaks it, the
// CMS is CAdES (signing-certificate-v2, no signing-time), the signed PDF/A-2b file has no finding of
// our verifier, the appearance shows signer and date, and the same clock gives the same bytes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { FormData, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { printIr } from '../ir/print.js';
import { readDescription } from '../ir/read.js';
import { render } from '../src/library.js';
import { silentLogger, startServer } from '../src/server.js';
import { NOW } from './support/fixtures.js';
import { pdfToText, qpdfCheck } from './support/pdf-tools.js';
import { makeP12 } from './support/signing.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const dir = mkdtempSync(join(tmpdir(), 'quire-sig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(pdf: Uint8Array): string {
  const f = join(dir, `doc${n++}.pdf`);
  writeFileSync(f, pdf);
  return f;
}

const PASSWORD = 'key-pass-7';
const P12 = makeP12('Ada Lovelace', PASSWORD);

function description(extra: Record<string, unknown> = {}, sign: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fonts: [{ name: 'Body', library: 'noto_sans' }],
    items: [
      {
        type: 'text',
        rect: { llx: 72, lly: 700, urx: 520, ury: 760 },
        content: ['This agreement is signed below.'],
        font: 'Body',
        font_size: 14,
      },
      {
        type: 'signature_field',
        name: 'approval',
        rect: { llx: 72, lly: 560, urx: 320, ury: 620 },
        sign: { p12: 'signer.p12', password: PASSWORD, reason: 'I approve', location: 'London', ...sign },
      },
    ],
    ...extra,
  };
}

function signed(extra: Record<string, unknown> = {}) {
  const out = render({ description: description(extra), parts: { 'signer.p12': P12 }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out;
}

function pdfsig(pdf: Uint8Array): string {
  const r = spawnSync('pdfsig', [file(pdf)], { encoding: 'utf8' });
  return (r.stdout ?? '') + (r.stderr ?? '');
}

/** The CMS in /Contents, as OpenSSL prints its structure. */
function cmsPrint(pdf: Uint8Array): string {
  const hex = /\/Contents <([0-9A-F]+)>/.exec(Buffer.from(pdf).toString('latin1'))![1];
  const f = join(dir, `cms${n++}.der`);
  writeFileSync(f, Buffer.from(hex, 'hex'));
  // the reserved room after the DER is zeros; OpenSSL reads the first element
  const r = spawnSync('openssl', ['cms', '-inform', 'DER', '-in', f, '-cmsout', '-print'], { encoding: 'utf8' });
  return r.stdout ?? '';
}

describe('signing a signature_field', () => {
  it('is a valid PAdES signature over the whole file (pdfsig)', () => {
    const { pdf } = signed();
    expect(qpdfCheck(pdf).code).toBe(0);
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Field Name: approval');
    expect(report).toContain('Signer Certificate Common Name: Ada Lovelace');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it('is invalid once a byte of the file changes', () => {
    const pdf = Buffer.from(signed().pdf);
    // a byte of the binary comment on line 2: inside the signed range, harmless to any reader
    const at = pdf.indexOf(0xe2);
    expect(at).toBeLessThan(20);
    pdf[at] = 0xe3;
    const report = pdfsig(pdf);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('carries CAdES signed attributes: content type, digest, signing-certificate-v2, no signing time', () => {
    const cms = cmsPrint(signed().pdf);
    expect(cms).toContain('object: contentType');
    expect(cms).toContain('object: messageDigest');
    expect(cms).toContain('id-smime-aa-signingCertificateV2');
    expect(cms).not.toContain('signingTime');
  });

  it('shows the signer, the date and the reason in its appearance', () => {
    const text = pdfToText(signed().pdf);
    expect(text).toContain('Digitally signed by Ada Lovelace');
    expect(text).toContain('Date: 2026-11-22 12:00:00 UTC');
    expect(text).toContain('Reason: I approve');
  });

  for (const [label, extra] of [
    ['PDF/A-2b', { archive: 'pdfa2b' }],
    ['PDF/A-3b with object streams', { archive: 'pdfa3b', compression: { level: 6, object_streams: true } }],
  ] as const)
    it(`keeps a ${label} file free of findings, and valid`, () => {
      const out = signed(extra);
      expect(out.findings).toEqual([]);
      expect(pdfsig(out.pdf)).toContain('Signature Validation: Signature is Valid.');
      expect(qpdfCheck(out.pdf).code).toBe(0);
    });

  it('signs a tagged PDF/A-2a and PDF/UA-1 document with zero findings', () => {
    const d = taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1' }) as {
      items: Record<string, unknown>[];
      structure: { elements: { children: unknown[] }[] };
    };
    d.items.push({
      type: 'signature_field',
      id: 'sig',
      pages: [1],
      name: 'approval',
      tooltip: 'Signature of the approver',
      rect: { llx: 320, lly: 60, urx: 520, ury: 110 },
      sign: { p12: 'signer.p12', password: PASSWORD },
    });
    d.structure.elements[0].children.push({ type: 'Form', children: ['sig'] });
    const out = render({
      description: d,
      parts: { 'signer.p12': P12 },
      now: NOW,
      service: { licence: TAGGING_LICENCE },
    });
    expect(out.ok ? out.findings : out.sentence).toEqual([]);
    expect(out.ok && pdfsig(out.pdf)).toContain('Signature Validation: Signature is Valid.');
  });

  it('gives the same bytes for the same clock', () => {
    expect(Buffer.from(signed().pdf).equals(Buffer.from(signed().pdf))).toBe(true);
  });

  it('reads an OpenSSL 3 PKCS#12 file, and refuses one asking too many key-derivation rounds', () => {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const run = (args: string[]) => expect(spawnSync('openssl', args, { encoding: 'utf8' }).status).toBe(0);
    run([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=OpenSSL Signer',
      '-days',
      '30',
    ]);
    const p12 = (iter: number) => {
      const f = join(dir, `o${iter}.p12`);
      run([
        'pkcs12',
        '-export',
        '-inkey',
        key,
        '-in',
        cert,
        '-out',
        f,
        '-passout',
        `pass:${PASSWORD}`,
        '-iter',
        String(iter),
      ]);
      return new Uint8Array(readFileSync(f));
    };
    const good = render({ description: description(), parts: { 'signer.p12': p12(2048) }, now: NOW });
    expect(good.ok && pdfsig(good.pdf)).toContain('Signer Certificate Common Name: OpenSSL Signer');
    const heavy = render({ description: description(), parts: { 'signer.p12': p12(150_000) }, now: NOW });
    expect(heavy.ok ? 'rendered' : heavy.sentence).toContain('key-derivation rounds');
  });

  it('refuses a damaged PKCS#12 part with a sentence, never a failure of ours', () => {
    // random bytes, and the real file with a few bytes changed or cut short
    const damaged = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }),
      fc
        .tuple(
          fc.array(fc.tuple(fc.nat(P12.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
          fc.nat(P12.length),
        )
        .map(([changes, cut]) => {
          const b = P12.slice(0, Math.max(cut, P12.length - 64));
          for (const [at, v] of changes) if (at < b.length) b[at] = v;
          return b;
        }),
    );
    fc.assert(
      fc.property(damaged, (bytes) => {
        const out = render({ description: description(), parts: { 'signer.p12': bytes }, now: NOW });
        if (out.ok) return pdfsig(out.pdf).includes('Signature is Valid');
        return out.status === 400 && out.key === 'signKeyUnreadable' && !out.sentence.includes(PASSWORD);
      }),
      { numRuns: 15, seed: 24 },
    );
  });

  it('signs with a key sent as a file part to POST /render', async () => {
    const srv = await startServer({ port: 0, host: '127.0.0.1', logger: silentLogger(), lingerMs: 1000 });
    try {
      const form = new FormData();
      form.set('json_data', JSON.stringify(description()));
      form.set('signer.p12', new Blob([new Uint8Array(P12)]), 'signer.p12');
      const res = await request(`${srv.url}/render`, { method: 'POST', body: form });
      const body = new Uint8Array(await res.body.arrayBuffer());
      expect(res.statusCode, Buffer.from(body).toString()).toBe(200);
      const report = pdfsig(body);
      expect(report).toContain('Signer Certificate Common Name: Ada Lovelace');
      expect(report).toContain('Signature Validation: Signature is Valid.');
    } finally {
      await srv.close();
    }
  });

  it('keeps the key password out of refusals and of the IR dump', () => {
    const wrong = render({
      description: description({}, { password: 'guessed-wrong-99' }),
      parts: { 'signer.p12': P12 },
      now: NOW,
    });
    expect(wrong.ok).toBe(false);
    expect(JSON.stringify(wrong)).not.toContain('guessed-wrong-99');
    const dump = printIr(readDescription(description() as never, []));
    expect(dump).toContain('signer.p12');
    expect(dump).not.toContain(PASSWORD);
  });
});
