// test/hosted-box.test.ts — the hosted front as a first page: `/` leads to the box, a browser gets
// HTML pages (not raw JSON) for 403 and 404 while API clients keep JSON, the box starts with a
// description that renders, links the JSON Schema (served at /schema.json) and the OpenAPI document,
// and its script tells where a JSON mistake sits (line and column, from this Node's own messages).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFront, startFront } from '../src/hosted/front.js';
import { openStore } from '../src/hosted/open-store.js';
import { BOX_SCRIPT, boxPage, jsonErrorAt, STARTER_DESCRIPTION } from '../src/hosted/page.js';
import type { Store } from '../src/hosted/store.js';
import { render } from '../src/library.js';

let dir: string;
let store: Store;
let front: RunningFront;
const HTML = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-box-'));
  store = await openStore({ dataDir: dir });
  front = await startFront({ store, upstreams: [], port: 0 });
});
afterAll(async () => {
  await front?.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the box as a first page', () => {
  it('/ leads to the box', async () => {
    const r = await fetch(`${front.url}/`, { redirect: 'manual', headers: HTML });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/api/v1/render');
  });

  it('a browser gets an HTML page for 404 and 403, an API client JSON', async () => {
    const page = await fetch(`${front.url}/nothing-here`, { headers: HTML });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>404 Not found</h1>');
    expect(html).toContain('there is no GET /nothing-here here');
    expect(html).toContain('href="/api/v1/render"');
    const api = await fetch(`${front.url}/nothing-here`);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await api.json()) as { error: string }).error).toContain('/nothing-here');
    // a sign-in form posted without its form token
    const forbidden = await fetch(`${front.url}/api/v1/session`, {
      method: 'POST',
      headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user=ada&password=whatever',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await forbidden.text()).toContain('<h1>403 Forbidden</h1>');
  });

  it('serves the JSON Schema the box links', async () => {
    const r = await fetch(`${front.url}/schema.json`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { title: string }).title).toBe('quire description');
  });

  it('starts with a description that renders without a remark, and links the schema and OpenAPI', () => {
    const html = boxPage('ada', 'token', '/api/v1/render', '/box.js', '/api/v1/session/end');
    expect(html).toContain('href="/schema.json"');
    expect(html).toContain('href="/openapi.json"');
    expect(html).toContain('&#34;library&#34;: &#34;noto_sans&#34;');
    const out = render({ description: STARTER_DESCRIPTION });
    expect(out.ok && out.pages).toBe(1);
    expect(out.remarks).toEqual([]);
  });

  it('places a JSON mistake at its line and column, whatever the engine says', () => {
    const text = '{\n  "items": [\n    { "type": "rect" },\n  ]\n}';
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorAt(text)).toEqual({ line: 4, column: 3 });
    expect(jsonErrorAt('{"a": tru}')).toEqual({ line: 1, column: 7 });
    expect(jsonErrorAt('{"a": 1} x')).toEqual({ line: 1, column: 10 });
    expect(jsonErrorAt('{"a": "\\q"}')).toEqual({ line: 1, column: 9 });
    expect(jsonErrorAt('[1, 2')).toEqual({ line: 1, column: 6 });
    for (const good of [STARTER_DESCRIPTION, '{}', '[]', ' 1.5e3 ', '"\\u00e9"', '{"a":[null,true,false,-0.1]}'])
      expect(jsonErrorAt(good), good).toBeUndefined();
    // the script carries the same function and runs the check as the box is typed in
    expect(BOX_SCRIPT).toContain('Not JSON at line ');
    expect(BOX_SCRIPT).toContain("addEventListener('input', check)");
    expect(() => new Function(BOX_SCRIPT)).not.toThrow();
  });
});
