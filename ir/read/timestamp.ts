// ir/read/timestamp.ts — reading, ISO 8601 timestamps (spec Conventions: "ISO 8601 strings, with or
// without an offset"). Kept in parts so the PDF date (D:YYYYMMDDHHmmSS+HH'mm) and the XMP date
// (YYYY-MM-DDThh:mm:ss+hh:mm) are written from the same fields and stay in step. Fractions of a
// second are dropped: a PDF date cannot carry them, and both forms must say the same.
import { refuse } from '../messages.js';
import type { JsonPointer } from '../pointer.js';
import type { Timestamp } from '../standards-types.js';

// Extended format, reduced precision allowed (2026, 2026-11, 2026-11-22, 2026-11-22T12:00, …);
// the offset Z, ±hh, ±hhmm or ±hh:mm, only after a time.
const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function readTimestamp(raw: string, p: JsonPointer): Timestamp {
  const m = ISO.exec(raw);
  const bad = () => refuse('timestampInvalid', p, { key: p, value: raw });
  if (!m) bad();
  const [, year, month, day, hour, minute, second, off] = m!;
  if (month !== undefined && (+month < 1 || +month > 12)) bad();
  if (day !== undefined) {
    const leap = (+year % 4 === 0 && +year % 100 !== 0) || +year % 400 === 0;
    if (+day < 1 || +day > DAYS[+month - 1] || (+month === 2 && +day === 29 && !leap)) bad();
  }
  if (hour !== undefined && (+hour > 23 || +minute > 59)) bad();
  if (second !== undefined && +second > 59) bad();
  let offset: string | undefined;
  if (off !== undefined) {
    if (off === 'Z' || off === 'z') offset = 'Z';
    else {
      const digits = off.slice(1).replace(':', '');
      const hh = digits.slice(0, 2);
      const mm = digits.slice(2) || '00';
      if (+hh > 23 || +mm > 59) bad();
      offset = `${off[0]}${hh}:${mm}`;
    }
  }
  return { at: p, text: raw, year, month, day, hour, minute, second, offset };
}

/** The PDF date string (ISO 32000-1 §7.9.4): D:YYYYMMDDHHmmSSOHH'mm, with the trailing apostrophe before PDF 2.0. */
export function pdfDate(t: Timestamp, pdf20: boolean): string {
  let s = `D:${t.year}${t.month ?? ''}${t.day ?? ''}${t.hour ?? ''}${t.minute ?? ''}${t.second ?? ''}`;
  if (t.offset === 'Z') s += 'Z';
  else if (t.offset) s += `${t.offset.slice(0, 3)}'${t.offset.slice(4)}${pdf20 ? '' : "'"}`;
  return s;
}

/** The XMP date (XMP Part 1 §7.3.2, a subset of ISO 8601): seconds only when the request gave them. */
export function xmpDate(t: Timestamp): string {
  let s = t.year;
  if (t.month) s += `-${t.month}`;
  if (t.day) s += `-${t.day}`;
  if (t.hour) {
    s += `T${t.hour}:${t.minute}`;
    if (t.second) s += `:${t.second}`;
    if (t.offset) s += t.offset;
  }
  return s;
}
