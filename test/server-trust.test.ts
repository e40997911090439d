// test/server-trust.test.ts — the render server's trust boundaries (issue 20, point 6): `x-svc-client`
// is honoured only from loopback or a front the operator lists (spec: Authentication 2); licences
// signed by an issuer the operator added are accepted only through --trust-issuer and GET /health
// says so; every answer carries nosniff and a request id, the front's when it sent one.
import { mkdtempSync, readFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FormData, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { type RunningServer, type ServerOptions, silentLogger, startServer } from '../src/server.js';
import type { Outcome, RenderInput } from '../src/types.js';
import { startChildServer } from './support/child-server.js';

/** An address of this machine that is not loopback (calls to it come from that address). */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const canned: Outcome = { ok: true, pdf: new Uint8Array([1, 2, 3]), pages: 1, remarks: [], findings: [] };

let srv: RunningServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function serve(opts: ServerOptions, seen: (RenderInput | undefined)[]): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '0.0.0.0',
    logger: silentLogger(),
    processMetrics: false,
    render: (input) => {
      seen.push(input);
      return canned;
    },
    ...opts,
  });
}

async function post(url: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('json_data', '{"items": []}');
  const res = await request(`${url}/render`, { method: 'POST', body: form, headers });
  await res.body.dump();
  return res;
}

describe('x-svc-client', () => {
  it('is honoured from loopback', async () => {
    const seen: (RenderInput | undefined)[] = [];
    srv = await serve({}, seen);
    const port = new URL(srv.url).port;
    const res = await post(`http://127.0.0.1:${port}`, { 'x-svc-client': 'acme' });
    expect(res.statusCode).toBe(200);
    expect(seen[0]?.client).toBe('acme');
  });

  it.skipIf(outside === undefined)('is ignored from an address not listed, honoured once it is', async () => {
    const seen: (RenderInput | undefined)[] = [];
    srv = await serve({}, seen);
    const port = new URL(srv.url).port;
    await post(`http://${outside}:${port}`, { 'x-svc-client': 'acme' });
    expect(seen[0]?.client).toBeUndefined();
    await srv.close();
    srv = await serve({ trustedFronts: [outside!] }, seen);
    await post(`http://${outside}:${new URL(srv.url).port}`, { 'x-svc-client': 'acme' });
    expect(seen[1]?.client).toBe('acme');
  });
});

describe('every answer', () => {
  it("carries nosniff and a request id: the front's x-request-id, else a fresh one", async () => {
    srv = await serve({}, []);
    const given = await post(srv.url, { 'x-request-id': 'front-42' });
    expect(given.headers['x-request-id']).toBe('front-42');
    expect(given.headers['x-content-type-options']).toBe('nosniff');
    const fresh = await request(`${srv.url}/nowhere`);
    await fresh.body.dump();
    expect(String(fresh.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('licence issuers', () => {
  it('a self-issued licence needs --trust-issuer, and GET /health names it as the operator’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-issuer-'));
    const io = { out: () => {}, err: () => {}, env: {} };
    expect(await main(['licence', 'keygen', '--out', dir], io)).toBe(0);
    let key = '';
    await main(
      [
        'licence',
        'issue',
        '--key',
        join(dir, 'issuer-private.pem'),
        '--holder',
        'me',
        '--features',
        'all',
        '--from',
        '2000-01-01',
        '--until',
        '2999-12-31',
      ],
      {
        ...io,
        out: (s: string | Uint8Array) => {
          key += String(s);
        },
      },
    );
    // Without the operator's say-so the key is refused at start-up.
    let said = '';
    const refused = await main(['serve', '--port', '0', '--licence', key.trim()], {
      ...io,
      err: (s: string) => {
        said += s;
      },
    });
    expect(refused).toBe(1);
    expect(said).toMatch(/not from a trusted issuer/);

    const child = await startChildServer(
      ['--workers', '1', '--licence', key.trim(), '--trust-issuer', join(dir, 'issuer-public.pem')],
      {},
    );
    try {
      const health = JSON.parse(await (await request(`${child.url}/health`)).body.text()) as Record<string, unknown>;
      expect(health.licensed).toBe(true);
      expect(health.licence_issuer).toBe('operator');
      expect(health.operator_issuers).toEqual([expect.stringMatching(/^sha256:[0-9a-f]{64}$/)]);
      expect(readFileSync(join(dir, 'issuer-public.pem'), 'utf8')).toMatch(/PUBLIC KEY/);
    } finally {
      await child.stop();
    }
  }, 60_000);
});
