// src/server/form.ts — reading a whole multipart/form-data body into the description and its parts.
// The server's event loop only receives the body's bytes (counting them against the cap and the
// budget) and hands them over whole; this reading runs beside the render, in the render's worker
// thread when there is a pool, so uploads of many large forms never hold up /health or other
// answers (issue 20: the event loop spent most of its time in busboy and in decoding json_data).
//
// Two readers, one answer: a direct one for the forms every client sends (parts found with
// `Buffer.indexOf`, each part a view of the body, nothing copied or decoded), and busboy for
// everything else (folded headers, quoted boundaries, charsets, encoded file names, malformed
// forms). The direct reader gives up on anything it does not recognise, leaving it to busboy, so
// the outcome never depends on which reader ran (test/server-form.test.ts compares the two).
import { Buffer, isUtf8 } from 'node:buffer';
import busboy from 'busboy';
import type { Refusal } from '../../ir/diagnostics.js';
import { refusal } from '../../ir/messages.js';
import type { Outcome, RenderRefusal } from '../types.js';

export interface Form {
  description: Uint8Array;
  parts: Map<string, Uint8Array>;
}

/** Reads a whole body; the refusal (status 400 `form`) when it is not a form this service takes. */
export async function readForm(body: Uint8Array, contentType: string): Promise<Form | Refusal> {
  return directForm(body, contentType) ?? busboyForm(body, contentType);
}

/** The refusals reading a form gives: answered as they are, not counted as renders. */
const FORM_KEYS: ReadonlySet<string> = new Set(['formNotMultipart', 'formUnreadable', 'partTwice', 'jsonDataMissing']);

/** Whether a worker's outcome is the refusal of the form rather than of a render. */
export function isFormRefusal(o: Outcome): o is RenderRefusal {
  return o.ok === false && FORM_KEYS.has(o.key);
}

/** Whether readForm answered a refusal. */
export function isRefusal(f: Form | Refusal): f is Refusal {
  return (f as Refusal).word !== undefined;
}

// ——— the direct reader ———

