// test/table-schema-rows.test.ts — the table item's schema check skips ajv for rows of plain strings
// (ir/read/table.ts, validateTable): on tables valid and not, with the fault in a string row, a row
// object, an object cell or outside the rows (or in both), it answers exactly as ajv on the whole
// table schema does: the same verdict and the same first error, so the same refusal.
import { describe, expect, it } from 'vitest';
import { tableReader } from '../ir/read/table.js';
import { runtimeAjv } from '../ir/schema/ajv.js';
import { tableItemSchema } from '../ir/schema/table.js';

const whole = runtimeAjv().compile(tableItemSchema);
const base = () => ({
  type: 'table',
  rect: { llx: 0, lly: 0, urx: 100, ury: 100 },
  columns: [50, 50],
  font: 'Body',
  font_size: 9,
  rows: [
    ['a', 'b'],
    ['c', 'd'],
    { cells: ['e', { text: 'f', fill: [0.5] }], height: 12 },
    [{ text: [{ text: 'g', font: 'Body' }] }, 'h'],
  ] as unknown[],
});
type T = ReturnType<typeof base> & Record<string, unknown>;

const CASES: [string, (t: T) => void][] = [
  ['valid', () => {}],
  ['no rows at all', (t) => (t.rows = [])],
  ['a number in a string row', (t) => ((t.rows[1] as unknown[])[1] = 7)],
  ['null in a string row', (t) => ((t.rows[0] as unknown[])[0] = null)],
  ['a row that is a string', (t) => (t.rows[1] = 'x')],
  ['rows not an array', (t) => (t.rows = { 0: ['a', 'b'] } as never)],
  ['a row object without cells', (t) => (t.rows[2] = { height: 3 })],
  ['a row object with a bad height', (t) => ((t.rows[2] as { height: unknown }).height = -1)],
  ['an object cell with a bad span', (t) => ((t.rows[3] as unknown[])[1] = { text: 'x', col_span: 0 })],
  ['an object cell with a bad run', (t) => ((t.rows[3] as unknown[])[0] = { text: [7] })],
  ['a bad header_rows, rows fine', (t) => (t.header_rows = -1)],
  ['a missing rect, rows fine', (t) => delete (t as Partial<T>).rect],
  [
    'a bad font_size and a bad cell',
    (t) => {
      t.font_size = 'big' as never;
      (t.rows[1] as unknown[])[0] = 1;
    },
  ],
  [
    'a bad stripes and a bad row',
    (t) => {
      t.stripes = [];
      t.rows[0] = 5;
    },
  ],
  ['not an object', () => {}],
];

describe('table schema: rows of strings checked without ajv, the same answer', () => {
  for (const [name, change] of CASES)
    it(name, () => {
      const t = base() as T;
      change(t);
      const value = name === 'not an object' ? ['a table'] : t;
      const expected = whole(value);
      const got = tableReader.validate(value);
      expect(got).toBe(expected);
      if (!expected) expect(tableReader.validate.errors?.[0]).toEqual(whole.errors?.[0]);
      else expect(tableReader.validate.errors ?? null).toBeNull();
    });
  it('ships the whole table schema', () => expect(tableReader.validate.schema).toBe(tableItemSchema));
});
