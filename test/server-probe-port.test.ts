// test/server-probe-port.test.ts — the probe port (src/server/probe.ts, issue 20): a second listening
// socket, served by a thread of its own, that answers GET /health only, with the server's own answer
// and headers, goes on answering while the main thread is blocked, answers 503 once the main
// thread's heartbeat is stale, and closes with the server.
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { resolveServeConfig } from '../src/server/config.js';
import { listenProbe } from '../src/server/probe.js';
import { silentLogger, startServer } from '../src/server.js';

describe('probe port', () => {
  it('answers GET /health there, 404 to anything else, and closes with the server', async () => {
    const running = await startServer({ port: 0, probePort: 0, logger: silentLogger(), processMetrics: false });
    const probeUrl = running.probeUrl!;
    expect(probeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(probeUrl).not.toBe(running.url);
    try {
      const h = await request(`${probeUrl}/health`, { headers: { connection: 'close' } });
      const body = (await h.body.json()) as { licensed?: boolean; draining?: boolean };
      expect([h.statusCode, typeof body.licensed, body.draining]).toEqual([200, 'boolean', false]);
      expect(h.headers['x-svc-version']).toBeDefined();
      expect(h.headers['x-request-id']).toBeDefined();
      const other = await request(`${probeUrl}/render`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      await other.body.dump();
      expect([other.statusCode, other.headers['x-svc-refusal']]).toEqual([404, 'call_number']);
      const metrics = await request(`${probeUrl}/metrics`);
      await metrics.body.dump();
      expect(metrics.statusCode).toBe(404);
      // the main port is unchanged
      const main = await request(`${running.url}/health`);
      const mainBody = (await main.body.json()) as Record<string, unknown>;
      expect(main.statusCode).toBe(200);
      // the same answer on both ports: the probe thread serves what the main thread publishes
      expect(Object.keys(body)).toEqual(Object.keys(mainBody));
      expect(body).toEqual(mainBody);
      expect([h.headers['content-type'], h.headers['x-content-type-options']]).toEqual([
        main.headers['content-type'],
        main.headers['x-content-type-options'],
      ]);
      // its refusals are the main port's, word for word
      for (const [method, path] of [
        ['GET', '/nothing%0Ahere?x=1'],
        ['DELETE', '/health'],
      ]) {
        const [p, m] = await Promise.all(
          [probeUrl, running.url].map((u) => request(`${u}${path}`, { method: method as 'GET' | 'DELETE' })),
        );
        const [pt, mt] = await Promise.all([p.body.text(), m.body.text()]);
        expect([p.statusCode, p.headers['x-svc-refusal'], p.headers.allow, pt]).toEqual([
          path === '/health' ? 405 : 404,
          'call_number',
          m.headers.allow,
          mt,
        ]);
      }
      // and so is the answer to a request Node's parser cannot read (written straight to the socket)
      const raw = (url: string) =>
        new Promise<string>((resolve) => {
          let got = '';
          const s = connect(Number(new URL(url).port), '127.0.0.1', () => s.write('NOT HTTP AT ALL\r\n\r\n'));
          s.setEncoding('utf8');
          s.on('data', (c: string) => {
            got += c;
          });
          s.on('close', () => resolve(got));
          s.on('error', () => resolve(got));
        });
      const [probeRaw, mainRaw] = await Promise.all([raw(probeUrl), raw(running.url)]);
      expect(mainRaw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(mainRaw).toMatch(/\r\nx-svc-refusal: \w+\r\n/);
      expect(mainRaw).toMatch(/\r\nx-svc-version: \S+\r\n/);
      expect(probeRaw).toBe(mainRaw);
    } finally {
      await running.close();
    }
    const port = Number(new URL(probeUrl).port);
    const refused = await new Promise<string>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve('connected');
      });
      s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers while the main thread is blocked, 503 once its heartbeat is older than the bound, 200 again after', async () => {
    const running = await startServer({
      port: 0,
      probePort: 0,
      probeStaleMs: 1000,
      logger: silentLogger(),
      processMetrics: false,
    });
    // A client in a thread of its own (this thread is about to block): GET /health on a new connection
    // each time until a 503, counting the 200s before it. flags: [0] go, [1] 200s, [2] the 503's status.
    const flags = new Int32Array(new SharedArrayBuffer(16));
    const client = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const http = require('node:http');
      const flags = new Int32Array(workerData.flags);
      parentPort.postMessage('ready');
      Atomics.wait(flags, 0, 0);
      const once = () => new Promise((resolve) => {
        http.get(workerData.url + '/health', { agent: false, headers: { connection: 'close' } }, (res) => {
          let body = '';
          res.on('data', (c) => { body += c; });
          res.on('end', () => resolve({ status: res.statusCode, body }));
        }).on('error', () => resolve({ status: 0, body: '' }));
      });
      (async () => {
        for (;;) {
          const a = await once();
          if (a.status === 200) Atomics.add(flags, 1, 1);
          else {
            parentPort.postMessage(a);
            Atomics.store(flags, 2, a.status);
            return;
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      })();`,
      { eval: true, workerData: { url: running.probeUrl, flags: flags.buffer } },
    );
    try {
      const last = new Promise<{ status: number; body: string }>((resolve) =>
        client.on('message', (m) => m !== 'ready' && resolve(m)),
      );
      await new Promise((resolve) => client.once('message', resolve));
      // Blocked: this thread (the server's main thread) spins, its event loop has no turn, until the
      // client has seen the 503 (or 20 s, a failure).
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      const until = Date.now() + 20_000;
      while (Atomics.load(flags, 2) === 0 && Date.now() < until) {
        // busy
      }
      expect(Atomics.load(flags, 2)).toBe(503);
      expect(Atomics.load(flags, 1)).toBeGreaterThan(0);
      // the 503 carries the last answer the main thread wrote
      const stale = await last;
      expect(JSON.parse(stale.body)).toMatchObject({ draining: false, licensed: false });
      // the main thread's first turns write a fresh heartbeat: 200 again
      await new Promise((r) => setTimeout(r, 150));
      const again = await request(`${running.probeUrl}/health`);
      await again.body.dump();
      expect(again.statusCode).toBe(200);
    } finally {
      await client.terminate();
      await running.close();
    }
  });

  it('says draining (503, connection closed) as soon as the server drains', async () => {
    const running = await startServer({
      port: 0,
      probePort: 0,
      drainNoticeMs: 400,
      logger: silentLogger(),
      processMetrics: false,
    });
    const done = running.shutdown(2000);
    try {
      const h = await request(`${running.probeUrl}/health`);
      const body = (await h.body.json()) as { draining?: boolean };
      expect([h.statusCode, body.draining, h.headers.connection]).toEqual([503, true, 'close']);
    } finally {
      await done;
    }
  });

  it('a probe thread that stops is logged and started again on the same port', async () => {
    const failures: string[] = [];
    const probe = await listenProbe({
      port: 0,
      host: '127.0.0.1',
      state: () => ({ status: 200, body: '{"version":"v","licensed":false,"faces":12}', draining: false }),
      version: 'v',
      headersTimeout: 5000,
      requestTimeout: 5000,
      failed: (e) => failures.push(e.message),
    });
    try {
      const get = async () => {
        try {
          const h = await request(`${probe.url}/health`, { headers: { connection: 'close' } });
          return [h.statusCode, h.headers['x-svc-version'], await h.body.text()];
        } catch (e) {
          return [(e as NodeJS.ErrnoException).code];
        }
      };
      const ok = [200, 'v', '{"version":"v","licensed":false,"faces":12}'];
      expect(await get()).toEqual(ok);
      const first = probe.thread();
      await first.terminate();
      // answered again once the new thread listens (polled: a failure past 10 s)
      let again = await get();
      for (const until = Date.now() + 10_000; again[0] !== 200 && Date.now() < until; again = await get())
        await new Promise((r) => setTimeout(r, 50));
      expect(again).toEqual(ok);
      expect(probe.thread()).not.toBe(first);
      expect(failures).toEqual(['the probe thread stopped; starting it again']);
    } finally {
      await probe.close();
    }
  });

  it('is a setting: --probe-port, QUIRE_PROBE_PORT, none by default', () => {
    expect(resolveServeConfig({}, {}).probePort).toBeUndefined();
    expect(resolveServeConfig({ 'probe-port': '9001' }, {}).probePort).toBe(9001);
    expect(resolveServeConfig({}, { QUIRE_PROBE_PORT: '9002' }).probePort).toBe(9002);
    expect(() => resolveServeConfig({ 'probe-port': '70000' }, {})).toThrow(/probe-port/);
  });
});
