// ir/grammar/coordinate.test.ts — tests for the coordinate grammar (ir/grammar/coordinate.ts): values
// through `evaluate`, precedence and associativity, the depth limit, refusals, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ParseCoordinateResult, parseCoordinate } from './coordinate.js';
import { type CoordBindings, type Expr, evaluate, printExpr } from './expr.js';

const B: CoordBindings = {
  page_width: 600,
  page_height: 800,
  current_page: 3,
  total_pages: 7,
  llx: 10,
  lly: 20,
  urx: 110,
  ury: 220,
};

function expr(src: string): Expr {
  const r = parseCoordinate(src);
  if (!r.ok) throw new Error(`${JSON.stringify(src.slice(0, 80))} did not parse: ${r.kind} ${r.detail}`);
  return r.expr;
}
const value = (src: string): number => evaluate(expr(src), B);
const nest = (n: number, inner = '1') => '('.repeat(n) + inner + ')'.repeat(n);

describe('parseCoordinate: values', () => {
  it.each([
    // numbers
    ['12', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['0', 0],
    ['007', 7],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    [' \t42\n ', 42],
    // variables
    ['{page_width}', 600],
    ['{page_height}', 800],
    ['{current_page}', 3],
    ['{total_pages}', 7],
    ['{llx}', 10],
    ['{lly}', 20],
    ['{urx}', 110],
    ['{ury}', 220],
    ['{page_height} - 72', 728],
    ['{urx} - {llx}', 100],
    ['({ury} + {lly}) / 2', 120],
    ['{total_pages}-{current_page}', 4],
    // precedence: * / before + -
    ['1 + 2 * 3', 7],
    ['2 * 3 + 1', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 6 / 2', 7],
    ['(10 - 6) / 2', 2],
    ['1 + 2 * 3 - 4 / 2', 5],
    // left associativity
    ['10 - 4 - 3', 3],
    ['8 / 4 / 2', 1],
    ['2 * 3 / 4', 1.5],
    ['12 / 3 * 2', 8],
    ['1 - 2 + 3', 2],
    ['10 - (4 - 3)', 9],
    ['8 / (4 / 2)', 4],
    // unary signs bind tighter than * /
    ['-{llx}', -10],
    ['--3', 3],
    ['---3', -3],
    ['2*-3', -6],
    ['2--3', 5],
    ['2 - -3', 5],
    ['-2*3', -6],
    ['-2 * -3', 6],
    ['+4', 4],
    ['-+-4', 4],
    ['+-4', -4],
    ['-(1 + 2)', -3],
    ['-(-(3))', 3],
    ['1 - -{llx}', 11],
    ['-{urx} / -{llx}', 11],
    ['6 / -2', -3],
    // parentheses
    ['(((1)))', 1],
    ['((1 + 2) * (3 + 4))', 21],
    [nest(100), 1],
    [nest(100, '{llx} * 2'), 20],
    // a division by zero parses; the non-finite value is refused later (messages.ts coordinateNotFinite)
    ['1 / 0', Infinity],
    ['-1 / 0', -Infinity],
  ] as [string, number][])('%s = %d', (src, want) => {
    expect(value(src)).toBe(want);
  });

  it('builds left-deep trees for left associativity', () => {
    expect(expr('10 - 4 - 3')).toEqual({
      k: 'bin',
      op: '-',
      l: { k: 'bin', op: '-', l: { k: 'num', v: 10 }, r: { k: 'num', v: 4 } },
      r: { k: 'num', v: 3 },
    });
    expect(printExpr(expr('8 / 4 / 2'))).toBe('((8 / 4) / 2)');
    expect(printExpr(expr('1 + 2 * 3'))).toBe('(1 + (2 * 3))');
    expect(printExpr(expr('-2 * 3'))).toBe('(-(2) * 3)');
  });

  it('keeps variables as nodes, to be bound after pagination', () => {
    expect(expr('{page_height} - 72')).toEqual({
      k: 'bin',
      op: '-',
      l: { k: 'var', name: 'page_height' },
      r: { k: 'num', v: 72 },
    });
    expect(expr('-{llx}')).toEqual({ k: 'neg', e: { k: 'var', name: 'llx' } });
  });

  it('keeps only the parity of a run of signs', () => {
    expect(expr('--3')).toEqual({ k: 'num', v: 3 });
    expect(expr('-+-{llx}')).toEqual({ k: 'var', name: 'llx' });
    // Signs are not nesting: a long run parses without deep recursion and gives a shallow tree.
    expect(expr('-'.repeat(9_999) + '1')).toEqual({ k: 'neg', e: { k: 'num', v: 1 } });
    expect(expr('- '.repeat(4_000) + '1')).toEqual({ k: 'num', v: 1 });
  });

  it('reads a long flat chain', () => {
    expect(value('1' + ' + 1'.repeat(2_000))).toBe(2_001);
  });
});

describe('parseCoordinate: depth', () => {
  it('accepts parentheses nested 100 deep and refuses 101', () => {
    expect(value(nest(100))).toBe(1);
    expect(parseCoordinate(nest(101))).toEqual({ ok: false, kind: 'depth', detail: '100' });
    expect(parseCoordinate('1 + ' + nest(100, '2 * ' + nest(1)))).toEqual({ ok: false, kind: 'depth', detail: '100' });
  });

  it('counts depth, not the number of parentheses', () => {
    const wide = Array.from({ length: 60 }, () => nest(50)).join(' + ');
    expect(value(wide)).toBe(60);
  });

  it('refuses a hostile run of "(" before parsing it', () => {
    expect(parseCoordinate('('.repeat(101))).toEqual({ ok: false, kind: 'depth', detail: '100' });
    expect(parseCoordinate('('.repeat(9_000))).toEqual({ ok: false, kind: 'depth', detail: '100' });
    expect(parseCoordinate('('.repeat(1_000_000))).toMatchObject({ ok: false, kind: 'syntax' }); // past the length cap
  });
});

describe('parseCoordinate: refusals', () => {
  it.each([
    ['{page_heigth}', '{page_heigth}'],
    ['{page_height} - {marign}', '{marign}'],
    ['{}', '{}'],
    ['{ llx }', '{ llx }'],
    ['{LLX}', '{LLX}'],
    ['2 * {current page}', '{current page}'],
  ])('%s uses an unknown variable', (src, detail) => {
    expect(parseCoordinate(src)).toEqual({ ok: false, kind: 'variable', detail });
  });

  it.each([
    ['', 'unexpected end'],
    ['   ', 'unexpected end'],
    ['1 +', 'unexpected end'],
    ['-', 'unexpected end'],
    ['(1', 'unexpected end'],
    ['1 + * 2', 'unexpected "*" at character 5'],
    ['2 ** 3', 'unexpected "*" at character 4'],
    ['*2', 'unexpected "*" at character 1'],
    ['1)', 'unexpected ")" at character 2'],
    ['()', 'unexpected ")" at character 2'],
    ['1 2', 'unexpected "2" at character 3'],
    ['(1)(2)', 'unexpected "(" at character 4'],
    ['{llx}{lly}', 'unexpected "{lly}" at character 6'],
    ['abc', 'unexpected "a" at character 1'],
    ['12.', 'unexpected "." at character 3'],
    ['1,5', 'unexpected "," at character 2'],
    ['1 % 2', 'unexpected "%" at character 3'],
    ['{llx', 'unclosed "{" at character 1'],
    ['10 - {llx', 'unclosed "{" at character 6'],
    ['llx}', 'unexpected "l" at character 1'],
    ['"1"', 'unexpected "\\"" at character 1'],
    ['1 😀', 'unexpected "😀" at character 3'],
    ['1\u00a0+ 2', 'unexpected "\u00a0" at character 2'],
    ['1'.padEnd(10_001, ' '), 'longer than 10000 characters'],
  ])('%j does not parse: %s', (src, detail) => {
    expect(parseCoordinate(src)).toEqual({ ok: false, kind: 'syntax', detail });
  });

  it('answers a value that is not a string', () => {
    expect(parseCoordinate(12 as unknown as string)).toMatchObject({ ok: false, kind: 'syntax' });
  });

  it('is not confused by a refused call before it (one parser is reused)', () => {
    expect(parseCoordinate('1 + * 2').ok).toBe(false);
    expect(value('1 + 2')).toBe(3);
    expect(parseCoordinate(nest(101)).ok).toBe(false);
    expect(value(nest(100))).toBe(1);
  });
});

describe('parseCoordinate: properties', () => {
  const wellFormed = (r: ParseCoordinateResult) =>
    r.ok || (['syntax', 'depth', 'variable'].includes(r.kind) && typeof r.detail === 'string' && r.detail.length > 0);

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(wellFormed(parseCoordinate(s))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on strings of the grammar's own characters, and what parses prints back to the same value", () => {
    const pieces = fc.constantFrom(
      '1',
      '2',
      '0',
      '.5',
      '7.25',
      '1e2',
      '+',
      '-',
      '*',
      '/',
      '(',
      ')',
      ' ',
      '{llx}',
      '{total_pages}',
      '{nope}',
      '{',
      '}',
      '.',
      'e',
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 40 }).map((a) => a.join('')),
        (s) => {
          const r = parseCoordinate(s);
          expect(wellFormed(r)).toBe(true);
          // printExpr writes a number too large for a double as "Infinity", which is no coordinate.
          if (r.ok && !printExpr(r.expr).includes('Infinity')) {
            const again = parseCoordinate(printExpr(r.expr));
            expect(again.ok).toBe(true);
            if (again.ok) expect(Object.is(evaluate(again.expr, B), evaluate(r.expr, B))).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with a JavaScript evaluation of the same arithmetic', () => {
    // Generated with a space after every operator so JavaScript never sees `--` (its decrement).
    const num = fc.integer({ min: 0, max: 99 }).map(String);
    const e: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small' },
        num,
        fc.tuple(fc.constantFrom('- ', '+ '), tie('e')).map(([s, x]) => `${s}${x}`),
        fc.tuple(tie('e'), fc.constantFrom(' + ', ' - ', ' * ', ' / '), tie('e')).map(([a, op, b]) => `${a}${op}${b}`),
        tie('e').map((x) => `(${x})`),
      ),
    })).e;
    fc.assert(
      fc.property(e, (src) => {
        const r = parseCoordinate(src);
        // Same precedence and associativity as JavaScript's + - * / and prefix signs; only depth may differ.
        const js = Function(`return ${src};`)() as number;
        if (!r.ok) expect(r.kind).toBe('depth');
        else expect(Object.is(evaluate(r.expr, B), js)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
