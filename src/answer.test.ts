import { describe, expect, it } from 'vitest';
import type { Finding, Remark } from '../ir/diagnostics.js';
import { refusal } from '../ir/messages.js';
import {
  answerHealth,
  answerOutcome,
  answerRefusal,
  capHeaderValues,
  ELLIPSIS,
  HEADER_CAP_BYTES,
  HEADER_CAP_COUNT,
  percentEncodeHeader,
} from './answer.js';
import type { Outcome } from './types.js';

const V = '9.9.9+abc1234';
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

function remarkOf(text: string): Remark {
  return { code: 'unused-resource', text, path: '' };
}
function success(remarks: string[] = [], findings: Finding[] = [], pages = 1): Outcome {
  return { ok: true, pdf, pages, remarks: remarks.map(remarkOf), findings };
}
function values(headers: [string, string][], name: string): string[] {
  return headers.filter(([n]) => n === name).map(([, v]) => v);
}
function one(headers: [string, string][], name: string): string | undefined {
  const v = values(headers, name);
  expect(v.length).toBeLessThanOrEqual(1);
  return v[0];
}
/** Decodes a header value back (test helper: the inverse of the spec's encoding). */
function decode(v: string): string {
  return decodeURIComponent(v);
}

describe('percentEncodeHeader', () => {
  it('leaves printable ASCII alone', () => {
    const s = ' !"#$&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~';
    expect(percentEncodeHeader(s)).toBe(s);
    expect(percentEncodeHeader('')).toBe('');
  });
  it('encodes the percent sign as %25', () => {
    expect(percentEncodeHeader('100%')).toBe('100%25');
    expect(percentEncodeHeader('%E2%80%A6')).toBe('%25E2%2580%25A6');
  });
  it('encodes non-ASCII as the uppercase %XX of its UTF-8 bytes', () => {
    expect(percentEncodeHeader('é')).toBe('%C3%A9');
    expect(percentEncodeHeader('the image Bild€ is never drawn with')).toBe(
      'the image Bild%E2%82%AC is never drawn with',
    );
    expect(percentEncodeHeader('…')).toBe(ELLIPSIS);
    expect(percentEncodeHeader('😀')).toBe('%F0%9F%98%80');
    expect(percentEncodeHeader('日本')).toBe('%E6%97%A5%E6%9C%AC');
  });
  it('encodes control characters and DEL', () => {
    expect(percentEncodeHeader('a\r\nb')).toBe('a%0D%0Ab');
    expect(percentEncodeHeader('\t\x00\x1f\x7f')).toBe('%09%00%1F%7F');
  });
  it('encodes a lone surrogate as U+FFFD', () => {
    expect(percentEncodeHeader('a\uD800b')).toBe('a%EF%BF%BDb');
  });
  it('always yields printable ASCII that decodes back to the text', () => {
    const samples = ['x', 'ü%ß', 'tab\there', '\u2028', 'naïve 100% ✓', 'Ω'.repeat(50)];
    for (const s of samples) {
      const e = percentEncodeHeader(s);
      expect(e).toMatch(/^[\x20-\x7E]*$/);
      expect(decode(e)).toBe(s);
    }
  });
});

