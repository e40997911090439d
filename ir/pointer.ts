// ir/pointer.ts — JSON Pointers (RFC 6901): the address every IR node, refusal and remark carries,
// so a sentence can point at `/items/3/rect/llx` in the request as the client wrote it.

export type JsonPointer = string;

/** The pointer to the whole request (ajv's instancePath convention). */
export const ROOT: JsonPointer = '';

/** Escapes one reference token: `~` → `~0`, `/` → `~1` (RFC 6901 §3). */
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  // Most keys hold neither character; skip the two regex passes for them.
  if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends reference tokens to a pointer. */
export function at(base: JsonPointer, ...tokens: (string | number)[]): JsonPointer {
  let out = base;
  for (const t of tokens) out += '/' + escapeToken(t);
  return out;
}

/** Splits a pointer into its unescaped tokens. */
export function tokens(pointer: JsonPointer): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The last token, i.e. the key a sentence names (`/items/0/rotate` → `rotate`). */
export function lastKey(pointer: JsonPointer): string {
  const t = tokens(pointer);
  return t.length ? t[t.length - 1] : '';
}
