// test/server-warm-up.test.ts — render workers warm up before they take work (src/warm-up.ts, issue
// 20: a server fast from its first real call): GET /health answers 503 `warming` until the pool's
// first workers have, /metrics counts the warm-up renders, a replaced worker warms again while
// /health stays ready, warm-up can be turned off, and what a call renders afterwards is the library's
// bytes (a warmed worker's caches never change a PDF).
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { libraryFile } from '../engines/fonts/library.js';
import { render } from '../src/library.js';
import { RenderPool } from '../src/pool.js';
import { resolveServeConfig } from '../src/server/config.js';
import { DEFAULT_WARM_UP } from '../src/server/warm-state.js';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';
import { warmUpDescription } from '../src/warm-up.js';
import { verySlowDescription } from './support/child-server.js';
import { helloDescription } from './support/fixtures.js';

async function health(srv: RunningServer): Promise<[number, boolean | undefined]> {
  const h = await request(`${srv.url}/health`, { reset: true });
  const body = (await h.body.json()) as { warming?: boolean };
  return [h.statusCode, body.warming];
}

async function metric(srv: RunningServer, name: string): Promise<number> {
  const text = await (await request(`${srv.url}/metrics`, { reset: true })).body.text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

async function post(srv: RunningServer, json: string): Promise<{ status: number; pdf: Buffer }> {
  const boundary = 'warmupf00d';
  const res = await request(`${srv.url}/render`, {
    method: 'POST',
    // a connection each: none is reused after the server closed it idle during a long warm-up
    reset: true,
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n`),
      Buffer.from(json),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, pdf: Buffer.from(await res.body.arrayBuffer()) };
}

const b64 = (face: string) => Buffer.from(libraryFile(face)!).toString('base64');

describe('render workers warm up', () => {
  it('is not ready while its workers warm; then renders the library bytes; a replaced worker warms again', async () => {
    const pool = new RenderPool({ workers: 1, queue: 8, timeLimitMs: 3000, warmUp: 3 });
    const srv = await startServer({ port: 0, pool, logger: silentLogger(), processMetrics: false });
    try {
      // A worker thread takes far longer to load the render pipeline than this answer takes.
      expect(await health(srv)).toEqual([503, true]);
      expect(await metric(srv, 'quire_warming')).toBe(1);
      await pool.warmed();
      expect(await health(srv)).toEqual([200, false]);
      expect([await metric(srv, 'quire_warming'), await metric(srv, 'quire_warm_up_renders')]).toEqual([0, 3]);

      // After warming up on Noto Sans (its words cached), a document in it is the library's, byte for byte.
      for (const json of [
        warmUpDescription(7, b64('noto_sans'), b64('noto_sans_bold')),
        JSON.stringify(helloDescription()),
      ]) {
        const { status, pdf } = await post(srv, json);
        const lib = render({ description: json });
        expect(status).toBe(200);
        expect(lib.ok && Buffer.from(lib.pdf).equals(pdf)).toBe(true);
      }

      // A render past the time limit ends its worker; the new one warms up before it takes work,
      // and the server stays ready meanwhile (it is not start-up).
      const slow = await post(srv, verySlowDescription());
      expect(slow.status).toBe(413);
      expect(await health(srv)).toEqual([200, false]);
      for (let i = 0; i < 600 && (await metric(srv, 'quire_warm_up_renders')) < 6; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await metric(srv, 'quire_warm_up_renders')).toBe(6);
      expect((await post(srv, JSON.stringify(helloDescription()))).status).toBe(200);
    } finally {
      await srv.close();
      await pool.close();
    }
  });

  it('can be turned off: ready at once, no warm-up render', async () => {
    const pool = new RenderPool({ workers: 1, queue: 8, timeLimitMs: 60_000, warmUp: 0 });
    const srv = await startServer({ port: 0, pool, logger: silentLogger(), processMetrics: false });
    try {
      expect(await health(srv)).toEqual([200, false]);
      expect((await post(srv, JSON.stringify(helloDescription()))).status).toBe(200);
      expect(await metric(srv, 'quire_warm_up_renders')).toBe(0);
    } finally {
      await srv.close();
      await pool.close();
    }
  });

  it('is a setting: --warm-up, QUIRE_WARM_UP, config warm_up', () => {
    expect(resolveServeConfig({}, {}).warmUp).toBe(DEFAULT_WARM_UP);
    expect(resolveServeConfig({ 'warm-up': '0' }, {}).warmUp).toBe(0);
    expect(resolveServeConfig({}, { QUIRE_WARM_UP: '50' }).warmUp).toBe(50);
    expect(() => resolveServeConfig({ 'warm-up': '-1' }, {})).toThrow(/warm-up/);
  });
});
