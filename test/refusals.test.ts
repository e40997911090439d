// test/refusals.test.ts — the walk of the message table (ir/messages.ts): every entry of REFUSALS has
// at least one case under test/refusal-cases/<area>.ts, and each case is answered with its status,
// x-svc-refusal word, JSON pointer and the entry's own sentence naming the key or name at fault.
// Cases run in-process through render(); those about the call itself are posted to one server
// (started once here). Every REMARK is met by a description that renders with it.
import { Blob } from 'node:buffer';
import { FormData, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_FEATURES } from '../ir/entitlements.js';
import { REFUSALS, REMARKS, type RefusalKey } from '../ir/messages.js';
import { render } from '../src/library.js';
import type { Licence } from '../src/licence/licence.js';
import { PoolError, type RenderPool } from '../src/pool.js';
import type { RenderTask } from '../src/render-worker.js';
import { directForm, isRefusal, readForm } from '../src/server/form.js';
import { type RunningServer, startServer } from '../src/server.js';
import { CASES as contents } from './refusal-cases/contents.js';
import { CASES as forms } from './refusal-cases/forms.js';
import { CASES as graphics } from './refusal-cases/graphics.js';
import { CASES as items } from './refusal-cases/items.js';
import { CASES as licences } from './refusal-cases/licences.js';
import { CASES as names } from './refusal-cases/names.js';
import { CASES as navigation } from './refusal-cases/navigation.js';
import { CASES as pagination } from './refusal-cases/pagination.js';
import { CASES as reading } from './refusal-cases/reading.js';
import { REMARK_CASES } from './refusal-cases/remarks.js';
import { CASES as rules } from './refusal-cases/rules.js';
import { CASES as security } from './refusal-cases/security.js';
import { BODY_CAP, CASES as server } from './refusal-cases/server.js';
import { CASES as standards } from './refusal-cases/standards.js';
import { CASES as structure } from './refusal-cases/structure.js';
import type { RefusalCase } from './refusal-cases/support.js';
import { CASES as typesetting } from './refusal-cases/typesetting.js';
import { NOW } from './support/fixtures.js';

const AREAS: Record<string, RefusalCase[]> = {
  reading,
  names,
  licences,
  pagination,
  contents,
  typesetting,
  graphics,
  standards,
  navigation,
  items,
  forms,
  structure,
  server,
  rules,
  security,
};
const ALL = Object.entries(AREAS).flatMap(([area, cases]) => cases.map((c, i) => ({ area, i, ...c })));
const label = (c: (typeof ALL)[number]) => `${c.area} ${c.key}${c.what ? ` (${c.what})` : ''}`;

/** A licence covering every feature, so a case meets its own refusal before any 402. */
const LICENCE: Licence = {
  holder: 'Refusal walk',
  features: [...LICENCE_FEATURES],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
};

/**
 * The entry's template as a pattern: the fixed words in order, anything in the `{name}`
 * placeholders; `{{` and `}}` in a template stand for one brace.
 */
function templatePattern(key: RefusalKey): RegExp {
  const parts = [''];
  for (const [, words, brace, name] of REFUSALS[key].template.matchAll(/([^{}]+)|(\{\{|\}\})|\{([A-Za-z]\w*)\}/g)) {
    if (name) parts.push('');
    else parts[parts.length - 1] += words ?? brace[0];
  }
  return new RegExp(`^${parts.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*?')}$`);
}

describe('the refusal cases cover the message table', () => {
  it('every entry of REFUSALS has a case, and every case names an entry', () => {
    const covered = new Set(ALL.map((c) => c.key));
    const missing = Object.keys(REFUSALS).filter((k) => !covered.has(k as RefusalKey));
    expect(missing, 'add a case under test/refusal-cases/ for each').toEqual([]);
    expect([...covered].filter((k) => !Object.hasOwn(REFUSALS, k))).toEqual([]);
  });
  it('every remark of REMARKS has a case', () => {
    expect(Object.keys(REMARKS).filter((k) => !REMARK_CASES.some((c) => c.key === k))).toEqual([]);
  });
});

