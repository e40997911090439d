// passes/pagination/table-fit.ts — pagination sub-step: a measured table fitted into its chain of
// boxes (`rect` on its first page, `continuation` on every later one), creating the pages it needs.
// Header rows open every box, footer rows close it; body rows follow in order, each exactly once.
// Rows are kept together unless `split` allows it; a row taller than a whole box is split between
// lines anyway, and one that cannot be split is refused naming it (never silently lost). The page
// ceiling is checked as each page is opened, so a runaway table stops before it eats memory.

import type { Box } from '../../engines/geometry/coordinates.js';
import { linesHeight, linesThatFit } from '../../engines/text/table-cell-text.js';
import { maxOf } from '../../ir/bounded.js';
import type { MeasuredTable } from '../../ir/measured-table.js';
import { refuse } from '../../ir/messages.js';
import type { PlacedRow, ResolvedTableItem } from '../../ir/types.js';

const EPS = 1e-6;
/** Cell contents that are never cut between boxes, as the refusal names them. */
const HELD_WHOLE: Record<string, string | undefined> = { code: 'a code', image: 'an image', drawing: 'a drawing' };

export interface FittedPart {
  page: number;
  box: Box;
  rows: PlacedRow[] /** top of the first row and bottom of the last, points */;
  top: number;
  bottom: number;
}

export interface FitInput {
  table: ResolvedTableItem;
  m: MeasuredTable;
  startPage: number;
  startBox: Box;
  /** The continuation box on a later page. */
  boxOn(page: number): Box;
  ceiling: number;
  /**
   * A chain of boxes other than one a page (a table in a story, passes/pagination/flow-fit.ts): the
   * next box and its page (refusing past the ceiling itself), and the box after the current one.
   */
  chain?: { next(): { page: number; box: Box }; peek(): Box };
}

const fmt = (n: number) => +n.toFixed(2);

export function fitTable(inp: FitInput): FittedPart[] {
  const { table: t, m } = inp;
  const nRows = t.rows.length;
  const headerEnd = t.headerRows;
  const footerStart = nRows - t.footerRows;
  let headerH = 0,
    footerH = 0;
  for (let r = 0; r < headerEnd; r++) headerH += m.heights[r];
  for (let r = footerStart; r < nRows; r++) footerH += m.heights[r];
  const body = keptGroups(t, m, bodyUnits(m, nRows, headerEnd, footerStart), footerStart, () => {
    const b = inp.chain ? inp.chain.peek() : inp.boxOn(inp.startPage + 1);
    return b.ury - b.lly - headerH - footerH;
  });

  const parts: FittedPart[] = [];
  let page = inp.startPage;
  let box = inp.startBox;
  let rows: PlacedRow[] = [];
  let y = 0;
  let bodyInBox = 0;
  const open = () => {
    rows = [];
    y = box.ury;
    bodyInBox = 0;
    for (let r = 0; r < headerEnd; r++) {
      rows.push({ row: r, top: y, height: m.heights[r] });
      y -= m.heights[r];
    }
  };
  const close = () => {
    // A first box that holds no body row is given up (no header stranded without rows): the table starts in the next box.
    if (parts.length === 0 && bodyInBox === 0 && body.count > 0) return;
    for (let r = footerStart; r < nRows; r++) {
      rows.push({ row: r, top: y, height: m.heights[r] });
      y -= m.heights[r];
    }
    parts.push({ page, box, rows, top: box.ury, bottom: y });
  };
  const fitsSections = (b: Box) => headerH + footerH <= b.ury - b.lly + EPS;
  const next = () => {
    close();
    if (inp.chain) ({ page, box } = inp.chain.next());
    else {
      page++;
      if (page > inp.ceiling) refuse('tablePastCeiling', t.at, { at: t.at, ceiling: inp.ceiling });
      box = inp.boxOn(page);
    }
    if (!fitsSections(box))
      refuse('tableSectionsTooTall', t.at, {
        at: t.at,
        need: fmt(headerH + footerH),
        room: fmt(box.ury - box.lly),
        box: 'a continuation box',
      });
    open();
  };
  /** Room for body rows in a fresh continuation box. */
  const freshRoom = () => {
    const b = inp.chain ? inp.chain.peek() : inp.boxOn(page + 1);
    return b.ury - b.lly - headerH - footerH;
  };
  const bottomLimit = () => box.lly + footerH;

  if (!fitsSections(box)) {
    // Header and footer rows that do not fit the first box: start in the continuation box, if they fit there.
    if (body.count === 0 || !fitsSections(inp.chain ? inp.chain.peek() : inp.boxOn(page + 1)))
      refuse('tableSectionsTooTall', t.at, {
        at: t.at,
        need: fmt(headerH + footerH),
        room: fmt(box.ury - box.lly),
        box: 'its rect',
      });
    open();
    next();
  } else {
    open();
  }
  for (let u = 0; u < body.count; u++) {
    const a = body.start[u],
      b = body.end[u];
    let uh = 0;
    for (let r = a; r <= b; r++) uh += m.heights[r];
    if (y - uh >= bottomLimit() - EPS) {
      for (let r = a; r <= b; r++) {
        rows.push({ row: r, top: y, height: m.heights[r] });
        y -= m.heights[r];
      }
      bodyInBox++;
      continue;
    }
    const row = t.rows[a];
    const cells = row.cells;
    const k0 = m.first[a];
    const held = cells.find((c) => HELD_WHOLE[c.content.kind]);
    const whyNot =
      a !== b
        ? 'its rows are held together by a row span'
        : held
          ? `it holds ${HELD_WHOLE[held.content.kind]}`
          : undefined;
    const room = freshRoom();
    const tooTall = uh > room + EPS;
    if (whyNot !== undefined || (!row.split && !tooTall)) {
      // Here a row too tall for a fresh box is one that cannot be split (others are split below).
      if (tooTall)
        refuse('tableRowTooTall', row.at, {
          row: row.at,
          need: fmt(uh),
          room: fmt(room),
          reason: whyNot ?? 'it cannot be split',
        });
      next();
      if (y - uh < bottomLimit() - EPS)
        refuse('tableRowTooTall', row.at, {
          row: row.at,
          need: fmt(uh),
          room: fmt(y - bottomLimit()),
          reason: whyNot ?? 'it cannot be split',
        });
      for (let r = a; r <= b; r++) {
        rows.push({ row: r, top: y, height: m.heights[r] });
        y -= m.heights[r];
      }
      bodyInBox++;
      continue;
    }
    // Split between lines: each piece shows, per cell, the lines that fit the room left.
    const texts = cells.map((_, i) => m.text[k0 + i]);
    const from = cells.map(() => 0);
    for (;;) {
      const left = texts.map((x, i) => (x ? x.lines.length - from[i] : 0));
      const restNeed = Math.max(
        0,
        maxOf(
          cells.map((c, i) =>
            texts[i] && left[i] > 0
              ? linesHeight(texts[i], from[i]) + c.style.padding[0] + c.style.padding[2]
              : c.style.padding[0] + c.style.padding[2],
          ),
        ),
      );
      const roomHere = y - bottomLimit();
      if (restNeed <= roomHere + EPS) {
        rows.push({
          row: a,
          top: y,
          height: restNeed,
          lines: texts.map((x, i) => [from[i], x ? x.lines.length : 0]),
        });
        y -= restNeed;
        bodyInBox++;
        break;
      }
      const shown = cells.map((c, i) =>
        texts[i] ? linesThatFit(texts[i], from[i], roomHere - c.style.padding[0] - c.style.padding[2]) : 0,
      );
      if (shown.every((k, i) => k === 0 || left[i] === 0) || shown.every((k) => k === 0)) {
        if (bodyInBox === 0)
          refuse('tableRowTooTall', row.at, {
            row: row.at,
            need: fmt(restNeed),
            room: fmt(roomHere),
            reason: 'one of its lines alone is taller than the box',
          });
        next();
        continue;
      }
      const h = maxOf(
        cells.map((c, i) =>
          shown[i] > 0
            ? linesHeight(texts[i]!, from[i], from[i] + shown[i]) + c.style.padding[0] + c.style.padding[2]
            : 0,
        ),
      );
      rows.push({ row: a, top: y, height: h, lines: cells.map((_, i) => [from[i], from[i] + shown[i]]) });
      y -= h;
      bodyInBox++;
      cells.forEach((_, i) => {
        from[i] += shown[i];
      });
      next();
    }
  }
  close();
  return parts;
}