/** Content-Disposition of a part the direct reader takes: a plain name, perhaps a plain file name. */
const DISPOSITION = /^form-data; name="([^"\\\r\n%]*)"(?:; filename="([^"\\\r\n%]*)")?$/i;
/** A part's content type the direct reader takes: one without parameters (no charset). */
const PLAIN_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/**
 * The form read straight from the bytes, or undefined when it is anything but the plain shape:
 * an unquoted token boundary, no preamble, each part with a Content-Disposition of `form-data;
 * name="…"` (and perhaps `filename="…"`) and at most a parameterless Content-Type, a name given
 * once, a field's bytes valid UTF-8, the closing delimiter last. Busboy reads everything else.
 */
export function directForm(body: Uint8Array, contentType: string): Form | undefined {
  const m = /^multipart\/form-data;\s*boundary=([A-Za-z0-9'()+_,.\-:=?]{1,70})$/i.exec(contentType.trim());
  if (!m) return undefined;
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${m[1]}`, 'latin1');
  // The body starts with the first delimiter (no preamble, no leading CRLF).
  if (buf.length < delimiter.length || buf.compare(delimiter, 2, delimiter.length, 0, delimiter.length - 2) !== 0)
    return undefined;
  let at = delimiter.length - 2;
  const parts = new Map<string, Uint8Array>();
  let description: Uint8Array | undefined;
  for (let n = 0; n < 10_000; n++) {
    // After a delimiter: `--` closes (then CRLF and nothing, or nothing); CRLF opens a part.
    if (buf[at] === 0x2d && buf[at + 1] === 0x2d) {
      const rest = buf.length - (at + 2);
      if (rest === 0 || (rest === 2 && buf[at + 2] === 0x0d && buf[at + 3] === 0x0a)) {
        if (description === undefined) return undefined;
        return { description, parts };
      }
      return undefined;
    }
    if (buf[at] !== 0x0d || buf[at + 1] !== 0x0a) return undefined;
    // A part without headers is left to busboy.
    if (buf[at + 2] === 0x0d && buf[at + 3] === 0x0a) return undefined;
    const headEnd = buf.indexOf('\r\n\r\n', at + 2, 'latin1');
    if (headEnd < 0 || headEnd - at > 1024) return undefined;
    let name: string | undefined;
    let file = false;
    for (const line of buf.toString('latin1', at + 2, headEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) return undefined;
      const key = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'content-disposition' && name === undefined) {
        const d = DISPOSITION.exec(value);
        if (!d || d[1] === '' || d[2] === '') return undefined;
        name = d[1];
        file = d[2] !== undefined;
      } else if (key === 'content-type') {
        if (!PLAIN_TYPE.test(value)) return undefined;
        if (value.toLowerCase() === 'application/octet-stream') file = true;
      } else return undefined;
    }
    // Only printable ASCII names: busboy reads a header as latin1 and decodes it as UTF-8.
    if (name === undefined || !/^[\x20-\x7e]+$/.test(name)) return undefined;
    const start = headEnd + 4;
    const end = buf.indexOf(delimiter, start);
    if (end < 0) return undefined;
    const bytes = buf.subarray(start, end);
    if (name === 'json_data' ? description !== undefined : parts.has(name)) return undefined;
    // A field is text: busboy decodes it (and replaces bytes that are not UTF-8); only exact text here.
    if (!file && !isUtf8(bytes)) return undefined;
    if (name === 'json_data') description = bytes;
    else parts.set(name, bytes);
    at = end + delimiter.length;
  }
  return undefined;
}

// ——— busboy ———

/** The form as busboy reads it: every form multipart/form-data allows, and the refusals. */
export function busboyForm(body: Uint8Array, contentType: string): Promise<Form | Refusal> {
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': contentType },
      // Decision: busboy's own limits are lifted; the server's body cap bounds everything. Its default
      // 1 MiB field limit would silently truncate a json_data sent as a plain field.
      limits: { fieldSize: Infinity, fileSize: Infinity, fields: Infinity, files: Infinity, parts: Infinity },
    });
  } catch {
    // e.g. "Multipart: Boundary not found", "Malformed content type"
    return Promise.resolve(refusal('formNotMultipart', ''));
  }
  return new Promise((resolve) => {
    let done = false;
    let description: Uint8Array | undefined;
    const parts = new Map<string, Uint8Array>();
    const names = new Set<string>();
    const fail = (r: Refusal): void => {
      if (done) return;
      done = true;
      bb.removeAllListeners('field');
      bb.removeAllListeners('file');
      bb.destroy();
      parts.clear();
      resolve(r);
    };
    bb.on('error', (e: unknown) => fail(refusal('formUnreadable', '', { detail: detail(e) })));

    /** Records a part name; a name sent twice (json_data included) is refused. */
    const claim = (name: string | undefined): name is string => {
      if (done) return false;
      if (name === undefined || name === '') {
        fail(refusal('formUnreadable', '', { detail: 'a part carries no name' }));
        return false;
      }
      if (names.has(name)) {
        fail(refusal('partTwice', '', { part: name }));
        return false;
      }
      names.add(name);
      return true;
    };
    const keep = (name: string, bytes: Uint8Array): void => {
      if (done) return;
      if (name === 'json_data') description = bytes;
      else parts.set(name, bytes);
    };

    // A part without a file name is a field: busboy hands it over decoded as text (its declared
    // charset, UTF-8 by default); it is kept as the UTF-8 bytes of that text. A description is JSON
    // text, so this is exact for every valid UTF-8 json_data; binary parts travel as files (with a
    // file name or `application/octet-stream`), whose bytes are kept untouched.
    bb.on('field', (name: string | undefined, value: string | undefined) => {
      if (!claim(name)) return;
      if (value === undefined) {
        fail(refusal('formUnreadable', '', { detail: `the part "${name}" is in a charset this server cannot read` }));
        return;
      }
      keep(name, Buffer.from(value, 'utf8'));
    });
    bb.on('file', (name: string | undefined, stream: NodeJS.ReadableStream) => {
      stream.on('error', () => {});
      if (!claim(name)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        if (!done) chunks.push(c);
      });
      stream.on('end', () => keep(name, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    });
    bb.on('close', () => {
      if (done) return;
      done = true;
      resolve(description === undefined ? refusal('jsonDataMissing', '') : { description, parts });
    });
    bb.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  });
}

/** A one-line reason for a sentence: first line, no trailing period, first letter lowercase. */
function detail(e: unknown): string {
  const m = (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 200).replace(/\.+$/, '');
  return m.charAt(0).toLowerCase() + m.slice(1);
}
