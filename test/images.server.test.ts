// test/images.server.test.ts — pictures over the wire: a PNG and a JPEG sent as multipart file parts
// are drawn (worker pool included) the same as through the library, and the unused-picture remark
// arrives as an x-svc-warning header.
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { type RunningServer, silentLogger, startServer } from '../src/server.js';
import { makeJpeg, makePng } from './support/images.js';
import { pdfImagesList } from './support/pdf-tools.js';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, host: '127.0.0.1', logger: silentLogger(), lingerMs: 1000 });
});
afterAll(() => srv.close());

describe('images over POST /render', () => {
  it('draws file parts and reports an undrawn declaration', async () => {
    const png = makePng({ width: 3, height: 2, type: 6, depth: 8, pixel: (x) => [x * 100, 0, 0, 200] });
    const jpg = makeJpeg(8, 8, () => [0, 0, 200]);
    const description = {
      images: [{ name: 'logo.png' }, { name: 'spare.jpg' }],
      items: [
        { type: 'image', image: 'logo.png', rect: { llx: 10, lly: 10, urx: 110, ury: 60 } },
        { type: 'image', image: 'photo.jpg', rect: { llx: 10, lly: 100, urx: 110, ury: 200 } },
      ],
    };
    const form = new FormData();
    form.set('json_data', JSON.stringify(description));
    form.set('logo.png', new Blob([new Uint8Array(png)]), 'logo.png');
    form.set('photo.jpg', new Blob([new Uint8Array(jpg)]), 'photo.jpg');
    form.set('spare.jpg', new Blob([new Uint8Array(jpg)]), 'spare.jpg');
    const res = await request(`${srv.url}/render`, { method: 'POST', body: form });
    const body = new Uint8Array(await res.body.arrayBuffer());
    expect(res.statusCode, Buffer.from(body).toString()).toBe(200);
    expect(res.headers['x-svc-warnings']).toBe('1');
    expect(res.headers['x-svc-warning']).toBe('the image spare.jpg is never drawn with');
    expect(pdfImagesList(body).map((r) => [r.type, r.enc])).toEqual([
      ['image', 'image'],
      ['smask', 'image'],
      ['image', 'jpeg'],
    ]);
    // The same PDF as the library gives for the same input (the clock aside: no date is drawn).
    const lib = render({ description, parts: { 'logo.png': png, 'photo.jpg': jpg, 'spare.jpg': jpg } });
    expect(lib.ok && Buffer.from(lib.pdf).equals(Buffer.from(body))).toBe(true);
  });
});
