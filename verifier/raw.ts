// verifier/raw.ts — the file-structure facts only the bytes can tell (ISO 19005 §6.1): the header and
// its binary comment, what follows the last %%EOF, the spacing around `obj`/`endobj`, `stream`/
// `endstream` and `xref`, and each stream's real length beside its Length key. The object graph
// (pdf-lib) forgets all of this, so it is read here in one linear pass over the bytes as latin1 text.

/** One indirect object as found in the bytes. */
export interface RawObject {
  num: number;
  gen: number;
  /** Offset of the object number. */
  at: number;
  /** `N G obj` spaced by single white-space, preceded and followed by an EOL; `endobj` likewise. */
  spacingOk: boolean;
  stream?: RawStream;
}

export interface RawStream {
  /** `stream` followed by CRLF or LF (not a lone CR, not spaces). */
  keywordOk: boolean;
  /** `endstream` preceded by an EOL marker. */
  endKeywordOk: boolean;
  /** Bytes between the EOL after `stream` and the EOL before `endstream`. */
  length: number;
  /** Same count when the data's last EOL is taken as part of the data (tolerance for writers that count it). */
  lengthWithEol: number;
  /** The Length key as written directly in the dictionary (undefined when indirect or absent). */
  directLength?: number;
}

export interface RawXref {
  at: number;
  /** `xref` followed by exactly one EOL before the first subsection header. */
  eolOk: boolean;
  /** Every subsection header is `start count` with a single space. */
  headerSpacingOk: boolean;
}

export interface RawFile {
  size: number;
  /** `%PDF-d.d` at offset 0. */
  headerOk: boolean;
  version?: string;
  /** A comment line of at least four bytes above 127 directly after the header line. */
  binaryCommentOk: boolean;
  /** Nothing but one optional EOL after the last %%EOF. */
  eofOk: boolean;
  hasEof: boolean;
  objects: RawObject[];
  xrefs: RawXref[];
  /** Cross-reference streams present (no `xref` keyword sections). */
  usesXrefStream: boolean;
  /** Text of each `trailer` dictionary, in file order. */
  trailers: string[];
  /** The first object is a linearization parameter dictionary. */
  linearized: boolean;
  /** The text of every object with its stream data left out (for lexical checks on numbers). */
  dictText: string;
  /** The file's bytes (a signature's ByteRange is judged against them). */
  bytes: Uint8Array;
}

const isEol = (c: number): boolean => c === 0x0a || c === 0x0d;
const isWhite = (c: number): boolean =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

const OBJ_HEADER = /(\d+)([ \t\r\n\f\0]+)(\d+)([ \t\r\n\f\0]+)obj/g;

export function scanRaw(bytes: Uint8Array): RawFile {
  const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const header = /^%PDF-(\d\.\d)/.exec(s);
  const headerOk = header !== null && isEolOrEnd(s, header[0].length);
  let binaryCommentOk = false;
  if (header) {
    // One EOL marker (CR, LF or CR LF), then the comment at once: a blank line between is a second
    // marker, which the rule does not allow ("immediately followed", as veraPDF reads it).
    let p = header[0].length;
    if (s[p] === '\r') p++;
    if (s[p] === '\n') p++;
    if (s[p] === '%') {
      let n = 0;
      for (let q = p + 1; q < s.length && !isEol(s.charCodeAt(q)); q++)
        if (s.charCodeAt(q) > 127) n++;
        else break;
      binaryCommentOk = n >= 4;
    }
  }
  const lastEof = s.lastIndexOf('%%EOF');
  let eofOk = lastEof >= 0;
  if (lastEof >= 0) {
    const tail = s.slice(lastEof + 5);
    eofOk = tail === '' || tail === '\n' || tail === '\r' || tail === '\r\n';
  }

  const objects: RawObject[] = [];
  const dictParts: string[] = [];
  OBJ_HEADER.lastIndex = 0;
  let pos = 0;
  for (;;) {
    OBJ_HEADER.lastIndex = pos;
    const m = OBJ_HEADER.exec(s);
    if (!m) break;
    const at = m.index;
    // a number glued to a longer token (e.g. "12 0 obj" inside "R12 0 obj") is not a header
    if (at > 0 && /[0-9A-Za-z.]/.test(s[at - 1])) {
      pos = at + m[0].length;
      continue;
    }
    const afterObj = at + m[0].length;
    const before = at === 0 ? 0x0a : s.charCodeAt(at - 1);
    let spacingOk = isEol(before) && m[2].length === 1 && m[4].length === 1 && isEol(s.charCodeAt(afterObj));
    const obj: RawObject = { num: Number(m[1]), gen: Number(m[3]), at, spacingOk };
    let endSearch = afterObj;
    const nextEndobj = s.indexOf('endobj', afterObj);
    const streamAt = findStreamKeyword(s, afterObj, nextEndobj);
    if (streamAt >= 0 && (nextEndobj < 0 || streamAt < nextEndobj)) {
      dictParts.push(s.slice(afterObj, streamAt));
      const st = readStream(s, afterObj, streamAt);
      obj.stream = st.stream;
      endSearch = st.end;
    }
    const endobj = s.indexOf('endobj', endSearch);
    if (endobj < 0) {
      objects.push(obj);
      break;
    }
    if (!obj.stream) dictParts.push(s.slice(afterObj, endobj));
    if (!isEol(s.charCodeAt(endobj - 1)) || !isEolOrEnd(s, endobj + 6)) spacingOk = false;
    obj.spacingOk = spacingOk;
    objects.push(obj);
    pos = endobj + 6;
  }

  const xrefs: RawXref[] = [];
  const XREF = /(^|[\r\n])xref/g;
  for (let m = XREF.exec(s); m; m = XREF.exec(s)) {
    const at = m.index + m[1].length;
    let p = at + 4;
    let eols = '';
    while (p < s.length && isWhite(s.charCodeAt(p))) eols += s[p++];
    const eolOk = eols === '\n' || eols === '\r' || eols === '\r\n';
    let headerSpacingOk = true;
    // subsection headers: lines "start count" followed by count 20-byte entries
    for (let guard = 0; guard < 100000; guard++) {
      const line = /^(\d+)([ \t]+)(\d+)[ \t]*(\r\n|\r|\n)/.exec(s.slice(p, p + 64));
      if (!line) break;
      if (line[2] !== ' ') headerSpacingOk = false;
      p += line[0].length + Number(line[3]) * 20;
      while (p < s.length && isWhite(s.charCodeAt(p)) && s.slice(p, p + 7) !== 'trailer') p++;
    }
    xrefs.push({ at, eolOk, headerSpacingOk });
  }
  const trailers: string[] = [];
  for (let i = s.indexOf('trailer'); i >= 0; i = s.indexOf('trailer', i + 7)) {
    const end = s.indexOf('startxref', i);
    trailers.push(s.slice(i, end < 0 ? Math.min(s.length, i + 4096) : end));
  }
  const firstObj = objects[0];
  const linearized = firstObj !== undefined && /\/Linearized\b/.test(s.slice(firstObj.at, firstObj.at + 1024));
  return {
    size: bytes.length,
    bytes,
    trailers,
    linearized,
    headerOk,
    version: header?.[1],
    binaryCommentOk,
    eofOk,
    hasEof: lastEof >= 0,
    objects,
    xrefs,
    dictText: dictParts.join('\n'),
    usesXrefStream: /\/Type\s*\/XRef\b/.test(s) && xrefs.length === 0,
  };
}

