// passes/emit/pages/page.ts — emit sub-step: one page's dictionary. Its content stream (through
// content.ts, resources recorded per page), its resources and page-space entries, and the entries
// each other area writes for a page (files, metadata, navigation, links and widgets in /Annots,
// structure parents, carried annotations of supplied pages).
import type { Hash } from 'node:crypto';
import type { PDFContext, PDFRef } from 'pdf-lib';
import type { DeflateBatch } from '../../../engines/pdf/deflate-pool.js';
import type { DedupedIr, LaidOutPage } from '../../../ir/types.js';
import type { PassContext } from '../../pass.js';
import { writePageMetadata } from '../document/metadata.js';
import type { StructureWriter } from '../document/structure.js';
import { itemIndexOf } from '../document/structure.js';
import type { GraphicsEmitter } from '../graphics/graphics.js';
import type { emitNavigation } from '../navigation/navigation.js';
import { type FontCodes, pageContentInto } from './content.js';
import { annotsInOrder, type emitForms } from './forms.js';
import type { annotationCarrier } from './imported-annotations.js';
import type { DocumentResources } from './resources.js';

/** What every page is written with: the document's objects so far and each area's page-level writer. */
export interface PageWriting {
  context: PDFContext;
  ir: DedupedIr;
  ctx: PassContext;
  version: string;
  level: number;
  /**
   * Without `compression`: the level of page content once `written` passes `after` bytes
   * (ir/defaults.ts BULK_FLATE_LEVEL); `written` counts the content bytes of the pages so far.
   */
  bulk?: { after: number; level: number; written: number };
  pagesRef: PDFRef;
  pageRefs: readonly PDFRef[];
  resources: DocumentResources;
  fontRefs: Map<string, PDFRef>;
  fontCodes: Map<string, FontCodes>;
  gfx: GraphicsEmitter | undefined;
  structure: StructureWriter | undefined;
  navigation: ReturnType<typeof emitNavigation>;
  forms: ReturnType<typeof emitForms>;
  carried: ReturnType<typeof annotationCarrier>;
  pageFiles: Map<number, PDFRef[]>;
  pageMetadata: Map<number, NonNullable<NonNullable<DedupedIr['doc']['files']>['pageMetadata']>[number]>;
  /** The trailer /ID's hash: each page's content goes into it. */
  hash: Hash;
  /** Where page content is deflated: here, or for a long document on a second core (engines/pdf/deflate-pool.ts). */
  deflater: DeflateBatch;
}

/** Writes page `i` to its reserved reference. */
export function writePage(w: PageWriting, page: LaidOutPage, i: number): void {
  const {
    context,
    ir,
    ctx,
    version,
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
  } = w;
  // Only what this page draws with goes in its resources (ResourceScope records each use).
  const scope = resources.scope();
  // hashed and deflated from the content writer's own buffer (no copy of the page's bytes; a page
  // handed to the deflate thread is copied once, into its shared buffer)
  const contentRef = pageContentInto(
    page.ops,
    ir.fontRes,
    scope,
    fontRefs,
    fontCodes,
    gfx,
    structure?.page(i, pageRefs[i]),
    (content) => {
      hash.update(content);
      const bulk = w.bulk;
      if (!bulk) return w.deflater.stream(context, content, w.level);
      const level = bulk.written >= bulk.after ? bulk.level : w.level;
      bulk.written += content.length;
      return w.deflater.stream(context, content, level);
    },
  );
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
  if (pageMetadata.has(page.number))
    entries.Metadata = writePageMetadata(context, pageMetadata.get(page.number)!, ir.doc, ctx);
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
    page.links?.forEach((l, k) => structure.annotation(itemIndexOf(l.at), linkRefs[k], pageRefs[i], l.at));
    // Each widget joins its field's Form element as an OBJR (PDF/UA-1 7.18.4).
    widgets?.forEach((w) => structure.annotation(itemIndexOf(w.at), w.ref, pageRefs[i]));
    const annots = (entries.Annots ?? []) as PDFRef[];
    // PDF/UA-1 7.18.3: a page with annotations is tabbed in structure order unless stated otherwise
    // (/Tabs is PDF 1.5: a PDF/A-1 file writes it only when it claims PDF/UA too).
    if (annots.length && entries.Tabs === undefined && (Number(version) >= 1.5 || ir.doc.standards?.accessible))
      entries.Tabs = 'S';
  }
  const imported = carried.page(page, pageRefs[i]);
  if (imported.length) entries.Annots = [...((entries.Annots as unknown[] | undefined) ?? []), ...imported];
  context.assign(pageRefs[i], context.obj(entries as never));
}
