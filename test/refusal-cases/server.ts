// test/refusal-cases/server.ts — refusal cases of the call itself and of the service's own failures
// (ir/messages.ts, "the call itself", "server operations", "the service's own failures"), walked by
// test/refusals.test.ts. These are posted to the walk's one server (`http`), started once with a
// small body cap (BODY_CAP below) and a stand-in worker pool that renders in-process but answers as
// a real pool does when the description carries `"x_walk_pool"`: "time-limit", "queue-full" and
// "closed" (PoolError kinds), "out-of-memory" (a worker dying of it), "crash" (a worker failing
// otherwise) or "throw" (the server's own code failing). An answer over HTTP carries no pointer, so
// `pointer` is '' here.
//
// To add a case: copy one below, set `key` to the message's key, give the request (`http`: method,
// path, headers, a multipart `form` or a raw `body`), the status and word the answer carries, and in
// `says` a fragment of the sentence naming what is at fault.
import type { RefusalCase } from './support.js';

/** The walk's server refuses bodies past this many bytes. */
export const BODY_CAP = 4096;

const pool = (what: string) => JSON.stringify({ x_walk_pool: what, items: [] });

export const CASES: RefusalCase[] = [
  {
    key: 'jsonDataMissing',
    description: undefined,
    http: { form: [['logo', new Uint8Array([1, 2, 3])]] },
    status: 400,
    word: 'form',
    pointer: '',
    says: ['json_data'],
  },
  {
    key: 'formUnreadable',
    description: undefined,
    http: {
      headers: { 'content-type': 'multipart/form-data; boundary=X' },
      body: '--X\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{"items": []}',
    },
    status: 400,
    word: 'form',
    pointer: '',
    says: ['multipart/form-data'],
  },
  {
    key: 'formNotMultipart',
    description: undefined,
    http: { headers: { 'content-type': 'application/json' }, body: '{"items": []}' },
    status: 400,
    word: 'form',
    pointer: '',
    says: ['multipart/form-data'],
  },
  {
    key: 'partTwice',
    description: undefined,
    http: {
      form: [
        ['json_data', '{"items": []}'],
        ['logo', new Uint8Array([1])],
        ['logo', new Uint8Array([2])],
      ],
    },
    status: 400,
    word: 'form',
    pointer: '',
    says: ['"logo"'],
  },
  {
    key: 'bodyTooLarge',
    description: undefined,
    http: { form: [['json_data', JSON.stringify({ items: [], padding: 'x'.repeat(BODY_CAP) })]] },
    status: 413,
    word: 'body_too_large',
    pointer: '',
    says: [String(BODY_CAP)],
  },
  {
    key: 'notFound',
    what: 'a path the server does not have: 404 (decision, src/server.ts)',
    description: undefined,
    http: { method: 'GET', path: '/nowhere' },
    status: 404,
    word: 'call_number',
    pointer: '',
    says: ['/nowhere'],
  },
  {
    key: 'notFound',
    what: 'a known path with the wrong method: 405',
    description: undefined,
    http: { method: 'GET', path: '/render' },
    status: 405,
    word: 'call_number',
    pointer: '',
    says: ['GET /render'],
  },
  {
    key: 'serverBusy',
    description: undefined,
    http: { form: [['json_data', pool('queue-full')]] },
    status: 503,
    word: 'server',
    pointer: '',
    says: ['busy'],
  },
  {
    key: 'requestUnreadable',
    what: "a request head past Node's header limit: 431 with the service's headers (issue 20)",
    description: undefined,
    http: { method: 'GET', path: '/health', headers: { 'x-padding': 'a'.repeat(20_000) } },
    status: 431,
    word: 'call_number',
    pointer: '',
    says: ['its head'],
  },
  {
    key: 'serverClosing',
    description: undefined,
    http: { form: [['json_data', pool('closed')]] },
    status: 503,
    word: 'server',
    pointer: '',
    says: ['shutting down'],
  },
  {
    key: 'renderTooLong',
    description: undefined,
    http: { form: [['json_data', pool('time-limit')]] },
    status: 413,
    word: 'drawing',
    pointer: '',
    says: ['1.5 seconds'],
  },
  {
    key: 'renderOutOfMemory',
    description: undefined,
    http: { form: [['json_data', pool('out-of-memory')]] },
    status: 413,
    word: 'drawing',
    pointer: '',
    says: ['more memory'],
  },
  {
    key: 'serverFailed',
    what: 'a worker failing',
    description: undefined,
    http: { form: [['json_data', pool('crash')]] },
    status: 500,
    word: 'server',
    pointer: '',
    says: ['writing the PDF failed', 'walk crash'],
  },
  {
    key: 'serverFailed',
    what: 'the library failing on its own side (a getter of the caller that throws stands in for a bug)',
    description: {
      get items(): never {
        throw new Error('walk getter');
      },
    },
    status: 500,
    word: 'server',
    pointer: '',
    says: ['walk getter'],
  },
  {
    key: 'serverUnexpected',
    description: undefined,
    http: { form: [['json_data', pool('throw')]] },
    status: 500,
    word: 'server',
    pointer: '',
    says: ['walk throw'],
  },
];
