// test/licence.test.ts — signed licence keys, clients config and what a render may use under them.
// Keys are generated here, per run; no private key is committed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { resolveClient } from '../src/clients.js';
import { render } from '../src/library.js';
import { generateIssuerKeys, issueLicence, type Licence, verifyLicence } from '../src/licence/licence.js';
import { licensedToday, readClientsConfig, readLicence, ServiceConfigError } from '../src/licence/service.js';
import { silentLogger, startServer } from '../src/server.js';
import { NOW } from './support/fixtures.js';

const ROOT = join(import.meta.dirname, '..');
const issuer = generateIssuerKeys();
const stranger = generateIssuerKeys();
const licence: Licence = {
  holder: 'Acme',
  features: ['fonts_without_outlines'],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
};

describe('licence keys', () => {
  it('verify against the issuer that signed them, and no other', () => {
    const key = issueLicence(issuer.privateKey, licence);
    expect(key).toMatch(/^quire1\.[\w-]+\.[\w-]+$/);
    expect(verifyLicence(key, [issuer.publicKey])).toEqual({ ok: true, licence });
    expect(verifyLicence(key, [stranger.publicKey])).toEqual({
      ok: false,
      reason: 'its signature is not from a trusted issuer',
    });
  });

  it('refuse a changed payload, a cut key and another format', () => {
    const key = issueLicence(issuer.privateKey, licence);
    const [p, body, sig] = key.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...licence, features: ['fonts_without_outlines', 'tagging'] }),
    ).toString('base64url');
    expect(verifyLicence(`${p}.${forged}.${sig}`, [issuer.publicKey]).ok).toBe(false);
    expect(verifyLicence(`${p}.${body}`, [issuer.publicKey]).ok).toBe(false);
    expect(verifyLicence('garbage', [issuer.publicKey]).ok).toBe(false);
  });

  it('cover the days between their dates, inclusive, in UTC', () => {
    expect(licensedToday({ licence }, new Date('2026-12-31T23:59:59Z'))).toBe(true);
    expect(licensedToday({ licence }, new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(licensedToday({ licence }, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(licensedToday({}, NOW)).toBe(false);
  });

  it('are read from the key text or a file, and a bad one is one sentence', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-lic-'));
    const key = issueLicence(issuer.privateKey, licence);
    writeFileSync(join(dir, 'k'), key + '\n');
    expect(readLicence(join(dir, 'k'), [issuer.publicKey])).toEqual(licence);
    expect(readLicence(key, [issuer.publicKey])).toEqual(licence);
    expect(() => readLicence(key, [])).toThrow(ServiceConfigError);
  });
});

describe('clients', () => {
  const config = { default: { page_ceiling: 50 }, clients: { big: { page_ceiling: 500 }, plain: { features: [] } } };

  it('an unknown or absent client gets the defaults; a known one its own entry over them', () => {
    expect(resolveClient(undefined, config, licence, NOW)).toMatchObject({ known: false, pageCeiling: 50 });
    expect(resolveClient('nobody', config, licence, NOW)).toMatchObject({ known: false, pageCeiling: 50 });
    expect(resolveClient('big', config, licence, NOW)).toMatchObject({ known: true, pageCeiling: 500 });
    expect(resolveClient('toString', config, licence, NOW)).toMatchObject({ known: false });
  });

  it('may use a licence feature only when the licence covers the day and the client is entitled', () => {
    expect([...resolveClient('big', config, licence, NOW).features]).toEqual(['fonts_without_outlines']);
    expect([...resolveClient('plain', config, licence, NOW).features]).toEqual([]);
    expect([...resolveClient('big', config, licence, new Date('2027-02-01')).features]).toEqual([]);
    expect([...resolveClient('big', config, undefined, NOW).features]).toEqual([]);
  });

  it('a config file is checked when read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify(config));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ clients: { x: { page_ceiling: 'lots' } } }));
    expect(readClientsConfig(join(dir, 'ok.json'))).toEqual(config);
    expect(() => readClientsConfig(join(dir, 'bad.json'))).toThrow(/\/clients\/x\/page_ceiling/);
  });

  const standardText = JSON.stringify({
    standard_fonts: [{ name: 'H', face: 'helvetica' }],
    items: [{ type: 'text', rect: { llx: 0, lly: 0, urx: 99, ury: 99 }, content: ['x'], font: 'H', font_size: 9 }],
  });

  it('text in a standard font is 402 without the feature and passes the gate with it', () => {
    const without = render({
      description: standardText,
      now: NOW,
      client: 'plain',
      service: { clients: config, licence },
    });
    expect(without).toMatchObject({ ok: false, status: 402, word: 'needs_a_licence' });
    const withIt = render({
      description: standardText,
      now: NOW,
      client: 'big',
      service: { clients: config, licence },
    });
    expect(withIt).toMatchObject({ ok: true, pages: 1 });
  });

  it('the page ceiling is the client’s', () => {
    const d = JSON.stringify({ items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, pages: [51] }] });
    expect(render({ description: d, now: NOW, client: 'nobody', service: { clients: config } })).toMatchObject({
      ok: false,
      status: 413,
      word: 'too_many_pages',
      sentence: 'the document needs 51 pages, more than the ceiling of 50 pages.',
    });
    expect(render({ description: d, now: NOW, client: 'big', service: { clients: config } })).toMatchObject({
      ok: true,
      pages: 51,
    });
  });
});

describe('quire licence and the server', () => {
  it('keygen, issue and show work from the command line, and /health says licensed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-lic-'));
    const cli = (...args: string[]) => spawnSync('node', [join(ROOT, 'dist/cli.js'), ...args], { encoding: 'utf8' });
    expect(cli('licence', 'keygen', '--out', dir).status).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const issued = cli(
      'licence',
      'issue',
      '--key',
      join(dir, 'issuer-private.pem'),
      '--holder',
      'Acme',
      '--features',
      'all',
      '--from',
      today,
      '--until',
      today,
    );
    expect(issued.status, issued.stderr).toBe(0);
    const key = issued.stdout.trim();
    const shown = cli('licence', 'show', key, '--public-key', join(dir, 'issuer-public.pem'));
    expect(JSON.parse(shown.stdout)).toMatchObject({ holder: 'Acme', notBefore: today, notAfter: today });
    expect(
      cli(
        'licence',
        'issue',
        '--key',
        join(dir, 'issuer-private.pem'),
        '--holder',
        'A',
        '--features',
        'flying',
        '--from',
        today,
        '--until',
        today,
      ).status,
    ).toBe(2);

    const lic = readLicence(key, [readFileSync(join(dir, 'issuer-public.pem'), 'utf8')]);
    const srv = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: silentLogger(),
      licensed: () => licensedToday({ licence: lic }),
    });
    try {
      const res = await request(`${srv.url}/health`);
      expect(await res.body.json()).toMatchObject({ licensed: true });
    } finally {
      await srv.close();
    }
  });
});
