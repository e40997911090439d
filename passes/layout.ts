// passes/layout.ts — pass 5 of 7: every item on every page becomes positioned drawing operations
// (rect fills, glyph runs) in page coordinates, with coordinates evaluated now that the page number
// and the page total are known. PagedIr → LaidOutIr. Sub-steps live in passes/layout/.
import type { LaidOutLink } from '../ir/navigation-types.js';
import type { DrawOp, LaidOutIr, LaidOutPage, Matrix, PagedIr, PageSize } from '../ir/types.js';
import { itemMatrix, pageBindings, rectValue } from './layout/coordinates.js';
import { layCodeItem } from './layout/codes.js';
import { importedPageOp } from './layout/imported.js';
import { layTablePart } from './layout/table.js';
import { hangBox } from './pagination.js';
import { layImageItem } from './layout/images.js';
import { layFlowItem } from './layout/flow.js';
import { layTextItem, type TextPageContext } from './layout/text-item.js';
import { layLink } from './layout/links.js';
import type { Pass, PassContext } from './pass.js';

export const layout: Pass<PagedIr, LaidOutIr> = {
  id: 'layout',
  run(ir: PagedIr, ctx: PassContext): LaidOutIr {
    const total = ir.pages.length;
    const pages: LaidOutPage[] = ir.pages.map((page) => {
      const b = pageBindings(page.size, page.number, total);
      const ops: DrawOp[] = [];
      const under = templateOp(ir, page.number, total, page.size);
      if (under) ops.push(under);
      const pc: TextPageContext = { page: page.number, total, now: ctx.now };
      const links: LaidOutLink[] = [];
      for (const item of page.items) {
        if (item.type === 'table_part') { ops.push(...layTablePart(item)); continue; }
        if (item.type === 'table') continue; // tables are drawn as their parts (pagination places them)
        // An item hung with relative_to is moved to where pagination hung it.
        const box = item.hang ? hangBox(rectValue(item.rect, b), item.hang) : rectValue(item.rect, b);
        if (item.type === 'imported_page') {
          // `rotate` turns the page inside its rect (the turned page is fitted), so it is not the common rotation matrix.
          ops.push(importedPageOp(item.at, item.source, item.page, box, item.fit, item.rotate ?? 0, item.transform as Matrix | undefined));
          continue;
        }
        const matrix = itemMatrix(item.transform, item.rotate, box);
        if (item.type === 'rect') {
          // A rect with no fill paints nothing (docs/reference.md); it still occupies its place for relative_to.
          if (item.fill) ops.push({ op: 'rect', at: item.at, matrix, x: box.llx, y: box.lly, w: box.urx - box.llx, h: box.ury - box.lly, fill: item.fill });
        } else if (item.type === 'link') {
          links.push(layLink(item, box, matrix, page.number));
        } else if (item.type === 'text') {
          ops.push(...layTextItem(item, box, matrix, pc));
        } else if (item.type === 'flow') {
          ops.push(...layFlowItem(item, box, matrix, pc));
        } else if (item.type === 'image') {
          ops.push(...layImageItem(item, box, matrix));
        } else {
          ops.push(...layCodeItem(item, box, matrix));
        }
      }
      return { number: page.number, size: page.size, ops, ...(links.length ? { links } : {}) };
    });
    return { stage: 'laid-out', doc: ir.doc, fonts: ir.fonts, pages };
  },
};

/** The template page laid under page `n` (docs/reference.md, "templates"): first, last, or middle; a one-page document's page is its first. */
function templateOp(ir: PagedIr, n: number, total: number, size: PageSize): DrawOp | undefined {
  const t = ir.doc.templates;
  const src = ir.doc.templateSource;
  if (!t || !src) return undefined;
  const page = n === 1 ? t.first : n === total ? t.last : t.middle;
  if (page === null) return undefined;
  return importedPageOp(t.at, src, page, { llx: 0, lly: 0, urx: size.width, ury: size.height }, t.fit, 0);
}
