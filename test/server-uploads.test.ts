// test/server-uploads.test.ts — uploads are bounded together (issue 20, point 1): the bodies a server
// holds at once (being received, waiting or rendering) stay under its budget; an upload that would
// pass it is answered 503 `server` with Retry-After at once, and once the others are done the next
// one is taken.
import { Readable } from 'node:stream';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';

const BOUNDARY = 'uploadsboundary';
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json_data"; filename="d.json"\r\nContent-Type: application/json\r\n\r\n`;

describe('bodies held at once', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startServer({
      port: 0,
      logger: silentLogger(),
      processMetrics: false,
      bodyBudget: 20_000,
      render: () => ({ ok: true, pdf: new Uint8Array([1]), pages: 1, remarks: [], findings: [] }),
    });
  });
  afterAll(() => srv.close());

  it('an upload past the budget while another is arriving gets 503 at once; afterwards uploads are taken', async () => {
    // A slow upload holding 15 000 bytes, its end not sent yet.
    let finish!: () => void;
    const rest = new Promise<void>((r) => {
      finish = r;
    });
    async function* slow() {
      yield Buffer.from(head + '{"items": [], "pad": "');
      yield Buffer.alloc(15_000, 0x61);
      await rest;
      yield Buffer.from(`"}\r\n--${BOUNDARY}--\r\n`);
    }
    const first = request(`${srv.url}/render`, {
      method: 'POST',
      body: Readable.from(slow()),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    await new Promise((r) => setTimeout(r, 300));
    const form = new FormData();
    form.append('json_data', JSON.stringify({ items: [], pad: 'b'.repeat(10_000) }));
    const second = await request(`${srv.url}/render`, { method: 'POST', body: form });
    expect(second.statusCode).toBe(503);
    expect(second.headers['x-svc-refusal']).toBe('server');
    expect(second.headers['retry-after']).toBe('1');
    await second.body.dump();
    finish();
    const one = await first;
    await one.body.dump();
    expect(one.statusCode).toBe(200);
    const form3 = new FormData();
    form3.append('json_data', JSON.stringify({ items: [], pad: 'c'.repeat(10_000) }));
    const third = await request(`${srv.url}/render`, { method: 'POST', body: form3 });
    await third.body.dump();
    expect(third.statusCode).toBe(200);
  });
});
