// test/server-body-chunks.test.ts — request bodies moved to the render worker as the chunks the
// server received (src/server.ts `receive`, issue 20: /health during a burst): renders sent one after
// another, and five waiting in the queue at once, each give their own document (its title read back
// with pdfinfo) and the library's bytes.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { RenderPool } from '../src/pool.js';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';
import { helloDescription } from './support/fixtures.js';
import { pdfDetachSave, pdfInfo } from './support/pdf-tools.js';

/** A description titled `word`, padded to about `bytes` with an unknown key (a remark). */
function description(word: string, bytes: number): string {
  return JSON.stringify({
    metadata: { title: word },
    items: [{ type: 'rect', rect: { llx: 10, lly: 10, urx: 100, ury: 100 }, fill: [0, 0.5, 1] }],
    padding: 'x'.repeat(bytes),
  });
}

function multipart(json: string, part?: { name: string; bytes: Uint8Array }): { body: Buffer; type: string } {
  const boundary = 'chunks5c1e';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n`),
      Buffer.from(json),
      ...(part
        ? [
            Buffer.from(
              `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.name}"\r\n\r\n`,
            ),
            part.bytes,
          ]
        : []),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('bodies moved to the pool as their chunks', () => {
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

  const post = async (json: string, part?: { name: string; bytes: Uint8Array }): Promise<Buffer> => {
    const m = multipart(json, part);
    // A Buffer body: undici sends its Content-Length, so the server keeps its chunks for the worker.
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
    // Bodies of about 150 kB (several chunks each), of different lengths.
    const words = ['Aldebaran', 'Betelgeuse', 'Canopus', 'Deneb', 'Electra', 'Fomalhaut'];
    const jsons = words.map((w, i) => description(w, 150_000 - i * 7_000));
    for (const [i, json] of jsons.slice(0, 2).entries()) {
      const pdf = await post(json);
      expect(pdfInfo(pdf).Title).toBe(words[i]);
    }
    // One worker: five wait in the queue at once.
    const pdfs = await Promise.all(jsons.slice(1).map((j) => post(j)));
    for (const [i, pdf] of pdfs.entries()) {
      const word = words[i + 1];
      expect(pdfInfo(pdf).Title).toBe(word);
      const lib = render({ description: jsons[i + 1] });
      expect(lib.ok && Buffer.from(lib.pdf).equals(pdf)).toBe(true);
    }
  });

  it('a part keeps its own bytes though the worker reuses the memory it joins bodies in', async () => {
    // The worker joins each body's chunks into one buffer it reuses (src/render-worker.ts): the
    // parts of one call must not change when the next call's body is joined over them.
    const note = (bytes: Uint8Array) =>
      JSON.stringify(
        helloDescription({
          attachments: [
            {
              name: 'note.txt',
              file_name: 'note.txt',
              description: 'a note',
              media_type: 'text/plain',
              relationship: 'supplement',
              modified: '2026-11-21',
            },
          ],
          padding: 'y'.repeat(bytes.length), // several chunks, like the bodies above
        }),
      );
    const first = Buffer.from('The first note, the longer of the two.\n'.repeat(4000));
    const second = Buffer.from('Second.\n'.repeat(3000));
    const [a, b] = await Promise.all([
      post(note(first), { name: 'note.txt', bytes: first }),
      post(note(second), { name: 'note.txt', bytes: second }),
    ]);
    expect(pdfDetachSave(a, 1).equals(first)).toBe(true);
    expect(pdfDetachSave(b, 1).equals(second)).toBe(true);
  });
});
