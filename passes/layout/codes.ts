// passes/layout/codes.ts — lays an encoded code symbol in its box: a linear code's bars stretch to
// the box (the quiet zones included in the width), a matrix code keeps square modules (PDF417 rows
// their stated height) at the largest size that fits, centred. One fill of many rectangles, with
// runs of dark modules in a row merged so a QR code is a few hundred rectangles, not thousands.
import type { CodeItem, DrawOp, Matrix } from '../../ir/types.js';
import { QUIET_ZONES } from '../../ir/read/codes.js';
import type { Box } from './coordinates.js';

export function layCodeItem(item: CodeItem, box: Box, matrix: Matrix | undefined): DrawOp[] {
  const ops: DrawOp[] = [];
  const w = box.urx - box.llx;
  const h = box.ury - box.lly;
  if (item.background) ops.push({ op: 'rect', at: item.at, matrix, x: box.llx, y: box.lly, w, h, fill: item.background });
  const [ql, qr, qt, qb] = item.quietZone ? QUIET_ZONES[item.type] : [0, 0, 0, 0];
  const sym = item.symbol;
  const rects: number[] = [];
  if (sym.shape === 'linear') {
    const m = w / (sym.modules + ql + qr);
    for (let i = 0; i < sym.bars.length; i += 2) rects.push(box.llx + (ql + sym.bars[i]) * m, box.lly, sym.bars[i + 1] * m, h);
  } else {
    const totalW = sym.cols + ql + qr;
    const totalH = sym.rows * sym.rowHeight + qt + qb;
    const m = Math.min(w / totalW, h / totalH);
    const x0 = box.llx + (w - totalW * m) / 2 + ql * m;
    const top = box.ury - (h - totalH * m) / 2 - qt * m;
    const rh = sym.rowHeight * m;
    for (let r = 0; r < sym.rows; r++) {
      const y = top - (r + 1) * rh;
      let c = 0;
      while (c < sym.cols) {
        if (!sym.dark[r * sym.cols + c]) { c++; continue; }
        const start = c;
        while (c < sym.cols && sym.dark[r * sym.cols + c]) c++;
        rects.push(x0 + start * m, y, (c - start) * m, rh);
      }
    }
  }
  ops.push({ op: 'rects', at: item.at, matrix, rects: Float64Array.from(rects), fill: item.color });
  return ops;
}
