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
  const f = new TableFit(inp);
  fitUnits(f, f.body);
  f.close();
  return f.parts;
}

/**
 * The body's units placed, one `unit` call a unit: a function holding only the loop, so `fitTable`
 * (run once a table) is not optimised on the stack inside it before the code after it ran, and thrown
 * out in the next render for want of type feedback there.
 */
function fitUnits(f: TableFit, body: Units): void {
  for (let u = 0; u < body.count; u++) f.unit(body.start[u], body.end[u]);
}

/**
 * One table's fitting, its state on an object and its steps as methods (not closures made a call:
 * the optimised code of one render called the last render's closures, "wrong call target"); a unit
 * of rows placed a call, so the per-unit work is optimised in the first render and kept.
 */
class TableFit {
  readonly parts: FittedPart[] = [];
  readonly body: Units;
  private readonly t: ResolvedTableItem;
  private readonly m: MeasuredTable;
  private readonly nRows: number;
  private readonly headerEnd: number;
  private readonly footerStart: number;
  private readonly headerH: number;
  private readonly footerH: number;
  private page: number;
  private box: Box;
  private rows: PlacedRow[] = [];
  private y = 0;
  private bodyInBox = 0;

  constructor(private readonly inp: FitInput) {
    const { table: t, m } = inp;
    this.t = t;
    this.m = m;
    const nRows = t.rows.length;
    const headerEnd = t.headerRows;
    const footerStart = nRows - t.footerRows;
    let headerH = 0,
      footerH = 0;
    for (let r = 0; r < headerEnd; r++) headerH += m.heights[r];
    for (let r = footerStart; r < nRows; r++) footerH += m.heights[r];
    this.nRows = nRows;
    this.headerEnd = headerEnd;
    this.footerStart = footerStart;
    this.headerH = headerH;
    this.footerH = footerH;
    this.body = keptGroups(t, m, bodyUnits(m, nRows, headerEnd, footerStart), footerStart, () => {
      const b = inp.chain ? inp.chain.peek() : inp.boxOn(inp.startPage + 1);
      return b.ury - b.lly - headerH - footerH;
    });
    this.page = inp.startPage;
    this.box = inp.startBox;
    if (!this.fitsSections(this.box)) {
      // Header and footer rows that do not fit the first box: start in the continuation box, if they fit there.
      if (this.body.count === 0 || !this.fitsSections(inp.chain ? inp.chain.peek() : inp.boxOn(this.page + 1)))
        refuse('tableSectionsTooTall', t.at, {
          at: t.at,
          need: fmt(headerH + footerH),
          room: fmt(this.box.ury - this.box.lly),
          box: 'its rect',
        });
      this.open();
      this.next();
    } else {
      this.open();
    }
  }

  private open(): void {
    this.rows = [];
    this.y = this.box.ury;
    this.bodyInBox = 0;
    for (let r = 0; r < this.headerEnd; r++) this.place(r);
  }

  /** Row r whole, at the top of what is left of the box. */
  private place(r: number): void {
    const h = this.m.heights[r];
    this.rows.push({ row: r, top: this.y, height: h });
    this.y -= h;
  }

  close(): void {
    // A first box that holds no body row is given up (no header stranded without rows): the table starts in the next box.
    if (this.parts.length === 0 && this.bodyInBox === 0 && this.body.count > 0) return;
    for (let r = this.footerStart; r < this.nRows; r++) this.place(r);
    this.parts.push({ page: this.page, box: this.box, rows: this.rows, top: this.box.ury, bottom: this.y });
  }

  private fitsSections(b: Box): boolean {
    return this.headerH + this.footerH <= b.ury - b.lly + EPS;
  }

  private next(): void {
    this.close();
    const inp = this.inp;
    const t = this.t;
    if (inp.chain) ({ page: this.page, box: this.box } = inp.chain.next());
    else {
      this.page++;
      if (this.page > inp.ceiling) refuse('tablePastCeiling', t.at, { at: t.at, ceiling: inp.ceiling });
      this.box = inp.boxOn(this.page);
    }
    if (!this.fitsSections(this.box))
      refuse('tableSectionsTooTall', t.at, {
        at: t.at,
        need: fmt(this.headerH + this.footerH),
        room: fmt(this.box.ury - this.box.lly),
        box: 'a continuation box',
      });
    this.open();
  }

