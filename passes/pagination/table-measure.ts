// passes/pagination/table-measure.ts — pagination sub-step: a table measured before it is fitted into
// boxes. Column widths from the first box (points, auto, fractions), every cell's text laid into lines
// by the text engine through the one adapter (engines/text/table-cell-text.ts), pictures and drawings
// sized in their cells, each row's natural height, and the units rows are moved by: a row alone, or
// the rows a row span holds together.

import { codeHeight, pictureHeight } from '../../engines/geometry/cell-sizes.js';
import {
  forgetLastStyle,
  linesHeight,
  measureTableCell,
  naturalWidth,
  OneLineWords,
  primeCellStyle,
} from '../../engines/text/table-cell-text.js';
import { pushAll } from '../../ir/bounded.js';
import { type CellText, type MeasuredTable, MeasuredTableRecord } from '../../ir/measured-table.js';
import { refuse } from '../../ir/messages.js';
import { BareCell, BareRow } from '../../ir/table-cells.js';
import type { CellStyle, DocSettings, FontResource, ResolvedTableItem, TableCell, TableRow } from '../../ir/types.js';

/** Column widths (docs/reference.md, "table", columns): points as given, auto the widest content, fractions share what is left. */
function columnWidths(t: ResolvedTableItem, boxWidth: number, now: Date): number[] {
  const widths = t.columns.map((c) => (c.width.kind === 'points' ? c.width.v : 0));
  const autoCols = t.columns.map((c, i) => (c.width.kind === 'auto' ? i : -1)).filter((i) => i >= 0);
  if (autoCols.length) {
    for (const row of t.rows) {
      for (const cell of row.cells) {
        if (cell.colSpan !== 1 || t.columns[cell.col].width.kind !== 'auto') continue;
        const s = cell.style;
        const content =
          cell.content.kind === 'text' || cell.content.kind === 'flow'
            ? naturalWidth(cell, t.fontRes.get(s.font.name)!, now)
            : 0;
        widths[cell.col] = Math.max(widths[cell.col], content + s.padding[1] + s.padding[3]);
      }
    }
  }
  const fixed = widths.reduce((a, b) => a + b, 0);
  const fractions = t.columns.reduce((a, c) => a + (c.width.kind === 'fraction' ? c.width.v : 0), 0);
  if (fixed > boxWidth + 1e-6) {
    // Auto columns give way first, in proportion; points never shrink.
    const points = t.columns.reduce((a, c, i) => a + (c.width.kind === 'points' ? widths[i] : 0), 0);
    const autos = fixed - points;
    if (points > boxWidth + 1e-6 || autos === 0)
      refuse('tableColumnsTooWide', t.rect.at, { at: t.at, need: +fixed.toFixed(3), room: +boxWidth.toFixed(3) });
    const k = (boxWidth - points) / autos;
    for (const i of autoCols) widths[i] *= k;
  } else if (fractions > 0) {
    const left = boxWidth - fixed;
    t.columns.forEach((c, i) => {
      if (c.width.kind === 'fraction') widths[i] = (left * c.width.v) / fractions;
    });
  }
  return widths;
}

/** A row's number of cells (a row of bare strings: its strings, its cells not made). */
function cellCount(row: TableRow): number {
  const bare = row.bare;
  return bare === undefined ? row.cells.length : bare.texts.length;
}

/** Each row's first cell index written into `first` (row after row); the first row of bare strings, if any (a loop of its own: see measureRows). */
function cellStarts(rows: TableRow[], first: Int32Array): BareRow | undefined {
  let bare: BareRow | undefined;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    // asked of every row, not only until the first bare one: asked only then, the check had no type
    // feedback when the loop was optimised and threw the code out in the next render
    const isBare = row instanceof BareRow;
    if (isBare && bare === undefined) bare = row;
    first[r + 1] = first[r] + cellCount(row);
  }
  return bare;
}

/** The styles of a row's text cells, in order (a row of bare strings: its columns' styles). */
function firstStyles(row: TableRow): CellStyle[] {
  const bare = row.bare;
  if (bare !== undefined) return [...bare.shape.styles];
  const out: CellStyle[] = [];
  for (const cell of row.cells) if (cell.content.kind === 'text' || cell.content.kind === 'flow') out.push(cell.style);
  return out;
}

