// ir/read/table.ts — reading, the table item: columns, rows of cells with their spans laid on a grid,
// header/footer rows, zebra stripes, and the style cascade (cell › row › column › table) decided
// once per cell, so pagination and layout see every cell with every key known. A cell holding two
// things, rows that do not fill the columns, spans past the end are refused here, naming the cell.
import type { ValidateFunction } from 'ajv';
import { DEFAULT_CELL_PADDING, DEFAULT_LEADING_FACTOR } from '../defaults.js';
import type * as D from '../description.generated.js';
import { hasPatterns } from '../hyphenation-languages.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { cellSchema, tableItemSchema } from '../schema/table.js';
import { BARE_TEXT, BareRow, BareShape } from '../table-cells.js';
import type {
  BorderSide,
  CellContent,
  CellStyle,
  CellStyleSpec,
  CodeKind,
  Colour,
  ColumnWidth,
  FontResource,
  ItemBase,
  ResolvedTableItem,
  TableCell,
  TableItem,
  TableRow,
  TextRun,
} from '../types.js';
import { codeReaders, readCodeItem } from './codes.js';
import { check, lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader, RawItem } from './items.js';
import { placeholdersIn, readRun } from './text.js';

/** The style keys each level states (table, column, row, cell), as sent. */
type RawStyle = Pick<
  D.TableItem,
  | 'font'
  | 'font_size'
  | 'leading'
  | 'color'
  | 'align'
  | 'valign'
  | 'overlong'
  | 'break_after'
  | 'hyphenate'
  | 'underline'
  | 'strikethrough'
  | 'overline'
  | 'padding'
  | 'fill'
  | 'border'
>;
/** A column given as an object: its width beside its style keys. */
type RawColumn = Extract<D.TableItem['columns'][number], { width: unknown }>;

export { DEFAULT_CELL_PADDING } from '../defaults.js';

const BLACK: Colour = { space: 'gray', c: [0] };
const NO_STYLE: CellStyleSpec = Object.freeze({});
/** What a cell may hold; two of these in one cell is refused (spec Conventions, contradictory combinations). */
const CONTENT_KEYS = ['text', 'flow', 'image', 'drawing', 'code'] as const;

function readBorder(raw: D.CellBorder | undefined): CellStyleSpec['border'] {
  if (!raw) return undefined;
  const one = (width: number, color: D.Colour | undefined): BorderSide => ({
    width,
    color: color ? readColour(color) : BLACK,
  });
  const all = raw.width !== undefined ? one(raw.width, raw.color) : null;
  const side = (s: D.CellBorderSide | undefined) => (s ? one(s.width, s.color) : all);
  return [side(raw.top), side(raw.right), side(raw.bottom), side(raw.left)];
}

/** The style keys one level (table, column, row, cell) states; `padding` sides it leaves out are inherited. */
function readStyle(raw: RawStyle, p: JsonPointer, inherited?: [number, number, number, number]): CellStyleSpec {
  const s: CellStyleSpec = {};
  if (raw.font !== undefined) s.font = { at: at(p, 'font'), name: raw.font };
  if (raw.font_size !== undefined) s.fontSize = raw.font_size;
  if (raw.leading !== undefined) s.leading = raw.leading;
  if (raw.color !== undefined) s.color = readColour(raw.color);
  if (raw.align !== undefined) s.align = raw.align;
  if (raw.valign !== undefined) s.valign = raw.valign;
  if (raw.overlong !== undefined) s.overlong = raw.overlong;
  if (raw.break_after !== undefined) s.breakAfter = raw.break_after;
  if (raw.hyphenate !== undefined) {
    const h = raw.hyphenate;
    if (!hasPatterns(h)) refuse('hyphenateLanguage', at(p, 'hyphenate'), { language: h, at: at(p, 'hyphenate') });
    s.hyphenate = h.toLowerCase();
  }
  if (raw.underline !== undefined) s.underline = raw.underline;
  if (raw.strikethrough !== undefined) s.strikethrough = raw.strikethrough;
  if (raw.overline !== undefined) s.overline = raw.overline;
  if (raw.fill !== undefined) s.fill = readColour(raw.fill);
  if (raw.border !== undefined) s.border = readBorder(raw.border);
  if (typeof raw.padding === 'number') s.padding = [raw.padding, raw.padding, raw.padding, raw.padding];
  else if (raw.padding && typeof raw.padding === 'object') {
    const o = raw.padding;
    const base = inherited ?? DEFAULT_CELL_PADDING;
    s.padding = [o.top ?? base[0], o.right ?? base[1], o.bottom ?? base[2], o.left ?? base[3]];
  }
  return s;
}

