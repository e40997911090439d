// passes/layout/table.ts — lays one part of a table (the rows pagination placed in one box) as
// drawing operations: every cell's fill first, then its content — text through the text engine
// (engines/text/table-cell-text.ts, one text object for the part's letters), codes through the code
// layout, pictures fitted as image items, drawings placed as their form XObject — then borders, so a
// neighbour's fill never covers a line. Borders are thin filled rectangles centred on the cell edges.
//
// Every op a cell's content makes carries the cell's own pointer as `at` (`/items/0/rows/7/2`):
// with `table.rows[r].cells[i]` (its `col`, `colSpan`, `rowSpan`) and `headerRows`/`footerRows`,
// that says which row, column and section (header, body, footer) each drawn cell belongs to.

import { codeHeight, naturalSize } from '../../engines/geometry/cell-sizes.js';
import type { Box } from '../../engines/geometry/coordinates.js';
import { boxToRect } from '../../engines/geometry/shapes.js';
import { type DrawTarget, statedAdvances } from '../../engines/text/line-draw.js';
import { reachFrom, reachOf, reachTo } from '../../engines/text/run-reach.js';
import { nextTextObject, type TextPageContext } from '../../engines/text/runs.js';
import { int32s, uint16s } from '../../engines/text/slab.js';
import {
  type CellPage,
  drawCellLines,
  hasPlaceholders,
  type LaidCellText,
  layCellText,
  linesHeight,
  OneLineCell,
  PagedCellText,
  PlacedRow,
  unitString,
} from '../../engines/text/table-cell-text.js';
import { pushAll } from '../../ir/bounded.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { ContentMark } from '../../ir/structure-types.js';
import { BareCell, BareRow, BareShape } from '../../ir/table-cells.js';
import type { TextFont } from '../../ir/text-font.js';
import type {
  CellAlign,
  Colour,
  DocSettings,
  DrawOp,
  FontResource,
  GlyphRowsOp,
  GlyphRunOp,
  ImageAlign,
  ImageFit,
  Matrix,
  ResolvedImageItem,
  TableCell,
  TablePartItem,
} from '../../ir/types.js';
import { layCodeItem } from './codes.js';
import { layImageItem } from './images.js';
import { KeptByCell } from './kept-cells.js';
import { marked } from './structure-marks.js';

/**
 * `mark` (a tagged document, passes/layout/structure-marks.ts): each cell's text, code, picture or drawing
 * is its own marked piece (its runs never joined with a neighbour's); fills and rules are artifacts.
 */
