// src/answer.ts — pure functions that turn an Outcome (or a refusal of the server itself) into the
// HTTP answer the spec prescribes (Endpoints: POST /render, response headers; Limits: remarks
// returned). Nothing here touches a socket: src/server.ts writes what these functions return, and the
// unit tests look at the very same values.
import { findingId } from '../ir/diagnostics.js';
import type { Outcome } from './types.js';
import { BUILD } from './version.js';

/** One HTTP answer. A header name may repeat in `headers` (one `x-svc-warning` per remark). */
export interface Answer {
  status: number;
  headers: [name: string, value: string][];
  body: Uint8Array | string;
  contentType: string;
}

/** What a refusal needs to be answered; the library's RenderRefusal and messages.ts's Refusal fit. */
export interface RefusalLike {
  status: number;
  word: string;
  sentence: string;
}

/** spec Limits: at most 10 `x-svc-warning` headers… */
export const HEADER_CAP_COUNT = 10;
/** …and at most 1000 bytes together, whichever is reached first. */
export const HEADER_CAP_BYTES = 1000;
/** The ellipsis (U+2026) a cut value ends in, already percent-encoded as the spec writes it. */
export const ELLIPSIS = '%E2%80%A6';

export const PDF_TYPE = 'application/pdf';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

const HEX = Array.from({ length: 256 }, (_, b) => '%' + b.toString(16).toUpperCase().padStart(2, '0'));
const encoder = new TextEncoder();
/** Printable ASCII except `%`: the values that pass through untouched. */
const PLAIN = /^[\x20-\x24\x26-\x7E]*$/;

/**
 * Percent-encodes a header value as the spec says (Endpoints, response headers): the UTF-8 bytes
 * outside printable ASCII (0x20..0x7E) become `%XX` with uppercase hex, the percent sign becomes
 * `%25`, every other byte stays literal. The space (0x20) is printable and stays literal, as the spec
 * reads; note that HTTP drops spaces at either end of a field value on the wire.
 * Lone surrogates encode as U+FFFD (`%EF%BF%BD`), as TextEncoder does.
 */
export function percentEncodeHeader(s: string): string {
  if (PLAIN.test(s)) return s;
  let out = '';
  for (const b of encoder.encode(s)) {
    out += b >= 0x20 && b <= 0x7e && b !== 0x25 ? String.fromCharCode(b) : HEX[b];
  }
  return out;
}

/**
 * Applies the spec's remark cap (Limits, "Remarks returned") to a list of texts and returns the
 * encoded header values to send, in order.
 *
 * - At most `maxCount` values, and at most `maxBytes` bytes together, whichever is reached first.
 * - Decision: the bytes counted are those of the ENCODED values (what travels on the wire, and what
 *   the spec's own `%E2%80%A6` is written in); header names, `: ` and CRLF are not counted.
 * - A value running past the bytes left is cut between two characters (code points): never inside a
 *   `%XX` escape nor inside the UTF-8 sequence of one character; it then ends in `%E2%80%A6`, whose
 *   9 bytes count towards the 1000. Every later value is omitted. If not even one character fits
 *   before the ellipsis, the value is omitted as well.
 *
 * The caller always sends the whole count separately (`x-svc-warnings`, `x-svc-findings`).
 */
export function capHeaderValues(
  texts: readonly string[],
  maxCount: number = HEADER_CAP_COUNT,
  maxBytes: number = HEADER_CAP_BYTES,
): string[] {
  const out: string[] = [];
  let left = maxBytes;
  for (const text of texts) {
    if (out.length >= maxCount) break;
    const encoded = percentEncodeHeader(text);
    if (encoded.length <= left) {
      out.push(encoded);
      left -= encoded.length;
      continue;
    }
    const head = cutEncoded(text, left - ELLIPSIS.length);
    if (head !== '') out.push(head + ELLIPSIS);
    break;
  }
  return out;
}

/** The longest encoded prefix of `text`, whole characters only, that fits in `budget` bytes. */
function cutEncoded(text: string, budget: number): string {
  let out = '';
  if (budget <= 0) return out;
  for (const ch of text) {
    const piece = percentEncodeHeader(ch);
    if (out.length + piece.length > budget) break;
    out += piece;
  }
  return out;
}

/** Every answer carries the build number (spec: Versioning 1). */
function versionHeader(version: string): [string, string] {
  return ['x-svc-version', percentEncodeHeader(version)];
}

/**
 * The answer to a render: 200 with the PDF and its headers, or the refusal.
 *
 * Decision: findings are capped like remarks (10 headers, 1000 encoded bytes, cut with the
 * ellipsis). The spec names the cap for remarks only; applying it to findings as well keeps the
 * headers of an answer bounded whatever the document. `x-svc-findings` keeps the whole count.
 */
export function answerOutcome(outcome: Outcome, version: string = BUILD): Answer {
  if (!outcome.ok) return answerRefusal(outcome, { remarks: outcome.remarks.length, version });
  const headers: [string, string][] = [
    versionHeader(version),
    ['x-svc-pages', String(outcome.pages)],
    ['x-svc-warnings', String(outcome.remarks.length)],
  ];
  for (const v of capHeaderValues(outcome.remarks.map((r) => r.text))) headers.push(['x-svc-warning', v]);
  headers.push(['x-svc-findings', String(outcome.findings.length)]);
  for (const v of capHeaderValues(outcome.findings.map((f) => `${findingId(f)} ${f.message}`))) {
    headers.push(['x-svc-finding', v]);
  }
  return { status: 200, headers, body: outcome.pdf, contentType: PDF_TYPE };
}

/**
 * A refusal: its status, the one sentence as text/plain, `x-svc-refusal` holding the word, and
 * `x-svc-warnings` with the whole number of remarks (0 when nothing was rendered, e.g. a refusal of
 * the form or of the body size), since that header is on every rendered answer "including 0".
 * Remark texts themselves are only sent on success (spec: x-svc-warning "On: success").
 */
export function answerRefusal(
  r: RefusalLike,
  opts: { remarks?: number; version?: string; headers?: [string, string][] } = {},
): Answer {
  const headers: [string, string][] = [
    versionHeader(opts.version ?? BUILD),
    ['x-svc-refusal', percentEncodeHeader(r.word)],
    ['x-svc-warnings', String(opts.remarks ?? 0)],
  ];
  for (const [name, value] of opts.headers ?? []) headers.push([name, percentEncodeHeader(value)]);
  return { status: r.status, headers, body: r.sentence, contentType: TEXT_TYPE };
}

/** GET /health: `{version, licensed, faces}` as JSON, with `x-svc-version`. */
export function answerHealth(info: { licensed: boolean; faces: number }, version: string = BUILD): Answer {
  const body = JSON.stringify({ version, licensed: info.licensed, faces: info.faces });
  return { status: 200, headers: [versionHeader(version)], body, contentType: JSON_TYPE };
}