/**
 * A table's rows measured one row a call (`row`): the per-row work is in small methods, optimised
 * after a few hundred rows of the first render and kept, rather than in one long loop of a function
 * called once a render (whose optimised code each render re-entered without feedback for it, then
 * waited for on-stack replacement: renders 2 and 3 ran it unoptimised).
 */
class RowMeasure {
  readonly first: Int32Array;
  readonly widths: Float64Array;
  readonly needs: Float64Array;
  readonly texts: (CellText | undefined)[];
  readonly words: OneLineWords;
  readonly heights: number[];
  /** Row spans: the furthest row a span starting at or before each row reaches. */
  readonly reach: Int32Array;
  spanning = false;
  /** The font of the last text cell measured (looked up once for a run of cells in one font, not once a cell). */
  private font: FontResource | undefined = undefined;
  /** '' before the first (no text cell is without a font: refused when read); a string from the start, so the code comparing it is not thrown out ("wrong instance type"). */
  private fontName = '';
  /** The one cell object moved along rows of bare strings (they keep no cell; measureTableCell keeps none). */
  private readonly fly: BareCell | undefined;

  constructor(
    private readonly t: ResolvedTableItem,
    private readonly colW: number[],
    private readonly doc: DocSettings | undefined,
    private readonly now: Date,
  ) {
    const rows = t.rows;
    const n = rows.length;
    // Cells by index, row after row (ir/measured-table.ts): no object per cell.
    const first = new Int32Array(n + 1);
    const bare = cellStarts(rows, first);
    const count = first[n];
    this.first = first;
    this.widths = new Float64Array(count);
    this.needs = new Float64Array(count);
    // filled, not left holes: the first store of a text into holes changed the array's elements kind,
    // in render 1 before feedback was kept, and threw the optimised store out in render 2 ("wrong map")
    this.texts = new Array<CellText | undefined>(count).fill(undefined);
    this.words = new OneLineWords(count);
    this.heights = new Array<number>(n);
    this.reach = new Int32Array(n);
    this.fly = bare === undefined ? undefined : new BareCell(bare, 0, '');
    // The table's first font and its styles set up here, before the loop, not on a first cell's branch
    // (taken only in render 1's first rows, without type feedback: a deopt of the cell code in render 2).
    const styles = n === 0 ? [] : firstStyles(rows[0]);
    if (styles.length !== 0) this.useFont(styles[0].font.name);
    if (bare !== undefined && bare !== rows[0]) pushAll(styles, bare.shape.styles);
    for (const s of styles) primeCellStyle(s, t.fontRes.get(s.font.name)!);
  }

  /** Text cells from here on are in font `name` (looked up once for a run of cells in one font). */
  private useFont(name: string): void {
    this.fontName = name;
    this.font = this.t.fontRes.get(name)!;
    // the table's words told its font before its cells are measured: measureTableCell then never
    // meets a first `use` on its own (a deopt of it in render 2)
    if (this.font !== this.words.lastFont) this.words.tell(this.font);
  }

  /** Row r: each cell's width, need and text; the row's natural height. */
  row(r: number): void {
    const row = this.t.rows[r];
    this.reach[r] = r;
    this.heights[r] = row instanceof BareRow ? this.bareCells(row, r) : this.cellRow(row.cells, row.minHeight, r);
  }

  /** A row of bare strings: each cell one column wide, one run in its column's style; no row span. */
  private bareCells(row: BareRow, r: number): number {
    const { cols, styles } = row.shape;
    const prefix = `${row.at}/`;
    const fly = this.fly!;
    let h = row.minHeight;
    for (let i = 0, k = this.first[r]; k < this.first[r + 1]; i++, k++) {
      const width = 0 + this.colW[cols[i]]; // as a cell's columns are summed (a −0 width is 0)
      const need = this.textNeed(fly.moveTo(row, i, prefix), styles[i], width, k);
      this.widths[k] = width;
      this.needs[k] = need;
      h = Math.max(h, need);
    }
    return h;
  }

