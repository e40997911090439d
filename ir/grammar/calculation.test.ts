// ir/grammar/calculation.test.ts — the calculation-function grammar: programs that parse and pass the
// stack check, each refusal kind (braces, unknown operator, syntax, depth 100 against 101, underflow,
// outputs), and that no string makes it throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STACK, parseCalculation } from './calculation.js';

describe('calculation programs', () => {
  it.each([
    ['{ 2 copy mul 3 1 roll }', 2, 3],
    ['{ dup 0.5 gt { pop 1 } { 2 mul } ifelse }', 1, 1],
    ['{ dup 0 lt { neg } if }', 1, 1],
    ['{ 360 mul sin 2 div 0.5 add }', 1, 1],
    ['{ exch pop 0.5 gt { 1 } { 0 } ifelse }', 2, 1],
    ['{1.5e0 add}', 1, 1],
    ['{ 0 1 index pop pop }', 1, 1],
  ])('accepts %s', (src, ins, outs) => {
    const r = parseCalculation(src, ins, outs);
    expect(r).toMatchObject({ ok: true });
  });

  it('refuses unbalanced braces, before anything else', () => {
    expect(parseCalculation('{ 1 add', 1, 1)).toMatchObject({
      ok: false,
      kind: 'braces',
      detail: '1 "{" is never closed',
    });
    expect(parseCalculation('{ 1 add } }', 1, 1)).toMatchObject({ ok: false, kind: 'braces' });
    expect(parseCalculation('{ frob {', 1, 1)).toMatchObject({ ok: false, kind: 'braces' });
  });

  it('refuses an unknown operator by name', () => {
    expect(parseCalculation('{ 1 frobnicate }', 1, 1)).toEqual({ ok: false, kind: 'operator', detail: 'frobnicate' });
    expect(parseCalculation('{ moveto }', 1, 1)).toMatchObject({ kind: 'operator', detail: 'moveto' });
  });

  it('refuses if and ifelse that do not follow blocks, and text outside the grammar', () => {
    expect(parseCalculation('{ 1 if }', 1, 1)).toMatchObject({ ok: false, kind: 'syntax' });
    expect(parseCalculation('{ { 1 } ifelse }', 1, 1)).toMatchObject({ ok: false, kind: 'syntax' });
    expect(parseCalculation('1 add', 1, 1)).toMatchObject({ ok: false, kind: 'syntax' });
    expect(parseCalculation('{ (a) }', 1, 1)).toMatchObject({ ok: false, kind: 'syntax' });
  });

  it(`allows a stack of ${MAX_STACK} entries and refuses ${MAX_STACK + 1}`, () => {
    const push = (n: number) => `{ ${Array(n).fill('1').join(' ')} ${Array(n).fill('pop').join(' ')} }`;
    expect(parseCalculation(push(MAX_STACK - 1), 1, 1)).toMatchObject({ ok: true });
    expect(parseCalculation(push(MAX_STACK), 1, 1)).toEqual({ ok: false, kind: 'depth', detail: '100' });
    expect(parseCalculation('{ 99 copy }', 1, 100)).toMatchObject({ ok: false, kind: 'underflow' });
  });

  it('follows both branches of a conditional and literal copy counts', () => {
    expect(parseCalculation('{ 1 { 1 2 3 } { 1 } ifelse }', 1, 2)).toMatchObject({ ok: true });
    expect(parseCalculation('{ dup dup 3 copy }', 1, 6)).toMatchObject({ ok: true });
    expect(parseCalculation('{ dup dup 3 copy }', 1, 5)).toMatchObject({ ok: false, kind: 'outputs', detail: '6' });
  });

  it('refuses a program that takes from an empty stack or leaves the wrong count', () => {
    expect(parseCalculation('{ add }', 1, 1)).toEqual({ ok: false, kind: 'underflow', detail: '"add" at character 3' });
    expect(parseCalculation('{ dup }', 1, 1)).toEqual({ ok: false, kind: 'outputs', detail: '2' });
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 0, max: 4 }), (s, n) => {
        const r = parseCalculation(s, n, 1);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom('{', '}', 'if', 'ifelse', '1', 'dup', 'add', 'pop', 'true', 'copy', 'roll', 'index', ' '),
          { maxLength: 40 },
        ),
        (parts) => {
          const r = parseCalculation(parts.join(' '), 1, 1);
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
  });
});
