// test/hosted-kill.test.ts — killing the front mid-call loses no charged document (issue 20, point 7):
// the month's document is taken only once the render server has answered, so a front killed
// (SIGKILL: no drain, no give-back) while the render server still renders has taken nothing; a call
// that completes through the same setup is counted once. The front runs as an operator runs it (a
// child process, SQLite store); a stand-in render server (node:http) answers after a delay.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/hosted/open-store.js';
import { monthOf, newApiKey } from '../src/hosted/store.js';
import { startChildFront } from './support/child-server.js';

describe('the front killed mid-call', () => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-kill-'));
  let stub: http.Server;
  let upstream = '';
  let key = '';
  let received = 0;
  const mode = { delay: 0 };

  beforeAll(async () => {
    const store = await openStore({ dataDir: data });
    await store.createClient({ name: 'acme', quota: 100, features: [], pageCeiling: null });
    const k = newApiKey();
    await store.addKey(k.id, k.hash, 'acme', new Date());
    key = k.key;
    await store.close();
    stub = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        const t = setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/pdf', 'x-svc-pages': '1' });
          res.end('%PDF-1.7\n%stub\n');
        }, mode.delay);
        res.on('close', () => clearTimeout(t));
      });
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    upstream = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => stub.close(() => r())));

  const used = async (): Promise<number> => {
    const store = await openStore({ dataDir: data });
    try {
      return await store.used('acme', monthOf(new Date()));
    } finally {
      await store.close();
    }
  };
  const call = (url: string) =>
    request(`${url}/api/v1/render`, {
      method: 'POST',
      body: '{"items": []}',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });

  it('has taken nothing when killed while the render server renders; a finished call is counted once', async () => {
    mode.delay = 60_000;
    const front = await startChildFront(['--data', data, '--upstream', upstream, '--log-level', 'warn']);
    try {
      const pending = call(front.url).then(
        () => 'answered',
        () => 'cut',
      );
      while (received === 0) await new Promise((r) => setTimeout(r, 50));
      front.child.kill('SIGKILL');
      await front.exited;
      expect(await pending).toBe('cut');
    } finally {
      await front.stop();
    }
    expect(await used()).toBe(0);

    mode.delay = 0;
    const again = await startChildFront(['--data', data, '--upstream', upstream, '--log-level', 'warn']);
    try {
      const res = await call(again.url);
      expect(res.statusCode).toBe(200);
      expect(Buffer.from(await res.body.arrayBuffer()).toString('latin1')).toMatch(/^%PDF-/);
    } finally {
      await again.stop();
    }
    expect(await used()).toBe(1);
  }, 120_000);
});
