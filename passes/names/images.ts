// passes/names/images.ts — names pass, images sub-step: every picture the request names is read
// once from its part, with its declaration applied. Declarations are read whether or not an item
// draws them (validation is total: a broken declaration is refused even if unused; an unused one is
// only remarked on later, in dedupe, and never written). Items then carry their resolved picture.

import { type PartSource, type ResolveContext, resolveImage } from '../../engines/images/resource.js';
import { archiveRules } from '../../engines/pdf/archive.js';
import type { ImageResource } from '../../ir/image-resource.js';
import { refuse } from '../../ir/messages.js';
import type { FontResource, ImageItem, ReadIr, ResolvedImageItem } from '../../ir/types.js';
import type { PassContext } from '../pass.js';

export function partSource(ctx: PassContext): PartSource {
  return {
    bytes(name, at) {
      const b = ctx.parts.get(name);
      if (!b) refuse('partMissing', at, { part: name, at });
      return b;
    },
  };
}

/** Resolves every declared and every drawn picture, by part name. */
export function resolveImages(
  ir: ReadIr,
  ctx: PassContext,
  fonts?: ReadonlyMap<string, FontResource>,
): Map<string, ImageResource> {
  const parts = partSource(ctx);
  const out = new Map<string, ImageResource>();
  const rules = archiveRules(ir.doc.standards?.archive?.level);
  const rc: ResolveContext = {
    attachments: new Set((ir.doc.files?.attachments ?? []).map((a) => a.name)),
    xmpRules: { trappedInXmp: !rules.xmp2004, describeExtensions: rules.describeExtensions },
    fonts,
  };
  for (const decl of ir.doc.images?.values() ?? [])
    out.set(decl.name, resolveImage(parts, decl.name, decl, `${decl.at}/name`, rc));
  // A drawing's or tiling cell's pictures are read as a page's are (the form's own resources).
  const g = ir.doc.graphics;
  const formItems = [...(g?.drawings.values() ?? []), ...(g?.tilings.values() ?? [])].flatMap((d) => d.items);
  for (const item of [...ir.items, ...formItems]) {
    if (item.type !== 'image' || out.has(item.image.name)) continue;
    out.set(item.image.name, resolveImage(parts, item.image.name, undefined, item.image.at, rc));
  }
  return out;
}

/** An image item with its picture; `color` is read only for a stencil. */
export function resolveImageItem(item: ImageItem, images: Map<string, ImageResource>): ResolvedImageItem {
  const res = images.get(item.image.name)!;
  if (item.color && !res.stencil)
    refuse('imageColorNotStencil', item.color.at, { key: item.color.at, image: item.image.name });
  return Object.assign({}, item, { res });
}
