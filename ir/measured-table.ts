// ir/measured-table.ts — a table as pagination measured it (passes/pagination/table-measure.ts):
// column positions, each cell's need and line metrics, row heights and the units rows move by.
// Layout draws the parts pagination placed from it.
//
// Cells are kept by column rather than as an object each (a 10 000-row table has 50 000 cells, and
// objects per cell living through pagination and layout were most of the garbage collector's work):
// cell i of row r (`table.rows[r].cells[i]`) is entry `first[r] + i` of the arrays below.

export interface MeasuredTable {
  colX: number[];
  colW: number[];
  /** Per row, the index of its first cell in the arrays below (one more entry: the number of cells). */
  first: Int32Array;
  /** Per cell, its width (its columns together), points. */
  width: Float64Array;
  /** Per cell, the height its content needs, padding included, points. */
  need: Float64Array;
  /**
   * Per cell, its line metrics, for text and flow cells (placeholders as written); undefined for
   * other contents. The cell is laid again when drawn. Cells set on one line in one style share one.
   */
  text: (CellText | undefined)[];
  /** The words of the cells measured as one line, kept for drawing them (engines/text/table-cell-text.ts reads it). */
  words: unknown;
  /** Per row, its height (a row span's extra height goes to the last row it holds). */
  heights: number[];
  /**
   * Units of rows kept together, in order: per row starting a unit, the unit's last row (inclusive);
   * −1 for a row inside a unit. The units cover every row: the first starts at row 0, each next one
   * row after the last one's end (no pair per unit).
   */
  unitEnd: Int32Array;
}

/**
 * A measured table as an object of one class, its fields stated in the interface's order: what
 * pagination's `measureTable` returns. Not an object literal: a literal run once a render gets its
 * boilerplate on its second run, and making it widens the recorded type of every field holding a
 * typed array or the words ("any"): measureTable, bodyUnits, layTablePart and prepareMeasured,
 * optimised in render 1, were thrown out in render 2 ("code dependencies") and compiled again
 * (bench/README.md, "Eleventh wave: render 2"). Every construction defines the fields alike.
 */
export class MeasuredTableRecord implements MeasuredTable {
  readonly colX: number[];
  readonly colW: number[];
  readonly first: Int32Array;
  readonly width: Float64Array;
  readonly need: Float64Array;
  readonly text: (CellText | undefined)[];
  readonly words: unknown;
  readonly heights: number[];
  readonly unitEnd: Int32Array;
  // fields in the order the literal had them (an object's keys keep it): no parameter properties
  constructor(
    colX: number[],
    colW: number[],
    first: Int32Array,
    width: Float64Array,
    need: Float64Array,
    text: (CellText | undefined)[],
    words: unknown,
    heights: number[],
    unitEnd: Int32Array,
  ) {
    this.colX = colX;
    this.colW = colW;
    this.first = first;
    this.width = width;
    this.need = need;
    this.text = text;
    this.words = words;
    this.heights = heights;
    this.unitEnd = unitEnd;
  }
}

/** What pagination needs of a line: its ascender, descender (negative, below the baseline) and leading, points. */
export interface LineMetrics {
  /** The largest leading, ascender and (negative) descender of the styles on the line, points. */
  leading: number;
  ascender: number;
  descender: number;
}

/**
 * A cell's text as pagination keeps it: the metrics of every line, in order (a row split between
 * boxes shows a range of them). Only metrics are kept — a 10 000-row table would otherwise hold
 * 50 000 laid paragraphs through pagination; the cell is laid again, identically, when drawn.
 */
export interface CellText {
  lines: readonly LineMetrics[];
}
