// passes/pagination/table-measure.ts — pagination sub-step: a table measured before it is fitted into
// boxes. Column widths from the first box (points, auto, fractions), every cell's text laid into lines
// by the text engine through the one adapter (engines/text/table-cell-text.ts), pictures and drawings
// sized in their cells, each row's natural height, and the units rows are moved by: a row alone, or
// the rows a row span holds together.

import { codeHeight, pictureHeight } from '../../engines/geometry/cell-sizes.js';
import { linesHeight, measureCellText, naturalWidth } from '../../engines/text/table-cell-text.js';
import type { MeasuredCell, MeasuredTable } from '../../ir/measured-table.js';
import { refuse } from '../../ir/messages.js';
import type { DocSettings, ResolvedTableItem } from '../../ir/types.js';

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
  const heights = new Array<number>(n);
  const cells: MeasuredCell[][] = new Array(n);
  // Row spans: the furthest row a span starting at or before each row reaches.
  const reach = new Int32Array(n);
  const spanning: MeasuredCell[] = [];
  for (let r = 0; r < n; r++) {
    const row = t.rows[r];
    let h = row.minHeight;
    reach[r] = r;
    const out: MeasuredCell[] = [];
    for (const cell of row.cells) {
      let width = 0;
      for (let k = cell.col; k < cell.col + cell.colSpan; k++) width += colW[k];
      const s = cell.style;
      const m: MeasuredCell = { cell, width, text: undefined, need: 0 };
      const padV = s.padding[0] + s.padding[2];
      const kind = cell.content.kind;
      if (kind === 'text' || kind === 'flow') {
        m.text = measureCellText(
          cell,
          t.fontRes.get(s.font.name)!,
          Math.max(0, width - s.padding[1] - s.padding[3]),
          now,
        );
        m.need = linesHeight(m.text!) + padV;
      } else if (kind === 'image' || kind === 'drawing') {
        m.need = pictureHeight(m, doc) + padV;
      } else {
        m.need = codeHeight(m) + padV;
      }
      if (cell.rowSpan === 1) h = Math.max(h, m.need);
      else {
        spanning.push(m);
        reach[r] = Math.max(reach[r], r + cell.rowSpan - 1);
      }
      out.push(m);
    }
    cells[r] = out;
    heights[r] = h;
  }
  // A spanning cell taller than the rows it spans makes the last of them taller.
  const startOf = new Map<MeasuredCell, number>();
  if (spanning.length) for (let r = 0; r < n; r++) for (const m of cells[r]) if (m.cell.rowSpan > 1) startOf.set(m, r);
  for (const m of spanning) {
    const r0 = startOf.get(m)!;
    const r1 = r0 + m.cell.rowSpan - 1;
    let sum = 0;
    for (let r = r0; r <= r1; r++) sum += heights[r];
    if (m.need > sum) heights[r1] += m.need - sum;
  }
  const units: [number, number][] = [];
  let r = 0;
  while (r < n) {
    let end = reach[r];
    for (let k = r; k <= end; k++) end = Math.max(end, reach[k]);
    units.push([r, end]);
    r = end + 1;
  }
  return { colX, colW, cells, heights, units };
}
