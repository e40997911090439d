// ir/table-cells.ts — a cell written as a bare string (a JSON string in a table's `rows`, the common
// cell of a long table) is one object in the IR: `{at, content: BARE_TEXT, text, col, …}`, not the
// cell, its content, its runs array, its run. Its one run is made when a consumer asks (`cellRuns`).
import { scanPlaceholders } from './placeholders.js';
import type { BareText, CellContent, TableCell } from './table-types.js';
import type { TextRun } from './types.js';

/** The content every bare-string cell shares. */
export const BARE_TEXT: BareText = Object.freeze({ kind: 'text' as const });

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
