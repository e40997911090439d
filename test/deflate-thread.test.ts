// test/deflate-thread.test.ts — engines/pdf/deflate-pool.ts: page content of a long document deflated
// on a second core gives the bytes deflating here gives (the same zlib, the same parameters), the
// thread starts only at a process's second long document and never for a short one, what does not
// fit (past the shared buffer, incompressible) is deflated here, and a render with the thread writes
// the PDF a render without it writes. Runs in one process, in order: the module's state is per process.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inflateSync } from 'node:zlib';
import { PDFContext, type PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { deflateTight } from '../engines/pdf/compression.js';
import { DeflateBatch, deflateThread, HAND_OVER_AFTER, POOL_BYTES } from '../engines/pdf/deflate-pool.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';

/** Page-like content, different for each `seed` (so a reused buffer cannot pass for the right bytes). */
const page = (seed: number, n = 13_500) => {
  let s = '';
  for (let r = 0; s.length < n; r++) s += `BT 1 0 0 1 36 ${700 - (r % 50) * 14} Tm (R${seed}-${r}) Tj ET\n`;
  return Buffer.from(s.slice(0, n), 'latin1');
};

/** A document's pages through a batch (levels as emit gives them: 6, then 4 past 64 KB), checked against deflateTight. */
async function document(pages: Buffer[], pause = 0): Promise<void> {
  const context = PDFContext.create();
  const batch = new DeflateBatch();
  const written: [PDFRef, Buffer, number][] = [];
  let bytes = 0;
  for (const p of pages) {
    const level = bytes >= 64 * 1024 ? 4 : 6;
    bytes += p.length;
    written.push([batch.stream(context, p, level), p, level]);
  }
  // the thread given time to take every job (else this thread takes the last ones itself)
  if (pause) await sleep(pause);
  batch.finish();
  for (const [ref, raw, level] of written) {
    const s = context.lookup(ref) as PDFRawStream;
    expect(Buffer.compare(Buffer.from(s.contents), deflateTight(raw, level))).toBe(0);
    expect(Buffer.compare(inflateSync(s.contents), raw)).toBe(0);
    expect(s.dict.toString()).toBe('<<\n/Filter /FlateDecode\n>>');
  }
}

const pagesOf = (seed: number, count: number) => Array.from({ length: count }, (_, i) => page(seed * 1000 + i));

describe('DeflateBatch', () => {
  it('a short document is deflated here and starts no thread', async () => {
    await document(pagesOf(1, 5));
    expect(deflateThread()).toEqual({ started: false, streams: 0 });
  });

  it("a process's first long document too: the thread starts at the second", async () => {
    const long = Math.ceil((2 * HAND_OVER_AFTER) / 13_500);
    await document(pagesOf(2, long));
    expect(deflateThread()).toEqual({ started: false, streams: 0 });
    await document(pagesOf(3, long));
    expect(deflateThread().started).toBe(true);
  });

  it('the thread deflates what is past HAND_OVER_AFTER, byte for byte as here; an incompressible page comes back here', async () => {
    // the thread up and waiting (it takes a few tens of milliseconds to start)
    for (let i = 0; i < 50 && deflateThread().streams === 0; i++) await document(pagesOf(4 + i, 40), 100);
    const before = deflateThread().streams;
    const pages = pagesOf(100, 40);
    pages[30] = randomBytes(13_500);
    await document(pages, 2000);
    const past = pages.length - Math.ceil(HAND_OVER_AFTER / 13_500);
    expect(deflateThread().streams - before).toBe(past - 1);
  });

  it('the shared buffer reused: each document gets its own bytes; past POOL_BYTES the rest is deflated here', async () => {
    for (let seed = 200; seed < 203; seed++) await document(pagesOf(seed, 30), 50);
    const before = deflateThread().streams;
    const count = Math.ceil((POOL_BYTES + HAND_OVER_AFTER) / 13_500) + 20;
    await document(pagesOf(300, count), 1000);
    const handed = deflateThread().streams - before;
    expect(handed).toBeGreaterThan(0);
    expect(handed).toBeLessThanOrEqual(Math.floor(POOL_BYTES / 13_500));
  });

  it('a render with the thread writes the PDF a render without it writes', async () => {
    const d = JSON.parse(readFileSync(join(import.meta.dirname, '../bench/scenarios/table-10k.json'), 'utf8'));
    d.items[0].rows = d.items[0].rows.slice(0, 4001);
    const pdf = () => {
      const out = render({ description: structuredClone(d), now: NOW });
      if (!out.ok) throw new Error(out.sentence);
      return Buffer.from(out.pdf);
    };
    const first = pdf();
    // a render runs while the thread works: on a loaded machine this thread may take back every page
    // before the thread is scheduled, so render until the thread has done some (each the same bytes)
    const before = deflateThread().streams;
    for (let i = 0; i < 20 && deflateThread().streams === before; i++) {
      await sleep(50);
      expect(Buffer.compare(pdf(), first)).toBe(0);
    }
    expect(deflateThread().streams).toBeGreaterThan(before);
    process.env.QUIRE_DEFLATE_THREAD = '0';
    try {
      // every page deflated here
      const streams = deflateThread().streams;
      expect(Buffer.compare(pdf(), first)).toBe(0);
      expect(deflateThread().streams).toBe(streams);
    } finally {
      delete process.env.QUIRE_DEFLATE_THREAD;
    }
  });
});