export function layTablePart(
  tp: TablePartItem,
  pc: TextPageContext,
  doc: DocSettings,
  mark?: (row: number, cell: number) => ContentMark,
): DrawOp[] {
  const fills: DrawOp[] = [];
  const content: DrawOp[] = [];
  const borders: DrawOp[] = [];
  const text: DrawTarget = { at: tp.at, textObject: nextTextObject(), glyphs: [], rects: [] };
  const pieces: DrawOp[] = [];
  // a part left open by a part that threw is not continued
  packer.drop();
  const { box, colX, measured: m } = tp;
  // Where each row sits in this part (a row spanning several rows reaches down through them): made
  // when a spanning cell first asks (most tables have none: no map a part).
  let placedAt: Map<number, number> | undefined;
  // Untagged, a row's cells on one baseline in one font become one glyph run (see joinRuns); a
  // tagged document keeps each cell's runs apart, in the cell's own marked piece.
  const join = !mark;
  // A row's one-line cells placed, their runs written when the row ends (joined, see joinPlaced).
  const pending = placedRow;
  const prs = tp.rows;
  let fontStyle: TableCell['style'] | undefined;
  let cellFont: FontResource = undefined as unknown as FontResource;
  for (let pi = 0; pi < prs.length; pi++) {
    const pr = prs[pi];
    const rowStart = text.glyphs.length;
    const row = tp.table.rows[pr.row];
    // A row of bare strings (ir/table-cells.ts) keeps no cells: its texts and shape are read directly,
    // one cursor standing for cell after cell where a call asks for a cell and keeps none, and a cell
    // of its own made only for a cell laid on several lines (the split caches key on it).
    const bare = row.bare as BareRow | undefined;
    const cells = bare === undefined ? row.cells : undefined;
    const n = bare === undefined ? cells!.length : bare.texts.length;
    const prefix = bare === undefined ? '' : `${bare.at}/`;
    const k0 = m.first[pr.row];
    for (let ci = 0; ci < n; ci++) {
      // cell ci of the row is entry k0 + ci of the measured table's arrays (ir/measured-table.ts)
      const cell = bare === undefined ? cells![ci] : cursor.moveTo(bare, ci, prefix);
      const s = bare === undefined ? cell.style : bare.shape.styles[ci];
      const col = bare === undefined ? cell.col : bare.shape.cols[ci];
      // read once: a bare cell's pointer is made on each read
      const at = cell.at;
      let h = pr.height;
      if (bare === undefined && cell.rowSpan > 1 && !pr.lines) {
        if (placedAt === undefined) {
          placedAt = new Map<number, number>();
          for (let i = 0; i < prs.length; i++) if (!prs[i].lines) placedAt.set(prs[i].row, i);
        }
        h = 0;
        for (let r = pr.row; r < pr.row + cell.rowSpan; r++) h += tp.rows[placedAt.get(r)!].height;
      }
      const x = box.llx + colX[col];
      const w = m.width[k0 + ci];
      const top = pr.top;
      if (s.fill) fills.push({ op: 'rect', at, x, y: top - h, w, h, fill: s.fill });
      // indexed, not destructured: array destructuring goes through an iterator (garbage per cell)
      const pad = s.padding;
      const pt = pad[0],
        pr_ = pad[1],
        pb = pad[2],
        pl = pad[3];
      const innerW = Math.max(0, w - pl - pr_);
      const kind = bare === undefined ? cell.content.kind : 'text';
      const cellGlyphs = text.glyphs.length,
        cellRects = text.rects.length;
      if (m.text[k0 + ci]) {
        // Laid again as pagination laid it (it kept only line metrics); placeholders now resolved for
        // this page (the row was measured with them as written, wider than any page number).
        // a column's cells share their style: its font looked up once for a run of them
        if (s !== fontStyle) {
          fontStyle = s;
          cellFont = tp.table.fontRes.get(s.font.name)!;
        }
        if (!pr.lines && oneLine.prepareMeasured(cell, cellFont, innerW, m, k0 + ci)) {
          // One line, drawn from the words pagination measured, as laying it would draw it.
          const slack = Math.max(0, h - (oneLine.height + pt + pb));
          const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
          text.at = at;
          if (join) oneLine.place(s, x + pl, top - pt - dy, text, pending);
          else oneLine.draw(s, x + pl, top - pt - dy, text);
        } else {
          const own = bare === undefined ? cell : new BareCell(bare, ci, prefix);
          let t: LaidCellText;
          let from: number;
          let to: number;
          if (pr.lines && hasPlaceholders(own)) {
            // split with placeholders: only the lines this box shows, laid for this page (PagedCellText)
            const paged = pagedCellFor(own, cellFont, innerW, pc);
            const [a, b] = pr.lines[ci];
            t = paged.part(a, b, pc);
            [from, to] = [0, t.lines.length];
            if (b >= paged.lineCount) pagedCells.delete(own);
          } else {
            t = cellTextFor(own, cellFont, innerW, pc, pr.lines !== undefined);
            [from, to] = pr.lines ? pr.lines[ci] : [0, t.lines.length];
            if (to >= t.lines.length) splitCells.delete(own);
          }
          const used = linesHeight(t, from, to) + pt + pb;
          const slack = pr.lines ? 0 : Math.max(0, h - used);
          const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
          text.at = at;
          pending.writeAll(text);
          drawCellLines(t, from, to, s, x + pl, top - pt - dy, text);
        }
      } else if (kind === 'code') {
        const ch = codeHeight(cell, w);
        const slack = Math.max(0, h - ch - pt - pb);
        const dy = s.valign === 'top' ? 0 : s.valign === 'middle' ? slack / 2 : slack;
        const ctop = top - pt - dy;
        pushAll(
          content,
          layCodeItem(
            (cell.content as Extract<TableCell['content'], { kind: 'code' }>).code,
            { llx: x + pl, urx: x + pl + innerW, ury: ctop, lly: ctop - ch },
            undefined,
          ),
        );
      } else if (kind === 'image' || kind === 'drawing') {
        const inner: Box = { llx: x + pl, urx: x + pl + innerW, ury: top - pt, lly: Math.min(top - pt, top - h + pb) };
        pushAll(content, layPicture(cell, inner, doc));
      }
      if (mark) {
        // Tagged: the cell's own runs and decorations (never joined with a neighbour's) and its code, picture or drawing, as one piece.
        const own: DrawOp[] = [
          ...text.glyphs.splice(cellGlyphs),
          ...text.rects.splice(cellRects),
          ...content.splice(0),
        ];
        pushAll(pieces, marked(at, mark(pr.row, ci), own));
      }
      const border = s.border;
      const bt = border[0],
        br = border[1],
        bb = border[2],
        bl = border[3];
      if (bt)
        borders.push({
          op: 'rect',
          at,
          x: x - (bl?.width ?? 0) / 2,
          y: top - bt.width / 2,
          w: w + ((bl?.width ?? 0) + (br?.width ?? 0)) / 2,
          h: bt.width,
          fill: bt.color,
        });
      if (bb)
        borders.push({
          op: 'rect',
          at,
          x: x - (bl?.width ?? 0) / 2,
          y: top - h - bb.width / 2,
          w: w + ((bl?.width ?? 0) + (br?.width ?? 0)) / 2,
          h: bb.width,
          fill: bb.color,
        });
      if (bl) borders.push({ op: 'rect', at, x: x - bl.width / 2, y: top - h, w: bl.width, h, fill: bl.color });
      if (br) borders.push({ op: 'rect', at, x: x + w - br.width / 2, y: top - h, w: br.width, h, fill: br.color });
    }
    // a row joinPlaced wrote is joined already (joinRuns would find nothing more to join in it)
    const placed = pending.count > 0 && text.glyphs.length === rowStart;
    if (placed) joinPlaced(pending, text, tp);
    pending.writeAll(text);
    if (!placed && join && text.glyphs.length - rowStart > 1) joinRuns(text.glyphs, rowStart, tp);
  }
  packer.seal();
  packer.trim();
  cursor.moveTo(NO_ROW, 0, '');
  oneLine.release();
  pending.release();
  if (mark)
    return [
      ...marked(tp.at, { kind: 'artifact', type: 'Layout' }, fills),
      ...pieces,
      ...marked(tp.at, { kind: 'artifact', type: 'Layout' }, borders),
    ];
  const out = fills;
  for (const op of text.glyphs) out.push(op);
  for (const op of text.rects) out.push(op);
  for (const op of content) out.push(op);
  for (const op of borders) out.push(op);
  return out;
}

