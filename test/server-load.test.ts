// test/server-load.test.ts — the render server takes load it can finish (issue 20, point 4): work is
// admitted while the expected wait stays under the ceiling, so a burst of renders a 2-core machine
// finishes in seconds is served whole instead of mostly answered 503. Behaviour only (every call
// answered 200); the timings are bench/load.ts's.
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, SMALL_DESCRIPTION, slowDescription, startChildServer } from './support/child-server.js';

async function post(url: string, description: string): Promise<{ status: number; retryAfter?: string }> {
  const form = new FormData();
  form.append('json_data', description);
  const res = await request(`${url}/render`, { method: 'POST', body: form });
  await res.body.dump();
  const ra = res.headers['retry-after'];
  return { status: res.statusCode, retryAfter: typeof ra === 'string' ? ra : undefined };
}

const statuses = (rs: { status: number }[]) => {
  const by: Record<number, number> = {};
  for (const r of rs) by[r.status] = (by[r.status] ?? 0) + 1;
  return by;
};

describe('a burst of work the server can finish', () => {
  let srv: ChildServer;
  beforeAll(async () => {
    srv = await startChildServer(['--workers', '2', '--log-level', 'warn']);
  });
  afterAll(() => srv.stop());

  it('4 heavy (100-page) renders and 40 small ones sent together all answer 200', async () => {
    const heavy = slowDescription(400, 100);
    const calls = [
      ...Array.from({ length: 4 }, () => post(srv.url, heavy)),
      ...Array.from({ length: 40 }, () => post(srv.url, SMALL_DESCRIPTION)),
    ];
    expect(statuses(await Promise.all(calls))).toEqual({ 200: 44 });
  }, 120_000);

  it('200 concurrent small renders all answer 200', async () => {
    const calls = Array.from({ length: 200 }, () => post(srv.url, SMALL_DESCRIPTION));
    expect(statuses(await Promise.all(calls))).toEqual({ 200: 200 });
  }, 120_000);
});

describe('past the expected-wait ceiling', () => {
  let srv: ChildServer;
  beforeAll(async () => {
    // A ceiling of 0 ms: nothing may wait, whatever the queue's size.
    srv = await startChildServer(['--workers', '1', '--max-wait', '0', '--log-level', 'warn']);
  });
  afterAll(() => srv.stop());

  it('answers 503 with Retry-After, and the metrics say why', async () => {
    const slow = post(srv.url, slowDescription(2000, 300));
    // Wait until the only worker is rendering.
    for (let i = 0; i < 600; i++) {
      const text = await (await request(`${srv.url}/metrics`)).body.text();
      if (/quire_workers_busy 1/.test(text)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const busy = await post(srv.url, SMALL_DESCRIPTION);
    expect(busy.status).toBe(503);
    expect(Number(busy.retryAfter)).toBeGreaterThanOrEqual(1);
    const metrics = await (await request(`${srv.url}/metrics`)).body.text();
    expect(metrics).toMatch(/quire_busy_refusals 1/);
    expect(metrics).toMatch(/quire_expected_wait_seconds \d/);
    expect((await slow).status).toBe(200);
  }, 120_000);
});
