// test/server-uploads.test.ts — uploads are bounded together (issue 20, point 1): the bodies a server
// holds at once (being received, waiting or rendering) stay under its budget; an upload that would
// pass it is answered 503 `server` with Retry-After at once, and once the others are done the next
// one is taken.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOOL_THRESHOLD } from '../src/server/spool.js';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';
import type { RenderInput } from '../src/types.js';

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

describe('large parts spooled to a temporary file (issue 20)', () => {
  const ours = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`quire-part-${process.pid}-`));
  let got: Uint8Array | undefined;
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startServer({
      port: 0,
      logger: silentLogger(),
      processMetrics: false,
      render: (input: RenderInput) => {
        const parts = input.parts;
        got = parts instanceof Map ? parts.get('big') : (parts as Record<string, Uint8Array> | undefined)?.big;
        return { ok: true, pdf: new Uint8Array([1]), pages: 1, remarks: [], findings: [] };
      },
    });
  });
  afterAll(() => srv.close());

  it('a part past the threshold is on disk while it arrives, not in memory; the render gets it whole; the file is gone after', async () => {
    const big = randomBytes(SPOOL_THRESHOLD + 1_000_000);
    const partHead = `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="big"; filename="b.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    let finish!: () => void;
    const rest = new Promise<void>((r) => {
      finish = r;
    });
    async function* body() {
      yield Buffer.from(`${head}{"items": []}${partHead}`);
      yield big.subarray(0, SPOOL_THRESHOLD + 500_000);
      await rest;
      yield big.subarray(SPOOL_THRESHOLD + 500_000);
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    const answer = request(`${srv.url}/render`, {
      method: 'POST',
      body: Readable.from(body()),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      files = ours();
    }
    expect(files).toHaveLength(1);
    finish();
    const res = await answer;
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(got && sha(got)).toBe(sha(big));
    expect(ours()).toEqual([]);
  });

  it('an upload abandoned past the threshold leaves no file behind', async () => {
    const partHead = `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="big"; filename="b.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const ac = new AbortController();
    async function* body() {
      yield Buffer.from(`${head}{"items": []}${partHead}`);
      yield randomBytes(SPOOL_THRESHOLD + 100_000);
      await new Promise(() => {}); // never ends
    }
    const answer = request(`${srv.url}/render`, {
      method: 'POST',
      body: Readable.from(body()),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      signal: ac.signal,
    }).catch(() => undefined);
    for (let i = 0; i < 100 && ours().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ours()).toHaveLength(1);
    ac.abort();
    await answer;
    for (let i = 0; i < 100 && ours().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ours()).toEqual([]);
  });
});