/** The one-line cell being drawn (reused: prepared and drawn at once, cell after cell). */
const oneLine = new OneLineCell();
/** The row's one-line cells placed and not yet written (reused row after row). */
const placedRow = new PlacedRow();
/** A row standing for none: the cursor's row between parts (so no description's row is held here). */
const NO_ROW = new BareRow([], new BareShape('', [], [], 0, false), -1);
/** Cell after cell of a bare row, for calls that keep no cell (reused: moved to each cell). */
const cursor = new BareCell(NO_ROW, 0, '');

/** A picture's anchor from the cell's `align` and `valign` (a justified cell's picture sits at its start; `start` is left and `end` right, a picture having no direction). */
function pictureAlign(align: CellAlign | undefined, valign: 'top' | 'middle' | 'bottom'): ImageAlign {
  const h = align === 'center' ? '' : align === 'right' || align === 'end' ? 'right' : 'left';
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
  const W = inner.urx - inner.llx,
    H = inner.ury - inner.lly;
  const spills = c.fit === 'cover' || (c.fit === 'none' && (nw > W || nh > H));
  return spills ? [clipped(c.at, inner, form)] : [form];
}

/** Where a thing of natural size nw × nh lands in `box` under `fit` and `align` (as passes/layout/images.ts places a picture). */
function fitted(box: Box, nw: number, nh: number, fit: ImageFit, align: ImageAlign): Box {
  const W = box.urx - box.llx,
    H = box.ury - box.lly;
  let w = W,
    h = H;
  if ((fit === 'contain' || fit === 'cover') && nw > 0 && nh > 0) {
    const k = fit === 'contain' ? Math.min(W / nw, H / nh) : Math.max(W / nw, H / nh);
    w = nw * k;
    h = nh * k;
  } else if (fit === 'none') {
    w = nw;
    h = nh;
  }
  const ax = align.endsWith('left') ? 0 : align.endsWith('right') ? 1 : 0.5;
  const ay = align.startsWith('top') ? 1 : align.startsWith('bottom') ? 0 : 0.5;
  const llx = box.llx + (W - w) * ax,
    lly = box.lly + (H - h) * ay;
  return { llx, lly, urx: llx + w, ury: lly + h };
}

