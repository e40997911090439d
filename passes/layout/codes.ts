// passes/layout/codes.ts — lays an encoded code symbol in its box: a linear code's bars stretch to
// the box (the quiet zones included in the width), a matrix code keeps square modules (PDF417 rows
// their stated height) at the largest size that fits, centred. One fill of many rectangles, with
// runs of dark modules in a row merged so a QR code is a few hundred rectangles, not thousands.
// A linear code's human-readable text (code-text.ts) takes a band at the bottom of the box; the
// bars shorten above it (an EAN-13's guard bars reach down between its digit groups).

import type { Box } from '../../engines/geometry/coordinates.js';
import { QUIET_ZONES } from '../../ir/read/codes.js';
import type { CodeItem, DrawOp, Matrix } from '../../ir/types.js';
import { codeTextLayout, EAN13_DIGIT_ZONE, EAN13_GUARD_STARTS } from './code-text.js';

export function layCodeItem(item: CodeItem, box: Box, matrix: Matrix | undefined): DrawOp[] {
  const ops: DrawOp[] = [];
  const w = box.urx - box.llx;
  const h = box.ury - box.lly;
  if (item.background)
    ops.push({ op: 'rect', at: item.at, matrix, x: box.llx, y: box.lly, w, h, fill: item.background });
  let [ql, qr, qt, qb] = item.quietZone ? QUIET_ZONES[item.type] : [0, 0, 0, 0];
  const sym = item.symbol;
  const rects: number[] = [];
  let text: DrawOp[] = [];
  if (sym.shape === 'linear') {
    // An EAN-13's first digit stands left of the bars: its text keeps that room even without a quiet zone.
    if (item.text && item.type === 'ean13') ql = Math.max(ql, EAN13_DIGIT_ZONE);
    const m = w / (sym.modules + ql + qr);
    const laid = item.text ? codeTextLayout(item, box, m, box.llx + ql * m, matrix) : undefined;
    const barsBottom = laid ? laid.barsBottom : box.lly;
    for (let i = 0; i < sym.bars.length; i += 2) {
      const guard = laid?.guardBottom !== undefined && EAN13_GUARD_STARTS.has(sym.bars[i]);
      const bottom = guard ? laid!.guardBottom! : barsBottom;
      rects.push(box.llx + (ql + sym.bars[i]) * m, bottom, sym.bars[i + 1] * m, box.ury - bottom);
    }
    if (laid) text = laid.ops;
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
        if (!sym.dark[r * sym.cols + c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < sym.cols && sym.dark[r * sym.cols + c]) c++;
        rects.push(x0 + start * m, y, (c - start) * m, rh);
      }
    }
  }
  ops.push({ op: 'rects', at: item.at, matrix, rects: Float64Array.from(rects), fill: item.color });
  for (const op of text) ops.push(op);
  return ops;
}
