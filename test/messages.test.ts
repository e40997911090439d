// test/messages.test.ts — the typed message table (ir/messages.ts, issue 22): each message's
// parameters are the named placeholders of its template, checked by the compiler (each wrong call
// below is marked as an expected type error, so `tsc --noEmit -p .` fails the day one compiles); refuse()
// throws a RefusalError carrying the key, the pointer and the params; braces are written doubled.
// Also the codemod that converted the positional call sites (tools/codemod-typed-diagnostics.ts).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RefusalError } from '../ir/diagnostics.js';
import { fill, type PlaceholderNames, REFUSALS, REMARKS, refusal, refuse, remark } from '../ir/messages.js';
import { convert, POSITIONAL, POSITIONAL_REMARKS, placeholderNames } from '../tools/codemod-typed-diagnostics.js';

function caught(f: () => void): RefusalError {
  try {
    f();
  } catch (e) {
    if (e instanceof RefusalError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}

describe('typed parameters', () => {
  it('a call names each placeholder of its message once, or does not compile', () => {
    const at = '/items/0/rotate';
    // the compile-time half: each of these lines is an error tsc must report
    const wrong = [
      // @ts-expect-error a parameter missing
      () => refuse('transformWithRotate', at, { key: at }),
      // @ts-expect-error a parameter too many
      () => refuse('transformWithRotate', at, { key: at, other: at, also: 1 }),
      // @ts-expect-error a parameter misspelt
      () => refuse('transformWithRotate', at, { key: at, othr: at }),
      // @ts-expect-error no parameters for a message that has some
      () => refuse('transformWithRotate', at),
      // @ts-expect-error parameters for a message that has none
      () => refuse('serverBusy', '', {}),
      // @ts-expect-error a key not in the table
      () => refuse('noSuchMessage', at),
      // @ts-expect-error a value that is neither text nor a number
      () => remark('unusedResource', at, { kind: 'font', name: true }),
      // @ts-expect-error refusal() is typed the same way
      () => refusal('fontUndeclared', at, { font: 'F' }),
    ];
    expect(wrong).toHaveLength(8);
    // and what the compiler reads off a template
    const names: PlaceholderNames<'the placeholder {{{placeholder}}} in {at}; write {{current_page}}, {{{{ or }}}}.'>[] =
      ['placeholder', 'at'];
    // @ts-expect-error a doubled brace is a brace, not a placeholder
    const literal: PlaceholderNames<'write {{current_page}} at {at}'> = 'current_page';
    expect([names, literal]).toHaveLength(2);
  });

  it('refuse() throws a RefusalError carrying the key, the pointer and the params', () => {
    const e = caught(() =>
      refuse('transformWithRotate', '/items/0/rotate', { key: '/items/0/rotate', other: '/items/0/transform' }),
    );
    expect(e.key).toBe('transformWithRotate');
    expect(e.at).toBe('/items/0/rotate');
    expect(e.params).toEqual({ key: '/items/0/rotate', other: '/items/0/transform' });
    expect(e.refusal).toEqual({
      key: 'transformWithRotate',
      status: 400,
      word: 'description',
      path: '/items/0/rotate',
      sentence: '/items/0/rotate cannot be given together with /items/0/transform.',
    });
    expect(caught(() => refuse('serverBusy', '')).params).toEqual({});
  });

  it('fills a placeholder wherever it stands, as often as it stands, and writes doubled braces as one', () => {
    expect(refusal('tablePastCeiling', '/items/2', { at: '/items/2', ceiling: 50 }).sentence).toBe(
      'the table at /items/2 runs past page 50, the ceiling of 50 pages.',
    );
    expect(refusal('placeholderUnknown', '/items/0/text', { placeholder: 'page', at: '/items/0/text' }).sentence).toBe(
      'the placeholder {page} in /items/0/text is not known; write {current_page}, {total_pages} or {page_of:ID} (an id without spaces or braces), and {{ or }} for a brace.',
    );
    expect(fill('{{{a}}} {{b}} {a}', { a: 1 })).toBe('{1} {b} 1');
    expect(remark('unusedResource', '/fonts/1', { kind: 'font', name: 'B' })).toEqual({
      code: 'unused-resource',
      text: 'the font B is never drawn with',
      path: '/fonts/1',
    });
  });

  it("writes a value's line breaks and other control characters as escapes: a sentence is one line", () => {
    // the mutation property test's counterexample: an item type of one line break
    const sentence = refusal('itemKindUnknown', '/items/2/type', { type: '\n', at: '/items/2/type' }).sentence;
    expect(sentence).toBe('the item type "\\n" at /items/2/type is not an item type.');
    expect(fill('{a}', { a: 'x\r\ty\u0000\u007f\u2028z' })).toBe('x\\r\\ty\\u0000\\u007f\\u2028z');
    expect(fill('{a}', { a: 'Ünïcode — ok' })).toBe('Ünïcode — ok');
  });

  it('every placeholder has a name that says what it holds, not a position', () => {
    for (const { template } of [...Object.values(REFUSALS), ...Object.values(REMARKS)]) {
      expect(template).not.toMatch(/\{\d+\}/);
      for (const name of placeholderNames(template)) expect(name).toMatch(/^[a-z][A-Za-z]*$/);
    }
  });
});

describe('tools/codemod-typed-diagnostics.ts', () => {
  const root = '/repo';
  it('knows the parameters of every message, as the table names them', () => {
    for (const [table, positional] of [
      [REFUSALS, POSITIONAL],
      [REMARKS, POSITIONAL_REMARKS],
    ] as const) {
      for (const [key, { template }] of Object.entries(table)) {
        expect([...(positional[key] ?? ['<none>'])].sort(), key).toEqual(placeholderNames(template).sort());
      }
    }
  });

  it('converts the three old spellings and their imports, wherever the file sits, and a second run changes nothing', () => {
    const file = join(root, 'passes', 'layout', 'deep', 'step.ts');
    const before = [
      "import { RefusalError } from '../../../ir/diagnostics.js';",
      "import { refusal } from '../../../ir/messages.js';",
      "import { fail } from '../../../ir/read/common.js';",
      "import { refuse, type PassContext } from '../../pass.js';",
      '',
      'export function f(ctx: PassContext, item: { rotateAt: string; transformAt: string }, font: string, at: string): void {',
      "  refuse('transformWithRotate', item.rotateAt, item.transformAt, item.rotateAt);",
      "  fail(refusal('fontUndeclared', at, font, at));",
      "  throw new RefusalError(refusal('serverBusy', ''));",
      '}',
      '',
    ].join('\n');
    const after = convert(file, before, root);
    expect(after).toBe(
      [
        "import { refuse } from '../../../ir/messages.js';",
        "import type { PassContext } from '../../pass.js';",
        '',
        'export function f(ctx: PassContext, item: { rotateAt: string; transformAt: string }, font: string, at: string): void {',
        "  refuse('transformWithRotate', item.rotateAt, { key: item.transformAt, other: item.rotateAt });",
        "  refuse('fontUndeclared', at, { font, at });",
        "  refuse('serverBusy', '');",
        '}',
        '',
      ].join('\n'),
    );
    expect(convert(file, after, root)).toBe(after);
  });

  it('stops on a call whose arguments do not match its message', () => {
    const file = join(root, 'passes', 'x.ts');
    const text = "import { refuse } from './pass.js';\nrefuse('transformWithRotate', '/a', '/b');\n";
    expect(() => convert(file, text, root)).toThrow(
      /transformWithRotate takes 2 arguments \(key, other\), the call gives 1/,
    );
  });
});