function clipped(at: JsonPointer, box: Box, op: DrawOp): DrawOp {
  return {
    op: 'scope',
    at,
    clip: { segs: [{ k: 're', v: [box.llx, box.lly, box.urx - box.llx, box.ury - box.lly] }], rule: 'nonzero' },
    ops: [op],
  };
}

/**
 * Joins the glyph runs of one row from `start` on: runs on one baseline in the same font, size and
 * colour (no outline, no actual text) become one run, the move from one cell to the next a TJ
 * adjustment after the earlier cell's last glyph, computed from where TJ really leaves the pen. A
 * 10 000-row table then holds and writes one run per row and line instead of one per cell — a
 * fifth of the objects in memory and of the operators in the file. Positions hold to half a
 * thousandth of an em.
 */
function joinRuns(runs: GlyphRunOp[], start: number, tp: TablePartItem): void {
  const row = runs.splice(start);
  if (!inRowOrder(row)) row.sort(rowOrder);
  let g0 = 0;
  for (let i = 1; i <= row.length; i++) {
    const a = row[g0],
      b = row[i];
    if (b && joinable(a, b, tp)) continue;
    runs.push(i - g0 === 1 ? a : joined(row, g0, i, tp));
    g0 = i;
  }
}

/** The face of a font a cell names (a chain's member fonts are not among them: their runs stay apart). */
function faceOf(tp: TablePartItem, name: string): TextFont | undefined {
  return tp.table.fontRes.get(name)?.face;
}

function joinable(a: GlyphRunOp, b: GlyphRunOp, tp: TablePartItem): boolean {
  return (
    faceOf(tp, a.font) !== undefined &&
    b.y === a.y &&
    b.font === a.font &&
    b.size === a.size &&
    sameColour(a.colour, b.colour) &&
    !a.outline &&
    !b.outline &&
    !a.actualText &&
    !b.actualText &&
    !a.matrix &&
    !b.matrix
  );
}

function joined(row: GlyphRunOp[], from: number, to: number, tp: TablePartItem): GlyphRunOp {
  const first = row[from];
  const face = faceOf(tp, first.font)!;
  const stated = statedAdvances(face);
  const k = 1000 / face.unitsPerEm;
  let n = 0;
  for (let i = from; i < to; i++) n += row[i].glyphs.length;
  const glyphs = uint16s(n);
  const adjust = int32s(n);
  const text: string[] = new Array(n);
  const cells: (JsonPointer | number)[] = [];
  let o = 0;
  /** Pen from the run's start, thousandths of an em, as TJ moves it. */
  let pen = 0;
  for (let i = from; i < to; i++) {
    const r = row[i];
    if (i > from) {
      const adj = Math.round(pen - ((r.x - first.x) * 1000) / first.size);
      adjust[o - 1] += adj;
      pen -= adj;
    }
    cells.push(r.at, o);
    glyphs.set(r.glyphs, o);
    adjust.set(r.adjust, o);
    for (let g = 0; g < r.glyphs.length; g++) {
      text[o + g] = r.text[g];
      const gid = r.glyphs[g];
      let w = stated[gid];
      if (w === -1) {
        w = Math.round(face.advanceOf(gid) * k);
        stated[gid] = w;
      }
      pen += w - r.adjust[g];
    }
    o += r.glyphs.length;
  }
  // Object.assign, not `{ ...first, …, cells }`: a spread followed by a key `first` lacks gives every
  // joined run a map of its own once optimised (ir/read/table.ts tableItem), and emit's reads of them go megamorphic
  return Object.assign({}, first, { glyphs, adjust, text, cells, reach: joinedReach(row, from, to) });
}

/**
 * The joined run's `reach`: each cell's, moved by where its run starts along the row (TJ puts it
 * there to within half a thousandth of an em, widened by one more), or none when a cell has none —
 * the first cell's alone would let the off-page check pass a row whose later cells leave the page.
 */
function joinedReach(row: GlyphRunOp[], from: number, to: number): [number, number] | undefined {
  const first = row[from];
  const slack = first.size / 1000;
  let lo = 0,
    hi = 0;
  for (let i = from; i < to; i++) {
    const r = row[i];
    if (!r.reach) return undefined;
    const shift = r.x - first.x;
    if (r.reach[0] + shift - slack < lo) lo = r.reach[0] + shift - slack;
    if (r.reach[1] + shift + slack > hi) hi = r.reach[1] + shift + slack;
  }
  return [lo, hi];
}

