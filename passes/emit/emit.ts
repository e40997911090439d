// passes/emit/emit.ts — pass 7 of 7: the deduplicated IR as PDF bytes. Fonts once each, one content
// stream per page (Flate), the page tree, the catalog, and a trailer /ID derived from the content so
// the same request and clock give the same bytes from the library, the server and the CLI.
// DedupedIr → Emitted. Sub-steps live in passes/emit/.
import { createHash } from 'node:crypto';
import { PDFContext, PDFHexString, type PDFRef } from 'pdf-lib';
import type { DedupedIr, DrawOp, Emitted } from '../../ir/types.js';
import { pageFileRefs, writeAttachments } from './document/attachments.js';
import { filesClaimedByImages, setImageFileRefs } from './pages/images.js';
import { writeCollection } from './document/collection.js';
import { compressionOf, flateStream } from '../../engines/pdf/compression.js';
import { pageContent, type FontCodes } from './pages/content.js';
import { emitFont } from './fonts/fonts.js';
import { pageLabelsTree } from './navigation/page-labels.js';

import { writeDocumentMetadata, writePageMetadata } from './document/metadata.js';
import { nameTree } from '../../engines/pdf/name-tree.js';
import { writeOutputIntents } from './document/output-intent.js';
import { emitNavigation } from './navigation/navigation.js';
import { annotationCarrier } from './pages/imported-annotations.js';
import { annotsInOrder, emitForms } from './pages/forms.js';
import { guarded } from '../../engines/fonts/styled-font.js';
import { GraphicsEmitter } from './graphics/graphics.js';
import { DocumentResources, type ResourceScope } from './pages/resources.js';
import { checkUnicodeLevel } from './document/unicode-level.js';
import { serialize } from '../../engines/pdf/serialize.js';
import { itemIndexOf, StructureWriter } from './document/structure.js';
import type { Pass, PassContext } from '../pass.js';
import { docVersion } from '../../ir/version.js';
import { writeInvoiceFile } from './document/invoice.js';