describe('capHeaderValues', () => {
  it('carries at most 10 values', () => {
    const texts = Array.from({ length: 25 }, (_, i) => `remark ${i}`);
    const out = capHeaderValues(texts);
    expect(out).toHaveLength(HEADER_CAP_COUNT);
    expect(out).toEqual(texts.slice(0, 10));
  });
  it('carries everything when under both caps', () => {
    expect(capHeaderValues(['a', 'b'])).toEqual(['a', 'b']);
    expect(capHeaderValues([])).toEqual([]);
  });
  it('cuts the value that runs past 1000 bytes and ends it in the ellipsis; later ones are omitted', () => {
    const texts = ['a'.repeat(600), 'b'.repeat(600), 'c'];
    const out = capHeaderValues(texts);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe('a'.repeat(600));
    expect(out[1].endsWith(ELLIPSIS)).toBe(true);
    expect(out[1]).toBe('b'.repeat(400 - ELLIPSIS.length) + ELLIPSIS);
    expect(out.join('').length).toBe(HEADER_CAP_BYTES);
  });
  it('counts encoded bytes: a value that fits only before encoding is cut', () => {
    // 400 × "é" is 800 UTF-8 bytes but 2400 encoded bytes
    const out = capHeaderValues(['é'.repeat(400)]);
    expect(out).toHaveLength(1);
    expect(out[0].length).toBeLessThanOrEqual(HEADER_CAP_BYTES);
    expect(out[0].endsWith(ELLIPSIS)).toBe(true);
    // whole characters only: the head is a run of complete %C3%A9
    const head = out[0].slice(0, -ELLIPSIS.length);
    expect(head).toMatch(/^(%C3%A9)+$/);
    expect(head.length).toBe(Math.floor((HEADER_CAP_BYTES - ELLIPSIS.length) / 6) * 6);
    expect(decode(out[0])).toBe('é'.repeat(head.length / 6) + '…');
  });
  it('never cuts inside a %XX escape nor inside a 4-byte character', () => {
    for (let pad = 0; pad < 16; pad++) {
      const text = 'x'.repeat(pad) + '😀%'.repeat(200);
      const [v] = capHeaderValues([text]);
      expect(v.length).toBeLessThanOrEqual(HEADER_CAP_BYTES);
      expect(v.endsWith(ELLIPSIS)).toBe(true);
      expect(() => decode(v)).not.toThrow(); // a broken escape or UTF-8 sequence would throw
      expect(text.startsWith(decode(v).slice(0, -1))).toBe(true);
    }
  });
  it('a value exactly filling the bytes left is carried whole; the next one is omitted', () => {
    const out = capHeaderValues(['a'.repeat(990), 'b'.repeat(10), 'c']);
    expect(out).toEqual(['a'.repeat(990), 'b'.repeat(10)]);
  });
  it('omits a value when not even one character fits before the ellipsis', () => {
    expect(capHeaderValues(['a'.repeat(992), 'bbbbbbbbbbbbbbbbbbbbbb'])).toEqual(['a'.repeat(992)]); // 8 bytes left < 9 + 1
    expect(capHeaderValues(['a'.repeat(990), 'bbbbbbbbbbbbbbbbbbbbbb'])).toEqual(['a'.repeat(990), 'b' + ELLIPSIS]);
    expect(capHeaderValues(['a'.repeat(990), 'ébbbbbbbbbbbbbbbbbbbbbb'])).toEqual(['a'.repeat(990)]); // %C3%A9 + … = 15 > 10
  });
  it('the count cap is reached before the byte cap with short values', () => {
    const out = capHeaderValues(Array.from({ length: 11 }, () => 'x'.repeat(50)));
    expect(out).toHaveLength(10);
    expect(out.every((v) => v.length === 50)).toBe(true);
  });
});