/** The order a row's runs are joined in: top baseline first, then left to right. */
function rowOrder(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return b.y - a.y || a.x - b.x;
}

/** Whether runs are already in `rowOrder` (then a stable sort leaves them as they are). */
function inRowOrder(runs: readonly { x: number; y: number }[]): boolean {
  for (let i = 1; i < runs.length; i++) if (rowOrder(runs[i - 1], runs[i]) > 0) return false;
  return true;
}

/**
 * A row whose every run is a placed one-line cell: the runs joinRuns would make from their glyph
 * runs, written at once from the placed cells (no glyph run per cell made, then copied): the same
 * order, the same joins, the same adjustments (`PlacedRow.fill` gave each cell's own, and the move
 * from one cell to the next is computed as `joined` computes it). Empties the row.
 */
function joinPlaced(row: PlacedRow, target: DrawTarget, tp: TablePartItem): void {
  if (row.count === 1) return row.writeAll(target);
  // as joinRuns sorts the row's runs (a stable sort: cells on one baseline keep their order); a row
  // already in that order (the usual one) is taken as it is: sorting it would change nothing
  let order: number[] | undefined;
  for (let i = 1; i < row.count; i++)
    if ((row.y[i] - row.y[i - 1] || row.x[i - 1] - row.x[i]) > 0) {
      order = sortedCells(row);
      break;
    }
  let g0 = 0;
  for (let i = 1; i <= row.count; i++) {
    if (i < row.count && placedJoinable(row, order ? order[g0] : g0, order ? order[i] : i, tp)) continue;
    if (i - g0 === 1) row.write(order ? order[g0] : g0, target);
    else if (!packer.add(row, g0, i, order, target)) target.glyphs.push(joinedPlaced(row, g0, i, order, target));
    g0 = i;
  }
  row.clear();
}

/** The row's placed cells in `rowOrder` (a stable sort), by index. */
function sortedCells(row: PlacedRow): number[] {
  const order: number[] = [];
  for (let k = 0; k < row.count; k++) order.push(k);
  return order.sort((a, b) => rowOrder({ x: row.x[a], y: row.y[a] }, { x: row.x[b], y: row.y[b] }));
}

/** `joinable` for placed cells a and b (no matrix: a table's text target has none; a cell's style has no actual text). */
function placedJoinable(row: PlacedRow, a: number, b: number, tp: TablePartItem): boolean {
  const s = row.style[a],
    t = row.style[b];
  return (
    faceOf(tp, s.font.name) !== undefined &&
    row.y[b] === row.y[a] &&
    t.font.name === s.font.name &&
    t.size === s.size &&
    sameColour(s.colour, t.colour) &&
    !s.outline &&
    !t.outline
  );
}

/** Where `joinCells` leaves the joined cells' reach: least and farthest, thousandths of an em from the run's start. */
const reachFound = new Float64Array(2);

/**
 * Placed cells [from, to) of `row` (in `order` when given) copied into one run from `o0` on, as
 * `joined` joins runs: each cell's glyphs, adjustments and (with `units`) text units, each next cell
 * moved to its place by a TJ adjustment after the earlier cell's last glyph, computed from where TJ
 * really leaves the pen; each cell's pointer and its first glyph (counted from `o0`) into
 * `ats`/`froms` from `k0`. The one loop of `joinedPlaced` (a run op) and `RowPacker.add` (a rows op).
 * Returns the end of the glyphs written; the cells' reach is left in `reachFound`.
 */
function joinCells(
  row: PlacedRow,
  from: number,
  to: number,
  order: number[] | undefined,
  glyphs: Uint16Array,
  adjust: Int32Array,
  units: Uint16Array | undefined,
  o0: number,
  ats: JsonPointer[],
  froms: Int32Array,
  k0: number,
): number {
  const f = order ? order[from] : from;
  const firstX = row.x[f],
    size = row.style[f].size;
  const rg = row.glyphs,
    ra = row.adjust,
    ru = row.units;
  let o = o0;
  let k = k0;
  let pen = 0;
  let lo = 0,
    hi = 0;
  for (let i = from; i < to; i++) {
    const c = order ? order[i] : i;
    if (i > from) {
      const adj = Math.round(pen - ((row.x[c] - firstX) * 1000) / size);
      adjust[o - 1] += adj;
      pen -= adj;
    }
    // the cell's reach from where TJ leaves the pen for it
    if (pen + row.lo[c] < lo) lo = pen + row.lo[c];
    if (pen + row.hi[c] > hi) hi = pen + row.hi[c];
    ats[k] = row.at[c];
    froms[k++] = o - o0;
    const a = row.from[c],
      m = row.n[c];
    for (let g = 0; g < m; g++) {
      glyphs[o + g] = rg[a + g];
      adjust[o + g] = ra[a + g];
    }
    if (units) for (let g = 0; g < m; g++) units[o + g] = ru[a + g];
    pen += row.pen[c];
    o += m;
  }
  reachFound[0] = lo;
  reachFound[1] = hi;
  return o;
}