export const emit: Pass<DedupedIr, Emitted> = {
  id: 'emit',
  run(ir: DedupedIr, ctx: PassContext): Emitted {
    checkUnicodeLevel(ir); // pdfa2u/3u: every glyph maps to Unicode (before any object is written)
    const context = PDFContext.create();
    // halftone_origin needs PDF 2.0 (spec Versioning 4): with no version declared and no archive claim
    // fixing one, the file announces 2.0; a declared older version was refused in cross-refusals.
    const needs20 = [...(ir.doc.graphics?.graphicsStates.values() ?? [])].some((s) => s.halftoneOrigin);
    const version = needs20 && !ir.doc.standards?.declaredVersion && !ir.doc.standards?.archive ? '2.0' : docVersion(ir.doc);
    const pdf20 = version === '2.0';
    const compression = compressionOf(ir.doc);
    // Attachments before pages, so a page's /AF can name its files (passes/emit/document/attachments.ts).
    // Files a drawn picture claims (images[].files) belong to it, not to the document.
    const files = writeAttachments(context, ir.doc, ctx, compression.level, pdf20, filesClaimedByImages(ir.pages));
    setImageFileRefs(context, files.byName);
    const pageFiles = pageFileRefs(ir.doc, files);
    const pageMetadata = new Map((ir.doc.files?.pageMetadata ?? []).map((pm) => [pm.page, pm])); // last entry wins

    const fontRefs = new Map<string, PDFRef>();
    const fontCodes = new Map<string, FontCodes>();
    const resources = new DocumentResources(context);
    // Graphics resources (states, layers, spaces, patterns, drawings) are written on first use by any page, form or Type 3 glyph.
    const formContent = (ops: readonly DrawOp[], scope: ResourceScope, uncoloured: boolean): Uint8Array => pageContent(ops, ir.fontRes, scope, fontRefs, fontCodes, gfx, uncoloured);
    const gfx: GraphicsEmitter | undefined = ir.doc.graphics ? new GraphicsEmitter(resources, ir.doc, formContent) : undefined;
    // Type 3 glyphs are drawn with the page content writer, their resources in the font's own /Resources.
    const type3 = { glyphOps: ir.doc.laidForms?.glyphs ?? new Map<string, DrawOp[][]>(), write: formContent, resources };
    for (const font of ir.fonts) {
      // Font programs keep the fonts area's own Flate level (their deflated subsets are cached across renders).
      fontRefs.set(font.resName, guarded(font.origin, () => emitFont(context, font, type3)));
      fontCodes.set(font.resName, { codeBytes: font.codeBytes, strokeToo: font.face.kind === 'type3' });
    }
    const pagesRef = context.nextRef();
    // Every page's reference exists before any page is written, so areas that point at pages (outline,
    // destinations, links, threads) can do so from anywhere.
    const pageRefs: PDFRef[] = ir.pages.map(() => context.nextRef());
    const navigation = emitNavigation(context, ir.doc, pageRefs, gfx && ((name) => gfx.layerRef(name)));
    // Annotations of supplied pages drawn here, carried into each page's /Annots (emit/imported-annotations.ts).
    const carried = annotationCarrier(context, ir.pages, pageRefs, ir.doc.standards?.archive?.level, ctx.remarks, gfx && ((name) => gfx.layerRef(name)), !!(ir.doc.standards?.accessible || ir.doc.standards?.archive?.level.tagged));
    // A tagged document (`structure`): pages record their marked content, the tree is built after them.
    const structure = ir.doc.structure ? new StructureWriter(context, ir.doc.structure) : undefined;
    // Form fields: appearances, widgets, the field tree and /AcroForm (passes/emit/pages/forms.ts).
    const forms = emitForms({
      context, resources, fontRes: ir.fontRes, fontRefs, level: compression.level, targets: navigation.targets, normalOnly: !!ir.doc.standards?.archive, written: new Map(),
      content: (ops, scope) => pageContent(ops, ir.fontRes, scope, fontRefs, fontCodes, gfx),
    }, ir, pageRefs);
    const hash = createHash('sha256');
    // Field values live in appearances and field dictionaries, not page content: they make the file differ too.
    for (const key of forms.appearanceKeys) hash.update(key);
    ir.pages.forEach((page, i) => {
      // Only what this page draws with goes in its resources (ResourceScope records each use).
      const scope = resources.scope();
      const content = pageContent(page.ops, ir.fontRes, scope, fontRefs, fontCodes, gfx, false, structure?.page(i, pageRefs[i]));
      hash.update(content);
      const contentRef = flateStream(context, content, compression.level);
      const pageResources = scope.dict();
      // page_spaces: Default… spaces join the resources, the page group is an entry (emit/graphics.ts).
      const spaceEntries = gfx?.pageEntries(page.number, pageResources) ?? {};
      const entries: Record<string, unknown> = {
        Type: 'Page',
        Parent: pagesRef,
        MediaBox: [0, 0, page.size.width, page.size.height],
        Resources: pageResources,
        Contents: contentRef,
        ...spaceEntries,
      };
      // Page-level entries of other areas (boxes, Rotate, Trans/Dur, Tabs, Annots, Metadata, AF,
      // Group…): each area writes its own from its module under passes/emit/ and adds one line here.
      if (pageFiles.has(page.number)) entries.AF = pageFiles.get(page.number);
      if (pageMetadata.has(page.number)) entries.Metadata = writePageMetadata(context, pageMetadata.get(page.number)!, ir.doc, ctx);
      Object.assign(entries, navigation.page(page, pageRefs[i]));
      // Links are the page's annotations in order (emit/links.ts), before widgets join them.
      const linkRefs = (entries.Annots ?? []) as PDFRef[];
      // Widgets join the links in /Annots, in drawing order or the page's tab order.
      const widgets = forms.widgetsByPage.get(page.number);
      if (widgets) {
        const links = linkRefs.map((ref, k) => ({ ref, rect: page.links![k].rect }));
        entries.Annots = annotsInOrder(links, widgets, ir.doc.pageSettings?.tabOrders.get(page.number)?.value);
      }
      if (structure) {
        entries.StructParents = i;
        // Each link joins its element as an OBJR.
        page.links?.forEach((l, k) => structure.annotation(itemIndexOf(l.at), linkRefs[k], pageRefs[i]));
        // Each widget joins its field's Form element as an OBJR (PDF/UA-1 7.18.4).
        widgets?.forEach((w) => structure.annotation(itemIndexOf(w.at), w.ref, pageRefs[i]));
        const annots = (entries.Annots ?? []) as PDFRef[];
        // PDF/UA-1 7.18.3: a page with annotations is tabbed in structure order unless stated otherwise
        // (/Tabs is PDF 1.5: a PDF/A-1 file writes it only when it claims PDF/UA too).
        if (annots.length && entries.Tabs === undefined && (Number(version) >= 1.5 || ir.doc.standards?.accessible)) entries.Tabs = 'S';
      }
      const imported = carried.page(page, pageRefs[i]);
      if (imported.length) entries.Annots = [...((entries.Annots as unknown[] | undefined) ?? []), ...imported];
      context.assign(pageRefs[i], context.obj(entries as never));
    });
    context.assign(pagesRef, context.obj({ Type: 'Pages', Kids: pageRefs, Count: pageRefs.length }));
    // Document-level entries: each area writes its own from its own module under passes/emit/
    // (e.g. the outline, metadata, output intents) and adds them here with one line.
    gfx?.writeUnused();
    const catalogEntries: Record<string, unknown> = { Type: 'Catalog', Pages: pagesRef, ...gfx?.catalogEntries() };
    const labels = pageLabelsTree(context, ir.doc.renumber, ir.pages.length);
    if (labels) catalogEntries.PageLabels = labels;
    Object.assign(catalogEntries, navigation.catalog);
    if (structure) Object.assign(catalogEntries, structure.finish());
    // PDF/UA-1 7.1: the reader shows the document's title (metadata.title, required by the claim).
    if (ir.doc.standards?.accessible) catalogEntries.ViewerPreferences = { ...(catalogEntries.ViewerPreferences as object | undefined), DisplayDocTitle: true };
    if (forms.acroForm) catalogEntries.AcroForm = forms.acroForm;
    // The catalog's /Names dictionary (§7.7.4) is shared: Dests (navigation), EmbeddedFiles
    // (attachments)… each area adds its name tree here with one line (trees: engines/pdf/name-tree.ts).
    const names: Record<string, PDFRef> = {};
    const std = ir.doc.standards;
    if (std?.invoice) {
      const xml = ctx.parts.get(std.invoice.xml.part)!;
      const ref = writeInvoiceFile(context, std.invoice, xml, compression.level, pdf20);
      files.entries.push([std.invoice.xml.part, ref]);
      files.documentFiles.push(ref);
      hash.update(xml);
    }
    if (files.entries.length) names.EmbeddedFiles = nameTree(context, files.entries);
    if (files.documentFiles.length) catalogEntries.AF = context.obj(files.documentFiles);
    if (ir.doc.files?.collection) catalogEntries.Collection = writeCollection(context, ir.doc.files.collection, new Set(files.entries.map(([k]) => k)));
    const intents = writeOutputIntents(context, std, ctx, compression.level);
    if (intents) catalogEntries.OutputIntents = intents;
    Object.assign(names, navigation.names);
    if (Object.keys(names).length) catalogEntries.Names = context.obj(names);
    for (const f of ir.fonts) hash.update(f.face.key).update(f.resName);
    // Metadata and the supplied parts (attachments, images, supplied PDFs drawn as templates or
    // imported pages: page content only names them) make two documents with the same pages different files.
    hash.update(JSON.stringify({ standards: std, files: ir.doc.files }));
    for (const name of [...ctx.parts.keys()].sort()) hash.update(name).update(ctx.parts.get(name)!);
    // /ID (§14.4): both halves the same for a file written once; from the content, so reproducible.
    const idHex = hash.digest('hex').slice(0, 32).toUpperCase();
    const id = PDFHexString.of(idHex);
    context.trailerInfo.ID = context.obj([id, id]);
    const { metadata, info } = writeDocumentMetadata(context, ir.doc, idHex);
    if (metadata) catalogEntries.Metadata = metadata;
    if (info) context.trailerInfo.Info = info;
    const catalog = context.register(context.obj(catalogEntries as never));
    context.trailerInfo.Root = catalog;
    const emitted: Emitted = { stage: 'emitted', pdf: serialize(context, version, { objectStreams: compression.objectStreams, level: compression.level }), pages: ir.pages.length };
    // the graph rides along for the verifier, not enumerable so IR dumps (tools/explain) stay as they were
    Object.defineProperty(emitted, 'context', { value: context, enumerable: false });
    return emitted;
  },
};