/** The nearest level stating a key wins; `fill` is taken apart (stripes sit between row and column). */
function merge(levels: CellStyleSpec[]): CellStyleSpec {
  const out: CellStyleSpec = {};
  for (const l of levels)
    for (const k of Object.keys(l) as (keyof CellStyleSpec)[])
      if (out[k] === undefined) (out as Record<string, unknown>)[k] = l[k];
  return out;
}

/** Keys that size a picture or drawing in its cell; on any other cell they would do nothing, so they are refused. */
const PICTURE_KEYS = ['fit', 'height'] as const;

/** `placeholdersIn`, without its scan for a text holding no brace (most cells of a long table). */
function cellPlaceholders(text: string, p: JsonPointer): boolean {
  return text.indexOf('{') < 0 && text.indexOf('}}') < 0 ? false : placeholdersIn(text, p);
}

/** What a cell written as an object holds (a bare string is read where the grid is: `BARE_TEXT`, its run made on demand). */
function readContent(c: Exclude<D.TableCell, string>, p: JsonPointer, base: ItemBase): CellContent {
  const present = CONTENT_KEYS.filter((k) => c[k] !== undefined);
  if (present.length > 1)
    refuse('tableCellTwoThings', at(p, present[1]), { cell: p, first: present[0], second: present[1] });
  const key = present[0];
  if (key !== 'image' && key !== 'drawing') {
    for (const k of PICTURE_KEYS)
      if (c[k] !== undefined)
        refuse('tableCellKeyFor', at(p, k), { key: k, at: at(p, k), cell: p, holds: key ?? 'nothing' });
  }
  if (key === undefined) return { kind: 'empty' };
  const kp = at(p, key);
  if (key === 'image' || key === 'drawing') {
    // Fitted into the content box as an image item into its rect (docs/reference.md, "table", cells).
    return { kind: key, at: kp, name: c[key]!, fit: c.fit ?? 'contain', height: c.height };
  }
  if (c.flow !== undefined) return { kind: 'flow', at: kp, text: c.flow, placeholders: placeholdersIn(c.flow, kp) };
  if (c.code !== undefined) {
    const code = c.code;
    // The code is read as a code item of its own (its data refused here if the symbology cannot carry it); its box is the cell's.
    // (Object.assign, not `{ ...code, rect }`: a spread followed by a key gives each object a map of its own, see tableItem)
    const codeRaw = Object.assign({}, code, { rect: { llx: 0, lly: 0, urx: 0, ury: 0 } });
    check<RawItem<CodeKind>>(codeReaders[code.type].validate, codeRaw, kp);
    const cellBase: EveryKey<ItemBase> = {
      at: kp,
      index: base.index,
      pages: base.pages,
      id: undefined,
      transform: undefined,
      rotate: undefined,
      transformAt: undefined,
      rotateAt: undefined,
      layer: base.layer,
      graphicsState: base.graphicsState,
      relativeTo: undefined,
      hang: undefined,
    };
    const item = readCodeItem(codeRaw, cellBase as ItemBase);
    return { kind: 'code', at: kp, code: item as never, height: code.height };
  }
  const text = c.text!;
  const runs: TextRun[] =
    typeof text === 'string'
      ? [{ at: kp, text, placeholders: placeholdersIn(text, kp) }]
      : // Runs as a text item's content: strings, styled `{text, …}` runs, `{date, zone}` runs.
        text.map((r, i) => readRun(r, at(kp, i)));
  return { kind: 'text', at: kp, runs };
}

