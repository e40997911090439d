// test/hosted-in-process.test.ts — `quire hosted` with no render server named runs the render pool
// in its own process (docs/reference.md, "One box: the render pool in the front"). What is its own
// beside test/hosted.test.ts (which runs the whole answers table in both modes): the PDF is the
// library's and the CLI's byte for byte; the month is charged once per document made, also when
// calls race for its last document; a body past the cap streamed without a length is free; the
// request id is the answer's and the render's log line's; /health and /metrics show the pool; a
// front killed mid-render has taken nothing; SIGTERM lets a render in flight finish.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { admin } from './support/admin.js';
import {
  type ChildServer,
  SMALL_DESCRIPTION,
  slowDescription,
  startChildFront,
  verySlowDescription,
} from './support/child-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOSTED_EXAMPLE = join(ROOT, 'examples', 'hosted.json');

async function call(url: string, body: string | Buffer | AsyncIterable<Buffer>, key: string) {
  const res = await request(`${url}/api/v1/render`, {
    method: 'POST',
    body: body as string,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  });
  const buf = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, body: buf, error: () => JSON.parse(buf.toString()).error };
}

async function used(data: string, client: string): Promise<number> {
  return Number(/: (\d+) of/.exec(await admin(['--data', data], 'usage', client))![1]);
}

