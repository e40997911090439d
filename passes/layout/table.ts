// passes/layout/table.ts — lays one part of a table (the rows pagination placed in one box) as
// drawing operations: every cell's fill first, then its content — text through the text engine
// (passes/layout/table-cell-text.ts, one text object for the part's letters), codes through the code
// layout, pictures fitted as image items, drawings placed as their form XObject — then borders, so a
// neighbour's fill never covers a line. Borders are thin filled rectangles centred on the cell edges.
//
// Every op a cell's content makes carries the cell's own pointer as `at` (`/items/0/rows/7/2`):
// with `table.rows[r].cells[i]` (its `col`, `colSpan`, `rowSpan`) and `headerRows`/`footerRows`,
// that says which row, column and section (header, body, footer) each drawn cell belongs to.
import type { JsonPointer } from '../../ir/pointer.js';
import type { CellAlign, DocSettings, DrawOp, ImageAlign, ImageFit, Matrix, ResolvedImageItem, TableCell, TablePartItem } from '../../ir/types.js';
import { codeHeight, naturalSize, type MeasuredCell } from '../pagination/table-measure.js';
import { layCodeItem } from './codes.js';
import type { Box } from './coordinates.js';
import { layImageItem } from './images.js';
import type { DrawTarget } from './line-draw.js';
import { boxToRect } from './shapes.js';
import { drawCellLines, hasPlaceholders, layCellText, linesHeight } from './table-cell-text.js';
import { nextTextObject, type TextPageContext } from './text-item.js';

export function layTablePart(tp: TablePartItem, pc: TextPageContext, doc: DocSettings): DrawOp[] {
  const fills: DrawOp[] = [];
  const content: DrawOp[] = [];
  const borders: DrawOp[] = [];
  const text: DrawTarget = { at: tp.at, textObject: nextTextObject(), glyphs: [], rects: [] };
  const { box, colX, measured: m } = tp;
  // Where each row sits in this part (a row spanning several rows reaches down through them).
  const placedAt = new Map<number, number>();
  tp.rows.forEach((pr, i) => { if (!pr.lines) placedAt.set(pr.row, i); });
  for (const pr of tp.rows) {
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
      const kind = cell.content.kind;
      if (mc.text) {
        // A cell with placeholders is laid again for this page; its row was measured with them as written.
        const t = hasPlaceholders(cell) ? layCellText(cell, tp.table.fontRes.get(s.font.name)!, innerW, pc)! : mc.text;
        const [from, to] = pr.lines ? pr.lines[ci] : [0, t.lines.length];
        const used = linesHeight(t, from, to) + pt + pb;
        const slack = pr.lines ? 0 : Math.max(0, h - used);
        const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
        text.at = cell.at;
        drawCellLines(t, from, to, s, x + pl, top - pt - dy, text);
      } else if (kind === 'code') {
        const ch = codeHeight(mc);
        const slack = Math.max(0, h - ch - pt - pb);
        const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
        const ctop = top - pt - dy;
        content.push(...layCodeItem(cell.content.code, { llx: x + pl, urx: x + pl + innerW, ury: ctop, lly: ctop - ch }, undefined));
      } else if (kind === 'image' || kind === 'drawing') {
        const inner: Box = { llx: x + pl, urx: x + pl + innerW, ury: top - pt, lly: Math.min(top - pt, top - h + pb) };
        content.push(...layPicture(cell, inner, doc));
      }
      const [bt, br, bb, bl] = s.border;
      if (bt) borders.push({ op: 'rect', at: cell.at, x: x - (bl?.width ?? 0) / 2, y: top - bt.width / 2, w: w + ((bl?.width ?? 0) + (br?.width ?? 0)) / 2, h: bt.width, fill: bt.color });
      if (bb) borders.push({ op: 'rect', at: cell.at, x: x - (bl?.width ?? 0) / 2, y: top - h - bb.width / 2, w: w + ((bl?.width ?? 0) + (br?.width ?? 0)) / 2, h: bb.width, fill: bb.color });
      if (bl) borders.push({ op: 'rect', at: cell.at, x: x - bl.width / 2, y: top - h, w: bl.width, h, fill: bl.color });
      if (br) borders.push({ op: 'rect', at: cell.at, x: x + w - br.width / 2, y: top - h, w: br.width, h, fill: br.color });
    }
  }
  const out = fills;
  for (const op of text.glyphs) out.push(op);
  for (const op of text.rects) out.push(op);
  for (const op of content) out.push(op);
  for (const op of borders) out.push(op);
  return out;
}

/** A picture's anchor from the cell's `align` and `valign` (a justified cell's picture sits at its start). */
function pictureAlign(align: CellAlign, valign: 'top' | 'middle' | 'bottom'): ImageAlign {
  const h = align === 'center' ? '' : align === 'right' ? 'right' : 'left';
  const v = valign === 'middle' ? '' : valign;
  return (v && h ? `${v}_${h}` : v || h || 'center') as ImageAlign;
}

/** An image or drawing cell's ops: fitted into the content box as an image item into its rect. */
function layPicture(cell: TableCell, inner: Box, doc: DocSettings): DrawOp[] {
  const c = cell.content as Extract<TableCell['content'], { kind: 'image' | 'drawing' }>;
  const align = pictureAlign(cell.style.align, cell.style.valign);
  if (c.kind === 'image') {
    const item = { at: c.at, res: c.res!, fit: c.fit, align } as ResolvedImageItem;
    return layImageItem(item, inner, undefined);
  }
  const [nw, nh] = naturalSize(c, doc);
  const placed = fitted(inner, nw, nh, c.fit, align);
  const d = doc.graphics!.drawings.get(c.name)!;
  const form: DrawOp = { op: 'form', at: c.at, name: c.name, matrix: boxToRect(d.box, placed) as Matrix };
  const W = inner.urx - inner.llx, H = inner.ury - inner.lly;
  const spills = c.fit === 'cover' || (c.fit === 'none' && (nw > W || nh > H));
  return spills ? [clipped(c.at, inner, form)] : [form];
}

/** Where a thing of natural size nw × nh lands in `box` under `fit` and `align` (as passes/layout/images.ts places a picture). */
function fitted(box: Box, nw: number, nh: number, fit: ImageFit, align: ImageAlign): Box {
  const W = box.urx - box.llx, H = box.ury - box.lly;
  let w = W, h = H;
  if ((fit === 'contain' || fit === 'cover') && nw > 0 && nh > 0) {
    const k = fit === 'contain' ? Math.min(W / nw, H / nh) : Math.max(W / nw, H / nh);
    w = nw * k; h = nh * k;
  } else if (fit === 'none') {
    w = nw; h = nh;
  }
  const ax = align.endsWith('left') ? 0 : align.endsWith('right') ? 1 : 0.5;
  const ay = align.startsWith('top') ? 1 : align.startsWith('bottom') ? 0 : 0.5;
  const llx = box.llx + (W - w) * ax, lly = box.lly + (H - h) * ay;
  return { llx, lly, urx: llx + w, ury: lly + h };
}

function clipped(at: JsonPointer, box: Box, op: DrawOp): DrawOp {
  return { op: 'scope', at, clip: { segs: [{ k: 're', v: [box.llx, box.lly, box.urx - box.llx, box.ury - box.lly] }], rule: 'nonzero' }, ops: [op] };
}
