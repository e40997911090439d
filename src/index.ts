// src/index.ts — the package's entry (`import { render } from 'quire'`): the library call, sync and
// async, its types and the description's types generated from the schema. It loads no server and no
// database driver: the render server is `quire/server`, the hosted front `quire/hosted`, the JSON
// Schema `quire/schema.json`.
import { render as renderAny } from './library.js';
import type { AsyncRenderOptions } from './render-async.js';
import { renderAsync as renderAnyAsync } from './render-async.js';
import type { RenderInput as AnyRenderInput, Description, Outcome } from './types.js';

export type * from '../ir/description.generated.js';
export type { Finding, Refusal, Remark } from '../ir/diagnostics.js';
export type { AsyncRenderOptions } from './render-async.js';
export type { Outcome, RenderRefusal, RenderSuccess } from './types.js';

/** What `render()` and `renderAsync()` take: the description as JSON bytes or text, or a `Description`. */
export type RenderInput = AnyRenderInput<Description>;
export { BUILD } from './version.js';

/**
 * Renders one description to a PDF, synchronously. Never throws: a mistake in the description is a
 * refusal (`ok: false`, with status, word and one sentence), our own failure a 500 refusal.
 */
export const render: (input: RenderInput) => Outcome = renderAny;

/** The same render in a worker thread, leaving the caller's event loop free (src/render-async.ts). */
export const renderAsync: (input: RenderInput, options?: AsyncRenderOptions) => Promise<Outcome> = renderAnyAsync;
