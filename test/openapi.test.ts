// test/openapi.test.ts — the OpenAPI 3.1 document (src/openapi.ts) against real answers: a render
// server and a hosted front run in this process, real calls are made (a PDF, refusals, a used-up
// month, no key, bad JSON, a body over the cap, health, metrics), and each answer's status, media
// type, x-svc-*/retry-after/content-disposition headers and JSON body (Ajv 2020, the dialect of
// OpenAPI 3.1) must be in the document; both servers serve the same document.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFront, startFront } from '../src/hosted/front.js';
import { openStore } from '../src/hosted/open-store.js';
import { newApiKey, type Store } from '../src/hosted/store.js';
import { OPENAPI, OPENAPI_PATH } from '../src/openapi.js';
import { type RunningServer, startServer } from '../src/server.js';

/** The document walked as plain JSON. */
type J = any;
const doc = OPENAPI as J;
const ajv = new Ajv2020({ strict: false });
const HOSTED = readFileSync(join(import.meta.dirname, '..', 'examples', 'hosted.json'), 'utf8');
const CHECKED_HEADERS = /^(x-svc-|retry-after$|content-disposition$)/;

let dir: string;
let store: Store;
let server: RunningServer;
let front: RunningFront;
let key = '';
let spentKey = '';
const seen: string[] = [];

/** Checks one real answer against the document's operation; records `path method status`. */
async function conforms(path: string, method: string, res: Response): Promise<void> {
  const op = doc.paths[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} is in the document`).toBeDefined();
  const response = op.responses[String(res.status)];
  expect(response, `${method} ${path} answered ${res.status}, which the document lists`).toBeDefined();
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  expect(Object.keys(response.content ?? {}), `${method} ${path} ${res.status} content type`).toContain(type);
  for (const [name] of res.headers)
    if (CHECKED_HEADERS.test(name))
      expect(Object.keys(response.headers ?? {}), `${method} ${path} ${res.status} header ${name}`).toContain(name);
  if (type === 'application/json') {
    const validate = ajv.compile(response.content[type].schema);
    const body = await res.json();
    expect(validate(body), `${method} ${path} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
  seen.push(`${method} ${path} ${res.status}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-openapi-'));
  store = await openStore({ dataDir: dir });
  await store.createClient({ name: 'acme', quota: 100, features: [], pageCeiling: null });
  await store.createClient({ name: 'spent', quota: 0, features: [], pageCeiling: null });
  for (const [name, set] of [
    ['acme', (k: string) => (key = k)],
    ['spent', (k: string) => (spentKey = k)],
  ] as const) {
    const k = newApiKey();
    await store.addKey(k.id, k.hash, name, new Date());
    set(k.key);
  }
  server = await startServer({ port: 0, bodyCap: 200_000 });
  front = await startFront({ store, upstreams: [server.url], port: 0, bodyCap: 100_000 });
});

afterAll(async () => {
  await front?.close();
  await server?.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const form = (json: string, parts: Record<string, Uint8Array> = {}): FormData => {
  const f = new FormData();
  f.set('json_data', new Blob([json], { type: 'application/json' }), 'd.json');
  for (const [n, b] of Object.entries(parts)) f.set(n, new Blob([new Uint8Array(b)]), n);
  return f;
};
const hosted = (body: string, auth?: string) =>
  fetch(`${front.url}/api/v1/render`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });

describe('OpenAPI 3.1 document', () => {
  it('is OpenAPI 3.1 with an operation id, a summary and described responses everywhere', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, item] of Object.entries<J>(doc.paths))
      for (const [method, op] of Object.entries<J>(item)) {
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        for (const [status, r] of Object.entries<J>(op.responses)) {
          expect(r.description, `${method} ${path} ${status}`).toBeTruthy();
          for (const m of Object.values<J>(r.content ?? {})) ajv.compile(m.schema); // each schema compiles
        }
      }
  });

  it('both servers serve it at /openapi.json, the same document', async () => {
    for (const base of [server.url, front.url]) {
      const r = await fetch(`${base}${OPENAPI_PATH}`);
      expect(r.status).toBe(200);
      expect(await r.clone().json()).toEqual(JSON.parse(JSON.stringify(OPENAPI)));
      await conforms(OPENAPI_PATH, 'GET', r);
    }
  });

  it('describes the render server as it answers', async () => {
    await conforms('/render', 'POST', await fetch(`${server.url}/render`, { method: 'POST', body: form(HOSTED) }));
    const typo = JSON.stringify({ ...JSON.parse(HOSTED), pgae: {} });
    const withRemark = await fetch(`${server.url}/render`, { method: 'POST', body: form(typo) });
    expect(withRemark.headers.get('x-svc-warning')).toContain('pgae');
    await conforms('/render', 'POST', withRemark);
    await conforms(
      '/render',
      'POST',
      await fetch(`${server.url}/render`, { method: 'POST', body: form('{"items": 3}') }),
    );
    const licensed = JSON.stringify({
      standard_fonts: [{ name: 'H', face: 'times_roman' }],
      items: [{ type: 'text', rect: { llx: 0, lly: 0, urx: 500, ury: 500 }, content: ['x'], font: 'H', font_size: 9 }],
    });
    await conforms('/render', 'POST', await fetch(`${server.url}/render`, { method: 'POST', body: form(licensed) }));
    const big = form(HOSTED, { 'big.bin': new Uint8Array(300_000) });
    await conforms('/render', 'POST', await fetch(`${server.url}/render`, { method: 'POST', body: big }));
    await conforms('/health', 'GET', await fetch(`${server.url}/health`));
    await conforms('/metrics', 'GET', await fetch(`${server.url}/metrics`));
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /render 200',
        'POST /render 400',
        'POST /render 402',
        'POST /render 413',
        'GET /health 200',
        'GET /metrics 200',
      ]),
    );
  });

  it('describes the hosted front as it answers', async () => {
    await conforms('/api/v1/render', 'POST', await hosted(HOSTED, key));
    await conforms('/api/v1/render', 'POST', await hosted('{"items": 3}', key));
    await conforms('/api/v1/render', 'POST', await hosted('not json', key));
    await conforms('/api/v1/render', 'POST', await hosted(HOSTED));
    await conforms('/api/v1/render', 'POST', await hosted(HOSTED, spentKey));
    await conforms('/api/v1/render', 'POST', await hosted(`${HOSTED}${' '.repeat(120_000)}`, key));
    await conforms('/health', 'GET', await fetch(`${front.url}/health`));
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /api/v1/render 200',
        'POST /api/v1/render 400',
        'POST /api/v1/render 401',
        'POST /api/v1/render 402',
        'POST /api/v1/render 413',
      ]),
    );
  });
});