/**
 * `joined` for placed cells [from, to) (in `order` when given): one run from the first cell's
 * start, each next cell moved to its place by a TJ adjustment after the earlier cell's last glyph.
 */
function joinedPlaced(
  row: PlacedRow,
  from: number,
  to: number,
  order: number[] | undefined,
  target: DrawTarget,
): GlyphRunOp {
  const f = order ? order[from] : from;
  const firstX = row.x[f],
    st = row.style[f];
  let n = 0;
  for (let i = from; i < to; i++) n += row.n[order ? order[i] : i];
  // cut from the text engine's shared blocks (engines/text/slab.ts): a row's arrays are ~100 bytes,
  // each a backing store of its own allocated and swept otherwise (20 000 a render on table-10k)
  const glyphs = uint16s(n);
  const adjust = int32s(n);
  // the row's texts as one string when every cell's glyphs stand for one unit each (the usual row):
  // their units copied together, made a string once the row is known
  let plain = true;
  for (let i = from; i < to && plain; i++) plain = row.plain[order ? order[i] : i] === 1;
  const units = plain ? row.joinScratch(n) : undefined;
  const text: string[] | undefined = plain ? undefined : new Array(n);
  const k = to - from;
  const ats: JsonPointer[] = new Array(k);
  const froms = int32s(k);
  joinCells(row, from, to, order, glyphs, adjust, units, 0, ats, froms, 0);
  const cells: (JsonPointer | number)[] = new Array(2 * k);
  for (let i = 0; i < k; i++) {
    cells[2 * i] = ats[i];
    cells[2 * i + 1] = froms[i];
    if (text) {
      const c = order ? order[from + i] : from + i;
      const a = row.from[c];
      for (let g = 0; g < row.n[c]; g++) text[froms[i] + g] = row.textOf(c, a + g);
    }
  }
  const lo = reachFound[0],
    hi = reachFound[1];
  return {
    op: 'glyphs',
    at: row.at[f],
    matrix: target.matrix,
    font: st.font.name,
    size: st.size,
    x: firstX,
    y: row.y[f],
    colour: st.colour,
    glyphs,
    adjust,
    text: units ? row.joinedString(n) : text!,
    outline: st.outline,
    actualText: undefined,
    textObject: target.textObject,
    cells,
    reach: reachOf(lo, hi, n, st.size),
  };
}

/**
 * The part's plain joined rows gathered into one rows op (ir/draw-ops.ts GlyphRowsOp) rather than a
 * glyph run each: `add` writes a row as `joinedPlaced` would — the same glyphs, adjustments, texts,
 * cells and reach — into growing scratch (reused part after part), and `seal` cuts the op's own
 * arrays to size when the part ends or its rows stop following each other in the part's text.
 */
class RowPacker {
  /** The op rows are being added to (its arrays set by `seal`), while it is the text target's last run. */
  private op: GlyphRowsOp | undefined;
  private count = 0;
  /** Where the open op's glyphs begin in the block, and where the next glyph goes. */
  private base = 0;
  private used = 0;
  private cells = 0;
  private start = new Int32Array(65);
  private place = new Float64Array(256);
  /**
   * The block rows' glyph ids and adjustments are written into, op after op: a sealed op's arrays are
   * views of it (no copy, no array of their own), so a block lives while an op cut from it does.
   */
  private glyphs = new Uint16Array(ROWS_BLOCK);
  private adjust = new Int32Array(ROWS_BLOCK);
  /** The open op's text units, at the glyphs' places (scratch: made a string by `seal`). */
  private units = new Uint16Array(ROWS_BLOCK);
  private cellStart = new Int32Array(65);
  private cellAts: JsonPointer[] = [];
  private cellFroms = new Int32Array(256);