function decide(spec: CellStyleSpec, p: JsonPointer): CellStyle {
  const fontSize = spec.fontSize ?? 0;
  return {
    font: spec.font ?? { at: p, name: '' },
    fontSize,
    leading: spec.leading ?? DEFAULT_LEADING_FACTOR * fontSize,
    leadingGiven: spec.leading !== undefined,
    color: spec.color ?? BLACK,
    align: spec.align,
    valign: spec.valign ?? 'top',
    overlong: spec.overlong ?? 'overflow',
    breakAfter: spec.breakAfter,
    hyphenate: spec.hyphenate,
    underline: spec.underline ?? false,
    strikethrough: spec.strikethrough ?? false,
    overline: spec.overline ?? false,
    padding: spec.padding ?? DEFAULT_CELL_PADDING,
    fill: spec.fill,
    border: spec.border ?? [null, null, null, null],
  };
}

function readWidth(raw: RawColumn['width']): ColumnWidth {
  if (typeof raw === 'number') return { kind: 'points', v: raw };
  if (raw === 'auto') return { kind: 'auto' };
  return { kind: 'fraction', v: raw.fraction };
}

const isColumnObject = (c: D.TableItem['columns'][number]): c is RawColumn =>
  c !== null && typeof c === 'object' && 'width' in c;

/** The table's schema, checked as a whole when a row is not plainly valid (the refusal then names the first error, as always). */
const validateWhole = lazyValidator(tableItemSchema);
/** One row, one cell: what a row that is not an array of strings is checked against first. */
const validateRow = lazyValidator(tableItemSchema.properties.rows.items);
const validateCell = lazyValidator(cellSchema);
/** The table's schema but for its rows' entries: checked once every row has passed on its own. */
const validateFrame = lazyValidator({
  ...tableItemSchema,
  properties: { ...tableItemSchema.properties, rows: { type: 'array' } },
});

/**
 * Whether every row passes the row schema, told cheaply: an array of strings passes it (a bare string
 * is a cell), anything else is checked row by row or cell by cell. False: the whole schema says why.
 */
function rowsPass(data: unknown): boolean {
  if (data === null || typeof data !== 'object') return false;
  const rows: unknown = (data as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) return false;
  for (let r = 0; r < rows.length; r++) if (!rowPasses(rows[r])) return false;
  return true;
}

/** One row of `rowsPass` (a call a row: optimised in the first render, not re-entered unoptimised in the next). */
function rowPasses(row: unknown): boolean {
  if (!Array.isArray(row)) return validateRow(row);
  for (let i = 0; i < row.length; i++) {
    const cell: unknown = row[i];
    if (typeof cell !== 'string' && !validateCell(cell)) return false;
  }
  return true;
}

/**
 * The table item's schema: rows of plain strings (a 10 000-row table's 50 000 cells) are not walked
 * by ajv one by one. With every row passing, the item passes the schema exactly when it passes the
 * schema without its rows' entries; otherwise the whole schema runs, so a refusal is the one it was.
 */
const validateTable = ((data: unknown) => {
  if (rowsPass(data) && validateFrame(data)) {
    validateTable.errors = null;
    return true;
  }
  const ok = validateWhole(data);
  validateTable.errors = validateWhole.errors;
  return ok;
}) as ValidateFunction<D.TableItem>;
validateTable.schema = tableItemSchema; // what tools/schema.ts ships (itemSchemas)

/** Every key of T, none optional: a class implementing it states them all, so it has one shape. */
type EveryKey<T> = { [K in keyof Required<T>]: T[K] | undefined };

/**
 * The table item, every key stated in one order: a class, not an object literal. Not `{ ...base, … }`:
 * on Node 20 a spread followed by more keys gives each object a map of its own once the code is
 * optimised ("wrong map" every render). Nor a literal: a literal run once a render is made without a
 * boilerplate the first time and with one the second, and making the boilerplate writes placeholders
 * into the fields, widening their recorded types (a `Map`, a rect: "any") — every function optimised
 * in render 1 that read the table through them (layTablePart, keptGroups, joinPlaced, …) was thrown
 * out in render 2 ("code dependencies") and compiled again (bench/README.md, "Eleventh wave: render 2").
 * A class's fields are defined the same way by every construction.
 */
