// test/fleet-routing.test.ts — the front's routing over a fleet, against stand-in render servers in
// this process (node:http, nothing rendered): which server a call goes to, the one retry on another
// when a server turns a call away (and none when the body was too large to keep), servers joining
// and leaving through DNS, and the trusted-fronts blocks of the render server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardToFleet } from '../src/hosted/fleet/dispatch.js';
import { parseDnsName, serverUrl, watchDns } from '../src/hosted/fleet/dns.js';
import { Fleet } from '../src/hosted/fleet/fleet.js';
import { ReplayBody, ReplayBudget } from '../src/hosted/fleet/replay.js';
import { trustedPeers } from '../src/server/trusted.js';

interface Stand {
  url: string;
  /** What /health says; status 503 with draining while draining. */
  health: { draining?: boolean; load: { running: number; queued: number; workers: number } };
  healthStatus: number;
  /** How /render answers. */
  answer: 'pdf' | 'busy' | 'reset';
  /** Bodies /render received in full. */
  bodies: string[];
  close(): Promise<void>;
}

const open: Stand[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

async function stand(answer: Stand['answer'] = 'pdf'): Promise<Stand> {
  const st: Stand = {
    url: '',
    health: { load: { running: 0, queued: 0, workers: 1 } },
    healthStatus: 200,
    answer,
    bodies: [],
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/health') {
      res.writeHead(st.healthStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify(st.health));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (st.answer === 'reset') {
        req.socket.destroy();
        return;
      }
      st.bodies.push(Buffer.concat(chunks).toString('utf8'));
      if (st.answer === 'busy') {
        res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '2', 'x-svc-refusal': 'server' });
        res.end('every worker is busy; send the call again shortly.');
      } else {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(`%PDF-from ${st.url}`);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  st.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  st.close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  open.push(st);
  return st;
}

async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const DESCRIPTION = JSON.stringify({ items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] });

async function send(fleet: Fleet, body: Buffer | Readable = Buffer.from(DESCRIPTION), replayCap?: number) {
  const { f, upstream } = await forwardToFleet({
    fleet,
    budget: new ReplayBudget(),
    body,
    cap: 10_000_000,
    client: 'acme',
    requestId: 'r1',
    waitMs: 5000,
    replayCap,
  });
  if (f.kind !== 'answer') return { kind: f.kind, upstream };
  const text = await f.body.text();
  f.done();
  return { kind: 'answer', status: f.status, text, upstream };
}

describe('choosing a render server', () => {
  it('goes to the least loaded healthy server, never to a draining or failing one', async () => {
    const [a, b, c] = [await stand(), await stand(), await stand()];
    a.health.load = { running: 2, queued: 3, workers: 2 }; // 2.5 per worker
    b.health.load = { running: 1, queued: 0, workers: 2 }; // 0.5 per worker
    c.health = { draining: true, load: { running: 0, queued: 0, workers: 4 } };
    c.healthStatus = 503;
    const fleet = new Fleet({ fixed: [a.url, b.url, c.url], intervalMs: 50 });
    try {
      await fleet.settled();
      expect(fleet.list().map((m) => m.state)).toEqual(['up', 'up', 'draining']);
      for (let i = 0; i < 4; i++) expect((await send(fleet)).upstream).toBe(b.url);
      // b gets busier than a: the next call goes to a
      b.health.load = { running: 2, queued: 8, workers: 2 };
      await until(() => fleet.list()[1].others >= 10);
      expect((await send(fleet)).upstream).toBe(a.url);
      // a stops answering its /health: marked down, skipped while b answers
      a.healthStatus = 500;
      await until(() => fleet.list()[0].state === 'down');
      expect((await send(fleet)).upstream).toBe(b.url);
      expect(c.bodies).toEqual([]);
    } finally {
      fleet.stop();
    }
  });

  it('a 503 or a connection cut before the answer is sent once more to another server, with the whole body', async () => {
    const busy = await stand('busy');
    const cut = await stand('reset');
    const good = await stand();
    // the busy and the cutting server look least loaded, so they are tried first
    good.health.load = { running: 1, queued: 5, workers: 1 };
    for (const first of [busy, cut]) {
      const fleet = new Fleet({ fixed: [first.url, good.url], intervalMs: 60_000 });
      try {
        await fleet.settled();
        const body = Readable.from([Buffer.from(DESCRIPTION.slice(0, 20)), Buffer.from(DESCRIPTION.slice(20))]);
        const r = await send(fleet, body);
        expect(r).toMatchObject({ kind: 'answer', status: 200, upstream: good.url });
        expect(r.text).toBe(`%PDF-from ${good.url}`);
        expect(good.bodies.at(-1)).toContain(DESCRIPTION);
        expect(good.bodies.at(-1)).toMatch(/name="json_data"/);
      } finally {
        fleet.stop();
      }
    }
    expect(busy.bodies).toHaveLength(1);
  });

  it('the client sees 503 when the second server turns the call away too, or when the body was too large to keep', async () => {
    const [a, b] = [await stand('busy'), await stand('busy')];
    const fleet = new Fleet({ fixed: [a.url, b.url], intervalMs: 60_000 });
    try {
      await fleet.settled();
      const r = await send(fleet);
      expect(r).toMatchObject({ kind: 'answer', status: 503 });
      expect(a.bodies.length + b.bodies.length).toBe(2);
      // a description larger than what is kept goes to one server only
      b.answer = 'pdf';
      const big = Readable.from([Buffer.from(DESCRIPTION.slice(0, 30)), Buffer.from(DESCRIPTION.slice(30))]);
      const before = a.bodies.length + b.bodies.length;
      const once = await send(fleet, big, 16);
      expect(a.bodies.length + b.bodies.length).toBe(before + 1);
      expect(once.status === 503 || once.upstream === b.url).toBe(true);
    } finally {
      fleet.stop();
    }
  });

  it('no server at all: nothing is tried', async () => {
    const fleet = new Fleet({ fixed: [] });
    expect((await send(fleet)).kind).toBe('none');
  });
});