describe('the hosted front in-process', () => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-inproc-'));
  let front: ChildServer;
  let key = '';
  let lastKey = '';

  beforeAll(async () => {
    await admin(['--data', data], 'client', 'create', 'acme', '--quota', '100');
    await admin(['--data', data], 'client', 'create', 'last', '--quota', '1');
    key = await admin(['--data', data], 'key', 'create', 'acme');
    lastKey = await admin(['--data', data], 'key', 'create', 'last');
    front = await startChildFront(['--data', data, '--workers', '2', '--body-cap', '200000']);
  });
  afterAll(async () => {
    await front?.stop();
  });

  it('says it renders in-process; its PDF is the library’s and the CLI’s byte for byte', async () => {
    const description = readFileSync(HOSTED_EXAMPLE);
    const r = await call(front.url, description, key);
    expect(r.status).toBe(200);
    const lib = render({ description });
    expect(lib.ok).toBe(true);
    if (lib.ok) expect(r.body.equals(Buffer.from(lib.pdf))).toBe(true);
    const out = join(data, 'cli.pdf');
    const cli = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'render', HOSTED_EXAMPLE, '-o', out], {
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(readFileSync(out).equals(r.body)).toBe(true);
    const health = JSON.parse(await (await request(`${front.url}/health`)).body.text());
    expect(health).toMatchObject({ upstreams: 0, in_process: { workers: 2 } });
  });

  it('calls racing for the month’s last document: one PDF, the others 402, one document taken', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(front.url, SMALL_DESCRIPTION, lastKey)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 402, 402, 402]);
    for (const a of answers.filter((x) => x.status === 402)) {
      expect(a.error()).toMatch(/^the documents of the month are all used; the month turns on \d{4}-\d{2}-01\.$/);
      expect(a.headers['retry-after']).toBeDefined();
      expect(a.headers['content-type']).toBe('application/json');
    }
    expect(await used(data, 'last')).toBe(1);
  });

  it('refusals: not JSON and a body past the cap (streamed, no length) free; a refused description counted', async () => {
    const before = await used(data, 'acme');
    const notJson = await call(front.url, '{"items": [', key);
    expect(notJson.status).toBe(400);
    expect(notJson.error()).toBe('the body is not JSON; post the description as application/json.');
    expect(notJson.headers['x-content-type-options']).toBe('nosniff');
    async function* big() {
      yield Buffer.from('{"items": [], "pad": "');
      for (let i = 0; i < 30; i++) yield Buffer.alloc(10_000, 0x78);
      yield Buffer.from('"}');
    }
    const tooBig = await call(front.url, big(), key);
    expect(tooBig.status).toBe(413);
    expect(tooBig.error()).toBe('the body is larger than the 200000 bytes this service accepts.');
    expect(await used(data, 'acme')).toBe(before);
    const refused = await call(front.url, JSON.stringify({ items: [{ type: 'nope' }] }), key);
    expect(refused.status).toBe(400);
    expect(refused.headers['x-svc-refusal']).toBe('description');
    expect(refused.headers['x-svc-warnings']).toBe('0');
    expect(typeof refused.error()).toBe('string');
    expect(await used(data, 'acme')).toBe(before + 1);
  });

  it('the request id is the answer’s, and the render’s own log line carries it and the client', async () => {
    const r = await call(front.url, SMALL_DESCRIPTION, key);
    expect(r.status).toBe(200);
    const id = String(r.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    let lines: Record<string, unknown>[] = [];
    for (let i = 0; i < 100 && lines.length < 2; i++) {
      if (i > 0) await new Promise((res) => setTimeout(res, 50));
      lines = front.logs.filter((l) => l.requestId === id && l.msg === 'answer');
    }
    expect(lines.find((l) => l.part === 'render')).toMatchObject({ status: 200, client: 'acme', pages: 1 });
    expect(lines.find((l) => l.part === undefined)).toMatchObject({ status: 200, client: 'acme' });
    const metrics = await (await request(`${front.url}/metrics`)).body.text();
    expect(metrics).toMatch(/quire_hosted_answers_total\{path="\/api\/v1\/render",status="200"\}/);
    expect(metrics).toMatch(/quire_renders_total/);
    expect(metrics).toMatch(/quire_workers 2/);
  });

  it('the browser box renders in-process and counts nothing; its own sentence for a body not JSON', async () => {
    const pw = join(data, 'pw');
    writeFileSync(pw, 'the right password');
    await admin(['--data', data], 'user', 'add', 'ada', '--client', 'acme', '--password-file', pw);
    const before = await used(data, 'acme');
    const signIn = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html' } });
    const token = /name="csrf" value="([^"]+)"/.exec(await signIn.body.text())![1];
    const csrfCookie = String(signIn.headers['set-cookie']).split(';')[0];
    const posted = await request(`${front.url}/api/v1/session`, {
      method: 'POST',
      headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: token, user: 'ada', password: 'the right password' }).toString(),
    });
    await posted.body.dump();
    const session = ([] as string[])
      .concat(posted.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('quire_session='))!
      .split(';')[0];
    const box = await request(`${front.url}/api/v1/render`, { headers: { accept: 'text/html', cookie: session } });
    const csrf = /data-csrf="([^"]+)"/.exec(await box.body.text())![1];
    const draw = (body: string) =>
      request(`${front.url}/api/v1/render`, {
        method: 'POST',
        body,
        headers: { cookie: session, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      });
    const ok = await draw(SMALL_DESCRIPTION);
    expect(ok.statusCode).toBe(200);
    expect(
      Buffer.from(await ok.body.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const bad = await draw('{"items": [');
    expect(bad.statusCode).toBe(400);
    expect(((await bad.body.json()) as { error: string }).error).toBe(
      'the body is not JSON; paste the description as JSON.',
    );
    expect(await used(data, 'acme')).toBe(before);
  });

  it('SIGTERM: a render in flight finishes and is counted, then the front exits 0', { timeout: 60_000 }, async () => {
    const before = await used(data, 'acme');
    const pending = call(front.url, slowDescription(400, 100), key);
    // The render has begun once the pool says a worker is busy.
    let metrics = '';
    for (let i = 0; i < 400 && !/quire_workers_busy [12]/.test(metrics); i++) {
      if (i > 0) await new Promise((res) => setTimeout(res, 50));
      metrics = await (await request(`${front.url}/metrics`)).body.text();
    }
    front.child.kill('SIGTERM');
    const r = await pending;
    expect(r.status).toBe(200);
    expect(await front.exited).toBe(0);
    expect(await used(data, 'acme')).toBe(before + 1);
  });
});

describe('the hosted front in-process, killed mid-render', () => {
  it('has taken nothing for the render it was running', async () => {
    const data = mkdtempSync(join(tmpdir(), 'quire-hosted-inproc-kill-'));
    await admin(['--data', data], 'client', 'create', 'acme', '--quota', '10');
    const key = await admin(['--data', data], 'key', 'create', 'acme');
    const front = await startChildFront(['--data', data, '--workers', '1', '--log-level', 'warn']);
    try {
      const pending = call(front.url, verySlowDescription(), key).then(
        () => 'answered',
        () => 'cut',
      );
      // The render has started once the pool says a worker is busy.
      let metrics = '';
      for (let i = 0; i < 400 && !/quire_workers_busy 1/.test(metrics); i++) {
        if (i > 0) await new Promise((res) => setTimeout(res, 50));
        metrics = await (await request(`${front.url}/metrics`)).body.text();
      }
      expect(metrics).toMatch(/quire_workers_busy 1/);
      front.child.kill('SIGKILL');
      await front.exited;
      expect(await pending).toBe('cut');
    } finally {
      await front.stop();
    }
    expect(await used(data, 'acme')).toBe(0);
  }, 60_000);
});
