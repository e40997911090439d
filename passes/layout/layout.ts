// passes/layout/layout.ts — pass 5 of 7: every item on every page becomes positioned drawing operations
// (rect fills, paths, glyph runs, placed drawings) in page coordinates, with coordinates evaluated now
// that the page number and the page total are known; each item's ops are wrapped once for its
// matrix, graphics state, layer and clip (layout/wrap.ts). Declared drawings, tiling cells and Type 3
// glyphs are laid once, in their own box. Links and form fields become annotations beside the ops.
// PagedIr → LaidOutIr.
// Sub-steps live in passes/layout/.

import type { Type3Face } from '../../engines/fonts/type3-face.js';
import { type Box, hangBox, itemMatrix, pageBindings, rectValue } from '../../engines/geometry/coordinates.js';
import { segOps, segsBox, shapeBox } from '../../engines/geometry/shapes.js';
import type { TextPageContext } from '../../engines/text/runs.js';
import { pushAll } from '../../ir/bounded.js';
import type { LaidOutWidget } from '../../ir/form-types.js';
import { isField } from '../../ir/form-types.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import { remark } from '../../ir/messages.js';
import type { LaidOutLink } from '../../ir/navigation-types.js';
import type { StructureSpec } from '../../ir/structure-types.js';
import type {
  CodeItem,
  Colour,
  DocSettings,
  DrawOp,
  Item,
  LaidOutIr,
  LaidOutPage,
  LinkItem,
  Matrix,
  PagedIr,
  PageSize,
  PlacedItem,
  Remark,
  ResolvedFlowItem,
  ResolvedImageItem,
  ResolvedImportedPageItem,
  ResolvedTextPathItem,
  ShapeItem,
} from '../../ir/types.js';
import type { Pass, PassContext } from '../pass.js';
import { layCodeItem } from './codes.js';
import { anyColourFont, colourLayered } from './colour-layers.js';
import { layContentsLinks } from './contents-links.js';
import { layFlowItem } from './flow.js';
import { layFlowPart } from './flow-part.js';
import { layField } from './forms.js';
import { layImageItem } from './images.js';
import { importedPageOp, rectPath, spills } from './imported.js';
import { layLink } from './links.js';
import { offPage } from './off-page.js';
import { layRect, layShape } from './shapes.js';
import { cellMarks, marked, markItemOps, paragraphMarks } from './structure-marks.js';
import { layTablePart } from './table.js';
import { layTextItem } from './text-item.js';
import { layTextPathItem } from './text-path.js';
import { wrapItem, wrapTablePart } from './wrap.js';

const SHAPE_KINDS: ReadonlySet<string> = new Set(['line', 'path', 'polygon', 'ellipse', 'drawing']);
const CODE_KINDS: ReadonlySet<string> = new Set(['code128', 'ean13', 'qr_code', 'data_matrix', 'pdf417']);

/**
 * Lays items in drawing order under bindings `b` (a page, or a drawing's box); links of a page go to
 * `links`, form-field widgets to `widgets`. `structure` (a page of a tagged document): every op goes
 * into marked content (passes/layout/structure-marks.ts).
 */
