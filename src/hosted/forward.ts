// src/hosted/forward.ts — one call forwarded to a render server: the description becomes the
// `json_data` part of `POST /render`, `x-svc-client` is written afresh, and the answer comes back
// in the hosted form. No answer within the wait (30 s by default, spec Limits "Hosted wait") aborts
// the upstream request, which frees its worker there.
import { type Dispatcher, FormData, request } from 'undici';

export type Forwarded =
  | { kind: 'answer'; status: number; contentType: string; body: Buffer; svc: [string, string[]][] }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; detail: string };

/** Sends one description to one render server. Never throws. */
export async function forward(
  upstream: string,
  description: Buffer,
  client: string | undefined,
  waitMs: number,
  dispatcher?: Dispatcher,
): Promise<Forwarded> {
  const form = new FormData();
  form.append('json_data', new Blob([new Uint8Array(description)], { type: 'application/json' }), 'description.json');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), waitMs);
  try {
    const headers: Record<string, string> = {};
    if (client !== undefined) headers['x-svc-client'] = client;
    const res = await request(new URL('/render', upstream), {
      method: 'POST',
      body: form,
      headers,
      signal: abort.signal,
      dispatcher,
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    const svc: [string, string[]][] = [];
    for (const [name, value] of Object.entries(res.headers)) {
      if (!name.startsWith('x-svc-') || value === undefined) continue;
      svc.push([name, Array.isArray(value) ? value : [value]]);
    }
    const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
    return { kind: 'answer', status: res.statusCode, contentType, body, svc };
  } catch (e) {
    if (abort.signal.aborted) return { kind: 'timeout' };
    return { kind: 'unreachable', detail: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The hosted form of repeated `x-svc-*` headers (spec: "The hosted service sends the name once with
 * comma-separated values"). Splitting rule (decision, docs/reference.md): every value is already
 * percent-encoded by the render server; here a comma inside a value is encoded too (`%2C`), so a
 * client splits the header on `,`, trims spaces, and percent-decodes each piece.
 */
export function joinHosted(values: readonly string[]): string {
  return values.map((v) => v.replace(/,/g, '%2C')).join(', ');
}

/** The inverse of joinHosted, for clients and tests. */
export function splitHosted(header: string): string[] {
  if (header.trim() === '') return [];
  return header.split(',').map((v) => decodeURIComponent(v.trim()));
}
