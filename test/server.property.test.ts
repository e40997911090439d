// test/server.property.test.ts — whatever arrives as json_data, the server answers below 500 with
// x-svc-version, and it keeps answering /health afterwards. Uses the real library render.
import fc from 'fast-check';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, host: '127.0.0.1', logger: silentLogger() });
});
afterAll(() => srv.close());

async function post(form: FormData): Promise<{ status: number; version: unknown; refusal: unknown; text: string }> {
  const res = await request(`${srv.url}/render`, { method: 'POST', body: form });
  const text = await res.body.text();
  return { status: res.statusCode, version: res.headers['x-svc-version'], refusal: res.headers['x-svc-refusal'], text };
}

async function healthy(): Promise<void> {
  const res = await request(`${srv.url}/health`);
  expect(res.statusCode).toBe(200);
  await res.body.dump();
}

describe('server properties', () => {
  it('arbitrary bytes as json_data never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), async (bytes, asFile) => {
        const form = new FormData();
        if (asFile) form.append('json_data', new Blob([bytes]), 'desc.json');
        else form.append('json_data', Buffer.from(bytes).toString('latin1'));
        const r = await post(form);
        expect(r.status, `${r.status} ${String(r.refusal)}: ${r.text}`).toBeLessThan(500);
        expect(r.version).toBeDefined();
      }),
      { numRuns: 200 },
    );
    await healthy();
  }, 120_000);

  it('arbitrary bytes as a whole multipart body never get a 5xx', async () => {
    const head = Buffer.from('--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n');
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), async (bytes, withHead) => {
        const body = withHead ? Buffer.concat([head, bytes, Buffer.from('\r\n--B--\r\n')]) : Buffer.from(bytes);
        const res = await request(`${srv.url}/render`, {
          method: 'POST',
          body,
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
        });
        const text = await res.body.text();
        expect(res.statusCode, `${res.statusCode}: ${text}`).toBeLessThan(500);
        expect(res.headers['x-svc-version']).toBeDefined();
      }),
      { numRuns: 200 },
    );
    await healthy();
  }, 120_000);

  it('arbitrary JSON as json_data never gets a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), async (json) => {
        const form = new FormData();
        form.append('json_data', json);
        const r = await post(form);
        expect(r.status, `${r.status} ${String(r.refusal)}: ${r.text}`).toBeLessThan(500);
        expect(r.version).toBeDefined();
      }),
      { numRuns: 200 },
    );
    await healthy();
  }, 120_000);
});
