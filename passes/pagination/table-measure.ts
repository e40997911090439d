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
} from '../../engines/text/table-cell-text.js';
import type { CellText, MeasuredTable } from '../../ir/measured-table.js';
import { refuse } from '../../ir/messages.js';
import { BareCell, BareRow } from '../../ir/table-cells.js';
import type { DocSettings, FontResource, ResolvedTableItem, TableRow } from '../../ir/types.js';

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
  const rows = t.rows;
  const n = rows.length;
  // Cells by index, row after row (ir/measured-table.ts): no object per cell.
  const first = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) first[r + 1] = first[r] + cellCount(rows[r]);
  const count = first[n];
  const widths = new Float64Array(count);
  const needs = new Float64Array(count);
  const texts = new Array<CellText | undefined>(count);
  const words = new OneLineWords(count);
  const heights = new Array<number>(n);
  // Row spans: the furthest row a span starting at or before each row reaches.
  const reach = new Int32Array(n);
  let spanning = false;
  let font: FontResource | undefined, fontName: string | undefined;
  const fly = new BareCell(undefined as unknown as BareRow, 0, '');
  try {
    for (let r = 0; r < n; r++) {
      const row = rows[r];
      // a row of bare strings keeps no cell: one cell object is moved along it (measureTableCell keeps none)
      const bare = row instanceof BareRow ? row : undefined;
      const cells = bare === undefined ? row.cells : undefined;
      const prefix = bare === undefined ? '' : `${bare.at}/`;
      const nCells = first[r + 1] - first[r];
      let h = row.minHeight;
      reach[r] = r;
      for (let i = 0, k = first[r]; i < nCells; i++, k++) {
        const cell = cells === undefined ? fly.moveTo(bare!, i, prefix) : cells[i];
        let width = 0;
        for (let c = cell.col; c < cell.col + cell.colSpan; c++) width += colW[c];
        const s = cell.style;
        const pad = s.padding;
        const padV = pad[0] + pad[2];
        const kind = cell.content.kind;
        let need: number;
        let text: CellText | undefined;
        if (kind === 'text' || kind === 'flow') {
          // the font looked up once for a run of cells in the same font, not once a cell
          if (s.font.name !== fontName) {
            fontName = s.font.name;
            font = t.fontRes.get(fontName)!;
          }
          text = measureTableCell(cell, font!, Math.max(0, width - pad[1] - pad[3]), now, words, k);
          need = linesHeight(text!) + padV;
        } else if (kind === 'image' || kind === 'drawing') {
          need = pictureHeight(cell, width, doc) + padV;
        } else {
          need = codeHeight(cell, width) + padV;
        }
        widths[k] = width;
        needs[k] = need;
        texts[k] = text;
        if (cell.rowSpan === 1) {
          h = Math.max(h, need);
        } else {
          spanning = true;
          reach[r] = Math.max(reach[r], r + cell.rowSpan - 1);
        }
      }
      heights[r] = h;
    }
  } finally {
    // the render's Measured let go from the indexes of kept words, even if a cell was refused
    words.release();
  }
  // A spanning cell taller than the rows it spans makes the last of them taller (in the order the cells come).
  if (spanning)
    for (let r0 = 0; r0 < n; r0++) {
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
  forgetLastStyle();
  const unitEnd = new Int32Array(n).fill(-1);
  let r = 0;
  while (r < n) {
    let end = reach[r];
    for (let k = r; k <= end; k++) end = Math.max(end, reach[k]);
    unitEnd[r] = end;
    r = end + 1;
  }
  return { colX, colW, first, width: widths, need: needs, text: texts, words, heights, unitEnd };
}
