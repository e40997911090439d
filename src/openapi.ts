// src/openapi.ts — the OpenAPI 3.1 document of quire's HTTP answers, served as GET /openapi.json by
// the render server (src/server.ts) and by the hosted front (src/hosted/front.ts): POST /render,
// GET /health and GET /metrics of the render server, POST /api/v1/render of the front. Each status,
// header and body shape here is one a test has seen on a real answer (test/openapi.test.ts), so the
// document cannot promise what the servers do not do, nor leave out what they do.
import { BUILD } from './version.js';

/** Where the document is served, on both servers. */
export const OPENAPI_PATH = '/openapi.json';

const header = (description: string, schema: object = { type: 'string' }) => ({ description, schema });
const count = (what: string) => header(what, { type: 'string', pattern: '^[0-9]+$' });

const VERSION = header('The build number of the service (`0.1.0+abc1234`), on every answer.');
const SVC_HEADERS = {
  'x-svc-version': VERSION,
  'x-svc-pages': count('Pages of the PDF.'),
  'x-svc-warnings': count('Remarks in all (`x-svc-warning` carries the first ones).'),
  'x-svc-warning': header(
    'The remarks, one per header or comma-separated (the front joins them), percent-encoded UTF-8; at most 10 and 1000 bytes, the last cut with `%E2%80%A6`.',
  ),
  'x-svc-findings': count('Findings of the built-in verifier against the standards the description claims or checks.'),
  'x-svc-finding': header('The findings, as `x-svc-warning` carries remarks: `<rule id> <message>`.'),
};
const REFUSAL_HEADERS = {
  'x-svc-version': VERSION,
  'x-svc-refusal': header('The kind of refusal, one word (docs/reference.md lists them): `description`, `licence`…'),
  'x-svc-warnings': count('Remarks made before the refusal.'),
};

const pdf = (description: string, headers: object) => ({
  description,
  headers,
  content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
});

const sentence = (description: string, extra: object = {}) => ({
  description,
  headers: { ...REFUSAL_HEADERS, ...extra },
  content: { 'text/plain': { schema: { type: 'string', description: 'One sentence naming the key at fault.' } } },
});

const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string', description: 'One sentence.' } },
  additionalProperties: false,
};
/** What the front passes on of a render server's refusal. */
const FORWARDED = {
  'x-svc-refusal': header("The render server's word, when it refused (absent when the front answers itself)."),
  'x-svc-warnings': count('Remarks made before the refusal (with x-svc-refusal).'),
};
const frontError = (description: string, headers: object = {}) => ({
  description,
  headers: { 'x-svc-version': VERSION, ...headers },
  content: { 'application/json': { schema: ERROR_BODY } },
});

const RETRY_AFTER = header('When to try again: seconds (a busy render server) or an HTTP date (the month turns).');

