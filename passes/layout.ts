// passes/layout.ts — pass 5 of 7: every item on every page becomes positioned drawing operations
// (rect fills, glyph runs) in page coordinates, with coordinates evaluated now that the page number
// and the page total are known. PagedIr → LaidOutIr. Sub-steps live in passes/layout/.
import type { LaidOutLink } from '../ir/navigation-types.js';
import type { DrawOp, LaidOutIr, LaidOutPage, PagedIr } from '../ir/types.js';
import { itemMatrix, pageBindings, rectValue } from './layout/coordinates.js';
import { layCodeItem } from './layout/codes.js';
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
      const pc: TextPageContext = { page: page.number, total, now: ctx.now };
      const links: LaidOutLink[] = [];
      for (const item of page.items) {
        const box = rectValue(item.rect, b);
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
        } else {
          ops.push(...layCodeItem(item, box, matrix));
        }
      }
      return { number: page.number, size: page.size, ops, ...(links.length ? { links } : {}) };
    });
    return { stage: 'laid-out', doc: ir.doc, fonts: ir.fonts, pages };
  },
};