  /** A text or flow cell's text measured (kept in `texts`), its need returned: its lines' height and padding. */
  private textNeed(cell: TableCell, s: CellStyle, width: number, k: number): number {
    const pad = s.padding;
    if (s.font.name !== this.fontName) this.useFont(s.font.name);
    const text = measureTableCell(cell, this.font!, Math.max(0, width - pad[1] - pad[3]), this.now, this.words, k);
    this.texts[k] = text;
    return linesHeight(text!) + (pad[0] + pad[2]);
  }

  /** A row of cells kept (written as objects): any content, spans. */
  private cellRow(cells: TableCell[], minHeight: number, r: number): number {
    const colW = this.colW;
    let h = minHeight;
    for (let i = 0, k = this.first[r]; i < cells.length; i++, k++) {
      const cell = cells[i];
      let width = 0;
      for (let c = cell.col; c < cell.col + cell.colSpan; c++) width += colW[c];
      const s = cell.style;
      const pad = s.padding;
      const kind = cell.content.kind;
      let need: number;
      if (kind === 'text' || kind === 'flow') need = this.textNeed(cell, s, width, k);
      else if (kind === 'image' || kind === 'drawing') need = pictureHeight(cell, width, this.doc) + (pad[0] + pad[2]);
      else need = codeHeight(cell, width) + (pad[0] + pad[2]);
      this.widths[k] = width;
      this.needs[k] = need;
      if (cell.rowSpan === 1) {
        h = Math.max(h, need);
      } else {
        this.spanning = true;
        this.reach[r] = Math.max(this.reach[r], r + cell.rowSpan - 1);
      }
    }
    return h;
  }
}

// Each walk over a table's rows is a function holding only its loop: `measureTable` runs once a
// table, and with the loops in it V8 optimised it on the stack inside the first, before the code after
// ever ran (no type feedback there), and threw it out in the next render ("insufficient type feedback").

/** Every row measured, one `row` call a row. */
function measureRows(m: RowMeasure, n: number): void {
  for (let r = 0; r < n; r++) m.row(r);
}

/** A spanning cell taller than the rows it spans makes the last of them taller (in the order the cells come). */
function growSpannedRows(rows: TableRow[], first: Int32Array, needs: Float64Array, heights: number[]): void {
  for (let r0 = 0; r0 < rows.length; r0++) {
    if (rows[r0].bare) continue; // a row of bare strings spans no row
    const cells = rows[r0].cells;
    for (let i = 0; i < cells.length; i++) {
      const span = cells[i].rowSpan;
      if (span === 1) continue;
      const r1 = r0 + span - 1;
      let sum = 0;
      for (let r = r0; r <= r1; r++) sum += heights[r];
      const need = needs[first[r0] + i];
      if (need > sum) heights[r1] += need - sum;
    }
  }
}

/** Into unitEnd (−1 filled): the last row of the unit each unit's first row starts; row spans' reach closed over. */
function unitEnds(reach: Int32Array, n: number, unitEnd: Int32Array): Int32Array {
  let r = 0;
  while (r < n) {
    let end = reach[r];
    for (let k = r; k <= end; k++) end = Math.max(end, reach[k]);
    unitEnd[r] = end;
    r = end + 1;
  }
  return unitEnd;
}

export function measureTable(
  t: ResolvedTableItem,
  boxWidth: number,
  doc: DocSettings | undefined,
  now: Date,
): MeasuredTable {
  const colW = columnWidths(t, boxWidth, now);
  const colX: number[] = [];
  let x = 0;
  for (const w of colW) {
    colX.push(x);
    x += w;
  }
  const n = t.rows.length;
  const m = new RowMeasure(t, colW, doc, now);
  const { first, needs, heights, words } = m;
  try {
    measureRows(m, n);
  } finally {
    // the render's Measured let go from the indexes of kept words, even if a cell was refused
    words.release();
  }
  if (m.spanning) growSpannedRows(t.rows, first, needs, heights);
  forgetLastStyle();
  const unitEnd = unitEnds(m.reach, n, new Int32Array(n).fill(-1));
  // a class, not a literal run once a render: making the literal's boilerplate in render 2 threw out
  // the code optimised for it in render 1 (ir/measured-table.ts)
  return new MeasuredTableRecord(colX, colW, first, m.widths, needs, m.texts, words, heights, unitEnd);
}
