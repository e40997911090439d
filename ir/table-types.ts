// ir/table-types.ts — the IR of the table item as read (docs/reference.md, "table"): columns, rows
// of cells holding one thing each, and the style cascade. Pagination measures and places it
// (passes/pagination/table-*.ts); ir/types.ts re-exports these names.
import type * as D from './description.generated.js';
import type { ImageResource } from './image-resource.js';
import type { JsonPointer } from './pointer.js';
import type { CodeItem, Colour, ImageFit, ItemBase, RectSpec, TextRun } from './types.js';

/** A column's width: points, `auto` (its widest content), or a share of what is left (`{fraction}`). */
export type ColumnWidth = { kind: 'points'; v: number } | { kind: 'auto' } | { kind: 'fraction'; v: number };

export interface BorderSide {
  width: number;
  color: Colour;
}

/** A cell's horizontal alignment: of each line of its text (`justify` as a text item's), or of its picture or drawing. */
export type CellAlign = NonNullable<D.TableItem['align']>;

/** Style keys a table, column, row or cell may state; the nearest statement wins (cell › row › column › table). */
export interface CellStyleSpec {
  font?: { at: JsonPointer; name: string };
  fontSize?: number;
  leading?: number;
  color?: Colour;
  align?: CellAlign;
  valign?: 'top' | 'middle' | 'bottom';
  /** Text keys as a text item's (docs/reference.md, "text"): an over-wide word, break characters, hyphenation, decorations. */
  overlong?: 'overflow' | 'break';
  breakAfter?: string;
  hyphenate?: string;
  underline?: boolean;
  strikethrough?: boolean;
  overline?: boolean;
  /** [top, right, bottom, left], points. */
  padding?: [number, number, number, number];
  fill?: Colour;
  /** [top, right, bottom, left]; null: no line on that side. */
  border?: [BorderSide | null, BorderSide | null, BorderSide | null, BorderSide | null];
}

/** The style a cell is drawn with, every key decided. */
export interface CellStyle {
  font: { at: JsonPointer; name: string };
  fontSize: number;
  leading: number;
  /** Whether a level stated `leading` (a run's own size then keeps it, as in a text item). */
  leadingGiven: boolean;
  color: Colour;
  /** Absent: text starts at its paragraph's start (the right edge for right-to-left text), as a text item's; a picture at the left. */
  align?: CellAlign;
  valign: 'top' | 'middle' | 'bottom';
  overlong: 'overflow' | 'break';
  breakAfter?: string;
  hyphenate?: string;
  underline: boolean;
  strikethrough: boolean;
  overline: boolean;
  padding: [number, number, number, number];
  fill?: Colour;
  border: [BorderSide | null, BorderSide | null, BorderSide | null, BorderSide | null];
}

/** What one cell holds: one thing (spec Conventions: a table cell holding two things is refused). */
export type CellContent =
  | { kind: 'empty' }
  | { kind: 'text'; at: JsonPointer; runs: TextRun[] }
  /** A bare-string cell's: one frozen marker every such cell shares; its run is made on demand (ir/table-cells.ts `cellRuns`), at the cell's `at`. */
  | BareText
  | { kind: 'flow'; at: JsonPointer; text: string; placeholders: boolean }
  | { kind: 'code'; at: JsonPointer; code: CodeItem; height?: number }
  /** A supplied picture (its part name), fitted into the content box; `res` is set by the names pass. */
  | { kind: 'image'; at: JsonPointer; name: string; fit: ImageFit; height?: number; res?: ImageResource }
  /** A declared drawing, placed as its form XObject in the content box. */
  | { kind: 'drawing'; at: JsonPointer; name: string; fit: ImageFit; height?: number };

/** The content of a cell written as a bare string (`BARE_TEXT`): its text is the cell's `text`, its pointer the cell's. */
export interface BareText {
  readonly kind: 'text';
  readonly at?: undefined;
  readonly runs?: undefined;
}

/**
 * A cell. A cell written as an object is one (its members own fields); a cell of a row written as an
 * array of bare strings is made when its row's `cells` is read (ir/table-cells.ts `BareCell`, its
 * members read through to the row, its pointer made when read).
 */
export interface TableCell {
  readonly at: JsonPointer;
  readonly content: CellContent;
  /** A cell written as a bare string: the string (its content is then `BARE_TEXT`, one run made by `cellRuns`). */
  readonly text?: string;
  /** Column (0-based) the cell starts in; set while reading the grid. */
  readonly col: number;
  readonly colSpan: number;
  readonly rowSpan: number;
  readonly style: CellStyle;
}

/** A row written as an array of bare strings, as kept (ir/table-cells.ts `BareRow`): what its cells are made of. */
export interface BareRowCells {
  /** The row's strings, cell by cell. */
  readonly texts: readonly string[];
  /** Each cell's column and decided style (shared by the rows alike). */
  readonly shape: { readonly cols: readonly number[]; readonly styles: readonly CellStyle[] };
}

export interface TableRow {
  readonly at: JsonPointer;
  /**
   * The row's cells. A row written as an array of bare strings keeps none and makes them on each read
   * (ir/table-cells.ts `BareRow`): read it once for a row; a pass walking every row reads `bare`.
   */
  readonly cells: TableCell[];
  /** The least height of the row, points (`height`, else the table's `row_height`, else 0). */
  readonly minHeight: number;
  /** Whether the row may be split between boxes (`split`, else the table's `split_rows`). */
  readonly split: boolean;
  /** `keep_with_next`: the row stays in one box with the row after it (a row group), when the group fits a box. */
  readonly keepWithNext?: true;
  /** A row of bare strings: its texts, columns and styles, read without making its cells; undefined for any other row. */
  readonly bare: BareRowCells | undefined;
}

export interface TableItem extends ItemBase {
  type: 'table';
  /** The first box. */
  rect: RectSpec;
  /** The box on every later page; default `rect`. */
  continuation?: RectSpec;
  columns: { at: JsonPointer; width: ColumnWidth }[];
  rows: TableRow[];
  headerRows: number;
  footerRows: number;
  /** Whether any cell's text holds a placeholder or a brace escape (read once; a table without is not scanned again for them). */
  placeholders: boolean;
}