class TableItemRecord implements EveryKey<TableItem> {
  readonly at: TableItem['at'];
  readonly index: TableItem['index'];
  readonly pages: TableItem['pages'];
  readonly id: TableItem['id'];
  readonly transform: TableItem['transform'];
  readonly rotate: TableItem['rotate'];
  readonly transformAt: TableItem['transformAt'];
  readonly rotateAt: TableItem['rotateAt'];
  readonly layer: TableItem['layer'];
  readonly graphicsState: TableItem['graphicsState'];
  readonly relativeTo: TableItem['relativeTo'];
  readonly hang: TableItem['hang'];
  readonly type = 'table' as const;
  readonly rect: TableItem['rect'];
  readonly continuation: TableItem['continuation'];
  readonly columns: TableItem['columns'];
  readonly rows: TableRow[];
  readonly headerRows: number;
  readonly footerRows: number;
  readonly placeholders: boolean;
  // the fields in the order the item's literal had them (an object's keys keep it): no parameter properties
  constructor(
    base: ItemBase,
    rect: TableItem['rect'],
    continuation: TableItem['continuation'],
    columns: TableItem['columns'],
    rows: TableRow[],
    headerRows: number,
    footerRows: number,
    placeholders: boolean,
  ) {
    this.at = base.at;
    this.index = base.index;
    this.pages = base.pages;
    this.id = base.id;
    this.transform = base.transform;
    this.rotate = base.rotate;
    this.transformAt = base.transformAt;
    this.rotateAt = base.rotateAt;
    this.layer = base.layer;
    this.graphicsState = base.graphicsState;
    this.relativeTo = base.relativeTo;
    this.hang = base.hang;
    this.rect = rect;
    this.continuation = continuation;
    this.columns = columns;
    this.rows = rows;
    this.headerRows = headerRows;
    this.footerRows = footerRows;
    this.placeholders = placeholders;
  }
}

/** The table with its fonts found (the names pass): a class as `TableItemRecord`, one key more. */
class ResolvedTableItemRecord extends TableItemRecord implements EveryKey<ResolvedTableItem> {
  readonly fontRes: Map<string, FontResource>;
  constructor(t: TableItem, fontRes: Map<string, FontResource>) {
    super(t, t.rect, t.continuation, t.columns, t.rows, t.headerRows, t.footerRows, t.placeholders);
    this.fontRes = fontRes;
  }
}

/** The table item as read (see `TableItemRecord`). */
export function tableItem(
  base: ItemBase,
  rect: TableItem['rect'],
  continuation: TableItem['continuation'],
  columns: TableItem['columns'],
  rows: TableRow[],
  headerRows: number,
  footerRows: number,
  placeholders: boolean,
): TableItem {
  return new TableItemRecord(
    base,
    rect,
    continuation,
    columns,
    rows,
    headerRows,
    footerRows,
    placeholders,
  ) as TableItem;
}

/** The table with its fonts found (the names pass). */
export function resolvedTableItem(t: TableItem, fontRes: Map<string, FontResource>): ResolvedTableItem {
  return new ResolvedTableItemRecord(t, fontRes) as ResolvedTableItem;
}

/** Whether a row is an array of bare strings (the common row of a long table: read by `TableGrid.bareRow`). */
function allStrings(row: unknown): row is string[] {
  if (!Array.isArray(row)) return false;
  for (let i = 0; i < row.length; i++) if (typeof row[i] !== 'string') return false;
  return true;
}

/** A column as read: its width and the style keys it states. */
type ReadColumn = { at: JsonPointer; width: ColumnWidth; style: CellStyleSpec };

/**
 * A table's rows read onto its grid, one row a call (small methods: a 10 000-row table's reading is
 * optimised after a few hundred rows, not held in one long loop waiting for on-stack replacement).
 * Rows of bare strings keep no cell (ir/table-cells.ts `BareRow`); pointers are made only for a
 * refusal, a placeholder check or a style decided the first time.
 */
