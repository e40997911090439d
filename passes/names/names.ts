// passes/names/names.ts — pass 1 of 7: name resolution. Every name an item calls for is found among the
// declarations of every font kind (spec Conventions, "Names": a resource is found by its name
// wherever it is declared), a name declared twice is refused, and each declared font is built once:
// files (inline, a supplied part, or the service's library) loaded into faces, standard and Type 3
// fonts built, simple fonts, variants and chains built over the fonts they name; every declared or
// drawn picture is read once from its part with its `images` declaration applied (engines/images/).
// ReadIr → ResolvedIr.

import { DEFAULT_UNPACK_LIMIT } from '../../engines/supplied/guard.js';
import type { ReadIr, ResolvedIr } from '../../ir/types.js';
import type { Pass, PassContext } from '../pass.js';
import { resolveFonts } from './fonts.js';
import { checkFieldNames, resolveFieldFonts } from './forms.js';
import { resolveGraphics } from './graphics.js';
import { resolveImages } from './images.js';
import { resolveItems } from './items.js';
import { checkDestinationNames } from './navigation.js';
import { loadSigners } from './signatures.js';
import { SuppliedPdfs } from './supplied.js';

export const names: Pass<ReadIr, ResolvedIr> = {
  id: 'names',
  run(ir: ReadIr, ctx: PassContext): ResolvedIr {
    const { fonts, declaredAt } = resolveFonts(ir, ctx);
    // Form fields: full names unique and not both a value and a parent; fonts found (passes/names/forms.ts).
    checkFieldNames(ir.items);
    resolveFieldFonts(ir.items, fonts);
    // a signed field's PKCS#12 part, opened with its password (passes/names/signatures.ts)
    loadSigners(ir.items, ctx.parts, ctx.now);
    // Pictures: every declared or drawn part read once, its declaration applied (engines/images/).
    const images = resolveImages(ir, ctx, fonts);
    const supplied = new SuppliedPdfs(ctx, ir.doc.unpackLimit ?? DEFAULT_UNPACK_LIMIT);
    const templateSource = ir.doc.templates ? supplied.template(ir.doc.templates) : undefined;
    const items = resolveItems(ir, ctx, { fonts, declaredAt, images, supplied });
    checkDestinationNames(ir.doc, ir.items);
    // Type 3 glyphs' shapes name graphics declarations as page items do.
    resolveGraphics(ir.doc, [...ir.items, ...ir.type3Fonts.flatMap((d) => d.glyphs.flatMap((g) => g.items))], ctx);
    return {
      stage: 'resolved',
      doc: templateSource ? { ...ir.doc, templateSource } : ir.doc,
      page: ir.page,
      fonts,
      items,
    };
  },
};
