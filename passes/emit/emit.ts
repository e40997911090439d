// passes/emit/emit.ts — pass 7 of 7: the deduplicated IR as PDF bytes. Fonts once each, one content
// stream per page (Flate), the page tree, the catalog, and a trailer /ID derived from the content so
// the same request and clock give the same bytes from the library, the server and the CLI.
// DedupedIr → Emitted. Sub-steps live in passes/emit/.
import '../../ir/pdf-name-pool.js'; // names from the request (subset fonts, resources…) weakly held
import { createHash } from 'node:crypto';
import { PDFContext, PDFDict, PDFHexString, PDFName, type PDFRef } from 'pdf-lib';
import { guarded } from '../../engines/fonts/styled-font.js';
import { compressionOf } from '../../engines/pdf/compression.js';
import { DeflateBatch } from '../../engines/pdf/deflate-pool.js';
import { serialize } from '../../engines/pdf/serialize.js';
import { patchSignature } from '../../engines/pdf/signature.js';
import { BULK_CONTENT_AFTER, BULK_FLATE_LEVEL } from '../../ir/defaults.js';
import type { DedupedIr, DrawOp, Emitted } from '../../ir/types.js';
import { docVersion } from '../../ir/version.js';
import type { Pass, PassContext } from '../pass.js';
import { pageFileRefs, writeAttachments } from './document/attachments.js';
import { writeCatalog } from './document/catalog.js';
import { writeEncryption } from './document/encryption.js';
import { StructureWriter } from './document/structure.js';
import { checkUnicodeLevel } from './document/unicode-level.js';
import { emitFont } from './fonts/fonts.js';
import { GraphicsEmitter } from './graphics/graphics.js';
import { emitNavigation } from './navigation/navigation.js';
import { type FontCodes, pageContent } from './pages/content.js';
import { emitForms } from './pages/forms.js';
import { filesClaimedByImages, setImageFileRefs } from './pages/images.js';
import { annotationCarrier } from './pages/imported-annotations.js';
import { type PageWriting, writePage } from './pages/page.js';
import { DocumentResources, type ResourceScope } from './pages/resources.js';

