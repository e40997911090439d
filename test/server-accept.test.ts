// test/server-accept.test.ts — new connections let in a few at a time (src/server/accept.ts, issue 20:
// /health during a burst of uploads): the server accepts sockets paused, at most FIRST_READS of them
// may be waiting for their first request head at once, the rest wait in line (first in, first out)
// and are resumed as places free (a head read, the socket closed, or FIRST_READ_MS passed).
import { EventEmitter } from 'node:events';
import type { Server, Socket } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { Doorway, FIRST_READS } from '../src/server/accept.js';
import { createServer, silentLogger, startServer } from '../src/server.js';

class FakeSocket extends EventEmitter {
  destroyed = false;
  resumed = 0;
  resume(): this {
    this.resumed++;
    return this;
  }
}

const asSocket = (f: FakeSocket) => f as unknown as Socket;

describe('Doorway', () => {
  it('holds new connections past its places in line and lets the next in as a head is read or a socket closes', () => {
    const door = new Doorway(3, 60_000);
    const socks = Array.from({ length: 8 }, () => new FakeSocket());
    for (const s of socks) door.admit(asSocket(s));
    const read = () => socks.flatMap((s, i) => (s.resumed > 0 ? [i] : []));
    expect(read()).toEqual([0, 1, 2]);
    expect([door.held, door.waiting, door.reading]).toEqual([5, 5, 3]);
    door.started(asSocket(socks[1])); // its head read: the next in line comes in
    expect(read()).toEqual([0, 1, 2, 3]);
    door.started(asSocket(socks[1])); // a second request on it frees nothing more
    expect(read()).toEqual([0, 1, 2, 3]);
    socks[4].destroyed = true;
    socks[4].emit('close'); // gone while waiting: leaves the line, never resumed
    socks[0].emit('close'); // gone before its head: its place frees
    expect(read()).toEqual([0, 1, 2, 3, 5]);
    door.started(asSocket(socks[2]));
    door.started(asSocket(socks[3]));
    door.started(asSocket(socks[5]));
    expect(read()).toEqual([0, 1, 2, 3, 5, 6, 7]);
    expect(socks.map((s) => s.resumed)).toEqual([1, 1, 1, 1, 0, 1, 1, 1]);
    expect([door.waiting, door.reading]).toEqual([0, 2]);
  });

  it('frees the place of a connection that sends nothing after its time', async () => {
    const door = new Doorway(1, 5);
    const idle = new FakeSocket();
    const next = new FakeSocket();
    door.admit(asSocket(idle));
    door.admit(asSocket(next));
    expect(next.resumed).toBe(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(next.resumed).toBe(1);
  });

  it('is installed by createServer, and a burst of connections is answered in full', async () => {
    const made = createServer({ logger: silentLogger(), processMetrics: false });
    expect((made as Server & { pauseOnConnect?: boolean }).pauseOnConnect).toBe(true);
    made.close();
    const running = await startServer({ port: 0, logger: silentLogger(), processMetrics: false });
    try {
      // More connections at once than there are places: every one is read and answered.
      const n = FIRST_READS * 4;
      const answers = await Promise.all(
        Array.from({ length: n }, async () => {
          const r = await request(`${running.url}/health`, { reset: true });
          const body = (await r.body.json()) as { status?: string };
          return [r.statusCode, typeof body, r.headers['x-request-id'] !== undefined];
        }),
      );
      expect(answers).toEqual(Array.from({ length: n }, () => [200, 'object', true]));
    } finally {
      await running.close();
    }
  });
});
