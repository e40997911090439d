// ir/grammar/coordinate-quick.test.ts — the hand reader of coordinates (coordinate-quick.ts) against
// the chevrotain parser (coordinate.ts): on generated strings, well formed or not, it answers the
// parser's very node (same keys, same order) whenever the parser accepts, and nothing otherwise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCoordinateFully } from './coordinate.js';
import { quickCoordinate } from './coordinate-quick.js';
import { COORD_VARIABLES } from './expr.js';

/** The quick reader agrees with the full parser on `src`. */
function agrees(src: string): void {
  const full = parseCoordinateFully(src);
  const quick = quickCoordinate(src);
  if (full.ok) expect(JSON.stringify(quick), src).toBe(JSON.stringify(full.expr));
  else expect(quick, `${src}: ${full.kind} ${full.detail}`).toBeUndefined();
}

const number = fc.constantFrom('0', '12', '007', '1.5', '.5', '1e3', '2.5E-1', '1e+2', '1e999');
const variable = fc.constantFrom(...COORD_VARIABLES.map((v) => `{${v}}`));
const space = fc.constantFrom('', '', ' ', '\t', '\n ', '\r\n');

/** Well-formed expressions of every rule: signs, both precedences, parentheses. */
const wellFormed: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    number,
    variable,
    fc.tuple(fc.constantFrom('-', '+', '--', '-+-', ' - '), tie('e')).map(([s, e]) => s + e),
    fc
      .tuple(tie('e'), space, fc.constantFrom('+', '-', '*', '/'), space, tie('e'))
      .map(([l, a, op, b, r]) => l + a + op + b + r),
    fc.tuple(space, tie('e'), space).map(([a, e, b]) => `(${a}${e}${b})`),
  ),
})).e;

/** Token soup, mostly malformed: dangling dots and exponents, unknown or unclosed variables, stray characters. */
const soup = fc
  .array(
    fc.oneof(
      number,
      variable,
      space,
      fc.constantFrom(
        '+',
        '-',
        '*',
        '/',
        '(',
        ')',
        '12.',
        '1e',
        '.',
        '{x}',
        '{ llx }',
        '{page_width',
        '}',
        'a',
        '#',
        'é',
      ),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('quickCoordinate', () => {
  it('reads every well-formed expression as the full parser does', () => {
    fc.assert(
      fc.property(wellFormed, (src) => {
        expect(quickCoordinate(src), src).toBeDefined();
        agrees(src);
      }),
      { numRuns: 300 },
    );
  });

  it('answers nothing wherever the full parser refuses, on token soup', () => {
    fc.assert(fc.property(soup, agrees), { numRuns: 500 });
  });

  it.each([
    '{page_height} - 90',
    '1 2',
    '()',
    '(1',
    '1)',
    '1 +',
    '* 2',
    '--3',
    '-+-{llx}',
    '1 - -2',
    '2 * -(3 + 4) / {urx}',
    '',
    '   ',
    '12.',
    '.',
    '1e',
  ])('%j', (src) => agrees(src));
});