  /**
   * Adds placed cells [from, to) (in `order` when given) as one row, as `joinedPlaced` joins them;
   * false (nothing added) when the row is not plain, or outlined, or the target has a matrix.
   */
  add(row: PlacedRow, from: number, to: number, order: number[] | undefined, target: DrawTarget): boolean {
    const f = order ? order[from] : from;
    const st = row.style[f];
    if (st.outline || target.matrix) return false;
    let n = 0;
    for (let i = from; i < to; i++) {
      const c = order ? order[i] : i;
      if (row.plain[c] !== 1) return false;
      n += row.n[c];
    }
    const glyphRuns = target.glyphs as unknown as DrawOp[];
    const op = this.op;
    if (
      op === undefined ||
      glyphRuns[glyphRuns.length - 1] !== op ||
      op.font !== st.font.name ||
      op.size !== st.size ||
      op.colour !== st.colour ||
      op.textObject !== target.textObject
    ) {
      this.seal();
      const opened = this.open(st.font.name, st.size, st.colour, target.textObject, row.at[f]);
      glyphRuns.push(opened);
    }
    this.room(n, to - from);
    const o0 = this.used;
    const o = joinCells(
      row,
      from,
      to,
      order,
      this.glyphs,
      this.adjust,
      this.units,
      o0,
      this.cellAts,
      this.cellFroms,
      this.cells,
    );
    this.cells += to - from;
    const k = 4 * this.count;
    this.place[k] = row.x[f];
    this.place[k + 1] = row.y[f];
    this.place[k + 2] = reachFrom(reachFound[0], n, st.size);
    this.place[k + 3] = reachTo(reachFound[1], n, st.size);
    this.used = o;
    this.count++;
    this.start[this.count] = o - this.base;
    this.cellStart[this.count] = this.cells;
    return true;
  }

  private open(font: string, size: number, colour: Colour, textObject: number, at: JsonPointer): GlyphRowsOp {
    this.count = 0;
    this.base = this.used;
    this.cells = 0;
    this.start[0] = 0;
    this.cellStart[0] = 0;
    // every key stated once, in one literal: one shape for every part's op
    this.op = {
      op: 'rows',
      at,
      matrix: undefined,
      font,
      size,
      colour,
      textObject,
      count: 0,
      start: EMPTY_I32,
      place: EMPTY_F64,
      glyphs: EMPTY_U16,
      adjust: EMPTY_I32,
      text: '',
      cellStart: EMPTY_I32,
      cellAts: [],
      cellFroms: EMPTY_I32,
    };
    return this.op;
  }

  /** Room for one more row of n glyphs and k cells. */
  private room(n: number, k: number): void {
    const rows = this.count + 2;
    if (rows > this.start.length) {
      this.start = grown(this.start, 2 * rows);
      this.cellStart = grown(this.cellStart, 2 * rows);
    }
    if (4 * rows > this.place.length) this.place = grown(this.place, 8 * rows);
    if (this.used + n > this.glyphs.length) {
      // a fresh block, the open op's glyphs moved to its start (the sealed ops keep the old one)
      const b = this.base,
        u = this.used;
      const size = Math.max(ROWS_BLOCK, 2 * (u - b + n));
      const glyphs = new Uint16Array(size),
        adjust = new Int32Array(size);
      glyphs.set(this.glyphs.subarray(b, u));
      adjust.set(this.adjust.subarray(b, u));
      // the units are scratch no sealed op keeps: moved within their array when it is large enough
      // (a fresh array a block was ~0.75 MB of garbage a table-10k render, on the C heap)
      if (size === this.units.length) this.units.copyWithin(0, b, u);
      else {
        const units = new Uint16Array(size);
        units.set(this.units.subarray(b, u));
        this.units = units;
      }
      this.glyphs = glyphs;
      this.adjust = adjust;
      this.base = 0;
      this.used = u - b;
    }
    if (this.cells + k > this.cellFroms.length) this.cellFroms = grown(this.cellFroms, 2 * (this.cells + k));
  }