  /** Room for body rows in a fresh continuation box. */
  private freshRoom(): number {
    const inp = this.inp;
    const b = inp.chain ? inp.chain.peek() : inp.boxOn(this.page + 1);
    return b.ury - b.lly - this.headerH - this.footerH;
  }

  private bottomLimit(): number {
    return this.box.lly + this.footerH;
  }

  /** Body unit [a, b]: in this box if it fits, else moved whole to the next, or split between lines. */
  unit(a: number, b: number): void {
    const heights = this.m.heights;
    let uh = 0;
    for (let r = a; r <= b; r++) uh += heights[r];
    if (this.y - uh >= this.bottomLimit() - EPS) {
      for (let r = a; r <= b; r++) this.place(r);
      this.bodyInBox++;
      return;
    }
    this.overflow(a, b, uh);
  }

  /** A unit that does not fit what is left of the box (once a box, at most). */
  private overflow(a: number, b: number, uh: number): void {
    const { t, m } = this;
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
    const room = this.freshRoom();
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
      this.next();
      if (this.y - uh < this.bottomLimit() - EPS)
        refuse('tableRowTooTall', row.at, {
          row: row.at,
          need: fmt(uh),
          room: fmt(this.y - this.bottomLimit()),
          reason: whyNot ?? 'it cannot be split',
        });
      for (let r = a; r <= b; r++) this.place(r);
      this.bodyInBox++;
      return;
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
      const roomHere = this.y - this.bottomLimit();
      if (restNeed <= roomHere + EPS) {
        this.rows.push({
          row: a,
          top: this.y,
          height: restNeed,
          lines: texts.map((x, i) => [from[i], x ? x.lines.length : 0]),
        });
        this.y -= restNeed;
        this.bodyInBox++;
        break;
      }
      const shown = cells.map((c, i) =>
        texts[i] ? linesThatFit(texts[i], from[i], roomHere - c.style.padding[0] - c.style.padding[2]) : 0,
      );
      if (shown.every((k, i) => k === 0 || left[i] === 0) || shown.every((k) => k === 0)) {
        if (this.bodyInBox === 0)
          refuse('tableRowTooTall', row.at, {
            row: row.at,
            need: fmt(restNeed),
            room: fmt(roomHere),
            reason: 'one of its lines alone is taller than the box',
          });
        this.next();
        continue;
      }
      const h = maxOf(
        cells.map((c, i) =>
          shown[i] > 0
            ? linesHeight(texts[i]!, from[i], from[i] + shown[i]) + c.style.padding[0] + c.style.padding[2]
            : 0,
        ),
      );
      this.rows.push({ row: a, top: this.y, height: h, lines: cells.map((_, i) => [from[i], from[i] + shown[i]]) });
      this.y -= h;
      this.bodyInBox++;
      cells.forEach((_, i) => {
        from[i] += shown[i];
      });
      this.next();
    }
  }
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
  const count = countBodyUnits(m.unitEnd, nRows, headerEnd, footerStart);
  const out: Units = { start: new Int32Array(count), end: new Int32Array(count), count: 0 };
  out.count = fillBodyUnits(m.unitEnd, nRows, headerEnd, footerStart, out.start, out.end);
  return out;
}

// The two walks over the units each a function of its own, only the loop: `bodyUnits` runs once a
// table, and with its loops in it V8 optimised it on the stack in the first loop, before the code
// after ran (no type feedback there), and threw it out in the next render ("insufficient type
// feedback for construct") to compile it again.

/** How many units start in the body (rows [headerEnd, footerStart)). */
function countBodyUnits(unitEnd: Int32Array, nRows: number, headerEnd: number, footerStart: number): number {
  let count = 0;
  for (let a = 0; a < nRows; a = unitEnd[a] + 1) if (a >= headerEnd && a < footerStart) count++;
  return count;
}

/** The units starting in the body written into start and end; their count. */
function fillBodyUnits(
  unitEnd: Int32Array,
  nRows: number,
  headerEnd: number,
  footerStart: number,
  start: Int32Array,
  end: Int32Array,
): number {
  let count = 0;
  for (let a = 0; a < nRows; a = unitEnd[a] + 1)
    if (a >= headerEnd && a < footerStart) {
      start[count] = a;
      end[count] = unitEnd[a];
      count++;
    }
  return count;
}