function isEolOrEnd(s: string, p: number): boolean {
  return p >= s.length || isEol(s.charCodeAt(p));
}

/** Reads the `stream … endstream` that starts at `streamAt` (after the dictionary at `dictFrom`). */
function readStream(s: string, dictFrom: number, streamAt: number): { stream: RawStream; end: number } {
  let p = streamAt + 6;
  let keywordOk = false;
  if (s[p] === '\r' && s[p + 1] === '\n') {
    keywordOk = true;
    p += 2;
  } else if (s[p] === '\n') {
    keywordOk = true;
    p += 1;
  } else if (s[p] === '\r') p += 1;
  else {
    while (p < s.length && (s[p] === ' ' || s[p] === '\t')) p++;
    if (s[p] === '\r' && s[p + 1] === '\n') p += 2;
    else if (s[p] === '\r' || s[p] === '\n') p += 1;
  }
  const dataStart = p;
  const dict = s.slice(dictFrom, streamAt);
  const lm = /\/Length[ \t\r\n]+(\d+)(?![ \t\r\n]+\d+[ \t\r\n]+R)/.exec(dict);
  const directLength = lm ? Number(lm[1]) : undefined;
  // Where does the data end? Prefer the declared Length when `endstream` sits right after it.
  let endKw = -1;
  if (directLength !== undefined) {
    const q = dataStart + directLength;
    const probe = s.slice(q, q + 12);
    const m = /^(\r\n|\r|\n)?endstream/.exec(probe);
    if (m) endKw = q + (m[1]?.length ?? 0);
  }
  if (endKw < 0) endKw = s.indexOf('endstream', dataStart);
  if (endKw < 0) endKw = s.length;
  const c1 = s.charCodeAt(endKw - 1);
  const endKeywordOk = isEol(c1);
  let eolLen = 0;
  if (c1 === 0x0a) eolLen = s.charCodeAt(endKw - 2) === 0x0d ? 2 : 1;
  else if (c1 === 0x0d) eolLen = 1;
  const length = Math.max(0, endKw - eolLen - dataStart);
  return {
    stream: { keywordOk, endKeywordOk, length, lengthWithEol: endKw - dataStart, directLength },
    end: endKw + 9,
  };
}

/** The `stream` keyword of an object: right after its dictionary's closing `>>` (white-space between). */
function findStreamKeyword(s: string, from: number, endobj: number): number {
  let i = s.indexOf('stream', from);
  while (i >= 0 && (endobj < 0 || i < endobj)) {
    let q = i - 1;
    while (q > from && isWhite(s.charCodeAt(q))) q--;
    if (s[q] === '>' && s[q - 1] === '>' && !/[A-Za-z]/.test(s[i + 6] ?? '')) return i;
    i = s.indexOf('stream', i + 6);
  }
  return -1;
}
