// ir/read/table.ts — reading, the table item: columns, rows of cells with their spans laid on a grid,
// header/footer rows, zebra stripes, and the style cascade (cell › row › column › table) decided
// once per cell, so pagination and layout see every cell with every key known. A cell holding two
// things, rows that do not fill the columns, spans past the end are refused here, naming the cell.
import { DEFAULT_LEADING_FACTOR } from '../defaults.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { tableItemSchema } from '../schema/table.js';
import type { BorderSide, CellContent, CellStyle, CellStyleSpec, Colour, ColumnWidth, ImageFit, ItemBase, TableCell, TableItem, TableRow, TextRun } from '../types.js';

import { codeReaders } from './codes.js';
import { ajv, check, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { placeholdersIn, readRun } from './text.js';
import { hasPatterns } from '../hyphenation-languages.js';

type Raw = Record<string, unknown>;

/** Cell padding when nobody states one: pdfmake's defaults (4 points left and right, 2 above and below). */
export const DEFAULT_CELL_PADDING: [number, number, number, number] = [2, 4, 2, 4];
const BLACK: Colour = { space: 'gray', c: [0] };
const NO_STYLE: CellStyleSpec = Object.freeze({});
/** What a cell may hold; two of these in one cell is refused (spec Conventions, contradictory combinations). */
const CONTENT_KEYS = ['text', 'flow', 'image', 'drawing', 'code'] as const;

function readBorder(raw: Raw | undefined): CellStyleSpec['border'] {
  if (!raw) return undefined;
  const one = (r: Raw | undefined): BorderSide | null => (r ? { width: r.width as number, color: r.color ? readColour(r.color as number[]) : BLACK } : null);
  const all = raw.width !== undefined ? one(raw) : null;
  const sides = (['top', 'right', 'bottom', 'left'] as const).map((k) => (raw[k] ? one(raw[k] as Raw) : all));
  return sides as [BorderSide | null, BorderSide | null, BorderSide | null, BorderSide | null];
}

/** The style keys one level (table, column, row, cell) states; `padding` sides it leaves out are inherited. */
function readStyle(raw: Raw, p: JsonPointer, inherited?: [number, number, number, number]): CellStyleSpec {
  const s: CellStyleSpec = {};
  if (raw.font !== undefined) s.font = { at: at(p, 'font'), name: raw.font as string };
  if (raw.font_size !== undefined) s.fontSize = raw.font_size as number;
  if (raw.leading !== undefined) s.leading = raw.leading as number;
  if (raw.color !== undefined) s.color = readColour(raw.color as number[]);
  if (raw.align !== undefined) s.align = raw.align as CellStyleSpec['align'];
  if (raw.valign !== undefined) s.valign = raw.valign as CellStyleSpec['valign'];
  if (raw.overlong !== undefined) s.overlong = raw.overlong as CellStyleSpec['overlong'];
  if (raw.break_after !== undefined) s.breakAfter = raw.break_after as string;
  if (raw.hyphenate !== undefined) {
    const h = raw.hyphenate as string;
    if (!hasPatterns(h)) refuse('hyphenateLanguage', at(p, 'hyphenate'), { language: h, at: at(p, 'hyphenate') });
    s.hyphenate = h.toLowerCase();
  }
  if (raw.underline !== undefined) s.underline = raw.underline as boolean;
  if (raw.strikethrough !== undefined) s.strikethrough = raw.strikethrough as boolean;
  if (raw.overline !== undefined) s.overline = raw.overline as boolean;
  if (raw.fill !== undefined) s.fill = readColour(raw.fill as number[]);
  if (raw.border !== undefined) s.border = readBorder(raw.border as Raw);
  if (typeof raw.padding === 'number') s.padding = [raw.padding, raw.padding, raw.padding, raw.padding];
  else if (raw.padding && typeof raw.padding === 'object') {
    const o = raw.padding as Record<string, number | undefined>;
    const base = inherited ?? DEFAULT_CELL_PADDING;
    s.padding = [o.top ?? base[0], o.right ?? base[1], o.bottom ?? base[2], o.left ?? base[3]];
  }
  return s;
}

/** The nearest level stating a key wins; `fill` is taken apart (stripes sit between row and column). */
function merge(levels: CellStyleSpec[]): CellStyleSpec {
  const out: CellStyleSpec = {};
  for (const l of levels) for (const k of Object.keys(l) as (keyof CellStyleSpec)[]) if (out[k] === undefined) (out as Record<string, unknown>)[k] = l[k];
  return out;
}

/** Keys that size a picture or drawing in its cell; on any other cell they would do nothing, so they are refused. */
const PICTURE_KEYS = ['fit', 'height'] as const;

function readContent(raw: unknown, p: JsonPointer, base: ItemBase): CellContent {
  if (typeof raw === 'string') return { kind: 'text', at: p, runs: [{ at: p, text: raw, placeholders: placeholdersIn(raw, p) }] };
  const c = raw as Raw;
  const present = CONTENT_KEYS.filter((k) => c[k] !== undefined);
  if (present.length > 1) refuse('tableCellTwoThings', at(p, present[1]), { cell: p, first: present[0], second: present[1] });
  const key = present[0];
  if (key !== 'image' && key !== 'drawing') {
    for (const k of PICTURE_KEYS) if (c[k] !== undefined) refuse('tableCellKeyFor', at(p, k), { key: k, at: at(p, k), cell: p, holds: key ?? 'nothing' });
  }
  if (key === undefined) return { kind: 'empty' };
  const kp = at(p, key);
  if (key === 'image' || key === 'drawing') {
    // Fitted into the content box as an image item into its rect (docs/reference.md, "table", cells).
    return { kind: key, at: kp, name: c[key] as string, fit: (c.fit as ImageFit | undefined) ?? 'contain', height: c.height as number | undefined };
  }
  if (key === 'flow') return { kind: 'flow', at: kp, text: c.flow as string, placeholders: placeholdersIn(c.flow as string, kp) };
  if (key === 'code') {
    const code = c.code as Raw;
    const reader = codeReaders[code.type as keyof typeof codeReaders];
    // The code is read as a code item of its own (its data refused here if the symbology cannot carry it); its box is the cell's.
    const codeRaw = { ...code, rect: { llx: 0, lly: 0, urx: 0, ury: 0 } };
    check(reader.validate, codeRaw, kp);
    const item = reader.read(codeRaw, { ...base, at: kp, relativeTo: undefined, hang: undefined, id: undefined, transform: undefined, rotate: undefined, transformAt: undefined, rotateAt: undefined });
    return { kind: 'code', at: kp, code: item as never, height: code.height as number | undefined };
  }
  const text = c.text;
  const runs: TextRun[] = typeof text === 'string'
    ? [{ at: kp, text, placeholders: placeholdersIn(text, kp) }]
    // Runs as a text item's content: strings, styled `{text, …}` runs, `{date, zone}` runs.
    : (text as unknown[]).map((r, i) => readRun(r, at(kp, i)));
  return { kind: 'text', at: kp, runs };
}

function decide(spec: CellStyleSpec, p: JsonPointer): CellStyle {
  const fontSize = spec.fontSize ?? 0;
  return {
    font: spec.font ?? { at: p, name: '' },
    fontSize,
    leading: spec.leading ?? DEFAULT_LEADING_FACTOR * fontSize,
    leadingGiven: spec.leading !== undefined,
    color: spec.color ?? BLACK,
    align: spec.align,
    valign: spec.valign ?? 'top',
    overlong: spec.overlong ?? 'overflow',
    breakAfter: spec.breakAfter,
    hyphenate: spec.hyphenate,
    underline: spec.underline ?? false,
    strikethrough: spec.strikethrough ?? false,
    overline: spec.overline ?? false,
    padding: spec.padding ?? DEFAULT_CELL_PADDING,
    fill: spec.fill,
    border: spec.border ?? [null, null, null, null],
  };
}

function readWidth(raw: unknown): ColumnWidth {
  if (typeof raw === 'number') return { kind: 'points', v: raw };
  if (raw === 'auto') return { kind: 'auto' };
  return { kind: 'fraction', v: (raw as { fraction: number }).fraction };
}

export const tableReader: ItemReader = {
  validate: ajv.compile(tableItemSchema),
  read(raw: Raw, base: ItemBase): TableItem {
    const p = base.at;
    const tableStyle = readStyle(raw, p);
    const columns = (raw.columns as unknown[]).map((c, i) => {
      const cp = at(p, 'columns', i);
      const isObj = c !== null && typeof c === 'object' && 'width' in (c as Raw);
      return { at: cp, width: readWidth(isObj ? (c as Raw).width : c), style: isObj ? readStyle(c as Raw, cp, tableStyle.padding) : {} };
    });
    const nCols = columns.length;
    const rawRows = raw.rows as unknown[];
    const headerRows = (raw.header_rows as number | undefined) ?? 0;
    const footerRows = (raw.footer_rows as number | undefined) ?? 0;
    if (headerRows + footerRows > rawRows.length) {
      refuse('tableSectionRows', at(p, headerRows > rawRows.length ? 'header_rows' : 'footer_rows'), { headerRows, footerRows, at: p, rows: rawRows.length });
    }
    const stripes = (raw.stripes as number[][] | undefined)?.map((c, i) => readColour(c, at(p, 'stripes', i)));
    const rowHeight = (raw.row_height as number | undefined) ?? 0;
    const splitRows = (raw.split_rows as boolean | undefined) ?? false;
    // Cells that state no style of their own, in rows that state none, share one decided style per
    // column and stripe: a 10 000-row table holds a handful of style objects, not 50 000.
    const shared = new Map<number, CellStyle>();
    // Which columns of each row are taken by a row span from above: occupied[r] is a bitmap of columns.
    const occupiedAll = new Uint8Array(rawRows.length * nCols);
    const rows: TableRow[] = rawRows.map((rr, r) => {
      const rp = at(p, 'rows', r);
      const isObj = !Array.isArray(rr);
      const rawCells = (isObj ? (rr as Raw).cells : rr) as unknown[];
      const rowStyle = isObj ? readStyle(rr as Raw, rp, tableStyle.padding) : NO_STYLE;
      const plainRow = rowStyle === NO_STYLE || Object.keys(rowStyle).length === 0;
      const section = r < headerRows ? 'header' : r >= rawRows.length - footerRows ? 'footer' : 'body';
      // Zebra stripes count body rows from the first, across every box, so a continuation keeps the rhythm.
      const stripeIndex = section === 'body' && stripes ? (r - headerRows) % stripes.length : -1;
      const stripe = stripeIndex >= 0 ? stripes![stripeIndex] : undefined;
      let col = 0;
      const cells: TableCell[] = rawCells.map((rc, i) => {
        const cp = isObj ? at(rp, 'cells', i) : at(rp, i);
        while (col < nCols && occupiedAll[r * nCols + col]) col++;
        const c = (typeof rc === 'string' ? {} : rc) as Raw;
        const colSpan = (c.col_span as number | undefined) ?? 1;
        const rowSpan = (c.row_span as number | undefined) ?? 1;
        if (col + colSpan > nCols) refuse('tableRowWidth', rp, { row: rp, filled: col + colSpan, columns: nCols });
        const lastRow = r + rowSpan - 1;
        if (lastRow >= rawRows.length) refuse('tableSpanPastEnd', at(cp, 'row_span'), { cell: cp, rows: rowSpan, end: 'last row of the table' });
        const lastSection = lastRow < headerRows ? 'header' : lastRow >= rawRows.length - footerRows ? 'footer' : 'body';
        if (lastSection !== section) refuse('tableSpanPastEnd', at(cp, 'row_span'), { cell: cp, rows: rowSpan, end: `end of the ${section} rows` });
        for (let rr2 = r; rr2 <= lastRow; rr2++) for (let k = col; k < col + colSpan; k++) occupiedAll[rr2 * nCols + k] = 1;
        const ownStyle = typeof rc === 'string' ? NO_STYLE : readStyle(c, cp, rowStyle.padding ?? columns[col].style.padding ?? tableStyle.padding);
        let style: CellStyle | undefined;
        const key = (col + 1) * 1024 + stripeIndex + 1;
        const plain = plainRow && (ownStyle === NO_STYLE || Object.keys(ownStyle).length === 0) && stripeIndex < 1023;
        if (plain) style = shared.get(key);
        if (!style) {
          style = decide(merge([ownStyle, rowStyle, stripe ? { fill: stripe } : NO_STYLE, columns[col].style, tableStyle]), cp);
          if (plain) shared.set(key, style);
        }
        const cell: TableCell = { at: cp, content: readContent(rc, cp, base), col, colSpan, rowSpan, style };
        col += colSpan;
        return cell;
      });
      let filled = 0;
      for (let k = 0; k < nCols; k++) filled += occupiedAll[r * nCols + k];
      if (filled !== nCols) refuse('tableRowWidth', rp, { row: rp, filled, columns: nCols });
      for (const cell of cells) {
        if (cell.content.kind !== 'text' && cell.content.kind !== 'flow') continue;
        if (!cell.style.font.name) refuse('tableCellNeeds', cell.at, { cell: cell.at, key: 'font' });
        if (!cell.style.fontSize) refuse('tableCellNeeds', cell.at, { cell: cell.at, key: 'font_size' });
      }
      const height = isObj ? ((rr as Raw).height as number | undefined) : undefined;
      const split = isObj ? ((rr as Raw).split as boolean | undefined) : undefined;
      return { at: rp, cells, minHeight: height ?? rowHeight, split: split ?? splitRows };
    });
    return {
      ...base,
      type: 'table',
      rect: readRect(raw.rect, at(p, 'rect')),
      continuation: raw.continuation === undefined ? undefined : readRect(raw.continuation, at(p, 'continuation')),
      columns: columns.map(({ at: cAt, width }) => ({ at: cAt, width })),
      rows,
      headerRows,
      footerRows,
    };
  },
};