export const emit: Pass<DedupedIr, Emitted> = {
  id: 'emit',
  run(ir: DedupedIr, ctx: PassContext): Emitted {
    checkUnicodeLevel(ir); // pdfa2u/3u: every glyph maps to Unicode (before any object is written)
    const context = PDFContext.create();
    // halftone_origin needs PDF 2.0 (spec Versioning 4): with no version declared and no archive claim
    // fixing one, the file announces 2.0; a declared older version was refused in cross-refusals.
    // So does a structure destination (/SD; older versions and claims were refused in cross-refusals).
    const needs20 =
      [...(ir.doc.graphics?.graphicsStates.values() ?? [])].some((s) => s.halftoneOrigin) ||
      !!ir.doc.navigation?.destinations.some((d) => d.structureElement);
    const version =
      needs20 && !ir.doc.standards?.declaredVersion && !ir.doc.standards?.archive ? '2.0' : docVersion(ir.doc);
    const pdf20 = version === '2.0';
    const compression = compressionOf(ir.doc);
    // Attachments before pages, so a page's /AF can name its files (passes/emit/document/attachments.ts).
    // Files a drawn picture claims (images[].files) belong to it, not to the document.
    const files = writeAttachments(
      context,
      ir.doc,
      ctx,
      compression.level,
      pdf20,
      filesClaimedByImages([
        ...ir.pages,
        ...[...(ir.doc.laidForms?.drawings.values() ?? []), ...(ir.doc.laidForms?.tilings.values() ?? [])].map(
          (ops) => ({ ops }),
        ),
      ]),
    );
    setImageFileRefs(context, files.byName);
    const pageFiles = pageFileRefs(ir.doc, files);
    const pageMetadata = new Map((ir.doc.files?.pageMetadata ?? []).map((pm) => [pm.page, pm])); // last entry wins

    const fontRefs = new Map<string, PDFRef>();
    const fontCodes = new Map<string, FontCodes>();
    const resources = new DocumentResources(context);
    // Graphics resources (states, layers, spaces, patterns, drawings) are written on first use by any page, form or Type 3 glyph.
    const formContent = (ops: readonly DrawOp[], scope: ResourceScope, uncoloured: boolean): Uint8Array =>
      pageContent(ops, ir.fontRes, scope, fontRefs, fontCodes, gfx, uncoloured);
    const gfx: GraphicsEmitter | undefined = ir.doc.graphics
      ? new GraphicsEmitter(resources, ir.doc, formContent)
      : undefined;
    // Type 3 glyphs are drawn with the page content writer, their resources in the font's own /Resources.
    const type3 = {
      glyphOps: ir.doc.laidForms?.glyphs ?? new Map<string, DrawOp[][]>(),
      write: formContent,
      resources,
    };
    for (const font of ir.fonts) {
      // Font programs keep the fonts area's own Flate level (their deflated subsets are cached across renders).
      fontRefs.set(
        font.resName,
        guarded(font.origin, () => emitFont(context, font, type3)),
      );
      fontCodes.set(font.resName, { codeBytes: font.codeBytes, strokeToo: font.face.kind === 'type3' });
    }
    const pagesRef = context.nextRef();
    // Every page's reference exists before any page is written, so areas that point at pages (outline,
    // destinations, links, threads) can do so from anywhere.
    const pageRefs: PDFRef[] = ir.pages.map(() => context.nextRef());
    // A tagged document (`structure`): pages record their marked content, the tree is built after them;
    // structure destinations name its elements before (passes/emit/navigation/destinations.ts).
    const structure = ir.doc.structure
      ? new StructureWriter(context, ir.doc.structure, ir.doc.standards?.accessible?.claim === 'pdfua2')
      : undefined;
    const navigation = emitNavigation(
      context,
      ir.doc,
      pageRefs,
      gfx && ((name) => gfx.layerRef(name)),
      structure && ((id) => structure.elementRef(id)),
    );
    // Annotations of supplied pages drawn here, carried into each page's /Annots (emit/imported-annotations.ts).
    const carried = annotationCarrier(
      context,
      ir.pages,
      pageRefs,
      ir.doc.standards?.archive?.level,
      ctx.remarks,
      gfx && ((name) => gfx.layerRef(name)),
      !!(ir.doc.standards?.accessible || ir.doc.standards?.archive?.level.tagged),
    );
    // Form fields: appearances, widgets, the field tree and /AcroForm (passes/emit/pages/forms.ts).
    const forms = emitForms(
      {
        context,
        resources,
        fontRes: ir.fontRes,
        fontRefs,
        level: compression.level,
        targets: navigation.targets,
        normalOnly: !!ir.doc.standards?.archive,
        written: new Map(),
        ocg: gfx && ((name) => gfx.layerRef(name)),
        content: (ops, scope) => pageContent(ops, ir.fontRes, scope, fontRefs, fontCodes, gfx),
      },
      ir,
      pageRefs,
    );
    const hash = createHash('sha256');
    // Field values live in appearances and field dictionaries, not page content: they make the file differ too.
    for (const key of forms.appearanceKeys) hash.update(key);
    const writing: PageWriting = {
      context,
      ir,
      ctx,
      version,
      level: compression.level,
      bulk: ir.doc.standards?.compression
        ? undefined
        : { after: BULK_CONTENT_AFTER, level: BULK_FLATE_LEVEL, written: 0 },
      pagesRef,
      pageRefs,
      resources,
      fontRefs,
      fontCodes,
      gfx,
      structure,
      navigation,
      forms,
      carried,
      pageFiles,
      pageMetadata,
      hash,
      deflater: new DeflateBatch(),
    };
    try {
      ir.pages.forEach((page, i) => {
        writePage(writing, page, i);
        // its content stream written, the page's operations are read by no later step: let them go
        // rather than hold every page's until the file is done (bench/README.md, "table-10k, eighth wave: memory")
        page.ops = [];
      });
    } finally {
      // the content streams' bytes in place, the helper thread's among them: from here on every
      // stream is whole, and the shared buffers are free for the next document (even after a failure)
      writing.deflater.finish();
    }
    context.assign(pagesRef, context.obj({ Type: 'Pages', Kids: pageRefs, Count: pageRefs.length }));
    // Document-level entries: each area writes its own from its own module under passes/emit/
    // (e.g. the outline, metadata, output intents) and adds them here with one line.
    // Document-level entries, the catalog and the trailer (passes/emit/document/catalog.ts).
    writeCatalog({
      context,
      ir,
      ctx,
      level: compression.level,
      pdf20,
      pagesRef,
      gfx,
      navigation,
      structure,
      forms,
      files,
      hash,
    });
    // encryption: the dictionary and the cipher the serializer applies (passes/emit/document/encryption.ts).
    const encryption = ir.doc.encryption && writeEncryption(context, ir.doc.encryption, version);
    const serialized = serialize(context, version, {
      objectStreams: compression.objectStreams,
      level: compression.level,
      encryption,
      standalone: forms.signature && new Set([forms.signature.ref]),
    });
    // a signed field: the byte range measured and the CMS written into the file (engines/pdf/signature.ts),
    // and into the graph the verifier reads beside the bytes
    const signed = forms.signature && patchSignature(serialized, forms.signature.signer);
    if (forms.signature && signed) {
      const sig = context.lookup(forms.signature.ref, PDFDict);
      sig.set(PDFName.of('ByteRange'), context.obj(signed.byteRange));
      sig.set(PDFName.of('Contents'), PDFHexString.of(signed.contentsHex));
    }
    const emitted: Emitted = {
      stage: 'emitted',
      pdf: signed ? signed.pdf : serialized,
      pages: ir.pages.length,
    };
    // the graph rides along for the verifier, not enumerable so IR dumps (tools/explain) stay as they were
    Object.defineProperty(emitted, 'context', { value: context, enumerable: false });
    return emitted;
  },
};