export function layItems(
  items: readonly (Item | PlacedItem)[],
  b: CoordBindings,
  doc: DocSettings,
  pc: TextPageContext,
  links?: LaidOutLink[],
  widgets?: LaidOutWidget[],
  structure?: StructureSpec,
  remarks?: Remark[],
): DrawOp[] {
  const ops: DrawOp[] = [];
  for (const item of items) {
    if (item.type === 'table_part') {
      for (const op of wrapTablePart(item, layTablePart(item, pc, doc, cellMarks(item, structure)), b)) ops.push(op);
      continue;
    }
    if (item.type === 'flow_part') {
      const marks = structure && paragraphMarks(item.flow, structure);
      const inner = layFlowPart(item, marks);
      if (links) layContentsLinks(item, links);
      const ops2 = structure && !marks ? markItemOps(item.flow, inner, structure) : inner;
      for (const op of wrapItem(item.flow, item.box, ops2, b)) ops.push(op);
      continue;
    }
    if (item.type === 'table') continue; // tables are drawn as their parts (pagination places them)
    // Form fields are widget annotations beside the content, like links (passes/layout/forms.ts).
    if (isField(item)) {
      if (widgets) layField(item, b, links?.length ?? 0, widgets);
      continue;
    }
    const laid: Box = item.rect
      ? rectValue(item.rect, b)
      : item.type === 'text_path'
        ? segsBox(segOps(item.segments, b)) // a text_path turns about its path's box, as a path does
        : shapeBox(item as Exclude<Item, { rect: unknown }> as never, b, doc);
    // An item hung with relative_to is moved to where pagination hung it.
    const box = item.hang ? hangBox(laid, item.hang) : laid;
    if (item.type === 'imported_page') {
      // `rotate` turns the page inside its rect (the turned page is fitted), so it is not the common rotation matrix.
      const ip = item as ResolvedImportedPageItem;
      const transform = ip.transform as Matrix | undefined;
      let op: DrawOp = importedPageOp(ip.at, ip.source, ip.page, box, ip.fit, ip.rotate ?? 0, transform);
      // `fit: none` draws the page at its own size: a page larger than its rect is clipped to it, as an
      // image under `fit: none` is (issue 17); the clip is the rect turned with the page by `transform`.
      const before = transform
        ? importedPageOp(ip.at, ip.source, ip.page, box, ip.fit, ip.rotate ?? 0).matrix
        : op.matrix;
      if (ip.fit === 'none' && spills(before, ip.source, ip.page, box))
        op = { op: 'scope', at: ip.at, clip: { segs: rectPath(box, transform), rule: 'nonzero' }, ops: [op] };
      // Its graphics state and layer wrap it as any item's; its matrix is the op's own (no second `cm`).
      for (const o of wrapItem(item, box, structure ? markItemOps(item, [op], structure) : [op], b, true)) ops.push(o);
      continue;
    }
    if (item.type === 'link') {
      // An annotation, not content: it takes the matrix for its area and nothing of the wrapper.
      links?.push(layLink(item as LinkItem, box, itemMatrix(item.transform, item.rotate, box), b.current_page));
      continue;
    }
    let inner: DrawOp[];
    const paragraphs = structure && paragraphMarks(item, structure);
    if (item.type === 'rect') inner = layRect(item, box);
    else if (item.type === 'text') inner = layTextItem(item as never, box, undefined, pc, paragraphs);
    else if (item.type === 'flow') {
      const flow = item as ResolvedFlowItem;
      inner = layFlowItem(flow, box, undefined, pc, paragraphs, (lines) =>
        remarks?.push(
          remark('flowPastFloor', item.at, { item: item.at, page: pc.page, floor: flow.fitSize!.floor, lines }),
        ),
      );
    } else if (item.type === 'text_path') {
      inner = layTextPathItem(item as ResolvedTextPathItem, b, pc);
      // Hung with relative_to: the letters move with the path's box (as a path's points do).
      const dy = box.lly - laid.lly;
      if (dy) inner = [{ op: 'scope', at: item.at, matrix: [1, 0, 0, 1, 0, dy], ops: inner }];
    }
    // A hung path, line or polygon (and a drawing without a rect) moves by what its box moved.
    else if (SHAPE_KINDS.has(item.type))
      inner = layShape(item as ShapeItem, item.rect ? box : undefined, b, doc, box.lly - laid.lly);
    else if (CODE_KINDS.has(item.type)) inner = layCodeItem(item as CodeItem, box, undefined);
    else if (item.type === 'image') inner = layImageItem(item as ResolvedImageItem, box, undefined);
    else throw new Error(`no layout for the item type ${item.type}`); // a kind read but never laid is our bug: a 500, not a silent blank
    if (structure && !paragraphs) inner = markItemOps(item, inner, structure);
    for (const op of wrapItem(item, box, inner, b)) ops.push(op);
  }
  return ops;
}

/** Lays each declared drawing and tiling cell once; `{llx}`… are its box, page variables those of page 1. */
function layForms(
  doc: DocSettings,
  fonts: LaidOutIr['fonts'],
  first: LaidOutPage | undefined,
  total: number,
  pc: TextPageContext,
): DocSettings['laidForms'] {
  const g = doc.graphics;
  const glyphs = layType3Glyphs(fonts, doc, first, total, pc);
  if ((!g || (!g.drawings.size && !g.tilings.size)) && !glyphs.size) return undefined;
  const size = first?.size ?? { width: 0, height: 0 };
  const within = (box: readonly number[]): CoordBindings => ({
    ...pageBindings(size, 1, total),
    llx: box[0],
    lly: box[1],
    urx: box[2],
    ury: box[3],
  });
  return {
    drawings: new Map([...(g?.drawings ?? [])].map(([n, d]) => [n, layItems(d.items, within(d.box), doc, pc)])),
    tilings: new Map(
      [...(g?.tilings ?? [])].map(([n, t]) => [
        n,
        layItems(t.colored ? t.items : t.items.map(paintedInCell), within(t.box), doc, pc),
      ]),
    ),
    ...(glyphs.size ? { glyphs } : {}),
  };
}

/** The closed shapes an uncoloured cell fills when they state neither fill nor stroke. */
const CELL_FILLED: ReadonlySet<string> = new Set(['rect', 'path', 'polygon', 'ellipse']);
const CELL_COLOUR: Colour = { space: 'gray', c: [0] };

/**
 * A shape of an uncoloured tiling's cell (PaintType 2): one that states no colour at all is filled,
 * and takes the colour of whatever fills with the tiling (spec: tilings, `colored`). The colour
 * written here is never written out: emit leaves every colour out of an uncoloured cell.
 */
