// test/hosted-concurrency.test.ts — the month's count under concurrency, on both stores: a client
// with 50 documents left sends 100 calls at once and gets exactly 50 PDFs and 50 refusals (402),
// the count ending at 50. PostgreSQL runs as a real server on loopback (test/support/postgres.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from './support/admin.js';
import { type ChildServer, SMALL_DESCRIPTION, startChildFront, startChildServer } from './support/child-server.js';
import { postgresUnavailable, startPostgres, type TestPostgres } from './support/postgres.js';

const why = postgresUnavailable();
if (why) console.warn(`hosted store on PostgreSQL: SKIPPED (${why})`);

describe.each([
  ['SQLite', false, false],
  ['PostgreSQL', true, false],
  // the front rendering in its own process (no render server named)
  ['SQLite, in-process', false, true],
])('100 calls at once against 50 documents left (%s)', (_name, postgres, inProcess) => {
  let pg: TestPostgres | undefined;
  let render: ChildServer;
  let front: ChildServer;
  let store: string[];
  beforeAll(async () => {
    if (postgres && why) return;
    if (postgres) {
      pg = await startPostgres();
      store = ['--database', pg.url];
    } else {
      store = ['--data', mkdtempSync(join(tmpdir(), 'quire-hosted-'))];
    }
    // A queue long enough for every call: the render server must not turn any away here.
    if (inProcess) front = await startChildFront([...store, '--workers', '2'], { QUIRE_QUEUE: '200' });
    else {
      render = await startChildServer(['--workers', '2', '--queue', '200']);
      front = await startChildFront([...store, '--upstream', render.url]);
    }
  }, 60_000);
  afterAll(async () => {
    await front?.stop();
    await render?.stop();
    pg?.stop();
  });

  it.skipIf(postgres && why !== undefined)(
    'gives exactly 50 PDFs and 50 refusals, and counts 50',
    async () => {
      await admin(store, 'client', 'create', 'busy', '--quota', '60');
      const key = await admin(store, 'key', 'create', 'busy');
      // Ten used already: fifty left.
      for (let i = 0; i < 10; i++) {
        const r = await request(`${front.url}/api/v1/render`, {
          method: 'POST',
          body: SMALL_DESCRIPTION,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(r.statusCode).toBe(200);
        await r.body.dump();
      }
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async () => {
          const r = await request(`${front.url}/api/v1/render`, {
            method: 'POST',
            body: SMALL_DESCRIPTION,
            headers: { authorization: `Bearer ${key}` },
          });
          const b = Buffer.from(await r.body.arrayBuffer());
          return r.statusCode === 200 && b.subarray(0, 5).toString() === '%PDF-' ? 200 : r.statusCode;
        }),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(50);
      expect(statuses.filter((s) => s === 402)).toHaveLength(50);
      expect(await admin(store, 'usage', 'busy')).toMatch(/: 60 of 60$/);
    },
    120_000,
  );
});
