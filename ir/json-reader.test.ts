// ir/json-reader.test.ts — tests for the first step of reading (ir/json-reader.ts): same values as
// JSON.parse, duplicate keys refused with the right pointer, syntax errors named, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, type ReadJsonResult, readJson } from './json-reader.js';

const enc = new TextEncoder();
const fatal = new TextDecoder('utf-8', { fatal: true }); // strips a leading BOM, like readJson

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** JSON.parse's answer, or undefined when it refuses. */
function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function ok(r: ReadJsonResult): unknown {
  if (!r.ok) throw new Error(`expected a value, got ${JSON.stringify(r)}`);
  return r.value;
}

/** Object.is on leaves, so -0 and 0 differ (toEqual treats them alike in some versions). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const VALID = [
  '0',
  '-0',
  '1',
  '-1',
  '123',
  '3.25',
  '-0.5',
  '1e3',
  '1E3',
  '1e+3',
  '1e-3',
  '2.5E-3',
  '0.000001',
  '1e22',
  '1e23',
  '123456789012345',
  '1234567890123456',
  '9007199254740993',
  '123456789012345678901234567890',
  '0.1',
  '0.30000000000000004',
  '1.7976931348623157e308',
  '1e309',
  '-1e309',
  '5e-324',
  '1e-400',
  '4.9406564584124654e-324',
  '12.5e-20',
  '1234567.890123e10',
  'true',
  'false',
  'null',
  '""',
  '"a"',
  '{}',
  '[]',
  ' \t\r\n[ ]\n',
  '{ }',
  '[[]]',
  '[{}]',
  '{"a":{}}',
  '"\\u00e9"',
  '"\\uD83D\\uDE00"',
  '"\\ud83d\\ude00 and \\u0041"',
  '"\\ud800"',
  '"\\udc00\\ud800"',
  '"\\u0000"',
  '"\\"\\\\\\/\\b\\f\\n\\r\\t"',
  '"é — 日本語 😀"',
  '"\uFEFFx"',
  '"\\uFEFF"',
  '{"a":1,"b":[1,2,{"c":"d"}],"e":null,"f":true,"g":false,"h":-2.5e-3}',
  '[1, "two", [3, [4, [5]]], {"six": {"seven": [8]}}]',
  '{"1":1,"01":2,"a":3,"":4,"b ":5}',
  '{"toString":1,"constructor":2,"hasOwnProperty":3,"valueOf":{"__defineGetter__":4}}',
  '["' + 'x'.repeat(100) + '", "' + 'é'.repeat(100) + '", "' + 'ab\\ncd'.repeat(50) + '"]',
];

describe('readJson: values', () => {
  it.each(VALID)('reads %s as JSON.parse does', (text) => {
    const want = JSON.parse(text);
    expect(same(ok(readJson(text)), want)).toBe(true);
    expect(same(ok(readJson(enc.encode(text))), want)).toBe(true);
  });

  it('reads a raw lone surrogate in a string argument as U+FFFD (no UTF-8 form; an escaped one is kept)', () => {
    expect(ok(readJson('["a\uD800b"]'))).toEqual(['a\uFFFDb']);
    expect(ok(readJson('["a\\uD800b"]'))).toEqual(['a\uD800b']);
  });

  it('keeps -0', () => {
    expect(Object.is(ok(readJson('-0')), -0)).toBe(true);
    expect(Object.is(ok(readJson('-0.0e5')), -0)).toBe(true);
  });

  it('makes __proto__ an own property and pollutes nothing', () => {
    const v = ok(readJson('{"__proto__":{"polluted":true},"a":{"__proto__":[1]}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(v.a as object, '__proto__')).toBe(true);
    expect(same(v, JSON.parse('{"__proto__":{"polluted":true},"a":{"__proto__":[1]}}'))).toBe(true);
  });

  it('reads bytes at any offset and alignment of their buffer', () => {
    // Long strings are checked four bytes at a time through an aligned view of the buffer.
    const text = '{"a":"' + 'QUJD'.repeat(100) + '\\n' + 'x'.repeat(77) + '","b":"' + 'y'.repeat(300) + '"}';
    for (let shift = 0; shift < 8; shift++) {
      const backing = new Uint8Array(shift + text.length + 5).fill(0x20);
      backing.set(enc.encode(text), shift);
      const view = backing.subarray(shift, shift + text.length);
      expect(ok(readJson(view))).toEqual(JSON.parse(text));
      expect(ok(readJson(Buffer.from(view)))).toEqual(JSON.parse(text));
    }
  });

  it('reads a multi-megabyte string', () => {
    const big = 'ABCDabcd0123+/=='.repeat(300_000);
    expect(ok(readJson(`{"data":"${big}"}`))).toEqual({ data: big });
  });

  it('reads a long string sent again (kept from before) to the same value, and a changed one afresh', () => {
    const font = 'ABCDabcd0123+/=='.repeat(4096) + 'é€';
    const first = ok(readJson(`{"data":"${font}"}`)) as { data: string };
    // Same bytes at another offset of another body: the same string, without reading it again.
    const again = ok(readJson(`  {"x":1,"data":"${font}"}`)) as { data: string };
    expect(again.data).toBe(first.data);
    expect(again.data).toBe(font);
    // Same length, one byte changed (first, middle, last; an escape; a control byte; invalid UTF-8): read afresh.
    const bytes = enc.encode(`{"data":"${font}"}`);
    const at = [9, 9 + 30_000, bytes.length - 8]; // the last before "é€"
    for (const i of at) {
      const changed = Uint8Array.from(bytes);
      changed[i] = 0x5a; // 'Z'
      expect((ok(readJson(changed)) as { data: string }).data).not.toBe(font);
    }
    const escaped = Uint8Array.from(bytes);
    escaped[9 + 95] = 0x5c; // a backslash before 'A' is no escape: refused
    expect(readJson(escaped)).toMatchObject({ ok: false, kind: 'syntax', offset: 9 + 95 });
    const control = Uint8Array.from(bytes);
    control[9 + 95] = 0x0a;
    expect(readJson(control)).toMatchObject({ ok: false, kind: 'syntax', offset: 9 + 95 });
    const broken = Uint8Array.from(bytes);
    broken[bytes.length - 4] = 0xff; // inside the "€"
    expect(readJson(broken)).toMatchObject({ ok: false, kind: 'syntax' });
    // The original is still read to its value afterwards.
    expect((ok(readJson(bytes)) as { data: string }).data).toBe(font);
  });
});

describe('readJson: BOM', () => {
  it('skips one leading byte order mark, as bytes or as U+FEFF', () => {
    expect(ok(readJson(new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0x5d])))).toEqual([]);
    expect(ok(readJson('\uFEFF{"a":1}'))).toEqual({ a: 1 });
  });
  it('refuses a second one or one elsewhere', () => {
    expect(readJson('\uFEFF\uFEFF[]')).toMatchObject({ ok: false, kind: 'syntax', offset: 3 });
    expect(readJson('[\uFEFF]')).toMatchObject({ ok: false, kind: 'syntax', offset: 1 });
  });
});

describe('readJson: duplicate keys', () => {
  it.each([
    ['{"a":1,"a":2}', 'a', ''],
    ['{"a":1,"b":2,"a":{"big":[1,2,3]}}', 'a', ''],
    ['{"items":[{"x":1},{"x":1,"y":2,"x":3}]}', 'x', '/items/1'],
    ['[0,[1,{"k":{"k":1,"k":2}}]]', 'k', '/1/1/k'],
    ['{"a/b":{"c~d":{"e":1,"e":1}}}', 'e', '/a~1b/c~0d'],
    ['{"a":1,"\\u0061":2}', 'a', ''],
    ['{"":1,"":2}', '', ''],
    ['{"__proto__":1,"__proto__":2}', '__proto__', ''],
    ['{"toString":1,"toString":2}', 'toString', ''],
    ['{"é":1,"\\u00e9":2}', 'é', ''],
  ])('%s → key %j at %j', (text, key, pointer) => {
    expect(readJson(text)).toEqual({ ok: false, kind: 'duplicate', key, pointer });
    expect(readJson(enc.encode(text))).toEqual({ ok: false, kind: 'duplicate', key, pointer });
  });

  it('does not confuse keys of sibling or nested objects', () => {
    expect(ok(readJson('{"a":{"a":1},"b":[{"a":1},{"a":2}]}'))).toEqual({ a: { a: 1 }, b: [{ a: 1 }, { a: 2 }] });
  });
});

describe('readJson: syntax errors', () => {
  it.each([
    ['', 'unexpected end of input', 0],
    ['   ', 'unexpected end of input', 3],
    ['[1,', 'unexpected end of input', 3],
    ['{"a":1', 'unexpected end of input', 6],
    ['{"a" "b"}', 'unexpected character "\\"" at byte 5', 5],
    ['[1,]', 'unexpected character "]" at byte 3', 3],
    ['{"a":1,}', 'unexpected character "}" at byte 7', 7],
    ['{a:1}', 'unexpected character "a" at byte 1', 1],
    ['[01]', 'unexpected character "1" at byte 2', 2],
    ['[1.]', 'unexpected character "]" at byte 3', 3],
    ['[.5]', 'unexpected character "." at byte 1', 1],
    ['[1e]', 'unexpected character "]" at byte 3', 3],
    ['[-]', 'unexpected character "]" at byte 2', 2],
    ['[+1]', 'unexpected character "+" at byte 1', 1],
    ['[tru]', 'unexpected character "]" at byte 4', 4],
    ['nul', 'unexpected end of input', 3],
    ['[NaN]', 'unexpected character "N" at byte 1', 1],
    ['{} {}', 'unexpected character "{" at byte 3', 3],
    ["['a']", 'unexpected character "\'" at byte 1', 1],
    ['"abc', 'unterminated string starting at byte 0', 0],
    ['"' + 'x'.repeat(200), 'unterminated string starting at byte 0', 0],
    ['"ab\\"', 'unterminated string starting at byte 0', 0],
    ['"a\nb"', 'unescaped control character 0x0a in a string at byte 2', 2],
    ['"' + 'x'.repeat(100) + '\t"', 'unescaped control character 0x09 in a string at byte 101', 101],
    ['"\\x"', 'invalid escape at byte 1', 1],
    ['"\\u12G4"', 'invalid escape at byte 1', 1],
    ['"\\u12"', 'invalid escape at byte 1', 1],
    ['[1]\u000b', 'unexpected byte 0x0b at byte 3', 3],
    ['é', 'unexpected character "é" at byte 0', 0],
    ['[1,😀]', 'unexpected character "😀" at byte 3', 3],
  ])('%j → %s', (text, detail, offset) => {
    expect(readJson(text)).toEqual({ ok: false, kind: 'syntax', detail, offset });
    expect(parsed(text)).toBeUndefined();
  });

  it.each([
    ['a lone continuation byte', [0x22, 0x80, 0x22], 1],
    ['an overlong encoding', [0x22, 0x41, 0xc0, 0xaf, 0x22], 2],
    ['an encoded surrogate', [0x22, 0xed, 0xa0, 0x80, 0x22], 1],
    ['a code point past U+10FFFF', [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], 1],
    ['a truncated sequence', [0x22, 0xe2, 0x82, 0x22], 1],
    ['0xff', [0x5b, 0xff, 0x5d], 1],
  ])('refuses invalid utf-8: %s', (_, bytes, offset) => {
    expect(readJson(new Uint8Array(bytes))).toEqual({
      ok: false,
      kind: 'syntax',
      detail: `invalid utf-8 at byte ${offset}`,
      offset,
    });
  });

  it('refuses invalid utf-8 deep inside a long string', () => {
    // "é" is C3 A9 from byte 1 on, so byte 299 opens a sequence and byte 300 continues it.
    const bytes = enc.encode('"' + 'é'.repeat(200) + 'x"');
    bytes[299] = 0xff;
    expect(readJson(bytes)).toEqual({ ok: false, kind: 'syntax', detail: 'invalid utf-8 at byte 299', offset: 299 });
    // A broken continuation is reported at the start of its sequence.
    const bytes2 = enc.encode('"' + 'é'.repeat(200) + 'x"');
    bytes2[300] = 0x41;
    expect(readJson(bytes2)).toEqual({ ok: false, kind: 'syntax', detail: 'invalid utf-8 at byte 299', offset: 299 });
  });

  it(`accepts nesting ${MAX_JSON_DEPTH} deep and refuses ${MAX_JSON_DEPTH + 1}`, () => {
    const nest = (n: number) => '[{"a":'.repeat(n / 2) + '[]' + '}]'.repeat(n / 2);
    expect(readJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(readJson(nest(MAX_JSON_DEPTH - 2)).ok).toBe(true);
    expect(readJson('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      kind: 'syntax',
      detail: 'nesting deeper than 1000',
      offset: MAX_JSON_DEPTH,
    });
    expect(readJson('{"a":'.repeat(MAX_JSON_DEPTH) + '{}' + '}'.repeat(MAX_JSON_DEPTH))).toMatchObject({
      ok: false,
      kind: 'syntax',
      detail: 'nesting deeper than 1000',
    });
  });

  it('does not throw on a megabyte of brackets', () => {
    expect(readJson('['.repeat(1_000_000))).toMatchObject({ ok: false, kind: 'syntax' });
    expect(readJson('{"a":'.repeat(200_000))).toMatchObject({ ok: false, kind: 'syntax' });
  });

  it('answers a value that is neither text nor bytes', () => {
    expect(readJson(42 as unknown as string)).toMatchObject({ ok: false, kind: 'syntax' });
  });
});

describe('readJson: properties', () => {
  /** Checks one input against JSON.parse: same value, or both refuse; a duplicate key is ours alone. */
  function agrees(text: string, bytes?: Uint8Array): void {
    const r = readJson(bytes ?? text);
    // The BOM is the one place the two differ by design (see the header of json-reader.ts).
    const want = parsed(text.replace(/^\uFEFF/, ''));
    if (!r.ok && r.kind === 'duplicate') return;
    if (r.ok) {
      expect(want).toBeDefined();
      // A raw lone surrogate has no UTF-8 form and reads as U+FFFD (documented); compare only well-formed text.
      if (!LONE_SURROGATE.test(text)) expect(same(r.value, want!.value)).toBe(true);
    } else {
      expect(want).toBeUndefined();
    }
  }

  it('equals JSON.parse on any JSON', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), (text) => {
        expect(same(ok(readJson(text)), JSON.parse(text))).toBe(true);
        expect(same(ok(readJson(enc.encode(text))), JSON.parse(text))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('equals JSON.parse on JSON with full unicode, long strings and odd spacing', () => {
    const str = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme', minLength: 60, maxLength: 400 }));
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.double(),
        fc.integer(),
        str,
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('v')),
        fc.dictionary(str, tie('v')),
      ),
    })).v;
    fc.assert(
      fc.property(value, fc.constantFrom(undefined, 1, '\t', ' \n '), (v, space) => {
        const text = JSON.stringify(v, null, space);
        expect(same(ok(readJson(text)), JSON.parse(text))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('reads every number exactly as JSON.parse', () => {
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const number = fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.constant('0'),
          fc.tuple(fc.constantFrom(...'123456789'), digits(0, 25)).map(([a, b]) => a + b),
        ),
        fc.option(digits(1, 25)),
        fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 4))),
      )
      .map(
        ([neg, int, frac, exp]) =>
          (neg ? '-' : '') + int + (frac === null ? '' : '.' + frac) + (exp === null ? '' : exp.join('')),
      );
    fc.assert(
      fc.property(number, (text) => {
        expect(Object.is(ok(readJson(text)), JSON.parse(text))).toBe(true);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.double(), (d) => {
        const text = JSON.stringify(d); // null for NaN and infinities
        expect(Object.is(ok(readJson(text)), JSON.parse(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary text and agrees with JSON.parse on validity', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => agrees(text)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]:,"\\ -+.0123456789eEtruefalsn\tu\n\u00e9') }), (text) =>
        agrees(text),
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with JSON.parse on JSON with one character changed', () => {
    const edit = fc.tuple(
      fc.json(),
      fc.nat(),
      fc.constantFrom('insert', 'delete', 'replace'),
      fc.constantFrom(...'{}[]:,"\\ -.0e1tnu\u0001\uFEFF'),
    );
    fc.assert(
      fc.property(edit, ([json, at, op, ch]) => {
        const i = json.length ? at % json.length : 0;
        const text =
          op === 'insert'
            ? json.slice(0, i) + ch + json.slice(i)
            : op === 'delete'
              ? json.slice(0, i) + json.slice(i + 1)
              : json.slice(0, i) + ch + json.slice(i + 1);
        agrees(text);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on arbitrary bytes and agrees with JSON.parse on validity', () => {
    const check = (bytes: Uint8Array) => {
      let text: string | undefined;
      try {
        text = fatal.decode(bytes);
      } catch {
        text = undefined;
      }
      const r = readJson(bytes);
      if (text === undefined) {
        // Not UTF-8: refused, unless a duplicate key or a syntax error came before the bad byte.
        expect(r.ok).toBe(false);
        return;
      }
      const r2 = readJson(text);
      expect(r2.ok).toBe(r.ok);
      agrees(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? '\uFEFF' + text : text, bytes);
    };
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), check), { numRuns: 2000 });
    const jsonish = fc
      .array(
        fc.constantFrom(
          0x7b,
          0x7d,
          0x5b,
          0x5d,
          0x3a,
          0x2c,
          0x22,
          0x5c,
          0x31,
          0x2e,
          0x65,
          0x20,
          0xc3,
          0xa9,
          0xe2,
          0x82,
          0xac,
          0xf0,
          0x9f,
          0x98,
          0x80,
          0xed,
          0xa0,
          0xff,
          0x61,
          0x75,
        ),
        { maxLength: 40 },
      )
      .map((a) => new Uint8Array(a));
    fc.assert(fc.property(jsonish, check), { numRuns: 3000 });
  });

  it('finds a backslash or control byte anywhere in a long string', () => {
    // The long-string path checks words of four bytes; put the special byte at every phase.
    const special = fc.constantFrom('\\n', '\\"', '\\u00e9', '\\\\', '\n', '\u0000', '\u001f', 'é', '😀');
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), special, fc.nat(7), (before, after, s, shift) => {
        const text = '["' + 'a'.repeat(before) + s + 'b'.repeat(after) + '"]';
        const backing = new Uint8Array(shift + text.length * 4);
        const encoded = enc.encode(text);
        backing.set(encoded, shift);
        agrees(text, backing.subarray(shift, shift + encoded.length));
      }),
      { numRuns: 3000 },
    );
  });
});
