// passes/layout/contents-links.ts — layout, a story's contents entries (docs/reference.md, "flow",
// Contents): each entry drawn in a part is a link annotation over its lines — from the left of its
// text to the right of its number, from the top of its first line to the foot of its last — leading
// to its heading's page with the view's top at the heading's top (the place pagination keyed
// `<heading>/heading`, passes/pagination/contents.ts). Its /Contents says where it leads, as PDF/UA
// asks of every link. An entry split between two boxes is a link in each. Under a transform or a
// rotation the area turns with the text (./links.ts).

import { type Box, itemMatrix } from '../../engines/geometry/coordinates.js';
import type { LaidStory } from '../../engines/text/story.js';
import type { LaidOutLink, PageTarget } from '../../ir/navigation-types.js';
import type { FlowPartItem, LinkItem } from '../../ir/types.js';
import { layLink } from './links.js';

/** The words of an entry's link description: its title and page ("Methods, page 4"). */
export function entryDescription(title: string, page: string): string {
  return `${title.replace(/\s+/g, ' ').trim()}, page ${page}`;
}

/** Adds to `links` one link per contents entry drawn in part `fp`, in the order the entries are drawn. */
export function layContentsLinks(fp: FlowPartItem, links: LaidOutLink[]): void {
  const laid = fp.laid as LaidStory;
  let area: Box | undefined;
  let current = -1;
  const flush = () => {
    if (!area || current < 0) return;
    const sp = laid.paragraphs[current];
    const e = sp.entry!;
    const key = `${e.heading.at}/heading`;
    const target: PageTarget = {
      kind: 'page',
      at: key,
      page: { at: key, ref: Number(sp.number) },
      view: { at: key, fit: 'xyz' },
    };
    const title = e.paragraph.runs.map((r) => r.text).join('');
    const item = {
      at: e.at,
      rect: fp.flow.rect,
      target,
      border: { width: 0 },
      highlight: 'invert',
      description: entryDescription(title, sp.number ?? ''),
      layer: fp.flow.layer,
      transformAt: fp.flow.transformAt,
      rotateAt: fp.flow.rotateAt,
    } as unknown as LinkItem;
    links.push(layLink(item, area, itemMatrix(fp.flow.transform, fp.flow.rotate, fp.box), fp.page));
    area = undefined;
  };
  for (const pl of fp.lines) {
    if (pl.paragraph !== current) {
      flush();
      current = pl.paragraph;
    }
    const sp = laid.paragraphs[pl.paragraph];
    if (!sp.entry) continue;
    const line = sp.p.lines[pl.line];
    const llx = fp.box.llx + line.indent;
    const urx = fp.box.llx + line.indent + line.width;
    const ury = pl.baseline + line.ascender;
    const lly = pl.baseline + line.descender;
    area = area
      ? {
          llx: Math.min(area.llx, llx),
          lly: Math.min(area.lly, lly),
          urx: Math.max(area.urx, urx),
          ury: Math.max(area.ury, ury),
        }
      : { llx, lly, urx, ury };
  }
  flush();
}