  /** The open op given its arrays, cut to size; no op is open after. */
  seal(): void {
    const op = this.op;
    if (op === undefined) return;
    this.op = undefined;
    const count = this.count,
      base = this.base,
      used = this.used,
      cells = this.cells;
    op.count = count;
    op.start = int32s(count + 1);
    op.start.set(this.start.subarray(0, count + 1));
    op.place = this.place.slice(0, 4 * count);
    // views made directly on the block: `subarray` looks up the species constructor each time
    op.glyphs = new Uint16Array(this.glyphs.buffer, 2 * base, used - base);
    op.adjust = new Int32Array(this.adjust.buffer, 4 * base, used - base);
    op.text = unitString(this.units, base, used);
    this.base = used;
    op.cellStart = int32s(count + 1);
    op.cellStart.set(this.cellStart.subarray(0, count + 1));
    op.cellAts = this.cellAts.slice(0, cells);
    op.cellFroms = int32s(cells);
    op.cellFroms.set(this.cellFroms.subarray(0, cells));
    // the pointers are the table's own: the scratch keeps none past its part (its room kept)
    this.cellAts.fill('', 0, cells);
  }

  /**
   * After a part: a block or scratch grown past its usual size for a part of very many rows or
   * glyphs is let go (the ops cut from the block keep it), so what stays between renders is bounded.
   */
  trim(): void {
    if (this.glyphs.length > ROWS_BLOCK) {
      this.glyphs = new Uint16Array(ROWS_BLOCK);
      this.adjust = new Int32Array(ROWS_BLOCK);
      this.units = new Uint16Array(ROWS_BLOCK);
      this.base = 0;
      this.used = 0;
    }
    if (this.start.length > ROWS_KEPT) {
      this.start = new Int32Array(65);
      this.cellStart = new Int32Array(65);
      this.place = new Float64Array(256);
    }
    if (this.cellFroms.length > 4 * ROWS_KEPT) {
      this.cellFroms = new Int32Array(256);
      this.cellAts = [];
    }
  }

  /** Forgets an op left open (a part that threw): it is not continued. */
  drop(): void {
    this.op = undefined;
    this.base = this.used;
    this.cellAts.fill('', 0, this.cells);
  }
}

/**
 * Glyphs a rows block holds: 32 768 (64 KiB of ids, 128 KiB of adjustments, 64 KiB of scratch
 * units), about fifteen table-10k pages; one block is kept between renders.
 */
const ROWS_BLOCK = 1 << 15;
/** Rows (and four times as many cells) of scratch kept after a part: more are let go (`trim`). */
const ROWS_KEPT = 1024;

const EMPTY_I32 = new Int32Array(0);
const EMPTY_U16 = new Uint16Array(0);
const EMPTY_F64 = new Float64Array(0);

/** A copy of `a` with room for `n` (n > a.length). */
function grown<T extends Int32Array | Uint16Array | Float64Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a as never);
  return b;
}

/** The rows of the part being laid, gathered into rows ops (reused part after part). */
const packer = new RowPacker();

function sameColour(a: Colour, b: Colour): boolean {
  if (a === b) return true;
  // Cells take device colours; a pattern, gradient or declared space is the same only as the same object.
  if (!('c' in a) || !('c' in b) || a.space !== b.space) return false;
  return a.c.every((v: number, i: number) => v === b.c[i]);
}

/**
 * A cell split over several boxes, laid once and kept until its last line is drawn: laying the whole
 * cell again for every box made a cell of n lines cost O(n²) (issue 20: 20 000 lines took 15–31 s).
 * A cell with placeholders is laid for each page, as its page number may change its lines.
 */
const splitCells = new KeptByCell<{ font: FontResource; width: number; laid: LaidCellText }>();

/** A split cell with placeholders, laid once as written and kept until its last line is drawn (engines/text/table-cell-text.ts). */
const pagedCells = new KeptByCell<{ font: FontResource; width: number; paged: PagedCellText }>();

function pagedCellFor(cell: TableCell, font: FontResource, width: number, pc: CellPage): PagedCellText {
  const kept = pagedCells.get(cell);
  if (kept && kept.font === font && kept.width === width) return kept.paged;
  const paged = new PagedCellText(cell, font, width, pc.now);
  pagedCells.set(cell, { font, width, paged });
  return paged;
}

function cellTextFor(cell: TableCell, font: FontResource, width: number, pc: CellPage, split: boolean): LaidCellText {
  if (hasPlaceholders(cell)) return layCellText(cell, font, width, pc)!;
  const kept = split ? splitCells.get(cell) : undefined;
  if (kept && kept.font === font && kept.width === width) return kept.laid;
  const laid = layCellText(cell, font, width, { now: pc.now })!;
  if (split) splitCells.set(cell, { font, width, laid });
  return laid;
}
