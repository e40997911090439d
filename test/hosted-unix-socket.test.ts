// test/hosted-unix-socket.test.ts — the front and a render server on one machine over a Unix socket
// (`quire serve --socket PATH`, `quire hosted --upstream unix:PATH`; issue 20, the front's cost):
// the call, its count, its client and its request id travel as over loopback TCP; a socket file a
// dead server left is replaced, a live one is not taken over.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/server.js';
import { admin } from './support/admin.js';
import { type ChildServer, SMALL_DESCRIPTION, startChildFront, startChildServer } from './support/child-server.js';

describe('hosted front to a render server over a Unix socket', () => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-unix-'));
  const socket = join(data, 'render.sock');
  const store = ['--data', data];
  let render: ChildServer;
  let front: ChildServer;
  let key = '';

  beforeAll(async () => {
    const clients = join(data, 'clients.json');
    writeFileSync(clients, JSON.stringify({ clients: { acme: { page_ceiling: 1 } } }));
    render = await startChildServer(['--workers', '1', '--clients', clients, '--socket', socket]);
    await admin(store, 'client', 'create', 'acme', '--quota', '100');
    key = await admin(store, 'key', 'create', 'acme');
    front = await startChildFront(['--data', data, '--upstream', `unix:${socket}`]);
  });
  afterAll(async () => {
    await front?.stop();
    await render?.stop();
  });

  const call = async (body: string) => {
    const res = await request(`${front.url}/api/v1/render`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  };

  it('prints its address as unix:PATH and answers there', async () => {
    expect(render.url).toBe(`unix:${socket}`);
    const agent = new Agent({ connect: { socketPath: socket } });
    const res = await request('http://localhost/health', { dispatcher: agent });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { status?: string; version?: string }).version).toBeTruthy();
    await agent.close();
  });

  it('200 through the front: the PDF, one document counted, the request id the same on both sides', async () => {
    const before = await admin(store, 'usage', 'acme');
    const r = await call(SMALL_DESCRIPTION);
    expect(r.status).toBe(200);
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    const n = (line: string) => Number(/: (\d+) of/.exec(line)![1]);
    expect(n(await admin(store, 'usage', 'acme'))).toBe(n(before) + 1);
    const id = String(r.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The render server's log line comes through its output pipe, which may trail the answer a little.
    for (let t = 0; t < 100 && !render.logs.some((l) => l.requestId === id); t++)
      await new Promise((ok) => setTimeout(ok, 50));
    expect(render.logs.some((l) => l.requestId === id)).toBe(true);
  });

  it("x-svc-client is honoured over the socket: the client's page ceiling of 1 refuses two pages", async () => {
    const r = await call(
      JSON.stringify({ items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: [2] }] }),
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body.toString()).error).toMatch(/ceiling of 1 pages/);
  });

  it('a live socket is not taken over; the file a killed server left is replaced', async () => {
    await expect(startServer({ socket, processMetrics: false, logger: pino({ level: 'silent' }) })).rejects.toThrow(
      /EADDRINUSE/,
    );
    await render.stop(); // SIGKILL: the socket file stays behind
    expect(existsSync(socket)).toBe(true);
    const again = await startServer({ socket, processMetrics: false, logger: pino({ level: 'silent' }) });
    try {
      const agent = new Agent({ connect: { socketPath: socket } });
      const res = await request('http://localhost/health', { dispatcher: agent });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
      await agent.close();
    } finally {
      await again.close();
    }
  });
});