class TableGrid {
  /** Whether any cell's text holds a placeholder or brace escape (pagination's `{page_of:…}` check skips a table without). */
  placeholders = false;
  /** Which columns of each row are taken (a row span from above, or the row's own cells): row r's columns at r × nCols. */
  private readonly occupied: Uint8Array;
  /**
   * Cells that state no style of their own, in rows that state none, share one decided style per
   * column and stripe: a 10 000-row table holds a handful of style objects, not 50 000.
   */
  private readonly shared = new Map<number, CellStyle>();
  /**
   * The shape of rows of bare strings with no row span from above, by stripe index + 1. Made at its
   * length, so its elements kind is the same in every render (a `[]` filled as rows come changes
   * kind on the first row, and the optimised reader was thrown out again each render: "wrong map").
   */
  private readonly shapes: (BareShape | undefined)[];
  private readonly nCols: number;
  /** `<table>/rows/`: every row's pointer starts so (`/items/1/rows/` + `7`). */
  private readonly rowsAt: JsonPointer;
  private readonly rowHeight: number;
  private readonly splitRows: boolean;

  constructor(
    private readonly raw: D.TableItem,
    private readonly base: ItemBase,
    private readonly columns: ReadColumn[],
    private readonly tableStyle: CellStyleSpec,
    private readonly stripes: Colour[] | undefined,
    private readonly headerRows: number,
    private readonly footerRows: number,
  ) {
    this.nCols = columns.length;
    this.occupied = new Uint8Array(raw.rows.length * this.nCols);
    this.rowsAt = `${base.at}/rows/`;
    this.rowHeight = raw.row_height ?? 0;
    this.splitRows = raw.split_rows ?? false;
    this.shapes = new Array<BareShape | undefined>((stripes?.length ?? 0) + 1).fill(undefined);
  }

  private section(r: number): 'header' | 'body' | 'footer' {
    return r < this.headerRows ? 'header' : r >= this.raw.rows.length - this.footerRows ? 'footer' : 'body';
  }

  /** Zebra stripes count body rows from the first, across every box, so a continuation keeps the rhythm; −1: none. */
  private stripeIndex(r: number): number {
    const stripes = this.stripes;
    return this.section(r) === 'body' && stripes ? (r - this.headerRows) % stripes.length : -1;
  }

  /** The style of a cell stating `own` in column col of a row stating `rowStyle` (`plainRow`: none); shared when it can be. */
  private styleOf(
    own: CellStyleSpec,
    rowStyle: CellStyleSpec,
    plainRow: boolean,
    col: number,
    stripeIndex: number,
    cp: () => JsonPointer,
  ): CellStyle {
    const key = (col + 1) * 1024 + stripeIndex + 1;
    const plain = plainRow && own === NO_STYLE && stripeIndex < 1023;
    let style = plain ? this.shared.get(key) : undefined;
    if (!style) {
      const stripe = stripeIndex >= 0 ? this.stripes![stripeIndex] : undefined;
      style = decide(
        merge([own, rowStyle, stripe ? { fill: stripe } : NO_STYLE, this.columns[col].style, this.tableStyle]),
        cp(),
      );
      if (plain) this.shared.set(key, style);
    }
    return style;
  }

  /** Row r of the grid's width: refused unless its cells and the row spans from above fill every column. */
  private checkFilled(r: number): void {
    const nCols = this.nCols;
    let filled = 0;
    for (let k = 0; k < nCols; k++) filled += this.occupied[r * nCols + k];
    if (filled !== nCols) {
      const rp = this.rowsAt + r;
      refuse('tableRowWidth', rp, { row: rp, filled, columns: nCols });
    }
  }

  /** Cell i of row r of bare strings: its pointer, made for a refusal or a style decided the first time. */
  private bareAt(r: number, i: number): JsonPointer {
    return `${this.rowsAt}${r}/${i}`;
  }

  /** A row written as an array of bare strings: one column, one row, no style of its own each (refusals as for any row). */
  bareRow(texts: string[], r: number): BareRow {
    const nCols = this.nCols,
      occupied = this.occupied,
      o = r * nCols;
    let fromAbove = false;
    for (let k = 0; k < nCols; k++) if (occupied[o + k]) fromAbove = true;
    const cols: number[] | undefined = fromAbove ? new Array(texts.length) : undefined;
    let col = 0;
    for (let i = 0; i < texts.length; i++) {
      while (col < nCols && occupied[o + col]) col++;
      if (col + 1 > nCols) {
        const rp = this.rowsAt + r;
        refuse('tableRowWidth', rp, { row: rp, filled: col + 1, columns: nCols });
      }
      occupied[o + col] = 1;
      if (cols) cols[i] = col;
      // The placeholders' syntax is checked now (a refusal names the cell); the run is made when asked (`cellRuns`).
      const t = texts[i];
      if ((t.indexOf('{') >= 0 || t.indexOf('}}') >= 0) && placeholdersIn(t, this.bareAt(r, i)))
        this.placeholders = true;
      col++;
    }
    this.checkFilled(r);
    const stripeIndex = this.stripeIndex(r);
    const shape = (cols ? undefined : this.shapes[stripeIndex + 1]) ?? this.bareShape(texts, r, cols, stripeIndex);
    return new BareRow(texts, shape, r);
  }

