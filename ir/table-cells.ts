// ir/table-cells.ts — a cell written as a bare string (a JSON string in a table's `rows`, the common
// cell of a long table) and a row written as an array of them (the common row). Such a row keeps no
// cell: `BareRow` holds the row's strings (the description's own array) and a `BareShape` every row
// alike shares (each cell's column and decided style); its cells are made when a consumer asks
// (`cells`), as `BareCell`s reading through to the row, and its pointers only when one is read. A
// 10 000-row table read into 50 000 cell objects and 70 000 pointer strings living through the render
// was most of what the scavenger copied and promoted (bench/README.md, eleventh wave).

import { scanPlaceholders } from './placeholders.js';
import type { JsonPointer } from './pointer.js';
import type { BareText, CellContent, CellStyle, TableCell, TableRow } from './table-types.js';
import type { TextRun } from './types.js';

/** A cell's index in its row as its pointer writes it, for the first few (a pointer read made without converting a number). */
const CELL_INDEX: readonly string[] = Array.from({ length: 32 }, (_, i) => String(i));

/** The content every bare-string cell shares. */
export const BARE_TEXT: BareText = Object.freeze({ kind: 'text' as const });

/**
 * What the rows of bare strings of one table alike share: where their pointers start, each cell's
 * column and decided style (one array for every such row in the same stripe with no row span from
 * above: a 10 000-row table holds a handful), the table's row height and `split_rows`.
 */
export class BareShape {
  /** Made once its styles are checked (a text cell's style lacks no key: font, size). */
  constructor(
    /** `<table>/rows/`: a row's pointer is this and its index. */
    readonly rowsAt: JsonPointer,
    readonly cols: readonly number[],
    readonly styles: readonly CellStyle[],
    readonly minHeight: number,
    readonly split: boolean,
  ) {}
}

/**
 * A row written as an array of bare strings. Its cells are not kept: `cells` makes them each time it
 * is read (take it once for a row), and the passes that walk every row read `texts` and `shape`.
 */
export class BareRow implements TableRow {
  constructor(
    /** The row's strings, as read (the description's array). */
    readonly texts: readonly string[],
    readonly shape: BareShape,
    /** The row's index in the table. */
    readonly r: number,
  ) {}
  get at(): JsonPointer {
    return this.shape.rowsAt + this.r;
  }
  /** Made on each read (cells reading through to this row; their pointers made when read). */
  get cells(): TableCell[] {
    const n = this.texts.length;
    const prefix = `${this.shape.rowsAt}${this.r}/`;
    const out: TableCell[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = new BareCell(this, i, prefix);
    return out;
  }
  get minHeight(): number {
    return this.shape.minHeight;
  }
  get split(): boolean {
    return this.shape.split;
  }
  get keepWithNext(): undefined {
    return undefined;
  }
  get bare(): BareRow {
    return this;
  }
}

/**
 * Cell i of a `BareRow`: one column, one row, no style of its own, its content the shared `BARE_TEXT`,
 * its text the row's string. Its one run is made when asked (`cellRuns`), its pointer when read.
 */
export class BareCell implements TableCell {
  constructor(
    public row: BareRow,
    public i: number,
    /** The row's pointer and a slash (one string for the row's cells). */
    public prefix: string,
  ) {}
  /**
   * This object made cell i of `row` (prefix: `${row.at}/`): a pass reading every cell once, through
   * calls that keep no cell (pagination's measureTable), moves one from cell to cell.
   */
  moveTo(row: BareRow, i: number, prefix: string): this {
    this.row = row;
    this.i = i;
    this.prefix = prefix;
    return this;
  }
  get at(): JsonPointer {
    const i = this.i;
    return this.prefix + (i < CELL_INDEX.length ? CELL_INDEX[i] : String(i));
  }
  get content(): BareText {
    return BARE_TEXT;
  }
  get text(): string {
    return this.row.texts[this.i];
  }
  get col(): number {
    return this.row.shape.cols[this.i];
  }
  get colSpan(): number {
    return 1;
  }
  get rowSpan(): number {
    return 1;
  }
  get style(): CellStyle {
    return this.row.shape.styles[this.i];
  }
}

/** A text cell's runs: its own, or the one run of a bare-string cell (made on each call: keep it no longer than you need it). */
export function cellRuns(cell: TableCell): TextRun[] {
  const c = cell.content as Extract<CellContent, { kind: 'text' }>;
  if (c.runs) return c.runs;
  const text = cell.text ?? '';
  return [{ at: cell.at, text, placeholders: textPlaceholders(text) }];
}

/** Whether a text read already (its syntax checked, ir/read/table.ts) holds a placeholder or brace escape. */
export function textPlaceholders(text: string): boolean {
  if (text.indexOf('{') < 0 && text.indexOf('}}') < 0) return false;
  const scan = scanPlaceholders(text);
  return scan.ok && scan.has;
}

/** Whether a text cell's first run holds placeholders (a bare-string cell's run is not made for it). */
export function firstRunPlaceholders(cell: TableCell): boolean {
  const c = cell.content as Extract<CellContent, { kind: 'text' }>;
  return c.runs ? c.runs[0].placeholders : textPlaceholders(cell.text ?? '');
}
