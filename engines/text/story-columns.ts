// engines/text/story-columns.ts — text engine: the geometry of a story's `{columns}` section
// (docs/reference.md, "flow", columns): `count` columns of equal width with `gap` points between
// them inside the story's box. The section's paragraphs are laid at the column width
// (engines/text/story.ts); pagination fits them column by column (passes/pagination/story-columns.ts).

import type { StorySection } from '../../ir/types.js';
import type { Box } from '../geometry/coordinates.js';

/** The width of one column of `section` in a box `width` points wide (≤ 0 when the gaps take it all). */
export function columnWidth(width: number, section: StorySection): number {
  return (width - (section.count - 1) * section.gap) / section.count;
}

/** The columns of `section` in a box whose left edge and width are the box's, from `top` down to `floor`. */
export function columnBoxes(box: Box, width: number, section: StorySection, top: number, floor: number): Box[] {
  const w = columnWidth(width, section);
  return Array.from({ length: section.count }, (_, c) => {
    const llx = box.llx + c * (w + section.gap);
    return { llx, lly: floor, urx: llx + w, ury: top };
  });
}
