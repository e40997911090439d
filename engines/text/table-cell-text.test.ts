// engines/text/table-cell-text.test.ts — the adapter's measure (line metrics only, with its quick
// one-line path) agrees with the text engine's own laying of the same cell, line for line, on the
// bench's cell texts and on texts built to sit on the edge of the measure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MeasuredTable } from '../../ir/measured-table.js';
import type { CellStyle, FontResource, TableCell } from '../../ir/types.js';
import { NOTO_SANS } from '../../test/support/fixtures.js';
import { loadFace } from '../fonts/face.js';
import type { DrawTarget } from './line-draw.js';
import {
  drawCellLines,
  layCellText,
  measureCellText,
  measureTableCell,
  OneLineCell,
  OneLineWords,
} from './table-cell-text.js';

const now = new Date(0);

const bench = JSON.parse(readFileSync(join(import.meta.dirname, '../../bench/scenarios/table-10k.json'), 'utf8'));
const rows = (bench.items[0].rows as string[][]).slice(1, 1500);
const loaded = loadFace(NOTO_SANS);
if (!loaded.ok) throw new Error(loaded.detail);
const font: FontResource = { name: 'Body', at: '/fonts/0', face: loaded.face };
const style: CellStyle = {
  font: { at: '', name: 'Body' },
  fontSize: 9,
  leading: 10.8,
  leadingGiven: false,
  color: { space: 'gray', c: [0] },
  align: 'left',
  valign: 'top',
  overlong: 'overflow',
  underline: false,
  strikethrough: false,
  overline: false,
  padding: [0, 0, 0, 0],
  border: [null, null, null, null],
};
const cell = (text: string, s: CellStyle = style): TableCell => ({
  at: '/c',
  content: { kind: 'text', at: '/c', runs: [{ at: '/c', text, placeholders: false }] },
  col: 0,
  colSpan: 1,
  rowSpan: 1,
  style: s,
});
const metrics = (ls: readonly { ascender: number; descender: number; leading: number }[]) =>
  ls.map((l) => [l.ascender, l.descender, l.leading]);

describe('measureCellText', () => {
  it("gives the lines the engine lays, at widths on both sides of each text's own", () => {
    const texts = [
      ...rows.flat(),
      '',
      ' ',
      'a  b',
      ' lead',
      'trail ',
      'x.  ,y',
      '2024-01-01 to 2024-02-01',
      'AVATAR Ty. Wa',
      'naïve café',
      'a-b c/d',
    ];
    for (const t of texts) {
      const own = layCellText(cell(t), font, Number.POSITIVE_INFINITY, { now })!.lines[0].width;
      for (const w of [own - 0.01, own, own + 0.01, own / 2, 1, 500]) {
        const laid = layCellText(cell(t), font, w, { now })!;
        expect(metrics(measureCellText(cell(t), font, w, now)!.lines), `${JSON.stringify(t)} at ${w}`).toEqual(
          metrics(laid.lines),
        );
      }
    }
  });

  it('lays justified, hyphenated and multi-paragraph cells in full', () => {
    const long = 'extraordinary circumstances demand unconventional responsibilities';
    for (const s of [{ ...style, align: 'justify' as const }, { ...style, hyphenate: 'en' }, style]) {
      for (const t of [long, `${long}\n${long}`]) {
        expect(metrics(measureCellText(cell(t, s), font, 80, now)!.lines)).toEqual(
          metrics(layCellText(cell(t, s), font, 80, { now })!.lines),
        );
      }
    }
    expect(layCellText(cell(long, { ...style, hyphenate: 'en' }), font, 80, { now })!.lines.some((l) => l.hyphen)).toBe(
      true,
    );
  });
});