  /**
   * The columns and styles of row r of bare strings (`cols`: its columns under a row span from above,
   * else its own), its styles checked once for every row of the shape (no check left in `bareRow`).
   */
  private bareShape(texts: string[], r: number, cols: number[] | undefined, stripeIndex: number): BareShape {
    const ofCell = cols ?? Array.from(texts, (_, i) => i);
    const styles = ofCell.map((c, i) =>
      this.styleOf(NO_STYLE, NO_STYLE, true, c, stripeIndex, () => this.bareAt(r, i)),
    );
    // A style shared by several cells is checked once: the first cell holding text with it is the one named.
    let checked: CellStyle | undefined;
    for (let i = 0; i < styles.length; i++) {
      const s = styles[i];
      if (s === checked) continue;
      if (!s.font.name) refuse('tableCellNeeds', this.bareAt(r, i), { cell: this.bareAt(r, i), key: 'font' });
      if (!s.fontSize) refuse('tableCellNeeds', this.bareAt(r, i), { cell: this.bareAt(r, i), key: 'font_size' });
      checked = s;
    }
    const shape = new BareShape(this.rowsAt, ofCell, styles, this.rowHeight, this.splitRows);
    if (!cols) this.shapes[stripeIndex + 1] = shape;
    return shape;
  }

  /** A row written as an object, or an array holding a cell written as an object: its cells kept, each one object. */
  objectRow(rr: D.TableItem['rows'][number], r: number): TableRow {
    const nCols = this.nCols,
      occupied = this.occupied,
      columns = this.columns,
      nRows = this.raw.rows.length;
    const rp = this.rowsAt + r;
    const row = Array.isArray(rr) ? undefined : rr;
    const cellsAt = row !== undefined ? `${rp}/cells/` : `${rp}/`;
    const rawCells = Array.isArray(rr) ? rr : rr.cells;
    const rowStyle = row ? readStyle(row, rp, this.tableStyle.padding) : NO_STYLE;
    const plainRow = rowStyle === NO_STYLE || Object.keys(rowStyle).length === 0;
    const section = this.section(r);
    const stripeIndex = this.stripeIndex(r);
    let col = 0;
    // Of the row's length at once (a pushed array keeps spare room: ~100 bytes a row).
    const cells: TableCell[] = new Array(rawCells.length);
    for (let i = 0; i < rawCells.length; i++) {
      const rc = rawCells[i];
      const cp = cellsAt + i;
      while (col < nCols && occupied[r * nCols + col]) col++;
      if (typeof rc === 'string') {
        // A bare string: one column, one row, no style of its own, one run.
        if (col + 1 > nCols) refuse('tableRowWidth', rp, { row: rp, filled: col + 1, columns: nCols });
        occupied[r * nCols + col] = 1;
        const style = this.styleOf(NO_STYLE, rowStyle, plainRow, col, stripeIndex, () => cp);
        if (cellPlaceholders(rc, cp)) this.placeholders = true;
        cells[i] = { at: cp, content: BARE_TEXT, text: rc, col, colSpan: 1, rowSpan: 1, style };
        col++;
        continue;
      }
      const c = rc;
      const colSpan = c.col_span ?? 1;
      const rowSpan = c.row_span ?? 1;
      if (col + colSpan > nCols) refuse('tableRowWidth', rp, { row: rp, filled: col + colSpan, columns: nCols });
      const lastRow = r + rowSpan - 1;
      if (lastRow >= nRows)
        refuse('tableSpanPastEnd', at(cp, 'row_span'), { cell: cp, rows: rowSpan, end: 'last row of the table' });
      if (this.section(lastRow) !== section)
        refuse('tableSpanPastEnd', at(cp, 'row_span'), {
          cell: cp,
          rows: rowSpan,
          end: `end of the ${section} rows`,
        });
      for (let rr2 = r; rr2 <= lastRow; rr2++) for (let k = col; k < col + colSpan; k++) occupied[rr2 * nCols + k] = 1;
      const ownStyle = readStyle(c, cp, rowStyle.padding ?? columns[col].style.padding ?? this.tableStyle.padding);
      const own = Object.keys(ownStyle).length === 0 ? NO_STYLE : ownStyle;
      const style = this.styleOf(own, rowStyle, plainRow, col, stripeIndex, () => cp);
      const content = readContent(c, cp, this.base);
      if (
        (content.kind === 'flow' && content.placeholders) ||
        (content.kind === 'text' && content.runs?.some((run) => run.placeholders))
      )
        this.placeholders = true;
      // the same keys in the same order as a bare-string cell's: one object shape for every cell
      cells[i] = { at: cp, content, text: undefined, col, colSpan, rowSpan, style };
      col += colSpan;
    }
    this.checkFilled(r);
    // A style shared by several cells is checked once: the first cell holding text with it is the one named.
    let checked: CellStyle | undefined;
    for (const cell of cells) {
      if (cell.content.kind !== 'text' && cell.content.kind !== 'flow') continue;
      if (cell.style === checked) continue;
      if (!cell.style.font.name) refuse('tableCellNeeds', cell.at, { cell: cell.at, key: 'font' });
      if (!cell.style.fontSize) refuse('tableCellNeeds', cell.at, { cell: cell.at, key: 'font_size' });
      checked = cell.style;
    }
    // every key from creation (none added later): one object shape for every such row
    return {
      at: rp,
      cells,
      minHeight: row?.height ?? this.rowHeight,
      split: row?.split ?? this.splitRows,
      keepWithNext: row?.keep_with_next ? true : undefined,
      bare: undefined,
    };
  }
}

