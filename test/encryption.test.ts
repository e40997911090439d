// test/encryption.test.ts — `encryption` (issue 24) judged by tools nobody here wrote: qpdf reports the
// handler, revision and permissions and decrypts with either password, poppler extracts the text with
// the user password and not without, pdf.js opens it with the user password and asks for one without.
// The passwords stay out of refusals and of the IR dump.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { printIr } from '../ir/print.js';
import { readDescription } from '../ir/read.js';
import { render } from '../src/library.js';
import { helloDescription, NOW } from './support/fixtures.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

const dir = mkdtempSync(join(tmpdir(), 'quire-enc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(pdf: Uint8Array): string {
  const f = join(dir, `doc${n++}.pdf`);
  writeFileSync(f, pdf);
  return f;
}

const USER = 'open sesame';
const OWNER = 'ØwnerSecret-42';

function encrypted(extra: Record<string, unknown> = {}, encryption: Record<string, unknown> = {}): Uint8Array {
  const out = render({
    description: helloDescription({
      metadata: { title: 'Quarterly payslip' },
      encryption: { user_password: USER, owner_password: OWNER, permissions: ['print', 'copy'], ...encryption },
      ...extra,
    }),
    now: NOW,
  });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

function qpdf(args: string[]): { code: number; out: string } {
  const r = spawnSync('qpdf', args, { encoding: 'utf8' });
  return { code: r.status ?? -1, out: (r.stdout ?? '') + (r.stderr ?? '') };
}

/** qpdf --show-encryption's lines as key → value. */
function encryptionReport(f: string, password: string): Record<string, string> {
  const r = qpdf([`--password=${password}`, '--show-encryption', f]);
  expect(r.code).toBe(0);
  return Object.fromEntries(
    r.out
      .split('\n')
      .map((l) => /^\s*([^:=]+?)\s*[:=]\s*(.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

describe('encryption', () => {
  // Compression with object streams (the default) and without; 1.7 (Adobe extension) and 2.0.
  for (const [label, extra] of [
    ['1.7, object streams', {}],
    ['2.0, no object streams', { version: '2.0', compression: { level: 6, object_streams: false } }],
  ] as const)
    it(`is AES-256 (R6) with the permissions asked, opened by either password (${label})`, () => {
      const pdf = encrypted(extra);
      const f = file(pdf);
      const rep = encryptionReport(f, USER);
      expect(rep.R).toBe('6');
      expect(rep['stream encryption method']).toBe('AESv3');
      expect(rep['string encryption method']).toBe('AESv3');
      expect(rep['Supplied password is user password'] ?? 'user').toBeDefined();
      expect(rep['print low resolution']).toBe('allowed');
      expect(rep['extract for any purpose']).toBe('allowed');
      expect(rep['print high resolution']).toBe('not allowed');
      expect(rep['modify other']).toBe('not allowed');
      expect(rep['modify annotations']).toBe('not allowed');
      expect(rep['modify forms']).toBe('not allowed');
      expect(rep['modify document assembly']).toBe('not allowed');
      // the owner password opens it as owner
      expect(qpdf([`--password=${OWNER}`, '--show-encryption', f]).out).toContain(
        'Supplied password is owner password',
      );
      // no password, wrong password: refused
      expect(qpdf(['--check', f]).code).toBe(2);
      expect(qpdf(['--password=wrong', '--check', f]).code).toBe(2);
      expect(qpdf([`--password=${USER}`, '--check', f]).code).toBe(0);
      // decrypted, strings (the Info title) and streams (the text) read as written
      const plain = join(dir, `plain${n++}.pdf`);
      expect(qpdf([`--password=${USER}`, '--decrypt', f, plain]).code).toBe(0);
      expect(qpdf(['--check', plain]).code).toBe(0);
      expect(execFileSync('pdfinfo', [plain], { encoding: 'utf8' })).toMatch(/Title:\s+Quarterly payslip/);
      expect(execFileSync('pdftotext', [plain, '-'], { encoding: 'utf8' })).toContain('Hello quire');
      // …and nothing of them is readable in the encrypted bytes
      const raw = Buffer.from(pdf).toString('latin1');
      expect(raw).not.toContain('Quarterly payslip');
      expect(raw).not.toMatch(/\/Title \(/);
    });

  it('lets poppler extract the text with the user password only', () => {
    const f = file(encrypted());
    expect(execFileSync('pdftotext', ['-upw', USER, f, '-'], { encoding: 'utf8' })).toContain('Hello quire');
    expect(spawnSync('pdftotext', [f, '-']).status).not.toBe(0);
  });

  it('is opened by pdf.js with the user password, which asks for one without it', async () => {
    const pdf = encrypted();
    await expect(getDocument({ data: pdf.slice(), verbosity: 0 }).promise).rejects.toMatchObject({
      name: 'PasswordException',
    });
    const doc = await getDocument({ data: pdf.slice(), password: USER, verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
    expect(text).toContain('Hello quire');
    expect((await doc.getMetadata()).info).toMatchObject({ Title: 'Quarterly payslip' });
    await doc.destroy();
  });

  it('maps every permission word to its bit, and grants all when permissions is absent', () => {
    const lines = {
      print: 'print low resolution',
      print_high: 'print high resolution',
      copy: 'extract for any purpose',
      modify: 'modify other',
      annotate: 'modify annotations',
      fill_forms: 'modify forms',
      assemble: 'modify document assembly',
    };
    for (const word of Object.keys(lines)) {
      const rep = encryptionReport(file(encrypted({}, { permissions: [word] })), USER);
      // print_high grants print too (bit 12 refines bit 3)
      for (const [other, otherLine] of Object.entries(lines))
        expect([other, rep[otherLine]]).toEqual([
          other,
          other === word || (word === 'print_high' && other === 'print') ? 'allowed' : 'not allowed',
        ]);
    }
    const all = encryptionReport(file(encrypted({}, { permissions: undefined })), USER);
    for (const line of Object.values(lines)) expect([line, all[line]]).toEqual([line, 'allowed']);
  });

  it('opens without a password when only the owner password is given', () => {
    const f = file(encrypted({}, { user_password: undefined }));
    expect(qpdf(['--check', f]).code).toBe(0);
    expect(execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' })).toContain('Hello quire');
    expect(encryptionReport(f, '')['modify other']).toBe('not allowed');
  });

  it('is AES-128 (R4) under a declared version 1.6', () => {
    const f = file(encrypted({ version: '1.6' }, { owner_password: 'owner-1.6' }));
    const rep = encryptionReport(f, USER);
    expect(rep.R).toBe('4');
    expect(rep['stream encryption method']).toBe('AESv2');
    expect(readFileSync(f, 'latin1').startsWith('%PDF-1.6')).toBe(true);
    expect(qpdf([`--password=${USER}`, '--check', f]).code).toBe(0);
    expect(execFileSync('pdftotext', ['-upw', USER, f, '-'], { encoding: 'utf8' })).toContain('Hello quire');
  });

  it('beside accessible pdfua1 with extract_for_accessibility: zero findings, bit 10 set', () => {
    const out = render({
      description: taggedReport({
        accessible: 'pdfua1',
        encryption: { user_password: USER, owner_password: OWNER, permissions: ['print', 'extract_for_accessibility'] },
      }),
      now: NOW,
      service: { licence: TAGGING_LICENCE },
    });
    expect(out.ok ? out.findings : out.sentence).toEqual([]);
    const rep = encryptionReport(file(out.ok ? out.pdf : new Uint8Array()), USER);
    expect(rep['extract for accessibility']).toBe('allowed');
    expect(rep['extract for any purpose']).toBe('not allowed');
  });

  it('keeps the passwords out of refusals and of the IR dump', () => {
    const same = render({
      description: helloDescription({ encryption: { user_password: 'twin-secret', owner_password: 'twin-secret' } }),
      now: NOW,
    });
    expect(same.ok).toBe(false);
    expect(JSON.stringify(same)).not.toContain('twin-secret');
    const ir = readDescription(
      helloDescription({ encryption: { user_password: USER, owner_password: OWNER } }) as never,
      [],
    );
    const dump = printIr(ir);
    expect(dump).toContain('encryption');
    expect(dump).not.toContain(USER);
    expect(dump).not.toContain(OWNER);
    expect(JSON.stringify(ir)).not.toContain(OWNER);
  });
});
