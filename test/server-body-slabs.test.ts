// test/server-body-slabs.test.ts — request bodies gathered into reused shared memory on their way to
// a render worker (src/server/body-slabs.ts, issue 20: /health during a burst): blocks are reused and
// bounded, and renders whose bodies shared blocks one after another, or waited in the queue at once,
// each give their own document (its title read back with pdfinfo) and the library's bytes.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { RenderPool } from '../src/pool.js';
import { BodySlabs, blockSize, MAX_BLOCK, MIN_BLOCK } from '../src/server/body-slabs.js';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';
import { pdfInfo } from './support/pdf-tools.js';

describe('BodySlabs', () => {
  it('sizes blocks in eight steps per doubling from MIN_BLOCK, and pools nothing past MAX_BLOCK', () => {
    expect(blockSize(1)).toBe(MIN_BLOCK);
    expect(blockSize(MIN_BLOCK)).toBe(MIN_BLOCK);
    expect(blockSize(MIN_BLOCK + 1)).toBe(MIN_BLOCK + MIN_BLOCK / 8);
    // 1.1 MB: the ninth 128 KiB step.
    expect(blockSize(1_100_000)).toBe(9 * 128 * 1024);
    for (const n of [70_000, 300_000, 1_100_000, 5_000_000]) {
      expect(blockSize(n)).toBeGreaterThanOrEqual(n);
      expect(blockSize(n)).toBeLessThanOrEqual(n * 1.125 + 1);
    }
    const slabs = new BodySlabs();
    expect(slabs.take(MAX_BLOCK + 1)).toBeUndefined();
    expect(slabs.take(0)).toBeUndefined();
    expect(slabs.take(MAX_BLOCK)?.bytes.byteLength).toBe(MAX_BLOCK);
  });

  it('gives a block given back to the next body of its size, and never owns more than its bound', () => {
    const slabs = new BodySlabs(3 * MIN_BLOCK);
    const a = slabs.take(1000)!;
    expect(a.bytes.byteLength).toBe(1000);
    expect(a.memory).toBeInstanceOf(SharedArrayBuffer);
    slabs.give(a);
    const b = slabs.take(5000)!;
    expect(b.memory).toBe(a.memory);
    expect(b.bytes.byteLength).toBe(5000);
    expect(slabs.made).toBe(1);
    // Three blocks in use fill the bound: a fourth body gets none (the server gives it a buffer of its own).
    const c = slabs.take(10)!;
    const d = slabs.take(10)!;
    expect(slabs.take(10)).toBeUndefined();
    expect(slabs.ownedBytes).toBe(3 * MIN_BLOCK);
    for (const x of [b, c, d]) slabs.give(x);
    expect(slabs.keptBytes).toBe(3 * MIN_BLOCK);
    // A larger size: free blocks of the small size are dropped to make room for it.
    const big = slabs.take(2 * MIN_BLOCK)!;
    expect(big.memory.byteLength).toBe(2 * MIN_BLOCK);
    expect(slabs.ownedBytes).toBe(3 * MIN_BLOCK);
    expect(slabs.keptBytes).toBe(MIN_BLOCK);
    expect(slabs.made).toBe(4);
  });
});

/** A description titled `word`, padded to about `bytes` with an unknown key (a remark). */
function description(word: string, bytes: number): string {
  return JSON.stringify({
    metadata: { title: word },
    items: [{ type: 'rect', rect: { llx: 10, lly: 10, urx: 100, ury: 100 }, fill: [0, 0.5, 1] }],
    padding: 'x'.repeat(bytes),
  });
}

function multipart(json: string): { body: Buffer; type: string } {
  const boundary = 'slabs5c1e';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n`),
      Buffer.from(json),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('bodies through shared blocks to the pool', () => {
  let pool: RenderPool;
  let srv: RunningServer;
  beforeAll(async () => {
    pool = new RenderPool({ workers: 1, queue: 16, timeLimitMs: 60_000 });
    srv = await startServer({ port: 0, pool, logger: silentLogger() });
  });
  afterAll(async () => {
    await srv.close();
    await pool.close();
  });

  const post = async (json: string): Promise<Buffer> => {
    const m = multipart(json);
    // A Buffer body: undici sends its Content-Length, so the server gathers it into a block.
    const res = await request(`${srv.url}/render`, {
      method: 'POST',
      body: m.body,
      headers: { 'content-type': m.type },
    });
    const pdf = Buffer.from(await res.body.arrayBuffer());
    expect(res.statusCode).toBe(200);
    return pdf;
  };

  it('one after another and all at once, each render reads its own body', async () => {
    // Bodies of one size class (a longer one first, so a shorter one lands on its leftover bytes).
    const words = ['Aldebaran', 'Betelgeuse', 'Canopus', 'Deneb', 'Electra', 'Fomalhaut'];
    const jsons = words.map((w, i) => description(w, 150_000 - i * 7_000));
    for (const [i, json] of jsons.slice(0, 2).entries()) {
      const pdf = await post(json);
      expect(pdfInfo(pdf).Title).toBe(words[i]);
    }
    // One worker: five wait in the queue at once, each in a block of its own.
    const pdfs = await Promise.all(jsons.slice(1).map(post));
    for (const [i, pdf] of pdfs.entries()) {
      const word = words[i + 1];
      expect(pdfInfo(pdf).Title).toBe(word);
      const lib = render({ description: jsons[i + 1] });
      expect(lib.ok && Buffer.from(lib.pdf).equals(pdf)).toBe(true);
    }
  });
});