/**
 * The rows read into `rows`: the loop alone in its own function. `read` runs once a table and gets
 * optimised on the stack in the middle of this loop (on-stack replacement) before the code after it
 * ever ran, so with the loop in `read` that code had no type feedback and the optimised `read` was
 * thrown out in the next render ("insufficient type feedback") and compiled again. A function that
 * is only the loop has no code after it.
 */
function readRows(grid: TableGrid, rawRows: D.TableItem['rows'], rows: TableRow[]): void {
  for (let r = 0; r < rawRows.length; r++) {
    const rr = rawRows[r];
    rows[r] = allStrings(rr) ? grid.bareRow(rr, r) : grid.objectRow(rr, r);
  }
}

export const tableReader: ItemReader<'table'> = {
  validate: validateTable,
  read(raw, base: ItemBase): TableItem {
    const p = base.at;
    const tableStyle = readStyle(raw, p);
    const columns: ReadColumn[] = raw.columns.map((c, i) => {
      const cp = at(p, 'columns', i);
      return isColumnObject(c)
        ? { at: cp, width: readWidth(c.width), style: readStyle(c, cp, tableStyle.padding) }
        : { at: cp, width: readWidth(c), style: {} };
    });
    const rawRows = raw.rows;
    const headerRows = raw.header_rows ?? 0;
    const footerRows = raw.footer_rows ?? 0;
    if (headerRows + footerRows > rawRows.length) {
      refuse('tableSectionRows', at(p, headerRows > rawRows.length ? 'header_rows' : 'footer_rows'), {
        headerRows,
        footerRows,
        at: p,
        rows: rawRows.length,
      });
    }
    const stripes = raw.stripes?.map((c, i) => readColour(c, at(p, 'stripes', i)));
    const grid = new TableGrid(raw, base, columns, tableStyle, stripes, headerRows, footerRows);
    const rows: TableRow[] = new Array(rawRows.length);
    readRows(grid, rawRows, rows);
    return tableItem(
      base,
      readRect(raw.rect, at(p, 'rect')),
      raw.continuation === undefined ? undefined : readRect(raw.continuation, at(p, 'continuation')),
      columns.map(({ at: cAt, width }) => ({ at: cAt, width })),
      rows,
      headerRows,
      footerRows,
      grid.placeholders,
    );
  },
};
