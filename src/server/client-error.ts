// src/server/client-error.ts — the whole HTTP answer for a request Node's parser could not read (400
// malformed, 408 too slow, 431 head too large), written straight to the socket by the main port and
// by the probe thread alike: the refusal's sentence with the headers every answer carries (spec:
// x-svc-version; x-svc-refusal; nosniff), and the connection closed.
import http from 'node:http';
import { refusal } from '../../ir/messages.js';

/** The statuses Node's HTTP parser leaves to the server to answer. */
export const CLIENT_ERROR_STATUSES = [400, 408, 431] as const;

/** The status for a parser error's code: 431 head too large, 408 too slow, else 400. */
export function clientErrorStatus(code: string): 400 | 408 | 431 {
  return code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
}

/** The raw answer for `status` (one of CLIENT_ERROR_STATUSES) and its refusal word. */
export function clientErrorAnswer(status: 400 | 408 | 431, version: string): { text: string; word: string } {
  const why =
    status === 431
      ? 'its head (request line and headers) is larger than this server reads'
      : status === 408
        ? 'it did not arrive within the time this server gives a request'
        : 'it is not well-formed HTTP/1.1';
  const r = refusal('requestUnreadable', '', { why });
  const text =
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: text/plain; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(r.sentence)}\r\nx-svc-version: ${version}\r\nx-svc-refusal: ${r.word}\r\n` +
    `x-content-type-options: nosniff\r\nconnection: close\r\n\r\n${r.sentence}`;
  return { text, word: r.word };
}
