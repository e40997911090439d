// test/server.test.ts — the server on the wire: started in-process on port 0, called with undici.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELLIPSIS } from '../src/answer.js';
import { render } from '../src/library.js';
import { DEFAULT_BODY_CAP, type RunningServer, type ServerOptions, silentLogger, startServer } from '../src/server.js';
import type { Outcome, RenderInput } from '../src/types.js';
import { BUILD, buildNumber } from '../src/version.js';
import { pdfFonts, pdfToText, qpdfCheck } from './support/pdf-tools.js';

const FONT = fileURLToPath(
  new URL('../node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', import.meta.url),
);
const FIXED_NOW = new Date('2024-05-01T12:00:00Z');

const quiet: ServerOptions = { logger: silentLogger(), lingerMs: 1000 };

async function start(opts: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', ...quiet, ...opts });
}

function header(res: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}
function headerList(res: { headers: Record<string, string | string[] | undefined> }, name: string): string[] {
  const v = res.headers[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** A multipart body written by hand, for bodies undici would not write (duplicates, no length). */
function multipart(boundary: string, parts: { name: string; value: string | Uint8Array; filename?: string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const fn = p.filename !== undefined ? `; filename="${p.filename}"` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${fn}\r\n\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function postForm(url: string, form: FormData, headers: Record<string, string> = {}) {
  const res = await request(`${url}/render`, { method: 'POST', body: form, headers });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { res, body, text: body.toString('utf8') };
}

/** Sends raw bytes and reads the answer up to the end of its head (status line + headers). */
function rawExchange(url: string, head: string, body?: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let got = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in time; got ${JSON.stringify(got)}`));
    }, 5000);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (got.includes('\r\n\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('error', (e) => {
      clearTimeout(timer);
      if (got.includes('\r\n\r\n')) resolve(got);
      else reject(e);
    });
    socket.write(head);
    if (body) socket.write(body);
  });
}

function goodDescription(): Buffer {
  const data = readFileSync(FONT).toString('base64');
  return Buffer.from(
    JSON.stringify({
      fonts: [{ name: 'Body', data }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 600, urx: 520, ury: 770 },
          content: ['Hello quire'],
          font: 'Body',
          font_size: 24,
        },
      ],
    }),
  );
}

describe('server without the library (stand-in render)', () => {
  let srv: RunningServer;
  let lastInput: RenderInput | undefined;
  const canned: { outcome: Outcome } = {
    outcome: { ok: true, pdf: new Uint8Array([1, 2, 3]), pages: 1, remarks: [], findings: [] },
  };
  beforeAll(async () => {
    srv = await start({
      bodyCap: 1000,
      faces: () => 42,
      render: (input) => {
        lastInput = input;
        return canned.outcome;
      },
    });
  });
  afterAll(() => srv.close());

  it('binds loopback by default and reports the url with the real port', () => {
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(srv.url.endsWith(':0')).toBe(false);
  });

  it('missing json_data → 400 form', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([1, 2])]), 'x.png');
    const { res, text } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('form');
    expect(header(res, 'content-type')).toMatch(/^text\/plain/);
    expect(text).toBe('the part json_data is missing from the form.');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
    expect(header(res, 'x-svc-warnings')).toBe('0');
  });

  it('non-multipart body → 400 form', async () => {
    const res = await request(`${srv.url}/render`, {
      method: 'POST',
      body: '{"items":[]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('form');
    expect(await res.body.text()).toBe('the body must be sent as multipart/form-data with a boundary.');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
  });

  it('multipart without a boundary → 400 form', async () => {
    const res = await request(`${srv.url}/render`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('form');
    await res.body.dump();
  });

  it('a malformed multipart body → 400 form', async () => {
    const res = await request(`${srv.url}/render`, {
      method: 'POST',
      body: '--b\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{}', // never closed
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('form');
    expect(await res.body.text()).toMatch(/^the body could not be read as multipart\/form-data: /);
  });

  it('a part name sent twice → 400 form', async () => {
    const body = multipart('XyZ', [
      { name: 'json_data', value: '{}' },
      { name: 'logo', value: 'a', filename: 'a.png' },
      { name: 'logo', value: 'b', filename: 'b.png' },
    ]);
    const res = await request(`${srv.url}/render`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    });
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('form');
    expect(await res.body.text()).toBe('the part "logo" is sent twice.');
  });

  it('hands json_data and every other part (file or field) to render as bytes, with x-svc-client', async () => {
    const bytes = new Uint8Array([0, 255, 128, 10, 13, 0x25]);
    const form = new FormData();
    form.append('json_data', '{"items":[],"title":"Grüße"}');
    form.append('logo', new Blob([bytes]), 'logo.png');
    form.append('note', 'plain field ✓');
    const { res } = await postForm(srv.url, form, { 'x-svc-client': 'acme' });
    expect(res.statusCode).toBe(200);
    expect(lastInput).toBeDefined();
    const input = lastInput!;
    expect(Buffer.from(input.description as Uint8Array).toString('utf8')).toBe('{"items":[],"title":"Grüße"}');
    const parts = input.parts as Map<string, Uint8Array>;
    expect([...parts.keys()].sort()).toEqual(['logo', 'note']);
    expect(Buffer.from(parts.get('logo')!)).toEqual(Buffer.from(bytes));
    expect(Buffer.from(parts.get('note')!).toString('utf8')).toBe('plain field ✓');
    expect(input.client).toBe('acme');
    expect(input.now).toBeUndefined();
  });

  it('json_data sent as a file keeps its exact bytes', async () => {
    const raw = Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0xff]);
    const form = new FormData();
    form.append('json_data', new Blob([raw], { type: 'application/json' }), 'desc.json');
    const { res } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(lastInput!.description as Uint8Array)).toEqual(raw);
  });

  it('a body over the cap, length announced → 413 body_too_large', async () => {
    const form = new FormData();
    form.append('json_data', 'x'.repeat(5000));
    const { res, text } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(413);
    expect(header(res, 'x-svc-refusal')).toBe('body_too_large');
    expect(text).toBe('the body is larger than the 1000 bytes this server accepts.');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
  });

  it('a body over the cap, streamed without a length → 413 while it is still being sent', async () => {
    let sent = 0;
    let stop = false;
    async function* endless() {
      yield Buffer.from('--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n');
      while (!stop && sent < 50_000_000) {
        sent += 1000;
        yield Buffer.alloc(1000, 0x61);
        await new Promise((r) => setTimeout(r, 2));
      }
    }
    const res = await request(`${srv.url}/render`, {
      method: 'POST',
      body: Readable.from(endless()),
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
    });
    expect(res.statusCode).toBe(413);
    expect(header(res, 'x-svc-refusal')).toBe('body_too_large');
    expect(header(res, 'connection')).toBe('close');
    expect(await res.body.text()).toBe('the body is larger than the 1000 bytes this server accepts.');
    stop = true;
    expect(sent).toBeLessThan(1_000_000); // answered long before the upload would have ended
  });

  it('a Content-Length over the cap is answered 413 at once, before any body byte is sent', async () => {
    const head =
      'POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\n' +
      'Content-Length: 999999999\r\n\r\n';
    const got = await rawExchange(srv.url, head);
    expect(got).toMatch(/^HTTP\/1\.1 413 /);
    expect(got.toLowerCase()).toContain('x-svc-refusal: body_too_large');
    expect(got.toLowerCase()).toContain(`x-svc-version: ${BUILD.toLowerCase()}`);
  });

  it('Expect: 100-continue with a length over the cap gets 413 instead of 100', async () => {
    const head =
      'POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\n' +
      'Content-Length: 5000\r\nExpect: 100-continue\r\n\r\n';
    const got = await rawExchange(srv.url, head);
    expect(got).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('GET /health → {version, licensed, faces} with x-svc-version', async () => {
    const res = await request(`${srv.url}/health`);
    expect(res.statusCode).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^application\/json/);
    expect(header(res, 'x-svc-version')).toBe(BUILD);
    const json = (await res.body.json()) as Record<string, unknown>;
    expect(json).toEqual({
      version: BUILD,
      licensed: false,
      faces: 42,
      licence_issuer: null,
      operator_issuers: [],
      draining: false,
      // Issue 20: no pool here, so nothing warms up (docs/reference.md, "Warm-up").
      warming: false,
      // Issue 20: the server's memory budget (src/server/memory.ts); no pool: one render at a time.
      memory: expect.objectContaining({ render_budget: 402_653_184, renders_at_once: 1, reserved: 0, bodies_held: 0 }),
      load: { running: 0, queued: 0, workers: 1 },
    });
  });

  it('unknown path → 404 call_number with x-svc-version', async () => {
    const res = await request(`${srv.url}/nope?x=1`);
    expect(res.statusCode).toBe(404);
    expect(header(res, 'x-svc-refusal')).toBe('call_number');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
    expect(await res.body.text()).toBe('there is no GET /nope here; post the description to /render.');
  });

  it('wrong method on /render → 405 with Allow: POST', async () => {
    const res = await request(`${srv.url}/render`);
    expect(res.statusCode).toBe(405);
    expect(header(res, 'allow')).toBe('POST');
    expect(header(res, 'x-svc-refusal')).toBe('call_number');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
    await res.body.dump();
  });

  it('header values are percent-encoded on the wire; counts whole, remarks capped', async () => {
    const remarks = [
      'the image Größe is never drawn with',
      'the font 100% (selected as "Body") is embedded against its own embedding permission',
      'line\r\nbreak',
      ...Array.from({ length: 20 }, (_, i) => `the image Im${i} is never drawn with`),
    ].map((text) => ({ code: 'unused-resource' as const, text, path: '' }));
    canned.outcome = {
      ok: true,
      pdf: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
      pages: 2,
      remarks,
      findings: [{ standard: 'ISO_19005_2', clause: '6.2.4.3', test: 4, object: 'PDFont', message: 'zwölf' }],
    };
    try {
      const form = new FormData();
      form.append('json_data', '{}');
      const { res, body } = await postForm(srv.url, form);
      expect(res.statusCode).toBe(200);
      expect(header(res, 'content-type')).toBe('application/pdf');
      expect(body).toEqual(Buffer.from('%PDF'));
      expect(header(res, 'x-svc-pages')).toBe('2');
      expect(header(res, 'x-svc-warnings')).toBe('23');
      const warnings = headerList(res, 'x-svc-warning');
      expect(warnings).toHaveLength(10);
      expect(warnings[0]).toBe('the image Gr%C3%B6%C3%9Fe is never drawn with');
      expect(warnings[1]).toBe('the font 100%25 (selected as "Body") is embedded against its own embedding permission');
      expect(warnings[2]).toBe('line%0D%0Abreak');
      expect(header(res, 'x-svc-findings')).toBe('1');
      expect(headerList(res, 'x-svc-finding')).toEqual(['ISO_19005_2 6.2.4.3-t04 zw%C3%B6lf']);
    } finally {
      canned.outcome = { ok: true, pdf: new Uint8Array([1, 2, 3]), pages: 1, remarks: [], findings: [] };
    }
  });

  it('a long remark is cut at 1000 bytes with the ellipsis on the wire', async () => {
    canned.outcome = {
      ok: true,
      pdf: new Uint8Array([1]),
      pages: 1,
      remarks: [{ code: 'unused-resource', text: 'é'.repeat(1000), path: '' }],
      findings: [],
    };
    try {
      const form = new FormData();
      form.append('json_data', '{}');
      const { res } = await postForm(srv.url, form);
      const [w] = headerList(res, 'x-svc-warning');
      expect(header(res, 'x-svc-warnings')).toBe('1');
      expect(w.endsWith(ELLIPSIS)).toBe(true);
      expect(w.length).toBeLessThanOrEqual(1000);
    } finally {
      canned.outcome = { ok: true, pdf: new Uint8Array([1, 2, 3]), pages: 1, remarks: [], findings: [] };
    }
  });

  it('a refusal from render is answered with its status, word, sentence and remark count', async () => {
    canned.outcome = {
      ok: false,
      key: 'needsLicenceFont',
      status: 402,
      word: 'needs_a_licence',
      sentence: 'text in the font "Helv" needs a licence key.',
      path: '/items/0',
      remarks: [{ code: 'unused-resource', text: 'x', path: '' }],
    };
    try {
      const form = new FormData();
      form.append('json_data', '{}');
      const { res, text } = await postForm(srv.url, form);
      expect(res.statusCode).toBe(402);
      expect(header(res, 'x-svc-refusal')).toBe('needs_a_licence');
      expect(header(res, 'x-svc-warnings')).toBe('1');
      expect(text).toBe('text in the font "Helv" needs a licence key.');
    } finally {
      canned.outcome = { ok: true, pdf: new Uint8Array([1, 2, 3]), pages: 1, remarks: [], findings: [] };
    }
  });

  it('keeps answering after a client aborts mid-upload (in a field, in a file)', async () => {
    const { hostname, port } = new URL(srv.url);
    const head =
      'POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 900\r\n\r\n';
    const cuts = [
      '--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{"ite',
      '--B\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\n\x89PNG',
    ];
    for (const cut of cuts) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(head + cut);
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 20);
        });
        socket.on('error', () => resolve());
      });
      const res = await request(`${srv.url}/health`);
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    }
  });
});

describe('server: unexpected failures', () => {
  it('an exception in render → 500 server, and the process goes on', async () => {
    const srv = await start({
      render: () => {
        throw new Error('boom. Really');
      },
    });
    try {
      const form = new FormData();
      form.append('json_data', '{}');
      const { res, text } = await postForm(srv.url, form);
      expect(res.statusCode).toBe(500);
      expect(header(res, 'x-svc-refusal')).toBe('server');
      expect(header(res, 'x-svc-version')).toBe(BUILD);
      expect(text).toBe('the server failed while answering the call: boom. Really.');
      const health = await request(`${srv.url}/health`);
      expect(health.statusCode).toBe(200);
      await health.body.dump();
    } finally {
      await srv.close();
    }
  });

  it('the default body cap is the spec figure', () => {
    expect(DEFAULT_BODY_CAP).toBe(536_870_912);
  });
});

describe('version', () => {
  it('is the package version, plus the commit when QUIRE_COMMIT is set', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(BUILD.startsWith(pkg.version)).toBe(true);
    expect(buildNumber(dir, { QUIRE_COMMIT: 'abc1234' })).toBe(`${pkg.version}+abc1234`);
    expect(buildNumber('/', {})).toBe('0.0.0');
  });
});

describe('server with the library', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await start();
  });
  afterAll(() => srv.close());

  it('a font named but nowhere declared → 400 description', async () => {
    const form = new FormData();
    form.append(
      'json_data',
      JSON.stringify({
        items: [
          {
            type: 'text',
            rect: { llx: 72, lly: 600, urx: 520, ury: 770 },
            content: ['Hi'],
            font: 'Nowhere',
            font_size: 12,
          },
        ],
      }),
    );
    const { res, text } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('description');
    expect(text).toContain('Nowhere');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
    expect(header(res, 'x-svc-warnings')).toBeDefined();
  });

  it('a JSON that does not read → 400 description', async () => {
    const form = new FormData();
    form.append('json_data', '{"items": [');
    const { res } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(400);
    expect(header(res, 'x-svc-refusal')).toBe('description');
  });

  it('a good document → 200 application/pdf, the same bytes as the library gives', async () => {
    const description = goodDescription();
    const form = new FormData();
    form.append('json_data', new Blob([new Uint8Array(description)], { type: 'application/json' }), 'desc.json');
    const { res, body } = await postForm(srv.url, form);
    const direct = render({ description, now: FIXED_NOW });
    expect(res.statusCode, body.toString('utf8').slice(0, 300)).toBe(200);
    expect(header(res, 'content-type')).toBe('application/pdf');
    expect(header(res, 'x-svc-pages')).toBe('1');
    expect(header(res, 'x-svc-warnings')).toBe('0');
    expect(header(res, 'x-svc-findings')).toBe('0');
    expect(header(res, 'x-svc-version')).toBe(BUILD);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(direct.ok).toBe(true);
    if (direct.ok) expect(body.equals(Buffer.from(direct.pdf))).toBe(true);
  });

  it('the good document passes qpdf --check, gives back its words and embeds a subset with ToUnicode', async () => {
    const form = new FormData();
    form.append('json_data', goodDescription().toString('utf8'));
    const { res, body } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(200);
    expect(qpdfCheck(body).code).toBe(0);
    expect(pdfToText(body).trim()).toBe('Hello quire');
    const fonts = pdfFonts(body);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatchObject({ emb: true, sub: true, uni: true });
  });

  const refusalsOverHttp: [string, string, number, string, RegExp][] = [
    ['a key written twice', '{"items": [], "items": []}', 400, 'description', /"items" is written twice/],
    [
      'a coordinate that does not parse',
      JSON.stringify({ items: [{ type: 'rect', rect: { llx: '3 * * 4', lly: 0, urx: 1, ury: 1 } }] }),
      400,
      'description',
      /\/items\/0\/rect\/llx does not parse/,
    ],
    [
      'parentheses 101 deep',
      JSON.stringify({
        items: [{ type: 'rect', rect: { llx: '('.repeat(101) + '1' + ')'.repeat(101), lly: 0, urx: 1, ury: 1 } }],
      }),
      400,
      'description',
      /deeper than 100/,
    ],
  ];
  it.each(refusalsOverHttp)('%s → %i %s', async (_name, json, status, word, sentence) => {
    const form = new FormData();
    form.append('json_data', json);
    const { res, text } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(status);
    expect(header(res, 'x-svc-refusal')).toBe(word);
    expect(header(res, 'content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(sentence);
  });

  it('parentheses exactly 100 deep are drawn', async () => {
    const form = new FormData();
    form.append(
      'json_data',
      JSON.stringify({
        items: [
          { type: 'rect', rect: { llx: '('.repeat(100) + '1' + ')'.repeat(100), lly: 0, urx: 9, ury: 9 }, fill: [0] },
        ],
      }),
    );
    const { res } = await postForm(srv.url, form);
    expect(res.statusCode).toBe(200);
    expect(header(res, 'x-svc-pages')).toBe('1');
  });
});