describe('the body kept for a second attempt', () => {
  it('is kept only when the fleet has another server to send it to', async () => {
    const peakHeld = async (fleet: Fleet): Promise<number> => {
      const budget = new ReplayBudget();
      let held = 0;
      let peak = 0;
      Object.defineProperty(budget, 'held', {
        get: () => held,
        set: (v: number) => {
          held = v;
          peak = Math.max(peak, v);
        },
      });
      const { f } = await forwardToFleet({
        fleet,
        budget,
        body: Readable.from([Buffer.from(DESCRIPTION.slice(0, 20)), Buffer.from(DESCRIPTION.slice(20))]),
        cap: 10_000_000,
        client: 'acme',
        requestId: 'r1',
        waitMs: 5000,
      });
      expect(f.kind === 'answer' && f.status).toBe(200);
      if (f.kind === 'answer') {
        await f.body.dump();
        f.done();
      }
      expect(held).toBe(0);
      return peak;
    };
    const [a, b] = [await stand(), await stand()];
    const one = new Fleet({ fixed: [a.url], intervalMs: 50 });
    const two = new Fleet({ fixed: [a.url, b.url], intervalMs: 50 });
    try {
      await one.settled();
      await two.settled();
      expect(await peakHeld(one)).toBe(0);
      expect(await peakHeld(two)).toBe(DESCRIPTION.length);
    } finally {
      one.stop();
      two.stop();
    }
  });

  it('a second attempt begun while the first still waits for the client misses no chunk', async () => {
    const client = new PassThrough();
    const body = new ReplayBody(client, new ReplayBudget());
    const first = body.attempt();
    client.write('one,');
    expect(String((await first.next()).value)).toBe('one,');
    const waiting = first.next(); // the first attempt waits for more; then its server goes away
    const second = body.attempt();
    const got: string[] = [];
    const reading = (async () => {
      for await (const chunk of second) got.push(String(chunk));
    })();
    await new Promise((r) => setTimeout(r, 20));
    client.write('two,');
    client.end('three');
    await reading;
    expect(got.join('')).toBe('one,two,three');
    expect(String((await waiting).value)).toMatch(/^two,/); // the abandoned attempt got the same bytes
  });

  it('past its cap the copy is given up: the attempt going on streams on, a new one is refused', async () => {
    const client = new PassThrough();
    const budget = new ReplayBudget();
    const body = new ReplayBody(client, budget, 8);
    const first = body.attempt();
    client.end('0123456789abcdef');
    const got: string[] = [];
    for await (const chunk of first) got.push(String(chunk));
    expect(got.join('')).toBe('0123456789abcdef');
    expect(body.replayable).toBe(false);
    expect(budget.held).toBe(0);
    await expect(body.attempt().next()).rejects.toThrow(/cannot be sent again/);
  });
});

describe('servers from DNS', () => {
  it('joins the addresses a name resolves to, once their /health answers, and drops those it no longer lists', async () => {
    const a = await stand();
    const port = Number(new URL(a.url).port);
    let listed = ['127.0.0.1'];
    const fleet = new Fleet({ intervalMs: 50 });
    const w = watchDns(fleet, { host: 'render.test', port }, { refreshMs: 30, lookup: async () => listed });
    try {
      await w.ready;
      expect(fleet.list().map((m) => m.url)).toEqual([serverUrl('127.0.0.1', port)]);
      await until(() => fleet.list()[0].state === 'up');
      // a second address joins but answers nothing: never chosen while the first answers
      listed = ['127.0.0.1', '127.0.0.2'];
      await until(() => fleet.size === 2);
      await until(() => fleet.list()[1].state === 'down');
      expect((await send(fleet)).upstream).toBe(a.url);
      // a failed lookup keeps the list; an empty answer empties it
      listed = undefined as unknown as string[];
      await new Promise((r) => setTimeout(r, 100));
      expect(fleet.size).toBe(2);
      listed = [];
      await until(() => fleet.size === 0);
    } finally {
      w.stop();
      fleet.stop();
    }
  });

  it('reads NAME:PORT and writes IPv6 addresses in brackets', () => {
    expect(parseDnsName('quire-render.quire.svc.cluster.local:8080')).toEqual({
      host: 'quire-render.quire.svc.cluster.local',
      port: 8080,
    });
    for (const bad of ['render', 'render:', 'render:0', 'render:70000', 'http://render:8080', ':8080'])
      expect(parseDnsName(bad)).toBeUndefined();
    expect(serverUrl('fd00::5', 8080)).toBe('http://[fd00::5]:8080');
  });
});

describe('trusted fronts', () => {
  it('takes addresses and CIDR blocks, IPv4-mapped IPv6 peers as IPv4', () => {
    const trusted = trustedPeers(['10.244.0.0/16', '192.168.1.7', 'fd00::/8']);
    expect(trusted('10.244.3.9')).toBe(true);
    expect(trusted('::ffff:10.244.3.9')).toBe(true);
    expect(trusted('10.245.0.1')).toBe(false);
    expect(trusted('192.168.1.7')).toBe(true);
    expect(trusted('192.168.1.8')).toBe(false);
    expect(trusted('fd12::1')).toBe(true);
    expect(trustedPeers([])('127.0.0.1')).toBe(false);
    for (const bad of ['10.0.0.0/33', 'render', '10.0.0.0/8/1', '10.0.0.0/x'])
      expect(() => trustedPeers([bad])).toThrow(/neither an address nor an address block/);
  });
});
