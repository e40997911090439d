// ir/measured-table.ts — a table as pagination measured it (passes/pagination/table-measure.ts):
// column positions, each cell's need and line metrics, row heights and the units rows move by.
// Layout draws the parts pagination placed from it.
import type { TableCell } from './table-types.js';

export interface MeasuredCell {
  cell: TableCell;
  /** Width of the cell (its columns together), points. */
  width: number;
  /** Line metrics, for text and flow cells (placeholders as written); the cell is laid again when drawn. */
  text?: CellText;
  /** Height the content needs, padding included, points. */
  need: number;
}

export interface MeasuredTable {
  colX: number[];
  colW: number[];
  /** Per row, its cells measured. */
  cells: MeasuredCell[][];
  /** Per row, its height (a row span's extra height goes to the last row it holds). */
  heights: number[];
  /** Units of rows kept together, [first, last] inclusive, in order. */
  units: [number, number][];
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
