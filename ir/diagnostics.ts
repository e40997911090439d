// ir/diagnostics.ts — the three outward shapes every pass speaks in: a Refusal stops the pipeline
// (nothing is drawn after it), a Remark is noticed while writing and never changes the PDF or the 200,
// a Finding separates the document from a standard named by `check` or claimed by `archive`.
import type { FilledParams, RefusalKey } from './messages.js';
import type { JsonPointer } from './pointer.js';

/** The spec's closed list of `x-svc-refusal` words (Errors). A word not here comes from a newer server. */
export const REFUSAL_WORDS = [
  'client_name',
  'call_number',
  'form',
  'body_too_large',
  'description',
  'drawing',
  'too_many_pages',
  'needs_a_licence',
  'server',
] as const;
export type RefusalWord = (typeof REFUSAL_WORDS)[number];

export type RefusalStatus = 400 | 402 | 413 | 500 | 503;

export interface Refusal {
  /** The entry of the message table (ir/messages.ts) the sentence is written from. */
  key: RefusalKey;
  status: RefusalStatus;
  word: RefusalWord;
  /** One sentence naming the key or name at fault; becomes the text/plain body. */
  sentence: string;
  /** Where in the request; '' is the whole request. */
  path: JsonPointer;
}

export type RemarkCode =
  | 'unused-resource'
  | 'font-embedding-permission'
  | 'imported-annotations-dropped'
  | 'off-page'
  | 'past-box'
  | 'unknown-key';

export interface Remark {
  code: RemarkCode;
  text: string;
  path: JsonPointer;
}

export interface Finding {
  standard: string; // veraPDF specification name, e.g. ISO_19005_2
  clause: string; // '6.2.4.3'
  test: number; // veraPDF testNumber
  object: string; // veraPDF object type, e.g. 'PDFont'
  message: string;
  path?: JsonPointer;
}

/** How a finding is printed in a header and in logs: like a veraPDF file name. */
export function findingId(f: Finding): string {
  return `${f.standard} ${f.clause}-t${String(f.test).padStart(2, '0')}`;
}

/**
 * Thrown by `refuse()` (ir/messages.ts) inside a reader or a pass to unwind to `render()`, which
 * answers with its refusal; never escapes `render()`. Carries the key, the pointer and the params.
 */
export class RefusalError extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly params: FilledParams = {},
  ) {
    super(refusal.sentence);
  }

  get key(): RefusalKey {
    return this.refusal.key;
  }
  get at(): JsonPointer {
    return this.refusal.path;
  }
}