describe('in-process refusal cases', () => {
  const cases = ALL.filter((c) => !c.http);
  it.each(cases.map((c) => [label(c), c]))('%s', (_name, c) => {
    const d = c.description as { raw?: string } | undefined;
    const out = render({
      description: d && typeof d === 'object' && typeof d.raw === 'string' ? d.raw : c.description,
      parts: c.parts,
      client: c.client,
      now: NOW,
      service:
        c.licensed || c.pageCeiling || c.renderMemory
          ? { licence: c.licensed ? LICENCE : undefined, pageCeiling: c.pageCeiling, renderMemory: c.renderMemory }
          : undefined,
    });
    if (out.ok) throw new Error(`expected the refusal ${c.key}, got a PDF`);
    expect({ status: out.status, word: out.word, path: out.path }).toEqual({
      status: c.status,
      word: c.word,
      path: c.pointer,
    });
    expect(out.sentence).toMatch(templatePattern(c.key));
    // two entries may share a sentence: the key the code raised tells them apart
    expect(out.key).toBe(c.key);
    for (const s of c.says) expect(out.sentence).toContain(s);
  });
});

describe('refusal cases answered by the server', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    // A stand-in for the worker pool: renders in-process, or fails as a pool does when asked to.
    const pool = {
      options: { workers: 1, queue: 0, timeLimitMs: 1500 },
      queued: 0,
      running: 0,
      threads: 0,
      utilization: 0,
      async close() {},
      run(job: RenderTask) {
        // The form is read as the worker reads it (src/server/form.ts); the walk's forms are plain.
        // The form is joined from the chunks the server moved, as src/render-worker.ts joins them.
        const form = job.form!;
        const body = form.chunks ? Buffer.concat(form.chunks) : form.body;
        const plain = directForm(body, form.contentType);
        const what = plain && /"x_walk_pool":\s*"([a-z-]+)"/.exec(Buffer.from(plain.description).toString('utf8'))?.[1];
        if (what === 'throw') throw new Error('walk throw');
        if (what === 'time-limit' || what === 'queue-full' || what === 'closed')
          return Promise.reject(new PoolError(what, what));
        if (what === 'out-of-memory')
          return Promise.reject(
            Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), {
              code: 'ERR_WORKER_OUT_OF_MEMORY',
            }),
          );
        if (what === 'crash') return Promise.reject(new Error('walk crash'));
        return readForm(body, form.contentType).then((f) =>
          isRefusal(f)
            ? { ...f, ok: false, remarks: [] }
            : render({ description: f.description, parts: f.parts, client: job.client, now: NOW }),
        );
      },
    } as unknown as RenderPool;
    srv = await startServer({
      port: 0,
      bodyCap: BODY_CAP,
      pool,
      processMetrics: false,
      logger: (await import('pino')).default({ level: 'silent' }),
    });
  });
  afterAll(() => srv?.close());

  const cases = ALL.filter((c) => c.http);
  it.each(cases.map((c) => [label(c), c]))('%s', async (_name, c) => {
    const h = c.http!;
    let body: string | FormData | undefined = h.body;
    if (h.form) {
      const form = new FormData();
      for (const [name, v] of h.form)
        if (typeof v === 'string') form.append(name, v);
        else form.append(name, new Blob([v]), `${name}.bin`);
      body = form;
    }
    const res = await request(`${srv.url}${h.path ?? '/render'}`, {
      method: (h.method ?? 'POST') as 'POST',
      headers: h.headers,
      body,
    });
    const text = await res.body.text();
    expect({ status: res.statusCode, word: res.headers['x-svc-refusal'] }).toEqual({ status: c.status, word: c.word });
    expect(text).toMatch(templatePattern(c.key));
    for (const s of c.says) expect(text).toContain(s);
  });
});

describe('remarks', () => {
  it.each(REMARK_CASES.map((c) => [c.key, c]))('%s', (_key, c) => {
    const out = render({ description: c.description, parts: c.parts, now: NOW, service: { licence: LICENCE } });
    if (!out.ok) throw new Error(`expected a PDF, got ${out.status} ${out.sentence}`);
    const r = out.remarks.find((x) => x.code === REMARKS[c.key].code);
    expect(r, `no remark ${c.key}`).toBeDefined();
    for (const s of c.says) expect(r!.text).toContain(s);
  });
});