function paintedInCell(item: Item): Item {
  if (!CELL_FILLED.has(item.type)) return item;
  const shape = item as Item & { fill?: unknown; stroke?: unknown };
  return shape.fill || shape.stroke ? item : (Object.assign({}, item, { fill: CELL_COLOUR }) as Item);
}

/**
 * Lays the shapes of every Type 3 font's glyphs once, in glyph space (`{llx}`… are the font's box),
 * in code order, keyed by face: they are written as the glyph procedures' content by emit.
 */
function layType3Glyphs(
  fonts: LaidOutIr['fonts'],
  doc: DocSettings,
  first: LaidOutPage | undefined,
  total: number,
  pc: TextPageContext,
): Map<string, DrawOp[][]> {
  const out = new Map<string, DrawOp[][]>();
  const size = first?.size ?? { width: 0, height: 0 };
  for (const res of fonts.values()) {
    if (res.face.kind !== 'type3' || out.has(res.face.key)) continue;
    const face = res.face as Type3Face;
    const [llx, lly, urx, ury] = face.decl.box;
    const b: CoordBindings = { ...pageBindings(size, 1, total), llx, lly, urx, ury };
    out.set(
      face.key,
      face.glyphs.map((glyph) => layItems(glyph.items, b, doc, pc)),
    );
  }
  return out;
}

export const layout: Pass<PagedIr, LaidOutIr> = {
  id: 'layout',
  run(ir: PagedIr, ctx: PassContext): LaidOutIr {
    const total = ir.pages.length;
    const refs = ir.pageRefs;
    const pageOf = refs ? (id: string) => refs.get(id) : undefined;
    // Colour fonts (COLR v0) drawn as their layers once everything is placed (./colour-layers.ts).
    const layered = anyColourFont(ir.fonts) ? (ops: DrawOp[]) => colourLayered(ops, ir.fonts) : (ops: DrawOp[]) => ops;
    const pages: LaidOutPage[] = ir.pages.map((page) => {
      const links: LaidOutLink[] = [];
      const widgets: LaidOutWidget[] = [];
      const pc: TextPageContext = { page: page.number, total, now: ctx.now, pageOf };
      const ops: DrawOp[] = [];
      const under = templateOp(ir, page.number, total, page.size);
      const structure = ir.doc.structure;
      // A template is page furniture in a tagged document (passes/layout/structure-marks.ts).
      if (under)
        pushAll(ops, structure ? marked(under.at, { kind: 'artifact', type: 'Pagination' }, [under]) : [under]);
      for (const op of layItems(
        page.items,
        pageBindings(page.size, page.number, total),
        ir.doc,
        pc,
        links,
        widgets,
        structure,
        ctx.remarks,
      ))
        ops.push(op);
      remarkOffPage(page, ops, ir.fonts, ctx.remarks);
      return {
        number: page.number,
        size: page.size,
        ops: layered(ops),
        ...(links.length ? { links } : {}),
        ...(widgets.length ? { widgets } : {}),
      };
    });
    const formsLaid = layForms(ir.doc, ir.fonts, pages[0], total, { page: 1, total, now: ctx.now });
    const laidForms = formsLaid && {
      ...formsLaid,
      drawings: new Map([...formsLaid.drawings].map(([n, ops]) => [n, layered(ops)])),
      tilings: new Map([...formsLaid.tilings].map(([n, ops]) => [n, layered(ops)])),
    };
    return { stage: 'laid-out', doc: laidForms ? { ...ir.doc, laidForms } : ir.doc, fonts: ir.fonts, pages };
  },
};

/** One remark per item of the page whose text or bars leave the sheet (passes/layout/off-page.ts). */
function remarkOffPage(
  page: PagedIr['pages'][number],
  ops: readonly DrawOp[],
  fonts: PagedIr['fonts'],
  remarks: Remark[],
): void {
  const codes = new Set(page.items.filter((i) => CODE_KINDS.has(i.type)).map((i) => i.at));
  const off = offPage(ops, page.size, fonts, codes);
  for (const t of off.text)
    remarks.push(remark('textOffPage', t.at, { item: t.at, page: page.number, words: t.words, lines: t.lines }));
  for (const c of off.bars)
    remarks.push(remark('codeOffPage', c.at, { item: c.at, page: page.number, points: Number(c.points.toFixed(1)) }));
}

/** The template page laid under page `n` (docs/reference.md, "templates"): first, last, or middle; a one-page document's page is its first. */
function templateOp(ir: PagedIr, n: number, total: number, size: PageSize): DrawOp | undefined {
  const t = ir.doc.templates;
  const src = ir.doc.templateSource;
  if (!t || !src) return undefined;
  const page = n === 1 ? t.first : n === total ? t.last : t.middle;
  if (page === null) return undefined;
  return importedPageOp(t.at, src, page, { llx: 0, lly: 0, urx: size.width, ury: size.height }, t.fit, 0);
}
