// test/server-accept.test.ts — new connections let in a few at a time (src/server/accept.ts, issue 20:
// /health during a burst of uploads): the server accepts sockets paused, at most FIRST_READS of them
// may be waiting for their first request head at once, the rest wait in line (first in, first out)
// and are resumed as places free (a head read, the socket closed, or FIRST_READ_MS passed); one
// that sent nothing in its turn gives its place back, paused, and is looked at again PARK_MS later.
import { EventEmitter } from 'node:events';
import type { Server, Socket } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { Doorway, FIRST_READS } from '../src/server/accept.js';
import { createServer, silentLogger, startServer } from '../src/server.js';

class FakeSocket extends EventEmitter {
  destroyed = false;
  resumed = 0;
  paused = 0;
  bytesRead = 0;
  /** Whether its client has sent something: then a resume reads it (else the socket is silent). */
  constructor(public sends = true) {
    super();
  }
  resume(): this {
    this.resumed++;
    if (this.sends) this.bytesRead++;
    return this;
  }
  pause(): this {
    this.paused++;
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

  it('takes the place back from a connection that sent nothing in its turn, and looks at it again later', async () => {
    const door = new Doorway(1, 60_000, 5);
    const silent = new FakeSocket(false);
    const next = new FakeSocket();
    door.admit(asSocket(silent));
    door.admit(asSocket(next));
    expect([silent.resumed, next.resumed]).toEqual([1, 0]);
    // past the turn after its resume: nothing came on it, so it is paused and its place given on
    await new Promise((r) => setImmediate(() => setImmediate(() => setImmediate(r))));
    expect([silent.paused, next.resumed, door.silent, door.waiting, door.reading]).toEqual([1, 1, 1, 1, 1]);
    door.started(asSocket(next));
    await new Promise((r) => setTimeout(r, 30)); // at the head of the line again after PARK_MS
    expect(silent.resumed).toBeGreaterThanOrEqual(2);
    silent.destroyed = true;
    silent.emit('close');
    await new Promise((r) => setImmediate(() => setImmediate(() => setImmediate(r))));
    expect([door.waiting, door.reading]).toEqual([0, 0]);
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
