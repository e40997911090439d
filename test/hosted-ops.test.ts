// test/hosted-ops.test.ts — the hosted front as an operator runs it (issue 20): the month's document
// taken only once the render server has answered (none taken mid-call, one given back when the PDF
// breaks off), the request id shared with the render server, /metrics for loopback, a drain on
// shutdown, sign-out that ends the session whatever its form token, nosniff on JSON errors, and a
// store file only its owner can read. A stand-in render server (node:http) plays the upstream.
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFront, startFront } from '../src/hosted/front.js';
import { openStore } from '../src/hosted/open-store.js';
import { hashPassword } from '../src/hosted/passwords.js';
import { monthOf, newApiKey, type Store } from '../src/hosted/store.js';
import { SQLITE_FILE } from '../src/hosted/store-sqlite.js';
import { silentLogger } from '../src/server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hosted front operations', () => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-ops-'));
  let store: Store;
  let stub: http.Server;
  let front: RunningFront;
  let key = '';
  const seen: { requestId?: string; client?: string; body: string }[] = [];
  /** What the stand-in does next: answer a PDF after `delay` ms, or cut the PDF halfway. */
  const mode = { delay: 0, cut: false };

  beforeAll(async () => {
    store = await openStore({ dataDir: data });
    await store.createClient({ name: 'acme', quota: 100, features: [], pageCeiling: null });
    await store.createClient({ name: 'box', quota: 0, features: [], pageCeiling: null });
    await store.addUser({ name: 'ann', client: 'box', passwordHash: hashPassword('the right password') });
    const k = newApiKey();
    await store.addKey(k.id, k.hash, 'acme', new Date());
    key = k.key;
    stub = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        seen.push({
          requestId: req.headers['x-request-id'] as string | undefined,
          client: req.headers['x-svc-client'] as string | undefined,
          body,
        });
        setTimeout(() => {
          if (mode.cut) {
            res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '1000' });
            res.write('%PDF-1.7\n');
            setTimeout(() => res.destroy(), 50);
            return;
          }
          res.writeHead(200, { 'content-type': 'application/pdf', 'x-svc-pages': '1' });
          res.end('%PDF-1.7\n%stub\n');
        }, mode.delay);
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    front = await startFront({
      store,
      upstreams: [`http://127.0.0.1:${(stub.address() as AddressInfo).port}`],
      logger: silentLogger(),
      processMetrics: false,
    });
  });
  afterAll(async () => {
    await front?.close();
    await new Promise<void>((r) => stub.close(() => r()));
    await store?.close();
  });

  const call = async (body = '{"items": []}') => {
    const res = await request(`${front.url}/api/v1/render`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    const text = Buffer.from(await res.body.arrayBuffer()).toString('latin1');
    return { status: res.statusCode, headers: res.headers, text };
  };
  const used = () => store.used('acme', monthOf(new Date()));

  it('streams the description through and shares its request id with the render server', async () => {
    const r = await call('{"items": [], "marker": "streamed"}');
    expect(r.status).toBe(200);
    expect(r.text.startsWith('%PDF-')).toBe(true);
    const last = seen[seen.length - 1];
    expect(last.body).toContain('{"items": [], "marker": "streamed"}');
    expect(last.body).toContain('name="json_data"');
    expect(last.client).toBe('acme');
    expect(last.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['x-request-id']).toBe(last.requestId);
  });

  it('takes nothing off the month while the render server is still rendering', async () => {
    const before = await used();
    mode.delay = 1500;
    const pending = call();
    await sleep(700);
    expect(seen.length).toBeGreaterThan(0); // the stand-in has the call
    expect(await used()).toBe(before);
    expect((await pending).status).toBe(200);
    expect(await used()).toBe(before + 1);
    mode.delay = 0;
  });

  it('gives the document back when the PDF breaks off on its way', async () => {
    const before = await used();
    mode.cut = true;
    await call().catch(() => undefined);
    mode.cut = false;
    await sleep(100);
    expect(await used()).toBe(before);
  });

  it('serves /metrics to loopback callers', async () => {
    const r = await request(`${front.url}/metrics`);
    const text = await r.body.text();
    expect(r.statusCode).toBe(200);
    expect(text).toMatch(/quire_hosted_answers_total\{path="\/api\/v1\/render",status="200"\} \d+/);
    expect(text).toMatch(/quire_hosted_in_flight/);
  });

  it('answers JSON errors with nosniff', async () => {
    const r = await request(`${front.url}/api/v1/render`, { method: 'POST', body: '{}' });
    await r.body.dump();
    expect(r.statusCode).toBe(401);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sign-out ends the session even with a wrong form token', async () => {
    const page = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html' } });
    const token = /name="csrf" value="([^"]+)"/.exec(await page.body.text())![1];
    const csrfCookie = String(page.headers['set-cookie']).split(';')[0];
    const signIn = await request(`${front.url}/api/v1/session`, {
      method: 'POST',
      headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: token, user: 'ann', password: 'the right password' }).toString(),
    });
    await signIn.body.dump();
    const session = ([] as string[])
      .concat(signIn.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('quire_session='))!
      .split(';')[0];
    const box = async () =>
      (await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html', cookie: session } })).body.text();
    expect(await box()).toMatch(/sign out|Sign out/i);
    const out = await request(`${front.url}/api/v1/session/end`, {
      method: 'POST',
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=not-the-token',
    });
    await out.body.dump();
    expect(out.statusCode).toBe(303);
    // The old cookie no longer opens the box: the session is gone on the server, not only in the browser.
    expect(await box()).toMatch(/name="password"/);
  });

  it('keeps the SQLite store readable by its owner only', () => {
    expect(statSync(join(data, SQLITE_FILE)).mode & 0o777).toBe(0o600);
  });

  it('drains on shutdown: the call in flight is answered, then the front stops', async () => {
    mode.delay = 1000;
    const pending = call();
    await sleep(300);
    const clean = await front.shutdown(10_000);
    const r = await pending;
    mode.delay = 0;
    expect(r.status).toBe(200);
    expect(clean).toBe(true);
    await expect(request(`${front.url}/health`)).rejects.toThrow();
  });
});

describe('the SQLite store file', () => {
  it('is created 0600 even where the umask would allow more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-hosted-mode-'));
    const old = process.umask(0o000);
    try {
      const s = await openStore({ dataDir: dir });
      await s.close();
    } finally {
      process.umask(old);
    }
    expect(statSync(join(dir, SQLITE_FILE)).mode & 0o777).toBe(0o600);
    writeFileSync(join(dir, 'x'), '');
  });
});
