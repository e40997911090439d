// passes/emit/document/catalog.ts — emit sub-step, last: the document catalog and the trailer. Each
// area writes its document-level entries from its own module (graphics, page labels, navigation,
// structure, forms, attachments and the invoice, collection, output intents, metadata) and adds them
// here with one line; the catalog's /Names dictionary is shared; the trailer /ID hashes the content.
import type { Hash } from 'node:crypto';
import { type PDFContext, PDFHexString, type PDFRef } from 'pdf-lib';
import { nameTree } from '../../../engines/pdf/name-tree.js';
import type { DedupedIr } from '../../../ir/types.js';
import type { PassContext } from '../../pass.js';
import type { GraphicsEmitter } from '../graphics/graphics.js';
import type { emitNavigation } from '../navigation/navigation.js';
import { pageLabelsTree } from '../navigation/page-labels.js';
import type { emitForms } from '../pages/forms.js';
import type { WrittenFiles } from './attachments.js';
import { writeCollection } from './collection.js';
import { writeInvoiceFile } from './invoice.js';
import { writeDocumentMetadata } from './metadata.js';
import { writeOutputIntents } from './output-intent.js';
import type { StructureWriter } from './structure.js';

/** What the catalog is written from. */
export interface CatalogWriting {
  context: PDFContext;
  ir: DedupedIr;
  ctx: PassContext;
  level: number;
  pdf20: boolean;
  pagesRef: PDFRef;
  gfx: GraphicsEmitter | undefined;
  navigation: ReturnType<typeof emitNavigation>;
  structure: StructureWriter | undefined;
  forms: ReturnType<typeof emitForms>;
  files: WrittenFiles;
  /** The trailer /ID's hash, pages already in it. */
  hash: Hash;
}

/** Writes the catalog, the document's metadata and the trailer's /ID, /Info and /Root. */
export function writeCatalog(w: CatalogWriting): void {
  const { context, ir, ctx, pdf20, pagesRef, gfx, navigation, structure, forms, files, hash } = w;
  gfx?.writeUnused();
  const catalogEntries: Record<string, unknown> = { Type: 'Catalog', Pages: pagesRef, ...gfx?.catalogEntries() };
  const labels = pageLabelsTree(context, ir.doc.renumber, ir.pages.length);
  if (labels) catalogEntries.PageLabels = labels;
  Object.assign(catalogEntries, navigation.catalog);
  if (structure) Object.assign(catalogEntries, structure.finish());
  // PDF/UA-1 7.1: the reader shows the document's title (metadata.title, required by the claim).
  if (ir.doc.standards?.accessible)
    catalogEntries.ViewerPreferences = {
      ...(catalogEntries.ViewerPreferences as object | undefined),
      DisplayDocTitle: true,
    };
  if (forms.acroForm) catalogEntries.AcroForm = forms.acroForm;
  // The catalog's /Names dictionary (§7.7.4) is shared: Dests (navigation), EmbeddedFiles
  // (attachments)… each area adds its name tree here with one line (trees: engines/pdf/name-tree.ts).
  const names: Record<string, PDFRef> = {};
  const std = ir.doc.standards;
  if (std?.invoice) {
    const xml = ctx.parts.get(std.invoice.xml.part)!;
    const ref = writeInvoiceFile(context, std.invoice, xml, w.level, pdf20);
    files.entries.push([std.invoice.xml.part, ref]);
    files.documentFiles.push(ref);
    hash.update(xml);
  }
  if (files.entries.length) names.EmbeddedFiles = nameTree(context, files.entries);
  if (files.documentFiles.length) catalogEntries.AF = context.obj(files.documentFiles);
  if (ir.doc.files?.collection)
    catalogEntries.Collection = writeCollection(
      context,
      ir.doc.files.collection,
      new Set(files.entries.map(([k]) => k)),
    );
  const intents = writeOutputIntents(context, std, ctx, w.level);
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
}