describe('OneLineCell', () => {
  const target = (): DrawTarget => ({ at: '/c', textObject: 1, glyphs: [], rects: [] });
  it('draws exactly the runs and rules the engine lays and draws, wherever it takes a cell', () => {
    const texts = [
      ...rows.flat().slice(0, 80),
      '',
      ' ',
      'a  b',
      ' lead',
      'trail ',
      'x.  ,y',
      '2024-01-01 to 2024-02-01',
    ];
    const one = new OneLineCell();
    let taken = 0;
    const looks = [
      ['left', false],
      ['right', true],
      ['center', false],
      ['end', false],
      ['start', true],
    ] as const;
    for (const [align, underline] of looks) {
      const s: CellStyle = { ...style, align, underline };
      for (const t of texts) {
        const c = cell(t, s);
        const own = layCellText(c, font, Number.POSITIVE_INFINITY, { now })!.lines[0].width;
        for (const w of [own, own + 7.3, own - 0.01, 500]) {
          const laid = layCellText(c, font, w, { now })!;
          const expected = target();
          drawCellLines(laid, 0, laid.lines.length, s, 12.5, 700.25, expected);
          const got = target();
          // with the atoms pagination kept (measured at this width or a hair narrower), and without
          const measured = taken % 2 ? measureCellText(c, font, w - (taken % 3 ? 0 : 1e-9), now) : undefined;
          const fast = one.prepare(c, font, w, measured);
          // taken only where the engine sets one line (the measure's own rule)
          if (laid.lines.length !== 1) expect(fast, `${JSON.stringify(t)} at ${w}`).toBe(false);
          if (!fast) continue;
          taken++;
          expect(one.height).toBe(laid.lines[0].ascender - laid.lines[0].descender);
          one.draw(s, 12.5, 700.25, got);
          // the fast path also says how far its letters reach (for the off-page check; test/integrity.test.ts)
          for (const r of got.glyphs) {
            expect(r.reach).toBeDefined();
            delete r.reach;
            // a plain cell's texts are one string, unit i glyph i's (ir/draw-ops.ts GlyphTexts): the same texts
            if (typeof r.text === 'string') r.text = r.text.split('');
          }
          // the engine's lines say how far their letters reach too (line-draw.ts), each by its own count
          for (const r of expected.glyphs) delete r.reach;
          expect(got, `${JSON.stringify(t)} at ${w}, ${align}`).toEqual(expected);
        }
      }
    }
    expect(taken).toBeGreaterThan(800);
  });

  it('leaves styled, dated, placeholder, justified and hyphenated cells to the engine', () => {
    const one = new OneLineCell();
    expect(one.prepare(cell('short'), font, 200)).toBe(true);
    expect(one.prepare(cell('short', { ...style, align: 'justify' }), font, 200)).toBe(false);
    expect(one.prepare(cell('short', { ...style, hyphenate: 'en' }), font, 200)).toBe(false);
    expect(one.prepare(cell('short', { ...style, breakAfter: '/' }), font, 200)).toBe(false);
    expect(one.prepare(cell('a\nb'), font, 200)).toBe(false);
    expect(one.prepare(cell('a/b'), font, 200)).toBe(false);
    const placeholders = cell('{current_page}');
    (placeholders.content as { runs: { placeholders: boolean }[] }).runs[0].placeholders = true;
    expect(one.prepare(placeholders, font, 200)).toBe(false);
  });

  it('draws a table cell from the words kept by column exactly as from its own measure', () => {
    // measureTableCell keeps a one-line cell's words in the table's OneLineWords (no object per cell);
    // prepareMeasured reads them back: the same lines, the same glyph runs as prepare with measureCellText
    const texts = [...rows.flat().slice(0, 60), '', 'a  b', 'trail ', 'x.  ,y', 'a\nb', 'a/b'];
    const one = new OneLineCell();
    let kept = 0;
    for (const t of texts) {
      const c = cell(t);
      const own = layCellText(c, font, Number.POSITIVE_INFINITY, { now })!.lines[0].width;
      for (const w of [own, own - 0.01, 300]) {
        const words = new OneLineWords(2);
        const text = measureTableCell(c, font, w, now, words, 1);
        expect(metrics(text!.lines)).toEqual(metrics(measureCellText(c, font, w, now)!.lines));
        if (words.from[1] >= 0) kept++;
        const m = { text: [undefined, text], words } as unknown as MeasuredTable;
        const viaTable = one.prepareMeasured(c, font, w, m, 1);
        const got = target();
        if (viaTable) one.draw(style, 3, 500, got);
        const viaOwn = one.prepare(c, font, w, measureCellText(c, font, w, now));
        const expected = target();
        if (viaOwn) one.draw(style, 3, 500, expected);
        expect(viaTable, `${JSON.stringify(t)} at ${w}`).toBe(viaOwn);
        expect(got).toEqual(expected);
      }
    }
    expect(kept).toBeGreaterThan(100);
  });

  it('draws numbered words as their measures: decorations, ligatures, bare strings, a second table', () => {
    // layout fills a measured table's words from their numbers (OneLineWords.codes) and the packing
    // kept across renders; an underlined line, a word that cannot be packed (a ligature's glyph stands
    // for two units) and a bare-string cell (not scanned for placeholders again) go the other ways
    const underlined: CellStyle = { ...style, underline: true };
    const bare = (text: string): TableCell =>
      ({
        at: '/c',
        text,
        content: { kind: 'text', at: '/c' },
        col: 0,
        colSpan: 1,
        rowSpan: 1,
        style,
      }) as unknown as TableCell;
    const texts = ['office affine', 'Total 1 234.50', 'a  b', 'x.  ,y', '{current_page}', ...rows.flat().slice(0, 10)];
    const one = new OneLineCell();
    for (let round = 0; round < 2; round++)
      for (const t of texts)
        for (const c of [cell(t), cell(t, underlined), bare(t)]) {
          const words = new OneLineWords(1);
          const text = measureTableCell(c, font, 300, now, words, 0);
          const m = { text: [text], words } as unknown as MeasuredTable;
          const viaTable = one.prepareMeasured(c, font, 300, m, 0);
          const got = target();
          if (viaTable) one.draw(c.style, 3, 500, got);
          const viaOwn = one.prepare(c, font, 300, measureCellText(c, font, 300, now));
          const expected = target();
          if (viaOwn) one.draw(c.style, 3, 500, expected);
          expect(viaTable, JSON.stringify(t)).toBe(viaOwn);
          expect(got).toEqual(expected);
          if (t === '{current_page}') expect(viaTable).toBe(false);
          else expect(viaTable, JSON.stringify(t)).toBe(true);
        }
  });
});