export const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'quire',
    version: BUILD,
    summary: 'One JSON description (plus the files it names) in, one finished PDF out.',
    description:
      'The render server answers /render, /health and /metrics and trusts `x-svc-client`: it sits behind the hosted front, which answers /api/v1/render with an API key. Both serve this document at /openapi.json. The description format: docs/reference.md and the JSON Schema (`quire/schema.json`).',
    license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
  },
  tags: [
    { name: 'render server', description: '`quire serve` (default 127.0.0.1:8080).' },
    { name: 'hosted front', description: '`quire hosted` (default 127.0.0.1:8090).' },
  ],
  paths: {
    '/render': {
      post: {
        tags: ['render server'],
        operationId: 'render',
        summary: 'Renders one description to a PDF.',
        parameters: [
          {
            name: 'x-svc-client',
            in: 'header',
            required: false,
            description: 'The client rendered for (its licence features and page ceiling); written by the front.',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['json_data'],
                properties: { json_data: { type: 'string', description: 'The description (JSON).' } },
                additionalProperties: { type: 'string', contentMediaType: 'application/octet-stream' },
                description: 'Part `json_data` holds the description; every other part is a file it names.',
              },
            },
          },
        },
        responses: {
          '200': pdf('The PDF.', SVC_HEADERS),
          '400': sentence('The description (or the form) is refused.'),
          '402': sentence('A key needs a licence the server or the client does not hold.'),
          '413': sentence('Too large: the body, a part, the pages or the drawing time.'),
          '500': sentence('Our own failure.'),
          '503': sentence('Busy (every worker and the queue taken) or shutting down.', { 'retry-after': RETRY_AFTER }),
        },
      },
    },
    '/health': {
      get: {
        tags: ['render server', 'hosted front'],
        operationId: 'health',
        summary: 'Says the server is up, which build it runs and what it holds.',
        responses: {
          '200': {
            description:
              'Render server: build, licence held today, font library faces, who vouches for the licence. Front: build, store kind, render servers.',
            headers: { 'x-svc-version': VERSION },
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    {
                      type: 'object',
                      required: ['version', 'licensed', 'faces', 'licence_issuer', 'operator_issuers'],
                      properties: {
                        version: { type: 'string' },
                        licensed: { type: 'boolean' },
                        faces: { type: 'integer' },
                        licence_issuer: {
                          enum: ['built-in', 'operator', null],
                          description: 'Who vouches for the licence in use; null: no licence.',
                        },
                        operator_issuers: {
                          type: 'array',
                          items: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
                          description: 'Fingerprints of the issuer keys the operator added (--trust-issuer).',
                        },
                        draining: {
                          type: 'boolean',
                          description: 'Shutting down (SIGTERM): still finishing its calls; fronts choose another.',
                        },
                        warming: {
                          type: 'boolean',
                          description:
                            'Its render workers still warming up at start (--warm-up): not ready yet (503); calls sent meanwhile wait.',
                        },
                        memory: {
                          type: 'object',
                          description:
                            "The server's memory budget (bytes): renders running at their budget plus request bodies held (reserved) never pass it.",
                          required: [
                            'limit',
                            'render_budget',
                            'renders_at_once',
                            'reserved',
                            'bodies_held',
                            'bodies_budget',
                          ],
                          properties: {
                            limit: { type: 'integer' },
                            render_budget: { type: 'integer' },
                            renders_at_once: { type: 'integer' },
                            reserved: { type: 'integer' },
                            bodies_held: { type: 'integer' },
                            bodies_budget: { type: 'integer' },
                          },
                          additionalProperties: false,
                        },
                        load: {
                          type: 'object',
                          description:
                            'Renders running and waiting for a worker, and the workers: what a front weighs.',
                          required: ['running', 'queued', 'workers'],
                          properties: {
                            running: { type: 'integer' },
                            queued: { type: 'integer' },
                            workers: { type: 'integer' },
                          },
                          additionalProperties: false,
                        },
                      },
                      additionalProperties: false,
                    },
                    {
                      type: 'object',
                      required: ['version', 'store', 'upstreams'],
                      properties: {
                        version: { type: 'string' },
                        store: { enum: ['sqlite', 'postgres'] },
                        upstreams: { type: 'integer' },
                        render_servers: {
                          type: 'object',
                          description: 'The render servers by what their last /health said.',
                          required: ['up', 'draining', 'down', 'unknown'],
                          properties: {
                            up: { type: 'integer' },
                            draining: { type: 'integer' },
                            down: { type: 'integer' },
                            unknown: { type: 'integer' },
                          },
                          additionalProperties: false,
                        },
                      },
                      additionalProperties: false,
                    },
                  ],
                },
              },
            },
          },
          '503': {
            description:
              'Render server shutting down (SIGTERM): the same fields, `draining: true`; it finishes its calls and takes new ones only until its drain notice ends. Or starting: `warming: true` while its render workers warm up (calls sent meanwhile wait for them).',
            headers: { 'x-svc-version': VERSION },
            content: { 'application/json': { schema: { type: 'object', required: ['version', 'draining'] } } },
          },
        },
      },
    },
    '/metrics': {
      get: {
        tags: ['render server'],
        operationId: 'metrics',
        summary: 'Prometheus metrics: renders by status, durations, queue depth, worker use.',
        responses: {
          '200': {
            description: 'The Prometheus text format.',
            headers: { 'x-svc-version': VERSION },
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    '/api/v1/render': {
      post: {
        tags: ['hosted front'],
        operationId: 'hostedRender',
        summary: "Renders one description for the API key's client; counts one document of its month.",
        security: [{ apiKey: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                description:
                  'The description (https://quire.dev/schema/description.schema.json); it carries no files, so fonts come from the font library.',
              },
            },
          },
        },
        responses: {
          '200': pdf('The PDF, as an attachment.', {
            ...SVC_HEADERS,
            'content-disposition': header('`attachment; filename="document.pdf"`.'),
          }),
          '400': frontError(
            'The body is not JSON, or the description is refused (the sentence says which key).',
            FORWARDED,
          ),
          '401': frontError('No API key, or one nobody holds.'),
          '402': frontError("The client's documents of the month are all used, or a key needs a licence.", {
            'retry-after': RETRY_AFTER,
            ...FORWARDED,
          }),
          '413': frontError('The body, or the document, is too large.', FORWARDED),
          '500': frontError('A failure of the service.', FORWARDED),
          '503': frontError('No render server reachable, busy, or no document within the wait; nothing is counted.', {
            'retry-after': RETRY_AFTER,
            ...FORWARDED,
          }),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        tags: ['render server', 'hosted front'],
        operationId: 'openapi',
        summary: 'This document.',
        responses: {
          '200': {
            description: 'OpenAPI 3.1.',
            headers: { 'x-svc-version': VERSION },
            content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from `quire admin key create CLIENT`.' },
    },
  },
} as const;

/** The document as served (built once). */
export const OPENAPI_JSON = JSON.stringify(OPENAPI);
