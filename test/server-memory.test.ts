// test/server-memory.test.ts — the server's memory budget (issue 20, point 1): renders in flight at
// their budget plus request bodies held stay within `serverMemory`; the budget is split at start
// (src/server/memory.ts), an upload past the bodies' share is answered 503 + Retry-After at once, and
// GET /health and /metrics report the split and what is held. Small budgets, not big inputs.
import { Readable } from 'node:stream';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planServerMemory } from '../src/server/memory.js';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';

const BOUNDARY = 'memoryboundary';
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json_data"; filename="d.json"\r\nContent-Type: application/json\r\n\r\n`;

describe('planServerMemory', () => {
  it('gives renders at their budget the room they need beside one body at the cap, bodies the rest', () => {
    expect(planServerMemory({ limit: 1000, perRender: 200, workers: 4, bodyCap: 300, bodyBudget: 10_000 })).toEqual({
      limit: 1000,
      perRender: 200,
      renderSlots: 3,
      bodyBudget: 400,
    });
    // Fewer workers than the room: as many renders as workers, bodies take what is left.
    expect(
      planServerMemory({ limit: 1000, perRender: 200, workers: 2, bodyCap: 300, bodyBudget: 10_000 }).bodyBudget,
    ).toBe(600);
    // No server budget set: the workers' budgets plus the bodies' as configured.
    expect(planServerMemory({ perRender: 200, workers: 2, bodyCap: 300, bodyBudget: 500 }).limit).toBe(900);
    expect(() => planServerMemory({ limit: 400, perRender: 200, workers: 1, bodyCap: 300, bodyBudget: 500 })).toThrow(
      /cannot hold one render's budget \(200 bytes\) beside one body at the cap \(300 bytes\)/,
    );
  });
});

describe('a server with a memory budget', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    // 40 000 bytes: one render of 20 000 (no pool: one at a time), so bodies get 20 000 at most,
    // although the bodies' own budget is left at its default (1 GiB).
    srv = await startServer({
      port: 0,
      logger: silentLogger(),
      processMetrics: false,
      bodyCap: 20_000,
      serverMemory: 40_000,
      renderMemory: 20_000,
      render: () => ({ ok: true, pdf: new Uint8Array([1]), pages: 1, remarks: [], findings: [] }),
    });
  });
  afterAll(() => srv.close());

  it('answers 503 + Retry-After to an upload that would pass what is left beside the renders, and reports it', async () => {
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
    const health = await request(`${srv.url}/health`);
    const memory = ((await health.body.json()) as { memory: Record<string, number> }).memory;
    expect(memory).toMatchObject({ limit: 40_000, render_budget: 20_000, renders_at_once: 1, bodies_budget: 20_000 });
    expect(memory.bodies_held).toBeGreaterThan(15_000);
    expect(memory.reserved).toBeLessThanOrEqual(memory.limit);
    const metrics = await (await request(`${srv.url}/metrics`)).body.text();
    expect(metrics).toMatch(/^quire_memory_limit_bytes 40000$/m);
    expect(Number(/^quire_bodies_held_bytes (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(15_000);

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
    const again = await request(`${srv.url}/render`, { method: 'POST', body: form });
    await again.body.dump();
    expect(again.statusCode).toBe(200);
  });
});
