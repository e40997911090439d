// test/server-probe-port.test.ts — the probe port (src/server/probe.ts, issue 20): a second listening
// socket that answers GET /health only, with the server's own headers, and closes with the server.
import { connect } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { resolveServeConfig } from '../src/server/config.js';
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
      await main.body.dump();
      expect(main.statusCode).toBe(200);
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

  it('is a setting: --probe-port, QUIRE_PROBE_PORT, none by default', () => {
    expect(resolveServeConfig({}, {}).probePort).toBeUndefined();
    expect(resolveServeConfig({ 'probe-port': '9001' }, {}).probePort).toBe(9001);
    expect(resolveServeConfig({}, { QUIRE_PROBE_PORT: '9002' }).probePort).toBe(9002);
    expect(() => resolveServeConfig({ 'probe-port': '70000' }, {})).toThrow(/probe-port/);
  });
});
