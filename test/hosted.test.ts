// test/hosted.test.ts — the hosted service (spec: "POST {hosted_url}/api/v1/render", Authentication):
// a real front and a real render server as child processes, undici as the client, every row of the
// hosted answers table, and the month's count checked in the store after each call.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitHosted } from '../src/hosted/forward.js';
import { openStore } from '../src/hosted/open-store.js';
import { monthOf, newApiKey, type Store } from '../src/hosted/store.js';
import { admin } from './support/admin.js';
import {
  type ChildServer,
  SMALL_DESCRIPTION,
  startChildFront,
  startChildServer,
  verySlowDescription,
} from './support/child-server.js';
import { postgresUnavailable, startPostgres, type TestPostgres } from './support/postgres.js';

const FONT = fileURLToPath(
  new URL('../node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', import.meta.url),
);

async function used(dataOrDb: string[], client: string): Promise<number> {
  const line = await admin(dataOrDb, 'usage', client);
  return Number(/: (\d+) of/.exec(line)![1]);
}

async function call(url: string, body: string | Buffer, headers: Record<string, string> = {}, method = 'POST') {
  const res = await request(`${url}/api/v1/render`, {
    method: method as 'POST',
    body: method === 'POST' ? body : undefined,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const buf = Buffer.from(await res.body.arrayBuffer());
  return {
    status: res.statusCode,
    headers: res.headers,
    body: buf,
    json: () => JSON.parse(buf.toString('utf8')) as { error: string },
  };
}

// Both modes of `quire hosted`: forwarding to a render server, and (no render server named) the
// render pool in the front's own process: the same answers, headers, sentences and counts.
describe.each([
  ['against a real render server', false],
  ['rendering in-process (no render server named)', true],
] as const)('hosted front %s (SQLite store)', (_mode, inProcess) => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-'));
  const store = ['--data', data];
  let render: ChildServer;
  let front: ChildServer;
  let key = '';
  let otherKey = '';
  const bearer = () => ({ authorization: `Bearer ${key}` });

  beforeAll(async () => {
    const clients = join(data, 'clients.json');
    writeFileSync(clients, JSON.stringify({ clients: { acme: { page_ceiling: 1 }, evil: { page_ceiling: 10000 } } }));
    if (!inProcess) render = await startChildServer(['--workers', '2', '--clients', clients]);
    await admin(store, 'client', 'create', 'acme', '--quota', '100', '--page-ceiling', '1');
    await admin(store, 'client', 'create', 'tiny', '--quota', '1');
    key = await admin(store, 'key', 'create', 'acme');
    otherKey = await admin(store, 'key', 'create', 'tiny');
    front = await startChildFront([
      '--data',
      data,
      ...(inProcess ? ['--workers', '2'] : ['--upstream', render.url]),
      '--wait',
      '20000',
      '--body-cap',
      '3000000',
    ]);
  });
  afterAll(async () => {
    await front?.stop();
    await render?.stop();
  });

  it("200: the PDF as an attachment named document.pdf, with the render server's headers, one document counted", async () => {
    const before = await used(store, 'acme');
    const r = await call(front.url, SMALL_DESCRIPTION, bearer());
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe('attachment; filename="document.pdf"');
    expect(r.headers['x-svc-pages']).toBe('1');
    expect(r.headers['x-svc-warnings']).toBe('0');
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await used(store, 'acme')).toBe(before + 1);
  });

  it('repeated x-svc-warning headers come once, comma-separated, and split back', async () => {
    const font = readFileSync(FONT).toString('base64');
    const r = await call(
      front.url,
      JSON.stringify({
        fonts: [
          { name: 'A, with a comma', data: font },
          { name: 'B', data: font },
        ],
        items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, fill: [0] }],
      }),
      bearer(),
    );
    expect(r.status).toBe(200);
    expect(r.headers['x-svc-warnings']).toBe('2');
    expect(splitHosted(String(r.headers['x-svc-warning']))).toEqual([
      'the font A, with a comma is never drawn with',
      'the font B is never drawn with',
    ]);
  });

  it('401: no key, an unknown key, a revoked key; nothing counted', async () => {
    const before = await used(store, 'acme');
    expect((await call(front.url, SMALL_DESCRIPTION)).status).toBe(401);
    const unknown = await call(front.url, SMALL_DESCRIPTION, { authorization: 'Bearer qk_nope_nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers['content-type']).toBe('application/json');
    expect(unknown.json().error).toMatch(/not held by anyone/);
    const spare = await admin(store, 'key', 'create', 'acme');
    expect((await call(front.url, SMALL_DESCRIPTION, { authorization: `Bearer ${spare}` })).status).toBe(200);
    const id = /^qk_([^_]+)_/.exec(spare)![1];
    await admin(store, 'key', 'revoke', id);
    expect((await call(front.url, SMALL_DESCRIPTION, { authorization: `Bearer ${spare}` })).status).toBe(401);
    expect(await used(store, 'acme')).toBe(before + 1);
  });

  it('400: a body that is not JSON costs nothing; a description the render server refuses is counted', async () => {
    const before = await used(store, 'acme');
    const notJson = await call(front.url, '{"items": [', bearer());
    expect(notJson.status).toBe(400);
    expect(notJson.json().error).toBe('the body is not JSON; post the description as application/json.');
    expect(await used(store, 'acme')).toBe(before);
    const refused = await call(
      front.url,
      JSON.stringify({ items: [{ type: 'rect', rect: { llx: '1 +', lly: 0, urx: 1, ury: 1 } }] }),
      bearer(),
    );
    expect(refused.status).toBe(400);
    expect(refused.json().error).toMatch(/\/items\/0\/rect\/llx does not parse/);
    expect(refused.headers['x-svc-refusal']).toBe('description');
    expect(await used(store, 'acme')).toBe(before + 1);
  });

  it('400: a description that names a supplied part is refused naming it (no file travels with the call)', async () => {
    const r = await call(
      front.url,
      JSON.stringify({
        fonts: [{ name: 'Body', part: 'Body.ttf' }],
        items: [
          { type: 'text', rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, content: ['x'], font: 'Body', font_size: 9 },
        ],
      }),
      bearer(),
    );
    expect(r.status).toBe(400);
    expect(r.json().error).toMatch(/"Body\.ttf"/);
  });

  it("x-svc-client is written afresh from the key: a caller's own header is dropped", async () => {
    // acme's page ceiling is 1, evil's 10 000: two pages refused proves the render ran as acme.
    const r = await call(
      front.url,
      JSON.stringify({ items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: [2] }] }),
      { ...bearer(), 'x-svc-client': 'evil' },
    );
    expect(r.status).toBe(413);
    expect(r.json().error).toMatch(/ceiling of 1 pages/);
  });

  it('402: the month used up costs nothing, says when it turns, and Retry-After carries that date', async () => {
    const first = await call(front.url, SMALL_DESCRIPTION, { authorization: `Bearer ${otherKey}` });
    expect(first.status).toBe(200);
    const r = await call(front.url, SMALL_DESCRIPTION, { authorization: `Bearer ${otherKey}` });
    expect(r.status).toBe(402);
    expect(r.json().error).toMatch(/^the documents of the month are all used; the month turns on \d{4}-\d{2}-01\.$/);
    expect(new Date(String(r.headers['retry-after'])).getUTCDate()).toBe(1);
    expect(await used(store, 'tiny')).toBe(1);
  });

  it('405 with Allow for other methods; a browser GET gets the page', async () => {
    const r = await call(front.url, '', {}, 'PUT');
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('POST');
    const get = await call(front.url, '', {}, 'GET');
    expect(get.status).toBe(405);
    const page = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(await page.body.text()).toMatch(/Sign in/);
  });

  it("413: a body over the front's own cap costs nothing", async () => {
    const before = await used(store, 'acme');
    const r = await call(front.url, JSON.stringify({ items: [], pad: 'x'.repeat(3_100_000) }), bearer());
    expect(r.status).toBe(413);
    expect(r.json().error).toMatch(/3000000 bytes/);
    expect(await used(store, 'acme')).toBe(before);
  });

  it('503: no document within the wait (a short setting here) gives the document back', async () => {
    await admin(store, 'client', 'create', 'patient', '--quota', '10');
    const slowKey = await admin(store, 'key', 'create', 'patient');
    // A front of its own with a short wait (the spec's 30 s is a setting).
    const hurried = await startChildFront([
      '--data',
      data,
      ...(inProcess ? ['--workers', '1'] : ['--upstream', render.url]),
      '--wait',
      '1500',
    ]);
    const r = await call(hurried.url, verySlowDescription(), { authorization: `Bearer ${slowKey}` }).finally(() =>
      inProcess ? undefined : hurried.stop(),
    );
    expect(r.status).toBe(503);
    expect(r.json().error).toBe('no document arrived within 1.5 seconds; send the call again.');
    expect(await used(store, 'patient')).toBe(0);
    // The upstream request was aborted, so the render server's worker is free again: the render stops
    // at its next pass boundary, or its worker is ended past the server's grace (2 s, src/pool.ts).
    // In-process, the render stops in the front's own pool (its /metrics shows the pool's).
    let metrics = '';
    try {
      for (let i = 0; i < 400 && !/quire_workers_busy 0/.test(metrics); i++) {
        if (i > 0) await new Promise((res) => setTimeout(res, 50));
        metrics = await (await request(`${inProcess ? hurried.url : render.url}/metrics`)).body.text();
      }
    } finally {
      if (inProcess) await hurried.stop();
    }
    expect(metrics).toMatch(/quire_workers_busy 0/);
  });
});

