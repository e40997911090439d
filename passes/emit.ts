// passes/emit.ts — pass 7 of 7: the deduplicated IR as PDF bytes. Fonts once each, one content
// stream per page (Flate), the page tree, the catalog, and a trailer /ID derived from the content so
// the same request and clock give the same bytes from the library, the server and the CLI.
// DedupedIr → Emitted. Sub-steps live in passes/emit/.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFContext, PDFHexString, type PDFRef } from 'pdf-lib';
import type { DedupedIr, Emitted } from '../ir/types.js';
import { pageContent, type FontCodes } from './emit/content.js';
import { emitFont } from './emit/fonts.js';
import { pageLabelsTree } from './emit/page-labels.js';
import { emitNavigation } from './emit/navigation.js';
import { guarded } from './fonts/styled-font.js';
import { DocumentResources } from './emit/resources.js';
import { serialize } from './emit/serialize.js';
import type { Pass } from './pass.js';

/** The PDF version declared when the request states none (the top-level `version` arrives later). */
export const DEFAULT_PDF_VERSION = '1.7';
/** Flate level of content streams (spec Limits: compression level 1 to 9). */
export const CONTENT_FLATE_LEVEL = 6;

export const emit: Pass<DedupedIr, Emitted> = {
  id: 'emit',
  run(ir: DedupedIr): Emitted {
    const context = PDFContext.create();
    const fontRefs = new Map<string, PDFRef>();
    const fontCodes = new Map<string, FontCodes>();
    for (const font of ir.fonts) {
      fontRefs.set(font.resName, guarded(font.origin, () => emitFont(context, font)));
      fontCodes.set(font.resName, { codeBytes: font.codeBytes, strokeToo: font.face.kind === 'type3' });
    }

    const resources = new DocumentResources(context);
    const pagesRef = context.nextRef();
    // Every page's reference exists before any page is written, so areas that point at pages (outline,
    // destinations, links, threads) can do so from anywhere.
    const pageRefs: PDFRef[] = ir.pages.map(() => context.nextRef());
    const navigation = emitNavigation(context, ir.doc, pageRefs);
    const hash = createHash('sha256');
    ir.pages.forEach((page, i) => {
      // Only what this page draws with goes in its resources (ResourceScope records each use).
      const scope = resources.scope();
      const content = pageContent(page.ops, ir.fontRes, scope, fontRefs, fontCodes);
      hash.update(content);
      const contentRef = context.register(context.stream(deflateSync(content, { level: CONTENT_FLATE_LEVEL }), { Filter: 'FlateDecode' }));
      const entries: Record<string, unknown> = {
        Type: 'Page',
        Parent: pagesRef,
        MediaBox: [0, 0, page.size.width, page.size.height],
        Resources: scope.dict(),
        Contents: contentRef,
      };
      // Page-level entries of other areas (boxes, Rotate, Trans/Dur, Tabs, Annots, Metadata, AF,
      // Group…): each area writes its own from its module under passes/emit/ and adds one line here.
      Object.assign(entries, navigation.page(page, pageRefs[i]));
      context.assign(pageRefs[i], context.obj(entries as never));
    });
    context.assign(pagesRef, context.obj({ Type: 'Pages', Kids: pageRefs, Count: pageRefs.length }));
    // Document-level entries: each area writes its own from its own module under passes/emit/
    // (e.g. the outline, metadata, output intents) and adds them here with one line.
    const catalogEntries: Record<string, unknown> = { Type: 'Catalog', Pages: pagesRef };
    const labels = pageLabelsTree(context, ir.doc.renumber, ir.pages.length);
    if (labels) catalogEntries.PageLabels = labels;
    Object.assign(catalogEntries, navigation.catalog);
    // The catalog's /Names dictionary (§7.7.4) is shared: Dests (navigation), EmbeddedFiles
    // (attachments)… each area adds its name tree here with one line (trees: passes/emit/name-tree.ts).
    const names: Record<string, PDFRef> = {};
    Object.assign(names, navigation.names);
    if (Object.keys(names).length) catalogEntries.Names = context.obj(names);
    const catalog = context.register(context.obj(catalogEntries as never));
    context.trailerInfo.Root = catalog;
    for (const f of ir.fonts) hash.update(f.face.key).update(f.resName);
    // /ID (§14.4): both halves the same for a file written once; from the content, so reproducible.
    const id = PDFHexString.of(hash.digest('hex').slice(0, 32).toUpperCase());
    context.trailerInfo.ID = context.obj([id, id]);
    const emitted: Emitted = { stage: 'emitted', pdf: serialize(context, DEFAULT_PDF_VERSION), pages: ir.pages.length };
    // the graph rides along for the verifier, not enumerable so IR dumps (tools/explain) stay as they were
    Object.defineProperty(emitted, 'context', { value: context, enumerable: false });
    return emitted;
  },
};
