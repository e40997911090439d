// test/table-bare-layout.test.ts — layout reads a row of bare strings (ir/table-cells.ts BareRow) from its
// texts and shape without making its cells (passes/layout/table.ts): what it lays must be what it lays for
// the same rows written as `{text}` cells — columns, styles, pointers, one-line cells, cells wrapping onto
// several lines, rows split between pages, placeholders and a tagged document's marked cells. The laid
// ops of both are compared (their pointers are the same: a bare cell's is the cell's own).
import { describe, expect, it } from 'vitest';
import type { DrawOp } from '../ir/draw-ops.js';
import { withRowRuns } from '../ir/draw-ops.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { TAGGING_LICENCE } from './support/standards.js';

const LONG = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
const WORDS = ['R00001', 'Veniam Odio', '', 'page {current_page} of {total_pages}', '69,024.34', LONG, 'a  b'];
const rows = (n: number) =>
  Array.from({ length: n }, (_, r) => Array.from({ length: 4 }, (_, c) => WORDS[(r * 5 + c * 3) % WORDS.length]));

const doc = (objects: boolean, extra: Record<string, unknown>) => ({
  fonts: [{ name: 'B', data: NOTO_SANS_B64 }],
  metadata: { title: 'Bare rows', language: 'en' },
  ...extra,
  items: [
    {
      type: 'table',
      id: 'figures',
      rect: { llx: 20, lly: 20, urx: 580, ury: 820 },
      font: 'B',
      font_size: 9,
      columns: [
        90,
        { width: 140, align: 'right' },
        { width: 120, align: 'center', fill: [0.9] },
        { width: 150, font_size: 8 },
      ],
      header_rows: 1,
      split_rows: true,
      rows: rows(120).map((r) => (objects ? r.map((text) => ({ text })) : r)),
    },
  ],
});

/** The laid pages' ops (rows ops as their rows' runs) of `d`. */
function laid(d: Record<string, unknown>): string {
  const pages: DrawOp[][] = [];
  const out = render({
    description: d,
    now: NOW,
    service: { licence: { ...TAGGING_LICENCE, features: ['tagging'] } },
    trace: (id, ir) => {
      if (id === 'layout')
        for (const page of (ir as { pages: { ops: DrawOp[] }[] }).pages) pages.push(withRowRuns(page.ops));
    },
  });
  if (!out.ok) throw new Error(out.sentence);
  // text objects are numbered through the process: the second render's differ
  return JSON.stringify(pages, (k, v) =>
    k === 'textObject' ? 0 : ArrayBuffer.isView(v) ? Array.from(v as Uint16Array) : v,
  );
}

describe('a table of bare-string rows, laid', () => {
  for (const [name, extra] of Object.entries({
    untagged: {},
    tagged: {
      accessible: 'pdfua2',
      structure: { lang: 'en', elements: [{ type: 'Document', children: ['figures'] }] },
    },
  }))
    it(`lays what the same rows of {text} cells lay: ${name}`, () => {
      const bare = laid(doc(false, extra));
      // a bare cell's pointer, carried by its run and by its joined row's cells
      expect(bare).toMatch(/"\/items\/0\/rows\/37\/1"/);
      expect(bare).toBe(laid(doc(true, extra)));
    });
});
