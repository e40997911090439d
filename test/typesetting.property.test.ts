// test/typesetting.property.test.ts — the text and flow keys under arbitrary values: a PDF or a
// clean 4xx from the closed list, never a 500, a crash or a hang; and the line breaker's fast path
// for plain text agrees with the `linebreak` package (UAX #14) on every string it takes.
import fc from 'fast-check';
import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { breakOpportunities, defaultBreaks } from '../engines/text/line-break.js';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';

const junk = fc.oneof(
  fc.integer({ min: -1e4, max: 1e4 }),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.double({ min: 0, max: 1 }), { maxLength: 5 }),
);
const num = (min: number, max: number) => fc.oneof(fc.double({ min, max, noNaN: true }), junk);
const words = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'lorem',
        'ipsum',
        'dolor',
        'extra\u00adordinary',
        'well-known',
        'a/b',
        '3.50',
        '{current_page}',
        '{{',
        '}}',
        '\t',
        '\n',
        '  ',
        'Internationalization',
        '(x)',
        '«q»',
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
    ),
    { maxLength: 30 },
  )
  .map((w) => w.join(' '));
const align = fc.oneof(fc.constantFrom('left', 'right', 'center', 'justify'), junk);
const rect = fc.record({ llx: num(-50, 300), lly: num(-50, 400), urx: num(0, 600), ury: num(0, 800) });
const style = {
  font_size: num(0.5, 40),
  align,
  overlong: fc.oneof(fc.constantFrom('overflow', 'break'), junk),
  leading: num(0, 40),
  break_after: fc.oneof(fc.constantFrom(' ', '/', '-', '', ' \u00ad'), junk),
  hyphenate: fc.oneof(fc.constantFrom('en-us', 'de', 'fr', 'xx'), junk),
  underline: fc.oneof(fc.boolean(), junk),
  overline: fc.boolean(),
  strikethrough: fc.boolean(),
  outline: fc.oneof(fc.record({ width: num(0, 3), color: junk, filled: fc.boolean() }, { requiredKeys: [] }), junk),
  shadow: fc.oneof(
    fc.record({ dx: num(-3, 3), dy: num(-3, 3), color: fc.constantFrom([0.5], [1, 0, 0]) }, { requiredKeys: [] }),
    junk,
  ),
};
const run = fc.oneof(
  words,
  fc.record(
    { text: words, font_size: num(1, 30), underline: fc.boolean(), color: junk, font: fc.constantFrom('Body', 'Nope') },
    { requiredKeys: ['text'] },
  ),
  fc.record(
    {
      date: fc.oneof(fc.constantFrom('%Y-%m-%d', '%A %e %B', '%Q', '%'), fc.string({ maxLength: 6 })),
      zone: fc.oneof(fc.constantFrom('Europe/Paris', 'UTC', 'Nowhere/None'), junk),
    },
    { requiredKeys: ['date'] },
  ),
  junk,
);
const text = fc.record(
  { type: fc.constant('text'), rect, font: fc.constant('Body'), content: fc.array(run, { maxLength: 4 }), ...style },
  { requiredKeys: ['type', 'rect', 'font', 'content', 'font_size'] },
);
const flow = fc.record(
  {
    type: fc.constant('flow'),
    rect,
    font: fc.constant('Body'),
    content: words,
    ...style,
    last_align: align,
    left_indent: num(-30, 100),
    right_indent: num(-30, 100),
    first_line_indent: num(-50, 50),
    space_before: num(0, 20),
    space_after: num(0, 20),
    first_baseline: fc.oneof(
      fc.constantFrom('leading', 'ascender', 'cap_height'),
      fc.record({ points: num(-10, 50) }),
      junk,
    ),
    last_baseline: fc.oneof(fc.constantFrom('none', 'descender'), fc.record({ points: num(0, 50) }), junk),
    leader: fc.oneof(fc.constantFrom('.', '-', '..', ''), junk),
    tabs: fc.oneof(
      fc.record(
        {
          method: fc.oneof(fc.constantFrom('relative', 'typewriter', 'ruler'), junk),
          size: fc.oneof(fc.record({ fraction: num(0, 1) }), fc.record({ points: num(0, 100) }), junk),
          ruler: fc.oneof(fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { maxLength: 4 }), junk),
          alignments: fc.array(fc.constantFrom('left', 'right', 'center', 'decimal', 'x'), { maxLength: 4 }),
          align_char: fc.oneof(fc.constantFrom('.', ',', '::'), junk),
        },
        { requiredKeys: [] },
      ),
      junk,
    ),
    hanging_list: fc.oneof(fc.record({ marker: num(0, 20), body: num(0, 40) }), junk),
    fill_leading: fc.oneof(fc.record({ limit: num(0, 40) }), junk),
    fit_size: fc.oneof(fc.record({ floor: num(0.5, 30) }), junk),
  },
  { requiredKeys: ['type', 'rect', 'font', 'content', 'font_size'] },
);

describe('text and flow on arbitrary values', () => {
  it('answers a PDF or a 4xx refusal with a word from the closed list, never a 500', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, flow), { minLength: 1, maxLength: 3 }), (items) => {
        const out = render({
          description: JSON.stringify({ fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items }),
          now: NOW,
        });
        if (out.ok) return;
        expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
        expect(out.status, out.sentence).toBeLessThan(500);
        expect(REFUSAL_WORDS).toContain(out.word);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('line breaking', () => {
  it('takes the fast path only where it agrees with the general path (UAX #14 as `linebreak` computes it, kept at spaces)', () => {
    const plain = fc.array(fc.constantFrom(...'ab Z09 .,;:\'"-'.split('')), { maxLength: 40 }).map((c) => c.join(''));
    fc.assert(
      fc.property(fc.oneof(plain, fc.string({ maxLength: 30 })), (s) => {
        const ours = breakOpportunities(s).map((b) => b.position);
        const theirs = defaultBreaks(s).map((b) => b.position);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 2000 },
    );
  });

  it('breaks space-separated text only where UAX #14 does and only after a space, tab or soft hyphen (spec: `break_after` absent)', () => {
    const latin = fc
      .array(fc.constantFrom(...'ab Zé09 .,;:\'"-/\u00ad\t!?()'.split('')), { maxLength: 40 })
      .map((c) => c.join(''));
    fc.assert(
      fc.property(latin, (s) => {
        const uax14 = new Set<number>([s.length]);
        const breaker = new LineBreaker(s);
        for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) uax14.add(bk.position);
        for (const b of breakOpportunities(s)) {
          expect(uax14.has(b.position)).toBe(true);
          if (b.position < s.length) expect(' \t\u00ad').toContain(s[b.position - 1]);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