describe('answerOutcome: success', () => {
  it('is 200 application/pdf with the PDF and the counting headers, even at 0', () => {
    const a = answerOutcome(success([], [], 3), V);
    expect(a.status).toBe(200);
    expect(a.contentType).toBe('application/pdf');
    expect(a.body).toBe(pdf);
    expect(one(a.headers, 'x-svc-version')).toBe(V);
    expect(one(a.headers, 'x-svc-pages')).toBe('3');
    expect(one(a.headers, 'x-svc-warnings')).toBe('0');
    expect(one(a.headers, 'x-svc-findings')).toBe('0');
    expect(values(a.headers, 'x-svc-warning')).toEqual([]);
    expect(values(a.headers, 'x-svc-finding')).toEqual([]);
    expect(one(a.headers, 'x-svc-refusal')).toBeUndefined();
  });
  it('one x-svc-warning per remark, encoded', () => {
    const a = answerOutcome(
      success(['the image Im2 is never drawn with', 'the font Ärger (selected as "Body") is 100% odd']),
      V,
    );
    expect(one(a.headers, 'x-svc-warnings')).toBe('2');
    expect(values(a.headers, 'x-svc-warning')).toEqual([
      'the image Im2 is never drawn with',
      'the font %C3%84rger (selected as "Body") is 100%25 odd',
    ]);
  });
  it('keeps the whole count while carrying only 10 remarks', () => {
    const texts = Array.from({ length: 37 }, (_, i) => `the image Im${i} is never drawn with`);
    const a = answerOutcome(success(texts), V);
    expect(one(a.headers, 'x-svc-warnings')).toBe('37');
    expect(values(a.headers, 'x-svc-warning')).toEqual(texts.slice(0, 10));
  });
  it('keeps the whole count while cutting at 1000 bytes', () => {
    const texts = ['r'.repeat(700), 's'.repeat(700), 't'.repeat(700)];
    const a = answerOutcome(success(texts), V);
    expect(one(a.headers, 'x-svc-warnings')).toBe('3');
    const carried = values(a.headers, 'x-svc-warning');
    expect(carried).toHaveLength(2);
    expect(carried[1].endsWith(ELLIPSIS)).toBe(true);
    expect(carried.join('').length).toBe(1000);
  });
  it('findings: whole count, id + message per header, same cap', () => {
    const f: Finding = {
      standard: 'ISO_19005_2',
      clause: '6.2.4.3',
      test: 4,
      object: 'PDFont',
      message: 'glyph “x” missing',
    };
    const many = Array.from({ length: 12 }, () => f);
    const a = answerOutcome(success([], many), V);
    expect(one(a.headers, 'x-svc-findings')).toBe('12');
    const carried = values(a.headers, 'x-svc-finding');
    expect(carried).toHaveLength(10);
    expect(carried[0]).toBe('ISO_19005_2 6.2.4.3-t04 glyph %E2%80%9Cx%E2%80%9D missing');
  });
});

describe('answerOutcome: refusal', () => {
  it('is the status, the sentence as text/plain, the word, the whole remark count and the version', () => {
    const r = refusal('fontUndeclared', '/items/0/font', { font: 'Bödy', at: '/items/0/font' });
    const a = answerOutcome({ ok: false, ...r, remarks: [remarkOf('x'), remarkOf('y')] }, V);
    expect(a.status).toBe(400);
    expect(a.contentType).toBe('text/plain; charset=utf-8');
    expect(a.body).toBe(r.sentence);
    expect(one(a.headers, 'x-svc-refusal')).toBe('description');
    expect(one(a.headers, 'x-svc-warnings')).toBe('2');
    expect(one(a.headers, 'x-svc-version')).toBe(V);
    expect(values(a.headers, 'x-svc-warning')).toEqual([]);
    expect(one(a.headers, 'x-svc-pages')).toBeUndefined();
  });
  it('server refusals carry x-svc-warnings 0', () => {
    const a = answerRefusal(refusal('bodyTooLarge', '', { limit: 1000 }), { version: V });
    expect(a.status).toBe(413);
    expect(a.body).toBe('the body is larger than the 1000 bytes this server accepts.');
    expect(one(a.headers, 'x-svc-refusal')).toBe('body_too_large');
    expect(one(a.headers, 'x-svc-warnings')).toBe('0');
    expect(one(a.headers, 'x-svc-version')).toBe(V);
  });
});

describe('answerHealth', () => {
  it('gives version, licensed, faces as JSON with x-svc-version', () => {
    const a = answerHealth({ licensed: false, faces: 7 }, V);
    expect(a.status).toBe(200);
    expect(a.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(a.body as string)).toEqual({ version: V, licensed: false, faces: 7 });
    expect(one(a.headers, 'x-svc-version')).toBe(V);
  });
});
