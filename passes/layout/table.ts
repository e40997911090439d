// passes/layout/table.ts — lays one part of a table (the rows pagination placed in one box) as
// drawing operations: every cell's fill first, then its content (text through the one text adapter,
// passes/layout/table-cell-text.ts; codes through the code layout), then borders, so a neighbour's
// fill never covers a line. Borders are drawn as thin filled rectangles centred on the cell edges.
import type { DrawOp, GlyphRunOp, TablePartItem } from '../../ir/types.js';
import { codeHeight, type MeasuredCell } from '../pagination/table-measure.js';
import { layCodeItem } from './codes.js';
import { drawCellLines, linesHeight, rowRuns, type LineSegment } from './table-cell-text.js';
import type { ContentMark } from '../../ir/structure-types.js';
import { marked } from '../structure/mark.js';

/** `mark` (a tagged document): each cell's text and code its own marked piece, fills and rules artifacts (passes/structure/mark.ts). */
export function layTablePart(tp: TablePartItem, mark?: (row: number, cell: number) => ContentMark): DrawOp[] {
  const fills: DrawOp[] = [];
  const content: DrawOp[] = [];
  const borders: DrawOp[] = [];
  const glyphs: GlyphRunOp[] = [];
  const pieces: DrawOp[] = [];
  const { box, colX, measured: m } = tp;
  // Where each row sits in this part (a row spanning several rows reaches down through them).
  const placedAt = new Map<number, number>();
  tp.rows.forEach((pr, i) => { if (!pr.lines) placedAt.set(pr.row, i); });
  const segs: LineSegment[] = [];
  for (const pr of tp.rows) {
    segs.length = 0;
    const cells = m.cells[pr.row];
    for (let ci = 0; ci < cells.length; ci++) {
      const mc: MeasuredCell = cells[ci];
      const cell = mc.cell;
      const s = cell.style;
      let h = pr.height;
      if (cell.rowSpan > 1 && !pr.lines) {
        h = 0;
        for (let r = pr.row; r < pr.row + cell.rowSpan; r++) h += tp.rows[placedAt.get(r)!].height;
      }
      const x = box.llx + colX[cell.col];
      const w = mc.width;
      const top = pr.top;
      if (s.fill) fills.push({ op: 'rect', at: cell.at, x, y: top - h, w, h, fill: s.fill });
      const [pt, pr_, pb, pl] = s.padding;
      const innerW = Math.max(0, w - pl - pr_);
      if (mc.text) {
        const [from, to] = pr.lines ? pr.lines[ci] : [0, mc.text.lines.length];
        const used = linesHeight(mc.text, from, to) + pt + pb;
        const slack = pr.lines ? 0 : Math.max(0, h - used);
        const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
        const font = tp.table.fontRes.get(s.font.name)!;
        drawCellLines(mc.text, from, to, { font, size: s.fontSize, colour: s.color, align: s.align, at: cell.at, x: x + pl, width: innerW, top: top - pt - dy }, segs);
      } else if (cell.content.kind === 'code') {
        const ch = codeHeight(mc);
        const slack = Math.max(0, h - ch - pt - pb);
        const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
        const ctop = top - pt - dy;
        content.push(...layCodeItem(cell.content.code, { llx: x + pl, urx: x + pl + innerW, ury: ctop, lly: ctop - ch }, undefined));
      }
      if (mark) {
        // Tagged: the cell's own runs (never merged with a neighbour's) and code, as one piece.
        const own: GlyphRunOp[] = [];
        rowRuns(segs, own);
        segs.length = 0;
        const drawn = content.splice(0);
        pieces.push(...marked(cell.at, mark(pr.row, ci), [...own, ...drawn]));
      }
      const [bt, br, bb, bl] = s.border;
      if (bt) borders.push({ op: 'rect', at: cell.at, x: x - (bl?.width ?? 0) / 2, y: top - bt.width / 2, w: w + ((bl?.width ?? 0) + (br?.width ?? 0)) / 2, h: bt.width, fill: bt.color });
      if (bb) borders.push({ op: 'rect', at: cell.at, x: x - (bl?.width ?? 0) / 2, y: top - h - bb.width / 2, w: w + ((bl?.width ?? 0) + (br?.width ?? 0)) / 2, h: bb.width, fill: bb.color });
      if (bl) borders.push({ op: 'rect', at: cell.at, x: x - bl.width / 2, y: top - h, w: bl.width, h, fill: bl.color });
      if (br) borders.push({ op: 'rect', at: cell.at, x: x + w - br.width / 2, y: top - h, w: br.width, h, fill: br.color });
    }
    rowRuns(segs, glyphs);
  }
  if (mark) return [...marked(tp.at, { kind: 'artifact', type: 'Layout' }, fills), ...pieces, ...marked(tp.at, { kind: 'artifact', type: 'Layout' }, borders)];
  return [...fills, ...glyphs, ...content, ...borders];
}