describe('sign-in throttle', () => {
  it('five failures for (user, address) are free; then a short backoff, before any password check; the right password gets in after it', async () => {
    const data = mkdtempSync(join(tmpdir(), 'quire-hosted-'));
    await admin(['--data', data], 'client', 'create', 'c', '--quota', '1');
    const pw = join(data, 'pw');
    writeFileSync(pw, 'the right password');
    await admin(['--data', data], 'user', 'add', 'bob', '--client', 'c', '--password-file', pw);
    await admin(['--data', data], 'user', 'add', 'ann', '--client', 'c', '--password-file', pw);
    const front = await startChildFront(['--data', data, '--upstream', 'http://127.0.0.1:9']);
    try {
      const page = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html' } });
      const html = await page.body.text();
      const token = /name="csrf" value="([^"]+)"/.exec(html)![1];
      const cookie = String(page.headers['set-cookie']).split(';')[0];
      const attempt = async (password: string, user = 'bob') => {
        const r = await request(`${front.url}/api/v1/session`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf: token, user, password }).toString(),
        });
        await r.body.dump();
        return {
          status: r.statusCode,
          location: r.headers.location,
          retry: r.headers['retry-after'],
          setCookie: r.headers['set-cookie'],
        };
      };
      for (let i = 0; i < 5; i++) expect((await attempt('wrong')).status).toBe(303);
      // Past five, each failure doubles a backoff (1 s, 2 s, 4 s…): wrong guesses soon meet 429
      // without a password check, whatever the machine's speed.
      let seen = { status: 0, retry: '0' as string | string[] | undefined };
      for (let i = 0; i < 12 && !(seen.status === 429 && Number(seen.retry) >= 4); i++) seen = await attempt('wrong');
      expect(seen.status).toBe(429);
      const throttled = await attempt('the right password');
      expect(throttled.status).toBe(429);
      expect(Number(throttled.retry)).toBeGreaterThanOrEqual(1);
      expect(Number(throttled.retry)).toBeLessThanOrEqual(60);
      // Another user from the same address is not locked out by bob's failures.
      expect((await attempt('the right password', 'ann')).status).toBe(303);
      expect((await attempt('the right password', 'ann')).location).toBe('/api/v1/render');
      // Once the backoff is over, the right password gets in (no 15-minute wall).
      await new Promise((r) => setTimeout(r, Number(throttled.retry) * 1000 + 100));
      const ok = await attempt('the right password');
      expect(ok.status).toBe(303);
      expect(ok.location).toBe('/api/v1/render');
      expect(String(ok.setCookie)).toMatch(/quire_session=/);
      // Without the form token a sign-in is refused outright.
      const r = await request(`${front.url}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user=bob&password=x',
      });
      expect(r.statusCode).toBe(403);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      await r.body.dump();
    } finally {
      await front.stop();
    }
  }, 60_000);

  it.each([
    ['--trust-proxy: counted per X-Forwarded-For address, so one client behind the proxy locks out no other', true],
    ['without --trust-proxy: X-Forwarded-For is ignored (anyone could write it)', false],
  ] as const)(
    '%s',
    async (_name, trusted) => {
      const data = mkdtempSync(join(tmpdir(), 'quire-hosted-'));
      await admin(['--data', data], 'client', 'create', 'c', '--quota', '1');
      const pw = join(data, 'pw');
      writeFileSync(pw, 'the right password');
      await admin(['--data', data], 'user', 'add', 'bob', '--client', 'c', '--password-file', pw);
      const front = await startChildFront([
        '--data',
        data,
        '--upstream',
        'http://127.0.0.1:9',
        ...(trusted ? ['--trust-proxy'] : []),
      ]);
      try {
        const page = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html' } });
        const token = /name="csrf" value="([^"]+)"/.exec(await page.body.text())![1];
        const cookie = String(page.headers['set-cookie']).split(';')[0];
        const attempt = async (password: string, from: string, accept = 'application/json') => {
          const r = await request(`${front.url}/api/v1/session`, {
            method: 'POST',
            headers: {
              cookie,
              accept,
              'content-type': 'application/x-www-form-urlencoded',
              // a client's own entry first, the proxy's last
              'x-forwarded-for': `10.9.9.9, ${from}`,
            },
            body: new URLSearchParams({ csrf: token, user: 'bob', password }).toString(),
          });
          const body = await r.body.text();
          return { status: r.statusCode, retry: r.headers['retry-after'], type: r.headers['content-type'], body };
        };
        let seen = { status: 0, retry: '0' as string | string[] | undefined };
        for (let i = 0; i < 14 && !(seen.status === 429 && Number(seen.retry) >= 4); i++)
          seen = await attempt('wrong', '203.0.113.5');
        expect(seen.status).toBe(429);
        // A browser meets the throttle as a page, not raw JSON.
        const asPage = await attempt('wrong', '203.0.113.5', 'text/html');
        expect(asPage.status).toBe(429);
        expect(String(asPage.type)).toMatch(/text\/html/);
        const other = await attempt('the right password', '203.0.113.9');
        expect(other.status).toBe(trusted ? 303 : 429);
      } finally {
        await front.stop();
      }
    },
    90_000,
  );

  it('a right password sets an HttpOnly, SameSite session cookie (Secure behind TLS)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'quire-hosted-'));
    await admin(['--data', data], 'client', 'create', 'c', '--quota', '1');
    const pw = join(data, 'pw');
    writeFileSync(pw, 'the right password');
    await admin(['--data', data], 'user', 'add', 'eve', '--client', 'c', '--password-file', pw);
    const front = await startChildFront(['--data', data, '--upstream', 'http://127.0.0.1:9']);
    try {
      const page = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html' } });
      const token = /name="csrf" value="([^"]+)"/.exec(await page.body.text())![1];
      const cookie = String(page.headers['set-cookie']).split(';')[0];
      const r = await request(`${front.url}/api/v1/session`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        body: new URLSearchParams({ csrf: token, user: 'eve', password: 'the right password' }).toString(),
      });
      await r.body.dump();
      expect(r.statusCode).toBe(303);
      const set = ([] as string[])
        .concat(r.headers['set-cookie'] as string[])
        .find((c) => c.startsWith('quire_session='))!;
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Strict/);
      expect(set).toMatch(/Secure/);
    } finally {
      await front.stop();
    }
  });
});

describe('hosted front: render servers that fail', () => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-'));
  const store = ['--data', data];
  let stub: http.Server;
  let stubUrl = '';
  let calls = 0;
  beforeAll(async () => {
    // A stand-in render server: 503 on every other call, 500 for one marked description, else a PDF.
    stub = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('latin1');
      });
      req.on('end', () => {
        calls++;
        if (body.includes('"fail500"')) {
          res.writeHead(500, { 'content-type': 'text/plain', 'x-svc-refusal': 'server' });
          res.end('writing the PDF failed on the server: test.');
          return;
        }
        if (calls % 2 === 0) {
          res.writeHead(503, { 'content-type': 'text/plain', 'x-svc-refusal': 'server' });
          res.end('every worker of this server is busy and its queue is full; send the call again shortly.');
          return;
        }
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'x-svc-pages': '1',
          'x-svc-warnings': '0',
          'x-svc-findings': '0',
        });
        res.end('%PDF-1.7\n%stub\n');
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    await admin(store, 'client', 'create', 'flaky', '--quota', '1000');
  });
  afterAll(() => new Promise<void>((r) => stub.close(() => r())));

  it('503 answers give their documents back: the count equals the PDFs delivered', async () => {
    const key = await admin(store, 'key', 'create', 'flaky');
    const front = await startChildFront(['--data', data, '--upstream', stubUrl]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => call(front.url, SMALL_DESCRIPTION, { authorization: `Bearer ${key}` })),
      );
      const pdfs = answers.filter((a) => a.status === 200).length;
      expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
      expect(pdfs).toBeGreaterThan(0);
      expect(answers.length - pdfs).toBeGreaterThan(0);
      expect(await used(store, 'flaky')).toBe(pdfs);
      const failed = await call(front.url, JSON.stringify({ items: [], fail500: true }), {
        authorization: `Bearer ${key}`,
      });
      expect(failed.status).toBe(500);
      expect(failed.json().error).toBe('writing the PDF failed on the server: test.');
      expect(await used(store, 'flaky')).toBe(pdfs + 1);
    } finally {
      await front.stop();
    }
  });

  it('503: a render server that cannot be reached; nothing counted', async () => {
    const key = await admin(store, 'key', 'create', 'flaky');
    const front = await startChildFront(['--data', data, '--upstream', 'http://127.0.0.1:9']);
    try {
      const before = await used(store, 'flaky');
      const r = await call(front.url, SMALL_DESCRIPTION, { authorization: `Bearer ${key}` });
      expect(r.status).toBe(503);
      expect(r.json().error).toBe('the render server could not be reached; nothing of the description was read.');
      expect(await used(store, 'flaky')).toBe(before);
    } finally {
      await front.stop();
    }
  });
});

const pgWhy = postgresUnavailable();
if (pgWhy) console.warn(`hosted store tests on PostgreSQL: SKIPPED (${pgWhy})`);

describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
])('the store (%s)', (_name, postgres) => {
  let pg: TestPostgres | undefined;
  let s: Store;
  beforeAll(async () => {
    if (postgres && pgWhy) return;
    if (postgres) pg = await startPostgres();
    s = await openStore(
      postgres
        ? { databaseUrl: pg!.url }
        : { dataDir: join(mkdtempSync(join(tmpdir(), 'quire-hosted-')), 'new', 'dir') },
    );
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    pg?.stop();
  });

  it.skipIf(postgres && pgWhy !== undefined)(
    'is created on first start; takes and gives back per UTC calendar month; keys, users, sessions, failures',
    async () => {
      await s.createClient({ name: 'c', quota: 2, features: ['tagging'], pageCeiling: 50 });
      expect(await s.getClient('c')).toEqual({ name: 'c', quota: 2, features: ['tagging'], pageCeiling: 50 });
      expect(await s.take('c', '2026-11')).toBe(true);
      expect(await s.take('c', '2026-11')).toBe(true);
      expect(await s.take('c', '2026-11')).toBe(false);
      expect(await s.take('c', '2026-12')).toBe(true);
      await s.giveBack('c', '2026-11');
      expect(await s.used('c', '2026-11')).toBe(1);
      await s.giveBack('c', '2027-01');
      expect(await s.used('c', '2027-01')).toBe(0);
      expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
      expect(monthOf(new Date('2026-12-01T00:30:00+01:00'))).toBe('2026-11');

      const k = newApiKey();
      await s.addKey(k.id, k.hash, 'c', new Date('2026-11-25T00:00:00Z'));
      expect(await s.clientOfKey(k.hash)).toBe('c');
      expect(await s.revokeKey(k.id, new Date())).toBe(true);
      expect(await s.clientOfKey(k.hash)).toBeUndefined();
      expect((await s.listKeys('c'))[0]).toMatchObject({ id: k.id, client: 'c' });

      await s.addUser({ name: 'u', client: 'c', passwordHash: 'h' });
      expect(await s.getUser('u')).toEqual({ name: 'u', client: 'c', passwordHash: 'h' });
      await s.addSession('sid', { user: 'u', client: 'c', csrf: 't', expires: 2000 });
      expect(await s.getSession('sid', 1000)).toEqual({ user: 'u', client: 'c', csrf: 't', expires: 2000 });
      expect(await s.getSession('sid', 3000)).toBeUndefined();
      await s.deleteSession('sid');
      expect(await s.getSession('sid', 1000)).toBeUndefined();
      expect(await s.failedSignIn('user:u', 100, 0)).toBe(1);
      expect(await s.failedSignIn('user:u', 200, 0)).toBe(2);
      expect(await s.failedSignIn('user:u', 300, 150)).toBe(2);
      await s.clearSignInFailures('user:u');
      expect(await s.failedSignIn('user:u', 400, 0)).toBe(1);
    },
    60_000,
  );
});
