// ir/read/fonts.ts — reading, font declarations: `fonts` (bytes inline as base64 or a supplied part)
// and `standard_fonts`. Names are resolved later, in passes/names.ts.
import { refusal } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import type { FontDecl, StandardFontDecl } from '../types.js';
import { fail } from './common.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes strict base64 (white space allowed between groups); anything else is refused naming the key. */
export function readBase64(s: string, p: JsonPointer): Uint8Array {
  const data = s.replace(/\s+/g, '');
  if (data.length % 4 === 1 || !BASE64.test(data)) fail(refusal('base64Invalid', p, p));
  const buf = Buffer.from(data, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

export function readFontDecl(raw: Record<string, unknown>, p: JsonPointer): FontDecl {
  const name = raw.name as string;
  const hasData = typeof raw.data === 'string';
  const hasPart = typeof raw.part === 'string';
  if (hasData && hasPart) fail(refusal('fontTwoSources', at(p, 'part'), at(p, 'data'), at(p, 'part')));
  if (!hasData && !hasPart) fail(refusal('fontNoSource', p, name, p));
  if (hasPart) return { at: p, name, source: { kind: 'part', at: at(p, 'part'), part: raw.part as string } };
  return { at: p, name, source: { kind: 'data', at: at(p, 'data'), bytes: readBase64(raw.data as string, at(p, 'data')) } };
}

export function readStandardFontDecl(raw: { name: string; face: string }, p: JsonPointer): StandardFontDecl {
  return { at: p, name: raw.name, face: raw.face };
}