/**
 * The body's units joined into row groups where a row says `keep_with_next` (docs/reference.md,
 * "table"): a unit whose last row keeps with the next is joined to the next unit, so the group moves
 * whole to the next box as a row span's rows do. A group that would be taller than a fresh box
 * (`room()`, asked only when some row keeps) is not joined there: the keep gives way rather than
 * refusing the table, as a paragraph's `keep_together` does.
 */
function keptGroups(
  t: ResolvedTableItem,
  m: MeasuredTable,
  units: Units,
  footerStart: number,
  room: () => number,
): Units {
  let keeps = false;
  for (let u = 0; u < units.count && !keeps; u++) {
    const b = units.end[u];
    keeps = !!t.rows[b].keepWithNext && b + 1 < footerStart;
  }
  if (!keeps) return units;
  const fresh = room();
  const height = (a: number, b: number) => {
    let h = 0;
    for (let r = a; r <= b; r++) h += m.heights[r];
    return h;
  };
  const out: Units = { start: new Int32Array(units.count), end: new Int32Array(units.count), count: 0 };
  for (let u = 0; u < units.count; u++) {
    const a = units.start[u],
      b = units.end[u];
    const last = out.count - 1;
    if (last >= 0 && t.rows[out.end[last]].keepWithNext && height(out.start[last], b) <= fresh + EPS) out.end[last] = b;
    else {
      out.start[out.count] = a;
      out.end[out.count] = b;
      out.count++;
    }
  }
  return out;
}

/** Units of rows, [start[u], end[u]] inclusive for u < count, in order (typed arrays: no pair per unit). */
interface Units {
  start: Int32Array;
  end: Int32Array;
  count: number;
}

/** The measured table's units starting in the body (rows [headerEnd, footerStart)). */
function bodyUnits(m: MeasuredTable, nRows: number, headerEnd: number, footerStart: number): Units {
  let count = 0;
  for (let a = 0; a < nRows; a = m.unitEnd[a] + 1) if (a >= headerEnd && a < footerStart) count++;
  const out: Units = { start: new Int32Array(count), end: new Int32Array(count), count: 0 };
  for (let a = 0; a < nRows; a = m.unitEnd[a] + 1)
    if (a >= headerEnd && a < footerStart) {
      out.start[out.count] = a;
      out.end[out.count] = m.unitEnd[a];
      out.count++;
    }
  return out;
}
